/*
 * gomp_loop.c -- libgomp's worksharing loops over long (GOMP_loop_*, GOMP_parallel_loop_*), and
 * the conversion of every GOMP loop to loop.c's.
 *
 * libgomp hands out chunks in the user's iteration space ([*istart, *iend) with the loop's
 * increment), loop.c in the logical one (k = 0..n-1).  o2n_gomp_loop_start computes nothing but
 * the trip count and maps each chunk back: start + k * incr, and the loop's own end for the last
 * chunk.  The schedule is loop.c's for the kind of the entry point; the runtime entry points
 * read run-sched-var, so OMP_SCHEDULE=adaptive (fac2, tss, rand, ...) reaches gcc-compiled
 * schedule(runtime) loops.  Each call site has a loop site of its own (gomp_site.c), which names
 * the loop in OMP2NUMA_STATS.
 *
 * Ordered loops (gomp_work.c has GOMP_ordered_start): libgomp orders chunks, not iterations.  The
 * thread whose chunk starts at the ordered turn may run its ordered regions, which need no call
 * at their ends; it passes the turn on to the end of its chunk when it asks for the next one (or
 * leaves the loop), after waiting for the turn if no ordered region of the chunk took it.
 */
#include "gomp.h"

#include <limits.h>

bool o2n_gomp_loop_start(struct __omp2numa_loop_site *site, const struct o2n_gomp_loop *b,
                         int64_t chunk, uint64_t *istart, uint64_t *iend)
{
  uint64_t lo, hi;
  const bool got = o2n_loop_start_in_slot(site, b->n, chunk, &lo, &hi);
  struct o2n_thread *self = o2n_self();
  self->gomp = *b;
  self->gomp.pending = false;
  self->gomp.ordered = site->flags & __OMP2NUMA_LOOP_ORDERED;
  return o2n_gomp_chunk_out(&self->gomp, got, lo, hi, istart, iend);
}

void o2n_gomp_loop_enter(struct __omp2numa_loop_site *site, const struct o2n_gomp_loop *b,
                         int64_t chunk)
{
  struct o2n_gomp_loop *g = &o2n_self()->gomp;
  *g = *b;
  g->has_chunk = false;
  g->pending = true;
  g->pending_site = site;
  g->pending_chunk = chunk;
}

/* An ordered loop: hands the ordered turn on from the thread's chunk to the next one. */
static void ordered_pass(struct o2n_thread *self)
{
  struct o2n_ws *ws = self->ws;
  if (!self->gomp.ordered || !self->gomp.has_chunk || !ws)
    return;
  if (!self->ordered_done)
    o2n_ordered_wait(self, ws, self->ordered_iter);
  o2n_ordered_pass(ws, self->gomp.hi);
  self->gomp.has_chunk = false;
}

bool o2n_gomp_loop_next_slow(uint64_t *istart, uint64_t *iend)
{
  struct o2n_thread *self = o2n_self();
  struct o2n_gomp_loop *g = &self->gomp;
  if (g->pending) {
    const struct o2n_gomp_loop b = *g;
    return o2n_gomp_loop_start(g->pending_site, &b, g->pending_chunk, istart, iend);
  }
  /* The thread that ran the final chunk takes no other (o2n_gomp_loop_next says why). */
  const bool ran_final = g->has_chunk && g->hi == g->n;
  ordered_pass(self);
  if (ran_final)
    return o2n_gomp_chunk_out(g, false, 0, 0, istart, iend);
  uint64_t lo, hi;
  const bool got = __omp2numa_loop_next(&lo, &hi);
  return o2n_gomp_chunk_out(g, got, lo, hi, istart, iend);
}

void o2n_gomp_loop_end(bool nowait)
{
  struct o2n_thread *self = o2n_self();
  if (self->gomp.pending) {
    /* The body computed its chunks itself: the loop never started. */
    self->gomp.pending = false;
    if (!nowait)
      __omp2numa_barrier();
    return;
  }
  ordered_pass(self);
  if (nowait)
    __omp2numa_loop_end_nowait();
  else
    __omp2numa_loop_end();
}

int o2n_gomp_sched_kind(long sched, int *flags)
{
  /* Indexed by libgomp's kinds. */
  static const int kinds[] = {__OMP2NUMA_SCHED_RUNTIME, __OMP2NUMA_SCHED_STATIC,
                              __OMP2NUMA_SCHED_DYNAMIC, __OMP2NUMA_SCHED_GUIDED,
                              __OMP2NUMA_SCHED_AUTO};
  /* As libgomp, which masks with ~GFS_MONOTONIC, an unsigned int: the low 31 bits. */
  const unsigned long kind = (unsigned long)sched & (GOMP_SCHED_MONOTONIC - 1u);
  if (kind >= sizeof kinds / sizeof *kinds)
    o2n_fatal("GOMP_loop_start: unknown schedule kind %lu", kind);
  *flags |= (sched & GOMP_SCHED_MONOTONIC) ? __OMP2NUMA_LOOP_MONOTONIC : 0;
  return kinds[kind];
}

