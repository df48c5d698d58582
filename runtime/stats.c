/*
 * stats.c -- OMP2NUMA_STATS: per-loop statistics, reported at exit.
 *
 * OMP2NUMA_STATS=1 prints the report on stderr; any other non-empty value other than 0 names a
 * file to write it to.  Unset, empty or 0: no statistics, and the loop code pays one predictable
 * branch per chunk (loop->stats == NULL).  docs/schedules.md describes the report.
 *
 * Every loop site gets a record on its first execution, attached to the site's runtime record
 * (struct o2n_site_rt, in its __rt field) with a CAS, and pushed on a global list for the report.
 * A record holds one block of counters per thread number, each in its own cache line, created on
 * first use.  A thread counts one execution in its own struct o2n_loop_thread (loop.c, and
 * adaptive's steals) and adds the totals to its block when it leaves the loop: a few relaxed
 * atomic additions per thread and execution, on a line that only that thread number writes.  They
 * are atomic all the same because two teams may run the same loop at once (nested regions, or
 * threads of the program's own), and then two threads share a number.
 *
 * Tasks are counted per thread number for the whole program: each thread counts in its own
 * descriptor (struct o2n_task_stats: tasks run, steals from its own NUMA domain and from others,
 * time idle in task waits) and adds the counts to the record of its number when it leaves a
 * region that used tasks (task.c); the thread that writes the report adds its own.
 */
#include "internal.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
  BLOCK = 64,  /* thread records per block */
  BLOCKS = 64, /* blocks per site: thread numbers 0 .. 4095 are recorded, larger ones are not */
};

/* One thread number's totals at one site. */
struct stats_thread {
  alignas(O2N_CACHE_LINE) _Atomic uint64_t executions;
  _Atomic uint64_t iterations, chunks, steals_same, steals_other, busy_ns, wait_ns;
  _Atomic unsigned domain; /* its NUMA domain in the last execution */
};

struct o2n_stats_site {
  const struct __omp2numa_loop_site *site;
  struct o2n_stats_site *next; /* the list of all sites; set before the record is published */
  _Atomic uint64_t executions;
  _Atomic uint32_t kinds;      /* the schedules it ran with: bit o2n_sched_index(sched) */
  _Atomic(struct stats_thread *) blocks[BLOCKS];
};

/* One thread number's task totals. */
struct stats_tasks {
  alignas(O2N_CACHE_LINE) _Atomic uint64_t run;
  _Atomic uint64_t steals_same, steals_other, idle_ns;
  _Atomic unsigned domain;
};

bool o2n_stats_enabled;
static _Atomic(struct stats_tasks *) task_blocks[BLOCKS];

static const char *destination; /* NULL: stderr */
static _Atomic(struct o2n_stats_site *) sites;
static pthread_once_t init_once = PTHREAD_ONCE_INIT;

/* ------------------------------------------------------------------------------------------- */
/* Collection                                                                                  */
/* ------------------------------------------------------------------------------------------- */

uint64_t o2n_stats_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

struct o2n_stats_site *o2n_stats_site(const struct __omp2numa_loop_site *site)
{
  /* The site's runtime record (loop.c) holds the statistics' pointer. */
  _Atomic(struct o2n_stats_site *) *slot = &o2n_site_rt(site)->stats;
  /* Acquire: a record published by another thread comes initialised. */
  struct o2n_stats_site *record = atomic_load_explicit(slot, memory_order_acquire);
  if (record)
    return record;
  struct o2n_stats_site *fresh = o2n_xcalloc_aligned(sizeof *fresh);
  fresh->site = site;
  struct o2n_stats_site *expected = NULL;
  /* Release on success: publishes the record's fields; acquire on failure: the winner's. */
  if (!atomic_compare_exchange_strong_explicit(slot, &expected, fresh, memory_order_acq_rel,
                                               memory_order_acquire)) {
    free(fresh);
    return expected;
  }
  /* Release: the report walks the list after acquiring its head. */
  fresh->next = atomic_load_explicit(&sites, memory_order_relaxed);
  while (!atomic_compare_exchange_weak_explicit(&sites, &fresh->next, fresh,
                                                memory_order_release, memory_order_relaxed))
    ;
  return fresh;
}

