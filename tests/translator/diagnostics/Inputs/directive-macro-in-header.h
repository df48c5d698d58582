#define FILL_ALL(a, n) _Pragma("omp parallel for") for (int i = 0; i < (n); i++) (a)[i] = i
static inline void fill(int *a, int n) { FILL_ALL(a, n); }
