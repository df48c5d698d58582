/* An OpenMP program that includes <mpi.h> from its MPI wrapper's include directory (the
   stand-ins in fake-mpi/), so that the translator must get the wrapper's flags. */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < 100; i++)
    sum += fake_mpi_weight(i);
  printf("FAKE_MPI=%d sum=%d\n", FAKE_MPI, sum);
  return 0;
}
