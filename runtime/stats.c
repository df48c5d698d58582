/*
 * stats.c -- OMP2NUMA_STATS: per-loop statistics, reported at exit.
 *
 * OMP2NUMA_STATS=1 prints the text report on stderr; json:FILE and csv:FILE write those formats
 * (stats_export.c) to FILE; any other non-empty value other than 0 names a file to write the text
 * report to.  Unset, empty or 0: no statistics, and the loop code pays one predictable branch per
 * chunk (loop->stats == NULL).  docs/schedules.md describes the text report, docs/runtime.md the
 * JSON and CSV formats.
 *
 * Every loop site gets a record on its first execution, attached to the site's runtime record
 * (struct o2n_site_rt, in its __rt field) with a CAS, and pushed on a global list for the report.
 * A record holds one block of counters per thread number, each in its own cache line, created on
 * first use.  A thread counts one execution in its own struct o2n_loop_thread (loop.c, and
 * adaptive's steals) and adds the totals to its block when it leaves the loop: a few relaxed
 * atomic additions per thread and execution, on a line that only that thread number writes.  They
 * are atomic all the same because two teams may run the same loop at once (nested regions, or
 * threads of the program's own), and then two threads share a number.  The last thread to leave
 * an execution records its imbalance (loop.c).
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
  _Atomic unsigned domain, place; /* its NUMA domain and place in the last execution */
};

struct o2n_stats_site {
  const struct __omp2numa_loop_site *site;
  struct o2n_stats_site *next; /* the list of all sites; set before the record is published */
  _Atomic uint64_t executions;
  _Atomic uint32_t kinds;      /* the schedules it ran with: bit o2n_sched_index(sched) */
  _Atomic(struct stats_thread *) blocks[BLOCKS];
  /* The executions' imbalances, in millionths (at most 4096 threads: they fit 32 bits). */
  _Atomic uint64_t measured, imbalance_sum, imbalance_max;
  _Atomic uint64_t imbalance_min_neg; /* UINT64_MAX minus the minimum: 0 before the first */
  _Atomic uint32_t recorded[O2N_STATS_EXECUTIONS]; /* the first ones, in order */
};

/* One thread number's task totals. */
struct stats_tasks {
  alignas(O2N_CACHE_LINE) _Atomic uint64_t run;
  _Atomic uint64_t steals_same, steals_other, idle_ns;
  _Atomic unsigned domain, place;
};

bool o2n_stats_enabled;
static _Atomic(struct stats_tasks *) task_blocks[BLOCKS];

/* The report's formats: OMP2NUMA_STATS=1 or FILE, json:FILE, csv:FILE. */
enum stats_format { FORMAT_TEXT, FORMAT_JSON, FORMAT_CSV };
static enum stats_format format;
static const char *setting;     /* OMP2NUMA_STATS, copied: the environment may change */
static const char *destination; /* the file, within setting; NULL: stderr */
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

void o2n_stats_add(struct o2n_stats_site *stats, const struct o2n_thread *self,
                   const struct o2n_loop_stats *counts, uint64_t wait_ns)
{
  struct stats_thread *t = thread_record(stats, self->tid);
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
  atomic_store_explicit(&t->domain, self->domain, memory_order_relaxed);
  atomic_store_explicit(&t->place, self->place, memory_order_relaxed);
}

void o2n_stats_add_wait(struct o2n_stats_site *stats, unsigned tid, uint64_t wait_ns)
{
  struct stats_thread *t = thread_record(stats, tid);
  /* Relaxed, as o2n_stats_add. */
  if (t)
    atomic_fetch_add_explicit(&t->wait_ns, wait_ns, memory_order_relaxed);
}

/* *x = max(*x, value). */
static void atomic_max(_Atomic uint64_t *x, uint64_t value)
{
  uint64_t old = atomic_load_explicit(x, memory_order_relaxed);
  while (old < value &&
         !atomic_compare_exchange_weak_explicit(x, &old, value, memory_order_relaxed,
                                                memory_order_relaxed))
    ;
}

void o2n_stats_imbalance(struct o2n_stats_site *stats, double imbalance)
{
  const uint64_t millionths = (uint64_t)(imbalance * 1e6 + 0.5);
  /* Relaxed, as o2n_stats_add: the report reads them at exit. */
  const uint64_t k = atomic_fetch_add_explicit(&stats->measured, 1, memory_order_relaxed);
  if (k < O2N_STATS_EXECUTIONS)
    atomic_store_explicit(&stats->recorded[k], (uint32_t)millionths, memory_order_relaxed);
  atomic_fetch_add_explicit(&stats->imbalance_sum, millionths, memory_order_relaxed);
  atomic_max(&stats->imbalance_max, millionths);
  atomic_max(&stats->imbalance_min_neg, UINT64_MAX - millionths);
}

