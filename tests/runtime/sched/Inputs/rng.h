/*
 * rng.h -- xorshift64*, the schedule tests' random numbers, from a fixed seed so that a failure
 * reproduces.  An includer may define RNG_SEED first.
 */
#ifndef O2N_TEST_RNG_H
#define O2N_TEST_RNG_H

#include <stdint.h>

#ifndef RNG_SEED
#define RNG_SEED 0x2545f4914f6cdd1dULL
#endif

static uint64_t rng_state = RNG_SEED;

static uint64_t rng(void)
{
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545f4914f6cdd1dULL;
}

#endif
