/* Expected "s 28 x 1" (gcc -fopenmp, any thread count); omp2numa at 2+ threads prints smaller
   values: the contribution of a task with in_reduction created inside another in_reduction task
   of the same taskgroup is lost or combined wrongly (runtime or translator: task reductions). */
#include <stdio.h>
int main(void)
{
  long s = 0;
  int x = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+: s) task_reduction(||: x)
  for (int t = 0; t < 8; t++) {
#pragma omp task in_reduction(+: s) in_reduction(||: x)
    {
#pragma omp task in_reduction(+: s) in_reduction(||: x)
      { s += t; x = x || t == 5; }
    }
  }
  printf("s %ld x %d\n", s, x);
  return 0;
}
