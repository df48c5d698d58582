// GOMP 1.0's split parallel regions, which gcc emitted before 4.9 and old binaries still call:
// GOMP_parallel_start / GOMP_parallel_end (the encountering thread runs the body between them),
// and the combined GOMP_parallel_loop_{static,dynamic,guided,runtime}_start and
// GOMP_parallel_sections_start.  Hand-lowered as gcc 4.8 lowered them; built by gcc, run on
// libomp2numa in the three ways.
// REQUIRES: gcc-openmp
// RUN: env OMP_NUM_THREADS=3 %gomp-ways %s %t | FileCheck %s
// CHECK: == direct
// CHECK-NEXT: ok
// CHECK-NEXT: == preload
// CHECK-NEXT: ok
// CHECK-NEXT: == libdir
// CHECK-NEXT: ok
#include "on_omp2numa.h"

#include <omp.h>
#include <stdbool.h>

void GOMP_parallel_start(void (*fn)(void *), void *data, unsigned num_threads);
void GOMP_parallel_end(void);
void GOMP_parallel_loop_dynamic_start(void (*fn)(void *), void *data, unsigned num_threads,
                                      long start, long end, long incr, long chunk);
void GOMP_parallel_loop_runtime_start(void (*fn)(void *), void *data, unsigned num_threads,
                                      long start, long end, long incr);
void GOMP_parallel_sections_start(void (*fn)(void *), void *data, unsigned num_threads,
                                  unsigned count);
bool GOMP_loop_dynamic_next(long *istart, long *iend);
bool GOMP_loop_runtime_next(long *istart, long *iend);
void GOMP_loop_end_nowait(void);
unsigned GOMP_sections_next(void);
void GOMP_sections_end_nowait(void);

enum { N = 500 };
static int hits[N];
static int threads[64];

// #pragma omp parallel num_threads(3)  { threads[omp_get_thread_num()]++; }
static void region(void *data)
{
  (void)data;
#pragma omp atomic
  threads[omp_get_thread_num()]++;
}

// #pragma omp parallel for schedule(dynamic, 4): for (long i = 0; i < N; i += 2) hits[i]++;
static void dynamic_loop(void *data)
{
  long lo, hi;
  bool (*next)(long *, long *) = data;
  while (next(&lo, &hi))
    for (long i = lo; i < hi; i += 2)
#pragma omp atomic
      hits[i]++;
  GOMP_loop_end_nowait();
}

// #pragma omp parallel sections: three sections
static void sections(void *data)
{
  int *ran = data;
  for (unsigned s = GOMP_sections_next(); s; s = GOMP_sections_next())
#pragma omp atomic
    ran[s - 1]++;
  GOMP_sections_end_nowait();
}

int main(void)
{
  GOMP_parallel_start(region, NULL, 3);
  region(NULL);
  GOMP_parallel_end();
  CHECK(threads[0] == 1 && threads[1] == 1 && threads[2] == 1, "region: %d %d %d", threads[0],
        threads[1], threads[2]);

  GOMP_parallel_loop_dynamic_start(dynamic_loop, GOMP_loop_dynamic_next, 0, 0, N, 2, 4);
  dynamic_loop(GOMP_loop_dynamic_next);
  GOMP_parallel_end();
  GOMP_parallel_loop_runtime_start(dynamic_loop, GOMP_loop_runtime_next, 2, 0, N, 2);
  dynamic_loop(GOMP_loop_runtime_next);
  GOMP_parallel_end();
  for (int i = 0; i < N; i++)
    CHECK(hits[i] == (i % 2 ? 0 : 2), "iteration %d ran %d times", i, hits[i]);

  int ran[3] = {0};
  GOMP_parallel_sections_start(sections, ran, 0, 3);
  sections(ran);
  GOMP_parallel_end();
  CHECK(ran[0] == 1 && ran[1] == 1 && ran[2] == 1, "sections: %d %d %d", ran[0], ran[1], ran[2]);
  if (failures)
    return 1;
  printf("ok\n");
  return 0;
}
