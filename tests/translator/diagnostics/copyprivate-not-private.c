// A copyprivate item must be threadprivate or private in the context around its single (OpenMP
// 5.2, 5.7.2), decided as gcc 12 decides it (omp_check_private, as for a worksharing construct's
// firstprivate items: private-in-outer-context.c), with gcc's message.  Before, omp2numa took a
// shared item and broadcast it to itself (found checking the twelfth sweep's finding against
// gcc).  CASE 1: rejected: a global, a block-scope static and a variable the parallel region
// shares, orphaned or in a region.  CASE 2: taken, as gcc takes them: threadprivate, an automatic
// variable of the function of an orphaned single, a variable declared in the region or made
// private by its clauses.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | count 0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Werror -DCASE=2 -I%runtime_inc %t.c

int g, tp;
#pragma omp threadprivate(tp)

#if CASE == 1
void rejected(void) {
  int x = 0;
  static int st;
  // CHECK: :[[@LINE+1]]:32: error: copyprivate variable 'g' is not threadprivate or private in outer context
#pragma omp single copyprivate(g)
  g++;
  // CHECK: :[[@LINE+1]]:32: error: copyprivate variable 'st' is not threadprivate or private in outer context
#pragma omp single copyprivate(st)
  st++;
#pragma omp parallel
  {
    // CHECK: :[[@LINE+1]]:32: error: copyprivate variable 'x' is not threadprivate or private in outer context
#pragma omp single copyprivate(x)
    x++;
  }
#pragma omp parallel shared(x)
  {
    // CHECK: :[[@LINE+2]]:32: error: copyprivate variable 'x' is not threadprivate or private in outer context
    // CHECK: :[[@LINE+1]]:35: error: copyprivate variable 'g' is not threadprivate or private in outer context
#pragma omp single copyprivate(x, g)
    x += g;
  }
}
#elif CASE == 2
void taken(void) {
  int x = 0;
#pragma omp single copyprivate(x, tp)
  x = tp;
#pragma omp parallel firstprivate(x)
  {
    int y;
#pragma omp single copyprivate(x, y, tp)
    y = x = tp;
    (void)y;
  }
#pragma omp parallel reduction(+: x)
  {
#pragma omp single copyprivate(x)
    x++;
  }
}
#endif