void o2n_stats_execution(struct o2n_stats_site *stats, const struct o2n_sched *sched)
{
  atomic_fetch_add_explicit(&stats->executions, 1, memory_order_relaxed);
  const uint32_t bit = UINT32_C(1) << o2n_sched_index(sched);
  if (!(atomic_load_explicit(&stats->kinds, memory_order_relaxed) & bit))
    atomic_fetch_or_explicit(&stats->kinds, bit, memory_order_relaxed);
}

/* Thread tid's record, created on first use; NULL beyond the recorded thread numbers. */
static struct stats_thread *thread_record(struct o2n_stats_site *stats, unsigned tid)
{
  if (tid >= BLOCK * BLOCKS)
    return NULL;
  _Atomic(struct stats_thread *) *slot = &stats->blocks[tid / BLOCK];
  /* Acquire/release as for the site record. */
  struct stats_thread *block = atomic_load_explicit(slot, memory_order_acquire);
  if (!block) {
    struct stats_thread *fresh = o2n_xcalloc_aligned(BLOCK * sizeof *fresh);
    if (atomic_compare_exchange_strong_explicit(slot, &block, fresh, memory_order_acq_rel,
                                                memory_order_acquire))
      block = fresh;
    else
      free(fresh);
  }
  return &block[tid % BLOCK];
}

void o2n_stats_add(struct o2n_stats_site *stats, unsigned tid, unsigned domain,
                   const struct o2n_loop_stats *counts, uint64_t wait_ns)
{
  struct stats_thread *t = thread_record(stats, tid);
  if (!t)
    return;
  /* Relaxed: the report reads the totals at exit, after the threads that added them have
     finished their loops (or, if the program exits from inside a region, takes what is there). */
  atomic_fetch_add_explicit(&t->executions, 1, memory_order_relaxed);
  atomic_fetch_add_explicit(&t->iterations, counts->iterations, memory_order_relaxed);
  atomic_fetch_add_explicit(&t->chunks, counts->chunks, memory_order_relaxed);
  atomic_fetch_add_explicit(&t->steals_same, counts->steals_same, memory_order_relaxed);
  atomic_fetch_add_explicit(&t->steals_other, counts->steals_other, memory_order_relaxed);
  atomic_fetch_add_explicit(&t->busy_ns, counts->busy_ns, memory_order_relaxed);
  atomic_fetch_add_explicit(&t->wait_ns, wait_ns, memory_order_relaxed);
  atomic_store_explicit(&t->domain, domain, memory_order_relaxed);
}

void o2n_stats_tasks_add(unsigned tid, unsigned domain, const struct o2n_task_stats *counts)
{
  if (tid >= BLOCK * BLOCKS || (counts->run == 0 && counts->idle_ns == 0))
    return;
  _Atomic(struct stats_tasks *) *slot = &task_blocks[tid / BLOCK];
  /* Acquire/release as for the site record. */
  struct stats_tasks *block = atomic_load_explicit(slot, memory_order_acquire);
  if (!block) {
    struct stats_tasks *fresh = o2n_xcalloc_aligned(BLOCK * sizeof *fresh);
    if (atomic_compare_exchange_strong_explicit(slot, &block, fresh, memory_order_acq_rel,
                                                memory_order_acquire))
      block = fresh;
    else
      free(fresh);
  }
  struct stats_tasks *t = &block[tid % BLOCK];
  /* Relaxed, as o2n_stats_add. */
  atomic_fetch_add_explicit(&t->run, counts->run, memory_order_relaxed);
  atomic_fetch_add_explicit(&t->steals_same, counts->steals_same, memory_order_relaxed);
  atomic_fetch_add_explicit(&t->steals_other, counts->steals_other, memory_order_relaxed);
  atomic_fetch_add_explicit(&t->idle_ns, counts->idle_ns, memory_order_relaxed);
  atomic_store_explicit(&t->domain, domain, memory_order_relaxed);
}

