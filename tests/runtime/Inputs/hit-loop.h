/*
 * hit-loop.h -- one execution of a hand-lowered worksharing loop that counts every iteration it
 * runs, for the tests that check that each iteration of chains of loops runs exactly once.
 */
#ifndef O2N_TEST_HIT_LOOP_H
#define O2N_TEST_HIT_LOOP_H

#include <omp2numa-abi.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Runs the calling thread's share of the loop of site over n iterations (chunk as the ABI takes
   it), adding 1 to hits[k] for each iteration k, and ends it with its barrier or nowait. */
static void run_hit_loop(struct __omp2numa_loop_site *site, uint64_t n, int64_t chunk,
                         atomic_int *hits, bool barrier)
{
  uint64_t lo, hi;
  if (__omp2numa_loop_start(site, n, chunk, NULL, &lo, &hi)) do {
      for (uint64_t k = lo; k < hi; k++)
        atomic_fetch_add(&hits[k], 1);
    } while (__omp2numa_loop_next(&lo, &hi));
  if (barrier)
    __omp2numa_loop_end();
  else
    __omp2numa_loop_end_nowait();
}

#endif /* O2N_TEST_HIT_LOOP_H */
