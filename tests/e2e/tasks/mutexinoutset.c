// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// depend(mutexinoutset: x) (OpenMP 5.0): sibling tasks with mutexinoutset on the same variable
// may run in any order but never at the same time, and they are ordered after a preceding
// `out` and before a following `in` on that variable:
//  - 16 rounds: a writer (out: acc) sets a start value; 24 mutexinoutset tasks each add to acc
//    with a deliberately slow, non-atomic read-modify-write and check, with an atomic
//    occupancy counter, that no other member of the set is inside; a reader (in: acc) checks
//    the complete sum;
//  - two mutexinoutset sets on different variables do not exclude each other (nothing is
//    checked there), but each set is exclusive within itself.
// inoutset (OpenMP 5.1) is not covered: gcc 12 does not accept it (clang 16 does, with
// -fopenmp-version=51).

#define TEST_NAME "mutexinoutset.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>

#define ROUNDS 16
#define M 24

static void spin(int n)
{
  volatile double a = 0;
  for (int i = 0; i < n; i++)
    a += i;
}

static int inside[2], overlaps[2];

static void enter(int s)
{
  int now;
#pragma omp atomic capture
  now = ++inside[s];
  if (now != 1) {
#pragma omp atomic
    overlaps[s]++;
  }
}

static void leave(int s)
{
#pragma omp atomic
  inside[s]--;
}

int main(void)
{
  long acc = 0, acc2 = 0;
  long seen[ROUNDS], seen2[ROUNDS];
#pragma omp parallel
#pragma omp single
  {
    for (int r = 0; r < ROUNDS; r++) {
#pragma omp task depend(out: acc) shared(acc)
      {
        spin(20000);
        acc = 1000L * r;
      }
#pragma omp task depend(out: acc2) shared(acc2)
      acc2 = 0;
      for (int k = 0; k < M; k++) {
#pragma omp task depend(mutexinoutset: acc) shared(acc)
        {
          enter(0);
          volatile long v = acc; /* a slow, non-atomic update: exclusion keeps it exact */
          spin(3000 + (k % 5) * 2000);
          acc = v + k + 1;
          leave(0);
        }
#pragma omp task depend(mutexinoutset: acc2) shared(acc2)
        {
          enter(1);
          volatile long v = acc2;
          spin(2000);
          acc2 = v + 2;
          leave(1);
        }
      }
#pragma omp task depend(in: acc) shared(acc, seen)
      seen[r] = acc;
#pragma omp task depend(in: acc2) shared(acc2, seen2)
      seen2[r] = acc2;
    }
#pragma omp taskwait
  }
  for (int r = 0; r < ROUNDS; r++) {
    CHECK(seen[r] == 1000L * r + M * (M + 1) / 2, "round %d: reader saw %ld, want %ld", r,
          seen[r], 1000L * r + M * (M + 1) / 2);
    CHECK(seen2[r] == 2L * M, "round %d: second set's reader saw %ld", r, seen2[r]);
  }
  CHECK(overlaps[0] == 0 && overlaps[1] == 0,
        "mutexinoutset members ran at the same time %d and %d times", overlaps[0], overlaps[1]);
  return failures != 0;
}
