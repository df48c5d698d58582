// Tasks of gcc -fopenmp code on libomp2numa (GOMP_task, GOMP_taskwait, GOMP_taskyield,
// GOMP_taskgroup_start/end): recursive fib with if, final, mergeable, untied and priority, a
// taskgroup that waits for grandchildren, and a firstprivate array aligned to 256 bytes.
// REQUIRES: gcc-openmp
// RUN: env OMP_NUM_THREADS=4 %gomp-ways %s %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=2 %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// And the same program on libgomp, to compare with:
// RUN: %gomp-cc %s -o %t.libgomp && env OMP_NUM_THREADS=4 %t.libgomp | FileCheck %s --check-prefix=GOMP
// CHECK: == direct
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// CHECK-NEXT: == preload
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// CHECK-NEXT: == libdir
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// ONE: == direct
// ONE-NEXT: runtime: omp2numa
// ONE-NEXT: ok
// GOMP: runtime: other
// GOMP-NEXT: ok
#include "on_omp2numa.h"

#include <omp.h>
#include <stdint.h>

static long fib(int n)
{
  if (n < 2)
    return n;
  long a, b;
#pragma omp task shared(a) firstprivate(n)
  a = fib(n - 1);
#pragma omp task shared(b) firstprivate(n) if (n > 15) final(n < 8) mergeable untied priority(n % 3)
  b = fib(n - 2);
#pragma omp taskyield
#pragma omp taskwait
  return a + b;
}

int main(void)
{
  print_runtime();
  long r = 0;
  int grp = 0;
#pragma omp parallel
#pragma omp single
  {
    r = fib(25);
    CHECK(!omp_in_final(), "the implicit task is final");
#pragma omp taskgroup
    for (int i = 0; i < 100; i++)
#pragma omp task
      {
#pragma omp task
#pragma omp atomic
        grp++;
      }
    CHECK(grp == 100, "taskgroup: %d of 100 grandchildren done", grp);
  }
  CHECK(r == 75025, "fib(25) = %ld", r);
  /* a firstprivate copy aligned to 256 bytes, more than a cache line */
  int aligned[64] __attribute__((aligned(256))) = {7};
  int misaligned = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp task firstprivate(aligned) shared(misaligned)
  misaligned = ((uintptr_t)aligned & 255) != 0 || aligned[0] != 7;
  CHECK(!misaligned, "a firstprivate array aligned to 256 bytes");
  r = fib(20); /* outside a region */
  CHECK(r == 6765, "fib(20) = %ld outside a region", r);
  if (!failures)
    printf("ok\n");
  return failures != 0;
}
