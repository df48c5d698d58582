// The yielding stage of a wait (runtime/barrier.c's o2n_backoff_yield, docs/runtime.md
// "Waiting"): on a crowded machine a waiter that has spun its budget yields its processor for a
// while before it sleeps, unless this program's own threads outnumber the processors.  Then the
// thread it waits for is most likely one of them, waiting for a processor, and yielding waiters,
// which stay runnable, keep taking turns before it (next to two busy processes, a barrier of 3
// threads on 2 processors took 5 ms with the stage).  A simulated /proc/loadavg shows P other
// runnable threads: in a team of P threads the stage starts; in a team of P + 1 it is skipped.
// Reaches the runtime's internal functions, hence the static link.
//
// RUN: %rt-cc -I%src_root/runtime %s -Wl,-Bstatic %rt-link -Wl,-Bdynamic -lhwloc -lnuma -o %t
// RUN: env OMP_WAIT_POLICY=active %o2n-run %t %t.load
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <stdlib.h>
#include <time.h>

#include "../Inputs/load-file.h"

static int failures;

/* Three samples 12 ms apart (the sampler keeps the least of three, 10 ms apart). */
static void sample_load(void)
{
  for (int i = 0; i < 3; i++) {
    nanosleep(&(struct timespec){0, 12000000}, NULL);
    (void)o2n_load_others();
  }
}

struct probe {
  const char *load_file;
  unsigned threads, others;
  bool starts;
};

/* The region: its primary thread asks while the others wait at the barrier. */
static void region(void *data)
{
  struct probe *pr = data;
  if (omp_get_thread_num() == 0) {
    if ((unsigned)omp_get_num_threads() != pr->threads) {
      fprintf(stderr, "yield-stage: a team of %d threads, %u asked for\n", omp_get_num_threads(),
              pr->threads);
      exit(2);
    }
    write_load(pr->load_file, pr->threads + pr->others);
    sample_load();
    if (!o2n_load_crowded()) {
      fprintf(stderr, "yield-stage: %u threads next to %u others are not crowded\n",
              pr->threads, pr->others);
      failures++;
    }
    struct o2n_backoff b;
    o2n_backoff_init(&b, 0);
    pr->starts = o2n_backoff_yield(&b);
    if (pr->starts != (b.yield_end != UINT64_MAX))
      failures++;
  }
  __omp2numa_barrier();
}

/* In a team of `threads`, next to `others` runnable threads of other programs: whether a waiter
   that has spun its budget starts the yielding stage. */
static bool stage_starts(const char *load_file, unsigned threads, unsigned others)
{
  static const struct __omp2numa_region_site site = {"yield-stage.c", 1, 0,
                                                    __OMP2NUMA_REGION_NUM_THREADS};
  struct probe pr = {load_file, threads, others, false};
  __omp2numa_parallel(&site, region, &pr, threads, 1);
  return pr.starts;
}

int main(int argc, char **argv)
{
  if (argc != 2)
    return 2;
  /* Before the runtime starts: it opens the load file once. */
  setenv("OMP2NUMA_LOAD_FILE", argv[1], 1);
  write_load(argv[1], 1);
  omp_set_dynamic(0);
  const unsigned p = (unsigned)omp_get_num_procs();
  if (!stage_starts(argv[1], p, p)) {
    fprintf(stderr, "yield-stage: a team of P threads next to P others does not yield\n");
    failures++;
  }
  if (stage_starts(argv[1], p + 1, p)) {
    fprintf(stderr, "yield-stage: a team of P + 1 threads next to P others yields\n");
    failures++;
  }
  if (failures)
    return 1;
  printf("yield-stage: passed (%u processors)\n", p);
  return 0;
}
