// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// GCC-FLAGS: -DIN_PARALLEL
// PEERS: gcc   (libomp 16 loses some of its task reductions: see below)
//
// Task reductions over arrays of several variable-length dimensions: taskloop reductions over
// a double a[n][m] (+), a long b[n][m][k] (max, min), a double d[4][m] (*) and structs with a
// declare reduction, of whole arrays and of sections (a[1:2][0:m], b[lo:2][:][:]), in a parallel
// region and outside any; taskgroup task_reduction with tasks and a taskloop that take part with
// in_reduction, whole and a section in a nested group; and the task modifier on parallel and
// parallel for, with tasks nested in the construct that take part with in_reduction.  Each
// result is checked against the serial computation.  Each function reduces an array in one
// construct only: gcc 12 crashes when a construct reduces a variable-length array that a
// construct nested in another (a taskloop in a single, a taskgroup) has reduced in the same
// function; and libgomp 12 hangs or corrupts its heap in a taskloop with a reduction (of a scalar
// too) outside any parallel region once a parallel region has run, so with gcc that taskloop
// runs in one (IN_PARALLEL).  libomp 16 (clang-16 -fopenmp) loses the partial results of the
// tasks of a parallel for's task modifier over a section, and now and then a declare
// reduction's in a taskgroup at 4 threads.
#define TEST_NAME "reduction_vla_nd.c"
#include "Inputs/check.h"

#include <string.h>

struct acc { long n; double sum; };
static void acc_init(struct acc *a) { a->n = 0, a->sum = 0.0; }
#pragma omp declare reduction(acc : struct acc : omp_out.n += omp_in.n, omp_out.sum += omp_in.sum) \
  initializer(acc_init(&omp_priv))

#define ITER 500

/* x[i] = y[i] = first + i % 5 for the count elements of x and y. */
static void fill(double *x, double *y, size_t count, double first) {
  for (size_t i = 0; i < count; i++)
    x[i] = y[i] = first + (double)(i % 5);
}

static void taskloop_whole(int n, int m, int k) {
  double a[n][m], sa[n][m];
  long b[n][m][k], sb[n][m][k];
  struct acc e[n][m], se[n][m];
  fill(&a[0][0], &sa[0][0], n * m, 1);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      e[i][j] = se[i][j] = (struct acc){i, j};
      for (int l = 0; l < k; l++)
        b[i][j][l] = sb[i][j][l] = l - j;
    }

#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+ : a) reduction(max : b) reduction(acc : e) grainsize(7)
  for (int i = 0; i < ITER; i++) {
    a[i % n][i / n % m] += i;
    long *v = &b[i % n][i / 2 % m][i / 3 % k];
    if (*v < i % 101)
      *v = i % 101;
    e[i / m % n][i % m].n++;
    e[i / m % n][i % m].sum += 0.5;
  }
  for (int i = 0; i < ITER; i++) {
    sa[i % n][i / n % m] += i;
    long *v = &sb[i % n][i / 2 % m][i / 3 % k];
    if (*v < i % 101)
      *v = i % 101;
    se[i / m % n][i % m].n++;
    se[i / m % n][i % m].sum += 0.5;
  }
  CHECK(memcmp(a, sa, sizeof a) == 0, "taskloop + over a[n][m] (%d %d)", n, m);
  CHECK(memcmp(b, sb, sizeof b) == 0, "taskloop max over b[n][m][k] (%d %d %d)", n, m, k);
  CHECK(memcmp(e, se, sizeof e) == 0, "taskloop declare reduction over e[n][m] (%d %d)", n, m);
}

/* Outside any parallel region (but with gcc), with sections. */
static void taskloop_sections(int n, int m, int k) {
  double a[n][m], sa[n][m], d[4][m], sd[4][m];
  long b[n][m][k], sb[n][m][k];
  fill(&a[0][0], &sa[0][0], n * m, 0);
  fill(&d[0][0], &sd[0][0], 4 * m, 1);
  for (int i = 0; i < n * m * k; i++)
    (&b[0][0][0])[i] = (&sb[0][0][0])[i] = i;

  const int lo = n - 2;
#ifdef IN_PARALLEL
#pragma omp parallel
#pragma omp single
#endif
#pragma omp taskloop reduction(* : d) reduction(+ : a[1:2][0:m]) reduction(min : b[lo:2][:][:])
  for (int i = 0; i < 64; i++) {
    d[i % 4][i % m] *= i % 3 ? 1 : 2;
    a[1 + i % 2][i % m] += 1;
    long *v = &b[lo + i % 2][i / 2 % m][i % k];
    if (*v > -i)
      *v = -i;
  }
  for (int i = 0; i < 64; i++) {
    sd[i % 4][i % m] *= i % 3 ? 1 : 2;
    sa[1 + i % 2][i % m] += 1;
    long *v = &sb[lo + i % 2][i / 2 % m][i % k];
    if (*v > -i)
      *v = -i;
  }
  CHECK(memcmp(d, sd, sizeof d) == 0, "taskloop * over d[4][m] (%d)", m);
  CHECK(memcmp(a, sa, sizeof a) == 0, "taskloop + over a[1:2][0:m] (%d %d)", n, m);
  CHECK(memcmp(b, sb, sizeof b) == 0, "taskloop min over b[lo:2][:][:] (%d %d %d)", n, m, k);
}

