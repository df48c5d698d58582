/* Expected: compiles cleanly with "omp2numa-cc -Werror" (gcc -fopenmp -Werror does) and prints
   "sum 890 last 18".  Actual: omp2numa-cc -Werror fails: the outlined taskloop declares the
   loop's lower bound as "const int *__o2n_lb" and initialises the loop variable "int *p" from
   it ("initialization discards 'const' qualifier from pointer target type"); without -Werror
   the output is right (translator: taskloop over a pointer loop variable). */
#include <stdio.h>
int main(void)
{
  int base[20];
  for (int q = 0; q < 20; q++)
    base[q] = q;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop num_tasks(3)
  for (int *p = base; p < base + 20; p += 3)
    *p += 100;
  long sum = 0;
  for (int q = 0; q < 20; q++)
    sum += base[q];
  printf("sum %ld last %d\n", sum, base[18] - 100);
  return 0;
}
