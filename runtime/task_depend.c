/*
 * task_depend.c -- the depend clause: dependences among sibling tasks, and depobj.
 *
 * Each task that has children with dependences owns a table (struct o2n_dep_table), hashed by
 * address, under a spinlock.  An address's entry remembers the incomplete tasks that a new
 * sibling may have to wait for:
 *
 *   last       the last "writer" group: one out/inout/mutexinoutset task, or the members of the
 *              last inoutset group (kind INOUTSET);
 *   ins        the in tasks that came after it;
 *   set_preds  for an inoutset group: what its first member waited for, so that later members,
 *              which are not ordered among themselves, wait for the same.
 *
 * A depend clause with the iterator modifier gives a number of items known at run time: the
 * emitted code fills an array on its stack when they are few, else one from
 * __omp2numa_depend_alloc.
 *
 * A new task depends on
 *   in                    last;
 *   out, inout            last and ins, and becomes last (mutexinoutset is serialised as inout,
 *                         which the specification allows: the tasks of a set run one at a time);
 *   inoutset              if last is an inoutset group with no in after it: set_preds, and it
 *                         joins the group; else last and ins, which become set_preds of the new
 *                         group it starts.
 * An edge is the successor's pointer in the predecessor's successor list plus one in the
 * successor's npred.  A completing task removes itself from every entry that names it and takes
 * its successor list, under the table's lock; so an entry only ever names incomplete tasks, and
 * no edge is added to a task that has completed.  Empty entries are kept for the next address
 * (table_drop); a task's own record lives in its block when it fits.  The successors whose
 * npred reaches 0 are ready: queued (task.c's o2n_task_ready), or, when undeferred, noticed by
 * the thread that waits for them.
 */
#include "internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* omp_depend_t has gcc's layout (bytes, no alignment): it is read and written with memcpy. */
static_assert(sizeof(struct __omp2numa_depend) <= sizeof(omp_depend_t),
              "omp_depend_t cannot hold struct __omp2numa_depend");

/* A small set of tasks.  Its array is the heap's (`heap`) or room that its owner lent it (a
   task's dependence record lends the spare end of the task's block). */
struct vec {
  struct o2n_task **v;
  uint32_t n, cap;
  bool heap;
};

static __attribute__((noinline)) void vec_grow(struct vec *vec)
{
  const uint32_t cap = vec->cap ? 2 * vec->cap : 4;
  if (vec->heap) {
    vec->v = o2n_xrealloc(vec->v, cap * sizeof *vec->v);
  } else {
    struct o2n_task **v = o2n_xmalloc(cap * sizeof *v);
    memcpy(v, vec->v, vec->n * sizeof *v);
    vec->v = v;
    vec->heap = true;
  }
  vec->cap = cap;
}

static inline void vec_push(struct vec *vec, struct o2n_task *task)
{
  if (vec->n == vec->cap)
    vec_grow(vec);
  vec->v[vec->n++] = task;
}

static void vec_remove(struct vec *vec, const struct o2n_task *task)
{
  for (uint32_t i = 0; i < vec->n;) {
    if (vec->v[i] == task)
      vec->v[i] = vec->v[--vec->n];
    else
      i++;
  }
}

static void vec_free(struct vec *vec)
{
  if (vec->heap)
    free(vec->v);
  *vec = (struct vec){0};
}

enum { LAST_NONE = 0, LAST_OUT = 1, LAST_INOUTSET = 2 };

struct dep_entry {
  void *addr;
  struct dep_entry *next; /* hash chain */
  int last_kind;
  struct vec last, ins, set_preds;
};

struct o2n_dep_table {
  _Atomic uint32_t lock;
  uint32_t nbuckets, nentries; /* nbuckets: a power of two */
  struct dep_entry **buckets;
  struct dep_entry *spare;     /* entries dropped, for reuse with their arrays (`next` links) */
};

/* One task's dependences: the entries that name it, and its successors.  In the spare end of the
   task's block when it fits there (the successors' first array too), else from malloc (`heap`). */
