// __omp2numa_critical_start/end, hand-lowered: mutual exclusion of a named and of the unnamed
// critical construct under 16 threads (oversubscribed on 2 cores, each wait policy), names shared
// program-wide (a second site and a second translation unit with the same name exclude each
// other), and independence: distinct names and the unnamed construct are distinct locks, so a
// thread inside one never blocks a thread entering another.  Outside a region, a critical
// construct just runs.
//
// RUN: %rt-cc %s %S/Inputs/critical-other-tu.c %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 OMP_WAIT_POLICY=passive %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 OMP_WAIT_POLICY=active %o2n-run %t
//
// Under ThreadSanitizer, which must report nothing: the counters are plain variables.
// RUN: %if tsan %{ %rt-tsan-cc %s %S/Inputs/critical-other-tu.c %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <time.h>

enum { ITERATIONS = 2000 };

int other_tu_update(long *counter, atomic_int *inside);
int other_tu_unnamed(long *counter, atomic_int *inside);

// Mutual exclusion.
// #pragma omp parallel
// for (int i = 0; i < ITERATIONS; i++) {
//   switch (i % 4) {
//   case 0: { #pragma omp critical(update)  ++named; }   break;
//   case 1: { #pragma omp critical(update)  ++named; }   break;  (a second site)
//   case 2: other_tu_update(&named);                      break;  (a second translation unit)
//   case 3: { #pragma omp critical  ++unnamed; }  other_tu_unnamed(&unnamed); break;
//   }
// }
struct ctx_exclusion {
  long named, unnamed; // plain: the critical constructs alone protect them
  atomic_int inside_named, inside_unnamed;
  atomic_int clashes;
};

static void region_exclusion(void *data)
{
  struct ctx_exclusion *ctx = data;
  static void *__o2n_critical_update_a, *__o2n_critical_update_b, *__o2n_critical;
  int clashes = 0;
  for (int i = 0; i < ITERATIONS; i++) {
    switch (i % 4) {
    case 0:
    case 1: {
      void **lock = i % 4 == 0 ? &__o2n_critical_update_a : &__o2n_critical_update_b;
      __omp2numa_critical_start(lock, "update");
      clashes += atomic_fetch_add_explicit(&ctx->inside_named, 1, memory_order_relaxed) != 0;
      ++ctx->named;
      atomic_fetch_sub_explicit(&ctx->inside_named, 1, memory_order_relaxed);
      __omp2numa_critical_end(lock);
      break;
    }
    case 2:
      clashes += other_tu_update(&ctx->named, &ctx->inside_named);
      break;
    case 3:
      __omp2numa_critical_start(&__o2n_critical, 0);
      clashes += atomic_fetch_add_explicit(&ctx->inside_unnamed, 1, memory_order_relaxed) != 0;
      ++ctx->unnamed;
      atomic_fetch_sub_explicit(&ctx->inside_unnamed, 1, memory_order_relaxed);
      __omp2numa_critical_end(&__o2n_critical);
      clashes += other_tu_unnamed(&ctx->unnamed, &ctx->inside_unnamed);
      break;
    }
  }
  atomic_fetch_add(&ctx->clashes, clashes);
}

// Independence: thread 0 stays inside critical(first) until every other thread has been inside
// critical(second) and the unnamed critical (or a time-out: the locks are not independent).
// #pragma omp parallel
// if (omp_get_thread_num() == 0) {
//   #pragma omp critical(first)
//   { wait until entered == n - 1 }
// } else {
//   wait until thread 0 is inside
//   #pragma omp critical(second)
//   { #pragma omp critical
//     { entered++; } }
// }
struct ctx_independence {
  atomic_int holder_inside;
  atomic_int entered;
  atomic_int timed_out;
};

static int wait_for(atomic_int *value, int expected)
{
  struct timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  while (atomic_load(value) < expected) {
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec - start.tv_sec > 20)
      return 0;
    struct timespec pause = {0, 100000};
    nanosleep(&pause, NULL);
  }
  return 1;
}

static void region_independence(void *data)
{
  struct ctx_independence *ctx = data;
  static void *__o2n_critical_first, *__o2n_critical_second, *__o2n_critical;
  const int n = omp_get_num_threads();
  if (omp_get_thread_num() == 0) {
    __omp2numa_critical_start(&__o2n_critical_first, "first");
    atomic_store(&ctx->holder_inside, 1);
    if (!wait_for(&ctx->entered, n - 1))
      atomic_store(&ctx->timed_out, 1);
    __omp2numa_critical_end(&__o2n_critical_first);
  } else {
    if (!wait_for(&ctx->holder_inside, 1))
      atomic_store(&ctx->timed_out, 1);
    __omp2numa_critical_start(&__o2n_critical_second, "second");
    __omp2numa_critical_start(&__o2n_critical, 0);
    atomic_fetch_add(&ctx->entered, 1);
    __omp2numa_critical_end(&__o2n_critical);
    __omp2numa_critical_end(&__o2n_critical_second);
  }
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"critical.c", __LINE__, 0, 0};
  const int n = omp_get_max_threads();

  // Null case: outside any region.
  static void *__o2n_critical_update;
  long alone = 0;
  __omp2numa_critical_start(&__o2n_critical_update, "update");
  alone++;
  __omp2numa_critical_end(&__o2n_critical_update);
  CHECK(alone == 1, "outside a region");

  static struct ctx_exclusion ex;
  __omp2numa_parallel(&site, region_exclusion, &ex, 0, 1);
  CHECK(atomic_load(&ex.clashes) == 0, "%d entries found another thread inside",
        atomic_load(&ex.clashes));
  CHECK(ex.named == (long)n * (ITERATIONS / 4 * 3), "named counter %ld, expected %ld", ex.named,
        (long)n * (ITERATIONS / 4 * 3));
  CHECK(ex.unnamed == (long)n * (ITERATIONS / 4 * 2), "unnamed counter %ld, expected %ld",
        ex.unnamed, (long)n * (ITERATIONS / 4 * 2));

  static struct ctx_independence ind;
  __omp2numa_parallel(&site, region_independence, &ind, 0, 1);
  CHECK(!atomic_load(&ind.timed_out), "critical(first), critical(second) and the unnamed "
        "critical are not independent");
  CHECK(atomic_load(&ind.entered) == n - 1, "%d threads entered, expected %d",
        atomic_load(&ind.entered), n - 1);
  return atomic_load(&num_failed);
}