/* ------------------------------------------------------------------------------------------- */
/* Report                                                                                      */
/* ------------------------------------------------------------------------------------------- */

static int by_file_and_line(const void *a, const void *b)
{
  const struct o2n_stats_site *x = *(struct o2n_stats_site *const *)a;
  const struct o2n_stats_site *y = *(struct o2n_stats_site *const *)b;
  int c = strcmp(x->site->file ? x->site->file : "", y->site->file ? y->site->file : "");
  return c ? c : (x->site->line > y->site->line) - (x->site->line < y->site->line);
}

/* "adaptive", or "dynamic+guided" for a schedule(runtime) loop whose schedule changed: the
   names in the schedule table's order. */
static void schedule_names(uint32_t kinds, char *buf, size_t size)
{
  size_t len = 0;
  buf[0] = '\0';
  for (unsigned i = 0; i < o2n_sched_count(); i++) {
    if ((kinds & (UINT32_C(1) << i)) && len < size)
      len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? "+" : "",
                              o2n_sched_at(i)->name);
  }
}

static void report_site(FILE *out, const struct o2n_stats_site *s)
{
  /* The threads that ran the loop at least once, and the busy times for the imbalance. */
  unsigned nthreads = 0;
  uint64_t busy_max = 0, busy_sum = 0, counted = 0;
  for (unsigned tid = 0; tid < BLOCK * BLOCKS; tid++) {
    const struct stats_thread *block = atomic_load_explicit(&s->blocks[tid / BLOCK],
                                                            memory_order_acquire);
    if (!block) {
      tid += BLOCK - 1;
      continue;
    }
    const struct stats_thread *t = &block[tid % BLOCK];
    if (atomic_load_explicit(&t->executions, memory_order_relaxed) == 0)
      continue;
    const uint64_t busy = atomic_load_explicit(&t->busy_ns, memory_order_relaxed);
    nthreads = tid + 1;
    busy_max = busy > busy_max ? busy : busy_max;
    busy_sum += busy;
    counted++;
  }
  char kinds[128];
  schedule_names(atomic_load_explicit(&s->kinds, memory_order_relaxed), kinds, sizeof kinds);
  fprintf(out, "loop %s:%u: schedule %s, %" PRIu64 " executions, imbalance ",
          s->site->file ? s->site->file : "?", s->site->line, kinds,
          atomic_load_explicit(&s->executions, memory_order_relaxed));
  if (busy_sum > 0)
    fprintf(out, "%.2f\n", (double)busy_max * (double)counted / (double)busy_sum);
  else
    fprintf(out, "-\n");
  fprintf(out, "  %6s %4s %10s %12s %10s %11s %12s %10s %10s\n", "thread", "node", "executions",
          "iterations", "chunks", "steals-same", "steals-other", "busy-ms", "wait-ms");
  for (unsigned tid = 0; tid < nthreads; tid++) {
    const struct stats_thread *block = atomic_load_explicit(&s->blocks[tid / BLOCK],
                                                            memory_order_acquire);
    if (!block)
      continue;
    const struct stats_thread *t = &block[tid % BLOCK];
    const uint64_t executions = atomic_load_explicit(&t->executions, memory_order_relaxed);
    if (executions == 0)
      continue;
    fprintf(out, "  %6u %4u %10" PRIu64 " %12" PRIu64 " %10" PRIu64 " %11" PRIu64 " %12" PRIu64
                 " %10.3f %10.3f\n",
            tid, atomic_load_explicit(&t->domain, memory_order_relaxed), executions,
            atomic_load_explicit(&t->iterations, memory_order_relaxed),
            atomic_load_explicit(&t->chunks, memory_order_relaxed),
            atomic_load_explicit(&t->steals_same, memory_order_relaxed),
            atomic_load_explicit(&t->steals_other, memory_order_relaxed),
            (double)atomic_load_explicit(&t->busy_ns, memory_order_relaxed) / 1e6,
            (double)atomic_load_explicit(&t->wait_ns, memory_order_relaxed) / 1e6);
  }
}

