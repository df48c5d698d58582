/*
 * gomp_site.c -- loop sites for the GOMP loop entry points.
 *
 * loop.c keeps per-construct state and statistics in a struct __omp2numa_loop_site, which the
 * translator emits once per construct.  gcc's code has none, so each call site of a GOMP loop
 * entry point (its return address) gets one here, the first time it starts a loop, named after
 * the caller's symbol for OMP2NUMA_STATS and for error messages.  Sites live in an open-addressing
 * table of O2N_GOMP_SITES entries, found without a lock once created, and never freed.
 */
#include "gomp.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gomp_site {
  struct __omp2numa_loop_site site; /* file: the caller's name; line: 0 */
  const void *caller;
  int kind, flags;
  char name[];
};

static _Atomic(struct gomp_site *) sites[O2N_GOMP_SITES];

const char *o2n_gomp_where(const void *caller, char *buf, size_t size)
{
  Dl_info info;
  if (dladdr(caller, &info) && info.dli_sname && info.dli_saddr)
    snprintf(buf, size, "%s+0x%tx", info.dli_sname,
             (const char *)caller - (const char *)info.dli_saddr);
  else if (dladdr(caller, &info) && info.dli_fname) {
    const char *base = strrchr(info.dli_fname, '/');
    snprintf(buf, size, "%s+0x%tx", base ? base + 1 : info.dli_fname,
             (const char *)caller - (const char *)info.dli_fbase);
  } else
    snprintf(buf, size, "%p", caller);
  return buf;
}

static struct gomp_site *site_new(const void *caller, int kind, int flags)
{
  char name[256];
  o2n_gomp_where(caller, name, sizeof name);
  const size_t len = strlen(name) + 1;
  struct gomp_site *s = o2n_xcalloc(1, sizeof *s + len);
  memcpy(s->name, name, len);
  s->site = (struct __omp2numa_loop_site){s->name, 0, kind, flags, NULL, NULL};
  s->caller = caller;
  s->kind = kind;
  s->flags = flags;
  return s;
}

static uintptr_t site_key(const void *caller, int kind, int flags)
{
  return (uintptr_t)caller ^ ((uintptr_t)kind << 7) ^ ((uintptr_t)flags << 17);
}

/* Fibonacci hashing of a key onto the table: its first probe. */
static size_t site_index(uintptr_t key)
{
  return (size_t)((key * 0x9e3779b97f4a7c15ull) >> 40) % O2N_GOMP_SITES;
}

static bool site_is(const struct gomp_site *s, const void *caller, int kind, int flags)
{
  return s->caller == caller && s->kind == kind && s->flags == flags;
}

/* o2n_gomp_site when the first probe holds another site or none: probes on, and adds the site
   where it finds none. */
static __attribute__((noinline)) struct __omp2numa_loop_site *
site_find_or_add(const void *caller, int kind, int flags)
{
  size_t i = site_index(site_key(caller, kind, flags));
  struct gomp_site *fresh = NULL;
  for (size_t probes = 0; probes < O2N_GOMP_SITES; probes++, i = (i + 1) % O2N_GOMP_SITES) {
    /* Acquire: a site published by another thread comes initialised. */
    struct gomp_site *s = atomic_load_explicit(&sites[i], memory_order_acquire);
    if (!s) {
      if (!fresh)
        fresh = site_new(caller, kind, flags);
      /* Release on success: publishes the site; acquire on failure: the winner's. */
      if (atomic_compare_exchange_strong_explicit(&sites[i], &s, fresh, memory_order_acq_rel,
                                                  memory_order_acquire))
        return &fresh->site;
    }
    if (site_is(s, caller, kind, flags)) {
      free(fresh);
      return &s->site;
    }
  }
  o2n_fatal("more than %d call sites of GOMP loop entry points (O2N_GOMP_SITES)", O2N_GOMP_SITES);
}

struct __omp2numa_loop_site *o2n_gomp_site(const void *caller, int kind, int flags)
{
  /* A site found at its first probe costs no register saves: every loop start asks. */
  struct gomp_site *s = atomic_load_explicit(
      &sites[site_index(site_key(caller, kind, flags))], memory_order_acquire);
  if (__builtin_expect(s && site_is(s, caller, kind, flags), 1))
    return &s->site;
  return site_find_or_add(caller, kind, flags);
}
