/* A large array filled by a sequential loop, then shared out by a parallel loop. */
#include <stdlib.h>
double f(long n)
{
  double *a = malloc(n * sizeof *a), s = 0;
  for (long i = 0; i < n; i++)
    a[i] = 1;
#pragma omp parallel for reduction(+ : s)
  for (long i = 0; i < n; i++)
    s += a[i];
  free(a);
  return s;
}
