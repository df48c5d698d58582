/*
 * gomp_missing.c -- stubs for the GOMP_* entry points that libomp2numa does not implement.
 *
 * Each symbol of gomp_missing.def is defined (libomp2numa.map exports it with its libgomp
 * version), so that a gcc-built program that calls it binds to libomp2numa and stops with a
 * message naming it, instead of failing to load or reaching another runtime.  The stubs take no
 * arguments: they never look at what the caller passed.
 */
#include "gomp.h"

noreturn void o2n_gomp_missing(const char *symbol, const char *what)
{
  o2n_fatal("%s is not implemented (%s); docs/gomp-abi.md lists libomp2numa's GOMP entry points",
            symbol, what);
}

#define O2N_GOMP_MISSING(symbol, what)                                                           \
  O2N_ABI void symbol(void);                                                                     \
  O2N_ABI void symbol(void)                                                                      \
  {                                                                                              \
    o2n_gomp_missing(#symbol, what);                                                             \
  }
#include "gomp_missing.def"
