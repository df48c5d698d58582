/*
 * critical.c -- the critical construct.
 *
 * A name is one lock for the whole program, whichever translation unit names it, and all unnamed
 * critical constructs share one more lock of their own.  The first entry into a construct looks
 * its name up in a table under a mutex and caches the lock's address in the construct's static
 * pointer (emitted code), so that every later entry costs one load more than the lock itself.
 * The locks are lock.c's futex locks: spin for the team's budget, then sleep.
 */
#include "internal.h"

#include <pthread.h>
#include <string.h>

/* One name's lock.  Each lock has a cache line of its own, so that threads in critical
   constructs of different names never write the same line. */
struct named_lock {
  alignas(O2N_CACHE_LINE) struct o2n_lock lock;
  struct named_lock *next; /* in its hash bucket */
  char name[];
};

/* Buckets of the name table.  A program has a handful of names; 64 keeps chains short even for
   generated code with hundreds. */
enum { BUCKETS = 64 };

static struct {
  pthread_mutex_t mutex;
  struct named_lock *buckets[BUCKETS]; /* under the mutex; entries are never freed */
} table = {.mutex = PTHREAD_MUTEX_INITIALIZER};

/* The lock of every unnamed critical construct. */
static struct {
  alignas(O2N_CACHE_LINE) struct o2n_lock lock;
} unnamed;

/* FNV-1a. */
static unsigned hash(const char *name)
{
  uint32_t h = 2166136261u;
  for (const unsigned char *p = (const unsigned char *)name; *p; p++)
    h = (h ^ *p) * 16777619u;
  return h % BUCKETS;
}

/* The lock of a name, created free on first use. */
static struct o2n_lock *lookup(const char *name)
{
  const unsigned b = hash(name);
  pthread_mutex_lock(&table.mutex);
  struct named_lock *entry = table.buckets[b];
  while (entry && strcmp(entry->name, name) != 0)
    entry = entry->next;
  if (!entry) {
    const size_t len = strlen(name) + 1;
    size_t size = sizeof *entry + len;
    size = (size + O2N_CACHE_LINE - 1) / O2N_CACHE_LINE * O2N_CACHE_LINE;
    entry = o2n_xcalloc_aligned(size);
    atomic_init(&entry->lock.state, 0);
    memcpy(entry->name, name, len);
    entry->next = table.buckets[b];
    table.buckets[b] = entry;
  }
  pthread_mutex_unlock(&table.mutex);
  return &entry->lock;
}

/* ------------------------------------------------------------------------------------------- */
/* ABI                                                                                         */
/* ------------------------------------------------------------------------------------------- */

O2N_ABI void __omp2numa_critical_start(void **lock, const char *name)
{
  /* The emitted code's pointer is a plain void *; the __atomic builtins make the accesses of
     concurrent first entries race-free.  Acquire pairs with the release below, so a thread that
     finds the pointer also finds the lock initialised (by lookup, under the mutex). */
  struct o2n_lock *l = __atomic_load_n(lock, __ATOMIC_ACQUIRE);
  if (__builtin_expect(l == NULL, 0)) {
    /* Threads that race here all get the same lock, and store the same value. */
    l = name ? lookup(name) : &unnamed.lock;
    __atomic_store_n(lock, (void *)l, __ATOMIC_RELEASE);
  }
  o2n_lock_acquire(l);
}

O2N_ABI void __omp2numa_critical_end(void **lock)
{
  /* This thread loaded or stored the pointer in critical_start: relaxed reads that value. */
  struct o2n_lock *l = __atomic_load_n(lock, __ATOMIC_RELAXED);
  if (!l)
    o2n_fatal("__omp2numa_critical_end: the critical construct was not entered");
  o2n_lock_release(l, "__omp2numa_critical_end");
}
