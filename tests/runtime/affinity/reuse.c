// affinity(name): the first loop with a name records which thread ran each value; later loops
// with the name run every recorded value on that thread exactly once, whatever their bounds
// (sub-ranges, shifted ranges, other steps, descending) and schedule (adaptive may steal them, and
// later loops still find the first owners); values not recorded yet run by the loop's own
// schedule and are added.  Two names are independent; a team of another size
// records a map of its own; omp2numa_affinity_reset forgets.  (Driver: Inputs/affinity.h.)
//
//   #pragma omp parallel
//   #pragma omp for schedule(static, 1) affinity(a)
//   for (int64_t v = 0; v < N; v++) ...                 records a cyclic map
//   #pragma omp for schedule(dynamic, 3) affinity(a)
//   for (int64_t v = k + 1; v < N; v++) ...             runs every v on its recorded thread
//   ...
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP2NUMA_TOPOLOGY="node:3 core:1 pu:1" %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t
// RUN: env OMP_NUM_THREADS=5 %o2n-run %t
// RUN: env OMP_NUM_THREADS=6 OMP2NUMA_TOPOLOGY="node:2 core:3 pu:1" %o2n-run %t
// RUN: env OMP_NUM_THREADS=7 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP2NUMA_STATS=%t.stats %o2n-run %t
//
// Under ThreadSanitizer, which must report nothing.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=3 OMP2NUMA_TOPOLOGY="node:3 core:1 pu:1" %o2n-tsan-run %t.tsan %}
#include "Inputs/affinity.h"

#include <errno.h>
#include <stdbool.h>
#include <omp2numa.h>

enum { N = 3000 };

/* What the test expects each name's map to hold: rec[name][v + VOFF], -1 when not recorded. */
static int rec[2][N * 2 + VOFF];

static void forget(int name)
{
  for (size_t i = 0; i < sizeof rec[name] / sizeof rec[name][0]; i++)
    rec[name][i] = -1;
}

/* After a loop over n values from first by step: recorded values ran on their owner (unless the
   loop's schedule steals, as adaptive does), the others are now recorded with the thread that ran
   them. */
static void check_and_add(int name, const char *what, int64_t first, int64_t step, uint64_t n,
                          bool steals)
{
  for (uint64_t k = 0; k < n; k++) {
    const int64_t v = first + (int64_t)k * step;
    int *r = &rec[name][v + VOFF];
    if (*r < 0)
      *r = owner(v);
    else if (!steals)
      CHECK(owner(v) == *r, "%s: value %" PRId64 " ran on thread %d, recorded on %d", what, v,
            owner(v), *r);
  }
}

static const char *const names[2] = {"a", "b"};

static void loop(int name, const char *what, int kind, int64_t chunk, int64_t first,
                 int64_t step, uint64_t n, int team)
{
  run1(names[name], kind, chunk, first, step, n, team);
  check_and_add(name, what, first, step, n, kind == __OMP2NUMA_SCHED_ADAPTIVE);
}

