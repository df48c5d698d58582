// A const-qualified variable, or an array of const elements, may be named in shared and
// firstprivate but not in private or lastprivate, whose copies are written (OpenMP 5.2, 5.4.3
// and 5.4.5), on any construct; gcc 12's message (clang rejects them too).  Before, omp2numa
// took private and wrote C that did not compile for lastprivate (found checking the twelfth
// sweep's finding against gcc).  reduction and linear have their own errors.  CASE 2: taken: the
// copies default(private) and default(firstprivate) give, shared, firstprivate, a pointer to
// const.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | count 0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Werror -DCASE=2 -I%runtime_inc %t.c

int a[4];

#if CASE == 1
void rejected(void) {
  const int c = 5;
  const int arr[2] = {1, 2};
  int i;
  // CHECK: :[[@LINE+1]]:30: error: 'const' qualified 'c' may appear only in 'shared' or 'firstprivate' clauses
#pragma omp parallel private(c)
  a[0] = c;
  // CHECK: :[[@LINE+1]]:30: error: 'const' qualified 'arr' may appear only in 'shared' or 'firstprivate' clauses
#pragma omp parallel private(arr)
  a[0] = arr[0];
  // CHECK: :[[@LINE+1]]:54: error: 'const' qualified 'c' may appear only in 'shared' or 'firstprivate' clauses
#pragma omp parallel for firstprivate(c) lastprivate(c)
  for (i = 0; i < 4; i++)
    a[i] = c;
  // CHECK: :[[@LINE+1]]:26: error: 'const' qualified 'c' may appear only in 'shared' or 'firstprivate' clauses
#pragma omp task private(c)
  a[0] = c;
  // CHECK: :[[@LINE+1]]:26: error: 'const' qualified 'c' may appear only in 'shared' or 'firstprivate' clauses
#pragma omp simd private(c)
  for (i = 0; i < 4; i++)
    a[i] = c;
}
#elif CASE == 2
void taken(const int *p) {
  const int c = 5;
  int i;
#pragma omp parallel shared(c) firstprivate(p)
  a[0] = c + p[0];
#pragma omp parallel for firstprivate(c) private(p)
  for (i = 0; i < 4; i++) {
    p = a;
    a[i] = c + p[0];
  }
#pragma omp parallel default(private) shared(a)
  a[0] = c;
#pragma omp parallel default(firstprivate) shared(a)
  a[0] = c;
}
#endif
