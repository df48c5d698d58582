/*
 * gomp_work.c -- libgomp's single (with copyprivate), sections and ordered, on single.c, the
 * loops of gomp_loop.c and ordered.c.
 *
 * Sections are a dynamic loop with chunks of one over the section numbers 1..count, which is
 * what GOMP_sections_start and GOMP_sections_next return (0: no section left).
 */
#include "gomp.h"

/* ------------------------------------------------------------------------------------------- */
/* single                                                                                      */
/* ------------------------------------------------------------------------------------------- */

O2N_ABI bool GOMP_single_start(void)
{
  /* gcc emits no call at the end of the block: the winner is done with the construct at once. */
  const bool won = __omp2numa_single_start();
  __omp2numa_single_end();
  return won;
}

O2N_ABI void *GOMP_single_copy_start(void)
{
  return __omp2numa_single_copy_start();
}

O2N_ABI void GOMP_single_copy_end(void *data)
{
  /* gcc calls GOMP_barrier after the copies, on every thread: no barrier here. */
  o2n_single_copy_publish(o2n_self(), data, "GOMP_single_copy_end");
}

/* ------------------------------------------------------------------------------------------- */
/* sections                                                                                    */
/* ------------------------------------------------------------------------------------------- */

static struct o2n_gomp_loop sections(unsigned count)
{
  return (struct o2n_gomp_loop){.n = count, .start = 1, .incr = 1, .end = (uint64_t)count + 1};
}

static unsigned sections_start(const void *caller, unsigned count)
{
  const struct o2n_gomp_loop b = sections(count);
  uint64_t first, end;
  struct __omp2numa_loop_site *site = o2n_gomp_site(caller, __OMP2NUMA_SCHED_DYNAMIC, 0);
  return o2n_gomp_loop_start(site, &b, 1, &first, &end) ? (unsigned)first : 0;
}

O2N_ABI unsigned GOMP_sections_start(unsigned count)
{
  return sections_start(__builtin_return_address(0), count);
}

O2N_ABI unsigned GOMP_sections2_start(unsigned count, uintptr_t *reductions, void **mem)
{
  const void *caller = __builtin_return_address(0);
  const unsigned first = sections_start(caller, count);
  o2n_gomp_workshare_extras("GOMP_sections2_start", caller, reductions, mem);
  return first;
}

O2N_ABI unsigned GOMP_sections_next(void)
{
  uint64_t section, end;
  return o2n_gomp_loop_next(&section, &end) ? (unsigned)section : 0;
}

O2N_ABI void GOMP_sections_end(void)
{
  o2n_gomp_loop_end(false);
}

O2N_ABI void GOMP_sections_end_nowait(void)
{
  o2n_gomp_loop_end(true);
}

struct parallel_sections {
  struct __omp2numa_loop_site *site;
  unsigned count;
};

static void parallel_sections_enter(void *arg)
{
  const struct parallel_sections *p = arg;
  const struct o2n_gomp_loop b = sections(p->count);
  o2n_gomp_loop_enter(p->site, &b, 1);
}

O2N_ABI void GOMP_parallel_sections(o2n_gomp_fn fn, void *data, unsigned num_threads,
                                    unsigned count, unsigned flags)
{
  struct parallel_sections p = {
      o2n_gomp_site(__builtin_return_address(0), __OMP2NUMA_SCHED_DYNAMIC, 0), count};
  o2n_gomp_parallel(fn, data, num_threads, flags, parallel_sections_enter, &p);
}

O2N_ABI void GOMP_parallel_sections_start(o2n_gomp_fn fn, void *data, unsigned num_threads,
                                          unsigned count)
{
  struct parallel_sections p = {
      o2n_gomp_site(__builtin_return_address(0), __OMP2NUMA_SCHED_DYNAMIC, 0), count};
  o2n_gomp_parallel_start(fn, data, num_threads, parallel_sections_enter, &p, sizeof p);
}

/* ------------------------------------------------------------------------------------------- */
/* ordered: the chunk that holds the turn runs its ordered regions (gomp_loop.c passes the turn */
/* on); libgomp's GOMP_ordered_end does nothing either                                          */
/* ------------------------------------------------------------------------------------------- */

O2N_ABI void GOMP_ordered_start(void)
{
  struct o2n_thread *self = o2n_self();
  /* libgomp: a team of one has nothing to order (an orphaned ordered construct outside a loop
     included). */
  if (self->team->nthreads == 1 && !self->ws)
    return;
  struct o2n_ws *ws = o2n_ordered_slot(self, "GOMP_ordered_start");
  if (!self->ordered_done) {
    o2n_ordered_wait(self, ws, self->ordered_iter);
    self->ordered_done = true;
  }
}

O2N_ABI void GOMP_ordered_end(void)
{
}
