// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// PEERS: gcc   (clang 16 ignores masked taskloop, and its libomp loops forever on a
//              non-rectangular taskloop whose last rows are empty)
// GCC-FLAGS: -Wno-maybe-uninitialized -Wno-uninitialized
// (gcc 12 warns that its own temporaries of these nests may be used uninitialised)
//
// The clauses and combined forms of taskloop on non-rectangular collapsed nests, each result
// against the sequential nest's:
//  - reduction, over a triangle whose last rows are empty;
//  - lastprivate of a variable the body sets (the sequentially last iteration's value, also
//    when the last rows are empty) and of the loop variables (the values the sequential nest
//    leaves them), in collapse(2) and collapse(3), decreasing too.  Where the last rows are
//    empty, gcc 12 gives the loop variables the last iteration's values plus their steps, not
//    the sequential nest's: taskloop_nonrect_lastprivate.c checks omp2numa alone there;
//  - firstprivate of a variable the bounds use, which the body changes: the bounds are
//    evaluated where the taskloop is, before the copies;
//  - nogroup (the tasks finish at the next taskwait), if(0), final(1);
//  - taskloop simd, master taskloop, masked taskloop simd filter(...), parallel master
//    taskloop, parallel masked taskloop simd.

#define TEST_NAME "taskloop_nonrect_clauses.c"
#include "Inputs/check.h"
#include <omp.h>
#include <string.h>

enum { M = 32 };
static int hits[M][M];

static void hit(int i, int j)
{
#pragma omp atomic
  hits[i][j]++;
}

/* Whether every (i, j) of the triangle 0 <= i < n, i <= j < n ran once, and no other. */
static void check_triangle(int n, const char *what)
{
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      CHECK(hits[i][j] == (i < n && i <= j && j < n), "%s: (%d, %d) ran %d times", what, i, j,
            hits[i][j]);
  memset(hits, 0, sizeof hits);
}

static void reduction(int n)
{
  long sum = 0, want = 0;
  int prod = 1, want_prod = 1;
  for (int i = 0; i < n; i++)
    for (int j = 2 * i - n; j < n - i; j++) {
      want += i * 100 + j;
      want_prod *= (i + j) % 3 == 0 ? -1 : 1;
    }
#pragma omp taskloop collapse(2) reduction(+ : sum) reduction(* : prod) grainsize(4)
  for (int i = 0; i < n; i++)
    for (int j = 2 * i - n; j < n - i; j++) {
      sum += i * 100 + j;
      prod *= (i + j) % 3 == 0 ? -1 : 1;
    }
  CHECK(sum == want && prod == want_prod, "reduction: sum %ld, want %ld; prod %d, want %d", sum,
        want, prod, want_prod);
}

static void lastprivates(int n)
{
  int i = -1, j = -1, x = -1, si = -1, sj = -1, sx = -1;
  for (si = 0; si < n; si++)
    for (sj = 2 * si - n; sj < n - si; sj++)
      sx = si * 100 + sj;
#pragma omp taskloop collapse(2) lastprivate(x) num_tasks(5)
  for (int i = 0; i < n; i++)
    for (int j = 2 * i - n; j < n - i; j++)
      x = i * 100 + j;
  CHECK(x == sx, "lastprivate, empty last rows: x %d, want %d", x, sx);

  for (si = n - 1; si >= 0; si -= 2)
    for (sj = n; sj > si; sj -= 2)
      sx = si * 100 + sj;
#pragma omp taskloop collapse(2) lastprivate(i, j, x) grainsize(3)
  for (i = n - 1; i >= 0; i -= 2)
    for (j = n; j > i; j -= 2)
      x = i * 100 + j;
  CHECK(i == si && j == sj && x == sx, "lastprivate, decreasing: i %d, j %d, x %d; want %d, %d, "
        "%d", i, j, x, si, sj, sx);

  int k = -1, sk = -1;
  for (si = 0; si < n; si++)
    for (sj = si; sj < n; sj++)
      for (sk = sj; sk < n; sk++)
        sx = si * 10000 + sj * 100 + sk;
#pragma omp taskloop collapse(3) lastprivate(i, j, k, x)
  for (i = 0; i < n; i++)
    for (j = i; j < n; j++)
      for (k = j; k < n; k++)
        x = i * 10000 + j * 100 + k;
  CHECK(i == si && j == sj && k == sk && x == sx, "lastprivate, collapse(3): i %d, j %d, k %d, "
        "x %d; want %d, %d, %d, %d", i, j, k, x, si, sj, sk, sx);
}