void o2n_stats_tasks_add(const struct o2n_thread *self, const struct o2n_task_stats *counts)
{
  const unsigned tid = self->tid;
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
  atomic_store_explicit(&t->domain, self->domain, memory_order_relaxed);
  atomic_store_explicit(&t->place, self->place, memory_order_relaxed);
}

/* ------------------------------------------------------------------------------------------- */
/* Snapshot: the totals as plain data, for the writers                                         */
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

/* The NUMA node of a place, in the topology's numbering. */
static unsigned place_node(unsigned place, unsigned domain)
{
  const struct o2n_topology *topo = o2n_topology();
  return place < topo->nplaces ? topo->places[place].domain : domain;
}

/* The rows of the thread numbers that took part: blocks is an array of BLOCKS pointers to arrays
   of BLOCK records of type T (struct stats_thread or stats_tasks); fill(row, record, tid) fills a
   row from a record and says whether its thread took part.  A macro for the two record types. */
#define COLLECT_ROWS(blocks, T, rows, nrows, fill)                                                 \
  do {                                                                                           \
    const T *block_[BLOCKS];                                                                     \
    unsigned present_ = 0;                                                                       \
    for (unsigned b_ = 0; b_ < BLOCKS; b_++) {                                                   \
      block_[b_] = atomic_load_explicit(&(blocks)[b_], memory_order_acquire);                    \
      present_ += block_[b_] != NULL;                                                            \
    }                                                                                            \
    (rows) = o2n_xmalloc((present_ ? present_ : 1) * BLOCK * sizeof *(rows));                    \
    (nrows) = 0;                                                                                 \
    for (unsigned b_ = 0; b_ < BLOCKS; b_++)                                                     \
      for (unsigned i_ = 0; block_[b_] && i_ < BLOCK; i_++)                                      \
        (nrows) += fill(&(rows)[(nrows)], &block_[b_][i_], b_ * BLOCK + i_);                     \
  } while (0)

static bool loop_row(struct o2n_stats_row *row, const struct stats_thread *t, unsigned tid)
{
  const uint64_t executions = atomic_load_explicit(&t->executions, memory_order_relaxed);
  if (executions == 0)
    return false;
  const unsigned place = atomic_load_explicit(&t->place, memory_order_relaxed);
  const unsigned domain = atomic_load_explicit(&t->domain, memory_order_relaxed);
  *row = (struct o2n_stats_row){
      .thread = tid, .place = place, .node = place_node(place, domain), .domain = domain,
      .executions = executions,
      .iterations = atomic_load_explicit(&t->iterations, memory_order_relaxed),
      .chunks = atomic_load_explicit(&t->chunks, memory_order_relaxed),
      .busy_ns = atomic_load_explicit(&t->busy_ns, memory_order_relaxed),
      .wait_ns = atomic_load_explicit(&t->wait_ns, memory_order_relaxed),
      .steals_same = atomic_load_explicit(&t->steals_same, memory_order_relaxed),
      .steals_other = atomic_load_explicit(&t->steals_other, memory_order_relaxed)};
  return true;
}

static bool task_row(struct o2n_stats_row *row, const struct stats_tasks *t, unsigned tid)
{
  const uint64_t run = atomic_load_explicit(&t->run, memory_order_relaxed);
  const uint64_t idle = atomic_load_explicit(&t->idle_ns, memory_order_relaxed);
  if (run == 0 && idle == 0)
    return false;
  const unsigned place = atomic_load_explicit(&t->place, memory_order_relaxed);
  const unsigned domain = atomic_load_explicit(&t->domain, memory_order_relaxed);
  *row = (struct o2n_stats_row){
      .thread = tid, .place = place, .node = place_node(place, domain), .domain = domain,
      .run = run, .idle_ns = idle,
      .steals_same = atomic_load_explicit(&t->steals_same, memory_order_relaxed),
      .steals_other = atomic_load_explicit(&t->steals_other, memory_order_relaxed)};
  return true;
}

