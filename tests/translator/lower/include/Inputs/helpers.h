/* A header-only helper with a construct of its own, guarded by #pragma once. */
#pragma once
#include "sub/scale.h"

static inline void header_fill(int n, int *a)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = SCALE * i;
}
