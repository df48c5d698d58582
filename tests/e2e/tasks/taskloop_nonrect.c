// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// PEERS: gcc   (clang 16's libomp crashes on the decreasing unsigned nest and loops forever on
//              the nest whose rows are all empty)
// GCC-FLAGS: -Wno-maybe-uninitialized -Wno-uninitialized
// (gcc 12 warns that its own temporaries of these nests may be used uninitialised)
//
// Non-rectangular collapsed taskloop nests (OpenMP 5.0: an inner loop's bounds are
// `a1 * var + a2` in one outer loop variable).  Each nest runs once sequentially, recording the
// (i, j[, k]) it visits, and once as a taskloop: every pair (triple) must run exactly once, the
// same ones.  The forms:
//  - triangles above and below the diagonal, a1 of 2, -1 and from run time;
//  - empty rows at the start, in the middle (collapse(3)'s middle loop) and at the end;
//  - decreasing loops (negative steps), steps of 2 and 3, signed and unsigned variables of
//    int, long and unsigned long long (OpenMP 5.1's rule that (a1' - a1'') * outer step be a
//    multiple of the inner step holds: gcc checks it);
//  - nests that run no iteration (every row empty, or no row), whose lastprivate variables keep
//    their values;
//  - collapse(3), the innermost loop's bounds using the middle or the outer variable;
//  - every division: by default, grainsize(g), num_tasks(k).

#define TEST_NAME "taskloop_nonrect.c"
#include "Inputs/check.h"
#include <string.h>

enum { M = 64, OFF = 24 }; /* the variables' values lie in [-OFF, M - OFF) */
static int hits[M][M][M], want[M][M][M];

static void hit(long i, long j, long k)
{
#pragma omp atomic
  hits[i + OFF][j + OFF][k + OFF]++;
}

static void expect(long i, long j, long k) { want[i + OFF][j + OFF][k + OFF]++; }

/* Compares the taskloop's visits with the sequential nest's (at least one visit expected). */
static void compare(const char *what)
{
  int seen = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < M; k++) {
        CHECK(hits[i][j][k] == want[i][j][k], "%s: (%d, %d, %d) ran %d times, expected %d", what,
              i - OFF, j - OFF, k - OFF, hits[i][j][k], want[i][j][k]);
        seen += want[i][j][k];
      }
  CHECK(seen > 0, "%s: the sequential nest ran no iteration", what);
  memset(hits, 0, sizeof hits);
  memset(want, 0, sizeof want);
}

static void triangles(int n, int a)
{
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      expect(i, j, 0);
#pragma omp taskloop collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      hit(i, j, 0);
  compare("upper triangle");

  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      expect(i, j, 0);
#pragma omp taskloop collapse(2) grainsize(3)
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      hit(i, j, 0);
  compare("lower triangle, grainsize(3)");

  /* Rows empty from i = 2n/3 on, the last rows among them. */
  for (int i = 0; i < n; i++)
    for (int j = 2 * i - n; j < n - i; j++)
      expect(i, j, 0);
#pragma omp taskloop collapse(2) num_tasks(5)
  for (int i = 0; i < n; i++)
    for (int j = 2 * i - n; j < n - i; j++)
      hit(i, j, 0);
  compare("a1 = 2 and -1, empty last rows, num_tasks(5)");

  /* Rows empty up to i = n/2. */
  for (int i = 0; i < n; i++)
    for (int j = n - i; j < i; j++)
      expect(i, j, 0);
#pragma omp taskloop collapse(2) grainsize(4)
  for (int i = 0; i < n; i++)
    for (int j = n - i; j < i; j++)
      hit(i, j, 0);
  compare("empty first rows, grainsize(4)");

  /* a1 from run time, step 2. */
  for (int i = 1; i < n; i += 2)
    for (int j = i * a - 10; j <= a * i; j += 2)
      expect(i, j, 0);
#pragma omp taskloop collapse(2) num_tasks(3)
  for (int i = 1; i < n; i += 2)
    for (int j = i * a - 10; j <= a * i; j += 2)
      hit(i, j, 0);
  compare("a1 from run time");
}

static void decreasing(int n)
{
  for (int i = n - 1; i >= 0; i -= 2)
    for (int j = i + 3; j > 0 - i; j -= 2)
      expect(i, j, 0);
#pragma omp taskloop collapse(2) grainsize(2)
  for (int i = n - 1; i >= 0; i -= 2)
    for (int j = i + 3; j > 0 - i; j -= 2)
      hit(i, j, 0);
  compare("decreasing, steps -2");

  for (int i = 0; i < n; i++)
    for (int j = n; j > i; j--)
      expect(i, j, 0);
#pragma omp taskloop collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = n; j > i; j--)
      hit(i, j, 0);
  compare("inner loop decreasing to i");
}

