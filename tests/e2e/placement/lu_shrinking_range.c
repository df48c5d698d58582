// Locality of an LU-style shrinking loop on a real two-node kernel (the QEMU guest: 2 nodes of 2
// CPUs, threads 0, 1 on node 0 and 2, 3 on node 1).  A column-major N x N matrix whose columns
// are one 4 KiB page each (N = 512 doubles, page-aligned, MADV_NOHUGEPAGE) is first touched by a
// parallel loop over all columns; then LU's right-looking update runs, for every k, a parallel
// loop over the shrinking range of columns j = k+1 .. N-1.  For each k the program counts the
// updated columns whose page (move_pages(2)) is on the node of the thread that updated it.
//
//  - schedule(static) both times: the update loop re-partitions the shrinking range, so late in the
//    factorisation threads of node 0 update columns that were first touched on node 1.  Asserted:
//    all but at most 2 columns local at k = 0 (the blocks of 1..N-1 are shifted by one from those
//    of 0..N-1: 510 of 511), at most 60 % at every k >= N/2 (measured: about 50 %).
//  - schedule(static,1) affinity(cols) both times: with the runtime's map reuse (DESIGN 3.2)
//    column j is updated by the thread that first touched it, at every k: 100 %.  Until the
//    runtime implements the reuse the loop runs with its own schedule (column j on thread
//    (j-k-1) mod 4 instead of j mod 4) and the figures are printed only; build with
//    -DO2N_AFFINITY_REUSE to assert >= 99 % at every k.
//
// The factorisation itself is checked bitwise against a serial one (same operations, same order
// for every element).  Automatic NUMA balancing is off in the guest.
//
// REQUIRES: qemu, translator
// RUN: %o2n-compile -D_GNU_SOURCE -DO2N_AFFINITY_REUSE %s -lnuma -o %t
// RUN: mkdir -p %t.guest
// RUN: sh %S/../../runtime/placement/Inputs/run-in-numa-guest.sh %t.guest %t | FileCheck %s
//
// CHECK: nodes: 2
// CHECK: threads: 0@0 1@0 2@1 3@1
// CHECK: static: init: 512 of 512 column pages on the first toucher's node (100.0%)
// CHECK: static: k = 0: 511 columns updated, {{509|510|511}} local ({{99\.[0-9]|100\.0}}%)
// CHECK: static: k = 256: {{.*}}
// CHECK: static: k = 384: {{.*}}
// CHECK: static: all k: {{[0-9]+}} column updates, {{[0-9.]+}}% local
// CHECK: static: factorisation matches the serial one bitwise
// CHECK: affinity(cols): init: 512 of 512 column pages on the first toucher's node (100.0%)
// CHECK: affinity(cols): k = 0: 511 columns updated, {{[0-9]+}} local ({{[0-9.]+}}%)
// CHECK: affinity(cols): all k: {{[0-9]+}} column updates, {{[0-9.]+}}% local
// CHECK: affinity(cols): factorisation matches the serial one bitwise
// CHECK: failures: 0
// CHECK: EXIT 0
#include "Inputs/placement.h"

#include <string.h>

#define N 512 // doubles per column: one column is one 4 KiB page

static const int sample_k[] = {0, 101, 256, 301, 384, 450};

static double *a, *ref;
static int updater[N]; // the thread that updated column j in the current k

// Diagonally dominant, so LU without pivoting is stable.  Column-major: a[j * N + i] = A(i, j).
static double entry(int i, int j)
{
  unsigned x = (unsigned)(i * 7919 + j * 104729) * 1103515245u + 12345u;
  double v = (double)(x >> 16 & 0x7fff) / 32768.0 - 0.5;
  return i == j ? v + N : v;
}

// The column update of step k, shared by the parallel and serial factorisations.
static void update_column(double *m, int k, int j)
{
  const double *lk = m + (size_t)k * N;
  double *cj = m + (size_t)j * N;
  const double akj = cj[k];
  for (int i = k + 1; i < N; i++)
    cj[i] -= lk[i] * akj;
}

static void scale_column(double *m, int k)
{
  double *ck = m + (size_t)k * N;
  for (int i = k + 1; i < N; i++)
    ck[i] /= ck[k];
}

static int is_sample(int k)
{
  for (size_t s = 0; s < sizeof sample_k / sizeof *sample_k; s++)
    if (sample_k[s] == k)
      return 1;
  return 0;
}

