/*
 * gomp_doacross.c -- libgomp's ABI for doacross loops (ordered(n) with depend(source) and
 * depend(sink: ...)): the GOMP_loop_doacross_*_start entry points and GOMP_doacross_post/wait,
 * with their unsigned long long forms, for code compiled with gcc -fopenmp (docs/gomp-abi.md).
 *
 * gcc collapses the collapse(c) outer loops of an ordered(n) nest into one: it passes
 * ncounts = n - c + 1 logical trip counts, the first of them the collapsed loops' product, which
 * is the logical iteration space of the chunks (istart, iend), and iteration vectors of ncounts
 * logical indices.  That is omp2numa's doacross loop (loop.c, doacross.c) as it is: counts[0]
 * logical iterations, ncounts loops.  The chunks come from the schedule's next entry point
 * (gomp_loop.c), on a loop whose user values are the logical ones (start 0, increment 1).  gcc
 * checks sink vectors against the loop bounds itself; post and wait convert nothing.
 */
#include "gomp.h"

#include <stdarg.h>
#include <string.h>

#define CALLER __builtin_return_address(0)

/* Every start entry point: this thread's part of the doacross loop at the caller's site.
   counts, istart and iend are long or unsigned long long (64 bits, copied as bytes); the chunk is
   written only when the thread has one, as libgomp does. */
static bool doacross_start(const void *caller, int kind, unsigned ncounts, const void *counts,
                           int64_t chunk, void *istart, void *iend)
{
  uint64_t c[ncounts ? ncounts : 1];
  memcpy(c, counts, ncounts * sizeof *c);
  const int flags = __OMP2NUMA_LOOP_DOACROSS | (chunk > 0 ? __OMP2NUMA_LOOP_CHUNK : 0);
  uint64_t lo, hi;
  const bool got = __omp2numa_doacross_start(o2n_gomp_site(caller, kind, flags), c[0], chunk,
                                             NULL, ncounts, c, &lo, &hi);
  struct o2n_thread *self = o2n_self();
  self->gomp = (struct o2n_gomp_loop){.n = c[0], .start = 0, .incr = 1, .end = c[0], .hi = hi,
                                      .has_chunk = got};
  if (got && istart) {
    memcpy(istart, &lo, sizeof lo);
    memcpy(iend, &hi, sizeof hi);
  }
  return got;
}

/* The start entry points of a schedule with a chunk argument. */
#define CHUNKED(type, ull, is_signed, name, kind)                                                \
  O2N_ABI bool GOMP_loop##ull##doacross_##name##_start(unsigned ncounts, type *counts,          \
                                                       type chunk, type *istart, type *iend)    \
  {                                                                                              \
    return doacross_start(CALLER, __OMP2NUMA_SCHED_##kind, ncounts, counts,                     \
                          o2n_gomp_chunk((uint64_t)chunk, is_signed), istart, iend);            \
  }

#define DOACROSS(type, ull, is_signed)                                                           \
  CHUNKED(type, ull, is_signed, static, STATIC)                                                  \
  CHUNKED(type, ull, is_signed, dynamic, DYNAMIC)                                                \
  CHUNKED(type, ull, is_signed, guided, GUIDED)                                                  \
  O2N_ABI bool GOMP_loop##ull##doacross_runtime_start(unsigned ncounts, type *counts,           \
                                                      type *istart, type *iend)                 \
  {                                                                                              \
    return doacross_start(CALLER, __OMP2NUMA_SCHED_RUNTIME, ncounts, counts, 0, istart, iend);  \
  }                                                                                              \
  /* 5.0: the schedule is an argument, and so are task reductions and mem; istart NULL starts   \
     the construct only (gcc computes a static schedule itself). */                             \
  O2N_ABI bool GOMP_loop##ull##doacross_start(unsigned ncounts, type *counts, long sched,       \
                                              type chunk, type *istart, type *iend,             \
                                              uintptr_t *reductions, void **mem)                \
  {                                                                                              \
    int flags = 0; /* doacross loops are monotonic anyway (loop.c) */                            \
    const int kind = o2n_gomp_sched_kind(sched, &flags);                                         \
    const bool got = doacross_start(CALLER, kind, ncounts, counts,                               \
                                    o2n_gomp_chunk((uint64_t)chunk, is_signed), istart, iend);  \
    o2n_gomp_workshare_extras("GOMP_loop" #ull "doacross_start", CALLER, reductions, mem);      \
    return got || !istart;                                                                       \
  }
DOACROSS(long, _, true)
DOACROSS(o2n_ull, _ull_, false)

O2N_ABI void GOMP_doacross_post(long *counts)
{
  __omp2numa_doacross_post((const uint64_t *)counts);
}

O2N_ABI void GOMP_doacross_ull_post(o2n_ull *counts)
{
  __omp2numa_doacross_post((const uint64_t *)counts);
}

/* The sink vector of a wait: first, then the rest of the loop's ncounts indices from ap. */
#define WAIT(type, entry)                                                                        \
  const unsigned ndims = o2n_doacross_self(o2n_self(), entry)->ndims;                           \
  int64_t sink[ndims];                                                                           \
  sink[0] = (int64_t)first;                                                                      \
  va_list ap;                                                                                    \
  va_start(ap, first);                                                                           \
  for (unsigned d = 1; d < ndims; d++)                                                           \
    sink[d] = (int64_t)va_arg(ap, type);                                                         \
  va_end(ap);                                                                                    \
  __omp2numa_doacross_wait(sink)

O2N_ABI void GOMP_doacross_wait(long first, ...)
{
  WAIT(long, "GOMP_doacross_wait");
}

O2N_ABI void GOMP_doacross_ull_wait(o2n_ull first, ...)
{
  WAIT(o2n_ull, "GOMP_doacross_ull_wait");
}
