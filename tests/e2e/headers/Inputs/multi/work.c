#include "common.h"

int calls;
#pragma omp threadprivate(calls)

/* Every thread counts its own calls in its copy of `calls`; the sum over threads is n. */
int count_calls(int n)
{
  int total = 0;
#pragma omp parallel reduction(+:total)
  {
    calls = 0;
#pragma omp for
    for (int i = 0; i < n; i++)
      calls++;
    total += calls;
  }
  return total;
}
