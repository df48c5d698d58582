// detach(e) sets e: an omp_event_handle_t (or a typedef of it) that is not const; anything else
// is a located error (clang's words; gcc 12 accepts a const one and writes into it), with no
// output file.  Found by the translator fuzzer: a const handle gave uncompilable output.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
#include <omp.h>

typedef omp_event_handle_t my_event;

void f(int *a) {
  const omp_event_handle_t ev;
  int x;
  my_event fine;
  // CHECK: :[[@LINE+1]]:25: error: expected variable of the 'omp_event_handle_t' type, not 'const omp_event_handle_t'
#pragma omp task detach(ev)
  a[0] = 1;
  // CHECK: :[[@LINE+1]]:25: error: expected variable of the 'omp_event_handle_t' type, not 'int'
#pragma omp task detach(x)
  a[0] = 2;
#pragma omp task detach(fine)
  a[0] = 3;
}
