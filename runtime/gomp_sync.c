/*
 * gomp_sync.c -- libgomp's barrier, critical (unnamed and named) and atomic start/end, on
 * barrier.c and critical.c.
 *
 * A named critical construct of gcc-compiled code passes the address of a common symbol,
 * `.gomp_critical_user_<name>`, one pointer that every translation unit naming it shares.
 * critical.c caches its lock there, as in a translated construct's own pointer; the lock is the
 * one of the name (dladdr finds it from the symbol), so a gcc-compiled `critical(x)` and a
 * translated one exclude each other.  The unnamed construct has critical.c's unnamed lock, also
 * shared with translated code.  GOMP_atomic_start/end (an atomic construct that the machine
 * cannot do with one instruction) has a lock of its own, as in libgomp.
 */
#include "gomp.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* Unchecked, as libgomp's: gcc's lowering of inscan reductions puts a barrier that every thread
   reaches between the two phases of a loop construct, which __omp2numa_barrier's check for a
   user's barrier inside a worksharing construct would refuse. */
O2N_ABI void GOMP_barrier(void)
{
  o2n_team_barrier(o2n_self());
}

/* The unnamed critical construct's pointer (critical.c caches its lock there). */
static void *unnamed_critical;

O2N_ABI void GOMP_critical_start(void)
{
  __omp2numa_critical_start(&unnamed_critical, NULL);
}

O2N_ABI void GOMP_critical_end(void)
{
  __omp2numa_critical_end(&unnamed_critical);
}

/* The name of gcc's critical pointer: the symbol's name after its prefix, or, when dladdr cannot
   name it (a static or stripped binary), a name of its own that no construct can spell. */
static const char *critical_name(void **pptr, char *buf, size_t size)
{
  static const char prefix[] = ".gomp_critical_user_";
  Dl_info info;
  if (dladdr(pptr, &info) && info.dli_sname && info.dli_saddr == (void *)pptr &&
      strncmp(info.dli_sname, prefix, sizeof prefix - 1) == 0)
    return info.dli_sname + sizeof prefix - 1;
  snprintf(buf, size, " gcc critical %p", (void *)pptr);
  return buf;
}

O2N_ABI void GOMP_critical_name_start(void **pptr)
{
  /* Acquire, as critical.c's load: once the lock is cached, the name is not needed. */
  if (__atomic_load_n(pptr, __ATOMIC_ACQUIRE)) {
    __omp2numa_critical_start(pptr, NULL);
    return;
  }
  char buf[64];
  __omp2numa_critical_start(pptr, critical_name(pptr, buf, sizeof buf));
}

O2N_ABI void GOMP_critical_name_end(void **pptr)
{
  __omp2numa_critical_end(pptr);
}

static struct {
  alignas(O2N_CACHE_LINE) struct o2n_lock lock;
} atomic_lock;

O2N_ABI void GOMP_atomic_start(void)
{
  o2n_lock_acquire(&atomic_lock.lock);
}

O2N_ABI void GOMP_atomic_end(void)
{
  o2n_lock_release(&atomic_lock.lock, "GOMP_atomic_end");
}
