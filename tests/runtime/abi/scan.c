// __omp2numa_scan_prefix and the scan buffers, hand-lowered: each thread's prefix is the
// combination of the partials of the threads before it, in thread order (a combiner that is not
// commutative, x * 10 + digit, shows the order), from the value the thread set before the call;
// threads without iterations take part; the call is repeated back to back (the partials of one
// call are not read in the next); a team of one and a call outside any region return at once;
// a buffer of 0 values is not NULL.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=5 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 %o2n-run %t
// The partials are published and read across the barriers: no race for ThreadSanitizer.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <stdint.h>

enum { RUNS = 200 };

// int s = 7;
// #pragma omp parallel
// #pragma omp for reduction(inscan, +: s)       (here: s = s * 10 + digit, thread order)
// for (...) { s += ...;  #pragma omp scan exclusive(s)  ...; }
struct partial {
  long long s;
};
struct target {
  long long *s;
};

static void combine(void *target, void *data)
{
  struct target *t = target;
  struct partial *p = data;
  *t->s = *t->s * 10 + p->s;
}

static long long expected_prefix(int tid)
{
  long long v = 7;
  for (int t = 0; t < tid; t++)
    v = v * 10 + (t + 1) % 10;
  return v;
}

static void region(void *data)
{
  (void)data;
  const int tid = omp_get_thread_num();
  for (int run = 0; run < RUNS; run++) {
    long long running = 7;
    __omp2numa_scan_prefix(&(struct partial){(tid + 1) % 10}, combine,
                           &(struct target){&running});
    CHECK(running == expected_prefix(tid), "run %d, thread %d: prefix %lld, expected %lld", run,
          tid, running, expected_prefix(tid));
  }
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"scan.c", __LINE__, 0, 0};
  __omp2numa_parallel(&site, region, 0, 0, 1);

  // Null cases: outside any region (a team of one), and an empty buffer.
  long long running = 3;
  __omp2numa_scan_prefix(&(struct partial){5}, combine, &(struct target){&running});
  CHECK(running == 3, "outside a region: prefix %lld", running);
  int *empty = __omp2numa_scan_buffer(0, sizeof(int));
  CHECK(empty != 0, "a buffer of 0 values is NULL");
  __omp2numa_scan_buffer_free(empty);
  double *values = __omp2numa_scan_buffer(1000, sizeof(double));
  for (int i = 0; i < 1000; i++)
    values[i] = i;
  CHECK(values[999] == 999.0, "buffer");
  __omp2numa_scan_buffer_free(values);
  return atomic_load(&num_failed);
}
