// GOMP_taskloop and GOMP_taskloop_ull on libomp2numa: every iteration exactly once, and the task
// shapes libgomp makes (grainsize, strict grainsize, num_tasks, strict num_tasks, the default of
// one task per thread), up and down, long and unsigned long long, empty loops, nogroup, if(0),
// final, priority, collapse; reductions on taskloop and in_reduction on a taskloop in a taskgroup.
// REQUIRES: gcc-openmp
// RUN: env OMP_NUM_THREADS=4 %gomp-ways %s %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=2 %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// And the same program on libgomp, to compare with:
// RUN: %gomp-cc %s -o %t.libgomp && env OMP_NUM_THREADS=4 %t.libgomp | FileCheck %s --check-prefix=GOMP
// CHECK: == direct
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// CHECK-NEXT: == preload
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// CHECK-NEXT: == libdir
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// ONE: == direct
// ONE-NEXT: runtime: omp2numa
// ONE-NEXT: ok
// GOMP: runtime: other
// GOMP-NEXT: ok
#include "on_omp2numa.h"

#include <omp.h>
#include <string.h>

#define REQUIRE(c) CHECK(c, "%s", #c)

enum { N = 1000 };
static int hits[N], owner[N]; /* owner[i]: the first iteration of the task that ran i */

/* The number of tasks of the last loop, and their smallest and largest sizes. */
static void shape(int n, int *ntasks, int *smallest, int *largest)
{
  *ntasks = 0;
  *smallest = N;
  *largest = 0;
  for (int i = 0; i < n;) {
    int j = i;
    while (j < n && owner[j] == i)
      j++;
    if (j == i) {
      CHECK(0, "iteration %d is not the first of its task (%d)", i, owner[i]);
      return;
    }
    (*ntasks)++;
    *smallest = j - i < *smallest ? j - i : *smallest;
    *largest = j - i > *largest ? j - i : *largest;
    i = j;
  }
}

static void reset(void)
{
  memset(hits, 0, sizeof hits);
  memset(owner, -1, sizeof owner);
}

static void once(int n)
{
  for (int i = 0; i < n; i++)
    REQUIRE(hits[i] == 1);
}

/* first is firstprivate: -1 in each task until its first iteration. */
#define BODY                                                                                     \
  {                                                                                              \
    if (first < 0)                                                                               \
      first = i;                                                                                 \
    hits[i]++;                                                                                   \
    owner[i] = first;                                                                            \
  }

static void shapes(void)
{
  int t, lo, hi, first = -1;
  reset();
#pragma omp taskloop grainsize(7) firstprivate(first)
  for (int i = 0; i < 100; i++)
    BODY
  once(100);
  shape(100, &t, &lo, &hi);
  REQUIRE(t == 14 && lo >= 7 && hi <= 8);
  reset();
#pragma omp taskloop grainsize(strict: 7) firstprivate(first)
  for (int i = 0; i < 100; i++)
    BODY
  once(100);
  shape(100, &t, &lo, &hi);
  REQUIRE(t == 15 && lo == 2 && hi == 7 && owner[99] == 98);
  reset();
#pragma omp taskloop num_tasks(9) firstprivate(first)
  for (int i = 0; i < 100; i++)
    BODY
  once(100);
  shape(100, &t, &lo, &hi);
  REQUIRE(t == 9 && lo == 11 && hi == 12);
  reset();
#pragma omp taskloop num_tasks(strict: 300) firstprivate(first)
  for (int i = 0; i < 100; i++)
    BODY
  once(100);
  shape(100, &t, &lo, &hi);
  REQUIRE(t == 100);
  reset();
#pragma omp taskloop firstprivate(first)
  for (int i = 0; i < 100; i++)
    BODY
  once(100);
  shape(100, &t, &lo, &hi);
  REQUIRE(t == (omp_get_num_threads() < 100 ? omp_get_num_threads() : 100));
}

static void bounds(void)
{
  reset();
  /* decreasing, step 3, long */
#pragma omp taskloop grainsize(5)
  for (long i = 998; i >= 1; i -= 3)
    hits[i]++;
  for (int i = 0; i < N; i++)
    REQUIRE(hits[i] == (i >= 1 && i <= 998 && (998 - i) % 3 == 0));
  reset();
  /* unsigned long long, increasing and decreasing */
#pragma omp taskloop num_tasks(4)
  for (unsigned long long i = 5; i < 905; i += 9)
    hits[i]++;
  for (int i = 0; i < N; i++)
    REQUIRE(hits[i] == (i >= 5 && i < 905 && (i - 5) % 9 == 0));
  reset();
#pragma omp taskloop
  for (unsigned long long i = 999; i > 10; i -= 2)
    hits[i]++;
  for (int i = 0; i < N; i++)
    REQUIRE(hits[i] == (i > 10 && i <= 999 && (999 - i) % 2 == 0));
  reset();
  /* empty loops, nogroup, if(0), final, priority, collapse */
#pragma omp taskloop
  for (int i = 10; i < 10; i++)
    hits[i]++;
#pragma omp taskloop nogroup grainsize(100)
  for (int i = 0; i < N; i++)
    hits[i]++;
#pragma omp taskwait
  once(N);
#pragma omp taskloop if(0) final(1) priority(3) collapse(2)
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 100; j++)
      hits[i * 100 + j]++;
  for (int i = 0; i < N; i++)
    REQUIRE(hits[i] == 2);
}

static void reductions(void)
{
  long sum = 0;
  double prod = 1;
#pragma omp taskloop reduction(+: sum) reduction(*: prod) grainsize(10)
  for (int i = 0; i < N; i++) {
    sum += i;
    if (i % 100 == 0)
      prod *= 2;
  }
  REQUIRE(sum == (long)N * (N - 1) / 2 && prod == 1024);
  long s2 = 0;
#pragma omp taskgroup task_reduction(+: s2)
  {
#pragma omp taskloop in_reduction(+: s2) num_tasks(13)
    for (int i = 0; i < N; i++)
      s2 += i;
#pragma omp task in_reduction(+: s2)
    s2 += 1;
  }
  REQUIRE(s2 == (long)N * (N - 1) / 2 + 1);
  /* empty loop with a reduction: nothing registered */
  long s3 = 7;
#pragma omp taskloop reduction(+: s3)
  for (int i = 0; i < 0; i++)
    s3 += i;
  REQUIRE(s3 == 7);
}

int main(void)
{
  print_runtime();
  for (int rep = 0; rep < 5; rep++) {
#pragma omp parallel
#pragma omp single
    {
      shapes();
      bounds();
      reductions();
    }
  }
  /* outside a region: a team of one */
  shapes();
  bounds();
  reductions();
  if (!failures)
    printf("ok\n");
  return failures != 0;
}
