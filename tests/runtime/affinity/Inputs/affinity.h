/*
 * affinity.h -- the driver of the hand-lowered affinity(name) tests: runs one loop with
 * affinity(name) in a parallel region (or several in one region) and checks that every value ran
 * exactly once, remembering which thread ran it.
 *
 * One lowered loop, as the translator emits it (values first + k * step):
 *
 *   #pragma omp parallel num_threads(team)
 *   #pragma omp for schedule(kind, chunk) affinity(name)
 *   for (int64_t v = first; <n iterations>; v += step) { hits[v]++; who[v] = omp_get_thread_num(); }
 */
#ifndef O2N_TEST_AFFINITY_H
#define O2N_TEST_AFFINITY_H

#include "../../Inputs/check.h"

#include <inttypes.h>
#include <omp.h>
#include <omp2numa-abi.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Values run in [-VOFF, MAXV - VOFF). */
enum { VOFF = 1000, MAXV = 2000000 + VOFF };

static _Atomic int hits[MAXV];
static _Atomic int who[MAXV];
static _Atomic int team_seen;

/* One loop: its site (one per name and schedule, as a source file has) and its bounds. */
struct job {
  struct __omp2numa_loop_site *site;
  int64_t chunk;
  int64_t first, step;
  uint64_t n;
  int nowait;
};

/* A site per (name, kind, chunk) combination, created on first use (sites are static storage in
   emitted code; the runtime caches the name's map in __rt). */
static struct __omp2numa_loop_site *site_for(const char *name, int kind, int64_t chunk)
{
  static struct __omp2numa_loop_site sites[64];
  static int nsites;
  for (int i = 0; i < nsites; i++)
    if (strcmp(sites[i].affinity, name) == 0 && sites[i].kind == kind &&
        !!(sites[i].flags & __OMP2NUMA_LOOP_CHUNK) == (chunk > 0))
      return &sites[i];
  if (nsites == 64)
    abort();
  sites[nsites] = (struct __omp2numa_loop_site){"affinity.h", (unsigned)(100 + nsites), kind,
                                                chunk > 0 ? __OMP2NUMA_LOOP_CHUNK : 0, name, 0};
  return &sites[nsites++];
}

static int64_t value_of(const struct job *j, uint64_t k)
{
  return j->first + (int64_t)k * j->step;
}

static void run_job(const struct job *j)
{
  const int me = omp_get_thread_num();
  uint64_t lo, hi;
  if (__omp2numa_loop_start_affinity(j->site, j->n, j->chunk, NULL, j->first, j->step, &lo, &hi))
    do {
      for (uint64_t k = lo; k < hi; ++k) {
        const int64_t v = value_of(j, k);
        atomic_fetch_add_explicit(&hits[v + VOFF], 1, memory_order_relaxed);
        atomic_store_explicit(&who[v + VOFF], me, memory_order_relaxed);
      }
    } while (__omp2numa_loop_next(&lo, &hi));
  if (j->nowait)
    __omp2numa_loop_end_nowait();
  else
    __omp2numa_loop_end();
}

struct region {
  const struct job *jobs;
  int njobs;
};

static void region_fn(void *data)
{
  const struct region *r = data;
  if (omp_get_thread_num() == 0)
    atomic_store(&team_seen, omp_get_num_threads());
  for (int i = 0; i < r->njobs; i++)
    run_job(&r->jobs[i]);
}

static void clear_values(const struct job *jobs, int njobs)
{
  for (int i = 0; i < njobs; i++)
    for (uint64_t k = 0; k < jobs[i].n; k++) {
      atomic_store(&hits[value_of(&jobs[i], k) + VOFF], 0);
      atomic_store(&who[value_of(&jobs[i], k) + VOFF], -1);
    }
}

/* Runs the jobs in one region of `team` threads (0: the default); returns the team's size.
   The jobs' value sets must be disjoint: each value must then have run exactly once. */
static int run_region(const struct job *jobs, int njobs, int team)
{
  static const struct __omp2numa_region_site site = {"affinity.h", __LINE__, 0, 0};
  static const struct __omp2numa_region_site site_nt = {"affinity.h", __LINE__, 0,
                                                        __OMP2NUMA_REGION_NUM_THREADS};
  clear_values(jobs, njobs);
  struct region r = {jobs, njobs};
  __omp2numa_parallel(team ? &site_nt : &site, region_fn, &r, team, 1);
  for (int i = 0; i < njobs; i++)
    for (uint64_t k = 0; k < jobs[i].n; k++) {
      const int64_t v = value_of(&jobs[i], k);
      const int h = atomic_load(&hits[v + VOFF]);
      CHECK(h == 1, "%s:%u: value %" PRId64 " ran %d times", jobs[i].site->affinity,
            jobs[i].site->line, v, h);
    }
  return atomic_load(&team_seen);
}

/* One loop in its own region. */
static int run1(const char *name, int kind, int64_t chunk, int64_t first, int64_t step,
                uint64_t n, int team)
{
  const struct job j = {site_for(name, kind, chunk), chunk, first, step, n, 0};
  return run_region(&j, 1, team);
}

/* The thread that ran value v in the last loop that ran it. */
static int owner(int64_t v)
{
  return atomic_load(&who[v + VOFF]);
}

#endif /* O2N_TEST_AFFINITY_H */
