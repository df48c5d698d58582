// Run-time errors of the program stop it with status 1 and a message naming the construct's
// file:line (the site the emitted code passes): a num_threads or chunk size that is not positive, a
// schedule the runtime does not implement yet (never silently another one), a kind number that
// is no kind, and ABI calls out of protocol.  The argument picks the case.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: not %o2n-run %t num_threads 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not %o2n-run %t num_threads_zero 2>&1 | FileCheck %s --check-prefix=THREADS0
// RUN: not %o2n-run %t chunk 2>&1 | FileCheck %s --check-prefix=CHUNK
// RUN: not %o2n-run %t chunk_zero 2>&1 | FileCheck %s --check-prefix=CHUNK0
// RUN: not %o2n-run %t tss 2>&1 | FileCheck %s --check-prefix=TSS
// RUN: not %o2n-run %t genblock 2>&1 | FileCheck %s --check-prefix=GENBLOCK
// RUN: not %o2n-run %t kind 2>&1 | FileCheck %s --check-prefix=KIND
// RUN: not %o2n-run %t nested 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not %o2n-run %t next 2>&1 | FileCheck %s --check-prefix=NEXT
// RUN: env OMP_NUM_THREADS=4 not %o2n-run %t chunk 2>&1 | FileCheck %s --check-prefix=CHUNK
// RUN: %o2n-run %t none
#include <omp2numa-abi.h>
#include <stddef.h>
#include <string.h>

static const char *error_case;

// #pragma omp for schedule(<kind>, <chunk>)
static void loop(struct __omp2numa_loop_site *site, int64_t chunk)
{
  uint64_t lo, hi;
  if (__omp2numa_loop_start(site, 100, chunk, NULL, &lo, &hi)) do {
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
}

static void region(void *data)
{
  (void)data;
  // CHUNK: omp2numa: user.c:[[#@LINE+2]]: the schedule's chunk size (-3) must be positive
  // CHUNK0: omp2numa: user.c:[[#@LINE+1]]: the schedule's chunk size (0) must be positive
  static struct __omp2numa_loop_site chunk = {"user.c", __LINE__, __OMP2NUMA_SCHED_DYNAMIC,
                                              __OMP2NUMA_LOOP_CHUNK, 0, 0};
  // TSS: omp2numa: user.c:[[#@LINE+1]]: schedule 'tss' is not implemented yet
  static struct __omp2numa_loop_site tss = {"user.c", __LINE__, __OMP2NUMA_SCHED_TSS, 0, 0, 0};
  // GENBLOCK: omp2numa: user.c:[[#@LINE+1]]: schedule 'genblock' is not implemented yet
  static struct __omp2numa_loop_site genblock = {"user.c", __LINE__, __OMP2NUMA_SCHED_GENBLOCK,
                                                 0, 0, 0};
  // KIND: omp2numa: user.c:[[#@LINE+1]]: unknown schedule kind 42
  static struct __omp2numa_loop_site kind = {"user.c", __LINE__, 42, 0, 0, 0};
  // NESTED: omp2numa: user.c:[[#@LINE+1]]: worksharing loop nested in another worksharing loop
  static struct __omp2numa_loop_site inner = {"user.c", __LINE__, __OMP2NUMA_SCHED_STATIC, 0,
                                              0, 0};
  static struct __omp2numa_loop_site outer = {"user.c", __LINE__, __OMP2NUMA_SCHED_STATIC, 0,
                                              0, 0};
  if (strcmp(error_case, "chunk") == 0)
    loop(&chunk, -3);
  else if (strcmp(error_case, "chunk_zero") == 0)
    loop(&chunk, 0);
  else if (strcmp(error_case, "tss") == 0)
    loop(&tss, 0);
  else if (strcmp(error_case, "genblock") == 0)
    loop(&genblock, 0);
  else if (strcmp(error_case, "kind") == 0)
    loop(&kind, 0);
  else if (strcmp(error_case, "nested") == 0) {
    uint64_t lo, hi;
    __omp2numa_loop_start(&outer, 10, 0, NULL, &lo, &hi);
    loop(&inner, 0);
  } else if (strcmp(error_case, "next") == 0) {
    // NEXT: omp2numa: __omp2numa_loop_next called outside a worksharing loop
    uint64_t lo, hi;
    __omp2numa_loop_next(&lo, &hi);
  }
}

int main(int argc, char **argv)
{
  error_case = argc > 1 ? argv[1] : "none";
  // #pragma omp parallel num_threads(n)
  // THREADS: omp2numa: user.c:[[#@LINE+2]]: num_threads(-2): the number of threads must be positive
  // THREADS0: omp2numa: user.c:[[#@LINE+1]]: num_threads(0): the number of threads must be positive
  static const struct __omp2numa_region_site site = {"user.c", __LINE__, 0,
                                                     __OMP2NUMA_REGION_NUM_THREADS};
  int n = strcmp(error_case, "num_threads") == 0        ? -2
          : strcmp(error_case, "num_threads_zero") == 0 ? 0
                                                        : 2;
  __omp2numa_parallel(&site, region, NULL, n, 1);
  return 0;
}