static void firstprivates(int n)
{
  const int original = n;
  int bad = 0;
#pragma omp taskloop collapse(2) firstprivate(n) grainsize(6) reduction(+ : bad)
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) {
      bad += n != original && n != -1; /* the original, or what this task set */
      n = -1;
      hit(i, j);
    }
  CHECK(n == original, "firstprivate: the original n became %d", n);
  check_triangle(n, "firstprivate of a bound's variable");
  CHECK(bad == 0, "firstprivate: %d iterations saw another task's copy", bad);
}

static void task_clauses(int n)
{
  static int done[M][M];
#pragma omp taskloop collapse(2) nogroup grainsize(5)
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) {
      hit(i, j);
#pragma omp atomic write
      done[i][j] = 1;
    }
#pragma omp taskwait
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      CHECK(done[i][j], "nogroup: (%d, %d) not done at the taskwait", i, j);
  check_triangle(n, "nogroup");

  const int me = omp_get_thread_num();
  int others = 0;
#pragma omp taskloop collapse(2) if(0) reduction(+ : others)
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) {
      others += omp_get_thread_num() != me;
      hit(i, j);
    }
  check_triangle(n, "if(0)");
  CHECK(others == 0, "if(0): %d iterations ran in another thread", others);

  int not_final = 0;
#pragma omp taskloop collapse(2) final(1) num_tasks(3) reduction(+ : not_final)
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) {
      not_final += !omp_in_final();
      hit(i, j);
    }
  check_triangle(n, "final(1)");
  CHECK(not_final == 0, "final(1): %d iterations ran in a task that is not final", not_final);
}

int main(void)
{
  volatile int size = 17;
  const int n = size;
#pragma omp parallel
  {
#pragma omp single
    {
      reduction(n);
      lastprivates(n);
      firstprivates(n);
      task_clauses(n);
#pragma omp taskloop simd collapse(2) grainsize(4)
      for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++)
          hit(i, j);
      check_triangle(n, "taskloop simd");
    }
#pragma omp master taskloop collapse(2) num_tasks(4)
    for (int i = 0; i < n; i++)
      for (int j = i; j < n; j++)
        hit(i, j);
#pragma omp barrier
#pragma omp single
    check_triangle(n, "master taskloop");
    const int last = omp_get_num_threads() - 1;
#pragma omp masked taskloop simd collapse(2) filter(last)
    for (int i = 0; i < n; i++)
      for (int j = i; j < n; j++)
        hit(i, j);
#pragma omp barrier
#pragma omp single
    check_triangle(n, "masked taskloop simd");
  }
  long sum = 0;
#pragma omp parallel master taskloop collapse(2) reduction(+ : sum) grainsize(2)
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) {
      sum += j - i;
      hit(i, j);
    }
  check_triangle(n, "parallel master taskloop");
  CHECK(sum == (long)(n - 1) * n * (n + 1) / 6, "parallel master taskloop: sum %ld", sum);
  int i = -1, j = -1;
#pragma omp parallel masked taskloop simd collapse(2) lastprivate(i, j) num_tasks(2)
  for (i = 0; i < n; i++)
    for (j = i; j < n; j++)
      hit(i, j);
  check_triangle(n, "parallel masked taskloop simd");
  CHECK(i == n && j == n, "parallel masked taskloop simd: lastprivate i %d, j %d", i, j);
  return failures != 0;
}
