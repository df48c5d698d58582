/*
 * sched_factoring.c -- self-scheduling with chunk sizes that follow a formula: fac2, tss, wf2,
 * rand.
 *
 * Like dynamic, every thread takes its next chunk from shared counters, in one or two relaxed
 * atomic operations.  fac2 and tss number the chunks (one fetch-add on loop->nchunks) and compute
 * the bounds of chunk k in closed form, so that the chunks do not depend on which thread asks or
 * when.  wf2 and rand size the chunk for the thread that asks, and then claim it from the first
 * unassigned iteration (loop->next), as dynamic does.  P is the team size, N the trip count.
 *
 * Relaxed ordering is enough everywhere, for the reasons given in sched_dynamic.c: the counters'
 * modification orders alone make the chunks disjoint, and they publish no data (the loop's fields
 * were published with the work-share slot, work.c; what the iterations write is published by the
 * loop's barrier).
 */
#include "internal.h"

#include <math.h>

typedef unsigned __int128 u128;

/* Numbers the executions of rand loops, to seed the threads' generators. */
static _Atomic uint64_t rand_executions;

static uint64_t add_sat(uint64_t a, uint64_t b)
{
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t mul_sat(uint64_t a, uint64_t b)
{
  return b != 0 && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

static uint64_t min_u64(uint64_t a, uint64_t b)
{
  return a < b ? a : b;
}


/* Whether a counter that hands out chunks of at most max_size iterations may overshoot n, as in
   sched_dynamic.c: each thread's last call takes a chunk past n, and the last successful call may
   end past n, so the counter stays below n + (P + 1) * max_size. */
static bool may_overshoot(const struct o2n_loop *loop, uint64_t max_size)
{
  return max_size <= (UINT64_MAX - loop->n) / ((uint64_t)loop->nthreads + 1);
}

/* ------------------------------------------------------------------------------------------- */
/* fac2: factoring                                                                             */
/* ------------------------------------------------------------------------------------------- */

/*
 * Chunks come in batches of P.  Each chunk of batch b has ceil(N / (2^(b+1) P)) iterations, but at
 * least `min` (the chunk argument, default 1): each batch hands out about half of what the
 * previous ones left.  Chunk k belongs to batch k / P and starts after all the chunks before it.
 * Batches shrink until their chunks reach min (the "tail", from batch tail_batch on, all chunks of
 * size min); init finds that batch and where it starts, at most 65 batches in.  Before the tail, a
 * thread finds where batch b starts by summing the batches from its previous chunk's batch on (a
 * cursor in its own loop state that only moves forward, so a thread sums each batch once).
 */

/* ceil(N / (2^(b+1) P)), computed as ceil(ceil(N / 2^(b+1)) / P), which is the same number
   (nested ceilings of divisions by integers compose) and overflows nothing. */
static uint64_t fac2_share(uint64_t n, uint64_t p, uint64_t b)
{
  uint64_t half;
  if (b >= 63) {
    half = n != 0; /* N < 2^64 <= 2^(b+1) */
  } else {
    const unsigned s = (unsigned)b + 1;
    half = (n >> s) + ((n & ((UINT64_C(1) << s) - 1)) != 0);
  }
  return half / p + (half % p != 0);
}

static void fac2_init(struct o2n_loop *loop, const struct o2n_team *team)
{
  (void)team;
  if (loop->chunk == 0)
    loop->chunk = 1;
  const uint64_t n = loop->n, p = loop->nthreads, min = loop->chunk;
  atomic_store_explicit(&loop->nchunks, 0, memory_order_relaxed);
  /* fac2_share is 1 from batch 63 on, so this stops by then.  Saturation keeps the sums exact
     wherever they are below N, which is all that matters. */
  uint64_t b = 0, start = 0;
  for (uint64_t share; start < n && (share = fac2_share(n, p, b)) > min; b++)
    start = add_sat(start, mul_sat(p, share));
  loop->k.fac2.tail_batch = b;
  loop->k.fac2.tail_start = start;
  for (unsigned t = 0; t < loop->nthreads; t++) {
    loop->threads[t].batch = 0;
    loop->threads[t].batch_start = 0;
  }
}

/* The bounds of chunk k, cut at N: returns false if it starts at or past N.  self's cursor must
   not be past k's batch (a thread asks for increasing k). */
static bool fac2_bounds(const struct o2n_loop *loop, struct o2n_loop_thread *self, uint64_t k,
                        uint64_t *lo, uint64_t *hi)
{
  const uint64_t n = loop->n, p = loop->nthreads, min = loop->chunk;
  const uint64_t b = k / p, tail = loop->k.fac2.tail_batch;
  uint64_t start, size;
  if (b < tail) {
    for (; self->batch < b; self->batch++)
      self->batch_start = add_sat(self->batch_start, mul_sat(p, fac2_share(n, p, self->batch)));
    size = fac2_share(n, p, b);
    start = add_sat(self->batch_start, mul_sat(k % p, size));
  } else {
    /* tail <= 65, so tail * p does not overflow; the test keeps i * min below N - base. */
    const uint64_t i = k - tail * p, base = loop->k.fac2.tail_start;
    if (base >= n || i > (n - base - 1) / min)
      return false;
    size = min;
    start = base + i * min;
  }
  if (start >= n)
    return false;
  *lo = start;
  *hi = start + min_u64(size, n - start);
  return true;
}

/* Sets [*lo, *hi) to the next chunk, whichever thread asks, and returns true; returns false when
   every chunk has been handed out.  No lock: one relaxed fetch-add numbers the chunk and its
   bounds follow from the number alone (plus the caller's cursor, which no other thread touches).
   Each thread's last call takes a number past the last chunk: at most N + P numbers in all. */
static bool fac2_next(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
{
  const uint64_t k = atomic_fetch_add_explicit(&loop->nchunks, 1, memory_order_relaxed);
  return fac2_bounds(loop, &loop->threads[tid], k, lo, hi);
}

const struct o2n_sched_ops o2n_sched_fac2 = {
    .init = fac2_init,
    .next = fac2_next,
    .fini = NULL,
};

/* ------------------------------------------------------------------------------------------- */
/* tss: trapezoid self-scheduling (Tzen and Ni, 1993)                                          */
/* ------------------------------------------------------------------------------------------- */

/*
 * The first chunk has f = ceil(N / (2P)) iterations and the last l (the chunk argument, default 1;
 * f = l if l is larger); sizes decrease linearly in between, by d = (f - l) / (C - 1) per chunk,
 * over C = ceil(2N / (f + l)) chunks.  With real sizes f - i d, chunk i would start at
 * i f - d i (i - 1) / 2; chunk i starts at the floor of that:
 *
 *     lo(i) = i f - ceil(i (i - 1) (f - l) / (2 (C - 1)))         (lo(i) = i f when C = 1)
 *
 * and ends at min(lo(i + 1), N).  Every chunk has at least one iteration (the real sizes are at
 * least l >= 1, and floors of two reals at least 1 apart differ by at least 1), and lo(C) =
 * floor(C (f + l) / 2) >= N, so chunks 0 .. C-1 cover the loop.  128-bit arithmetic: when f > l,
 * C <= 4P, so i (i - 1) (f - l) < 16 P^2 2^64 fits while P < 2^30.
 */

static void tss_init(struct o2n_loop *loop, const struct o2n_team *team)
{
  (void)team;
  const uint64_t n = loop->n, twice_p = 2 * (uint64_t)loop->nthreads;
  const uint64_t last = loop->chunk ? loop->chunk : 1;
  uint64_t first = n / twice_p + (n % twice_p != 0);
  if (first < last)
    first = last;
  const u128 sum = (u128)first + last;
  loop->k.tss.first = first;
  loop->k.tss.last = last;
  /* At most N: f + l >= 2. */
  loop->k.tss.count = (uint64_t)(((u128)n * 2 + sum - 1) / sum);
  atomic_store_explicit(&loop->nchunks, 0, memory_order_relaxed);
}

/* lo(i) above, for i <= C. */
static u128 tss_lo(const struct o2n_loop *loop, uint64_t i)
{
  const uint64_t f = loop->k.tss.first, l = loop->k.tss.last, c = loop->k.tss.count;
  u128 lo = (u128)i * f;
  if (c > 1 && f > l && i > 1) {
    const u128 num = (u128)i * (i - 1) * (f - l), den = (u128)2 * (c - 1);
    lo -= (num + den - 1) / den;
  }
  return lo;
}

/* Sets [*lo, *hi) to the next chunk, whichever thread asks, and returns true; returns false when
   every chunk has been handed out.  No lock: one relaxed fetch-add numbers the chunk, as for
   fac2, and lo(i) gives its bounds. */
static bool tss_next(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
{
  (void)tid;
  const uint64_t i = atomic_fetch_add_explicit(&loop->nchunks, 1, memory_order_relaxed);
  if (i >= loop->k.tss.count)
    return false;
  const u128 start = tss_lo(loop, i), end = tss_lo(loop, i + 1);
  if (start >= loop->n)
    return false;
  *lo = (uint64_t)start;
  *hi = end < loop->n ? (uint64_t)end : loop->n;
  return true;
}

const struct o2n_sched_ops o2n_sched_tss = {
    .init = tss_init,
    .next = tss_next,
    .fini = NULL,
};

/* ------------------------------------------------------------------------------------------- */
/* wf2: weighted factoring                                                                     */
/* ------------------------------------------------------------------------------------------- */

/*
 * Thread t's chunk is w_t times the fac2 chunk of the current batch, at least `min`: the k-th
 * chunk handed out (whoever takes it) is in batch k / P, whose fac2 chunk is
 * ceil(N / (2^(b+1) P)), and the thread that takes it gets ceil(w_t * that) iterations.  The
 * weights are the map argument, one double per thread, normalised to a mean of 1 (only their
 * ratios matter: they are relative speeds), so that a batch still hands out about half of what is
 * left, as in fac2, and equal weights give fac2's chunk sizes.  Two relaxed atomic operations per
 * chunk: one numbers it (loop->nchunks), one claims it (loop->next).
 */

/* A double >= 0 rounded up to an integer, saturated at UINT64_MAX (no libm needed). */
static uint64_t ceil_u64(double x)
{
  if (!(x < 18446744073709551616.0)) /* 2^64 */
    return UINT64_MAX;
  uint64_t u = (uint64_t)x;
  return (double)u < x ? u + 1 : u;
}

static uint64_t wf2_size(const struct o2n_loop *loop, double weight, uint64_t k)
{
  const uint64_t share = fac2_share(loop->n, loop->nthreads, k / loop->nthreads);
  uint64_t size = ceil_u64(weight * (double)share);
  if (size < loop->chunk)
    size = loop->chunk;
  /* The largest chunk is that of the largest weight in batch 0, computed by init. */
  return size < loop->k.wf2.max ? size : loop->k.wf2.max;
}

static void wf2_init(struct o2n_loop *loop, const struct o2n_team *team)
{
  (void)team;
  const struct __omp2numa_loop_site *site = loop->site;
  const double *w = loop->map;
  const unsigned p = loop->nthreads;
  if (loop->chunk == 0)
    loop->chunk = 1;
  if (!w)
    o2n_fatal_at(site->file, site->line,
                 "schedule(wf2) needs an array of weights, one per thread");
  double largest = 0;
  for (unsigned t = 0; t < p; t++) {
    if (!(w[t] > 0) || !isfinite(w[t]))
      o2n_fatal_at(site->file, site->line,
                   "schedule(wf2): the weight of thread %u is %g; weights must be positive and "
                   "finite numbers",
                   t, w[t]);
    if (w[t] > largest)
      largest = w[t];
  }
  /* Scaled by the largest weight first, so that the sum cannot overflow nor the mean vanish: the
     scaled weights are in [0, 1] and their mean in [1/P, 1].  (A weight below 1e-308 times the
     largest scales to 0; its thread then gets chunks of the minimum size.) */
  double mean = 0;
  for (unsigned t = 0; t < p; t++)
    mean += w[t] / largest / p;
  for (unsigned t = 0; t < p; t++)
    loop->threads[t].weight = w[t] / largest / mean;
  loop->k.wf2.max = loop->n; /* no cut yet while computing the largest chunk */
  loop->k.wf2.max = wf2_size(loop, 1 / mean, 0);
  if (loop->k.wf2.max == 0)
    loop->k.wf2.max = 1; /* N = 0: any positive size */
  loop->may_overshoot = may_overshoot(loop, loop->k.wf2.max);
  atomic_store_explicit(&loop->nchunks, 0, memory_order_relaxed);
  atomic_store_explicit(&loop->next, 0, memory_order_relaxed);
}

/* Sets [*lo, *hi) to thread tid's next chunk (its weight times the current batch's fac2 size)
   and returns true, or returns false when every iteration has been handed out.  No lock: a
   relaxed load, then two relaxed atomic operations (number, claim).  The size is computed before
   the claim, so a chunk whose number is in batch b may start after chunks of batch b + 1: sizes
   follow the batches only approximately, as in every self-scheduled factoring. */
static bool wf2_next(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
{
  /* Once every iteration is handed out, do not bump the chunk counter any more (it would only
     move its cache line). */
  if (atomic_load_explicit(&loop->next, memory_order_relaxed) >= loop->n)
    return false;
  const uint64_t k = atomic_fetch_add_explicit(&loop->nchunks, 1, memory_order_relaxed);
  return o2n_sched_claim(loop, wf2_size(loop, loop->threads[tid].weight, k), lo, hi);
}

const struct o2n_sched_ops o2n_sched_wf2 = {
    .init = wf2_init,
    .next = wf2_next,
    .fini = NULL,
};

/* ------------------------------------------------------------------------------------------- */
/* rand: random chunk sizes                                                                    */
/* ------------------------------------------------------------------------------------------- */

/*
 * Each chunk's size is drawn uniformly in [max(N / (100P), min, 1), max(N / (2P), that)] (integer
 * divisions; min is the chunk argument) by the asking thread's own generator (xorshift64*,
 * seeded once per thread and loop execution from the thread number and a count of rand loops, so
 * a run is reproducible up to the threads' timing).  One relaxed atomic operation per chunk.
 */

static void rand_init(struct o2n_loop *loop, const struct o2n_team *team)
{
  (void)team;
  const uint64_t n = loop->n, p = loop->nthreads;
  uint64_t lo = n / (100 * p), hi = n / (2 * p);
  if (lo < loop->chunk)
    lo = loop->chunk;
  if (lo < 1)
    lo = 1;
  if (hi < lo)
    hi = lo;
  loop->k.rand.min = lo;
  loop->k.rand.max = hi;
  loop->may_overshoot = may_overshoot(loop, hi);
  atomic_store_explicit(&loop->next, 0, memory_order_relaxed);
  const uint64_t seed = atomic_fetch_add_explicit(&rand_executions, 1, memory_order_relaxed);
  for (unsigned t = 0; t < p; t++)
    loop->threads[t].rng = o2n_seed(seed, t);
}

/* Sets [*lo, *hi) to a chunk of random size for thread tid and returns true, or returns false
   when every iteration has been handed out.  No lock: one relaxed atomic operation (claim); the
   generator is the thread's own. */
static bool rand_next(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
{
  struct o2n_loop_thread *self = &loop->threads[tid];
  const uint64_t min = loop->k.rand.min, span = loop->k.rand.max - min + 1; /* min >= 1 */
  const uint64_t size = min + (uint64_t)(((u128)o2n_random(&self->rng) * span) >> 64);
  return o2n_sched_claim(loop, size, lo, hi);
}

const struct o2n_sched_ops o2n_sched_rand = {
    .init = rand_init,
    .next = rand_next,
    .fini = NULL,
};
