/*
 * heat_mpi.c -- hybrid MPI + OpenMP: the 2-D Jacobi solver of jacobi.c, split by rows over MPI
 * ranks, with OpenMP threads inside each rank.
 *
 * The plate is an N x N grid, its top edge held at 100 degrees and the other edges at 0.  The
 * N-2 interior rows are cut into one block of consecutive rows per rank.  Each rank keeps its
 * rows plus two halo rows, the last row of the rank above and the first row of the rank below.
 * Every sweep:
 *
 *   1. exchanges the halo rows with both neighbours (MPI_Sendrecv; the top and bottom ranks talk
 *      to MPI_PROC_NULL, and their outer halo row is the fixed boundary);
 *   2. updates the rank's rows with the 5-point stencil, in an OpenMP loop over the rows:
 *
 *        #pragma omp parallel for schedule(adaptive) affinity(rows) reduction(+:residual)
 *
 *      affinity(rows) runs each row on the thread that first touched it (the initialisation loop
 *      has the same clause and records the map), so on a NUMA node each thread keeps working on
 *      memory of its own node; schedule(adaptive) lets a thread that runs out of rows take rows
 *      of a late (preempted) thread, which keep their first owner in the map;
 *   3. sums the residual (the squared changes of every interior point) over the ranks with
 *      MPI_Allreduce, as a solver that tests for convergence does.
 *
 * Only the main thread calls MPI, outside parallel regions: MPI_THREAD_FUNNELED is enough, and
 * the program checks that the library provides it.
 *
 * Rank 0 then gathers the grid, runs the same sweeps serially and compares:
 *  - the grids bitwise: each point of a sweep is computed from the previous grid alone, by the
 *    same function, whichever rank and thread computes it;
 *  - the residuals with the relative tolerance of jacobi.c, (k-1) * DBL_EPSILON for k interior
 *    points: the ranks and threads add the same terms in another order.
 * It also prints the processors of each rank (its affinity mask when the program started, as the
 * launcher gave it) and of each of its threads, and checks that every thread runs inside its
 * rank's processors.
 *
 * Usage:   mpirun -np RANKS ./heat_mpi [N [SWEEPS]]     defaults: N = 512, SWEEPS = 200
 * Build:   omp2numa-cc -cc=mpicc -O2 heat_mpi.c -o heat_mpi
 *          (or any MPI + OpenMP compiler: mpicc -fopenmp -O2 heat_mpi.c -o heat_mpi)
 * Run:     OMP_NUM_THREADS=2 mpirun -np 2 --bind-to core ./heat_mpi          (docs/clusters.md)
 * Exit status: 0 if the results agree and every thread ran inside its rank's processors, 1 if
 * not, 2 on bad arguments (N from RANKS + 2 to 8192, SWEEPS >= 1).
 */
#ifdef __linux__
#define _GNU_SOURCE 1 /* sched_getaffinity */
#include <sched.h>
#endif

/* omp2numa's schedule(adaptive) and affinity(name) are extensions: other OpenMP compilers get a
   plain static schedule.  omp2numa-cc puts <omp2numa.h> on the include path. */
#if defined(__has_include)
#if __has_include(<omp2numa.h>)
#include <omp2numa.h>
#endif
#endif

#include <float.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_N 512
#define DEFAULT_SWEEPS 200
#define MAX_N 8192
#define T_HOT 100.0 /* temperature of the top edge */
#define REPORT 1024 /* bytes of one rank's binding report */

/* One stencil update of point (i, j) of a grid with rows of n points.  Shared by both solvers,
   so that they compute every point the same way. */
static inline double stencil(const double *u, size_t n, size_t i, size_t j)
{
  return 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1]);
}

/* A rank's share of the grid: rows first .. first + count - 1 of the global grid, stored as
   local rows 1 .. count, with the halo rows 0 and count + 1. */
struct block {
  size_t n;          /* points per row */
  long first, count; /* its global interior rows */
  int up, down;      /* the neighbouring ranks, or MPI_PROC_NULL */
  double *u, *unew;  /* (count + 2) x n each */
};