int main(void)
{
  const int P = omp_get_max_threads() > 16 ? 16 : omp_get_max_threads();
  forget(0);
  forget(1);

  // Recording: static,1 deals values round-robin.
  int team = run1("a", __OMP2NUMA_SCHED_STATIC, 1, 0, 1, N, P);
  CHECK(team == P, "team of %d, asked %d", team, P);
  for (int64_t v = 0; v < N; v++)
    CHECK(owner(v) == (int)(v % P), "recording: value %" PRId64 " on %d", v, owner(v));
  check_and_add(0, "record", 0, 1, N, false);

  // Reuse under other schedules and bounds: every value on its recorded thread.
  for (int64_t k = 0; k < N; k += N / 7)
    loop(0, "sub-range dynamic,3", __OMP2NUMA_SCHED_DYNAMIC, 3, k + 1, 1, (uint64_t)(N - k - 1), P);
  loop(0, "static block", __OMP2NUMA_SCHED_STATIC, 0, 0, 1, N, P);
  loop(0, "guided", __OMP2NUMA_SCHED_GUIDED, 0, 17, 1, N - 17, P);
  loop(0, "adaptive", __OMP2NUMA_SCHED_ADAPTIVE, 0, 0, 1, N, P);
  loop(0, "fac2", __OMP2NUMA_SCHED_FAC2, 0, 5, 1, 100, P);
  loop(0, "step 2", __OMP2NUMA_SCHED_DYNAMIC, 0, 1, 2, N / 2, P);
  loop(0, "descending", __OMP2NUMA_SCHED_STATIC, 0, N - 1, -1, N, P);
  loop(0, "descending step 3", __OMP2NUMA_SCHED_DYNAMIC, 2, N - 2, -3, N / 3, P);

  // Shifted ranges: the new values are added (by dynamic,7, so in any order), then kept.
  loop(0, "shifted right", __OMP2NUMA_SCHED_DYNAMIC, 7, N / 2, 1, N, P);
  loop(0, "shifted left", __OMP2NUMA_SCHED_ADAPTIVE, 2, -VOFF, 1, N, P);
  loop(0, "after shifts", __OMP2NUMA_SCHED_GUIDED, 0, -VOFF, 1, N / 2 + N + VOFF, P);
  loop(0, "after shifts, static", __OMP2NUMA_SCHED_STATIC, 0, -VOFF, 1, N / 2 + N + VOFF, P);

  // A second name is independent: static blocks.
  loop(1, "b record", __OMP2NUMA_SCHED_STATIC, 0, 0, 1, N, P);
  for (int64_t v = 0; v < N; v++) {
    const int expect = (int)(v / ((N + P - 1) / P)); /* blocks of ceil or floor: check bounds */
    CHECK(owner(v) == expect || owner(v) == (int)((v * P) / N) || P > N, "b: value %" PRId64
          " on %d", v, owner(v));
  }
  loop(1, "b reuse", __OMP2NUMA_SCHED_DYNAMIC, 1, 0, 1, N, P);
  loop(0, "a after b", __OMP2NUMA_SCHED_DYNAMIC, 1, 0, 1, N, P);

  // Several loops of one region, with and without barriers; the second part is new values.
  {
    const struct job jobs[3] = {
        {site_for("a", __OMP2NUMA_SCHED_DYNAMIC, 1), 1, 0, 1, N / 3, 1},
        {site_for("a", __OMP2NUMA_SCHED_GUIDED, 0), 0, N / 3, 1, N / 3, 0},
        {site_for("a", __OMP2NUMA_SCHED_STATIC, 0), 0, 2 * (N / 3), 1, N / 3, 1},
    };
    run_region(jobs, 3, P);
    for (int i = 0; i < 3; i++)
      check_and_add(0, "one region", jobs[i].first, 1, jobs[i].n, false);
  }

  // A team of another size records a map of its own.
  const int Q = P == 1 ? 2 : P - 1;
  team = run1("a", __OMP2NUMA_SCHED_STATIC, 1, 0, 1, N, Q);
  CHECK(team == Q, "team of %d, asked %d", team, Q);
  forget(0);
  for (int64_t v = 0; v < N; v++)
    CHECK(owner(v) == (int)(v % Q), "re-recording: value %" PRId64 " on %d", v, owner(v));
  check_and_add(0, "re-record", 0, 1, N, false);
  loop(0, "re-recorded reuse", __OMP2NUMA_SCHED_DYNAMIC, 5, 1, 1, N - 1, Q);
  // b, recorded by a team of P, is unaffected by a's re-recording.
  loop(1, "b at P", __OMP2NUMA_SCHED_GUIDED, 0, 0, 1, N, P);

  // Reset forgets: the next loop records its own schedule's distribution.
  CHECK(omp2numa_affinity_reset("a") == 0, "reset a");
  forget(0);
  loop(0, "after reset", __OMP2NUMA_SCHED_STATIC, 1, 0, 1, N, P);
  for (int64_t v = 0; v < N; v++)
    CHECK(owner(v) == (int)(v % P), "after reset: value %" PRId64 " on %d", v, owner(v));
  loop(0, "after reset, reuse", __OMP2NUMA_SCHED_DYNAMIC, 1, 0, 1, N, P);
  loop(1, "b after a's reset", __OMP2NUMA_SCHED_DYNAMIC, 1, 0, 1, N, P);

  // Null cases.
  errno = 0;
  CHECK(omp2numa_affinity_reset("never-used") == -1 && errno == ENOENT, "unknown name");
  errno = 0;
  CHECK(omp2numa_affinity_reset(NULL) == -1 && errno == EINVAL, "NULL name");
  run1("empty", __OMP2NUMA_SCHED_STATIC, 0, 0, 1, 0, P); /* no iterations: nothing recorded */
  CHECK(omp2numa_affinity_reset("empty") == 0, "reset of a name that recorded nothing");

  return atomic_load(&num_failed);
}
