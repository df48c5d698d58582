/*
 * gomp_loop_ull.c -- libgomp's worksharing loops over unsigned long long (GOMP_loop_ull_*): gcc
 * calls them for loops whose iteration count does not fit a long (unsigned long long indices,
 * and collapsed nests).  `up` says whether the loop counts up; a loop that counts down has a
 * negative increment in two's complement.  Everything else is gomp_loop.c's.
 */
#include "gomp.h"

static struct o2n_gomp_loop bounds(bool up, o2n_ull start, o2n_ull end, o2n_ull incr)
{
  if (incr == 0)
    o2n_fatal("GOMP loop from %llu to %llu with an increment of 0", start, end);
  uint64_t n = 0;
  if (up && start < end)
    n = (end - start - 1) / incr + 1;
  else if (!up && start > end)
    n = (start - end - 1) / (0 - incr) + 1;
  return (struct o2n_gomp_loop){.n = n, .start = start, .incr = incr, .end = end};
}

static bool loop_start(const void *caller, int kind, int flags, bool up, o2n_ull start,
                       o2n_ull end, o2n_ull incr, o2n_ull chunk, o2n_ull *istart, o2n_ull *iend)
{
  const struct o2n_gomp_loop b = bounds(up, start, end, incr);
  uint64_t s, e;
  const bool got = o2n_gomp_loop_start(o2n_gomp_site(caller, kind, flags), &b,
                                       o2n_gomp_chunk(chunk, false), &s, &e);
  if (got) {
    *istart = s;
    *iend = e;
  }
  return got;
}

static bool loop_next(o2n_ull *istart, o2n_ull *iend)
{
  uint64_t s, e;
  const bool got = o2n_gomp_loop_next(&s, &e);
  if (got) {
    *istart = s;
    *iend = e;
  }
  return got;
}

/* The 5.0 entry points (gomp_loop.c's loop_start_sched says what istart NULL means). */
static bool loop_start_sched(const void *caller, const char *entry, int flags, bool up,
                             o2n_ull start, o2n_ull end, o2n_ull incr, long sched, o2n_ull chunk,
                             o2n_ull *istart, o2n_ull *iend, uintptr_t *reductions, void **mem)
{
  const int kind = o2n_gomp_sched_kind(sched, &flags);
  o2n_ull s, e;
  const bool got = loop_start(caller, kind, flags, up, start, end, incr, chunk, &s, &e);
  o2n_gomp_workshare_extras(entry, caller, reductions, mem);
  if (!istart)
    return true;
  if (got) {
    *istart = s;
    *iend = e;
  }
  return got;
}

/* ------------------------------------------------------------------------------------------- */
/* ABI                                                                                         */
/* ------------------------------------------------------------------------------------------- */

#define CALLER __builtin_return_address(0)

#define NEXT(name)                                                                               \
  O2N_ABI bool GOMP_loop_ull_##name##_next(o2n_ull *istart, o2n_ull *iend)                       \
  {                                                                                              \
    return loop_next(istart, iend);                                                              \
  }
#define O2N_GOMP_LOOP(name, kind, flags, parallel)                                               \
  O2N_ABI bool GOMP_loop_ull_##name##_start(bool up, o2n_ull start, o2n_ull end, o2n_ull incr,   \
                                            o2n_ull chunk, o2n_ull *istart, o2n_ull *iend)       \
  {                                                                                              \
    return loop_start(CALLER, __OMP2NUMA_SCHED_##kind, flags, up, start, end, incr, chunk,       \
                      istart, iend);                                                             \
  }                                                                                              \
  NEXT(name)
#define O2N_GOMP_LOOP_RUNTIME(name, flags, parallel)                                             \
  O2N_ABI bool GOMP_loop_ull_##name##_start(bool up, o2n_ull start, o2n_ull end, o2n_ull incr,   \
                                            o2n_ull *istart, o2n_ull *iend)                      \
  {                                                                                              \
    return loop_start(CALLER, __OMP2NUMA_SCHED_RUNTIME, flags, up, start, end, incr, 0, istart,  \
                      iend);                                                                     \
  }                                                                                              \
  NEXT(name)
#include "gomp_loops.def"

O2N_ABI bool GOMP_loop_ull_start(bool up, o2n_ull start, o2n_ull end, o2n_ull incr, long sched,
                                 o2n_ull chunk, o2n_ull *istart, o2n_ull *iend,
                                 uintptr_t *reductions, void **mem)
{
  return loop_start_sched(CALLER, "GOMP_loop_ull_start", 0, up, start, end, incr, sched, chunk,
                          istart, iend, reductions, mem);
}

O2N_ABI bool GOMP_loop_ull_ordered_start(bool up, o2n_ull start, o2n_ull end, o2n_ull incr,
                                         long sched, o2n_ull chunk, o2n_ull *istart,
                                         o2n_ull *iend, uintptr_t *reductions, void **mem)
{
  return loop_start_sched(CALLER, "GOMP_loop_ull_ordered_start", __OMP2NUMA_LOOP_ORDERED, up,
                          start, end, incr, sched, chunk, istart, iend, reductions, mem);
}
