// The block-to-domain plan of the placement API under synthetic topologies, through the
// omp2numa_get_planned_domain() hook: bloc1d gives domain d the d-th block of ceil(size / n)
// bytes rounded up to pages, bloc1dcyclic deals blocs of blocsize bytes (rounded up to pages)
// round-robin; domains are those of the current team inside a region, and outside a region those
// of the team that a region would get (so the memory can be allocated before the region that uses
// it).  In a region, each thread finds its own domain's block planned on its domain, and the
// planned node is its NUMA node.  The memory is real and usable (a synthetic topology binds
// nothing, so the pages are on this machine's node 0).
// Arguments: the expected number of domains of the team, then its NUMA nodes.
//
// RUN: %rt-cc %s %rt-link -lnuma -o %t
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" %o2n-run %t 4 0,1,2,3
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" OMP_NUM_THREADS=4 %o2n-run %t 2 0,1
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" OMP_NUM_THREADS=2 OMP_PROC_BIND=spread %o2n-run %t 2 0,2
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" OMP_NUM_THREADS=3 OMP_PROC_BIND=spread %o2n-run %t 3 0,1,2
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t 2 0,1
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_NUM_THREADS=4 %o2n-run %t 1 0
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_PROC_BIND=false %o2n-run %t 1 0
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_PLACES="{4:4},{0:4}" OMP_NUM_THREADS=2 %o2n-run %t 2 0,1
// RUN: %o2n-run %t 1 0
#include "../Inputs/check.h"

#include <errno.h>
#include <numaif.h>
#include <omp.h>
#include <omp2numa-abi.h>
#include <omp2numa.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_DOMAINS = 16, MAX_THREADS = 64 };

static size_t page;
static int ndomains, nodes[MAX_DOMAINS];

// Checks the plan of every page of an allocation against the definition.
static void check_plan(const char *what, char *p, size_t size, size_t blocsize, int n)
{
  CHECK(p != NULL, "%s: NULL (errno %d)", what, errno);
  if (!p)
    return;
  const size_t npages = (size + page - 1) / page;
  const size_t block = blocsize ? (blocsize + page - 1) / page
                                : ((size + (size_t)n - 1) / (size_t)n + page - 1) / page;
  int bad = 0;
  for (size_t i = 0; i < npages && bad < 3; i++) {
    const int expected = blocsize ? (int)(i / block % (size_t)n) : (int)(i / block);
    int node = -1;
    const int d = omp2numa_get_planned_domain(p + i * page + (i % 7) * 13, &node);
    if (d != expected || node != nodes[expected]) {
      CHECK(0, "%s: page %zu planned on domain %d (node %d), expected %d (node %d)", what, i, d,
            node, expected, nodes[expected]);
      bad++;
    }
  }
  // The memory works, and (nothing being bound) lives on the real node 0.
  memset(p, 1, size);
  int status = -1;
  void *first = p;
  CHECK(move_pages(0, 1, &first, NULL, &status, 0) == 0 && status == 0, "%s: first page on "
        "node %d", what, status);
}

// #pragma omp parallel
// {
//   #pragma omp single copyprivate(p)
//   p = omp_locality_domain_allocate_bloc1d(size);
//   each thread: its domain's block is planned on its domain and node
//   #pragma omp barrier
//   #pragma omp single
//   omp_locality_domain_free(p, size);
// }
struct ctx {
  size_t size;
  atomic_int ndomains_seen;
};

struct copy {
  char *p;
};

static void region(void *data)
{
  struct ctx *ctx = data;
  const int n = omp_get_num_locality_domains(), d = omp_get_locality_domain_num();
  if (omp_get_thread_num() == 0)
    atomic_store(&ctx->ndomains_seen, n);
  char *p;
  struct copy *src = __omp2numa_single_copy_start();
  if (!src) {
    p = omp_locality_domain_allocate_bloc1d(ctx->size);
    check_plan("bloc1d in a region", p, ctx->size, 0, n);
    struct copy mine = {p};
    __omp2numa_single_copy_end(&mine);
  } else {
    p = src->p;
    __omp2numa_barrier();
  }
  const size_t block = ((ctx->size + (size_t)n - 1) / (size_t)n + page - 1) / page * page;
  int node = -1;
  CHECK(omp2numa_get_planned_domain(p + (size_t)d * block, &node) == d && node == nodes[d],
        "thread %d of domain %d: its block is planned on node %d", omp_get_thread_num(), d,
        node);
  __omp2numa_barrier();
  if (__omp2numa_single_start()) {
    omp_locality_domain_free(p, ctx->size);
    __omp2numa_single_end();
  }
  __omp2numa_barrier();
}

int main(int argc, char **argv)
{
  static const struct __omp2numa_region_site site = {"plan.c", __LINE__, 0, 0};
  page = (size_t)sysconf(_SC_PAGESIZE);
  if (argc != 3)
    return 2;
  ndomains = atoi(argv[1]);
  const char *s = argv[2];
  for (int d = 0; d < ndomains && d < MAX_DOMAINS; d++) {
    nodes[d] = (int)strtol(s, (char **)&s, 10);
    s += *s == ',';
  }

  // Outside a region: planned for the team that a region would get.
  const struct {
    const char *what;
    size_t size, blocsize;
  } cases[] = {
      {"bloc1d 1 page", page, 0},
      {"bloc1d 10 pages + 1", 10 * page + 1, 0},
      {"bloc1d 1000 pages", 1000 * page, 0},
      {"cyclic 1 page", 37 * page, page},
      {"cyclic 3 pages - 1", 100 * page + 5, 3 * page - 1},
  };
  for (unsigned i = 0; i < sizeof cases / sizeof *cases; i++) {
    char *p = cases[i].blocsize
                  ? omp_locality_domain_allocate_bloc1dcyclic(cases[i].size, cases[i].blocsize)
                  : omp_locality_domain_allocate_bloc1d(cases[i].size);
    check_plan(cases[i].what, p, cases[i].size, cases[i].blocsize, ndomains);
    omp_locality_domain_free(p, cases[i].size);
  }

  // Inside the region, the current team's domains: the same ones.
  static struct ctx ctx = {.size = 64 * 4096 + 3};
  __omp2numa_parallel(&site, region, &ctx, 0, 1);
  CHECK(atomic_load(&ctx.ndomains_seen) == ndomains, "the team has %d domains, expected %d",
        atomic_load(&ctx.ndomains_seen), ndomains);
  return atomic_load(&num_failed);
}
