/* One source of the unity build: a parallel loop. */
static long part1_sum(int n)
{
  long s = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 1; i <= n; i++)
    s += i;
  return s;
}
