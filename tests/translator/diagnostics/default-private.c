// default(firstprivate | private) on a parallel region privatises local variables only: a
// file-scope variable referenced without a clause is an error, as in gcc 12, and no output file.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c

int g;

int f(int n) {
  int x = n;
  // CHECK: :[[@LINE+3]]:8: error: 'g' not specified in enclosing '#pragma omp parallel'
  // CHECK: :[[@LINE+1]]:22: note: 'default' makes only local variables private
#pragma omp parallel default(firstprivate)
  x += g;
  // CHECK: :[[@LINE+4]]:5: error: 'g' not specified in enclosing '#pragma omp parallel for'
  // CHECK: :[[@LINE+1]]:26: note: 'default' makes only local variables private
#pragma omp parallel for default(private) shared(x)
  for (int i = 0; i < n; i++)
    g = x;
#pragma omp parallel default(private) shared(g)
  g = x; // x is private here: fine
  return x;
}