struct o2n_task_deps {
  struct vec succ;
  uint32_t nentries;
  bool heap;
  struct dep_entry *entries[]; /* distinct */
};

/* ------------------------------------------------------------------------------------------- */
/* The table                                                                                   */
/* ------------------------------------------------------------------------------------------- */

static uint32_t hash(const void *addr, uint32_t nbuckets)
{
  const uint64_t x = (uint64_t)(uintptr_t)addr * 0x9e3779b97f4a7c15ull;
  return (uint32_t)(x >> 32) & (nbuckets - 1);
}

static void table_grow(struct o2n_dep_table *table)
{
  const uint32_t n = table->nbuckets ? 2 * table->nbuckets : 16;
  struct dep_entry **buckets = o2n_xcalloc(n, sizeof *buckets);
  for (uint32_t b = 0; b < table->nbuckets; b++) {
    for (struct dep_entry *e = table->buckets[b], *next; e; e = next) {
      next = e->next;
      const uint32_t h = hash(e->addr, n);
      e->next = buckets[h];
      buckets[h] = e;
    }
  }
  free(table->buckets);
  table->buckets = buckets;
  table->nbuckets = n;
}

/* The entry of addr, created empty if there is none; the lock is held. */
static struct dep_entry *table_entry(struct o2n_dep_table *table, void *addr)
{
  if (table->nentries >= table->nbuckets)
    table_grow(table);
  struct dep_entry **head = &table->buckets[hash(addr, table->nbuckets)];
  for (struct dep_entry *e = *head; e; e = e->next)
    if (e->addr == addr)
      return e;
  struct dep_entry *e = table->spare;
  if (e)
    table->spare = e->next; /* empty, with the arrays it had */
  else
    e = o2n_xcalloc(1, sizeof *e);
  e->addr = addr;
  e->last_kind = LAST_NONE;
  e->next = *head;
  *head = e;
  table->nentries++;
  return e;
}

/* Unlinks an entry that names no task any more and keeps it for reuse; the lock is held.  The
   table's entries and their arrays are freed with the table: a task's children reuse them, so a
   program that keeps creating dependent tasks stops calling malloc for them. */
static void table_drop(struct o2n_dep_table *table, struct dep_entry *entry)
{
  struct dep_entry **link = &table->buckets[hash(entry->addr, table->nbuckets)];
  while (*link != entry)
    link = &(*link)->next;
  *link = entry->next;
  table->nentries--;
  entry->last.n = entry->ins.n = entry->set_preds.n = 0;
  entry->next = table->spare;
  table->spare = entry;
}

static void entry_free(struct dep_entry *entry)
{
  vec_free(&entry->last);
  vec_free(&entry->ins);
  vec_free(&entry->set_preds);
  free(entry);
}

/* ------------------------------------------------------------------------------------------- */
/* Registration                                                                                */
/* ------------------------------------------------------------------------------------------- */

/* pred -> task, unless pred is task itself or the edge was just added (the same predecessor
   through another address). */
static void add_edge(struct o2n_task *pred, struct o2n_task *task)
{
  struct vec *succ = &pred->deps->succ;
  if (pred == task || (succ->n && succ->v[succ->n - 1] == task))
    return;
  vec_push(succ, task);
  /* Relaxed: published to the predecessor's completion by the table's lock. */
  atomic_fetch_add_explicit(&task->npred, 1, memory_order_relaxed);
}

static void add_edges(const struct vec *preds, struct o2n_task *task)
{
  for (uint32_t i = 0; i < preds->n; i++)
    add_edge(preds->v[i], task);
}

/* The dependence an item stands for: a depobj's, or its own. */
static struct __omp2numa_depend resolve(const struct __omp2numa_depend *item)
{
  struct __omp2numa_depend dep = *item;
  if (dep.kind == __OMP2NUMA_DEPEND_DEPOBJ) {
    memcpy(&dep, item->addr, sizeof dep);
    if (dep.kind < __OMP2NUMA_DEPEND_IN || dep.kind > __OMP2NUMA_DEPEND_INOUTSET)
      o2n_fatal("depend(depobj: ...) names a depend object that is not initialised (or was "
                "destroyed)");
  } else if (dep.kind < __OMP2NUMA_DEPEND_IN || dep.kind > __OMP2NUMA_DEPEND_INOUTSET) {
    o2n_fatal("a depend clause item of unknown dependence type %d", dep.kind);
  }
  return dep;
}

