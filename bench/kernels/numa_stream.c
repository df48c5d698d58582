/*
 * numa_stream.c -- STREAM's triad per NUMA node, and what becomes of locality when the threads
 * that use the data change: ForestGOMP's Nested-STREAM and Twisted-STREAM (issue 21).
 *
 * The team's threads form one group per NUMA node they run on (getcpu), and each group has its
 * own three vectors a, b, c of --n doubles (2 MiB-aligned, so no huge page spans two groups'
 * vectors).  Phase 1: each group first touches its own vectors (a = 0, b = 2, c = 1) and runs
 * the triad a = b + 3c on them.  Phase 2 (--reps repetitions of the triad):
 *
 *   stream       group g again on its own vectors
 *   nested       the same with nested teams: an outer team of one thread per group
 *                (proc_bind(spread)), each with an inner team on its node (proc_bind(close))
 *   twisted100   group g on the vectors of group g + 1 (mod the number of groups)
 *   twisted66    group g on the first third of its own vectors and on the last two thirds of
 *                group g + 1's: two thirds of its data belong to another group
 *
 * and the twisted tests come in three policies (omp2numa only but ft):
 *
 *   ft           first touch alone: the data stay where phase 1 put them
 *   migrate      before phase 2, each thread moves what it will use from other groups' vectors to
 *                its node (omp2numa_migrate_to_thread); the time is reported
 *   nexttouch    before phase 2, the vectors are marked (omp2numa_next_touch); the first
 *                repetition of phase 2 takes the faults and moves, reported apart
 *
 * Locality: the fraction of the pages a thread touches in phase 2 that are on its own node
 * (move_pages), over all threads.  The pages per node of each group's vectors after each phase
 * are printed too.  On a machine with one node every page is local: the figures that matter there are the
 * bandwidths and the costs, and the locality ones come from a multi-node kernel (the QEMU guest).
 *
 * Costs (--test=cost, omp2numa only): one thread moves a touched buffer of --cost-mb MiB to the
 * next node and back with omp2numa_migrate (on one node: to the same node, i.e. the page walk),
 * and marks it for next touch and touches one byte per page (the faults and moves; the unit is
 * OMP2NUMA_NEXT_TOUCH_PAGES pages).
 *
 * Check: after each test every element of a that phase 2 covered is 5, and b and c are intact.
 *
 * Options: --n=786432 (doubles per vector: 6 MiB) --reps=5 --cost-mb=64
 *          --unit-pages=N (sets OMP2NUMA_NEXT_TOUCH_PAGES, for runs without an environment)
 *          --no-huge (the vectors are MADV_NOHUGEPAGE: placement exact at the page, for
 *          twisted66 with thirds that are not whole huge pages, which move whole)
 *          --test=stream,nested,twisted100-ft,twisted66-ft,twisted100-migrate,...,cost
 * Output:  RESULT kernel=numa_stream test=T-P rep=R seconds=X mbps=B [locality=L] [...]
 *          RESULT kernel=numa_stream test=T-P phase=1|2 group=G pages_node0=.. pages_node1=..
 */
#define _GNU_SOURCE 1 /* syscall */
#include "bench.h"

#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifdef OMP2NUMA_AFFINITY /* the omp2numa build (bench/run) */
#include <omp2numa.h>
#endif

enum { MAX_GROUPS = 64, MAX_NODES = 64, ALIGN = 2 << 20 };
#define MPOL_MF_MOVE_ (1 << 1)

/* A piece of a phase's work: elements [lo, hi) of group g's vectors. */
struct piece {
  int g;
  long lo, hi;
};

static long n;
static int reps, ngroups, nthreads;
static int group_of[1024], rank_of[1024], group_size[MAX_GROUPS], group_node[MAX_GROUPS];
static double *vec[MAX_GROUPS][3]; /* a, b, c */
static size_t page;
static bool no_huge;

static int my_node(void)
{
  unsigned cpu, node;
  return syscall(SYS_getcpu, &cpu, &node, NULL) == 0 ? (int)node : 0;
}

/* Groups: one per node that holds threads of a team of nthreads, in node order. */
static void discover(void)
{
  int node[1024], seen[MAX_NODES] = {0};
#pragma omp parallel num_threads(nthreads)
  node[omp_get_thread_num()] = my_node();
  ngroups = 0;
  for (int nd = 0; nd < MAX_NODES; nd++) {
    for (int t = 0; t < nthreads; t++)
      seen[nd] |= node[t] == nd;
    if (seen[nd]) {
      group_node[ngroups] = nd;
      for (int t = 0; t < nthreads; t++)
        if (node[t] == nd) {
          group_of[t] = ngroups;
          rank_of[t] = group_size[ngroups]++;
        }
      ngroups++;
    }
  }
}

