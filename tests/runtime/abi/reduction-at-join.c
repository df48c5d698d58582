// __omp2numa_reduce_at_join, hand-lowered: a reduction that ends its region is combined by the
// join.  Each thread returns from the call at once (a worker may leave the region while thread 0
// has not reached its reduction yet, which __omp2numa_reduce's barrier would never allow); the
// partials and the targets are copied (the thread's stack is overwritten after the call); they
// are combined in thread order 0..n-1 whatever the arrival order, so a static sum is bitwise the
// sequential one in that order; a partial larger than the slot takes the barrier; a team of one
// combines at once; nested regions; a cancelled region's partials are not combined.  The
// workers' partials of 16 bytes or less wait next to the team's running count while they fit
// (three workers at most), in the workers' descriptors beyond: 5 and 8 threads.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP_CANCELLATION=true %o2n-run %t
// RUN: env OMP_NUM_THREADS=3,2 OMP_MAX_ACTIVE_LEVELS=2 OMP_CANCELLATION=true %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP_WAIT_POLICY=passive %o2n-run %t
// RUN: env OMP_NUM_THREADS=5 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP_WAIT_POLICY=passive %o2n-run %t
//
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
#include "../Inputs/check.h"
#include "Inputs/static-order-sum.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

enum { N = 100003, RUNS = 20 };

static double a[N];

// Leaves room for a thread's partial and targets to be overwritten once its call has returned.
static __attribute__((noinline)) void clobber_stack(void)
{
  volatile unsigned char junk[512];
  memset((void *)junk, 0xa5, sizeof junk);
}

// double sum = 0.0; int top = -1;
// #pragma omp parallel for reduction(+:sum) reduction(max:top)
// for (int i = 0; i < N; i++) { sum += a[i]; if ((int)(i % 977) > top) top = i % 977; }
struct targets {
  double *sum;
  int *top;
};

struct partial {
  double sum;
  int top;
};

static void combine(void *shared, void *data)
{
  struct targets *t = shared;
  struct partial *p = data;
  *t->sum += p->sum;
  if (p->top > *t->top)
    *t->top = p->top;
}

static __attribute__((noinline)) void sum_reduce(void *data)
{
  static struct __omp2numa_loop_site loop = {"reduction-at-join.c", __LINE__,
                                             __OMP2NUMA_SCHED_STATIC, 0, 0, 0};
  struct targets tgt = *(struct targets *)data;
  struct partial partial = {0.0, -1};
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&loop, N, 0, 0, &lo, &hi)) do {
      for (uint64_t k = lo; k < hi; ++k) {
        partial.sum += a[k];
        if ((int)(k % 977) > partial.top)
          partial.top = (int)(k % 977);
      }
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_reduce_at_join(&partial, sizeof partial, combine, &tgt, sizeof tgt);
  // Both were copied: the join must not read them.
  memset(&partial, 0xff, sizeof partial);
  memset(&tgt, 0, sizeof tgt);
  __omp2numa_loop_end_nowait();
}

static void sum_region(void *data)
{
  sum_reduce(data);
  clobber_stack();
}

static double reduce_once(int *top)
{
  static const struct __omp2numa_region_site site = {"reduction-at-join.c", __LINE__, 0, 0};
  double sum = 0.0;
  *top = -1;
  struct targets tgt = {&sum, top};
  __omp2numa_parallel(&site, sum_region, &tgt, 0, 1);
  return sum;
}

static void static_sums(void)
{
  const int nthreads = omp_get_max_threads();
  const double expected = static_order_sum(a, N, nthreads);
  for (int run = 0; run < RUNS; run++) {
    int top;
    double sum = reduce_once(&top);
    CHECK(memcmp(&sum, &expected, sizeof sum) == 0, "run %d: sum %.17g, expected %.17g", run,
          sum, expected);
    CHECK(top == 976, "run %d: max %d", run, top);
  }
}

// Arrival orders, and no barrier.  A combine that is not commutative shows the order it ran in.
//
// for (r = 0; r < ROUNDS; r++)
// #pragma omp parallel reduction(fold:h)
// {  delay((omp_get_thread_num() + r) % omp_get_num_threads());  h = tid + 1 + r;  }
//
// Every other round, thread 0 first waits until the workers have returned from their call.
enum { ROUNDS = 24 };

struct round {
  uint64_t h;
  int number;
  atomic_int left; // workers past their call
};

static void fold(void *shared, void *data)
{
  uint64_t *h = *(uint64_t **)shared;
  *h = *h * 1000003u + *(uint64_t *)data;
}

static uint64_t folded(int nthreads, int round)
{
  uint64_t h = 0;
  for (int t = 0; t < nthreads; t++)
    h = h * 1000003u + (uint64_t)(t + 1 + round);
  return h;
}

// Waits (at most about 10 s) until the other threads of the team have left their reduction.
static void wait_for_workers(struct round *r, int n)
{
  const struct timespec tick = {0, 100000L};
  for (int i = 0; i < 100000 && atomic_load(&r->left) < n - 1; i++)
    nanosleep(&tick, NULL);
  CHECK(atomic_load(&r->left) == n - 1, "round %d: %d of %d workers left their reduction",
        r->number, atomic_load(&r->left), n - 1);
}

static void order_region(void *data)
{
  struct round *r = data;
  const int tid = omp_get_thread_num(), n = omp_get_num_threads();
  const struct timespec delay = {0, 200000L * ((tid + r->number) % n)};
  nanosleep(&delay, NULL);
  if (tid == 0 && r->number % 2)
    wait_for_workers(r, n);
  uint64_t partial = (uint64_t)tid + 1 + (uint64_t)r->number;
  uint64_t *tgt = &r->h;
  __omp2numa_reduce_at_join(&partial, sizeof partial, fold, &tgt, sizeof tgt);
  if (tid != 0)
    atomic_fetch_add(&r->left, 1);
  if (n == 1) // a team of one combines at once
    CHECK(r->h == folded(1, r->number), "round %d: alone, %#llx", r->number,
          (unsigned long long)r->h);
  clobber_stack();
}

