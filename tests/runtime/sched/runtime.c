// schedule(runtime): the loop takes its schedule from run-sched-var, set by OMP_SCHEDULE
// ("[modifier:]kind[,chunk]", any case, spaces allowed) and later by omp_set_schedule; auto, the
// default, resolves to adaptive without a chunk (its adaptive grain), or to static when the loop
// must be monotonic (monotonic:auto); the extended kinds adaptive, fac2, tss and rand run as such, and wf2, which
// needs weights, is refused with a warning (the default stays).  Arguments: the expected kind,
// chunk, and "monotonic".
//
//   #pragma omp parallel
//   #pragma omp for schedule(runtime)
//   for (uint64_t k = 0; k < N; k++) ...
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t auto 0
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t auto 0
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=monotonic:auto %o2n-run %t auto 0 monotonic
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=static,5 %o2n-run %t static 5
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=" dynamic , 3 " %o2n-run %t dynamic 3
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=monotonic:GUIDED,2 %o2n-run %t guided 2 monotonic
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=nonmonotonic:dynamic %o2n-run %t dynamic 0
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=auto %o2n-run %t auto 0
// RUN: env OMP_NUM_THREADS=16 OMP_SCHEDULE=guided,7 %o2n-run %t guided 7
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=fac2,4 %o2n-run %t fac2 4
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=Adaptive %o2n-run %t adaptive 0
// RUN: env OMP_NUM_THREADS=2 OMP_SCHEDULE=adaptive,4 %o2n-run %t adaptive 4
// RUN: env OMP_NUM_THREADS=5 OMP_SCHEDULE=tss %o2n-run %t tss 0
// RUN: env OMP_NUM_THREADS=16 OMP_SCHEDULE="TSS, 3" %o2n-run %t tss 3
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=rand,2 %o2n-run %t rand 2
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=fac2 %o2n-run %t fac2 0
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=wf2 %o2n-run %t auto 0 2>&1 | FileCheck %s --check-prefix=WF2
#include "../Inputs/check.h"
#include "adaptive/rule.h"
#include "dynamic/rule.h"
#include "fac2/rule.h"
#include "guided/rule.h"
#include "rand/rule.h"
#include "static/rule.h"
#include "tss/rule.h"

#include <inttypes.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1000 };

struct expected {
  int kind; // the kind the chunks must follow; auto is resolved by the region
  int64_t chunk;
  bool monotonic;
};

static void region(void *data)
{
  static struct __omp2numa_loop_site site = {"runtime.c", __LINE__, __OMP2NUMA_SCHED_RUNTIME,
                                             0, 0, 0};
  const unsigned tid = (unsigned)omp_get_thread_num(), nthreads = (unsigned)omp_get_num_threads();
  struct expected resolved = *(const struct expected *)data;
  if (resolved.kind == omp_sched_auto)
    resolved.kind = resolved.monotonic ? omp_sched_static : omp_sched_adaptive;
  const struct expected *e = &resolved;
  // The kinds of schedule(runtime), auto resolved.
  static const struct chunk_rule *const rules[] = {&static_rule, &dynamic_rule, &guided_rule,
                                                   &adaptive_rule, &fac2_rule, &tss_rule,
                                                   &rand_rule};
  const struct chunk_rule *rule = NULL;
  for (size_t i = 0; i < sizeof rules / sizeof *rules; i++)
    rule = rules[i]->kind == e->kind ? rules[i] : rule;
  CHECK(rule, "no rule for kind %d", e->kind);
  if (!rule)
    return;
  struct chunk_history history = {0, 0};
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&site, N, 0, 0, &lo, &hi)) do {
      const char *error = chunk_error(rule, N, (uint64_t)e->chunk, nthreads, tid, lo, hi,
                                      &history);
      CHECK(!error, "kind %d chunk %" PRId64 ": thread %u got [%" PRIu64 ", %" PRIu64 "): %s",
            e->kind, e->chunk, tid, lo, hi, error);
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
}

