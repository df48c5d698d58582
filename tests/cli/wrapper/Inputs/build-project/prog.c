#include <omp.h>
#include <stdio.h>

#include "helper.h"

int main(void) {
  long sum = 0;
#pragma omp parallel for reduction(+:sum) schedule(dynamic, 16)
  for (int i = 0; i < 1000; i++)
    sum += square(i);
  printf("sum=%ld threads=%d\n", sum, omp_get_max_threads());
  return sum != 332833500;
}
