/*
 * team.c -- teams, thread descriptors, and a team's life: create, run, join.
 *
 * A team is one allocation: the struct, its members' descriptors, its worker list and the
 * per-thread loop state of its work-share slots.  It serves from the fork to the join of one
 * region; workers stop touching it before they count themselves out of it (o2n_futex_count_down),
 * and once the count is zero the primary thread keeps the block for its next region of the same
 * size at the same nesting level (team_retire), with the list of its workers, or frees it.
 */
#include "internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

_Thread_local struct o2n_thread *o2n_current __attribute__((tls_model(O2N_TLS_MODEL)));

/* ------------------------------------------------------------------------------------------- */
/* Allocation                                                                                  */
/* ------------------------------------------------------------------------------------------- */

static size_t round_up(size_t size)
{
  return (size + O2N_CACHE_LINE - 1) / O2N_CACHE_LINE * O2N_CACHE_LINE;
}

/* Where the parts of a team block for n threads start, in order: the struct (at 0), the members'
   descriptors, the worker list, the domain table, then the per-thread loop state of the
   work-share slots, which ends the block.  Everything before `loops` is the block's head. */
struct team_layout {
  size_t members, workers, domains, loops, size;
};

static struct team_layout team_layout(unsigned n)
{
  struct team_layout l;
  l.members = round_up(sizeof(struct o2n_team));
  l.workers = l.members + round_up(n * sizeof(struct o2n_thread));
  l.domains = l.workers + round_up(n * sizeof(struct o2n_worker *));
  l.loops = l.domains + round_up(n * sizeof(unsigned));
  l.size = l.loops + (size_t)O2N_WS_RING * n * sizeof(struct o2n_loop_thread);
  return l;
}

/* The futex word of work-share slot i before its first construct, which is construct i: the
   value work.c's ws_seq(i, WS_FREE), above the word's sleepers bit. */
static uint32_t slot_first_seq(unsigned i)
{
  return (uint32_t)(i << 2) << 1;
}

/* Lays out and initialises a team block for n threads whose head is zero. */
static struct o2n_team *team_init(char *block, unsigned n)
{
  const struct team_layout l = team_layout(n);
  struct o2n_team *team = (struct o2n_team *)block;
  team->capacity = n;
  team->members = (struct o2n_thread *)(block + l.members);
  team->workers = (struct o2n_worker **)(block + l.workers);
  team->domain_node = (unsigned *)(block + l.domains);
  struct o2n_loop_thread *loop_threads = (struct o2n_loop_thread *)(block + l.loops);
  team->nthreads = n;
  o2n_barrier_init(&team->barrier, n);
  for (unsigned i = 0; i < O2N_WS_RING; i++) {
    atomic_init(&team->ws[i].seq.word, slot_first_seq(i));
    /* A spare block's last region may have been cancelled in the middle of a construct. */
    o2n_ws_reset(&team->ws[i]);
    team->ws[i].loop.threads = loop_threads + (size_t)i * n;
  }
  /* Settled before the members run (their dispatch publishes it): their task waits and
     statistics read o2n_stats_enabled without calling o2n_stats_init themselves. */
  o2n_stats_init();
  for (unsigned t = 0; t < n; t++) {
    team->members[t].team = team;
    team->members[t].tid = t;
    o2n_task_thread_init(&team->members[t]);
  }
  return team;
}

/* A zeroed team with room for n threads, its synchronisation objects initialised. */
static struct o2n_team *team_alloc(unsigned n)
{
  return team_init(o2n_xcalloc_aligned(team_layout(n).size), n);
}

/*
 * The block of the last team a thread ran as primary thread at each nesting level (below
 * O2N_TEAM_SPARE_LEVELS), kept for its next region of the same size there: allocating and
 * clearing 6 KB per region (for 2 threads; most of it the slots' loop state) was a sixth of a
 * fork and join.  Only the head is cleared again, less its work-share slots and its worker list
 * (team_obtain says why).  The loop state may keep whatever the last team left in it, as it does
 * when the work-share ring brings a slot round to its next construct: team_init resets each
 * slot's few common fields, and every construct initialises the rest it uses (the schedules'
 * init).  The worker list is what the
 * pool gives the next team first (o2n_pool_acquire), so that thread t of the team of a given
 * primary thread and level is the same thread, on the same place, region after region: an inner
 * team of a nest, too.  A thread that exits frees its spares through spare_key.
 */
static _Thread_local struct o2n_team *spare_team[O2N_TEAM_SPARE_LEVELS]
    __attribute__((tls_model(O2N_TLS_MODEL)));
static _Thread_local bool spare_keyed /* spare_key points at this thread's spare_team */
    __attribute__((tls_model(O2N_TLS_MODEL)));
