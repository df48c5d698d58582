#include <stdio.h>
static long part1_sum(int n);
static int part2_team(void);
int main(void)
{
  printf("sum=%ld team=%d\n", part1_sum(1000), part2_team());
  return 0;
}
