// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// Depend objects (OpenMP 5.0): `#pragma omp depobj(o) depend(out: x)` creates a dependence
// object, `depend(depobj: o)` on a task uses it, `depobj(o) update(in)` changes its type and
// `depobj(o) destroy` frees it.  Checked with sequence numbers:
//  - a writer through an `out` depobj, readers through the same object updated to `in`, and a
//    writer named directly with depend(out: x): the readers start after the first writer ended
//    and see its value; the last writer starts after all readers ended;
//  - depobjs mixed with ordinary depend clauses on one task (depobj for x, in: y);
//  - an array of depend objects, one per block, built in a loop.

#define TEST_NAME "depobj.c"
#include "Inputs/seqlog.h"

#include <omp.h>

#define R 6
#define NB 16

int main(void)
{
  int x = 0, y = 0, z = 0;
  long w_end = -1, r_start[R], r_end[R], w2_start = -1;
  int r_seen[R];
  int blocks[NB];
  int bseen[NB];
  omp_depend_t ox, blk[NB];

#pragma omp parallel
#pragma omp single
  {
#pragma omp depobj(ox) depend(out: x)
#pragma omp task depend(depobj: ox) shared(x, w_end)
    {
      spin(100000);
      x = 42;
      w_end = take();
    }
#pragma omp depobj(ox) update(in)
    for (int k = 0; k < R; k++) {
#pragma omp task depend(depobj: ox) shared(x, r_start, r_end, r_seen)
      {
        r_start[k] = take();
        spin(k * 5000);
        r_seen[k] = x;
        r_end[k] = take();
      }
    }
#pragma omp task depend(out: x) shared(x, w2_start)
    {
      w2_start = take();
      x = -1;
    }
#pragma omp depobj(ox) destroy

#pragma omp task depend(out: y) shared(y)
    {
      spin(50000);
      y = 5;
    }
#pragma omp depobj(ox) depend(inout: z)
#pragma omp task depend(depobj: ox) depend(in: y) shared(y, z)
    z = y + 1;
#pragma omp task depend(in: z) shared(z)
    z *= 10;
#pragma omp depobj(ox) destroy

    for (int k = 0; k < NB; k++) {
#pragma omp depobj(blk[k]) depend(out: blocks[k])
    }
    for (int k = 0; k < NB; k++) {
      omp_depend_t *ok = &blk[k]; /* gcc 12 rejects depend(depobj: blk[k]) as an array section */
#pragma omp task depend(depobj: *ok) shared(blocks)
      {
        spin((NB - k) * 3000);
        blocks[k] = k * k;
      }
    }
    for (int k = 0; k < NB; k++) {
#pragma omp task depend(in: blocks[k]) shared(blocks, bseen)
      bseen[k] = blocks[k];
    }
#pragma omp taskwait
    for (int k = 0; k < NB; k++) {
#pragma omp depobj(blk[k]) destroy
    }
  }
  for (int k = 0; k < R; k++) {
    CHECK(r_seen[k] == 42, "reader %d saw %d", k, r_seen[k]);
    CHECK(r_start[k] > w_end, "reader %d started before the depobj writer ended", k);
    CHECK(w2_start > r_end[k], "the last writer started before reader %d ended", k);
  }
  CHECK(x == -1, "x = %d", x);
  CHECK(z == 60, "depobj mixed with depend(in): z = %d, want 60", z);
  for (int k = 0; k < NB; k++)
    CHECK(bseen[k] == k * k, "block %d: %d", k, bseen[k]);
  return failures != 0;
}