static pthread_key_t spare_key;
static pthread_once_t spare_key_once = PTHREAD_ONCE_INIT;

static void free_spares(void *spares)
{
  for (unsigned l = 0; l < O2N_TEAM_SPARE_LEVELS; l++)
    free(((struct o2n_team **)spares)[l]);
}

static void make_spare_key(void)
{
  if (pthread_key_create(&spare_key, free_spares) != 0)
    o2n_fatal("cannot create a thread-specific key");
}

/* A team for up to n threads whose encountering thread is at `level`: the level's spare if it
   fits, else a new one. */
static struct o2n_team *team_obtain(unsigned level, unsigned n)
{
  struct o2n_team *team = level < O2N_TEAM_SPARE_LEVELS ? spare_team[level] : NULL;
  if (!team || team->capacity != n)
    return team_alloc(n);
  /* spare_key keeps pointing at the spares while one serves: a thread cannot exit in the middle
     of a region it runs as primary thread. */
  spare_team[level] = NULL;
  /* The work-share slots, most of the head (2.5 KB), keep what the last team left in them, as a
     slot keeps its last construct's state when the ring brings it round: team_init resets their
     sequence numbers and common fields, and each construct initialises the rest (the
     constructs' init).  Clearing them was most of a region's instructions.  The worker list is
     kept for the pool. */
  const struct team_layout l = team_layout(n);
  const size_t ws_from = offsetof(struct o2n_team, ws), ws_to = ws_from + sizeof team->ws;
  memset(team, 0, ws_from);
  memset((char *)team + ws_to, 0, l.workers - ws_to);
  memset((char *)team + l.domains, 0, l.loops - l.domains);
  return team_init((char *)team, n);
}

/* Keeps a joined team's block as its level's spare, or frees it.  A team that ran without tasks,
   cancellation and statistics, and got every thread it asked for, ends in the state its next
   region starts from, but for what team_renew resets. */
static void team_retire(struct o2n_team *team)
{
  const unsigned level = team->level - 1;
  team->repeatable = team->nthreads == team->capacity && !team->floating &&
                     !atomic_load_explicit(&team->tasks_used, memory_order_relaxed) &&
                     !o2n_team_cancelled(team) &&
                     atomic_load_explicit(&team->ws_cancel_gen, memory_order_relaxed) == 0 &&
                     !o2n_stats_enabled;
  if (level >= O2N_TEAM_SPARE_LEVELS || spare_team[level]) {
    free(team);
    return;
  }
  spare_team[level] = team;
  /* The key points at the thread's array of spares: set once per thread. */
  if (!spare_keyed) {
    pthread_once(&spare_key_once, make_spare_key);
    pthread_setspecific(spare_key, spare_team);
    spare_keyed = true;
  }
}

/* ------------------------------------------------------------------------------------------- */
/* Initial threads                                                                             */
/* ------------------------------------------------------------------------------------------- */

/* Frees a thread's initial team when the thread exits (the initial thread's stays to the end). */
static pthread_key_t initial_team_key;
static pthread_once_t initial_team_key_once = PTHREAD_ONCE_INIT;

static void make_initial_team_key(void)
{
  if (pthread_key_create(&initial_team_key, free) != 0)
    o2n_fatal("cannot create a thread-specific key");
}

/* The team of one of a new initial thread, whose first region binds it to `place`. */
static struct o2n_team *initial_team(unsigned place)
{
  o2n_init();
  struct o2n_team *team = team_alloc(1);
  const struct o2n_topology *topo = o2n_topology();
  team->ndomains = 1;
  team->spins = o2n_global.spins;
  struct o2n_thread *self = &team->members[0];
  self->icv = *o2n_icv_initial();
  self->place = place;
  self->partition = (struct o2n_partition){0, topo->nplaces};
  team->domain_node[0] = topo->places[place].domain;
  return team;
}

struct o2n_thread *o2n_thread_initial(void)
{
  /* The initial place is the first one; the thread is bound there by its first region. */
  struct o2n_team *team = initial_team(0);
  pthread_once(&initial_team_key_once, make_initial_team_key);
  pthread_setspecific(initial_team_key, team);
  o2n_current = &team->members[0];
  return o2n_current;
}

void o2n_run_initial(void (*fn)(void *), void *data, struct o2n_group *group)
{
  struct o2n_thread *outer = o2n_self();
  struct o2n_team *team = initial_team(outer->place);
  team->group = group;
  /* max-active-levels-var is one per program here, but a new initial thread starts with its
     initial value, as in libgomp (omp_set_nested(1) before a target region does not reach into
     it, and what the region sets does not leak out). */
  const int levels = atomic_load_explicit(&o2n_global.max_active_levels, memory_order_relaxed);
  atomic_store_explicit(&o2n_global.max_active_levels, o2n_global.initial_max_active_levels,
                        memory_order_relaxed);
  o2n_current = &team->members[0];
  fn(data);
  atomic_store_explicit(&o2n_global.max_active_levels, levels, memory_order_relaxed);
  o2n_current = outer;
  free(team);
}