int64_t o2n_gomp_chunk(uint64_t chunk, bool is_signed)
{
  if (is_signed)
    return (int64_t)chunk > 0 ? (int64_t)chunk : 0;
  return chunk > INT64_MAX ? INT64_MAX : (int64_t)chunk;
}

/* ------------------------------------------------------------------------------------------- */
/* long                                                                                        */
/* ------------------------------------------------------------------------------------------- */

static struct o2n_gomp_loop bounds(long start, long end, long incr)
{
  if (incr == 0)
    o2n_fatal("GOMP loop from %ld to %ld with an increment of 0", start, end);
  const uint64_t s = (uint64_t)start, e = (uint64_t)end, i = (uint64_t)incr;
  uint64_t n = 0;
  if (incr > 0 && start < end)
    n = (e - s - 1) / i + 1;
  else if (incr < 0 && start > end)
    n = (s - e - 1) / (0 - i) + 1;
  return (struct o2n_gomp_loop){.n = n, .start = s, .incr = i, .end = e};
}

static bool loop_start(const void *caller, int kind, int flags, long start, long end, long incr,
                       long chunk, long *istart, long *iend)
{
  const struct o2n_gomp_loop b = bounds(start, end, incr);
  uint64_t s, e;
  const bool got = o2n_gomp_loop_start(o2n_gomp_site(caller, kind, flags), &b,
                                       o2n_gomp_chunk((uint64_t)chunk, true), &s, &e);
  if (got) {
    *istart = (long)s;
    *iend = (long)e;
  }
  return got;
}

static bool loop_next(long *istart, long *iend)
{
  uint64_t s, e;
  const bool got = o2n_gomp_loop_next(&s, &e);
  if (got) {
    *istart = (long)s;
    *iend = (long)e;
  }
  return got;
}

/* The 5.0 entry points: the schedule is an argument; istart NULL starts the construct only (gcc
   computes a static schedule itself and needs the construct for reductions or mem). */
static bool loop_start_sched(const void *caller, const char *entry, int flags, long start,
                             long end, long incr, long sched, long chunk, long *istart,
                             long *iend, uintptr_t *reductions, void **mem)
{
  const int kind = o2n_gomp_sched_kind(sched, &flags);
  long s, e;
  const bool got = loop_start(caller, kind, flags, start, end, incr, chunk, &s, &e);
  o2n_gomp_workshare_extras(entry, caller, reductions, mem);
  if (!istart)
    return true;
  if (got) {
    *istart = s;
    *iend = e;
  }
  return got;
}

struct parallel_loop {
  struct __omp2numa_loop_site *site;
  struct o2n_gomp_loop bounds;
  int64_t chunk;
};

static void parallel_loop_enter(void *arg)
{
  const struct parallel_loop *p = arg;
  o2n_gomp_loop_enter(p->site, &p->bounds, p->chunk);
}

static void parallel_loop(const void *caller, int kind, int flags, o2n_gomp_fn fn, void *data,
                          unsigned num_threads, long start, long end, long incr, long chunk,
                          unsigned pflags)
{
  struct parallel_loop p = {o2n_gomp_site(caller, kind, flags), bounds(start, end, incr),
                            o2n_gomp_chunk((uint64_t)chunk, true)};
  o2n_gomp_parallel(fn, data, num_threads, pflags, parallel_loop_enter, &p);
}

/* GOMP 1.0's combined forms: the caller runs the body itself, then calls GOMP_parallel_end. */
static void parallel_loop_start(const void *caller, int kind, int flags, o2n_gomp_fn fn,
                                void *data, unsigned num_threads, long start, long end, long incr,
                                long chunk)
{
  struct parallel_loop p = {o2n_gomp_site(caller, kind, flags), bounds(start, end, incr),
                            o2n_gomp_chunk((uint64_t)chunk, true)};
  o2n_gomp_parallel_start(fn, data, num_threads, parallel_loop_enter, &p, sizeof p);
}

/* ------------------------------------------------------------------------------------------- */
/* ABI                                                                                         */
/* ------------------------------------------------------------------------------------------- */

#define CALLER __builtin_return_address(0)

/* gcc 12 calls GOMP_parallel_loop_static without the chunk argument when the clause has none
   (its body computes the static schedule itself, so the loop never starts): flags then arrive as
   the chunk, and the flags argument is whatever the stack holds.  libgomp takes them as they
   come; here, flags that are not a proc_bind value are taken from the chunk argument. */
static unsigned static_flags(long chunk, unsigned pflags)
{
  return pflags <= omp_proc_bind_spread ? pflags : (unsigned)chunk & 7;
}

