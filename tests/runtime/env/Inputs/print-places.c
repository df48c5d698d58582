// Prints the place list as the API reports it ("places: {0,1},{2,3}"), then the initial task's
// partition size; with an argument, calls omp_display_env(atoi(argv[1])) first.  For the
// env/*.test files.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  if (argc > 1)
    omp_display_env(atoi(argv[1]));
  const int n = omp_get_num_places();
  printf("places:");
  for (int p = 0; p < n; p++) {
    int ids[1024], k = omp_get_place_num_procs(p);
    if (k < 1 || k > 1024)
      return 1;
    omp_get_place_proc_ids(p, ids);
    printf("%s{", p ? "," : " ");
    for (int i = 0; i < k; i++)
      printf("%s%d", i ? "," : "", ids[i]);
    printf("}");
  }
  printf("\n");
  printf("partition: %d\n", omp_get_partition_num_places());
  // Out of range: no processors, nothing written.
  int sentinel = -7;
  omp_get_place_proc_ids(n, &sentinel);
  if (omp_get_place_num_procs(-1) != 0 || omp_get_place_num_procs(n) != 0 || sentinel != -7)
    return 1;
  return 0;
}
