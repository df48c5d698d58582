/*
 * attach.c -- memory attached to a thread or a team, which follows it to other nodes
 * (omp2numa_attach, omp2numa_detach, omp2numa_follow), after MaMI's attach and ForestGOMP's
 * memory-aware bubbles.
 *
 * An attachment records a range, its owner and the nodes the range was last placed on.  The owner
 * is not an OS thread but a position in the nesting of teams, which is what OpenMP keeps stable
 * from region to region: a thread is "thread t2 of the team of thread t1 of the outer team"
 * (its thread numbers at every level, as omp_get_ancestor_thread_num() gives them), a team is
 * the team of such a thread.  When a later region places the same position on another node (a
 * team of another size, another OMP_PROC_BIND, nested teams placed by node), omp2numa_follow(),
 * called by the owner, moves the range there: at once (migrate.c), or on next touch
 * (next_touch.c) with OMP2NUMA_ATTACH_NEXT_TOUCH.  A thread's range goes to its node, a team's is
 * cut into one block per node of the team, as bloc1d cuts it.
 *
 * The list is short-lived bookkeeping under one mutex; a follow that finds everything in place
 * costs the mutex and a walk of the list.  Errors: 0, or -1 with errno.
 */
#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* An owner: its level and its thread numbers at levels 1..npath (a team: those of the thread
   that encountered it). */
struct owner {
  unsigned level, npath;
  unsigned *path;
};

struct attachment {
  struct attachment *next;
  const void *ptr;      /* as given to omp2numa_attach */
  char *start;          /* the pages covering it */
  size_t len;
  unsigned long flags;
  struct owner owner;
  unsigned nnodes;      /* where it was last placed: planning-topology nodes */
  unsigned node[];
};

static struct {
  pthread_mutex_t lock;
  struct attachment *list; /* under the lock */
} attached = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* The owner that `flags` names for the calling thread; path is malloc'ed (NULL: out of memory). */
static struct owner owner_of(const struct o2n_thread *self, unsigned long flags)
{
  const struct o2n_thread *t = self;
  struct owner o = {.level = self->team->level, .npath = self->team->level};
  if (flags & OMP2NUMA_ATTACH_TEAM) {
    t = self->team->parent;
    o.npath = o.level ? o.level - 1 : 0;
  }
  o.path = malloc((o.npath + 1) * sizeof *o.path);
  for (; o.path && t && t->team->parent; t = t->team->parent)
    o.path[t->team->level - 1] = t->tid;
  return o;
}

static bool same_owner(const struct owner *a, const struct owner *b)
{
  return a->level == b->level && a->npath == b->npath &&
         memcmp(a->path, b->path, a->npath * sizeof *a->path) == 0;
}

/* The planning nodes the owner runs on now, into node[] (room for every node); their number, 0
   if memory runs out. */
static unsigned nodes_now(struct o2n_thread *self, unsigned long flags, unsigned *node)
{
  if (flags & OMP2NUMA_ATTACH_TEAM)
    return o2n_placement_domains(self, node);
  node[0] = self->team->domain_node[self->domain];
  return 1;
}

/* Places a's range on node[0..n-1], at once or on next touch, and records them. */
static int place(struct attachment *a, const unsigned *node, unsigned n)
{
  const struct o2n_topology *topo = o2n_topology();
  int err = 0;
  if (a->flags & OMP2NUMA_ATTACH_NEXT_TOUCH)
    err = o2n_next_touch_span(a->start, a->len);
  else if (!topo->this_system)
    err = 0; /* nothing to move to */
  else if (n == 1)
    err = o2n_migrate_span(a->start, a->len, (int)topo->node_os[node[0]]);
  else
    err = o2n_migrate_spread(a->start, a->len, node, n);
  if (err == 0) {
    a->nnodes = n;
    memmove(a->node, node, n * sizeof *node); /* node may be a->node */
  }
  return err;
}

/* ------------------------------------------------------------------------------------------- */
/* API                                                                                         */
/* ------------------------------------------------------------------------------------------- */

/* A new attachment of [start, start + len) to the calling thread's owner that flags name, with
   the nodes the owner runs on now in node[0..nnodes-1] (not yet placed there); NULL if memory runs
   out. */