/* Phase 2's pieces of group g for a test; returns their number. */
static int pieces(const char *test, int g, struct piece *p)
{
  const int next = (g + 1) % ngroups;
  if (strncmp(test, "twisted100", 10) == 0) {
    p[0] = (struct piece){next, 0, n};
    return 1;
  }
  if (strncmp(test, "twisted66", 9) == 0) {
    p[0] = (struct piece){g, 0, n / 3};
    p[1] = (struct piece){next, n / 3, n};
    return 2;
  }
  p[0] = (struct piece){g, 0, n};
  return 1;
}

/* The calling thread's share [*lo, *hi) of a piece, among the threads of its group. */
static void share(const struct piece *p, int rank, int size, long *lo, long *hi)
{
  *lo = p->lo + (p->hi - p->lo) * rank / size;
  *hi = p->lo + (p->hi - p->lo) * (rank + 1) / size;
}

static void triad(const struct piece *p, int np, int rank, int size)
{
  for (int k = 0; k < np; k++) {
    long lo, hi;
    share(&p[k], rank, size, &lo, &hi);
    double *a = vec[p[k].g][0], *b = vec[p[k].g][1], *c = vec[p[k].g][2];
    for (long i = lo; i < hi; i++)
      a[i] = b[i] + 3.0 * c[i];
  }
}

static void init_own(int g, int rank, int size)
{
  const struct piece own = {g, 0, n};
  long lo, hi;
  share(&own, rank, size, &lo, &hi);
  for (long i = lo; i < hi; i++) {
    vec[g][0][i] = 0.0;
    vec[g][1][i] = 2.0;
    vec[g][2][i] = 1.0;
  }
  triad(&own, 1, rank, size);
}

/* The nodes of the pages of [p, p + bytes) (move_pages, nodes NULL) into status. */
static void nodes_of(const double *p, int *status, size_t npages)
{
  void **pages = bench_alloc(npages * sizeof *pages);
  const char *first = (const char *)((uintptr_t)p & ~(page - 1));
  for (size_t i = 0; i < npages; i++)
    pages[i] = (void *)(first + i * page);
  if (syscall(SYS_move_pages, 0, npages, pages, NULL, status, 0) != 0)
    for (size_t i = 0; i < npages; i++)
      status[i] = -1;
  free(pages);
}

static size_t npages_of(const double *p, long lo, long hi)
{
  const uintptr_t first = (uintptr_t)(p + lo) & ~(page - 1);
  return ((uintptr_t)(p + hi) - first + page - 1) / page;
}

/* Pages of the calling thread's shares of its pieces: on its node, and in all. */
static void locality(const struct piece *p, int np, int rank, int size, long *local, long *all)
{
  const int node = my_node();
  for (int k = 0; k < np; k++) {
    long lo, hi;
    share(&p[k], rank, size, &lo, &hi);
    for (int v = 0; v < 3 && hi > lo; v++) {
      const size_t npages = npages_of(vec[p[k].g][v], lo, hi);
      int *status = bench_alloc(npages * sizeof *status);
      nodes_of(vec[p[k].g][v] + lo, status, npages);
      for (size_t i = 0; i < npages; i++)
        *local += status[i] == node;
      *all += (long)npages;
      free(status);
    }
  }
}

/* Prints the pages per node of each group's vectors. */
static void pages_per_node(const char *test, int phase)
{
  for (int g = 0; g < ngroups; g++) {
    long count[MAX_NODES] = {0};
    for (int v = 0; v < 3; v++) {
      const size_t npages = npages_of(vec[g][v], 0, n);
      int *status = bench_alloc(npages * sizeof *status);
      nodes_of(vec[g][v], status, npages);
      for (size_t i = 0; i < npages; i++)
        if (status[i] >= 0 && status[i] < MAX_NODES)
          count[status[i]]++;
      free(status);
    }
    char line[1024] = "";
    size_t len = 0;
    for (int nd = 0; nd < MAX_NODES && len < sizeof line - 32; nd++)
      if (count[nd])
        len += (size_t)snprintf(line + len, sizeof line - len, " pages_node%d=%ld", nd,
                                count[nd]);
    bench_result(test, 0, 0.0, "phase=%d group=%d%s", phase, g, line);
  }
}

#ifdef OMP2NUMA_AFFINITY
/* Moves the calling thread's shares of other groups' vectors to its node. */
static void migrate_shares(const struct piece *p, int np, int g, int rank, int size)
{
  for (int k = 0; k < np; k++) {
    long lo, hi;
    share(&p[k], rank, size, &lo, &hi);
    for (int v = 0; v < 3 && p[k].g != g && hi > lo; v++)
      bench_check(omp2numa_migrate_to_thread(vec[p[k].g][v] + lo,
                                             (size_t)(hi - lo) * sizeof(double),
                                             omp_get_thread_num()) == 0,
                  "omp2numa_migrate_to_thread failed");
  }
}
#endif

