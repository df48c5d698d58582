// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp && env OMP_NUM_THREADS=3 %o2n-run %t.gomp %}
// RUN: %if clang-openmp %{ clang-16 -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.lomp && env OMP_NUM_THREADS=3 %o2n-run %t.lomp %}
// REQUIRES: translator
//
// Scalars a region writes and whose address is never taken are copied in and out of the region
// (its context holds the one copy the whole team shares, copied back after the region: as gcc
// does).  The team must still share one variable: atomic and critical updates from every thread,
// a value a single thread writes and the others read after a barrier, a reduction and a
// lastprivate of a worksharing loop into the region's shared variable, a nested region that
// updates the outer one's variable, tasks of the region that update it, a parameter, and a
// matrix product whose inner indices stay private but whose partial sums go through a shared
// scalar under critical.  Every result is the serial one; the value before the region reaches it
// (copy-in) and the value after it is the team's last (copy-out).

#include <omp.h>
#include <stdio.h>

static int failures;

static void check(const char *what, long got, long want) {
  if (got != want) {
    printf("FAIL %s: %ld, expected %ld\n", what, got, want);
    failures++;
  }
}

static void atomic_and_critical(void) {
  int hits = 5;
  long total = 100;
#pragma omp parallel
  {
#pragma omp atomic
    hits++;
#pragma omp critical
    total += omp_get_thread_num() + 1;
  }
  int t = omp_get_max_threads();
  check("atomic", hits, 5 + t);
  check("critical", total, 100 + (long)t * (t + 1) / 2);
}

static void single_then_barrier(void) {
  int announced = -1, seen = 0;
#pragma omp parallel
  {
#pragma omp single
    announced = 42;
    // the single's barrier: every thread reads the value
    int mine = announced;
#pragma omp atomic
    seen += mine == 42;
  }
  check("single", announced, 42);
  check("seen", seen, omp_get_max_threads());
}

static void nested_worksharing(void) {
  long sum = 7;
  int last = -1;
#pragma omp parallel
  {
#pragma omp for reduction(+: sum) lastprivate(last)
    for (int i = 0; i < 1000; i++) {
      sum += i;
      last = i;
    }
  }
  check("reduction", sum, 7 + 999L * 1000 / 2);
  check("lastprivate", last, 999);
}

static void nested_region(void) {
  int count = 0;
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
#pragma omp parallel num_threads(2)
    {
#pragma omp atomic
      count++;
    }
  }
  omp_set_max_active_levels(1);
  check("nested", count, 4);
}

static void tasks_in_region(void) {
  int done = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < 50; i++) {
#pragma omp task shared(done)
      {
#pragma omp atomic
        done++;
      }
    }
  }
  check("tasks", done, 50);
}

static int parameter(int n) {
#pragma omp parallel
#pragma omp master
  n *= 3;
  return n;
}

#define M 24
static void product_through_shared_scalar(void) {
  static double a[M][M], b[M][M];
  double trace = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) {
      a[i][j] = (i + 2 * j) % 5;
      b[i][j] = (3 * i + j) % 7;
    }
  int i, j, k;
#pragma omp parallel for private(j, k)
  for (i = 0; i < M; i++) {
    double diag = 0;
    for (k = 0; k < M; k++)
      diag += a[i][k] * b[k][i];
    for (j = 0; j < 1; j++)
#pragma omp critical
      trace += diag;
  }
  double want = 0;
  for (i = 0; i < M; i++)
    for (k = 0; k < M; k++)
      want += a[i][k] * b[k][i];
  check("trace", (long)trace, (long)want);
}

int main(void) {
  atomic_and_critical();
  single_then_barrier();
  nested_worksharing();
  nested_region();
  tasks_in_region();
  check("parameter", parameter(5), 15);
  product_through_shared_scalar();
  if (failures)
    return 1;
  printf("ok\n");
  return 0;
}