// Counts the columns of this k updated on the node that holds their page; prints sampled k.
static size_t count_local(const char *what, int k, const int *node, size_t *all_local)
{
  size_t local = 0, cols = (size_t)(N - 1 - k);
  for (int j = k + 1; j < N; j++)
    local += node[j] == node_of_thread[updater[j]];
  *all_local += local;
  if (is_sample(k))
    printf("%s: k = %d: %zu columns updated, %zu local (%.1f%%)\n", what, k, cols, local,
           percent(local, cols));
  return local;
}

static int *check_init(const char *what, const int *toucher)
{
  int *node = nodes_of_pages(a, N);
  size_t ok = 0;
  for (int j = 0; j < N; j++)
    ok += node[j] == node_of_thread[toucher[j]];
  printf("%s: init: %zu of %d column pages on the first toucher's node (%.1f%%)\n", what, ok, N,
         percent(ok, N));
  EXPECT(ok == N, "%s: init: %zu of %d pages misplaced", what, N - ok, N);
  return node;
}

static void check_result(const char *what)
{
  if (memcmp(a, ref, (size_t)N * N * sizeof *a) == 0)
    printf("%s: factorisation matches the serial one bitwise\n", what);
  else
    EXPECT(0, "%s: factorisation differs from the serial one", what);
}

static void run_static(void)
{
  static int toucher[N];
  a = untouched_pages((size_t)N * N * sizeof *a);
#pragma omp parallel for schedule(static) num_threads(THREADS)
  for (int j = 0; j < N; j++) {
    for (int i = 0; i < N; i++)
      a[(size_t)j * N + i] = entry(i, j);
    toucher[j] = omp_get_thread_num();
  }
  int *node = check_init("static", toucher);
  size_t updates = 0, local = 0;
  for (int k = 0; k < N - 1; k++) {
    scale_column(a, k);
#pragma omp parallel for schedule(static) num_threads(THREADS)
    for (int j = k + 1; j < N; j++) {
      update_column(a, k, j);
      updater[j] = omp_get_thread_num();
    }
    size_t l = count_local("static", k, node, &local);
    updates += (size_t)(N - 1 - k);
    if (k == 0) // the blocks of [1, N) and [0, N) differ by at most one column per boundary
      EXPECT(l + 2 >= N - 1, "static: k = 0: %zu of %d local", l, N - 1);
    if (k >= N / 2)
      EXPECT(percent(l, (size_t)(N - 1 - k)) <= 60.0, "static: k = %d: %zu of %d local, expected drift", k,
             l, N - 1 - k);
  }
  printf("static: all k: %zu column updates, %.1f%% local\n", updates, percent(local, updates));
  free(node);
  check_result("static");
  munmap(a, (size_t)N * N * sizeof *a);
}

static void run_affinity(void)
{
  static int toucher[N];
  a = untouched_pages((size_t)N * N * sizeof *a);
#pragma omp parallel for schedule(static, 1) affinity(cols) num_threads(THREADS)
  for (int j = 0; j < N; j++) {
    for (int i = 0; i < N; i++)
      a[(size_t)j * N + i] = entry(i, j);
    toucher[j] = omp_get_thread_num();
  }
  int *node = check_init("affinity(cols)", toucher);
  size_t updates = 0, local = 0;
  for (int k = 0; k < N - 1; k++) {
    scale_column(a, k);
#pragma omp parallel for schedule(static, 1) affinity(cols) num_threads(THREADS)
    for (int j = k + 1; j < N; j++) {
      update_column(a, k, j);
      updater[j] = omp_get_thread_num();
    }
    size_t l = count_local("affinity(cols)", k, node, &local);
    updates += (size_t)(N - 1 - k);
#ifdef O2N_AFFINITY_REUSE
    EXPECT(percent(l, (size_t)(N - 1 - k)) >= 99.0, "affinity(cols): k = %d: %zu of %d local", k,
           l, N - 1 - k);
#else
    (void)l;
#endif
  }
  printf("affinity(cols): all k: %zu column updates, %.1f%% local\n", updates,
         percent(local, updates));
  free(node);
  check_result("affinity(cols)");
  munmap(a, (size_t)N * N * sizeof *a);
}

int main(void)
{
#pragma omp parallel num_threads(THREADS)
  note_thread_node();
  report_thread_nodes();

  ref = malloc((size_t)N * N * sizeof *ref);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      ref[(size_t)j * N + i] = entry(i, j);
  for (int k = 0; k < N - 1; k++) {
    scale_column(ref, k);
    for (int j = k + 1; j < N; j++)
      update_column(ref, k, j);
  }
  run_static();
  run_affinity();
  printf("failures: %d\n", failures);
  return failures != 0;
}
