// Placement on a real two-node kernel (a QEMU guest: 2 nodes of 2 CPUs): threads of domain d run
// on CPUs of NUMA node d, so what they touch first lands there; and the placement API's blocks are
// on their planned nodes (move_pages) even though one thread of node 0 touches all of them,
// because they are bound (strictly) before first touch: bloc1d with page-sized blocks, with blocks
// rounded to huge pages (an 80 MiB array), and bloc1dcyclic.  The guest proves placement, not
// speed.  About 10 to 20 seconds of emulation.
//
// REQUIRES: qemu
// RUN: %rt-cc %s %rt-link -lnuma -o %t
// RUN: mkdir -p %t.guest
// RUN: sh %S/Inputs/run-in-numa-guest.sh %t.guest %t | FileCheck %s
//
// CHECK: nodes: 2
// CHECK: first touch: 0 misplaced
// CHECK: bloc1d: 0 misplaced, 33 on node 0, 32 on node 1
// CHECK: bloc1dcyclic: 0 misplaced, 33 on node 0, 32 on node 1
// CHECK: bloc1d 80 MiB: 0 misplaced, 10240 on node 0, 10240 on node 1
// CHECK: failures: 0
// CHECK: EXIT 0
#define _GNU_SOURCE 1 // sched_getcpu
#include "../../Inputs/untouched-pages.h"
#include "../Inputs/check.h"

#include <numa.h>
#include <numaif.h>
#include <omp.h>
#include <omp2numa-abi.h>
#include <omp2numa.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { THREADS = 4 };

static size_t page;

// The node of each page of [p, p + size), in one move_pages call.
static int *nodes_of(char *p, size_t npages)
{
  void **pages = malloc(npages * sizeof *pages);
  int *status = malloc(npages * sizeof *status);
  for (size_t i = 0; i < npages; i++)
    pages[i] = p + i * page;
  CHECK(move_pages(0, npages, pages, NULL, status, 0) == 0, "move_pages failed");
  free(pages);
  return status;
}

// Touches everything from the calling thread (on node 0), then compares each page's node with
// the plan.
static void check_api(const char *what, char *p, size_t size)
{
  CHECK(p != NULL, "%s: NULL", what);
  if (!p)
    return;
  memset(p, 1, size);
  const size_t npages = (size + page - 1) / page;
  int *status = nodes_of(p, npages);
  size_t misplaced = 0, on[2] = {0, 0};
  for (size_t i = 0; i < npages; i++) {
    int node = -1;
    omp2numa_get_planned_domain(p + i * page, &node);
    misplaced += status[i] != node;
    if (status[i] == 0 || status[i] == 1)
      on[status[i]]++;
  }
  printf("%s: %zu misplaced, %zu on node 0, %zu on node 1\n", what, misplaced, on[0], on[1]);
  CHECK(misplaced == 0, "%s: %zu pages misplaced", what, misplaced);
  free(status);
}

// First touch by bound threads.
// #pragma omp parallel
// {
//   check that my CPU is on the node of my domain
//   #pragma omp for schedule(static)
//   for (k = 0; k < npages; k++) buffer[k * page] = 1;
// }
struct ctx {
  char *buffer;
  size_t npages;
};

static void region(void *data)
{
  struct ctx *ctx = data;
  static struct __omp2numa_loop_site loop = {"numa-guest.c", __LINE__, __OMP2NUMA_SCHED_STATIC,
                                             0, 0, 0};
  const int cpu = sched_getcpu(), domain = omp_get_locality_domain_num();
  CHECK(numa_node_of_cpu(cpu) == domain, "thread %d of domain %d runs on cpu %d of node %d",
        omp_get_thread_num(), domain, cpu, numa_node_of_cpu(cpu));
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&loop, ctx->npages, 0, 0, &lo, &hi)) do {
      for (uint64_t k = lo; k < hi; k++)
        ctx->buffer[k * page] = 1;
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"numa-guest.c", __LINE__, 0,
                                                     __OMP2NUMA_REGION_NUM_THREADS};
  page = (size_t)sysconf(_SC_PAGESIZE);
  printf("nodes: %d\n", numa_max_node() + 1);

  // First touch: thread t's static block of pages lands on thread t's node.
  struct ctx ctx = {.npages = 256};
  ctx.buffer = untouched_pages(ctx.npages * page);
  __omp2numa_parallel(&site, region, &ctx, THREADS, 1);
  int *status = nodes_of(ctx.buffer, ctx.npages);
  size_t misplaced = 0;
  for (size_t k = 0; k < ctx.npages; k++)
    misplaced += status[k] != (int)(k * THREADS / ctx.npages >= THREADS / 2);
  printf("first touch: %zu misplaced\n", misplaced);
  CHECK(misplaced == 0, "first touch: %zu pages misplaced", misplaced);
  free(status);

  // The placement API, allocated before the region that would use it.
  const size_t size = 64 * page + 100, big = (size_t)80 << 20;
  char *a = omp_locality_domain_allocate_bloc1d(size);
  check_api("bloc1d", a, size);
  char *b = omp_locality_domain_allocate_bloc1dcyclic(size, 3 * page);
  check_api("bloc1dcyclic", b, size);
  char *c = omp_locality_domain_allocate_bloc1d(big);
  check_api("bloc1d 80 MiB", c, big);
  omp_locality_domain_free(a, size);
  omp_locality_domain_free(b, size);
  omp_locality_domain_free(c, big);
  printf("failures: %d\n", atomic_load(&num_failed));
  return atomic_load(&num_failed);
}
