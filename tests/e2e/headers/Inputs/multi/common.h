/* Shared by main.c and work.c: a threadprivate extern (defined in work.c), a header-only helper
   with a parallel loop, and a _Pragma macro. */
#ifndef COMMON_H
#define COMMON_H

#define N 1000

extern int calls;
#pragma omp threadprivate(calls)

#define PRAGMA_TEXT(x) #x
#define PARALLEL_FOR_SUM(var) _Pragma(PRAGMA_TEXT(omp parallel for reduction(+:var)))

static inline long square_sum(const int *a, int n)
{
  long s = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < n; i++)
    s += (long)a[i] * a[i];
  return s;
}

int count_calls(int n);
#endif