static void depend_one(struct dep_entry *e, struct o2n_task *task, int kind)
{
  switch (kind) {
  case __OMP2NUMA_DEPEND_IN:
    add_edges(&e->last, task);
    vec_push(&e->ins, task);
    break;
  case __OMP2NUMA_DEPEND_INOUTSET:
    if (e->last_kind == LAST_INOUTSET && e->ins.n == 0) {
      add_edges(&e->set_preds, task);
      vec_push(&e->last, task);
      break;
    }
    add_edges(&e->last, task);
    add_edges(&e->ins, task);
    /* The new group's predecessors: what the first member waits for (minus itself). */
    e->set_preds.n = 0;
    for (uint32_t i = 0; i < e->last.n; i++)
      if (e->last.v[i] != task)
        vec_push(&e->set_preds, e->last.v[i]);
    for (uint32_t i = 0; i < e->ins.n; i++)
      if (e->ins.v[i] != task)
        vec_push(&e->set_preds, e->ins.v[i]);
    e->last.n = e->ins.n = 0;
    vec_push(&e->last, task);
    e->last_kind = LAST_INOUTSET;
    break;
  default: /* out, inout, mutexinoutset */
    add_edges(&e->last, task);
    add_edges(&e->ins, task);
    e->last.n = e->ins.n = e->set_preds.n = 0;
    vec_push(&e->last, task);
    e->last_kind = LAST_OUT;
    break;
  }
}

/* A record for ndeps items: in the spare end of the task's block if it fits, with the rest of
   that room as the successors' first array; else from malloc. */
static struct o2n_task_deps *deps_new(struct o2n_task *task, size_t ndeps)
{
  const size_t bytes = sizeof(struct o2n_task_deps) + ndeps * sizeof(struct dep_entry *);
  size_t room;
  char *spare = o2n_task_spare(task, &room);
  struct o2n_task_deps *info;
  if (room >= bytes) {
    info = (struct o2n_task_deps *)spare;
    info->heap = false;
    info->succ = (struct vec){.v = (struct o2n_task **)(spare + bytes),
                              .cap = (uint32_t)((room - bytes) / sizeof(struct o2n_task *))};
  } else {
    info = o2n_xmalloc(bytes);
    info->heap = true;
    info->succ = (struct vec){0};
  }
  info->nentries = 0;
  return info;
}

bool o2n_task_depend_register(struct o2n_task *task, const struct __omp2numa_depend *deps,
                              size_t ndeps)
{
  struct o2n_task *parent = task->parent;
  /* Only the thread that runs the parent registers its children, so creating the table needs no
     lock; the children that use it later come after their registration, which publishes it. */
  if (!parent->table)
    parent->table = o2n_xcalloc(1, sizeof *parent->table);
  struct o2n_dep_table *table = parent->table;
  task->deps = deps_new(task, ndeps);
  struct o2n_task_deps *info = task->deps;
  /* One for the registration itself: no predecessor can make the task ready before it ends. */
  atomic_store_explicit(&task->npred, 1, memory_order_relaxed);

  o2n_spin_lock(&table->lock);
  for (size_t i = 0; i < ndeps; i++) {
    const struct __omp2numa_depend dep = resolve(&deps[i]);
    struct dep_entry *e = table_entry(table, dep.addr);
    depend_one(e, task, dep.kind);
    uint32_t k = 0;
    while (k < info->nentries && info->entries[k] != e)
      k++;
    if (k == info->nentries)
      info->entries[info->nentries++] = e;
  }
  o2n_spin_unlock(&table->lock);
  /* acq_rel: with the predecessors' decrements (o2n_task_depend_release). */
  return atomic_fetch_sub_explicit(&task->npred, 1, memory_order_acq_rel) == 1;
}