/* The task section, when any thread ran a task. */
static void report_tasks(FILE *out)
{
  bool header = false;
  for (unsigned tid = 0; tid < BLOCK * BLOCKS; tid++) {
    const struct stats_tasks *block = atomic_load_explicit(&task_blocks[tid / BLOCK],
                                                           memory_order_acquire);
    if (!block) {
      tid += BLOCK - 1;
      continue;
    }
    const struct stats_tasks *t = &block[tid % BLOCK];
    const uint64_t run = atomic_load_explicit(&t->run, memory_order_relaxed);
    const uint64_t idle = atomic_load_explicit(&t->idle_ns, memory_order_relaxed);
    if (run == 0 && idle == 0)
      continue;
    if (!header) {
      fprintf(out, "tasks:\n  %6s %4s %12s %11s %12s %10s\n", "thread", "node", "run",
              "steals-same", "steals-other", "idle-ms");
      header = true;
    }
    fprintf(out, "  %6u %4u %12" PRIu64 " %11" PRIu64 " %12" PRIu64 " %10.3f\n", tid,
            atomic_load_explicit(&t->domain, memory_order_relaxed), run,
            atomic_load_explicit(&t->steals_same, memory_order_relaxed),
            atomic_load_explicit(&t->steals_other, memory_order_relaxed), (double)idle / 1e6);
  }
}

/* The atexit handler. */
static void report(void)
{
  /* The exiting thread's tasks since it last left a region (those outside any region). */
  struct o2n_thread *self = o2n_current;
  if (self) {
    o2n_stats_tasks_add(self->tid, self->domain, &self->task_stats);
    memset(&self->task_stats, 0, sizeof self->task_stats);
  }
  /* Acquire: the records pushed on the list, with their fields. */
  struct o2n_stats_site *head = atomic_load_explicit(&sites, memory_order_acquire);
  size_t count = 0;
  for (struct o2n_stats_site *s = head; s; s = s->next)
    count++;
  struct o2n_stats_site **sorted = malloc((count ? count : 1) * sizeof *sorted);
  if (!sorted)
    return;
  count = 0;
  for (struct o2n_stats_site *s = head; s; s = s->next)
    sorted[count++] = s;
  qsort(sorted, count, sizeof *sorted, by_file_and_line);

  FILE *out = stderr;
  if (destination) {
    out = fopen(destination, "w");
    if (!out) {
      o2n_warn("OMP2NUMA_STATS='%s': cannot write the statistics there; printing them on "
               "stderr", destination);
      out = stderr;
    }
  }
  fprintf(out, "omp2numa statistics: %zu loop%s\n", count, count == 1 ? "" : "s");
  for (size_t i = 0; i < count; i++)
    report_site(out, sorted[i]);
  report_tasks(out);
  if (out != stderr)
    fclose(out);
  else
    fflush(out);
  free(sorted);
}

static void init_stats(void)
{
  const char *value = getenv("OMP2NUMA_STATS");
  if (!value || value[0] == '\0' || strcmp(value, "0") == 0)
    return;
  if (strcmp(value, "1") != 0) {
    /* The environment may change before exit: keep a copy. */
    destination = o2n_xstrdup(value);
  }
  if (atexit(report) != 0)
    o2n_warn("OMP2NUMA_STATS: cannot register the report at exit; no statistics");
  else
    o2n_stats_enabled = true;
}

void o2n_stats_init(void)
{
  /* pthread_once orders init_stats before the return of every call. */
  pthread_once(&init_once, init_stats);
}
