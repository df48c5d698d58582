// Explicit migration and attached memory, their contract on any machine: omp2numa_migrate to a
// node of this machine moves (here: keeps) every page there and keeps the data, a node that does
// not exist is EINVAL; omp2numa_migrate_to_thread inside a region, to each thread of the team,
// and outside (thread 0 only); omp2numa_migrate_to_team inside and outside; omp2numa_attach with
// each owner, its flags checked, overlaps refused (EBUSY); omp2numa_follow in regions of other
// sizes; omp2numa_detach; bad input gets -1 and errno.  Under a synthetic two-node topology the
// calls that name a thread or a team move nothing and succeed.  Where pages land on several nodes:
// migrate-guest.c.
//
// RUN: %rt-cc %s %rt-link -lnuma -o %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t 2>&1 | FileCheck %s --implicit-check-not=omp2numa: --implicit-check-not=failed
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" OMP_NUM_THREADS=4 %o2n-run %t 2>&1 | FileCheck %s --implicit-check-not=omp2numa: --implicit-check-not=failed
//
// CHECK: migrate: ok
// CHECK: to thread: ok
// CHECK: to team: ok
// CHECK: attach: ok
// CHECK: errors: ok
// CHECK: done
#define _GNU_SOURCE 1
#include "../Inputs/check.h"

#include <errno.h>
#include <numa.h>
#include <numaif.h>
#include <omp2numa-abi.h>
#include <omp2numa.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { PAGES = 64 };

static size_t page;
static char *buf;

// Every page of buf holds its number, and is on node `node` (move_pages).
static void check_pages(const char *what, int node)
{
  void *pages[PAGES];
  int status[PAGES], wrong = 0;
  for (int i = 0; i < PAGES; i++)
    pages[i] = buf + i * page;
  CHECK(move_pages(0, PAGES, pages, NULL, status, 0) == 0, "%s: move_pages", what);
  for (int i = 0; i < PAGES; i++)
    wrong += status[i] != node || buf[i * page] != (char)i;
  CHECK(wrong == 0, "%s: %d pages wrong", what, wrong);
}

// #pragma omp parallel
// { each thread moves its slice to itself, then to its neighbour; the team moves it all;
//   attaches its slice to itself; follows }
static void region(void *data)
{
  (void)data;
  const int t = omp_get_thread_num(), n = omp_get_num_threads();
  char *slice = buf + (size_t)t * PAGES / n * page;
  const size_t size = (size_t)PAGES / n * page;
  CHECK(omp2numa_migrate_to_thread(slice, size, t) == 0, "thread %d: %s", t, strerror(errno));
  CHECK(omp2numa_migrate_to_thread(slice, size, (t + 1) % n) == 0, "to %d: %s", (t + 1) % n,
        strerror(errno));
  CHECK(omp2numa_migrate_to_thread(slice, size, n) == -1 && errno == EINVAL, "to thread n");
  __omp2numa_barrier();
  if (t == 0)
    CHECK(omp2numa_migrate_to_team(buf, PAGES * page) == 0, "team: %s", strerror(errno));
  __omp2numa_barrier();
  CHECK(omp2numa_follow() == 0, "follow: %s", strerror(errno));
}

