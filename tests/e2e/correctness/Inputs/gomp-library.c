// Compiled with gcc -fopenmp by foreign-runtime.test: code that calls libgomp (GOMP_parallel).
#include <omp.h>
int lib_sum(int n) { int s = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < n; i++) s += omp_get_thread_num() >= 0 ? i : 0;
  return s; }