static struct attachment *attachment_new(struct o2n_thread *self, const void *ptr, char *start,
                                         size_t len, unsigned long flags)
{
  struct attachment *a = malloc(sizeof *a + o2n_topology()->ndomains * sizeof a->node[0]);
  if (!a)
    return NULL;
  *a = (struct attachment){
      .ptr = ptr, .start = start, .len = len, .flags = flags, .owner = owner_of(self, flags)};
  a->nnodes = a->owner.path ? nodes_now(self, flags, a->node) : 0;
  if (a->nnodes == 0) {
    free(a->owner.path);
    free(a);
    return NULL;
  }
  return a;
}

O2N_API int omp2numa_attach(void *ptr, size_t size, unsigned long flags)
{
  char *start;
  size_t len;
  if (o2n_page_span(ptr, size, &start, &len) != 0)
    return -1;
  const unsigned long owner = flags & (OMP2NUMA_ATTACH_THREAD | OMP2NUMA_ATTACH_TEAM);
  if ((flags & ~OMP2NUMA_ATTACH_ALLFLAGS) ||
      (owner != OMP2NUMA_ATTACH_THREAD && owner != OMP2NUMA_ATTACH_TEAM)) {
    errno = EINVAL;
    return -1;
  }
  struct attachment *a = attachment_new(o2n_self(), ptr, start, len, flags);
  if (!a) {
    errno = ENOMEM;
    return -1;
  }
  pthread_mutex_lock(&attached.lock);
  int err = 0;
  for (const struct attachment *o = attached.list; o && err == 0; o = o->next)
    if (o->start < start + len && start < o->start + o->len)
      err = (errno = EBUSY, -1);
  if (err == 0)
    err = place(a, a->node, a->nnodes);
  if (err == 0) {
    a->next = attached.list;
    attached.list = a;
  }
  pthread_mutex_unlock(&attached.lock);
  if (err != 0) {
    free(a->owner.path);
    free(a);
  }
  return err;
}

O2N_API int omp2numa_detach(const void *ptr)
{
  pthread_mutex_lock(&attached.lock);
  struct attachment **link = &attached.list;
  while (*link && (*link)->ptr != ptr)
    link = &(*link)->next;
  struct attachment *a = *link;
  if (a)
    *link = a->next;
  pthread_mutex_unlock(&attached.lock);
  if (!a) {
    errno = ENOENT;
    return -1;
  }
  free(a->owner.path);
  free(a);
  return 0;
}

O2N_API int omp2numa_follow(void)
{
  struct o2n_thread *self = o2n_self();
  const unsigned ndomains = o2n_topology()->ndomains;
  struct owner me = owner_of(self, OMP2NUMA_ATTACH_THREAD),
               team = owner_of(self, OMP2NUMA_ATTACH_TEAM);
  unsigned *mine = malloc(ndomains * sizeof *mine), *teams = malloc(ndomains * sizeof *teams);
  const unsigned nmine = mine ? nodes_now(self, OMP2NUMA_ATTACH_THREAD, mine) : 0,
                 nteams = teams ? nodes_now(self, OMP2NUMA_ATTACH_TEAM, teams) : 0;
  int err = me.path && team.path && nmine && nteams ? 0 : ENOMEM;
  pthread_mutex_lock(&attached.lock);
  for (struct attachment *a = attached.list; a && err != ENOMEM; a = a->next) {
    const bool of_team = a->flags & OMP2NUMA_ATTACH_TEAM;
    const unsigned *node = of_team ? teams : mine, n = of_team ? nteams : nmine;
    if (!same_owner(&a->owner, of_team ? &team : &me) ||
        (a->nnodes == n && memcmp(a->node, node, n * sizeof *node) == 0))
      continue;
    if (place(a, node, n) != 0 && err == 0)
      err = errno; /* the first error; the other ranges are still moved */
  }
  pthread_mutex_unlock(&attached.lock);
  free(me.path), free(team.path), free(mine), free(teams);
  if (err == 0)
    return 0;
  errno = err;
  return -1;
}
