/* Included with -include (no #include line): its copy has nowhere to stand. */
static inline void forced_fill(int n, int *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
}
