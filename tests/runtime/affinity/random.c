// affinity(name) against a model: 400 loops with random names (3), schedules, chunks, bounds,
// steps (both signs) and team sizes, and random resets.  The model keeps, per name and team size
// (each team size has a map of its own), the lattice of the first recording (origin, |step|) and
// the owner of every value, and checks
// after each loop that every value ran exactly once, recorded values on their owner; then adds
// the new values.  A loop off the lattice must only run each value once.
//
//   for (int l = 0; l < 400; l++) {
//     #pragma omp parallel num_threads(team[l])
//     #pragma omp for schedule(kind[l], chunk[l]) affinity(name[l])
//     for (int64_t v = first[l]; <n[l] iterations>; v += step[l]) ...
//   }
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" %o2n-run %t
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=3 %o2n-tsan-run %t.tsan 60 %}
#include "Inputs/affinity.h"

#include <omp2numa.h>
#include <stdbool.h>

enum { LO = -900, HI = 6000, NAMES = 3, MAXTEAM = 9 };

struct model {
  int team;       /* 0: empty, else its team size */
  int64_t origin;
  int64_t g;
  int owner[HI - LO];
};

static struct model models[NAMES][MAXTEAM + 1];
static const char *const names[NAMES] = {"x", "y", "z"};

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint64_t rng(void)
{
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545f4914f6cdd1dULL;
}

static void model_clear(struct model *m)
{
  m->team = 0;
  for (int i = 0; i < HI - LO; i++)
    m->owner[i] = -1;
}

int main(int argc, char **argv)
{
  const int loops = argc > 1 ? atoi(argv[1]) : 400;
  const int P = omp_get_max_threads() > 8 ? 8 : omp_get_max_threads();
  const int kinds[] = {__OMP2NUMA_SCHED_STATIC, __OMP2NUMA_SCHED_DYNAMIC,
                       __OMP2NUMA_SCHED_GUIDED, __OMP2NUMA_SCHED_ADAPTIVE,
                       __OMP2NUMA_SCHED_FAC2,   __OMP2NUMA_SCHED_TSS,
                       __OMP2NUMA_SCHED_RAND};
  const int64_t chunks[] = {0, 0, 1, 2, 5, 16, 100};
  const int64_t steps[] = {1, 1, 1, 2, -1, -2, 3};
  for (int i = 0; i < NAMES; i++)
    for (int t = 0; t <= MAXTEAM; t++)
      model_clear(&models[i][t]);

  for (int l = 0; l < loops; l++) {
    const int name = (int)(rng() % NAMES);
    if (rng() % 25 == 0) {
      bool used = false;
      for (int t = 0; t <= MAXTEAM; t++)
        used |= models[name][t].team != 0;
      CHECK(omp2numa_affinity_reset(names[name]) == 0 || !used, "reset %s", names[name]);
      for (int t = 0; t <= MAXTEAM; t++)
        model_clear(&models[name][t]); /* every team's map */
    }
    const int team = rng() % 8 == 0 ? 1 + (int)(rng() % (P + 1)) : P;
    const int kind = kinds[rng() % (sizeof kinds / sizeof *kinds)];
    const int64_t chunk = chunks[rng() % (sizeof chunks / sizeof *chunks)];
    const int64_t step = steps[rng() % (sizeof steps / sizeof *steps)];
    const int64_t first = LO + (int64_t)(rng() % (HI - LO));
    /* As many iterations as stay in [LO, HI), at most 3000. */
    const int64_t room = step > 0 ? (HI - 1 - first) / step + 1 : (first - LO) / -step + 1;
    const uint64_t n = (uint64_t)(rng() % (uint64_t)(room < 3000 ? room : 3000) + 1) *
                       (rng() % 16 != 0); /* sometimes 0 */

    const int got = run1(names[name], kind, chunk, first, step, n, team);
    CHECK(got >= 1 && got <= MAXTEAM, "team of %d", got);
    struct model *m = &models[name][got]; /* the map of this team size */
    if (n == 0)
      continue;
    if (m->team == 0) {
      m->team = got;
      m->origin = first;
      m->g = step < 0 ? -step : step;
    }
    const bool on_lattice = (first - m->origin) % m->g == 0 && step % m->g == 0;
    for (uint64_t k = 0; k < n; k++) {
      const int64_t v = first + (int64_t)k * step;
      const int who_ran = owner(v);
      CHECK(who_ran >= 0 && who_ran < got, "loop %d: value %" PRId64 " on %d", l, v, who_ran);
      if (!on_lattice)
        continue;
      int *o = &m->owner[v - LO];
      if (*o < 0)
        *o = who_ran;
      else if (kind != __OMP2NUMA_SCHED_ADAPTIVE) /* adaptive steals; the map keeps the owner */
        CHECK(who_ran == *o, "loop %d (%s, kind %d, chunk %" PRId64 ", %" PRId64 " by %" PRId64
              "): value %" PRId64 " on %d, recorded on %d", l, names[name], kind, chunk, first,
              step, v, who_ran, *o);
    }
  }
  return atomic_load(&num_failed);
}