#define PARALLEL_PARALLEL(name, kind, flags)                                                     \
  O2N_ABI void GOMP_parallel_loop_##name(o2n_gomp_fn fn, void *data, unsigned num_threads,      \
                                         long start, long end, long incr, long chunk,            \
                                         unsigned pflags)                                        \
  {                                                                                              \
    if (__OMP2NUMA_SCHED_##kind == __OMP2NUMA_SCHED_STATIC)                                     \
      pflags = static_flags(chunk, pflags);                                                      \
    parallel_loop(CALLER, __OMP2NUMA_SCHED_##kind, flags, fn, data, num_threads, start, end,    \
                  incr, chunk, pflags);                                                          \
  }
#define PARALLEL_NOT_PARALLEL(name, kind, flags)
#define RUNTIME_PARALLEL(name, flags)                                                            \
  O2N_ABI void GOMP_parallel_loop_##name(o2n_gomp_fn fn, void *data, unsigned num_threads,      \
                                         long start, long end, long incr, unsigned pflags)       \
  {                                                                                              \
    parallel_loop(CALLER, __OMP2NUMA_SCHED_RUNTIME, flags, fn, data, num_threads, start, end,   \
                  incr, 0, pflags);                                                              \
  }
#define RUNTIME_NOT_PARALLEL(name, flags)

#define NEXT(name)                                                                               \
  O2N_ABI bool GOMP_loop_##name##_next(long *istart, long *iend)                                 \
  {                                                                                              \
    return loop_next(istart, iend);                                                              \
  }
#define O2N_GOMP_LOOP(name, kind, flags, parallel)                                               \
  O2N_ABI bool GOMP_loop_##name##_start(long start, long end, long incr, long chunk,             \
                                        long *istart, long *iend)                                \
  {                                                                                              \
    return loop_start(CALLER, __OMP2NUMA_SCHED_##kind, flags, start, end, incr, chunk, istart,   \
                      iend);                                                                     \
  }                                                                                              \
  NEXT(name)                                                                                     \
  PARALLEL_##parallel(name, kind, flags)
#define O2N_GOMP_LOOP_RUNTIME(name, flags, parallel)                                             \
  O2N_ABI bool GOMP_loop_##name##_start(long start, long end, long incr, long *istart,           \
                                        long *iend)                                              \
  {                                                                                              \
    return loop_start(CALLER, __OMP2NUMA_SCHED_RUNTIME, flags, start, end, incr, 0, istart,      \
                      iend);                                                                     \
  }                                                                                              \
  NEXT(name)                                                                                     \
  RUNTIME_##parallel(name, flags)
#include "gomp_loops.def"

O2N_ABI bool GOMP_loop_start(long start, long end, long incr, long sched, long chunk,
                             long *istart, long *iend, uintptr_t *reductions, void **mem)
{
  return loop_start_sched(CALLER, "GOMP_loop_start", 0, start, end, incr, sched, chunk, istart,
                          iend, reductions, mem);
}

O2N_ABI bool GOMP_loop_ordered_start(long start, long end, long incr, long sched, long chunk,
                                     long *istart, long *iend, uintptr_t *reductions, void **mem)
{
  return loop_start_sched(CALLER, "GOMP_loop_ordered_start", __OMP2NUMA_LOOP_ORDERED, start, end,
                          incr, sched, chunk, istart, iend, reductions, mem);
}

#define PARALLEL_LOOP_START(name, kind, flags)                                                   \
  O2N_ABI void GOMP_parallel_loop_##name##_start(o2n_gomp_fn fn, void *data,                    \
                                                 unsigned num_threads, long start, long end,     \
                                                 long incr, long chunk)                          \
  {                                                                                              \
    parallel_loop_start(CALLER, __OMP2NUMA_SCHED_##kind, flags, fn, data, num_threads, start,   \
                        end, incr, chunk);                                                       \
  }
PARALLEL_LOOP_START(static, STATIC, __OMP2NUMA_LOOP_MONOTONIC)
PARALLEL_LOOP_START(dynamic, DYNAMIC, __OMP2NUMA_LOOP_MONOTONIC)
PARALLEL_LOOP_START(guided, GUIDED, __OMP2NUMA_LOOP_MONOTONIC)

O2N_ABI void GOMP_parallel_loop_runtime_start(o2n_gomp_fn fn, void *data, unsigned num_threads,
                                              long start, long end, long incr)
{
  parallel_loop_start(CALLER, __OMP2NUMA_SCHED_RUNTIME, __OMP2NUMA_LOOP_MONOTONIC, fn, data,
                      num_threads, start, end, incr, 0);
}

O2N_ABI void GOMP_loop_end(void)
{
  o2n_gomp_loop_end(false);
}

O2N_ABI void GOMP_loop_end_nowait(void)
{
  o2n_gomp_loop_end(true);
}