static void arrival_orders(void)
{
  static const struct __omp2numa_region_site site = {"reduction-at-join.c", __LINE__, 0, 0};
  const int n = omp_get_max_threads();
  for (int number = 0; number < ROUNDS; number++) {
    struct round r = {.h = 0, .number = number};
    __omp2numa_parallel(&site, order_region, &r, 0, 1);
    CHECK(r.h == folded(n, number), "round %d, %d threads: %#llx, expected %#llx", number, n,
          (unsigned long long)r.h, (unsigned long long)folded(n, number));
  }
}

// A partial larger than the slot: __omp2numa_reduce's barrier, the same result.
//
// struct big { long v[40]; } b;   (a declare reduction adds them element by element)
// #pragma omp parallel reduction(add:b)  { b.v[k] = tid + k; }
struct big {
  long v[40];
};

static void add_big(void *shared, void *data)
{
  struct big *b = *(struct big **)shared;
  const struct big *p = data;
  for (int k = 0; k < 40; k++)
    b->v[k] += p->v[k];
}

static void big_region(void *data)
{
  struct big partial;
  const int tid = omp_get_thread_num();
  for (int k = 0; k < 40; k++)
    partial.v[k] = tid + k;
  struct big *tgt = data;
  __omp2numa_reduce_at_join(&partial, sizeof partial, add_big, &tgt, sizeof tgt);
}

static void large_partial(void)
{
  static const struct __omp2numa_region_site site = {"reduction-at-join.c", __LINE__, 0, 0};
  const long n = omp_get_max_threads();
  struct big b = {{0}};
  __omp2numa_parallel(&site, big_region, &b, 0, 1);
  for (int k = 0; k < 40; k++)
    CHECK(b.v[k] == n * (n - 1) / 2 + n * k, "element %d: %ld", k, b.v[k]);
}

// Nested regions, each ending with its reduction: the inner counts its threads into the outer
// thread's private copy, the outer sums those.
//
// #pragma omp parallel reduction(+:total)
// {
//   long inner = 0;
//   #pragma omp parallel reduction(+:inner)
//   inner += 1;
//   total += inner;
// }
struct outer {
  long total;
  atomic_long expected; // the sum of the inner teams' sizes
};

struct inner {
  long *count;
  atomic_int size;
};

static void add_long(void *shared, void *data)
{
  **(long **)shared += *(long *)data;
}

static void inner_region(void *data)
{
  struct inner *ctx = data;
  atomic_store(&ctx->size, omp_get_num_threads());
  long one = 1;
  long *tgt = ctx->count;
  __omp2numa_reduce_at_join(&one, sizeof one, add_long, &tgt, sizeof tgt);
}

static void outer_region(void *data)
{
  static const struct __omp2numa_region_site site = {"reduction-at-join.c", __LINE__, 0, 0};
  struct outer *ctx = data;
  long count = 0;
  struct inner inner = {.count = &count};
  __omp2numa_parallel(&site, inner_region, &inner, 0, 1);
  const int size = atomic_load(&inner.size);
  CHECK(count == size, "an inner team of %d counted %ld", size, count);
  atomic_fetch_add(&ctx->expected, size);
  long *tgt = &ctx->total;
  __omp2numa_reduce_at_join(&count, sizeof count, add_long, &tgt, sizeof tgt);
}

static void nested(void)
{
  static const struct __omp2numa_region_site site = {"reduction-at-join.c", __LINE__, 0, 0};
  struct outer ctx = {.total = 0};
  __omp2numa_parallel(&site, outer_region, &ctx, 0, 1);
  CHECK(ctx.total == atomic_load(&ctx.expected), "nested: %ld, expected %ld", ctx.total,
        atomic_load(&ctx.expected));
}

// A cancelled region: its partials are not combined (with cancellation off, or alone, they are).
//
// #pragma omp parallel reduction(+:s)
// {  s += tid + 1;  if (tid == last) { #pragma omp cancel parallel }  }
static void cancelled_region(void *data)
{
  const int tid = omp_get_thread_num();
  if (tid == omp_get_num_threads() - 1)
    __omp2numa_cancel(__OMP2NUMA_CANCEL_PARALLEL, 1); // then to the end: the reduction
  long partial = tid + 1;
  long *tgt = data;
  __omp2numa_reduce_at_join(&partial, sizeof partial, add_long, &tgt, sizeof tgt);
}

static void cancelled(void)
{
  static const struct __omp2numa_region_site site = {"reduction-at-join.c", __LINE__, 0, 0};
  const long n = omp_get_max_threads();
  for (int run = 0; run < RUNS; run++) {
    long s = 1000;
    __omp2numa_parallel(&site, cancelled_region, &s, 0, 1);
    const long expected = omp_get_cancellation() && n > 1 ? 1000 : 1000 + n * (n + 1) / 2;
    CHECK(s == expected, "run %d: %ld, expected %ld", run, s, expected);
  }
}

int main(void)
{
  // Terms of very different magnitudes, so that the order of additions shows in the result.
  for (int i = 0; i < N; i++)
    a[i] = (i % 3 == 0 ? 1e10 : 1.0) / (double)(i + 1) * (i % 2 ? 1 : -1);
  static_sums();
  arrival_orders();
  large_partial();
  nested();
  cancelled();
  return atomic_load(&num_failed);
}
