// omp2numa_next_touch: the pages of a marked range are protected until touched; the first touch
// of each unit moves it to the toucher's node and unprotects it, transparently: every value
// written before the mark reads back, every page touched ends unprotected (the range's kernel
// memory areas are rw again), from 1 thread and from 2, 4 and 8 threads touching the same
// units at once.  A range that is not page-aligned marks the whole pages that cover it, so the
// bytes around it, on those pages, stay usable too.  Marks reuse the table's slots (200 marks of
// one range, more than its 64 slots); marking an overlapping range first unmarks the old one.
// Bad input gets -1 and errno.  The unit is OMP2NUMA_NEXT_TOUCH_PAGES pages (16 by default);
// a bad value gets a warning.
//
// RUN: %rt-cc %s %rt-link -lnuma -o %t
// RUN: %o2n-run %t 2>&1 | FileCheck %s --implicit-check-not=omp2numa: --implicit-check-not=failed
// RUN: env OMP2NUMA_NEXT_TOUCH_PAGES=1 %o2n-run %t 2>&1 | FileCheck %s --implicit-check-not=omp2numa: --implicit-check-not=failed
// RUN: env OMP2NUMA_NEXT_TOUCH_PAGES=512 %o2n-run %t 2>&1 | FileCheck %s --implicit-check-not=omp2numa: --implicit-check-not=failed
// RUN: env OMP2NUMA_NEXT_TOUCH_PAGES=0 %o2n-run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,BAD --implicit-check-not=failed
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -lnuma -o %t.tsan %}
// RUN: %if tsan %{ %o2n-tsan-run %t.tsan 2>&1 | FileCheck %s --implicit-check-not=omp2numa: --implicit-check-not=failed %}
//
// BAD: omp2numa: warning: OMP2NUMA_NEXT_TOUCH_PAGES='0': expected a number of pages from 1 to 512; keeping the default (16)
// CHECK: threads 1: ok
// CHECK: threads 2: ok
// CHECK: threads 4: ok
// CHECK: threads 8: ok
// CHECK: unaligned: ok
// CHECK: reuse: ok
// CHECK: errors: ok
// CHECK: done
#define _GNU_SOURCE 1
#include "../Inputs/check.h"

#include <errno.h>
#include <numaif.h>
#include <omp2numa-abi.h>
#include <omp2numa.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { PAGES = 1000 };

static size_t page;

// Whether every page of [p, p + len) lies in a mapping readable and writable (/proc/self/maps).
static int all_unprotected(const char *p, size_t len)
{
  FILE *maps = fopen("/proc/self/maps", "r");
  uintptr_t lo, hi, at = (uintptr_t)p, end = (uintptr_t)p + len;
  char perms[8];
  int ok = 1;
  while (at < end && fscanf(maps, "%lx-%lx %7s%*[^\n]", &lo, &hi, perms) == 3)
    if (lo <= at && at < hi) {
      ok &= perms[0] == 'r' && perms[1] == 'w';
      at = hi;
    }
  fclose(maps);
  return ok && at >= end;
}

// Every page on a node (move_pages): touched pages are placed somewhere, here node 0.
static int all_placed(char *p, size_t npages)
{
  void **pages = malloc(npages * sizeof *pages);
  int *status = malloc(npages * sizeof *status), ok = 1;
  for (size_t i = 0; i < npages; i++)
    pages[i] = p + i * page;
  ok = move_pages(0, npages, pages, NULL, status, 0) == 0;
  for (size_t i = 0; ok && i < npages; i++)
    ok = status[i] >= 0;
  free(pages);
  free(status);
  return ok;
}

// #pragma omp parallel num_threads(n)
//   for (k = tid; k < npages * page / 8; k += 7) sum += a[k];   // every thread touches every unit
//   (then each thread writes its own words)
struct ctx {
  uint64_t *a;
  size_t words;
  _Atomic uint64_t sum;
};

static void touch_region(void *data)
{
  struct ctx *ctx = data;
  const unsigned tid = (unsigned)omp_get_thread_num(), n = (unsigned)omp_get_num_threads();
  uint64_t sum = 0;
  for (size_t k = tid; k < ctx->words; k += 7)
    sum += ctx->a[k];
  __omp2numa_barrier();
  for (size_t k = tid; k < ctx->words; k += n)
    ctx->a[k] += 1;
  atomic_fetch_add(&ctx->sum, sum);
}

