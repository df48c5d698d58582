/* A construct with an error, in a header. */
static inline void bad_fill(int n, int *a) {
#pragma omp parallel for schedule(fac3)
  for (int i = 0; i < n; i++)
    a[i] = i;
}
