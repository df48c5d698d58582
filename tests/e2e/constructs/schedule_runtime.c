// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=static %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=static,5 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=guided,4 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=auto %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=monotonic:dynamic,2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=nonmonotonic:guided %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=dynamic,3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=dynamic,3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=monotonic:dynamic,2 %o2n-run %t > %t.o2n.out
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=monotonic:dynamic,2 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// schedule(runtime): the schedule comes from OMP_SCHEDULE (the RUN lines try several, with and
// without a chunk and a modifier) and then from omp_set_schedule(), which must round-trip through
// omp_get_schedule().  The loop is a sparse matrix-vector product in CSR form with rows of very
// different lengths (a power-law-like profile), the usual reason to leave the schedule to run
// time.  After omp_set_schedule(omp_sched_static, c) the OpenMP spec fixes the distribution
// (chunk k on thread k % nthreads), which is checked; for the other kinds only the result and
// exactly-once execution are.  A `for` with schedule(runtime) inside `parallel` is included.

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NROWS 3001
#define MAXNNZ 200000

struct csr {
  int nrows;
  int *rowptr; /* nrows + 1 */
  int *col;
  double *val;
};

static double xv[NROWS], y_par[NROWS], y_ser[NROWS];
static int runs[NROWS], who[NROWS];
static int failures;

static void build(struct csr *m)
{
  static int rowptr[NROWS + 1], col[MAXNNZ];
  static double val[MAXNNZ];
  m->nrows = NROWS;
  m->rowptr = rowptr;
  m->col = col;
  m->val = val;
  int nnz = 0;
  for (int i = 0; i < NROWS; i++) {
    rowptr[i] = nnz;
    int len = (i % 97 == 0) ? 400 : 1 + (i * 7) % 23; /* a few heavy rows */
    for (int k = 0; k < len && nnz < MAXNNZ; k++) {
      col[nnz] = (i + k * k) % NROWS;
      val[nnz] = (double)((i + k) % 5) - 2.0;
      nnz++;
    }
  }
  rowptr[NROWS] = nnz;
}

static double row_times(const struct csr *m, int i)
{
  double s = 0.0;
  for (int p = m->rowptr[i]; p < m->rowptr[i + 1]; p++)
    s += m->val[p] * xv[m->col[p]];
  return s;
}

static void spmv_runtime(const struct csr *m)
{
  memset(runs, 0, sizeof runs);
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < m->nrows; i++) {
    y_par[i] = row_times(m, i);
    runs[i]++;
    who[i] = omp_get_thread_num();
  }
}

static void spmv_runtime_in_region(const struct csr *m)
{
  memset(runs, 0, sizeof runs);
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp for schedule(runtime)
    for (int i = 0; i < m->nrows; i++) {
      y_par[i] = row_times(m, i);
      runs[i]++;
      who[i] = t;
    }
  }
}

static int team_size(void)
{
  int nt = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      nt = omp_get_num_threads();
  }
  return nt;
}

static void verify(const char *what, int round_robin_chunk)
{
  int bad = 0, nt = team_size();
  for (int i = 0; i < NROWS; i++) {
    if (runs[i] != 1 && bad++ < 3)
      printf("MISMATCH %s: row %d ran %d times\n", what, i, runs[i]);
    if (y_par[i] != y_ser[i] && bad++ < 3)
      printf("MISMATCH %s: y[%d] = %.17g, want %.17g\n", what, i, y_par[i], y_ser[i]);
    if (round_robin_chunk && who[i] != (i / round_robin_chunk) % nt && bad++ < 3)
      printf("MISMATCH %s: row %d is not on thread (row / %d) %% %d\n", what, i,
             round_robin_chunk, nt);
  }
  failures += bad != 0;
  double s = 0.0;
  for (int i = 0; i < NROWS; i++)
    s += y_ser[i];
  printf("%-44s sum %.6f\n", what, s);
}

int main(void)
{
  struct csr m;
  build(&m);
  for (int i = 0; i < NROWS; i++)
    xv[i] = (double)(i % 13) / 13.0;
  for (int i = 0; i < NROWS; i++)
    y_ser[i] = row_times(&m, i);

  spmv_runtime(&m);
  verify("schedule(runtime) from OMP_SCHEDULE", 0);
  spmv_runtime_in_region(&m);
  verify("for schedule(runtime) from OMP_SCHEDULE", 0);

  static const struct {
    omp_sched_t kind;
    int chunk;
    const char *name;
  } set[] = {
      {omp_sched_static, 4, "omp_set_schedule(static, 4)"},
      {omp_sched_static, 1, "omp_set_schedule(static, 1)"},
      {omp_sched_dynamic, 3, "omp_set_schedule(dynamic, 3)"},
      {omp_sched_guided, 2, "omp_set_schedule(guided, 2)"},
      {omp_sched_auto, 0, "omp_set_schedule(auto, 0)"},
  };
  for (size_t k = 0; k < sizeof set / sizeof set[0]; k++) {
    omp_sched_t got_kind;
    int got_chunk;
    omp_set_schedule(set[k].kind, set[k].chunk);
    omp_get_schedule(&got_kind, &got_chunk);
    if (got_kind != set[k].kind || (set[k].kind != omp_sched_auto && got_chunk != set[k].chunk)) {
      printf("MISMATCH %s: omp_get_schedule gives kind %d chunk %d\n", set[k].name,
             (int)got_kind, got_chunk);
      failures++;
    }
    spmv_runtime(&m);
    verify(set[k].name, set[k].kind == omp_sched_static ? set[k].chunk : 0);
    char label[64];
    snprintf(label, sizeof label, "%s, for in parallel", set[k].name);
    spmv_runtime_in_region(&m);
    verify(label, set[k].kind == omp_sched_static ? set[k].chunk : 0);
  }
  printf("schedule_runtime: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