/* ------------------------------------------------------------------------------------------- */
/* Completion                                                                                  */
/* ------------------------------------------------------------------------------------------- */

void o2n_task_depend_release(struct o2n_thread *self, struct o2n_task *task, bool own)
{
  struct o2n_dep_table *table = task->parent->table;
  struct o2n_task_deps *info = task->deps;
  o2n_spin_lock(&table->lock);
  for (uint32_t i = 0; i < info->nentries; i++) {
    struct dep_entry *e = info->entries[i];
    vec_remove(&e->last, task);
    vec_remove(&e->ins, task);
    vec_remove(&e->set_preds, task);
    if (e->last.n == 0 && e->ins.n == 0 && e->set_preds.n == 0)
      table_drop(table, e);
  }
  info->nentries = 0;
  struct vec succ = info->succ;
  info->succ = (struct vec){0};
  o2n_spin_unlock(&table->lock);

  for (uint32_t i = 0; i < succ.n; i++) {
    struct o2n_task *s = succ.v[i];
    /* seq_cst: ends the wait of an undeferred task's thread (task.c's npred_done), and orders
       this task's work before the successor's (acquire by whoever reaches 0). */
    if (atomic_fetch_sub_explicit(&s->npred, 1, memory_order_seq_cst) != 1)
      continue;
    if (s->flags & (__OMP2NUMA_TASK_UNDEFERRED | O2N_TASK_INCLUDED))
      o2n_task_wake(s->team);
    else
      o2n_task_ready(self, s, own);
  }
  vec_free(&succ);
}

void o2n_task_depend_free(struct o2n_task *task)
{
  if (task->deps) {
    vec_free(&task->deps->succ);
    if (task->deps->heap)
      free(task->deps);
    task->deps = NULL;
  }
  struct o2n_dep_table *table = task->table;
  if (table) {
    /* Every child has completed: the entries are spare, unless the program ended a region with
       tasks it never let complete. */
    for (uint32_t b = 0; b < table->nbuckets; b++)
      while (table->buckets[b])
        table_drop(table, table->buckets[b]);
    while (table->spare) {
      struct dep_entry *next = table->spare->next;
      entry_free(table->spare);
      table->spare = next;
    }
    free(table->buckets);
    free(table);
    task->table = NULL;
  }
}

O2N_ABI struct __omp2numa_depend *__omp2numa_depend_alloc(size_t count)
{
  return o2n_xmalloc_array(count, sizeof(struct __omp2numa_depend),
                           "a depend clause's list (of its iterators' values)");
}

O2N_ABI void __omp2numa_depend_free(struct __omp2numa_depend *deps)
{
  free(deps);
}

/* ------------------------------------------------------------------------------------------- */
/* depobj                                                                                      */
/* ------------------------------------------------------------------------------------------- */

static void check_kind(const char *entry, int kind)
{
  if (kind < __OMP2NUMA_DEPEND_IN || kind > __OMP2NUMA_DEPEND_INOUTSET)
    o2n_fatal("%s: %d is not a dependence type a depend object may hold", entry, kind);
}

O2N_ABI void __omp2numa_depobj_init(void *depobj, void *addr, int kind)
{
  check_kind("__omp2numa_depobj_init", kind);
  const struct __omp2numa_depend dep = {addr, kind};
  memcpy(depobj, &dep, sizeof dep);
}

O2N_ABI void __omp2numa_depobj_update(void *depobj, int kind)
{
  check_kind("__omp2numa_depobj_update", kind);
  struct __omp2numa_depend dep;
  memcpy(&dep, depobj, sizeof dep);
  if (dep.kind < __OMP2NUMA_DEPEND_IN || dep.kind > __OMP2NUMA_DEPEND_INOUTSET)
    o2n_fatal("__omp2numa_depobj_update: the depend object is not initialised");
  dep.kind = kind;
  memcpy(depobj, &dep, sizeof dep);
}

O2N_ABI void __omp2numa_depobj_destroy(void *depobj)
{
  const struct __omp2numa_depend dep = {NULL, 0};
  memcpy(depobj, &dep, sizeof dep);
}
