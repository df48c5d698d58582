// Conditional compilation that cuts across the statement of a loop construct: `#ifdef` / one body
// / `#else` / the other body / `#endif` as the unbraced body of the innermost loop of a collapsed
// nest (CASE 1) or of a single loop (CASE 2).  The statement is moved as a whole, and a branch
// the preprocessor dropped cannot be moved with it, so this is an error at the directive, with or
// without the macro: exit status 1, no output file.  With the conditionals inside braces the loop
// translates: preprocessor-in-braces.c.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=NEST --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 -DSLOW 2>&1 | FileCheck %s --check-prefix=NEST --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=SINGLE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 -DSLOW 2>&1 | FileCheck %s --check-prefix=SINGLE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o - -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS --match-full-lines
// RUN: sh -c '%omp2numa %s -o - -- -DCASE=2 -DSLOW 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS --match-full-lines
// STATUS: status=1

#if CASE == 1
void f(int n, int m, int *a) {
  // NEST: :[[@LINE+1]]:13: error: preprocessor conditionals (#if/#else/#endif) cut across the statement of '#pragma omp parallel for', which is moved as a whole: enclose the statement in braces with the conditionals inside
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
#ifdef SLOW
      a[i * m + j] = 2 * (i + j);
#else
      a[i * m + j] = i + j;
#endif
}
#elif CASE == 2
void g(int n, int *a) {
  // SINGLE: :[[@LINE+1]]:13: error: preprocessor conditionals (#if/#else/#endif) cut across the statement of '#pragma omp for'
#pragma omp for
  for (int i = 0; i < n; i++)
#ifdef SLOW
    a[i] = 2 * i;
#else
    a[i] = i;
#endif
}
#endif
