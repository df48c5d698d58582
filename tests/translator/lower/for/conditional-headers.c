// A loop construct whose loop headers a conditional chooses: `#if` / headers / `#else` / other
// headers / `#endif`, the #else and #endif inside the body of the loop (NAS LU's jacu).  The
// headers are rebuilt and the body moves, so the conditional would be cut in two: it is resolved
// as the preprocessor resolved it (ConditionalMap.h), its directive lines become comments and the
// headers not chosen empty lines.  The output compiles, with the chosen loops, either way.
// (It was an error.)
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// RUN: %omp2numa %s -o %t.c -- -DUP
// RUN: %strip-checks %t.c | FileCheck %s --check-prefix=UP
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DUP -I%runtime_inc %t.c

// CHECK-LABEL: void f(int n, int m, double *a)
// CHECK:       /* omp2numa: #pragma omp for */
// CHECK-NEXT:  /* omp2numa: a conditional resolved as translated */
// CHECK:       const int __o2n_lb = (n - 1);
// CHECK:       for (j = m - 1; j >= 0; j--) {
// CHECK-NEXT:  /* omp2numa: a conditional resolved as translated */
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NEXT:  /* omp2numa: a conditional resolved as translated */
// CHECK-NEXT:  a[i * m + j] = i + j;
// CHECK-NOT:   {{#else|#endif}}
// UP-LABEL:    void f(int n, int m, double *a)
// UP:          /* omp2numa: #pragma omp for */
// UP-NEXT:     /* omp2numa: a conditional resolved as translated */
// UP-EMPTY:
// UP-EMPTY:
// UP-NEXT:     /* omp2numa: a conditional resolved as translated */
// UP:          const int __o2n_lb = (0);
// UP:          for (j = 0; j < m; j++) {
// UP-NEXT:     /* omp2numa: a conditional resolved as translated */
// UP-NEXT:     a[i * m + j] = i + j;
// UP-NOT:      {{#else|#endif}}
void f(int n, int m, double *a) {
  int i, j;
#pragma omp for
#ifndef UP
  for (i = n - 1; i >= 0; i--) {
    for (j = m - 1; j >= 0; j--) {
#else
  for (i = 0; i < n; i++) {
    for (j = 0; j < m; j++) {
#endif
      a[i * m + j] = i + j;
    }
  }
}
