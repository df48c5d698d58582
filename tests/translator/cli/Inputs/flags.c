/* Needs NT from the command line (-D) and a header from an include directory (-I). */
#include "flags-header.h"

void fill(int n, int *a)
{
#pragma omp parallel for num_threads(NT) schedule(dynamic, HEADER_CHUNK)
  for (int i = 0; i < n; i++)
    a[i] = i;
}
