// Memory that follows its threads, on a real kernel of 4 NUMA nodes (a QEMU guest: 4 nodes of 2
// CPUs, 8 threads bound close: thread t on node t / 2), checked page by page with move_pages:
// omp2numa_migrate to each node; omp2numa_migrate_to_thread to each thread of the team;
// omp2numa_migrate_to_team (one block per node, as bloc1d); next touch from the threads of every
// node (each thread's part lands on its node); attached memory that follows its owner from a
// region of 4 threads spread over the nodes (thread t on node t) to one of 8 threads bound close
// (thread t on node t / 2), at once or on next touch; and the allocators' blocked and interleaved
// partitions over the 4 nodes.  The guest proves placement, not speed.  About 20 s.
//
// REQUIRES: qemu
// RUN: %rt-cc %s %rt-link -lnuma -o %t
// RUN: mkdir -p %t.guest
// RUN: env NUMA_GUEST_NODES=4 NUMA_GUEST_CPUS=2 sh %S/../placement/Inputs/run-in-numa-guest.sh %t.guest %t | FileCheck %s --implicit-check-not=failed
//
// CHECK: nodes: 4
// CHECK: migrate: pages on nodes 0 1 2 3
// CHECK: to thread: pages on nodes 0 0 1 1 2 2 3 3
// CHECK: to team: pages on nodes 0 0 1 1 2 2 3 3
// CHECK: next touch: pages on nodes 0 0 1 1 2 2 3 3
// CHECK: attached, spread: pages on nodes 0 1 2 3
// CHECK: attached, close: pages on nodes 0 0 1 1
// CHECK: attached for next touch, close: pages on nodes 0 0 1 1
// CHECK: blocked: pages on nodes 0 1 2 3, 0 misplaced
// CHECK: interleaved: pages on nodes 0 1 2 3 0 1 2 3, 0 misplaced
// CHECK: failures: 0
// CHECK: EXIT 0
#define _GNU_SOURCE 1
#include "../../Inputs/untouched-pages.h"
#include "../Inputs/check.h"

#include <errno.h>
#include <numa.h>
#include <numaif.h>
#include <omp2numa-abi.h>
#include <omp2numa.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { PARTS = 8, PART_PAGES = 16 }; // a part is one next-touch unit (16 pages by default)

static size_t page, part;
static char *buf, *attached[2];

// Prints the node of the first page of each of the n parts of p (the others must agree).
static void show(const char *what, const char *p, int n)
{
  printf("%s: pages on nodes", what);
  for (int k = 0; k < n; k++) {
    void *pages[PART_PAGES];
    int status[PART_PAGES];
    for (int i = 0; i < PART_PAGES; i++)
      pages[i] = (void *)(p + k * part + i * page);
    CHECK(move_pages(0, PART_PAGES, pages, NULL, status, 0) == 0, "move_pages");
    for (int i = 1; i < PART_PAGES; i++)
      CHECK(status[i] == status[0], "%s: part %d is on nodes %d and %d", what, k, status[0],
            status[i]);
    printf(" %d", status[0]);
  }
  printf("\n");
}

static char *new_buffer(size_t size)
{
  char *p = untouched_pages(size);
  memset(p, 1, size);
  return p;
}

// #pragma omp parallel  (8 threads)
// { #pragma omp master  for (k = 0; k < 8; k++) migrate part k to thread k }
static void to_threads(void *data)
{
  (void)data;
  if (omp_get_thread_num() == 0)
    for (int k = 0; k < PARTS; k++)
      CHECK(omp2numa_migrate_to_thread(buf + k * part, part, k) == 0, "to thread %d: %s", k,
            strerror(errno));
}

static void to_team(void *data)
{
  (void)data;
  if (omp_get_thread_num() == 0)
    CHECK(omp2numa_migrate_to_team(buf, PARTS * part) == 0, "to team: %s", strerror(errno));
}

// Each thread touches its part first after the mark.
static void touch_own(void *data)
{
  (void)data;
  buf[omp_get_thread_num() * part + 5]++;
  for (size_t i = 0; i < part; i += page)
    buf[omp_get_thread_num() * part + i]++;
}

