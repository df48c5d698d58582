// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// Dependence graphs wider than a chain, with logged sequence numbers:
//  - 50 diamonds A -> {B, C} -> D (A out: a; B in: a, out: b; C in: a, out: c; D in: b, c):
//    B and C start after A ends, D starts after both end; each diamond's D combines values
//    that exist only if the order was kept;
//  - a 2-D wavefront over a 24 x 24 grid of blocks: task (i, j) depends on (i-1, j) and
//    (i, j-1) (`depend(in: g[i-1][j], g[i][j-1]) depend(out: g[i][j])`) and computes
//    g[i][j] = g[i-1][j] + g[i][j-1] mod p: the grid must equal the serial one (binomial
//    coefficients mod p), and each task must start after both predecessors ended;
//  - a fan-in: 64 producers (out: slot[k]), then a binary tree of combining tasks
//    (inout: slot[k], in: slot[k + stride]) and a last task reading the root (in: slot[0]):
//    it must read the sum of all 64.

#define TEST_NAME "depend_diamond.c"
#include "Inputs/seqlog.h"

#include <omp.h>

#define D 50
#define G 24
#define P 1000003L
#define FAN 64

static long g[G][G], gs[G][G], g_start[G][G], g_end[G][G];
static long slot[FAN];

int main(void)
{
#pragma omp parallel
#pragma omp single
  {
    int a[D], b[D], c[D], d[D];
    long s[D][4], e[D][4];
    for (int k = 0; k < D; k++) {
#pragma omp task depend(out: a[k]) shared(a, s, e)
      {
        s[k][0] = take();
        spin((k % 3) * 30000);
        a[k] = k + 1;
        e[k][0] = take();
      }
#pragma omp task depend(in: a[k]) depend(out: b[k]) shared(a, b, s, e)
      {
        s[k][1] = take();
        spin((k % 2) * 20000);
        b[k] = 10 * a[k];
        e[k][1] = take();
      }
#pragma omp task depend(in: a[k]) depend(out: c[k]) shared(a, c, s, e)
      {
        s[k][2] = take();
        c[k] = 100 * a[k];
        e[k][2] = take();
      }
#pragma omp task depend(in: b[k], c[k]) shared(b, c, d, s, e)
      {
        s[k][3] = take();
        d[k] = b[k] + c[k];
        e[k][3] = take();
      }
    }
#pragma omp taskwait
    for (int k = 0; k < D; k++) {
      CHECK(d[k] == 110 * (k + 1), "diamond %d: D computed %d, want %d", k, d[k], 110 * (k + 1));
      CHECK(s[k][1] > e[k][0] && s[k][2] > e[k][0], "diamond %d: B or C before A ended", k);
      CHECK(s[k][3] > e[k][1] && s[k][3] > e[k][2], "diamond %d: D before B and C ended", k);
    }

    /* wavefront */
    for (int i = 0; i < G; i++)
      for (int j = 0; j < G; j++) {
        if (i == 0 || j == 0) {
          g[i][j] = 1;
          continue;
        }
#pragma omp task depend(in: g[i - 1][j], g[i][j - 1]) depend(out: g[i][j])
        {
          g_start[i][j] = take();
          if ((i + j) % 5 == 0)
            spin(10000);
          g[i][j] = (g[i - 1][j] + g[i][j - 1]) % P;
          g_end[i][j] = take();
        }
      }
#pragma omp taskwait
  }
  for (int i = 0; i < G; i++)
    for (int j = 0; j < G; j++)
      gs[i][j] = (i == 0 || j == 0) ? 1 : (gs[i - 1][j] + gs[i][j - 1]) % P;
  int bad = 0, order = 0;
  for (int i = 1; i < G; i++)
    for (int j = 1; j < G; j++) {
      bad += g[i][j] != gs[i][j];
      if (i > 1)
        order += g_start[i][j] < g_end[i - 1][j];
      if (j > 1)
        order += g_start[i][j] < g_end[i][j - 1];
    }
  CHECK(!bad, "wavefront: %d blocks differ from the serial grid", bad);
  CHECK(!order, "wavefront: %d tasks started before a predecessor ended", order);

  /* fan-in through a tree of dependences */
  long total = -1;
#pragma omp parallel shared(total)
#pragma omp single
  {
    for (int k = 0; k < FAN; k++) {
#pragma omp task depend(out: slot[k])
      {
        spin((k % 4) * 5000);
        slot[k] = k + 1;
      }
    }
    for (int stride = 1; stride < FAN; stride *= 2)
      for (int k = 0; k + stride < FAN; k += 2 * stride) {
#pragma omp task depend(inout: slot[k]) depend(in: slot[k + stride])
        slot[k] += slot[k + stride];
      }
#pragma omp task depend(in: slot[0]) shared(total)
    total = slot[0];
  }
  CHECK(total == FAN * (FAN + 1) / 2, "fan-in total %ld, want %d", total, FAN * (FAN + 1) / 2);
  return failures != 0;
}
