// Helpers for the placement tests, which run in the two-node QEMU guest
// (tests/runtime/placement/Inputs/run-in-numa-guest.sh): page-aligned arrays that are never backed
// by transparent huge pages (untouched_pages, tests/Inputs/untouched-pages.h), the node of every page (move_pages(2), called through syscall() so
// that only numa_node_of_cpu() needs libnuma), and the node each thread of a team of THREADS runs
// on.  Plain C: the translated test programs include it.
#ifndef O2N_E2E_PLACEMENT_H
#define O2N_E2E_PLACEMENT_H

// The tests build with -std=c11 -D_GNU_SOURCE (sched_getcpu, syscall, madvise, MAP_ANONYMOUS): the
// translated file includes system headers before this one, so a #define here would come too late.

#include <numa.h>
#include <omp.h>
#include <omp2numa.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../../../Inputs/untouched-pages.h"

enum { THREADS = 4 };

static int failures;
#define EXPECT(cond, ...)                                                                          \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL: " __VA_ARGS__);                                                                \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

// node_of_thread[t]: the NUMA node of the CPU thread t of a team of THREADS runs on.
static int node_of_thread[THREADS];

static size_t page_size(void)
{
  return (size_t)sysconf(_SC_PAGESIZE);
}

// The node of each of the npages pages from p (a negative errno for a page not placed yet).
static int *nodes_of_pages(void *p, size_t npages)
{
  void **pages = malloc(npages * sizeof *pages);
  int *status = malloc(npages * sizeof *status);
  for (size_t i = 0; i < npages; i++)
    pages[i] = (char *)p + i * page_size();
  long rc = syscall(SYS_move_pages, 0, (unsigned long)npages, pages, NULL, status, 0);
  if (rc != 0)
    printf("FAIL: move_pages returned %ld\n", rc), exit(1);
  free(pages);
  return status;
}

static int domain_of_thread[THREADS];

// Called by every thread of a first team of THREADS (the region must be in the translated file):
//   #pragma omp parallel num_threads(THREADS)
//   note_thread_node();
static void note_thread_node(void)
{
  int t = omp_get_thread_num();
  node_of_thread[t] = numa_node_of_cpu(sched_getcpu());
  domain_of_thread[t] = omp_get_locality_domain_num();
}

// Checks that the runtime's default placement put threads 0, 1 on node 0 and 2, 3 on node 1, with
// omp_get_locality_domain_num() agreeing.  Prints
//   threads: 0@0 1@0 2@1 3@1
static void report_thread_nodes(void)
{
  printf("nodes: %d\nthreads:", numa_max_node() + 1);
  for (int t = 0; t < THREADS; t++) {
    printf(" %d@%d", t, node_of_thread[t]);
    EXPECT(domain_of_thread[t] == node_of_thread[t], "thread %d: domain %d, node %d", t,
           domain_of_thread[t], node_of_thread[t]);
    EXPECT(node_of_thread[t] == t / 2, "thread %d runs on node %d, expected %d", t,
           node_of_thread[t], t / 2);
  }
  printf("\n");
}

static inline double percent(size_t part, size_t whole)
{
  return whole ? 100.0 * (double)part / (double)whole : 100.0;
}

// Given owner[i], the thread that wrote element i (of n doubles from a) first, checks every page that
// lies wholly inside the elements of one thread: it must be on that thread's node.  Prints
//   WHAT: P of P wholly-owned pages on the owner's node (100.0%), S pages shared by threads
// and returns the number of misplaced pages.
static inline size_t check_owned_pages(const char *what, double *a, size_t n, const int *owner)
{
  const size_t per_page = page_size() / sizeof(double), npages = n / per_page;
  int *node = nodes_of_pages(a, npages);
  size_t owned = 0, local = 0, shared = 0;
  for (size_t p = 0; p < npages; p++) {
    int t = owner[p * per_page];
    size_t i = p * per_page + 1;
    while (i < (p + 1) * per_page && owner[i] == t)
      i++;
    if (i < (p + 1) * per_page) {
      shared++;
      continue;
    }
    owned++;
    if (node[p] == node_of_thread[t])
      local++;
    else if (owned - local <= 5)
      printf("  page %zu (thread %d, node %d) is on node %d\n", p, t, node_of_thread[t], node[p]);
  }
  free(node);
  printf("%s: %zu of %zu wholly-owned pages on the owner's node (%.1f%%), %zu pages shared by "
         "threads\n", what, local, owned, percent(local, owned), shared);
  return owned - local;
}

#endif