/* Phase 1 and phase 2 of a test under nested teams: an outer thread per group, spread, each
   with an inner team on its node.  Returns the seconds of each phase-2 repetition in secs[]. */
static void nested(double *secs, long *local, long *all)
{
  omp_set_max_active_levels(2);
  const int inner = nthreads / ngroups > 0 ? nthreads / ngroups : 1;
#pragma omp parallel num_threads(ngroups) proc_bind(spread)
  {
    const int g = omp_get_thread_num();
#pragma omp parallel num_threads(inner) proc_bind(close)
    init_own(g, omp_get_thread_num(), omp_get_num_threads());
  }
  for (int r = 0; r < reps; r++) {
    const double t0 = bench_now();
#pragma omp parallel num_threads(ngroups) proc_bind(spread)
    {
      const struct piece own = {omp_get_thread_num(), 0, n};
#pragma omp parallel num_threads(inner) proc_bind(close)
      triad(&own, 1, omp_get_thread_num(), omp_get_num_threads());
    }
    secs[r] = bench_now() - t0;
  }
  long l = 0, a = 0;
#pragma omp parallel num_threads(ngroups) proc_bind(spread) reduction(+ : l, a)
  {
    const struct piece own = {omp_get_thread_num(), 0, n};
#pragma omp parallel num_threads(inner) proc_bind(close) reduction(+ : l, a)
    locality(&own, 1, omp_get_thread_num(), omp_get_num_threads(), &l, &a);
  }
  *local = l;
  *all = a;
}

/* Before phase 2: nothing (ft), migration or marks.  Prints their cost. */
static void transition(const char *test, const char *policy)
{
  const double t0 = bench_now();
  if (strcmp(policy, "ft") == 0)
    return;
#ifdef OMP2NUMA_AFFINITY
  if (strcmp(policy, "migrate") == 0) {
#pragma omp parallel num_threads(nthreads)
    {
      const int t = omp_get_thread_num(), g = group_of[t];
      struct piece p[2];
      migrate_shares(p, pieces(test, g, p), g, rank_of[t], group_size[g]);
    }
  } else if (strcmp(policy, "nexttouch") == 0) {
    for (int g = 0; g < ngroups; g++)
      for (int v = 0; v < 3; v++)
        bench_check(omp2numa_next_touch(vec[g][v], (size_t)n * sizeof(double)) == 0,
                    "omp2numa_next_touch failed");
  } else
#endif
    bench_usage_error("test '%s': policy '%s' is not available in this build", test, policy);
  bench_result(test, 0, bench_now() - t0, "phase=transition");
}

/* One test: "stream", "nested", or "twisted100|twisted66-ft|migrate|nexttouch". */
static void run_test(const char *test)
{
  const char *dash = strchr(test, '-');
  const char *policy = dash ? dash + 1 : "ft";
  const size_t bytes = ((size_t)n * sizeof(double) + ALIGN - 1) / ALIGN * ALIGN;
  for (int g = 0; g < ngroups; g++)
    for (int v = 0; v < 3; v++)
      if (posix_memalign((void **)&vec[g][v], ALIGN, bytes) != 0)
        bench_usage_error("out of memory");
      else if (no_huge)
        madvise(vec[g][v], bytes, MADV_NOHUGEPAGE);
  double secs[256];
  long local = 0, all = 0;
  if (strcmp(test, "nested") == 0) {
    nested(secs, &local, &all);
    pages_per_node(test, 1);
  } else {
#pragma omp parallel num_threads(nthreads)
    init_own(group_of[omp_get_thread_num()], rank_of[omp_get_thread_num()],
             group_size[group_of[omp_get_thread_num()]]);
    pages_per_node(test, 1);
    transition(test, policy);
    for (int r = 0; r < reps; r++) {
      const double t0 = bench_now();
#pragma omp parallel num_threads(nthreads)
      {
        const int t = omp_get_thread_num(), g = group_of[t];
        struct piece p[2];
        triad(p, pieces(test, g, p), rank_of[t], group_size[g]);
      }
      secs[r] = bench_now() - t0;
    }
#pragma omp parallel num_threads(nthreads) reduction(+ : local, all)
    {
      const int t = omp_get_thread_num(), g = group_of[t];
      struct piece p[2];
      locality(p, pieces(test, g, p), rank_of[t], group_size[g], &local, &all);
    }
  }
  const double mbytes = 3.0 * sizeof(double) * (double)n * ngroups / 1e6;
  for (int r = 0; r < reps; r++)
    bench_result(test, r, secs[r], "phase=2 mbps=%.1f", mbytes / secs[r]);
  bench_result(test, 0, 0.0, "phase=locality locality=%.2f local_pages=%ld pages=%ld",
               all ? 100.0 * (double)local / (double)all : 0.0, local, all);
  pages_per_node(test, 2);
  for (int g = 0; g < ngroups; g++) {
    struct piece p[2];
    const int np = pieces(test, g, p);
    for (int k = 0; k < np; k++)
      for (long i = p[k].lo; i < p[k].hi; i++)
        bench_check(vec[p[k].g][0][i] == 5.0 && vec[p[k].g][1][i] == 2.0 &&
                        vec[p[k].g][2][i] == 1.0,
                    "%s: group %d's vectors wrong at %ld", test, p[k].g, i);
  }
  for (int g = 0; g < ngroups; g++)
    for (int v = 0; v < 3; v++)
      free(vec[g][v]);
}

