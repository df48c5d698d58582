// Not translated: calls the translated work() and a runtime routine through omp.h.
#include <omp.h>
#include <stdio.h>

#include "work.h"

int main(void)
{
  long sum = work(1000);
  printf("sum=%ld threads=%d omp2numa=%d\n", sum, omp_get_max_threads(), _OMP2NUMA > 0);
  return sum != 3L * 500500;
}
