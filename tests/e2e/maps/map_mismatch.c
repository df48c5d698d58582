// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t genblock | FileCheck %s --check-prefix=FITS
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t indirect | FileCheck %s --check-prefix=FITS
// RUN: env OMP_NUM_THREADS=2 not %o2n-run %t genblock 2>&1 | FileCheck %s --check-prefix=GENBLOCK
// RUN: env OMP_NUM_THREADS=2 not %o2n-run %t indirect 2>&1 | FileCheck %s --check-prefix=INDIRECT
// RUN: env OMP_NUM_THREADS=4 not %o2n-run %t genblock_short 2>&1 | FileCheck %s --check-prefix=SHORT
// REQUIRES: translator
//
// A map that does not fit the team or the loop stops the program with the loop's file:line, the
// offending entry and its value, instead of running a different distribution.  The program
// assumes four workers (NPARTS) instead of building its maps for omp_get_max_threads(): with
// OMP_NUM_THREADS=4 it runs; with 2, the genblock sizes of the first two threads cover half of the
// loop, and the indirect map names thread 2.  genblock_short: sizes that leave the last 10
// iterations to nobody.
//
// FITS: mismatch: 100 iterations ran
// FITS-NOT: omp2numa

#include <omp.h>
#include <stdio.h>
#include <string.h>

#define NPARTS 4
#define N 100

static int ran;

int main(int argc, char **argv)
{
  int sizes[NPARTS], owner[N];
  for (int t = 0; t < NPARTS; t++)
    sizes[t] = N / NPARTS;
  for (int k = 0; k < N; k++)
    owner[k] = k % NPARTS;
  if (argc != 2)
    return 2;

  if (strcmp(argv[1], "genblock_short") == 0)
    sizes[NPARTS - 1] -= 10;
  if (strncmp(argv[1], "genblock", 8) == 0) {
    // GENBLOCK: omp2numa: {{.*}}map_mismatch.c:[[#@LINE+2]]: schedule(genblock): the block sizes map[0..1] add up to 50, fewer than the loop's 100 iterations (the map needs one size per thread of the team of 2)
    // SHORT: omp2numa: {{.*}}map_mismatch.c:[[#@LINE+1]]: schedule(genblock): the block sizes map[0..3] add up to 90, fewer than the loop's 100 iterations (the map needs one size per thread of the team of 4)
#pragma omp parallel for schedule(genblock(sizes)) reduction(+ : ran)
    for (int i = 0; i < N; i++)
      ran++;
  } else {
    // INDIRECT: omp2numa: {{.*}}map_mismatch.c:[[#@LINE+1]]: schedule(indirect): map[2] is 2; entries must be thread numbers of the team of 2, in [0, 2)
#pragma omp parallel for schedule(indirect(owner)) reduction(+ : ran)
    for (int i = 0; i < N; i++)
      ran++;
  }
  printf("mismatch: %d iterations ran\n", ran);
  return ran == N ? 0 : 1;
}
