// schedule(indirect(map)): a map that does not fit the team stops the program with status 1 and
// a message naming the loop's file:line, the offending entry and value, before any iteration
// runs: an entry past the last thread (as when the map was built for more threads than the team
// has), a negative entry (first or later), no array.  A loop of 0 iterations reads no entry, so a
// NULL map (malloc(0)) is fine there.  10 iterations; the argument picks the case.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=3 not %o2n-run %t range 2>&1 | FileCheck %s --check-prefix=RANGE --implicit-check-not=RAN
// RUN: env OMP_NUM_THREADS=1 not %o2n-run %t range_one 2>&1 | FileCheck %s --check-prefix=RANGE1 --implicit-check-not=RAN
// RUN: env OMP_NUM_THREADS=3 not %o2n-run %t negative_first 2>&1 | FileCheck %s --check-prefix=NEGATIVE0 --implicit-check-not=RAN
// RUN: env OMP_NUM_THREADS=3 not %o2n-run %t negative 2>&1 | FileCheck %s --check-prefix=NEGATIVE --implicit-check-not=RAN
// RUN: env OMP_NUM_THREADS=3 not %o2n-run %t null 2>&1 | FileCheck %s --check-prefix=NULL --implicit-check-not=RAN
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t null_empty 2>&1 | count 0
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t fits 2>&1 | FileCheck %s --check-prefix=FITS
//
// FITS-COUNT-10: RAN
// FITS-NOT: omp2numa
#include <omp.h>
#include <omp2numa-abi.h>
#include <stdio.h>
#include <string.h>

static struct {
  const char *name;
  uint64_t n;
  int owner[10];
} cases[] = {
    {"range", 10, {0, 0, 1, 1, 2, 3, 2, 2, 1, 0}},
    {"range_one", 10, {0, 0, 0, 0, 0, 0, 0, 1, 0, 0}},
    {"negative_first", 10, {-1, 0, 1, 1, 2, 2, 2, 2, 1, 0}},
    {"negative", 10, {0, 0, 1, 1, 2, 2, 2, -2, 1, 0}},
    {"null", 10, {0}},
    {"null_empty", 0, {0}},
    {"fits", 10, {2, 2, 0, 1, 1, 1, 0, 0, 2, 0}},
};
static unsigned which;

// #pragma omp for schedule(indirect(owner))
// for (uint64_t k = 0; k < n; k++) fprintf(stderr, "RAN\n");
static void region(void *data)
{
  (void)data;
  // RANGE: omp2numa: user.c:[[#@LINE+5]]: schedule(indirect): map[5] is 3; entries must be thread numbers of the team of 3, in [0, 3)
  // RANGE1: omp2numa: user.c:[[#@LINE+4]]: schedule(indirect): map[7] is 1; entries must be thread numbers of the team of 1, in [0, 1)
  // NEGATIVE0: omp2numa: user.c:[[#@LINE+3]]: schedule(indirect): map[0] is -1; entries must be thread numbers of the team of 3, in [0, 3)
  // NEGATIVE: omp2numa: user.c:[[#@LINE+2]]: schedule(indirect): map[7] is -2; entries must be thread numbers of the team of 3, in [0, 3)
  // NULL: omp2numa: user.c:[[#@LINE+1]]: schedule(indirect) needs an int array of thread numbers, one per iteration
  static struct __omp2numa_loop_site site = {"user.c", __LINE__, __OMP2NUMA_SCHED_INDIRECT, 0, 0,
                                             0};
  const void *map = strncmp(cases[which].name, "null", 4) == 0 ? NULL : cases[which].owner;
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&site, cases[which].n, 0, map, &lo, &hi)) do {
      for (uint64_t k = lo; k < hi; k++)
        fprintf(stderr, "RAN\n");
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
}

int main(int argc, char **argv)
{
  static const struct __omp2numa_region_site site = {"user.c", __LINE__, 0, 0};
  if (argc != 2)
    return 2;
  for (which = 0; which < sizeof cases / sizeof *cases; which++)
    if (strcmp(argv[1], cases[which].name) == 0)
      break;
  if (which == sizeof cases / sizeof *cases)
    return 2;
  __omp2numa_parallel(&site, region, NULL, 0, 1);
  return 0;
}
