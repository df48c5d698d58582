// Text that mentions OpenMP without being a pragma: nothing to translate.
// #pragma omp parallel   (in a comment, but not at the start of a line)
#pragma ompx_not_openmp
const char *s = "_Pragma(\"omp\" is not in this string)";
int main(void) { return 0; }
