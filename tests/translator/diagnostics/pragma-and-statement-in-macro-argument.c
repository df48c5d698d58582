// `_Pragma("omp for")` and its loop inside one macro argument, followed by another loop
// construct: the pragma applies to the loop in the argument, which is not written in the file
// as such (until constructs in macros are translated).  The error says so, at the macro's
// argument; the pragma was once bound to the next loop after the macro, and then to its
// directive ("must be followed by a for loop, not by '#pragma omp for'"), or garbled the output.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c

#define RUN(x) x

void f(int *a, int *b) {
#pragma omp parallel
  {
    // CHECK: :[[@LINE+1]]:9: error: '#pragma omp for' and its statement come from one expansion of macro 'RUN'
    RUN(_Pragma("omp for") for (int i = 0; i < 10; i++) a[i] = i;)
#pragma omp for
    for (int j = 0; j < 10; j++)
      b[j] = j;
  }
}