static void group(int n, int m) {
  double a[n][m], sa[n][m], c[n][m], sc[n][m];
  struct acc e[n][m], se[n][m];
  fill(&a[0][0], &sa[0][0], n * m, -2);
  fill(&c[0][0], &sc[0][0], n * m, 3);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      e[i][j] = se[i][j] = (struct acc){0, i};

#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+ : a) task_reduction(acc : e)
  {
    for (int i = 0; i < ITER; i++) {
#pragma omp task in_reduction(+ : a) in_reduction(acc : e)
      {
        a[i % n][i / n % m] += 2;
        e[i % n][i % m].n += i;
      }
    }
#pragma omp taskloop in_reduction(+ : a) grainsize(10)
    for (int i = 0; i < ITER; i++)
      a[i / m % n][i % m] += 1;
#pragma omp taskgroup task_reduction(+ : c[1:2][0:m])
    {
#pragma omp task in_reduction(+ : c[1:2][0:m])
      c[2][m - 1] += 5;
#pragma omp task in_reduction(+ : c[1:2][0:m])
      c[1][0] += 7;
    }
  }
  for (int i = 0; i < ITER; i++) {
    sa[i % n][i / n % m] += 2;
    se[i % n][i % m].n += i;
    sa[i / m % n][i % m] += 1;
  }
  sc[2][m - 1] += 5, sc[1][0] += 7;
  CHECK(memcmp(a, sa, sizeof a) == 0, "task_reduction + over a[n][m] (%d %d)", n, m);
  CHECK(memcmp(e, se, sizeof e) == 0, "task_reduction declare reduction (%d %d)", n, m);
  CHECK(memcmp(c, sc, sizeof c) == 0, "task_reduction + over c[1:2][0:m] (%d %d)", n, m);
}

/* The task modifier: every thread's implicit task and the tasks created in the construct with
   in_reduction take part; inside, the name keeps the original's type (and size). */
static void task_modifier(int n, int m, int k) {
  double a[n][m], sa[n][m];
  long b[n][m][k], sb[n][m][k];
  fill(&a[0][0], &sa[0][0], n * m, 0);
  for (int i = 0; i < n * m * k; i++)
    (&b[0][0][0])[i] = (&sb[0][0][0])[i] = i;
  int threads = 0;
  size_t size = 0;
#pragma omp parallel reduction(task, + : a) reduction(+ : threads)
  {
    threads++;
    a[n - 1][m - 1] += 3;
#pragma omp single
    {
      size = sizeof a;
      for (int i = 0; i < ITER; i++) {
#pragma omp task in_reduction(+ : a)
        a[i % n][i / n % m] += 1;
      }
    }
  }
  sa[n - 1][m - 1] += 3 * threads;
  for (int i = 0; i < ITER; i++)
    sa[i % n][i / n % m] += 1;
  CHECK(memcmp(a, sa, sizeof a) == 0, "task modifier on parallel (%d %d)", n, m);
  CHECK(size == sizeof a, "sizeof a[n][m] in the construct: %zu, not %zu", size, sizeof a);

#pragma omp parallel for reduction(task, max : b[1:2][0:m][:])
  for (int i = 0; i < ITER; i++) {
#pragma omp task in_reduction(max : b[1:2][0:m][:])
    {
      long *v = &b[1 + i % 2][i % m][i / 3 % k];
      if (*v < i)
        *v = i;
    }
  }
  for (int i = 0; i < ITER; i++) {
    long *v = &sb[1 + i % 2][i % m][i / 3 % k];
    if (*v < i)
      *v = i;
  }
  CHECK(memcmp(b, sb, sizeof b) == 0, "task modifier on parallel for (%d %d %d)", n, m, k);
}

int main(void) {
  const int shapes[][3] = {{3, 2, 2}, {4, 3, 5}, {6, 7, 1}};
  for (int s = 0; s < 3; s++) {
    taskloop_whole(shapes[s][0], shapes[s][1], shapes[s][2]);
    taskloop_sections(shapes[s][0], shapes[s][1], shapes[s][2]);
    group(shapes[s][0], shapes[s][1]);
    task_modifier(shapes[s][0], shapes[s][1], shapes[s][2]);
  }
  return failures != 0;
}
