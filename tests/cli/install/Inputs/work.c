// Translated by the package's tools: a reduction whose result the program checks, with a quoted
// include found next to this file and a definition from the build system (SCALE).
#include "work.h"

long work(int n)
{
  long sum = 0;
#pragma omp parallel for reduction(+ : sum) schedule(adaptive)
  for (int i = 1; i <= n; i++)
    sum += SCALE * i;
  return sum;
}
