// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP_SCHEDULE=dynamic,2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// The loop construct (OpenMP 5.0), bound as gcc binds it: closely nested in a parallel region
// or with bind(parallel), the team shares the iterations, and the construct ends with a barrier
// (a thread reads what others wrote); with bind(thread), or without bind in another construct
// (single, a for's body), the encountering thread runs every iteration.  parallel loop with
// collapse(2) over a triangle, reduction, private, lastprivate of the loop variables and
// order(concurrent); an orphaned loop bind(parallel) in a function called from a region.

#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 1000
static int a[N], hits[N];
static int failures;

static void check(const char *what, long got, long want) {
  printf("%s: %ld\n", what, got);
  if (got != want) {
    printf("  expected %ld\n", want);
    failures++;
  }
}

/* Orphaned, bound to the caller's region: the team shares the iterations. */
static void scale(int *v, int n, int f) {
#pragma omp loop bind(parallel)
  for (int i = 0; i < n; i++)
    v[i] *= f;
}

static void in_region(void) {
  long sum = 0, all = 0, wrong = 0;
  int threads = 1;
  memset(hits, 0, sizeof hits);
#pragma omp parallel reduction(+ : wrong)
  {
#pragma omp single
    threads = omp_get_num_threads();
#pragma omp loop reduction(+ : sum)
    for (int i = 0; i < N; i++) {
      a[i] = i;
      __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
      sum += i;
    }
    /* The barrier at the end: every element is written. */
    for (int i = 0; i < N; i++)
      wrong += a[i] != i;
#pragma omp barrier
    scale(a, N, 3);
    /* Each thread runs all iterations of a bind(thread) loop.  Its reduction binds to the thread:
       the variable must be the thread's own (a shared one would be updated by every thread at
       once), and the threads' counts are added atomically. */
    long mine = 0;
#pragma omp loop bind(thread) reduction(+ : mine)
    for (int i = 0; i < N; i++)
      mine += a[i] == 3 * i;
#pragma omp atomic
    all += mine;
  }
  long once = 0;
  for (int i = 0; i < N; i++)
    once += hits[i] == 1;
  check("loop: iterations run once", once, N);
  check("loop: sum", sum, (long)N * (N - 1) / 2);
  check("loop: ended with a barrier (wrong reads)", wrong, 0);
  check("loop bind(thread): iterations per thread", all / threads, N);
}

static void in_other_constructs(void) {
  long by_single = 0, in_body = 0;
#pragma omp parallel
  {
    /* In single: bound to the thread that runs the single. */
#pragma omp single
    {
#pragma omp loop reduction(+ : by_single)
      for (int i = 0; i < 100; i++)
        by_single += 1;
    }
    /* In a for's body: each iteration runs the inner loop whole. */
#pragma omp for reduction(+ : in_body)
    for (int j = 0; j < 10; j++) {
#pragma omp loop reduction(+ : in_body)
      for (int i = 0; i < 7; i++)
        in_body += 1;
    }
  }
  check("loop in single", by_single, 100);
  check("loop in a for's body", in_body, 70);
}

static void combined(void) {
  long sum = 0, count = 0;
  int i, j, t = -1;
  i = j = -5;
#pragma omp parallel loop collapse(2) reduction(+ : sum, count) private(t) lastprivate(i, j) \
    order(concurrent)
  for (i = 0; i < 40; i++)
    for (j = i; j < 40; j++) {
      t = i * 40 + j;
      sum += t;
      count++;
    }
  long want = 0;
  for (int x = 0; x < 40; x++)
    for (int y = x; y < 40; y++)
      want += x * 40 + y;
  check("parallel loop: count", count, 40 * 41 / 2);
  check("parallel loop: sum", sum, want);
  check("parallel loop: i after", i, 40);
  check("parallel loop: j after", j, 40);
  check("parallel loop: t untouched", t, -1);
}

/* Orphaned bind(thread) outside any region; the loop variable declared before is lastprivate. */
static void serial(void) {
  int k = 0;
  long s = 0;
#pragma omp loop bind(thread) lastprivate(k) reduction(+ : s)
  for (k = 3; k < 30; k += 4)
    s += k;
  check("loop bind(thread) outside a region: sum", s, 3 + 7 + 11 + 15 + 19 + 23 + 27);
  check("loop bind(thread) outside a region: k after", k, 31);
}

int main(void) {
  in_region();
  in_other_constructs();
  combined();
  serial();
  printf("%s\n", failures ? "FAILED" : "ok");
  return failures != 0;
}