static void snapshot_loop(struct o2n_stats_loop *loop, struct o2n_stats_site *s)
{
  loop->site = s->site;
  schedule_names(atomic_load_explicit(&s->kinds, memory_order_relaxed), loop->schedule,
                 sizeof loop->schedule);
  loop->executions = atomic_load_explicit(&s->executions, memory_order_relaxed);
  COLLECT_ROWS(s->blocks, struct stats_thread, loop->rows, loop->nrows, loop_row);
  uint64_t busy_max = 0, busy_sum = 0;
  for (unsigned i = 0; i < loop->nrows; i++) {
    busy_max = loop->rows[i].busy_ns > busy_max ? loop->rows[i].busy_ns : busy_max;
    busy_sum += loop->rows[i].busy_ns;
  }
  loop->imbalance = busy_sum ? (double)busy_max * loop->nrows / (double)busy_sum : -1;
  loop->measured = atomic_load_explicit(&s->measured, memory_order_relaxed);
  loop->nrecorded = loop->measured < O2N_STATS_EXECUTIONS ? (unsigned)loop->measured
                                                          : O2N_STATS_EXECUTIONS;
  uint32_t *recorded = o2n_xmalloc((loop->nrecorded ? loop->nrecorded : 1) * sizeof *recorded);
  for (unsigned k = 0; k < loop->nrecorded; k++)
    recorded[k] = atomic_load_explicit(&s->recorded[k], memory_order_relaxed);
  loop->recorded = recorded;
  if (loop->measured) {
    loop->imbalance_min =
        (double)(UINT64_MAX - atomic_load_explicit(&s->imbalance_min_neg, memory_order_relaxed)) /
        1e6;
    loop->imbalance_max = (double)atomic_load_explicit(&s->imbalance_max, memory_order_relaxed) / 1e6;
    loop->imbalance_mean = (double)atomic_load_explicit(&s->imbalance_sum, memory_order_relaxed) /
                           1e6 / (double)loop->measured;
  }
}

/* The snapshot of every site and of the tasks; the writers only read it, and the process exits
   after them, so it is not freed. */
static bool snapshot(struct o2n_stats_snapshot *snap)
{
  /* Acquire: the records pushed on the list, with their fields. */
  struct o2n_stats_site *head = atomic_load_explicit(&sites, memory_order_acquire);
  size_t count = 0;
  for (struct o2n_stats_site *s = head; s; s = s->next)
    count++;
  struct o2n_stats_site **sorted = malloc((count ? count : 1) * sizeof *sorted);
  snap->loops = calloc(count ? count : 1, sizeof *snap->loops);
  if (!sorted || !snap->loops) {
    free(sorted);
    return false;
  }
  count = 0;
  for (struct o2n_stats_site *s = head; s; s = s->next)
    sorted[count++] = s;
  qsort(sorted, count, sizeof *sorted, by_file_and_line);
  snap->nloops = count;
  for (size_t i = 0; i < count; i++)
    snapshot_loop(&snap->loops[i], sorted[i]);
  free(sorted);
  COLLECT_ROWS(task_blocks, struct stats_tasks, snap->tasks, snap->ntasks, task_row);
  return true;
}

/* ------------------------------------------------------------------------------------------- */
/* The text report (docs/schedules.md)                                                         */
/* ------------------------------------------------------------------------------------------- */

static void write_text_loop(FILE *out, const struct o2n_stats_loop *loop)
{
  /* Line 0: a gcc-compiled loop, named by its call site (gomp_site.c). */
  fprintf(out, "loop %s", loop->site->file ? loop->site->file : "?");
  if (loop->site->line)
    fprintf(out, ":%u", loop->site->line);
  fprintf(out, ": schedule %s, %" PRIu64 " executions, imbalance ", loop->schedule,
          loop->executions);
  if (loop->imbalance >= 0)
    fprintf(out, "%.2f\n", loop->imbalance);
  else
    fprintf(out, "-\n");
  fprintf(out, "  %6s %4s %10s %12s %10s %11s %12s %10s %10s\n", "thread", "node", "executions",
          "iterations", "chunks", "steals-same", "steals-other", "busy-ms", "wait-ms");
  for (unsigned i = 0; i < loop->nrows; i++) {
    const struct o2n_stats_row *r = &loop->rows[i];
    fprintf(out, "  %6u %4u %10" PRIu64 " %12" PRIu64 " %10" PRIu64 " %11" PRIu64 " %12" PRIu64
                 " %10.3f %10.3f\n",
            r->thread, r->domain, r->executions, r->iterations, r->chunks, r->steals_same,
            r->steals_other, (double)r->busy_ns / 1e6, (double)r->wait_ns / 1e6);
  }
}

