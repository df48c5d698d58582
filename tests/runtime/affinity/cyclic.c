// Block-cyclic maps: a map recorded by static,c is stored as one cyclic record, and a reusing
// loop's plan describes each thread's runs as strided groups, one per period of the pattern
// (runtime/affinity_map.c, plan_cyclic).  This checks that arithmetic against the closed form:
// maps recorded by static,c for c in {1, 2, 3, 7, 16, 100} with steps 1 and 3 are reused by loops
// over random sub-ranges (partial first and last runs), steps that are multiples of the
// recording step (of both signs, some a multiple of the period) and schedules static, dynamic and
// guided; every value must run exactly once on thread (j / c) mod P, j being its index in the
// recording loop.  (Driver: Inputs/affinity.h.)
//
//   #pragma omp for schedule(static, c) affinity(m)
//   for (int64_t v = ORIGIN; <N iterations>; v += g) ...
//   #pragma omp for schedule(dynamic, 2) affinity(m)
//   for (int64_t v = ORIGIN + a * g; <n iterations>; v += s * g) ...    (random a, s, n)
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t
// RUN: env OMP_NUM_THREADS=7 %o2n-run %t
#include "Inputs/affinity.h"

#include "../sched/Inputs/rng.h"

#include <stdio.h>

enum { ORIGIN = -700, N = 5000 };

int main(void)
{
  const int P = omp_get_max_threads() > 16 ? 16 : omp_get_max_threads();
  static const int64_t cs[] = {1, 2, 3, 7, 16, 100};
  static const int64_t gs[] = {1, 3};
  static const int64_t mults[] = {1, 1, 2, 3, 5, -1, -2, -4, 6, 8, 14, 32};
  static const int kinds[] = {__OMP2NUMA_SCHED_STATIC, __OMP2NUMA_SCHED_DYNAMIC,
                              __OMP2NUMA_SCHED_GUIDED};
  for (size_t ci = 0; ci < sizeof cs / sizeof *cs; ci++)
    for (size_t gi = 0; gi < sizeof gs / sizeof *gs; gi++) {
      const int64_t c = cs[ci], g = gs[gi];
      static char names[6][2][16]; /* sites keep the name (as emitted code's static strings) */
      char *name = names[ci][gi];
      snprintf(name, sizeof names[ci][gi], "c%" PRId64 "g%" PRId64, c, g);
      const uint64_t n_rec = N / (uint64_t)g;
      run1(name, __OMP2NUMA_SCHED_STATIC, c, ORIGIN, g, n_rec, P);
      for (int l = 0; l < 40; l++) {
        /* A sub-range of the recorded indices [0, n_rec), by s indices per iteration. */
        const int64_t s = mults[rng() % (sizeof mults / sizeof *mults)];
        const int64_t a = (int64_t)(rng() % n_rec);
        const int64_t room = s > 0 ? ((int64_t)n_rec - 1 - a) / s + 1 : a / -s + 1;
        const uint64_t n = rng() % (uint64_t)room + 1;
        const int kind = kinds[rng() % 3];
        const int64_t chunk = kind == __OMP2NUMA_SCHED_DYNAMIC ? 2 : 0;
        run1(name, kind, chunk, ORIGIN + a * g, s * g, n, P);
        for (uint64_t k = 0; k < n; k++) {
          const int64_t j = a + (int64_t)k * s, v = ORIGIN + j * g;
          const int expect = (int)((j / c) % P);
          CHECK(owner(v) == expect, "%s, loop %d (index %" PRId64 " by %" PRId64 ", %" PRIu64
                " iterations, kind %d): value %" PRId64 " on %d, expected %d", name, l, a, s, n,
                kind, v, owner(v), expect);
        }
      }
    }
  return atomic_load(&num_failed);
}
