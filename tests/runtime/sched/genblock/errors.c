// schedule(genblock(map)): a map that does not fit the loop stops the program with status 1 and a
// message naming the loop's file:line, the offending entry and value, before any iteration runs:
// block sizes adding up to less than the trip count (as when the map was built for fewer
// threads), to more (reported at the first entry that passes it), a negative size, no array.  A
// loop of 0 iterations with sizes all 0 is fine.  Team of 3, 100 iterations; the argument picks
// the case.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=3 not %o2n-run %t small 2>&1 | FileCheck %s --check-prefix=SMALL --implicit-check-not=RAN
// RUN: env OMP_NUM_THREADS=3 not %o2n-run %t large 2>&1 | FileCheck %s --check-prefix=LARGE --implicit-check-not=RAN
// RUN: env OMP_NUM_THREADS=3 not %o2n-run %t first 2>&1 | FileCheck %s --check-prefix=FIRST --implicit-check-not=RAN
// RUN: env OMP_NUM_THREADS=3 not %o2n-run %t negative 2>&1 | FileCheck %s --check-prefix=NEGATIVE --implicit-check-not=RAN
// RUN: env OMP_NUM_THREADS=3 not %o2n-run %t null 2>&1 | FileCheck %s --check-prefix=NULL --implicit-check-not=RAN
// RUN: env OMP_NUM_THREADS=1 not %o2n-run %t small 2>&1 | FileCheck %s --check-prefix=SMALL1 --implicit-check-not=RAN
// RUN: env OMP_NUM_THREADS=3 not %o2n-run %t empty_loop 2>&1 | FileCheck %s --check-prefix=EMPTY --implicit-check-not=RAN
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t fits 2>&1 | FileCheck %s --check-prefix=FITS
//
// FITS-COUNT-100: RAN
// FITS-NOT: omp2numa
#include <omp.h>
#include <omp2numa-abi.h>
#include <stdio.h>
#include <string.h>

static struct {
  const char *name;
  uint64_t n;
  int sizes[3];
} cases[] = {
    {"small", 100, {10, 20, 30}},
    {"large", 100, {50, 40, 30}},
    {"first", 100, {150, 0, 0}},
    {"negative", 100, {50, -5, 55}},
    {"null", 100, {0, 0, 0}},
    {"empty_loop", 0, {0, 1, 0}},
    {"fits", 100, {60, 0, 40}},
    {"zero_trip", 0, {0, 0, 0}},
};
static unsigned which;

// #pragma omp for schedule(genblock(sizes))
// for (uint64_t k = 0; k < n; k++) fprintf(stderr, "RAN\n");
static void region(void *data)
{
  (void)data;
  // SMALL: omp2numa: user.c:[[#@LINE+7]]: schedule(genblock): the block sizes map[0..2] add up to 60, fewer than the loop's 100 iterations (the map needs one size per thread of the team of 3)
  // SMALL1: omp2numa: user.c:[[#@LINE+6]]: schedule(genblock): the block sizes map[0..0] add up to 10, fewer than the loop's 100 iterations (the map needs one size per thread of the team of 1)
  // LARGE: omp2numa: user.c:[[#@LINE+5]]: schedule(genblock): map[2] is 30, which brings the block sizes map[0..2] to 120, more than the loop's 100 iterations
  // FIRST: omp2numa: user.c:[[#@LINE+4]]: schedule(genblock): map[0] is 150, which brings the block sizes map[0..0] to 150, more than the loop's 100 iterations
  // NEGATIVE: omp2numa: user.c:[[#@LINE+3]]: schedule(genblock): map[1] is -5; block sizes must not be negative
  // NULL: omp2numa: user.c:[[#@LINE+2]]: schedule(genblock) needs an int array of block sizes, one per thread
  // EMPTY: omp2numa: user.c:[[#@LINE+1]]: schedule(genblock): map[1] is 1, which brings the block sizes map[0..1] to 1, more than the loop's 0 iterations
  static struct __omp2numa_loop_site site = {"user.c", __LINE__, __OMP2NUMA_SCHED_GENBLOCK, 0, 0,
                                             0};
  const void *map = strcmp(cases[which].name, "null") == 0 ? NULL : cases[which].sizes;
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
  // The zero-trip loop with sizes all 0 is fine too.
  which = sizeof cases / sizeof *cases - 1;
  __omp2numa_parallel(&site, region, NULL, 0, 1);
  return 0;
}
