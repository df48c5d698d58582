/*
 * untouched-pages.h -- memory whose pages no thread has touched yet, for the placement tests.
 *
 * untouched_pages(bytes) maps anonymous, page-aligned memory marked MADV_NOHUGEPAGE, so that its
 * first toucher places every 4 KiB page on its own (with THP a 2 MiB huge page would land wholly
 * on the node of whichever thread touched it first).  It stops the program with "FAIL: ..." when
 * the system refuses.
 *
 * The mapping is writable only once it is marked: a writable anonymous mapping may merge with a
 * neighbour (another thread's stack, say) until madvise splits it again, and a huge page that a
 * thread on another node faults in there meanwhile can cover the first pages (a prefix of up to
 * 511 pages on that node: nested-stream-guest.c, 1 run in 12 with three guests at once, while it
 * was mapped writable first).
 */
#ifndef O2N_TEST_UNTOUCHED_PAGES_H
#define O2N_TEST_UNTOUCHED_PAGES_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

static void *untouched_pages(size_t bytes)
{
  void *p = mmap(NULL, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  const char *failed = p == MAP_FAILED                                       ? "mmap"
                       : madvise(p, bytes, MADV_NOHUGEPAGE) != 0              ? "madvise"
                       : mprotect(p, bytes, PROT_READ | PROT_WRITE) != 0 ? "mprotect"
                                                                              : NULL;
  if (failed) {
    printf("FAIL: %s of %zu bytes of untouched pages\n", failed, bytes);
    exit(1);
  }
  return p;
}

#endif
