// Prints the stack size of the workers of a region of OMP_NUM_THREADS threads ("worker stack:
// N", once if they all have the same), and the system's default for new threads ("system
// default: N").  For env/stacksize.test.
#define _GNU_SOURCE 1 // pthread_getattr_np, pthread_getattr_default_np
#include <omp.h>
#include <omp2numa-abi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static _Atomic size_t first_size, other_size;

static size_t stack_size(void)
{
  pthread_attr_t attr;
  size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    pthread_attr_getstacksize(&attr, &size);
    pthread_attr_destroy(&attr);
  }
  return size;
}

// #pragma omp parallel
// { if (omp_get_thread_num() != 0) <record the stack size> }
static void region(void *data)
{
  (void)data;
  if (omp_get_thread_num() == 0)
    return;
  size_t size = stack_size(), none = 0;
  if (!atomic_compare_exchange_strong(&first_size, &none, size) && size != first_size)
    atomic_store(&other_size, size);
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"print-stacksize.c", __LINE__, 0, 0};
  __omp2numa_parallel(&site, region, NULL, 0, 1);
  printf("worker stack: %zu\n", atomic_load(&first_size));
  if (atomic_load(&other_size))
    printf("another worker stack: %zu\n", atomic_load(&other_size));
  pthread_attr_t attr;
  size_t size = 0;
  if (pthread_getattr_default_np(&attr) == 0) {
    pthread_attr_getstacksize(&attr, &size);
    pthread_attr_destroy(&attr);
  }
  printf("system default: %zu\n", size);
  return 0;
}
