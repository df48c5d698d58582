// First touch under schedule(genblock(sizes)) on a real two-node kernel (the QEMU guest: 2 nodes
// of 2 CPUs, threads 0, 1 on node 0 and 2, 3 on node 1): every page that lies wholly inside one
// thread's block of an irregular, page-unaligned genblock distribution is on that thread's node,
// and stays there when a second loop with the same map works on it.  The array is marked
// MADV_NOHUGEPAGE, so pages are 4 KiB.  Page nodes come from move_pages(2); automatic NUMA
// balancing is off in the guest.
//
// REQUIRES: qemu, translator
// RUN: %o2n-compile -D_GNU_SOURCE %s -lnuma -o %t
// RUN: mkdir -p %t.guest
// RUN: sh %S/../../runtime/placement/Inputs/run-in-numa-guest.sh %t.guest %t | FileCheck %s
//
// CHECK: nodes: 2
// CHECK: threads: 0@0 1@0 2@1 3@1
// CHECK: genblock init: [[P:[0-9]+]] of [[P]] wholly-owned pages on the owner's node (100.0%), 3 pages shared by threads
// CHECK: genblock compute: every element ran on its block's thread
// CHECK: genblock after compute: [[P]] of [[P]] wholly-owned pages on the owner's node (100.0%), 3 pages shared by threads
// CHECK: failures: 0
// CHECK: EXIT 0
#include "Inputs/placement.h"

#define N (1000 * 512 + 123) // doubles: about 1000 pages, the last one partly used

static int sizes[THREADS];
static int owner[N];

int main(void)
{
#pragma omp parallel num_threads(THREADS)
  note_thread_node();
  report_thread_nodes();
  // Irregular blocks, not multiples of a page: 10 %, 45 %, 5 %, the rest.
  sizes[0] = N / 10 + 77;
  sizes[1] = N * 45 / 100 - 300;
  sizes[2] = N / 20 + 1001;
  sizes[3] = N - sizes[0] - sizes[1] - sizes[2];
  const size_t per_page = page_size() / sizeof(double);
  double *a = untouched_pages((N + per_page - 1) / per_page * per_page * sizeof(double));

#pragma omp parallel for schedule(genblock(sizes)) num_threads(THREADS)
  for (int i = 0; i < N; i++) {
    a[i] = 0.5 * i;
    owner[i] = omp_get_thread_num();
  }
  // The blocks are where genblock says they are.
  for (int t = 0, i = 0; t < THREADS; t++)
    for (int e = i + sizes[t]; i < e; i++)
      EXPECT(owner[i] == t, "element %d ran on thread %d, not %d", i, owner[i], t);
  EXPECT(check_owned_pages("genblock init", a, N, owner) == 0, "genblock init: misplaced pages");

  // A compute loop reusing the map runs every element on the thread that placed its page.
  int wrong = 0;
#pragma omp parallel for schedule(genblock(sizes)) num_threads(THREADS) reduction(+:wrong)
  for (int i = 0; i < N; i++) {
    a[i] = 2.0 * a[i] + 1.0;
    wrong += owner[i] != omp_get_thread_num();
  }
  if (wrong == 0)
    printf("genblock compute: every element ran on its block's thread\n");
  EXPECT(wrong == 0, "genblock compute: %d elements ran on another thread", wrong);
  EXPECT(check_owned_pages("genblock after compute", a, N, owner) == 0,
         "genblock after compute: misplaced pages");
  for (int i = 0; i < N; i++)
    if (a[i] != (double)i + 1.0) {
      EXPECT(0, "a[%d] = %g, expected %d", i, a[i], i + 1);
      break;
    }
  printf("failures: %d\n", failures);
  return failures != 0;
}