static void run(int kind, int64_t chunk, bool monotonic)
{
  static const struct __omp2numa_region_site site = {"runtime.c", __LINE__, 0, 0};
  struct expected e = {kind, chunk, monotonic};
  __omp2numa_parallel(&site, region, &e, 0, 1);
}

int main(int argc, char **argv)
{
  if (argc < 3)
    return 2;
  static const struct {
    const char *name;
    omp_sched_t kind;
  } kinds[] = {{"static", omp_sched_static}, {"dynamic", omp_sched_dynamic},
               {"guided", omp_sched_guided}, {"auto", omp_sched_auto},
               {"fac2", omp_sched_fac2},     {"adaptive", omp_sched_adaptive},
               {"tss", omp_sched_tss},       {"rand", omp_sched_rand}};
  omp_sched_t expected = 0;
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
    if (strcmp(argv[1], kinds[i].name) == 0)
      expected = kinds[i].kind;
  const int chunk = atoi(argv[2]);
  if (argc > 3 && strcmp(argv[3], "monotonic") == 0)
    expected = (omp_sched_t)(expected | omp_sched_monotonic);

  omp_sched_t kind;
  int got_chunk;
  omp_get_schedule(&kind, &got_chunk);
  CHECK(kind == expected && got_chunk == chunk, "omp_get_schedule: kind %#x chunk %d, expected "
        "%#x chunk %d", (unsigned)kind, got_chunk, (unsigned)expected, chunk);

  run(expected & ~omp_sched_monotonic, chunk, expected & omp_sched_monotonic);

  // omp_set_schedule replaces OMP_SCHEDULE for the later loops.
  omp_set_schedule(omp_sched_dynamic, 7);
  run(omp_sched_dynamic, 7, false);
  omp_set_schedule(omp_sched_guided, 0);
  run(omp_sched_guided, 0, false);
  omp_set_schedule(omp_sched_auto, 0);
  run(omp_sched_auto, 0, false);
  omp_set_schedule((omp_sched_t)(omp_sched_static | omp_sched_monotonic), -4);
  omp_get_schedule(&kind, &got_chunk);
  CHECK(kind == (omp_sched_t)(omp_sched_static | omp_sched_monotonic) && got_chunk == 0,
        "omp_set_schedule(monotonic:static, -4) gave kind %#x chunk %d", (unsigned)kind,
        got_chunk);
  run(omp_sched_static, 0, true);

  // The extended kinds, through omp_set_schedule too.
  const omp_sched_t extended[] = {omp_sched_adaptive, omp_sched_fac2, omp_sched_tss,
                                  omp_sched_rand};
  for (size_t i = 0; i < sizeof extended / sizeof *extended; i++) {
    omp_set_schedule(extended[i], (int)i * 3);
    omp_get_schedule(&kind, &got_chunk);
    CHECK(kind == extended[i] && got_chunk == (int)i * 3, "omp_set_schedule(%d, %d) gave kind "
          "%#x chunk %d", (int)extended[i], (int)i * 3, (unsigned)kind, got_chunk);
    run(extended[i], (int)i * 3, false);
  }
  // wf2 needs weights, which schedule(runtime) cannot give: refused, the schedule stays.
  // WF2: omp2numa: warning: OMP_SCHEDULE='wf2': this schedule kind needs an array argument
  // WF2: omp2numa: warning: omp_set_schedule(104, 2): not a schedule kind of schedule(runtime); keeping 'rand'
  omp_set_schedule(omp_sched_wf2, 2);
  omp_get_schedule(&kind, &got_chunk);
  CHECK(kind == omp_sched_rand && got_chunk == 9, "omp_set_schedule(wf2) changed the schedule to "
        "%#x chunk %d", (unsigned)kind, got_chunk);
  run(omp_sched_rand, 9, false);
  return atomic_load(&num_failed);
}
