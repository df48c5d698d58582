// Conditionals inside a sections block (and between the pragma and its block): the block moves
// piecewise (each section's statement; the lines between sections are dropped), so such a
// conditional is resolved as the preprocessor resolved it, and the output compiles with either
// setting.  (The `#if` stayed and its `#endif` went: found by the translator fuzzer.)
//
// RUN: %omp2numa %s -o %t.c -- -DTWO
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DTWO -I%runtime_inc %t.c
// RUN: FileCheck %s --input-file=%t.c --check-prefix=TWO
// RUN: %omp2numa %s -o %t.c
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// RUN: FileCheck %s --input-file=%t.c --check-prefix=ONE

void work(int);

void f(void) {
  // TWO: __omp2numa_loop_start(&__o2n_loop, 2,
  // ONE: __omp2numa_loop_start(&__o2n_loop, 1,
#pragma omp sections
#ifdef TWO
  {
    work(1);
#pragma omp section
    work(2);
#else
  {
    work(3);
#endif
  }
}