/* ------------------------------------------------------------------------------------------- */
/* Regions                                                                                     */
/* ------------------------------------------------------------------------------------------- */

/* Numbers the NUMA nodes of the team's members' places 0, 1, ... in the topology's order. */
static void number_domains(struct o2n_team *team)
{
  const struct o2n_topology *topo = o2n_topology();
  if (topo->ndomains == 1) {
    /* One node: the members' domains are 0 already (the head of a team block is zeroed). */
    team->ndomains = 1;
    team->domain_node[0] = 0;
    return;
  }
  /* On the stack for the machines there are (a malloc and a free were a tenth of a region). */
  unsigned small[O2N_TEAM_DOMAINS_ON_STACK];
  const bool few = topo->ndomains <= O2N_TEAM_DOMAINS_ON_STACK;
  unsigned *rank = few ? memset(small, 0, topo->ndomains * sizeof *rank)
                       : o2n_xcalloc(topo->ndomains, sizeof *rank);
  for (unsigned t = 0; t < team->nthreads; t++)
    rank[topo->places[team->members[t].place].domain] = 1;
  team->ndomains = 0;
  for (unsigned d = 0; d < topo->ndomains; d++) {
    if (rank[d]) {
      team->domain_node[team->ndomains] = d;
      rank[d] = team->ndomains++;
    }
  }
  for (unsigned t = 0; t < team->nthreads; t++)
    team->members[t].domain = rank[topo->places[team->members[t].place].domain];
  if (!few)
    free(rank);
}

/* The ICVs of the members of a team at `level` whose parent is `parent`. */
static struct o2n_icv member_icv(const struct o2n_thread *parent, unsigned level)
{
  struct o2n_icv icv = parent->icv;
  o2n_icv_for_level(&icv, level);
  return icv;
}

/* Resets what a region changes in a repeatable team (team_retire): the work-share ring, and the
   members' ICVs, their state from ws_count to their current task and a pending GOMP loop, as a
   new team has them (struct o2n_thread says why the rest of its state may stay).  The rest is
   as a new team has it: the binding is the same, and without tasks and statistics the
   implicit task, the deque, the victim generator and the task counts were not touched. */
static void team_renew(struct o2n_team *team, struct o2n_thread *parent)
{
  atomic_init(&team->primary_done, false);
  const struct o2n_icv icv = member_icv(parent, team->level);
  const size_t from = offsetof(struct o2n_thread, ws_count), to = offsetof(struct o2n_thread, task);
  uint64_t constructs = 0;
  for (unsigned t = 0; t < team->nthreads; t++) {
    struct o2n_thread *member = &team->members[t];
    constructs = member->ws_count > constructs ? member->ws_count : constructs;
    /* The region may have changed them (omp_set_num_threads and the like). */
    member->icv = icv;
    memset((char *)member + from, 0, to - from);
    member->task = &member->implicit;
    member->gomp.pending = false;
    atomic_init(&member->join, O2N_JOIN_IN);
  }
  /* Only the slots the last region's constructs used have moved (none in a region without any):
     each back to its first construct, as team_init sets them. */
  for (unsigned i = 0; i < constructs && i < O2N_WS_RING; i++)
    atomic_init(&team->ws[i].seq.word, slot_first_seq(i));
}

/* The team of the last region of the same primary thread at its level, if this one asks for the
   same (struct o2n_team_origin) and gets the same workers back: skips the pool's lock, the
   places, the domains and the clearing of the block.  NULL otherwise. */
static struct o2n_team *team_repeat(struct o2n_thread *parent, unsigned want, int policy)
{
  const unsigned level = parent->team->level;
  struct o2n_team *team = level < O2N_TEAM_SPARE_LEVELS ? spare_team[level] : NULL;
  if (!team || !team->repeatable || team->origin.want != want || team->origin.policy != policy ||
      team->origin.place != parent->place ||
      memcmp(&team->origin.partition, &parent->partition, sizeof parent->partition) != 0 ||
      memcmp(&team->origin.icv, &parent->icv, sizeof parent->icv) != 0 || parent->icv.dyn ||
      team->group != parent->team->group)
    return NULL;
  unsigned nrunning = 1;
  if (want > 1 && !o2n_pool_reclaim(team->group, team->workers + 1, want - 1, &nrunning))
    return NULL;
  spare_team[level] = NULL;
  team->parent = parent;
  team->active_level = parent->team->active_level + (want > 1);
  team->spins = o2n_spin_budget(nrunning);
  atomic_init(&team->reduce_pending, want);
  team_renew(team, parent);
  return team;
}

