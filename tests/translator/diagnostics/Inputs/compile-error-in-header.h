/* Translated, then compiled with -Werror: the compiler's error names this file and line. */
static inline void unused_in_header(int n, int *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int never_used;
    a[i] = i;
  }
}
