/* Expected "s 90" (gcc -fopenmp); omp2numa rejects the program: "error: '#pragma omp parallel
   for' may not be closely nested inside of '#pragma omp task'".  A combined parallel for
   starts a new region (its for binds to that region), so it is valid in a task; a plain
   '#pragma omp parallel' with a '#pragma omp for' inside is accepted (translator: the nesting
   check takes the combined construct for a worksharing one; the same for "parallel sections"). */
#include <stdio.h>
int main(void)
{
  long s = 0;
#pragma omp parallel
#pragma omp single
#pragma omp task shared(s)
  {
    long ps = 0;
#pragma omp parallel for reduction(+: ps)
    for (int q = 0; q < 10; q++)
      ps += 2 * q;
    s = ps;
  }
  printf("s %ld\n", s);
  return 0;
}
