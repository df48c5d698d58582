// Worksharing constructs and barriers that only some threads of a team reach (OpenMP forbids
// them; with gcc they hang): CASE selects one.  Used by nested-worksharing.test.
#include <stdio.h>

static void fill(int *a)
{
#pragma omp for
  for (int i = 0; i < 10; i++)
    a[i] = i;
}

static void wait_all(void)
{
#pragma omp barrier
}

int main(void)
{
  int a[10] = {0};
#pragma omp parallel
  {
#if CASE == 1
#pragma omp single
    fill(a); /* an orphaned for from inside a single */
#elif CASE == 2
#pragma omp single
    wait_all(); /* a barrier from inside a single */
#elif CASE == 3
#pragma omp for
    for (int i = 0; i < 4; i++)
      wait_all(); /* a barrier from inside a loop */
#else
#pragma omp single
    a[0] = 1; /* fine: the single ends before the next loop */
    fill(a);
#endif
  }
  printf("a[9]=%d\n", a[9]);
  return 0;
}
