// No OpenMP pragma: compiled without translation.  It still sees omp2numa's <omp.h> and _OPENMP.
#include <omp.h>
#include <stdio.h>

int main(void) {
#ifdef _OPENMP
  printf("openmp=%d max_threads=%d\n", _OPENMP, omp_get_max_threads());
  return 0;
#else
  return 1;
#endif
}
