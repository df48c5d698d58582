// First touch under schedule(indirect(owner)) on a real two-node kernel (the QEMU guest: 2 nodes
// of 2 CPUs, threads 0, 1 on node 0 and 2, 3 on node 1): the owner map gives each iteration's
// thread in long runs of irregular lengths (200 to 5000 elements, owners in no simple order), and
// every page that lies wholly inside one thread's elements is on that thread's node, before and
// after a second loop with the same map.  The array is marked MADV_NOHUGEPAGE, so pages are 4 KiB.
// Page nodes come from move_pages(2); automatic NUMA balancing is off in the guest.
//
// REQUIRES: qemu, translator
// RUN: %o2n-compile -D_GNU_SOURCE %s -lnuma -o %t
// RUN: mkdir -p %t.guest
// RUN: sh %S/../../runtime/placement/Inputs/run-in-numa-guest.sh %t.guest %t | FileCheck %s
//
// CHECK: nodes: 2
// CHECK: threads: 0@0 1@0 2@1 3@1
// CHECK: indirect map: {{[0-9]+}} runs, some elements on every thread
// CHECK: indirect init: [[P:[0-9]+]] of [[P]] wholly-owned pages on the owner's node (100.0%), {{[0-9]+}} pages shared by threads
// CHECK: indirect compute: every element ran on its owner
// CHECK: indirect after compute: [[P]] of [[P]] wholly-owned pages on the owner's node (100.0%), {{[0-9]+}} pages shared by threads
// CHECK: failures: 0
// CHECK: EXIT 0
#include "Inputs/placement.h"

#define N (1000 * 512) // doubles: 1000 pages

static int map[N];   // the schedule: iteration i runs on thread map[i]
static int owner[N]; // the thread that actually ran iteration i

int main(void)
{
#pragma omp parallel num_threads(THREADS)
  note_thread_node();
  report_thread_nodes();

  // Runs of 200..5000 elements (a run may cross a page boundary anywhere), owners from an LCG
  // that never repeats the previous run's owner.
  unsigned lcg = 12345;
  int runs = 0, per_thread[THREADS] = {0};
  for (int i = 0, t = 0; i < N; runs++) {
    lcg = lcg * 1103515245u + 12345u;
    int len = 200 + (int)((lcg >> 8) % 4801);
    t = (t + 1 + (int)((lcg >> 20) % (THREADS - 1))) % THREADS;
    for (int e = i + len < N ? i + len : N; i < e; i++)
      map[i] = t, per_thread[t]++;
  }
  int every = per_thread[0] > 0 && per_thread[1] > 0 && per_thread[2] > 0 && per_thread[3] > 0;
  printf("indirect map: %d runs, %s elements on every thread\n", runs, every ? "some" : "NOT");
  EXPECT(every, "a thread has no elements");

  double *a = untouched_pages((size_t)N * sizeof(double));
#pragma omp parallel for schedule(indirect(map)) num_threads(THREADS)
  for (int i = 0; i < N; i++) {
    a[i] = 0.5 * i;
    owner[i] = omp_get_thread_num();
  }
  for (int i = 0; i < N; i++)
    if (owner[i] != map[i]) {
      EXPECT(0, "element %d ran on thread %d, not %d", i, owner[i], map[i]);
      break;
    }
  EXPECT(check_owned_pages("indirect init", a, N, owner) == 0, "indirect init: misplaced pages");

  int wrong = 0;
#pragma omp parallel for schedule(indirect(map)) num_threads(THREADS) reduction(+:wrong)
  for (int i = 0; i < N; i++) {
    a[i] = 2.0 * a[i] + 1.0;
    wrong += owner[i] != omp_get_thread_num();
  }
  if (wrong == 0)
    printf("indirect compute: every element ran on its owner\n");
  EXPECT(wrong == 0, "indirect compute: %d elements ran on another thread", wrong);
  EXPECT(check_owned_pages("indirect after compute", a, N, owner) == 0,
         "indirect after compute: misplaced pages");
  for (int i = 0; i < N; i++)
    if (a[i] != (double)i + 1.0) {
      EXPECT(0, "a[%d] = %g, expected %d", i, a[i], i + 1);
      break;
    }
  printf("failures: %d\n", failures);
  return failures != 0;
}