/* Cuts rows 1 .. n-2 into `size` blocks of consecutive rows, as equal as can be. */
static void split_rows(long n, int size, int rank, long *first, long *count)
{
  const long rows = n - 2, base = rows / size, extra = rows % size;
  *count = base + (rank < extra);
  *first = 1 + rank * base + (rank < extra ? rank : extra);
}

/* Allocates the block and sets its initial values: the halo rows hold the boundary for the top
   and bottom ranks (the other halos are received before they are read), the interior is cold.
   The interior rows are first touched by the thread that will update them. */
static int block_init(struct block *b)
{
  const size_t n = b->n, cells = ((size_t)b->count + 2) * n;
  b->u = malloc(cells * sizeof *b->u);
  b->unew = malloc(cells * sizeof *b->unew);
  if (!b->u || !b->unew)
    return -1;
  double *u = b->u, *unew = b->unew;
  const long count = b->count;
#ifdef _OMP2NUMA
#pragma omp parallel for schedule(adaptive) affinity(rows)
#else
#pragma omp parallel for schedule(static)
#endif
  for (long i = 1; i <= count; i++) {
    memset(u + (size_t)i * n, 0, n * sizeof *u);
    memset(unew + (size_t)i * n, 0, n * sizeof *unew);
  }
  const size_t last = ((size_t)count + 1) * n;
  for (size_t j = 0; j < n; j++) {
    const double top = b->up == MPI_PROC_NULL ? T_HOT : 0.0;
    u[j] = unew[j] = top;
    u[last + j] = unew[last + j] = 0.0;
  }
  return 0;
}

/* Step 1: the halo rows from the neighbours.  Upwards: my first row is the halo below the rank
   above; downwards: my last row is the halo above the rank below. */
