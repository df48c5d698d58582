// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: env OMP2NUMA_CC=clang-16 %omp2numa-cc -fopenmp -O1 %s -o %t.clang
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.clang > %t.clang.out
// RUN: gcc -std=gnu11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
// RUN: diff %t.clang.out %t.gomp.out
// RUN: %omp2numa %s -o %t.c
// RUN: FileCheck %s --input-file=%t.c
//
// A region's outlined function is emitted after the function it comes from; the macros it uses
// are there as they stood at the region, though a #define or #undef between the region and the
// function's closing brace changes them: a macro defined in the function and #undef'd before its
// end (the outlined body did not compile: 'BLK' undeclared), a macro redefined after the region,
// and a name #defined after the region that the region uses as a variable (the translator
// fuzzer's mutant 1:186 of macro-body-capture.c, tenth sweep).  Each is pushed, set as at the
// region and popped around the outlined function.  A struct declared in the function moves
// before it (LocalTypes.h) for the outlined region to see: the macros its declaration uses that
// the function defines before it are set around it the same way ('TYPE' was an unknown type
// name there, found while checking the fix), and so for a block-scope static made threadprivate,
// which moves to file scope too.
#include <omp.h>
#include <stdio.h>

#include "Inputs/expect.h"

#define SCALE 2

static int blocked(int n) {
  int s = 0;
#define BLK 16
#define IDX(i) ((i) % BLK)
  // CHECK: #pragma push_macro("BLK")
  // CHECK-NEXT: #undef BLK
  // CHECK-NEXT: #define BLK 16
  // CHECK: #pragma push_macro("IDX")
  // CHECK-NEXT: #undef IDX
  // CHECK-NEXT: #define IDX(i) ((i) % BLK)
  // CHECK: #pragma push_macro("SCALE")
  // CHECK-NEXT: #undef SCALE
  // CHECK-NEXT: #define SCALE 2
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += IDX(i) * BLK * SCALE;
#undef IDX
#undef BLK
#undef SCALE
#define SCALE 3
  return s + SCALE;
}
// CHECK: #pragma pop_macro("BLK")
// CHECK-NEXT: #pragma pop_macro("IDX")
// CHECK-NEXT: #pragma pop_macro("SCALE")

static int counted(void) {
  int counter = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  counter = 2;
#define counter (counter + 1)
  return counter;
#undef counter
}

static int moved_struct(void) {
#define ELEM int
#define COUNT 3
  // CHECK: moved here from 'moved_struct'
  // CHECK-NEXT: #pragma push_macro("COUNT")
  // CHECK-NEXT: #undef COUNT
  // CHECK-NEXT: #define COUNT 3
  // CHECK-NEXT: #pragma push_macro("ELEM")
  // CHECK-NEXT: #undef ELEM
  // CHECK-NEXT: #define ELEM int
  // CHECK: struct triple { ELEM v[COUNT]; };
  // CHECK-NEXT: #pragma pop_macro("COUNT")
  // CHECK-NEXT: #pragma pop_macro("ELEM")
  struct triple { ELEM v[COUNT]; } t = {{1, 2, 3}};
  int s = 0;
#pragma omp parallel num_threads(2) firstprivate(t) reduction(+ : s)
  s += t.v[0] + t.v[1] + t.v[2];
  return s / 2;
#undef COUNT
#undef ELEM
}

static int moved_threadprivate(void) {
#define NTP 4
#define TPTYPE int
  // CHECK: threadprivate 'tp' moved here from 'moved_threadprivate'
  // CHECK-NEXT: #pragma push_macro("NTP")
  // CHECK-NEXT: #undef NTP
  // CHECK-NEXT: #define NTP 4
  // CHECK: _Thread_local static TPTYPE tp[NTP];
  // CHECK-NEXT: #pragma pop_macro("NTP")
  // CHECK-NEXT: #pragma pop_macro("TPTYPE")
  static TPTYPE tp[NTP];
#pragma omp threadprivate(tp)
  int s = 0;
#pragma omp parallel num_threads(2) reduction(+ : s)
  {
    tp[NTP - 1] = omp_get_thread_num() + 1;
    s += tp[NTP - 1];
  }
  return s;
}

int main(void) {
  EXPECT(blocked(64) == 15360 + 3);
  EXPECT(moved_threadprivate() == 3);
  EXPECT(moved_struct() == 6);
  EXPECT(counted() == 3);
  EXPECT(SCALE == 3);
  printf("done, %d failures\n", failures);
  return failures != 0;
}