static void unsigned_types(unsigned n)
{
  for (unsigned i = 0; i < n; i += 2)
    for (unsigned j = i; j < n; j += 2)
      expect(i, j, 0);
#pragma omp taskloop collapse(2) grainsize(3)
  for (unsigned i = 0; i < n; i += 2)
    for (unsigned j = i; j < n; j += 2)
      hit(i, j, 0);
  compare("unsigned, step 2");

  for (unsigned i = n; i > 0; i--)
    for (unsigned j = 2 * i; j > i; j--)
      expect(i, j, 0);
#pragma omp taskloop collapse(2) num_tasks(4)
  for (unsigned i = n; i > 0; i--)
    for (unsigned j = 2 * i; j > i; j--)
      hit(i, j, 0);
  compare("unsigned decreasing");

  const unsigned long long un = n;
  for (unsigned long long i = 0; i < un; i++)
    for (unsigned long long j = un - i; j <= un; j++)
      expect((long)i, (long)j, 0);
#pragma omp taskloop collapse(2)
  for (unsigned long long i = 0; i < un; i++)
    for (unsigned long long j = un - i; j <= un; j++)
      hit((long)i, (long)j, 0);
  compare("unsigned long long, a1 = -1");

  const long ln = n;
  for (long i = -ln; i < ln; i++)
    for (long j = i; j < 0; j++)
      expect(i, j, 0);
#pragma omp taskloop collapse(2) grainsize(7)
  for (long i = -ln; i < ln; i++)
    for (long j = i; j < 0; j++)
      hit(i, j, 0);
  compare("long, negative values, empty last rows");
}

static void no_iteration(int n)
{
  int x = 7, i = -1, j = -1;
#pragma omp taskloop collapse(2) lastprivate(x, i, j)
  for (i = 0; i < n; i++)
    for (j = n + i; j < n; j++)
      x = i + j;
  CHECK(x == 7 && i == -1 && j == -1, "every row empty: x %d, i %d, j %d changed", x, i, j);
#pragma omp taskloop collapse(2) lastprivate(x, i, j)
  for (i = n; i < 0; i++)
    for (j = i; j < n; j++)
      x = i + j;
  CHECK(x == 7 && i == -1 && j == -1, "no row: x %d, i %d, j %d changed", x, i, j);
  long count = 0;
#pragma omp taskloop collapse(3) reduction(+ : count)
  for (int a = 0; a < n; a++)
    for (int b = n; b < a; b++)
      for (int c = 0; c < b; c++)
        count++;
  CHECK(count == 0, "collapse(3) with every middle row empty ran %ld iterations", count);
}

static void three_deep(int n)
{
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      for (int k = j; k < n; k++)
        expect(i, j, k);
#pragma omp taskloop collapse(3) grainsize(5)
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      for (int k = j; k < n; k++)
        hit(i, j, k);
  compare("collapse(3) tetrahedron");

  /* Middle rows empty from i = n/2 on; the innermost loop uses the outer variable. */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n - 2 * i; j++)
      for (int k = n - i; k >= i - 2; k -= 2)
        expect(i, j, k);
#pragma omp taskloop collapse(3) num_tasks(6)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n - 2 * i; j++)
      for (int k = n - i; k >= i - 2; k -= 2)
        hit(i, j, k);
  compare("collapse(3), empty middle rows, innermost on the outer variable");

  /* Innermost rows empty in the middle of each plane. */
  for (unsigned i = 0; i < (unsigned)n; i += 3)
    for (unsigned j = 2; j < (unsigned)n; j++)
      for (unsigned k = j; k < 2 * j - 4; k++)
        expect(i, j, k);
#pragma omp taskloop collapse(3)
  for (unsigned i = 0; i < (unsigned)n; i += 3)
    for (unsigned j = 2; j < (unsigned)n; j++)
      for (unsigned k = j; k < 2 * j - 4; k++)
        hit(i, j, k);
  compare("collapse(3), unsigned, empty innermost rows");
}

int main(void)
{
  volatile int size = 14, a1 = 3;
#pragma omp parallel
#pragma omp single
  {
    triangles(size, a1);
    decreasing(size);
    unsigned_types(size);
    no_iteration(size);
    three_deep(size);
  }
  /* Outside any parallel region too. */
  triangles(size, a1);
  return failures != 0;
}
