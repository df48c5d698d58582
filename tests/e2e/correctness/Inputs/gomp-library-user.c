// An omp2numa program calling a library compiled with gcc -fopenmp (foreign-runtime.test).
#include <stdio.h>
int lib_sum(int n);
int main(void) { int t = 0;
#pragma omp parallel reduction(+:t)
  t += 1;
  printf("%d %d\n", lib_sum(100), t); return 0; }
