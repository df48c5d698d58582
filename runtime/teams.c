/*
 * teams.c -- a translated teams construct and the distribute loops of its league.  As libgomp
 * runs host teams, the encountering thread runs the league's teams one after the other
 * (api.c's o2n_teams_begin numbers them for omp_get_team_num); gcc-compiled teams take the same
 * path (gomp_parallel.c).  A distribute loop gives each team a share of the logical iterations
 * [0, n): one block each (dist_schedule(static), the default), or chunks of `chunk` dealt round
 * robin (dist_schedule(static, chunk)).  Only the team's initial thread runs a distribute loop
 * alone, so its chunk state is the thread's; in distribute parallel for every thread of the
 * team's parallel region walks the team's blocks by itself, each from the one before, and the
 * threads share each block as a loop.
 */
#include "internal.h"

O2N_ABI void __omp2numa_teams(const struct __omp2numa_region_site *site, __omp2numa_region_fn fn,
                              void *data, int num_teams_lower, int num_teams_upper,
                              int thread_limit)
{
  (void)site;
  struct o2n_thread *self = o2n_self();
  int n = num_teams_lower > 0 ? num_teams_lower : num_teams_upper;
  if (n <= 0) {
    const int max = omp_get_max_teams();
    n = max > 0 ? max : 3; /* libgomp's default for host teams */
  }
  o2n_teams_begin(self, (unsigned)n, thread_limit > 0 ? (unsigned)thread_limit : 0);
  for (unsigned t = 0; t < (unsigned)n; t++) {
    self->league.team_num = t;
    fn(data);
  }
  o2n_teams_end(self);
}

/* The calling team's block of [0, n): the first n % size teams get one more iteration. */
static void team_block(uint64_t n, uint64_t *lo, uint64_t *hi)
{
  const uint64_t size = (uint64_t)omp_get_num_teams(), t = (uint64_t)omp_get_team_num();
  const uint64_t q = n / size, r = n % size;
  *lo = t * q + (t < r ? t : r);
  *hi = *lo + q + (t < r);
}

/* The chunk of [0, n) that starts at lo < n: `chunk` iterations, fewer at the end. */
static void chunk_from(uint64_t n, uint64_t chunk, uint64_t lo, uint64_t *plo, uint64_t *phi)
{
  *plo = lo;
  *phi = n - lo <= chunk ? n : lo + chunk;
}

/* The team's blocks are computed from n, chunk and the previous block alone, so that every
   thread of the team's parallel region walks them by itself.  The products saturate: a first
   chunk or stride past 2^64 is past n. */
O2N_ABI int __omp2numa_distribute_block_start(uint64_t n, int64_t chunk, uint64_t *lo,
                                              uint64_t *hi)
{
  if (chunk <= 0) {
    team_block(n, lo, hi);
    return *lo < *hi;
  }
  uint64_t first;
  if (__builtin_mul_overflow((uint64_t)omp_get_team_num(), (uint64_t)chunk, &first) || first >= n)
    return 0;
  chunk_from(n, (uint64_t)chunk, first, lo, hi);
  return 1;
}

O2N_ABI int __omp2numa_distribute_block_next(uint64_t n, int64_t chunk, uint64_t *lo,
                                             uint64_t *hi)
{
  uint64_t stride;
  if (chunk <= 0 ||
      __builtin_mul_overflow((uint64_t)omp_get_num_teams(), (uint64_t)chunk, &stride) ||
      n - *lo <= stride)
    return 0;
  chunk_from(n, (uint64_t)chunk, *lo + stride, lo, hi);
  return 1;
}

/* A distribute loop's next block, on the team's initial thread (pending: whether it has one). */
static _Thread_local struct {
  uint64_t n, lo, hi;
  int64_t chunk;
  int pending;
} dealt;

O2N_ABI int __omp2numa_distribute_start(uint64_t n, int64_t chunk, uint64_t *lo, uint64_t *hi)
{
  dealt.n = n;
  dealt.chunk = chunk;
  dealt.pending = __omp2numa_distribute_block_start(n, chunk, &dealt.lo, &dealt.hi);
  return __omp2numa_distribute_next(lo, hi);
}

O2N_ABI int __omp2numa_distribute_next(uint64_t *lo, uint64_t *hi)
{
  if (!dealt.pending)
    return 0;
  *lo = dealt.lo;
  *hi = dealt.hi;
  dealt.pending = __omp2numa_distribute_block_next(dealt.n, dealt.chunk, &dealt.lo, &dealt.hi);
  return 1;
}
