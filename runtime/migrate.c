/*
 * migrate.c -- explicit migration: a range of memory moved to a NUMA node, to the node where a
 * thread of the team runs, or over the nodes of the team (omp2numa_migrate*).
 *
 * A range is the whole pages that cover it.  Moving it is one mbind(MPOL_BIND, MPOL_MF_MOVE |
 * MPOL_MF_STRICT) per destination: the pages in memory are moved, the pages not touched yet will
 * be allocated on the node, and the call fails (EIO) if some page could not be moved, so that
 * success means that the whole range is on its node.  The range keeps that (strict) binding
 * until it is migrated again, marked for next touch (next_touch.c), or unmapped.  Huge pages are
 * moved whole; a team's blocks are cut as bloc1d cuts them (placement.c), on huge pages from 16
 * huge pages on.
 *
 * Where there is nothing to move to -- a synthetic OMP2NUMA_TOPOLOGY, whose nodes are not this
 * machine's -- the calls that name a thread or a team check their arguments and move nothing, as
 * the placement API binds nothing there.  On a machine with one node they do move (to that node:
 * nothing changes, at the cost of the page walk).
 *
 * Errors follow the project's (hwloc's) convention: 0, or -1 with errno.
 */
#include "internal.h"

#include <errno.h>
#include <numaif.h>
#include <stdlib.h>
#include <unistd.h>

/* The highest OS node number a destination may have (Linux's default MAX_NUMNODES is 1024). */
enum { MAX_NODES = 1024, LONG_BITS = 8 * sizeof(unsigned long) };

int o2n_page_span(const void *ptr, size_t size, char **start, size_t *len)
{
  const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), p = (uintptr_t)ptr;
  uintptr_t end;
  if (!ptr || size == 0 || __builtin_add_overflow(p, size, &end) || end > UINTPTR_MAX - page) {
    errno = EINVAL;
    return -1;
  }
  *start = (char *)(p & ~(page - 1));
  *len = ((end + page - 1) & ~(page - 1)) - (p & ~(page - 1));
  return 0;
}

int o2n_migrate_span(char *start, size_t len, int node)
{
  if (node < 0 || node >= MAX_NODES) {
    errno = EINVAL;
    return -1;
  }
  unsigned long mask[MAX_NODES / LONG_BITS] = {0};
  mask[node / LONG_BITS] = 1ul << (node % LONG_BITS);
  /* maxnode counts the bits the kernel reads, plus one (mbind(2)'s long-standing quirk). */
  return (int)mbind(start, len, MPOL_BIND, mask, MAX_NODES + 1, MPOL_MF_MOVE | MPOL_MF_STRICT);
}

/* The OS node of thread tid of team, or -1 under a synthetic topology. */
static int node_of(const struct o2n_team *team, unsigned tid)
{
  const struct o2n_topology *topo = o2n_topology();
  if (!topo->this_system)
    return -1;
  return (int)topo->node_os[team->domain_node[team->members[tid].domain]];
}

int o2n_migrate_spread(char *start, size_t len, const unsigned *node, unsigned n)
{
  const struct o2n_topology *topo = o2n_topology();
  if (!topo->this_system)
    return 0;
  const size_t block = o2n_placement_block(len, n);
  if (block == 0) {
    errno = ENOMEM;
    return -1;
  }
  for (size_t offset = 0, d = 0; offset < len; offset += block, d++) {
    const size_t part = len - offset < block ? len - offset : block;
    if (o2n_migrate_span(start + offset, part, (int)topo->node_os[node[d]]) != 0)
      return -1;
  }
  return 0;
}

/* ------------------------------------------------------------------------------------------- */
/* API                                                                                         */
/* ------------------------------------------------------------------------------------------- */

O2N_API int omp2numa_migrate(void *ptr, size_t size, int node)
{
  char *start;
  size_t len;
  if (o2n_page_span(ptr, size, &start, &len) != 0)
    return -1;
  return o2n_migrate_span(start, len, node);
}

O2N_API int omp2numa_migrate_to_thread(void *ptr, size_t size, int thread)
{
  char *start;
  size_t len;
  const struct o2n_team *team = o2n_self()->team;
  if (o2n_page_span(ptr, size, &start, &len) != 0)
    return -1;
  if (thread < 0 || (unsigned)thread >= team->nthreads) {
    errno = EINVAL;
    return -1;
  }
  const int node = node_of(team, (unsigned)thread);
  return node < 0 ? 0 : o2n_migrate_span(start, len, node);
}

O2N_API int omp2numa_migrate_to_team(void *ptr, size_t size)
{
  char *start;
  size_t len;
  if (o2n_page_span(ptr, size, &start, &len) != 0)
    return -1;
  unsigned *node = malloc(o2n_topology()->ndomains * sizeof *node);
  if (!node) {
    errno = ENOMEM;
    return -1;
  }
  const unsigned n = o2n_placement_domains(o2n_self(), node);
  int err = n == 0 ? (errno = ENOMEM, -1) : o2n_migrate_spread(start, len, node, n);
  free(node);
  return err;
}