// Threads 0..3 attach part t of each buffer (attached[0] moved at once, attached[1] on next
// touch); in later regions every thread follows, and touches its attached parts.
static void attach_parts(void *data)
{
  (void)data;
  const int t = omp_get_thread_num();
  CHECK(omp2numa_attach(attached[0] + t * part, part, OMP2NUMA_ATTACH_THREAD) == 0,
        "attach %d: %s", t, strerror(errno));
  CHECK(omp2numa_attach(attached[1] + t * part, part,
                        OMP2NUMA_ATTACH_THREAD | OMP2NUMA_ATTACH_NEXT_TOUCH) == 0,
        "attach %d for next touch: %s", t, strerror(errno));
  for (size_t i = 0; i < part; i += page)
    attached[1][t * part + i]++;
}

static void follow(void *data)
{
  (void)data;
  const int t = omp_get_thread_num();
  CHECK(omp2numa_follow() == 0, "follow %d: %s", t, strerror(errno));
  for (size_t i = 0; t < 4 && i < part; i += page)
    attached[1][t * part + i]++;
}

// An allocation of 32 pages (with its header) with a partition trait: every page on the node the
// allocator planned; prints the nodes of every `stride`-th page.
static void check_allocator(const char *what, omp_alloctrait_value_t partition, int stride)
{
  enum { PAGES = 32 };
  const omp_alloctrait_t trait = {omp_atk_partition, partition};
  omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 1, &trait);
  char *p = omp_alloc(PAGES * page - 64, a);
  CHECK(p != NULL, "%s: NULL", what);
  if (!p)
    return;
  memset(p, 1, PAGES * page - 64);
  char *first = (char *)((uintptr_t)p & ~(page - 1)); // the header is on the first page
  void *pages[PAGES];
  int status[PAGES], misplaced = 0;
  for (int i = 0; i < PAGES; i++)
    pages[i] = first + i * page;
  CHECK(move_pages(0, PAGES, pages, NULL, status, 0) == 0, "move_pages");
  printf("%s: pages on nodes", what);
  for (int i = 0; i < PAGES; i++) {
    int node = -1;
    omp2numa_get_planned_domain(pages[i], &node);
    misplaced += status[i] != node;
    if (i % stride == 0 && i / stride < 8)
      printf(" %d", status[i]);
  }
  printf(", %d misplaced\n", misplaced);
  omp_free(p, a);
  omp_destroy_allocator(a);
}

int main(void)
{
  static const struct __omp2numa_region_site all = {"migrate-guest.c", __LINE__, 0, 0},
                                             spread = {"migrate-guest.c", __LINE__,
                                                       __OMP2NUMA_PROC_BIND_SPREAD,
                                                       __OMP2NUMA_REGION_NUM_THREADS};
  page = (size_t)sysconf(_SC_PAGESIZE);
  part = PART_PAGES * page;
  printf("nodes: %d\n", numa_max_node() + 1);

  buf = new_buffer(PARTS * part);
  for (int node = 0; node < 4; node++)
    CHECK(omp2numa_migrate(buf + node * part, part, node) == 0, "to node %d: %s", node,
          strerror(errno));
  show("migrate", buf, 4);
  __omp2numa_parallel(&all, to_threads, NULL, 0, 1);
  show("to thread", buf, PARTS);
  CHECK(omp2numa_migrate(buf, PARTS * part, 3) == 0, "to node 3: %s", strerror(errno));
  __omp2numa_parallel(&all, to_team, NULL, 0, 1);
  show("to team", buf, PARTS);
  CHECK(omp2numa_migrate(buf, PARTS * part, 3) == 0, "to node 3: %s", strerror(errno));
  CHECK(omp2numa_next_touch(buf, PARTS * part) == 0, "next touch: %s", strerror(errno));
  __omp2numa_parallel(&all, touch_own, NULL, 0, 1);
  show("next touch", buf, PARTS);

  attached[0] = new_buffer(4 * part);
  attached[1] = new_buffer(4 * part);
  __omp2numa_parallel(&spread, attach_parts, NULL, 4, 1);
  show("attached, spread", attached[0], 4);
  __omp2numa_parallel(&all, follow, NULL, 0, 1);
  show("attached, close", attached[0], 4);
  show("attached for next touch, close", attached[1], 4);

  check_allocator("blocked", omp_atv_blocked, 8);
  check_allocator("interleaved", omp_atv_interleaved, 1);
  printf("failures: %d\n", atomic_load(&num_failed));
  return atomic_load(&num_failed);
}
