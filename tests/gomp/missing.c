// An entry point of libgomp 12 that libomp2numa does not implement stops the program with a
// message naming it (gomp_missing.def), in each way of running gcc-built code.
// GOMP_parallel_start is GOMP 1.0's split region, which gcc has not emitted since 4.9: called
// here by hand, as an old binary would.
// REQUIRES: gcc-openmp
// RUN: not %gomp-ways %s %t > %t.out 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out
// CHECK: omp2numa: GOMP_parallel_start is not implemented (the GOMP 1.0 split parallel region (GCC 4.9 and later never emit it)); docs/gomp-abi.md lists libomp2numa's GOMP entry points
// CHECK: gomp-ways.sh: direct exited with status 1
// OUT: == direct
// OUT-NEXT: runtime: omp2numa
// OUT-NEXT: == preload
// OUT-NEXT: runtime: omp2numa
// OUT-NEXT: == libdir
// OUT-NEXT: runtime: omp2numa
// OUT-NOT: unreachable
#include "on_omp2numa.h"

void GOMP_parallel_start(void (*fn)(void *), void *data, unsigned num_threads);

static void body(void *data)
{
  (void)data;
}

int main(void)
{
  print_runtime();
  fflush(stdout);
  GOMP_parallel_start(body, NULL, 2);
  printf("unreachable\n");
  return 0;
}
