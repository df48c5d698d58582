/* A sequential loop whose index the threads of the region share: a race. */
void f(double *a, int n)
{
  int j;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      a[i * n + j] = 0;
}
