// Types and enumeration constants declared inside the enclosing function are not visible in the
// outlined region even when no captured variable has them: a typedef or struct used only in the
// region's own declarations or casts, an enum constant, the type of a parallel for's loop
// variable.  Like a captured variable of such a type (local-type.c), each must be an error with
// a note at the declaration, and no output; never output that does not compile.  The error
// points at the first use in the region.  One case per run.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=TYPEDEF --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=STRUCT --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=ENUM --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=INDEX --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int n, int *a) {
#if CASE == 1
  // (A typedef of a type that file scope can name is repeated there: lower/parallel/
  // local-typedef.c.  This one names a struct of the function.)
  struct box { int v; };
  typedef struct box myint;
  // TYPEDEF: :[[@LINE+4]]:5: error: 'myint' is declared inside function 'f', outside the parallel region
  // TYPEDEF: :[[@LINE-2]]:22: note: declared here
#pragma omp parallel
  {
    myint x = {n};
    a[0] = x.v;
  }
#elif CASE == 2
  struct acc { long sum; };
  // STRUCT: :[[@LINE+4]]:12: error: 'acc' is declared inside function 'f', outside the parallel region
  // STRUCT: :[[@LINE-2]]:10: note: declared here
#pragma omp parallel
  {
    struct acc mine = {0};
    mine.sum += n;
    a[0] = (int)mine.sum;
  }
#elif CASE == 3
  enum { K = 4 };
  // ENUM: :[[@LINE+3]]:10: error: 'K' is declared inside function 'f', outside the parallel region
  // ENUM: :[[@LINE-2]]:10: note: declared here
#pragma omp parallel
  a[0] = K + n;
#elif CASE == 4
  typedef __typeof__(n) idx_t; // the type of an expression of the function
  // INDEX: :[[@LINE+3]]:8: error: 'idx_t' is declared inside function 'f', outside the parallel region
  // INDEX: :[[@LINE-2]]:25: note: declared here
#pragma omp parallel for
  for (idx_t i = 0; i < n; i++)
    a[i] = i;
#endif
}