static void exchange_halos(struct block *b)
{
  const size_t n = b->n;
  double *u = b->u;
  const size_t last = (size_t)b->count * n, below = ((size_t)b->count + 1) * n;
  MPI_Sendrecv(u + n, (int)n, MPI_DOUBLE, b->up, 0, u + below, (int)n, MPI_DOUBLE, b->down, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(u + last, (int)n, MPI_DOUBLE, b->down, 1, u, (int)n, MPI_DOUBLE, b->up, 1,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* Step 2: one sweep of the rank's rows; returns the rank's part of the residual. */
static double sweep_rows(struct block *b, int *nthreads)
{
  const size_t n = b->n;
  const long count = b->count;
  const double *u = b->u;
  double *unew = b->unew;
  double residual = 0.0;
  int team = 1;
#ifdef _OMP2NUMA
#pragma omp parallel for schedule(adaptive) affinity(rows) reduction(+:residual)
#else
#pragma omp parallel for schedule(static) reduction(+:residual)
#endif
  for (long i = 1; i <= count; i++) {
    if (i == 1)
      team = omp_get_num_threads(); /* one iteration writes it; read after the loop's barrier */
    for (size_t j = 1; j < n - 1; j++) {
      const double v = stencil(u, n, (size_t)i, j);
      const double d = v - u[(size_t)i * n + j];
      unew[(size_t)i * n + j] = v;
      residual += d * d;
    }
  }
  *nthreads = team;
  double *t = b->u;
  b->u = b->unew;
  b->unew = t;
  return residual;
}

/* The whole grid without MPI or OpenMP, as the reference (rank 0 only): the same sweeps on
   *result and scratch, the final grid in *result. */
static double heat_serial(size_t n, long sweeps, double **result, double *scratch)
{
  double *u = *result, *unew = scratch;
  double residual = 0.0;
  memset(u, 0, n * n * sizeof *u);
  for (size_t j = 0; j < n; j++)
    u[j] = T_HOT;
  memcpy(unew, u, n * n * sizeof *u);
  for (long sweep = 0; sweep < sweeps; sweep++) {
    residual = 0.0;
    for (size_t i = 1; i < n - 1; i++) {
      for (size_t j = 1; j < n - 1; j++) {
        const double v = stencil(u, n, i, j);
        const double d = v - u[i * n + j];
        unew[i * n + j] = v;
        residual += d * d;
      }
    }
    double *t = u;
    u = unew;
    unew = t;
  }
  *result = u;
  return residual;
}

/* As in jacobi.c: two orders of summing k non-negative terms differ by at most (k-1) * DBL_EPSILON
   relative to the sum. */
static double residual_tolerance(size_t n)
{
  const double k = (double)(n - 2) * (double)(n - 2);
  return (k - 1.0) * DBL_EPSILON;
}

static double abs_double(double x)
{
  return x < 0.0 ? -x : x;
}

/* ------------------------------------------------------------------------------------------- */
/* Where the rank and its threads run                                                          */
/* ------------------------------------------------------------------------------------------- */

#ifdef __linux__
/* The calling thread's processors as a list, "0-3,8". */
static void cpus_text(const cpu_set_t *set, char *buf, size_t size)
{
  size_t len = 0;
  buf[0] = '\0';
  for (int c = 0; c < CPU_SETSIZE && len < size; c++) {
    if (!CPU_ISSET(c, set))
      continue;
    int e = c;
    while (e + 1 < CPU_SETSIZE && CPU_ISSET(e + 1, set))
      e++;
    int w = e > c ? snprintf(buf + len, size - len, "%s%d-%d", len ? "," : "", c, e)
                  : snprintf(buf + len, size - len, "%s%d", len ? "," : "", c);
    len += w > 0 ? (size_t)w : 0;
    c = e;
  }
}

static cpu_set_t start_mask; /* the process's processors when main started */
#endif

/* Fills `report` with the rank's processors and, for each thread of a team like the solver's,
   the processors it may run on; returns 0 if every thread runs inside the rank's processors. */
static int binding_report(char *report, size_t size)
{
  int outside = 0;
#ifdef __linux__
  char mask[128];
  cpus_text(&start_mask, mask, sizeof mask);
  int len = snprintf(report, size, "processors %s; threads:", mask);
#pragma omp parallel reduction(+:outside)
  {
    cpu_set_t mine;
    char text[128] = "?";
    if (sched_getaffinity(0, sizeof mine, &mine) == 0) {
      cpu_set_t out;
      CPU_AND(&out, &mine, &start_mask);
      outside += !CPU_EQUAL(&out, &mine);
      cpus_text(&mine, text, sizeof text);
    }
    /* In thread order, one at a time. */
    for (int t = 0; t < omp_get_num_threads(); t++) {
#pragma omp barrier
      if (t == omp_get_thread_num() && len >= 0 && (size_t)len < size)
        len += snprintf(report + len, size - (size_t)len, " %d:%s", t, text);
    }
  }
#else
  snprintf(report, size, "processors not reported on this system");
#endif
  return outside;
}

/* On rank 0: 1 if two ranks on the same host started with overlapping processor sets (their
   threads then compete for the same processors), 0 if not, -1 if unknown. */
static int ranks_share_processors(int rank, int size)
{
#ifdef __linux__
  char host[MPI_MAX_PROCESSOR_NAME] = "";
  int len;
  MPI_Get_processor_name(host, &len);
  char *hosts = rank == 0 ? malloc((size_t)size * MPI_MAX_PROCESSOR_NAME) : NULL;
  cpu_set_t *masks = rank == 0 ? malloc((size_t)size * sizeof *masks) : NULL;
  MPI_Gather(host, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, hosts, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 0,
             MPI_COMM_WORLD);
  MPI_Gather(&start_mask, (int)sizeof start_mask, MPI_BYTE, masks, (int)sizeof start_mask,
             MPI_BYTE, 0, MPI_COMM_WORLD);
  int shared = 0;
  for (int a = 0; rank == 0 && a < size; a++) {
    for (int b = a + 1; b < size; b++) {
      cpu_set_t both;
      CPU_AND(&both, &masks[a], &masks[b]);
      if (strcmp(hosts + (size_t)a * MPI_MAX_PROCESSOR_NAME,
                 hosts + (size_t)b * MPI_MAX_PROCESSOR_NAME) == 0 &&
          CPU_COUNT(&both) > 0)
        shared = 1;
    }
  }
  free(hosts);
  free(masks);
  return shared;
#else
  (void)rank, (void)size;
  return -1;
#endif
}

/* ------------------------------------------------------------------------------------------- */
/* Main                                                                                        */
/* ------------------------------------------------------------------------------------------- */

static int parse_arg(const char *s, long lo, long hi, long *out)
{
  char *end;
  long v = strtol(s, &end, 10);
  if (end == s || *end != '\0' || v < lo || v > hi)
    return -1;
  *out = v;
  return 0;
}

int main(int argc, char **argv)
{
#ifdef __linux__
  /* Before MPI_Init and before any OpenMP region, which may bind the main thread. */
  sched_getaffinity(0, sizeof start_mask, &start_mask);
#endif
  int provided, rank, size;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (provided < MPI_THREAD_FUNNELED) {
    if (rank == 0)
      fprintf(stderr, "heat_mpi: the MPI library provides thread level %d, below "
                      "MPI_THREAD_FUNNELED\n", provided);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }

  long n = DEFAULT_N, sweeps = DEFAULT_SWEEPS;
  if (argc > 3 || (argc > 1 && parse_arg(argv[1], size + 2, MAX_N, &n) != 0) ||
      (argc > 2 && parse_arg(argv[2], 1, 1000000, &sweeps) != 0) || n < size + 2) {
    if (rank == 0)
      fprintf(stderr, "usage: mpirun -np RANKS %s [N (RANKS+2..%d, default %d) [SWEEPS (>= 1, "
                      "default %d)]]\n", argv[0], MAX_N, DEFAULT_N, DEFAULT_SWEEPS);
    MPI_Finalize();
    return 2;
  }

  struct block b = {.n = (size_t)n};
  split_rows(n, size, rank, &b.first, &b.count);
  b.up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  b.down = rank + 1 < size ? rank + 1 : MPI_PROC_NULL;
  if (block_init(&b) != 0) {
    fprintf(stderr, "heat_mpi: rank %d: out of memory for %ld rows of %ld points\n", rank,
            b.count + 2, n);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }

  /* The solver.  The barriers make the time that of the slowest rank. */
  double residual = 0.0, halo_time = 0.0;
  int nthreads = 1;
  MPI_Barrier(MPI_COMM_WORLD);
  const double t0 = MPI_Wtime();
  for (long s = 0; s < sweeps; s++) {
    const double h = MPI_Wtime();
    exchange_halos(&b);
    halo_time += MPI_Wtime() - h;
    double mine = sweep_rows(&b, &nthreads);
    MPI_Allreduce(&mine, &residual, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const double t1 = MPI_Wtime();

  /* Rank 0 gathers the rows, the thread counts and the binding reports. */
  char report[REPORT];
  int outside = binding_report(report, sizeof report);
  int any_outside = 0;
  MPI_Reduce(&outside, &any_outside, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  char *reports = rank == 0 ? malloc((size_t)size * REPORT) : NULL;
  int *threads = rank == 0 ? malloc((size_t)size * sizeof *threads) : NULL;
  int *counts = rank == 0 ? malloc((size_t)size * sizeof *counts) : NULL;
  int *displs = rank == 0 ? malloc((size_t)size * sizeof *displs) : NULL;
  double *grid = rank == 0 ? malloc((size_t)n * (size_t)n * sizeof *grid) : NULL;
  double *ser = rank == 0 ? malloc((size_t)n * (size_t)n * sizeof *ser) : NULL;
  double *ser_tmp = rank == 0 ? malloc((size_t)n * (size_t)n * sizeof *ser_tmp) : NULL;
  if (rank == 0 && (!reports || !threads || !counts || !displs || !grid || !ser || !ser_tmp)) {
    fprintf(stderr, "heat_mpi: out of memory for the %ld x %ld check\n", n, n);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  MPI_Gather(report, REPORT, MPI_CHAR, reports, REPORT, MPI_CHAR, 0, MPI_COMM_WORLD);
  const int shared = ranks_share_processors(rank, size);
  MPI_Gather(&nthreads, 1, MPI_INT, threads, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    for (int r = 0; r < size; r++) {
      long first, count;
      split_rows(n, size, r, &first, &count);
      counts[r] = (int)(count * n);
      displs[r] = (int)(first * n);
    }
  }
  MPI_Gatherv(b.u + n, (int)(b.count * n), MPI_DOUBLE, grid, counts, displs, MPI_DOUBLE, 0,
              MPI_COMM_WORLD);

  int ok = 1;
  if (rank == 0) {
    const double t2 = MPI_Wtime();
    double *ser_grid = ser;
    const double res_ser = heat_serial((size_t)n, sweeps, &ser_grid, ser_tmp);
    const double t3 = MPI_Wtime();
    /* The interior rows bitwise; the gathered grid has no boundary rows. */
    size_t ndiff = 0, first_diff = 0, points = 0;
    double max_diff = 0.0;
    for (size_t k = (size_t)n; k < (size_t)(n - 1) * (size_t)n; k++) {
      points++;
      if (memcmp(&grid[k], &ser_grid[k], sizeof(double)) != 0) {
        if (ndiff++ == 0)
          first_diff = k;
        const double d = abs_double(grid[k] - ser_grid[k]);
        max_diff = d > max_diff ? d : max_diff;
      }
    }
    const double rel =
        res_ser != 0.0 ? abs_double(residual - res_ser) / res_ser : abs_double(residual);
    ok = ndiff == 0 && rel <= residual_tolerance((size_t)n) && any_outside == 0;

    printf("heat_mpi: %ld x %ld grid, %ld sweep%s, %d rank%s (MPI_THREAD_FUNNELED)\n", n, n,
           sweeps, sweeps == 1 ? "" : "s", size, size == 1 ? "" : "s");
    for (int r = 0; r < size; r++) {
      long first, count;
      split_rows(n, size, r, &first, &count);
      printf("  rank %d: rows %ld-%ld, %d thread%s, %s\n", r, first, first + count - 1,
             threads[r], threads[r] == 1 ? "" : "s", reports + (size_t)r * REPORT);
    }
    printf("  parallel: %8.3f s   %.4f ms per sweep (halo exchange %.4f ms)   residual %.12e\n",
           t1 - t0, 1e3 * (t1 - t0) / (double)sweeps, 1e3 * halo_time / (double)sweeps,
           residual);
    printf("  serial:   %8.3f s   %.4f ms per sweep   residual %.12e\n", t3 - t2,
           1e3 * (t3 - t2) / (double)sweeps, res_ser);
    printf("  max abs difference vs serial: %.3e (%zu of %zu points differ)\n", max_diff, ndiff,
           points);
    printf("  residual relative difference: %.3e (tolerance %.3e)\n", rel,
           residual_tolerance((size_t)n));
    if (ndiff != 0)
      printf("  first difference at (%zu, %zu): parallel %.17g, serial %.17g\n",
             first_diff / (size_t)n, first_diff % (size_t)n, grid[first_diff],
             ser_grid[first_diff]);
    if (shared > 0)
      printf("  ranks: some share processors (without a binding, every rank plans with the same "
             "ones: launch with --bind-to core or socket)\n");
    else if (shared == 0)
      printf("  ranks: each has processors of its own\n");
    if (any_outside)
      printf("  binding: %d thread%s ran outside the processors of %s rank\n", any_outside,
             any_outside == 1 ? "" : "s", any_outside == 1 ? "its" : "their");
    else
      printf("  binding: every thread ran inside its rank's processors\n");
    printf("result: %s\n", ok ? "OK" : "MISMATCH");
    fflush(stdout);
  }
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);

  free(reports);
  free(threads);
  free(counts);
  free(displs);
  free(grid);
  free(ser);
  free(ser_tmp);
  free(b.u);
  free(b.unew);
  MPI_Finalize();
  return ok ? 0 : 1;
}
