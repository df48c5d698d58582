/* The other source: the team size from a parallel region. */
#include <omp.h>
static int part2_team(void)
{
  int team = 0;
#pragma omp parallel reduction(+:team)
  team += 1;
  return team;
}
