// omp_locality_domain_allocate_bloc1d/_bloc1dcyclic and omp_locality_domain_free on the real
// machine: the memory is page-aligned, zero-filled and usable; on a machine with one NUMA node
// every page is on node 0 (move_pages) and the plan says domain 0; the huge-page policy holds
// (units that are not whole 2 MiB huge pages: MADV_NOHUGEPAGE on the mapping, "nh" in smaps;
// huge-page units: a 2 MiB-aligned mapping without it).  Bad arguments give NULL and errno
// (EINVAL for a size or blocsize of 0, ENOMEM for a size that cannot be mapped), as hwloc does;
// freeing NULL does nothing, freeing anything else warns.  Nothing else reaches stderr.
//
// RUN: %rt-cc %s %rt-link -lnuma -o %t
// RUN: %o2n-run %t 2>&1 | FileCheck %s --implicit-check-not=warning --implicit-check-not=mbind
// RUN: env OMP_NUM_THREADS=4 OMP_PROC_BIND=spread %o2n-run %t 2>&1 | FileCheck %s --implicit-check-not=warning --implicit-check-not=mbind
//
// CHECK: omp2numa: warning: omp_locality_domain_free(0x{{[0-9a-f]+}}, 4096): not memory from omp_locality_domain_allocate_*(); ignored
// CHECK-NEXT: omp2numa: warning: omp_locality_domain_free(0x{{[0-9a-f]+}}, 100): the allocation has 5000 bytes; freeing it all
// CHECK-NEXT: done
#define _GNU_SOURCE 1
#include "../Inputs/check.h"

#include <errno.h>
#include <numaif.h>
#include <omp2numa.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { MIB = 1 << 20 };

static size_t page;

// The VmFlags of the mapping that contains p, from /proc/self/smaps ("" if not found).
static void vm_flags(const void *p, char *flags, size_t size)
{
  FILE *f = fopen("/proc/self/smaps", "r");
  char line[512];
  int inside = 0;
  flags[0] = '\0';
  while (f && fgets(line, sizeof line, f)) {
    uintptr_t lo, hi;
    if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 && strchr(line, '-') < strchr(line, ' '))
      inside = (uintptr_t)p >= lo && (uintptr_t)p < hi;
    else if (inside && strncmp(line, "VmFlags:", 8) == 0) {
      snprintf(flags, size, "%s", line + 8);
      break;
    }
  }
  if (f)
    fclose(f);
}

static int has_flag(const char *flags, const char *flag)
{
  char padded[520];
  snprintf(padded, sizeof padded, " %s", flags);
  char *nl = strchr(padded, '\n');
  if (nl)
    *nl = ' ';
  char needle[8];
  snprintf(needle, sizeof needle, " %s ", flag);
  return strstr(padded, needle) != NULL;
}

// Touches every page, checks zero fill, then asks the kernel where each page is.
static void check_memory(const char *what, char *p, size_t size, int nohuge)
{
  CHECK(p != NULL, "%s: NULL (errno %d)", what, errno);
  if (!p)
    return;
  CHECK((uintptr_t)p % page == 0, "%s: %p not page-aligned", what, (void *)p);
  size_t zeros = 0;
  for (size_t i = 0; i < size; i += 512)
    zeros += p[i] == 0;
  CHECK(zeros == (size + 511) / 512, "%s: not zero-filled", what);
  memset(p, 0x5a, size);
  const size_t npages = (size + page - 1) / page;
  void **pages = malloc(npages * sizeof *pages);
  int *status = malloc(npages * sizeof *status);
  for (size_t i = 0; i < npages; i++)
    pages[i] = p + i * page;
  long rc = move_pages(0, npages, pages, NULL, status, 0);
  CHECK(rc == 0, "%s: move_pages: %s", what, strerror(errno));
  for (size_t i = 0; rc == 0 && i < npages; i++)
    CHECK(status[i] == 0, "%s: page %zu on node %d", what, i, status[i]);
  for (size_t i = 0; i < npages; i++) {
    int node = -1;
    CHECK(omp2numa_get_planned_domain(p + i * page, &node) == 0 && node == 0,
          "%s: page %zu planned on node %d", what, i, node);
  }
  char flags[512];
  vm_flags(p, flags, sizeof flags);
  CHECK(has_flag(flags, "nh") == nohuge, "%s: VmFlags '%s' %s nh", what, flags,
        nohuge ? "without" : "with");
  if (!nohuge)
    CHECK((uintptr_t)p % (2 * MIB) == 0, "%s: huge-page units at %p, not 2 MiB-aligned", what,
          (void *)p);
  free(pages);
  free(status);
}

