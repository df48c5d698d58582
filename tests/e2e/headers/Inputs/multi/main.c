#include <omp.h>
#include <stdio.h>
#include "common.h"

int main(void)
{
  int a[N];
  long plain = 0;
  int team = 0;
  for (int i = 0; i < N; i++)
    a[i] = i % 7;
  PARALLEL_FOR_SUM(plain)
  for (int i = 0; i < N; i++)
    plain += a[i];
#pragma omp parallel reduction(+:team)
  team += 1;
  printf("sum=%ld squares=%ld calls=%d team=%d\n", plain, square_sum(a, N), count_calls(N), team);
  return 0;
}