#ifdef OMP2NUMA_AFFINITY
/* The costs of moving memory: omp2numa_migrate of a touched buffer to the next group's node and
   back, and next touch (mark, then one touch per page, from one thread). */
static void cost(long mb)
{
  const size_t bytes = (size_t)mb << 20, npages = bytes / page;
  char *buf;
  if (posix_memalign((void **)&buf, ALIGN, bytes) != 0)
    bench_usage_error("out of memory");
  memset(buf, 1, bytes);
  int here = my_node(), g = 0;
  while (g < ngroups - 1 && group_node[g] != here)
    g++;
  const int there = group_node[(g + 1) % ngroups];
  double t0 = bench_now();
  bench_check(omp2numa_migrate(buf, bytes, there) == 0, "omp2numa_migrate failed");
  double t1 = bench_now();
  bench_check(omp2numa_migrate(buf, bytes, here) == 0, "omp2numa_migrate back failed");
  double t2 = bench_now();
  bench_result("cost-migrate", 0, (t2 - t0) / 2, "phase=cost moved=%d us_per_page=%.3f gbps=%.3f",
               there != here, (t2 - t0) / 2 / (double)npages * 1e6,
               (double)bytes / ((t2 - t0) / 2) / 1e9);
  const char *env = getenv("OMP2NUMA_NEXT_TOUCH_PAGES");
  const long unit = env && atol(env) > 0 ? atol(env) : 16;
  t0 = bench_now();
  bench_check(omp2numa_next_touch(buf, bytes) == 0, "omp2numa_next_touch failed");
  t1 = bench_now();
  for (size_t i = 0; i < npages; i++)
    buf[i * page]++;
  t2 = bench_now();
  const double faults = (double)((long)npages + unit - 1) / (double)unit;
  bench_result("cost-mark", 0, t1 - t0, "phase=cost us_per_page=%.3f",
               (t1 - t0) / (double)npages * 1e6);
  bench_result("cost-fault", 0, t2 - t1,
               "phase=cost unit_pages=%ld us_per_fault=%.3f us_per_page=%.3f", unit,
               (t2 - t1) / faults * 1e6, (t2 - t1) / (double)npages * 1e6);
  for (size_t i = 0; i < npages; i++)
    bench_check(buf[i * page] == 2, "next touch lost the buffer's data at page %zu", i);
  free(buf);
}
#endif

int main(int argc, char **argv)
{
  bench_init("numa_stream", argc, argv);
  n = bench_opt_long("n", 786432);
  reps = (int)bench_opt_long("reps", 5);
  const long cost_mb = bench_opt_long("cost-mb", 64);
  /* For runs where the environment cannot be set (the QEMU guest's command line). */
  no_huge = bench_opt_flag("no-huge");
  const char *unit = bench_opt("unit-pages");
  if (unit)
    setenv("OMP2NUMA_NEXT_TOUCH_PAGES", unit, 1);
  char *tests = strdup(bench_opt_string("test", "stream,nested,twisted100-ft,twisted66-ft"));
  bench_opts_done();
  bench_fixed_schedule("static", "default");
  if (n < 3 || reps < 1 || reps > 256 || cost_mb < 1)
    bench_usage_error("--n must be at least 3, --reps 1 to 256, --cost-mb at least 1");
  page = (size_t)sysconf(_SC_PAGESIZE);
  nthreads = omp_get_max_threads();
  if (nthreads > 1024)
    nthreads = 1024;
  discover();
  printf("groups: %d of %d threads\n", ngroups, nthreads);
  for (char *save, *test = strtok_r(tests, ",", &save); test; test = strtok_r(NULL, ",", &save)) {
#ifdef OMP2NUMA_AFFINITY
    if (strcmp(test, "cost") == 0) {
      cost(cost_mb);
      continue;
    }
#endif
    run_test(test);
  }
  free(tests);
  bench_check_ok();
  return 0;
}