static void write_text(FILE *out, const struct o2n_stats_snapshot *snap)
{
  fprintf(out, "omp2numa statistics: %zu loop%s\n", snap->nloops, snap->nloops == 1 ? "" : "s");
  for (size_t i = 0; i < snap->nloops; i++)
    write_text_loop(out, &snap->loops[i]);
  /* The task section, when any thread ran a task. */
  if (snap->ntasks)
    fprintf(out, "tasks:\n  %6s %4s %12s %11s %12s %10s\n", "thread", "node", "run",
            "steals-same", "steals-other", "idle-ms");
  for (unsigned i = 0; i < snap->ntasks; i++) {
    const struct o2n_stats_row *r = &snap->tasks[i];
    fprintf(out, "  %6u %4u %12" PRIu64 " %11" PRIu64 " %12" PRIu64 " %10.3f\n", r->thread,
            r->domain, r->run, r->steals_same, r->steals_other, (double)r->idle_ns / 1e6);
  }
}

/* ------------------------------------------------------------------------------------------- */
/* At exit                                                                                     */
/* ------------------------------------------------------------------------------------------- */

/* The atexit handler. */
static void report(void)
{
  /* The exiting thread's tasks since it last left a region (those outside any region). */
  struct o2n_thread *self = o2n_current;
  if (self) {
    o2n_stats_tasks_add(self, &self->task_stats);
    memset(&self->task_stats, 0, sizeof self->task_stats);
  }
  struct o2n_stats_snapshot snap;
  if (!snapshot(&snap))
    return;
  FILE *out = stderr;
  if (destination) {
    out = fopen(destination, "w");
    if (!out) {
      o2n_warn("OMP2NUMA_STATS='%s': cannot write the statistics there; printing them on "
               "stderr", setting);
      out = stderr;
    }
  }
  if (format == FORMAT_JSON)
    o2n_stats_write_json(out, &snap);
  else if (format == FORMAT_CSV)
    o2n_stats_write_csv(out, &snap);
  else
    write_text(out, &snap);
  if (out != stderr)
    fclose(out);
  else
    fflush(out);
}

/* Reads OMP2NUMA_STATS's format and file: "1", "FILE", "json:FILE", "csv:FILE".  A value
   "word:..." whose word is no format is a mistake (a file name with a colon can be written
   ./word:...); it and a format without a file get a warning and the text report on stderr, so
   that nothing is lost. */
static void parse_destination(const char *value)
{
  static const struct {
    const char *prefix;
    enum stats_format format;
  } formats[] = {{"json:", FORMAT_JSON}, {"csv:", FORMAT_CSV}};
  for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
    const size_t len = strlen(formats[i].prefix);
    if (strncmp(value, formats[i].prefix, len) != 0)
      continue;
    if (value[len] == '\0') {
      o2n_warn("OMP2NUMA_STATS='%s': no file name after '%s'; printing the text report on "
               "stderr", value, formats[i].prefix);
      return;
    }
    format = formats[i].format;
    destination = setting + len;
    return;
  }
  const size_t word = strspn(value, "abcdefghijklmnopqrstuvwxyz");
  if (word > 0 && value[word] == ':') {
    o2n_warn("OMP2NUMA_STATS='%s': unknown format '%.*s' (json:FILE, csv:FILE, 1 or a file "
             "name for text); printing the text report on stderr", value, (int)word, value);
    return;
  }
  if (strcmp(value, "1") != 0)
    destination = setting;
}

static void init_stats(void)
{
  const char *value = getenv("OMP2NUMA_STATS");
  if (!value || value[0] == '\0' || strcmp(value, "0") == 0)
    return;
  setting = o2n_xstrdup(value);
  parse_destination(setting);
  if (atexit(report) != 0)
    o2n_warn("OMP2NUMA_STATS: cannot register the report at exit; no statistics");
  else
    o2n_stats_enabled = true;
}

_Atomic bool o2n_stats_settled;

void o2n_stats_init_once(void)
{
  /* pthread_once orders init_stats before the return of every call; the release store lets
     later callers skip it (o2n_stats_init's acquire load). */
  pthread_once(&init_once, init_stats);
  atomic_store_explicit(&o2n_stats_settled, true, memory_order_release);
}