static void threads_case(unsigned n)
{
  static const struct __omp2numa_region_site site = {"next-touch.c", __LINE__, 0,
                                                     __OMP2NUMA_REGION_NUM_THREADS};
  const size_t len = PAGES * page;
  uint64_t *a = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  struct ctx ctx = {.a = a, .words = len / sizeof *a};
  uint64_t expect = 0;
  for (size_t k = 0; k < ctx.words; k++)
    a[k] = k;
  for (unsigned t = 0; t < n; t++)
    for (size_t k = t; k < ctx.words; k += 7)
      expect += k;
  CHECK(omp2numa_next_touch(a, len) == 0, "next_touch: %s", strerror(errno));
  CHECK(!all_unprotected((char *)a, len), "the marked range is not protected");
  __omp2numa_parallel(&site, touch_region, &ctx, n, 1);
  CHECK(atomic_load(&ctx.sum) == expect, "%u threads read %lu, not %lu", n,
        (unsigned long)atomic_load(&ctx.sum), (unsigned long)expect);
  size_t bad = 0;
  for (size_t k = 0; k < ctx.words; k++)
    bad += a[k] != k + 1;
  CHECK(bad == 0, "%u threads: %zu words wrong", n, bad);
  CHECK(all_unprotected((char *)a, len), "%u threads: pages still protected", n);
  CHECK(all_placed((char *)a, PAGES), "%u threads: pages not placed", n);
  munmap(a, len);
  printf("threads %u: %s\n", n, atomic_load(&num_failed) ? "FAILED" : "ok");
}

int main(void)
{
  page = (size_t)sysconf(_SC_PAGESIZE);
  for (unsigned n = 1; n <= 8; n *= 2)
    threads_case(n);

  // Not page-aligned: bytes 100 .. 3 pages + 50 mark pages 0..3; the bytes before and after,
  // on those pages, are data too.
  char *b = mmap(NULL, 8 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  memset(b, 7, 8 * page);
  CHECK(omp2numa_next_touch(b + 100, 3 * page - 50) == 0, "unaligned: %s", strerror(errno));
  CHECK(!all_unprotected(b, 4 * page) && all_unprotected(b + 4 * page, 4 * page),
        "unaligned: not the covering pages that are protected");
  CHECK(b[0] == 7 && b[page + 1] == 7 && b[4 * page - 1] == 7 && b[3 * page + 60] == 7,
        "unaligned: data lost");
  b[2 * page] = 9;
  CHECK(b[2 * page] == 9 && all_unprotected(b, 4 * page), "unaligned: still protected");
  printf("unaligned: %s\n", atomic_load(&num_failed) ? "FAILED" : "ok");

  // 200 marks of the same range, touched in between or not; an overlapping mark unmarks the
  // pages of the old one it does not cover.
  for (int i = 0; i < 200; i++) {
    CHECK(omp2numa_next_touch(b, 8 * page) == 0, "mark %d: %s", i, strerror(errno));
    if (i % 2)
      b[i * 37 % (8 * page)]++;
  }
  CHECK(omp2numa_next_touch(b + 2 * page, page) == 0, "overlap: %s", strerror(errno));
  CHECK(all_unprotected(b, 2 * page) && all_unprotected(b + 3 * page, 5 * page),
        "overlap: the old mark's other pages are still protected");
  b[2 * page] = 1;
  CHECK(all_unprotected(b, 8 * page), "reuse: pages still protected");
  munmap(b, 8 * page);
  printf("reuse: %s\n", atomic_load(&num_failed) ? "FAILED" : "ok");

  // Errors.
  errno = 0;
  CHECK(omp2numa_next_touch(NULL, 10) == -1 && errno == EINVAL, "NULL: errno %d", errno);
  errno = 0;
  CHECK(omp2numa_next_touch(&page, 0) == -1 && errno == EINVAL, "size 0: errno %d", errno);
  errno = 0;
  CHECK(omp2numa_next_touch((void *)(uintptr_t)-page, 2 * page) == -1 && errno == EINVAL,
        "wrapping range: errno %d", errno);
  char *gone = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  munmap(gone, page);
  errno = 0;
  CHECK(omp2numa_next_touch(gone, page) == -1 && errno == ENOMEM, "unmapped: errno %d", errno);
  printf("errors: %s\n", atomic_load(&num_failed) ? "FAILED" : "ok");
  printf("done\n");
  return atomic_load(&num_failed);
}
