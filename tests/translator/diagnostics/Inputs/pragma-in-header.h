/* A header with a construct of its own: it cannot be translated from the file that includes it. */
static inline void header_fill(int n, int *a)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
}
