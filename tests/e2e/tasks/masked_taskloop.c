// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// PEERS: gcc   (clang 16 ignores masked taskloop, an OpenMP 5.1 construct, without a word)
//
// master taskloop, master taskloop simd, masked taskloop [simd] filter(...): only the filter's
// thread creates the tasks (every iteration runs once, whoever runs it), the other threads go
// on at once, and the filter's thread waits for the tasks at the taskloop's implicit taskgroup.
// parallel master/masked taskloop [simd]: the same in a region of its own, with the clauses
// split between the two as gcc splits them (lastprivate, reduction and firstprivate reach the
// taskloop; num_threads and if(parallel:) the region; a simd loop variable ends as the
// sequential loop leaves it).

#define TEST_NAME "masked_taskloop.c"
#include "Inputs/check.h"
#include <omp.h>

enum { N = 1000 };

int main(void)
{
  static int a[N], b[N], creator[N];
  long sum = 0;
  int nthreads = 1;
#pragma omp parallel
  {
#pragma omp single
    nthreads = omp_get_num_threads();
#pragma omp master taskloop grainsize(10) reduction(+ : sum)
    for (int i = 0; i < N; i++) {
      a[i] += 1;
      sum += i;
    }
    const int last = omp_get_num_threads() - 1, me = omp_get_thread_num();
#pragma omp masked taskloop simd filter(last) num_tasks(7) firstprivate(me)
    for (int i = 0; i < N; i++) {
      b[i] += 2; /* not a: the master's taskloop may still run (no barrier after it) */
      creator[i] = me;
    }
#pragma omp barrier
#pragma omp masked taskloop filter(omp_get_num_threads() > 1) if (taskloop : 1)
    for (int i = N - 1; i >= 0; i -= 2)
      a[i] += 4;
    /* The taskloops of different threads may run at once: the next one updates some of the same
       elements. */
#pragma omp barrier
#pragma omp master taskloop simd simdlen(4)
    for (int i = 0; i < N; i += 3)
      a[i] += 8;
  }
  int i, last = -1, team = 0;
  long evens = 0, serial_evens = 0;
  for (i = 0; i < N - 5; i += 2)
    serial_evens += a[i];
#pragma omp parallel master taskloop num_threads(3) lastprivate(i, last) reduction(+ : evens) \
    grainsize(16) shared(team)
  for (i = 0; i < N - 5; i += 2) {
    evens += a[i];
    last = i;
    team = omp_get_num_threads();
  }
  CHECK(i == N - 4 && last == N - 6, "lastprivate of parallel master taskloop: i %d, last %d", i,
        last);
  CHECK(team == 3, "num_threads(3) of parallel master taskloop: a team of %d", team);
  CHECK(evens == serial_evens, "reduction of parallel master taskloop: %ld, not %ld", evens,
        serial_evens);
#pragma omp parallel masked taskloop simd if (parallel : 1) num_tasks(5) filter(0)
  for (i = 0; i < N; i++)
    a[i] += 16;
  CHECK(i == N, "simd loop variable after parallel masked taskloop simd: %d", i);
  for (i = 0; i < N; i++) {
    const int want = 1 + 2 + (i % 2 ? 4 : 0) + (i % 3 ? 0 : 8) + 16;
    CHECK(a[i] + b[i] == want, "every iteration once: a[%d] + b[%d] = %d, not %d", i, i,
          a[i] + b[i], want);
    CHECK(creator[i] == nthreads - 1, "firstprivate of the filter's thread: creator[%d] = %d", i,
          creator[i]);
  }
  CHECK(sum == (long)N * (N - 1) / 2, "reduction of master taskloop: %ld", sum);
  return failures != 0;
}
