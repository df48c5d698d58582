// Memory that follows its threads in an OpenMP program (issue 21): a vector first touched by a
// static loop, then used by a loop whose threads take other parts of it (each thread works on its
// neighbour's part), after omp2numa_migrate_to_thread in the region, after omp2numa_next_touch
// before it, and with the parts attached to their threads (omp2numa_attach, omp2numa_follow) in a
// region of another size; every value is checked against the serial computation.  Built with
// omp2numa-cc, and with gcc -fopenmp linked to libomp2numa (gcc's code on libomp2numa's libgomp
// ABI, which also has <omp2numa.h>'s routines).  On this machine nothing moves between nodes; the
// guest tests (tests/bench/numa_stream_guest_*.test, tests/runtime/migrate/migrate-guest.c)
// check where pages go.
//
// REQUIRES: translator
// RUN: %o2n-compile %s -o %t && env OMP_NUM_THREADS=4 %o2n-run %t | FileCheck %s
// RUN: %o2n-compile %s -o %t && env OMP_NUM_THREADS=3 %o2n-run %t | FileCheck %s
// RUN: %if gcc-openmp %{ %gomp-cc -I%runtime_inc %s -o %t.gomp -L%obj_root/lib -Wl,-rpath,%obj_root/lib -lomp2numa && env OMP_NUM_THREADS=4 %o2n-run %t.gomp | FileCheck %s %}
//
// CHECK: migrate: ok
// CHECK: next touch: ok
// CHECK: attach: ok
#include <omp2numa.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 20 };

// Page-aligned: attached ranges may not share a page (EBUSY).
static double a[N];
static _Alignas(4096) double b[N];

// Thread t of nt works on the part of thread t + 1: [lo, hi).
static void part(int t, int nt, long *lo, long *hi)
{
  const int owner = (t + 1) % nt;
  *lo = (long)N * owner / nt;
  *hi = (long)N * (owner + 1) / nt;
}

static int check(const char *what, double expect)
{
  long bad = 0;
  for (long i = 0; i < N; i++)
    bad += a[i] != expect * (double)i;
  printf("%s: %s\n", what, bad ? "FAILED" : "ok");
  return bad != 0;
}

int main(void)
{
  int failures = 0;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < N; i++) {
    a[i] = 0;
    b[i] = (double)i;
  }

  // Explicit migration, then the neighbour's part.
#pragma omp parallel
  {
    long lo, hi;
    part(omp_get_thread_num(), omp_get_num_threads(), &lo, &hi);
    if (omp2numa_migrate_to_thread(b + lo, (size_t)(hi - lo) * sizeof *b,
                                   omp_get_thread_num()) != 0)
      perror("omp2numa_migrate_to_thread");
    for (long i = lo; i < hi; i++)
      a[i] += b[i];
  }
  failures += check("migrate", 1);

  // Next touch: each part moves to its first toucher.
  if (omp2numa_next_touch(b, sizeof b) != 0)
    perror("omp2numa_next_touch");
#pragma omp parallel
  {
    long lo, hi;
    part(omp_get_thread_num(), omp_get_num_threads(), &lo, &hi);
    for (long i = lo; i < hi; i++)
      a[i] += b[i];
  }
  failures += check("next touch", 2);

  // Attached to their threads in a region of two, followed in a region of the default size.
#pragma omp parallel num_threads(2)
  {
    long lo, hi;
    part(omp_get_thread_num() + 1, 2, &lo, &hi); // its own half
    if (omp2numa_attach(b + lo, (size_t)(hi - lo) * sizeof *b, OMP2NUMA_ATTACH_THREAD) != 0)
      perror("omp2numa_attach");
  }
#pragma omp parallel
  {
    if (omp2numa_follow() != 0)
      perror("omp2numa_follow");
#pragma omp for schedule(static)
    for (long i = 0; i < N; i++)
      a[i] += b[i];
  }
  failures += check("attach", 3);
  if (omp2numa_detach(b) != 0 || omp2numa_detach(b + N / 2) != 0)
    failures += printf("detach: FAILED\n") > 0;
  return failures;
}
