// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if tsan %{ %omp2numa %s -o %t.tsan.c && %rt-tsan-cc %t.tsan.c %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
//
// Ordering by `depend(in|out|inout)` between sibling tasks.  Each task takes a sequence number
// (an atomic ticket) when it starts and records when it ends, so the checks see the actual
// execution order:
//  - a chain of 200 tasks with depend(inout: x), each applying x = 3x + i mod p (an update that
//    gives a different result in any other order): the result equals the serial one, and each
//    task started after the previous one ended;
//  - writer, 8 readers, writer (out, in x 8, out) repeated: every reader sees the first
//    writer's value and starts after it ended; the second writer starts after all 8 readers
//    ended; readers are not ordered among themselves (nothing is checked there);
//  - depend(out) followed by depend(in) on one of two variables: the reader of y waits only
//    for the writer of y (checked: it sees y's value);
//  - in -> out (anti-dependence): a writer after readers does not overwrite what they read;
//  - a task with several list items (in: a, b, out: c) waits for both producers.
// Slow tasks (spins) come first in each pattern, so a runtime that ignored a dependence would be
// caught at 2 and 4 threads.

#define TEST_NAME "depend_order.c"
#include "Inputs/seqlog.h"

#include <omp.h>

#define CHAIN 200
#define READERS 8
#define ROUNDS 20
#define P 1000003L

int main(void)
{
  long x = 1, want = 1;
  long start[CHAIN], end[CHAIN];
  for (int i = 0; i < CHAIN; i++)
    want = (3 * want + i) % P;

#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < CHAIN; i++) {
#pragma omp task depend(inout: x) shared(x, start, end)
      {
        start[i] = take();
        if (i % 17 == 0)
          spin(50000);
        x = (3 * x + i) % P;
        end[i] = take();
      }
    }
#pragma omp taskwait
    CHECK(x == want, "inout chain: x = %ld, want %ld", x, want);
    for (int i = 1; i < CHAIN; i++)
      CHECK(start[i] > end[i - 1], "chain task %d started (%ld) before %d ended (%ld)", i,
            start[i], i - 1, end[i - 1]);

    /* writer, readers, writer */
    int v = 0;
    long w1_end[ROUNDS], r_start[ROUNDS][READERS], r_end[ROUNDS][READERS], w2_start[ROUNDS];
    int r_seen[ROUNDS][READERS];
    for (int r = 0; r < ROUNDS; r++) {
#pragma omp task depend(out: v) shared(v, w1_end)
      {
        spin(20000);
        v = 2 * r + 1;
        w1_end[r] = take();
      }
      for (int k = 0; k < READERS; k++) {
#pragma omp task depend(in: v) shared(v, r_start, r_end, r_seen)
        {
          r_start[r][k] = take();
          spin(k * 3000);
          r_seen[r][k] = v;
          r_end[r][k] = take();
        }
      }
#pragma omp task depend(out: v) shared(v, w2_start)
      {
        w2_start[r] = take();
        v = 2 * r + 2;
      }
    }
#pragma omp taskwait
    CHECK(v == 2 * ROUNDS, "last writer's value %d", v);
    for (int r = 0; r < ROUNDS; r++)
      for (int k = 0; k < READERS; k++) {
        CHECK(r_seen[r][k] == 2 * r + 1, "round %d reader %d saw %d, want %d", r, k,
              r_seen[r][k], 2 * r + 1);
        CHECK(r_start[r][k] > w1_end[r], "round %d reader %d started before the writer ended",
              r, k);
        CHECK(w2_start[r] > r_end[r][k], "round %d: second writer started before reader %d "
              "ended", r, k);
      }

    /* independent variables: the reader of y waits for y's writer */
    int a = 0, b = 0, c = 0, y = 0, z = 0, ysaw = -1;
#pragma omp task depend(out: z) shared(z)
    {
      spin(200000);
      z = 1;
    }
#pragma omp task depend(out: y) shared(y)
    y = 7;
#pragma omp task depend(in: y) shared(y, ysaw)
    ysaw = y;

    /* anti-dependence: readers, then a writer */
    int src = 10, got[4];
    for (int k = 0; k < 4; k++) {
#pragma omp task depend(in: src) shared(src, got)
      {
        spin(30000);
        got[k] = src;
      }
    }
#pragma omp task depend(out: src) shared(src)
    src = -1;

    /* several list items */
#pragma omp task depend(out: a) shared(a)
    {
      spin(100000);
      a = 3;
    }
#pragma omp task depend(out: b) shared(b)
    {
      spin(50000);
      b = 4;
    }
#pragma omp task depend(in: a, b) depend(out: c) shared(a, b, c)
    c = a * b;
#pragma omp task depend(in: c) shared(c)
    c += 1;
#pragma omp taskwait
    CHECK(ysaw == 7, "reader of y saw %d", ysaw);
    CHECK(z == 1, "z %d", z);
    for (int k = 0; k < 4; k++)
      CHECK(got[k] == 10, "anti-dependence: reader %d saw %d", k, got[k]);
    CHECK(src == -1, "src %d", src);
    CHECK(c == 13, "in: a, b then out: c: c = %d, want 13", c);
  }
  return failures != 0;
}
