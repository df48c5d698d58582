/*
 * doacross.c -- depend(source) and depend(sink: ...) in loops with the ordered(n) clause.
 *
 * The emitted code keeps the current iteration's vector of logical indices, one per loop of the
 * ordered(n) nest, and passes it to __omp2numa_doacross_post (depend(source)); a sink vector is
 * passed to __omp2numa_doacross_wait, as signed logical indices that may lie outside the
 * iteration space (the wait is then ignored, as OpenMP says).
 *
 * State: iterations are numbered L in lexicographic order of their vectors, and the numbers are
 * cut into entries of `span` consecutive iterations, each a futex word holding 1 + the offset in
 * the entry of the last iteration that posted (0: none yet).  An entry never straddles two
 * logical iterations of the distributed (collapsed) loop, so one thread runs all of its
 * iterations, in increasing order, and its value only grows: a wait for L returns once L's entry
 * holds more than L's offset, that is once L, or a later iteration of the same entry, has posted
 * (as in libgomp, where a later post of the same chunk also releases a wait).  span is the number
 * of iterations of the sequential inner loops (one per distributed iteration), made smaller by
 * whole inner loops until it fits the futex word's 31 bits.  Memory: 4 bytes per entry, so 4
 * bytes per logical iteration of the distributed loop when its inner loops are small, allocated
 * when the loop starts and freed when the last thread leaves it.
 *
 * Memory order: a post stores with release and a wait reads with acquire (o2n_futex_store and
 * o2n_futex_wait), so what the source iteration wrote before its post is visible after the wait.
 *
 * Progress: OpenMP requires sink iterations to be lexicographically earlier than the waiting one
 * (the translator drops those that are not).  Doacross loops are monotonic (loop.c), so every
 * schedule runs each thread's chunks, and each chunk's iterations, in increasing order, and the
 * adaptive schedule's thieves work on one range at a time, front first: the earliest iteration
 * that has not posted is always the one its thread is running or about to run, and it waits only
 * for earlier iterations, which have posted.  So some thread always progresses (the argument of
 * ordered.c).  Waits spin for the team's budget (OMP_WAIT_POLICY), then sleep on the entry.
 */
#include "internal.h"

#include <stdlib.h>

const struct o2n_doacross *o2n_doacross_self(struct o2n_thread *self, const char *entry)
{
  struct o2n_ws *ws = self->ws;
  if (!ws || ws->kind != O2N_WS_LOOP || !ws->loop.doacross)
    o2n_fatal("%s: a depend(source) or depend(sink) outside a loop with ordered(n)", entry);
  return ws->loop.doacross;
}

/* Product of counts[from..to-1]; stops the program when it does not fit in 64 bits. */
static uint64_t product(const uint64_t *counts, unsigned from, unsigned to)
{
  uint64_t p = 1;
  for (unsigned d = from; d < to; d++)
    if (__builtin_mul_overflow(p, counts[d], &p))
      o2n_fatal("doacross loop: the iteration space of the ordered(n) nest has 2^64 iterations "
                "or more");
  return p;
}

void o2n_doacross_init(struct o2n_loop *loop, unsigned ndims, const uint64_t *counts)
{
  const uint64_t total = product(counts, 0, ndims);
  /* The distributed loop's iterations are the first `outer` dimensions' (collapsed ones, and
     dimensions of one iteration after them, which change nothing). */
  unsigned outer = 0;
  while (outer < ndims && product(counts, 0, outer) != loop->n)
    outer++;
  if (total != 0 && product(counts, 0, outer) != loop->n)
    o2n_fatal_at(loop->site->file, loop->site->line, "doacross loop: %llu logical iterations "
                 "do not match the trip counts of its loops", (unsigned long long)loop->n);
  /* Without iterations, no entries: the counts after the first 0 are not read (gcc leaves them
     uncomputed). */
  if (total == 0)
    outer = ndims;
  while (product(counts, outer, ndims) > O2N_FUTEX_VALUE_MASK)
    outer++;
  const uint64_t span = product(counts, outer, ndims);
  const uint64_t nentries = total ? total / span : 0;
  /* One allocation: the struct, the counts, the entries (zeroed: nothing posted). */
  const size_t head = sizeof(struct o2n_doacross) + ndims * sizeof(uint64_t);
  const size_t entries_at = (head + _Alignof(struct o2n_futex) - 1) / _Alignof(struct o2n_futex) *
                            _Alignof(struct o2n_futex);
  if (nentries > (SIZE_MAX - entries_at) / sizeof(struct o2n_futex))
    o2n_fatal_at(loop->site->file, loop->site->line, "doacross loop: too many iterations");
  char *block = o2n_xcalloc(1, entries_at + nentries * sizeof(struct o2n_futex));
  struct o2n_doacross *d = (struct o2n_doacross *)block;
  d->ndims = ndims;
  d->span = span;
  d->counts = (uint64_t *)(block + sizeof *d);
  for (unsigned i = 0; i < ndims; i++)
    d->counts[i] = counts[i];
  d->entries = (struct o2n_futex *)(block + entries_at);
  loop->doacross = d;
}

void o2n_doacross_fini(struct o2n_loop *loop)
{
  free(loop->doacross);
  loop->doacross = NULL;
}

/* The number of the iteration whose vector is v (each index within its count). */
static uint64_t linear(const struct o2n_doacross *d, const uint64_t *v)
{
  uint64_t l = v[0];
  for (unsigned i = 1; i < d->ndims; i++)
    l = l * d->counts[i] + v[i];
  return l;
}

O2N_ABI void __omp2numa_doacross_post(const uint64_t *iteration)
{
  const struct o2n_doacross *d = o2n_doacross_self(o2n_self(), "__omp2numa_doacross_post");
  const uint64_t l = linear(d, iteration);
  /* Release: the source iteration's writes happen before the waits that see this value. */
  o2n_futex_store(&d->entries[l / d->span], (uint32_t)(l % d->span + 1));
}

O2N_ABI void __omp2numa_doacross_wait(const int64_t *sink)
{
  struct o2n_thread *self = o2n_self();
  const struct o2n_doacross *d = o2n_doacross_self(self, "__omp2numa_doacross_wait");
  uint64_t l = 0; /* linear()'s number, with each index checked */
  for (unsigned i = 0; i < d->ndims; i++) {
    /* OpenMP: a sink iteration outside the iteration space is ignored. */
    if (sink[i] < 0 || (uint64_t)sink[i] >= d->counts[i])
      return;
    l = l * d->counts[i] + (uint64_t)sink[i];
  }
  struct o2n_futex *entry = &d->entries[l / d->span];
  const uint32_t offset = (uint32_t)(l % d->span);
  /* Acquire (here and in o2n_futex_wait): the source iteration's writes come with its post. */
  uint32_t posted = o2n_futex_value(entry, memory_order_acquire);
  while (posted <= offset)
    posted = o2n_futex_wait(entry, posted, self->team->spins);
}
