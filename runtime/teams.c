/*
 * teams.c -- a translated teams construct and the distribute loops of its league.  As libgomp
 * runs host teams, the encountering thread runs the league's teams one after the other
 * (api.c's o2n_teams_begin numbers them for omp_get_team_num); gcc-compiled teams take the same
 * path (gomp_parallel.c).  A distribute loop gives each team a share of the logical iterations
 * [0, n): one block each (dist_schedule(static), the default), or chunks of `chunk` dealt round
 * robin (dist_schedule(static, chunk)).  Only the team's initial thread runs a distribute loop
 * alone, so its chunk state is the thread's; distribute parallel for computes its team's block
 * in every thread of the team's region, from the league alone.
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

/* A chunked distribute loop's next chunk and stride, on the team's initial thread. */
static _Thread_local struct {
  uint64_t next, n, chunk, stride;
} dealt;

O2N_ABI void __omp2numa_distribute_block(uint64_t n, uint64_t *lo, uint64_t *hi)
{
  team_block(n, lo, hi);
}

O2N_ABI int __omp2numa_distribute_start(uint64_t n, int64_t chunk, uint64_t *lo, uint64_t *hi)
{
  if (chunk <= 0) {
    team_block(n, lo, hi);
    dealt.next = dealt.n = n; /* no second chunk */
    return *lo < *hi;
  }
  dealt.n = n;
  dealt.chunk = (uint64_t)chunk;
  dealt.stride = (uint64_t)omp_get_num_teams() * (uint64_t)chunk;
  dealt.next = (uint64_t)omp_get_team_num() * (uint64_t)chunk;
  return __omp2numa_distribute_next(lo, hi);
}

O2N_ABI int __omp2numa_distribute_next(uint64_t *lo, uint64_t *hi)
{
  if (dealt.next >= dealt.n)
    return 0;
  *lo = dealt.next;
  *hi = dealt.n - dealt.next < dealt.chunk ? dealt.n : dealt.next + dealt.chunk;
  /* Past n without wrapping around: the next test sees it. */
  dealt.next = dealt.n - dealt.next <= dealt.stride ? dealt.n : dealt.next + dealt.stride;
  return 1;
}