static void attach_region(void *data)
{
  (void)data;
  const int t = omp_get_thread_num();
  if (t < 4)
    CHECK(omp2numa_follow() == 0, "follow: %s", strerror(errno));
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"migrate.c", __LINE__, 0, 0},
                                             two = {"migrate.c", __LINE__, 0,
                                                    __OMP2NUMA_REGION_NUM_THREADS};
  page = (size_t)sysconf(_SC_PAGESIZE);
  buf = mmap(NULL, PAGES * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  for (int i = 0; i < PAGES; i++)
    buf[i * page] = (char)i;
  const int node = numa_node_of_cpu(sched_getcpu());
  CHECK(omp2numa_migrate(buf + 10, PAGES * page - 20, node) == 0, "%s", strerror(errno));
  check_pages("migrate", node);
  printf("migrate: %s\n", atomic_load(&num_failed) ? "FAILED" : "ok");

  CHECK(omp2numa_migrate_to_thread(buf, PAGES * page, 0) == 0, "%s", strerror(errno));
  CHECK(omp2numa_migrate_to_thread(buf, PAGES * page, 1) == -1 && errno == EINVAL,
        "outside a region, thread 1");
  __omp2numa_parallel(&site, region, NULL, 0, 1);
  check_pages("to thread", node);
  printf("to thread: %s\n", atomic_load(&num_failed) ? "FAILED" : "ok");
  CHECK(omp2numa_migrate_to_team(buf, PAGES * page) == 0, "%s", strerror(errno));
  check_pages("to team", node);
  printf("to team: %s\n", atomic_load(&num_failed) ? "FAILED" : "ok");

  // Attach: one owner, known flags, no overlap.
  CHECK(omp2numa_attach(buf, page, 0) == -1 && errno == EINVAL, "no owner");
  CHECK(omp2numa_attach(buf, page, OMP2NUMA_ATTACH_THREAD | OMP2NUMA_ATTACH_TEAM) == -1 &&
            errno == EINVAL,
        "two owners");
  CHECK(omp2numa_attach(buf, page, OMP2NUMA_ATTACH_THREAD | 8) == -1 && errno == EINVAL,
        "unknown flag");
  CHECK(omp2numa_attach(buf, 8 * page, OMP2NUMA_ATTACH_THREAD) == 0, "%s", strerror(errno));
  CHECK(omp2numa_attach(buf + 7 * page, page, OMP2NUMA_ATTACH_TEAM) == -1 && errno == EBUSY,
        "overlap");
  CHECK(omp2numa_attach(buf + 8 * page, 8 * page, OMP2NUMA_ATTACH_TEAM) == 0, "%s",
        strerror(errno));
  CHECK(omp2numa_attach(buf + 16 * page, 8 * page,
                        OMP2NUMA_ATTACH_TEAM | OMP2NUMA_ATTACH_NEXT_TOUCH) == 0,
        "%s", strerror(errno));
  __omp2numa_parallel(&two, attach_region, NULL, 2, 1);
  __omp2numa_parallel(&site, attach_region, NULL, 0, 1);
  CHECK(omp2numa_follow() == 0, "follow: %s", strerror(errno));
  check_pages("attach", node); // the next-touch range was touched here: unprotected
  CHECK(omp2numa_detach(buf) == 0 && omp2numa_detach(buf + 8 * page) == 0 &&
            omp2numa_detach(buf + 16 * page) == 0,
        "detach");
  CHECK(omp2numa_detach(buf) == -1 && errno == ENOENT, "detach twice");
  printf("attach: %s\n", atomic_load(&num_failed) ? "FAILED" : "ok");

  CHECK(omp2numa_migrate(NULL, page, 0) == -1 && errno == EINVAL, "NULL");
  CHECK(omp2numa_migrate(buf, 0, 0) == -1 && errno == EINVAL, "size 0");
  CHECK(omp2numa_migrate(buf, page, -1) == -1 && errno == EINVAL, "node -1");
  CHECK(omp2numa_migrate(buf, page, numa_max_node() + 1) == -1 && errno == EINVAL,
        "a node that does not exist: errno %d", errno);
  CHECK(omp2numa_migrate(buf, page, 1 << 20) == -1 && errno == EINVAL, "node 2^20");
  CHECK(omp2numa_migrate_to_team(NULL, page) == -1 && errno == EINVAL, "team NULL");
  CHECK(omp2numa_migrate_to_thread(buf, page, -1) == -1 && errno == EINVAL, "thread -1");
  munmap(buf, PAGES * page);
  errno = 0;
  CHECK(omp2numa_migrate(buf, page, node) == -1 && errno == EFAULT, "unmapped: errno %d",
        errno);
  printf("errors: %s\n", atomic_load(&num_failed) ? "FAILED" : "ok");
  printf("done\n");
  return atomic_load(&num_failed);
}
