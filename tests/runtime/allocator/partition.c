// The partition trait: blocked allocations are cut into one contiguous block of pages per NUMA
// node of the team (the placement API's bloc1d), interleaved ones dealt page by page over them
// (bloc1dcyclic with one page per bloc), nearest ones placed on the allocating thread's node;
// environment memory is malloc's.  With a synthetic two-node topology the plan is checked
// (omp2numa_get_planned_domain); on the real machine, move_pages(2) checks that every page is on
// its planned node (on a machine with one node: node 0; in the QEMU guest, two nodes).  Pinned partitioned memory works too,
// alignment is honoured, calloc zero-fills, and freeing unmaps.  Nothing reaches stderr.
//
// RUN: %rt-cc %s %rt-link -lnuma -o %t
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" OMP_NUM_THREADS=4 %o2n-run %t synthetic 2>&1 | FileCheck %s --implicit-check-not=omp2numa: --implicit-check-not=failed
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" OMP_NUM_THREADS=4 OMP_PROC_BIND=spread %o2n-run %t synthetic 2>&1 | FileCheck %s --implicit-check-not=omp2numa: --implicit-check-not=failed
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t real 2>&1 | FileCheck %s --implicit-check-not=omp2numa: --implicit-check-not=failed
// RUN: %if qemu %{ mkdir -p %t.guest %}
// RUN: %if qemu %{ sh %S/../placement/Inputs/run-in-numa-guest.sh %t.guest %t real | FileCheck %s --check-prefix=GUEST --implicit-check-not=failed %}
//
// In the QEMU guest (2 nodes of 2 CPUs, 4 threads), the pages are on the nodes of the plan:
// GUEST: blocked: pages on nodes 0 0 0 0 1 1 1 1
// GUEST: interleaved: pages on nodes 0 1 0 1 0 1 0 1
// GUEST: blocked, pinned: pages on nodes 0 0 0 0 1 1 1 1
// GUEST: done
// GUEST: EXIT 0
//
// CHECK: done
#define _GNU_SOURCE 1
#include "../Inputs/check.h"

#include <numa.h>
#include <numaif.h>
#include <omp2numa-abi.h>
#include <omp2numa.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { PAGES = 8 };

static bool synthetic;
static bool two_nodes; // the synthetic topology, or the guest's: threads 0, 1 on node 0, 2, 3 on 1
static size_t page;

static omp_allocator_handle_t partitioned(omp_alloctrait_value_t partition, bool pinned)
{
  const omp_alloctrait_t traits[] = {{omp_atk_partition, partition},
                                     {omp_atk_pinned, pinned ? omp_atv_true : omp_atv_false},
                                     {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 3, traits);
  CHECK(a != omp_null_allocator, "partition %d", (int)partition);
  return a;
}

// The planned domain and node of each page of the block at p (its header starts the first page);
// on the real machine, the node each page is on must be the planned one.
static void check_pages(const char *p, int expected_domain[PAGES], const char *what)
{
  const char *base = p - 32;
  void *pages[PAGES];
  int planned[PAGES], status[PAGES];
  for (int i = 0; i < PAGES; i++) {
    pages[i] = (void *)(base + (size_t)i * page);
    const int domain = omp2numa_get_planned_domain(pages[i], &planned[i]);
    if (synthetic)
      CHECK(domain == expected_domain[i], "%s: page %d planned on domain %d, not %d", what, i,
            domain, expected_domain[i]);
  }
  if (synthetic)
    return;
  CHECK(move_pages(0, PAGES, pages, NULL, status, 0) == 0, "%s: move_pages", what);
  printf("%s: pages on nodes", what);
  for (int i = 0; i < PAGES; i++) {
    CHECK(status[i] == planned[i], "%s: page %d on node %d, planned on %d", what, i, status[i],
          planned[i]);
    printf(" %d", status[i]);
  }
  printf("\n");
}

static void team_wide(omp_alloctrait_value_t partition, bool pinned, const char *what)
{
  omp_allocator_handle_t a = partitioned(partition, pinned);
  // A block of exactly PAGES pages, header included, which starts a page.
  char *p = omp_calloc(PAGES * page - 32, 1, a);
  CHECK(p && (uintptr_t)(p - 32) % page == 0, "%s: page-aligned", what);
  int domain[PAGES];
  for (int i = 0; i < PAGES; i++)
    domain[i] = partition == omp_atv_blocked ? i / (PAGES / 2) : i % 2;
  int zero = 1;
  for (size_t i = 0; i < PAGES * page - 32; i++)
    zero &= p[i] == 0;
  CHECK(zero, "%s: zero-filled", what);
  check_pages(p, domain, what);
  char *q = omp_aligned_alloc(8192, 100, a);
  CHECK(q && (uintptr_t)q % 8192 == 0, "%s: aligned", what);
  omp_free(q, a);
  omp_free(p, a);
  CHECK(omp2numa_get_planned_domain(p, NULL) == -1, "%s: freed", what);
  omp_destroy_allocator(a);
}

// #pragma omp parallel
// { each thread allocates a page with the nearest allocator: planned on its own node }
static void region(void *data)
{
  const omp_allocator_handle_t a = *(const omp_allocator_handle_t *)data;
  char *p = omp_alloc(100, a);
  CHECK(p != NULL, "nearest");
  memset(p, 1, 100);
  int node;
  CHECK(omp2numa_get_planned_domain(p, &node) == 0, "nearest: one domain");
  if (two_nodes)
    CHECK(node == omp_get_thread_num() / 2, "nearest: thread %d on node %d",
          omp_get_thread_num(), node);
  int status = -1;
  void *pages[] = {p};
  if (!synthetic)
    CHECK(move_pages(0, 1, pages, NULL, &status, 0) == 0 && status == node,
          "nearest: on node %d, planned on %d", status, node);
  omp_free(p, omp_null_allocator);
}

int main(int argc, char **argv)
{
  synthetic = argc > 1 && strcmp(argv[1], "synthetic") == 0;
  page = (size_t)sysconf(_SC_PAGESIZE);
  two_nodes = synthetic || numa_max_node() == 1;
  team_wide(omp_atv_blocked, false, "blocked");
  team_wide(omp_atv_interleaved, false, "interleaved");
  team_wide(omp_atv_blocked, true, "blocked, pinned");
  omp_allocator_handle_t nearest = partitioned(omp_atv_nearest, false);
  static const struct __omp2numa_region_site site = {"partition.c", __LINE__, 0, 0};
  __omp2numa_parallel(&site, region, &nearest, 0, 1);
  omp_destroy_allocator(nearest);
  omp_allocator_handle_t env = partitioned(omp_atv_environment, false);
  char *p = omp_alloc(100, env);
  CHECK(p && omp2numa_get_planned_domain(p, NULL) == -1, "environment: not placed");
  omp_free(p, env);
  omp_destroy_allocator(env);
  printf("done\n");
  return num_failed;
}