/* Notes what a new team was made from (team_repeat). */
static void team_note_origin(struct o2n_team *team, const struct o2n_thread *parent,
                             unsigned want, int policy)
{
  struct o2n_team_origin *origin = &team->origin;
  origin->want = want;
  origin->policy = policy;
  origin->place = parent->place;
  memcpy(&origin->partition, &parent->partition, sizeof parent->partition);
  memcpy(&origin->icv, &parent->icv, sizeof parent->icv);
}

struct o2n_team *o2n_team_new(struct o2n_thread *parent, unsigned want, int policy)
{
  if (policy == __OMP2NUMA_PROC_BIND_NONE)
    policy = parent->icv.bind;
  struct o2n_team *team = team_repeat(parent, want, policy);
  if (team)
    return team;
  team = team_obtain(parent->team->level, want);
  team->group = parent->team->group;
  unsigned nrunning = 1;
  bool shared = false;
  unsigned n = 1 + (want > 1 ? o2n_pool_acquire(team->group, team->workers + 1, want - 1,
                                                parent->icv.dyn, &nrunning, &shared)
                             : 0);
  /* A smaller team than allocated just leaves the tail unused. */
  team->nthreads = n;
  team->barrier.nthreads = n;
  atomic_init(&team->reduce_pending, n);
  team->level = parent->team->level + 1;
  team->active_level = parent->team->active_level + (n > 1);
  team->parent = parent;
  team->spins = o2n_spin_budget(nrunning);
  /* A team that dyn-var cut down for other programs must not sit on the first places: the cut
     teams of several programs would all pile onto the same processors while others stay idle
     (thread 0 of every program on processor 0).  Unbound, its threads run wherever the kernel
     finds room. */
  team->floating = shared;
  team->bind = !shared && policy != omp_proc_bind_false;
  const struct o2n_icv icv = member_icv(parent, team->level);
  for (unsigned t = 0; t < n; t++) {
    struct o2n_thread *member = &team->members[t];
    member->icv = icv;
    member->place = parent->place;
    member->partition = parent->partition;
    if (team->bind)
      member->place = o2n_place_assign(parent->place, parent->partition, t, n, policy,
                                       &member->partition);
  }
  number_domains(team);
  team_note_origin(team, parent, want, policy);
  return team;
}

/* Thread tid's entry into its team's region: its binding, its descriptor. */
static void member_enter(struct o2n_team *team, unsigned tid)
{
  struct o2n_thread *self = &team->members[tid];
  if (team->bind)
    o2n_topology_bind(self->place);
  else if (tid != 0 || team->floating)
    /* A worker bound by an earlier region runs unbound now.  The primary thread keeps the
       binding of the task that encountered the region, unless the team floats. */
    o2n_topology_unbind();
  o2n_current = self;
  if (__builtin_expect(o2n_global.display_affinity, 0))
    o2n_affinity_display_changed(self);
}

struct o2n_futex *o2n_team_member_run(struct o2n_team *team, unsigned tid)
{
  struct o2n_thread *self = &team->members[tid];
  /* Acquire came with the dispatch.  A recalled worker is bound already (it ran the region). */
  if (tid != 0 &&
      atomic_load_explicit(&self->join, memory_order_relaxed) == O2N_JOIN_RECALLED) {
    o2n_current = self;
    return o2n_task_worker_recalled(self);
  }
  member_enter(team, tid);
  team->fn(team->data);
  /* The end of the region: a worker stays to run tasks if the team has any (task.c). */
  return tid != 0 ? o2n_task_worker_end(self) : NULL;
}

void o2n_team_start(struct o2n_team *team, __omp2numa_region_fn fn, void *data)
{
  const unsigned nworkers = team->nthreads - 1;
  team->fn = fn;
  team->data = data;
  atomic_init(&team->running.word, nworkers << 1);
  /* The dispatch publishes the team (release) to each worker. */
  for (unsigned t = 1; t <= nworkers; t++)
    o2n_pool_dispatch(team->workers[t], team, t);
  member_enter(team, 0);
}

void o2n_team_join(struct o2n_team *team)
{
  /* The join, and the team's tasks (task.c): returns when every worker has left the region, and
     every task of the team has completed. */
  o2n_task_primary_end(&team->members[0]);
  o2n_reduce_join(team);
  o2n_current = team->parent;
  o2n_pool_release(team->group, team->workers + 1, team->nthreads - 1);
  team_retire(team);
}

void o2n_team_run(struct o2n_team *team, __omp2numa_region_fn fn, void *data)
{
  o2n_team_start(team, fn, data);
  fn(data);
  o2n_team_join(team);
}