int main(void)
{
  page = (size_t)sysconf(_SC_PAGESIZE);

  // Null cases: bad arguments.
  errno = 0;
  CHECK(omp_locality_domain_allocate_bloc1d(0) == NULL && errno == EINVAL, "size 0: errno %d",
        errno);
  errno = 0;
  CHECK(omp_locality_domain_allocate_bloc1dcyclic(0, page) == NULL && errno == EINVAL,
        "cyclic size 0: errno %d", errno);
  errno = 0;
  CHECK(omp_locality_domain_allocate_bloc1dcyclic(page, 0) == NULL && errno == EINVAL,
        "blocsize 0: errno %d", errno);
  errno = 0;
  CHECK(omp_locality_domain_allocate_bloc1d(SIZE_MAX) == NULL && errno == ENOMEM,
        "SIZE_MAX: errno %d", errno);
  errno = 0;
  CHECK(omp_locality_domain_allocate_bloc1dcyclic(page, SIZE_MAX - 5) == NULL &&
            errno == ENOMEM, "blocsize SIZE_MAX - 5: errno %d", errno);
  omp_locality_domain_free(NULL, 10);
  int dummy;
  errno = 0;
  CHECK(omp2numa_get_planned_domain(&dummy, NULL) == -1 && errno == EINVAL, "stack address "
        "planned");

  // Sizes that are not page multiples, a small one, and units that are or are not whole huge
  // pages.
  struct {
    const char *what;
    size_t size, blocsize; // blocsize 0: bloc1d
    int nohuge;
  } cases[] = {
      {"bloc1d 1 byte", 1, 0, 1},
      {"bloc1d 5000 bytes", 5000, 0, 1},
      {"bloc1d 3 MiB + 1", 3 * MIB + 1, 0, 1},
      {"bloc1d 128 MiB", 128 * MIB, 0, 0},
      {"cyclic 1 page", 10 * page + 3, 1, 1},
      {"cyclic 3 pages", 64 * page, 3 * page, 1},
      {"cyclic 2 MiB", 9 * MIB, 2 * MIB, 0},
      {"cyclic 4 MiB + 1", 9 * MIB, 4 * MIB + 1, 1},
  };
  for (unsigned i = 0; i < sizeof cases / sizeof *cases; i++) {
    char *p = cases[i].blocsize
                  ? omp_locality_domain_allocate_bloc1dcyclic(cases[i].size, cases[i].blocsize)
                  : omp_locality_domain_allocate_bloc1d(cases[i].size);
    check_memory(cases[i].what, p, cases[i].size, cases[i].nohuge);
    errno = 0;
    CHECK(omp2numa_get_planned_domain(p + ((cases[i].size + page - 1) / page) * page, NULL) ==
              -1, "%s: the page after the end is planned", cases[i].what);
    omp_locality_domain_free(p, cases[i].size);
    CHECK(omp2numa_get_planned_domain(p, NULL) == -1, "%s: planned after free", cases[i].what);
  }

  // Misuse: a pointer from elsewhere, a wrong size.
  char *other = malloc(4096);
  omp_locality_domain_free(other, 4096);
  free(other);
  char *p = omp_locality_domain_allocate_bloc1d(5000);
  omp_locality_domain_free(p, 100);
  fprintf(stderr, "done\n");
  return atomic_load(&num_failed);
}
