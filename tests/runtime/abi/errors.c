// Run-time errors of the program stop it with status 1 and a message naming the construct's
// file:line (the site the emitted code passes) when there is one: a num_threads or chunk size that
// is not positive, a schedule that needs a map called without one (never silently another
// schedule; tests/runtime/sched/{genblock,indirect,wf2} check the maps themselves), a kind number
// that is no kind, an ordered region in a loop without the ordered clause, and ABI
// calls out of protocol (ordered, critical, single, barrier).  A loop that runs static without a
// chunk takes no work-share slot (loop.c) and one that runs dynamic does: the errors inside a
// loop are checked in both.  The argument picks the case.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: not %o2n-run %t num_threads 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not %o2n-run %t num_threads_zero 2>&1 | FileCheck %s --check-prefix=THREADS0
// RUN: not %o2n-run %t chunk 2>&1 | FileCheck %s --check-prefix=CHUNK
// RUN: not %o2n-run %t chunk_zero 2>&1 | FileCheck %s --check-prefix=CHUNK0
// RUN: not %o2n-run %t genblock 2>&1 | FileCheck %s --check-prefix=GENBLOCK
// RUN: not %o2n-run %t kind 2>&1 | FileCheck %s --check-prefix=KIND
// RUN: not %o2n-run %t nested 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not %o2n-run %t nested_in_slot 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not %o2n-run %t barrier_in_loop 2>&1 | FileCheck %s --check-prefix=BARRIER
// RUN: not %o2n-run %t next 2>&1 | FileCheck %s --check-prefix=NEXT
// RUN: env OMP_NUM_THREADS=4 not %o2n-run %t chunk 2>&1 | FileCheck %s --check-prefix=CHUNK
// RUN: not %o2n-run %t ordered_noclause 2>&1 | FileCheck %s --check-prefix=ORDERED
// RUN: not %o2n-run %t ordered_noclause_slot 2>&1 | FileCheck %s --check-prefix=ORDERED-SLOT
// RUN: not %o2n-run %t ordered_outside 2>&1 | FileCheck %s --check-prefix=ORDERED-OUT
// RUN: not %o2n-run %t ordered_twice 2>&1 | FileCheck %s --check-prefix=ORDERED-END
// RUN: not %o2n-run %t critical_end 2>&1 | FileCheck %s --check-prefix=CRITICAL
// RUN: not %o2n-run %t copy_end 2>&1 | FileCheck %s --check-prefix=COPY
// RUN: not %o2n-run %t single_in_loop 2>&1 | FileCheck %s --check-prefix=SINGLE
// RUN: not %o2n-run %t loop_in_single 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not %o2n-run %t barrier_in_single 2>&1 | FileCheck %s --check-prefix=BARRIER
// RUN: %o2n-run %t single_end
// RUN: %o2n-run %t none
#include <omp2numa-abi.h>
#include <stdbool.h>
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

// Enters a loop of 10 iterations at site, without leaving it: whether this thread got a chunk.
static bool enter_loop(struct __omp2numa_loop_site *site)
{
  uint64_t lo, hi;
  return __omp2numa_loop_start(site, 10, 0, NULL, &lo, &hi);
}

static void region(void *data)
{
  (void)data;
  // CHUNK: omp2numa: user.c:[[#@LINE+2]]: the schedule's chunk size (-3) must be positive
  // CHUNK0: omp2numa: user.c:[[#@LINE+1]]: the schedule's chunk size (0) must be positive
  static struct __omp2numa_loop_site chunk = {"user.c", __LINE__, __OMP2NUMA_SCHED_DYNAMIC,
                                              __OMP2NUMA_LOOP_CHUNK, 0, 0};
  // GENBLOCK: omp2numa: user.c:[[#@LINE+1]]: schedule(genblock) needs an int array of block sizes, one per thread
  static struct __omp2numa_loop_site genblock = {"user.c", __LINE__, __OMP2NUMA_SCHED_GENBLOCK,
                                                 0, 0, 0};
  // KIND: omp2numa: user.c:[[#@LINE+1]]: unknown schedule kind 42
  static struct __omp2numa_loop_site kind = {"user.c", __LINE__, 42, 0, 0, 0};
  // NESTED: omp2numa: user.c:[[#@LINE+1]]: worksharing construct inside another worksharing construct
  static struct __omp2numa_loop_site inner = {"user.c", __LINE__, __OMP2NUMA_SCHED_STATIC, 0,
                                              0, 0};
  static struct __omp2numa_loop_site outer = {"user.c", __LINE__, __OMP2NUMA_SCHED_STATIC, 0,
                                              0, 0};
  static struct __omp2numa_loop_site outer_slot = {"user.c", __LINE__, __OMP2NUMA_SCHED_DYNAMIC,
                                                   0, 0, 0};
  if (strcmp(error_case, "chunk") == 0)
    loop(&chunk, -3);
  else if (strcmp(error_case, "chunk_zero") == 0)
    loop(&chunk, 0);
  else if (strcmp(error_case, "genblock") == 0)
    loop(&genblock, 0);
  else if (strcmp(error_case, "kind") == 0)
    loop(&kind, 0);
  else if (strcmp(error_case, "nested") == 0) {
    enter_loop(&outer);
    loop(&inner, 0);
  } else if (strcmp(error_case, "nested_in_slot") == 0) {
    enter_loop(&outer_slot);
    loop(&inner, 0);
  } else if (strcmp(error_case, "barrier_in_loop") == 0) {
    enter_loop(&outer);
    __omp2numa_barrier();
  } else if (strcmp(error_case, "ordered_noclause_slot") == 0) {
    // ORDERED-SLOT: omp2numa: user.c:[[#@LINE+1]]: an ordered region in a loop without the ordered clause
    static struct __omp2numa_loop_site plain = {"user.c", __LINE__, __OMP2NUMA_SCHED_GUIDED, 0,
                                                0, 0};
    if (enter_loop(&plain))
      __omp2numa_ordered_start();
  } else if (strcmp(error_case, "ordered_noclause") == 0) {
    // ORDERED: omp2numa: user.c:[[#@LINE+1]]: an ordered region in a loop without the ordered clause
    static struct __omp2numa_loop_site plain = {"user.c", __LINE__, __OMP2NUMA_SCHED_STATIC, 0,
                                                0, 0};
    if (enter_loop(&plain))
      __omp2numa_ordered_start();
  } else if (strcmp(error_case, "ordered_outside") == 0) {
    // ORDERED-OUT: omp2numa: __omp2numa_ordered_start: an ordered region outside a worksharing loop
    __omp2numa_ordered_start();
  } else if (strcmp(error_case, "ordered_twice") == 0) {
    // ORDERED-END: omp2numa: user.c:[[#@LINE+1]]: ordered region of iteration 0 ended without being started
    static struct __omp2numa_loop_site ordered = {"user.c", __LINE__, __OMP2NUMA_SCHED_STATIC,
                                                  __OMP2NUMA_LOOP_ORDERED, 0, 0};
    uint64_t lo, hi;
    if (__omp2numa_loop_start(&ordered, 1, 0, NULL, &lo, &hi)) {
      __omp2numa_ordered_start();
      __omp2numa_ordered_end();
      __omp2numa_ordered_end();
    } else {
      __omp2numa_loop_end_nowait();
    }
  } else if (strcmp(error_case, "critical_end") == 0) {
    // CRITICAL: omp2numa: __omp2numa_critical_end: the critical construct was not entered
    static void *lock;
    __omp2numa_critical_end(&lock);
  } else if (strcmp(error_case, "copy_end") == 0) {
    // COPY: omp2numa: __omp2numa_single_copy_end: the calling thread is not executing a single construct with copyprivate
    int x = 0;
    __omp2numa_single_copy_end(&x);
  } else if (strcmp(error_case, "single_in_loop") == 0) {
    // SINGLE: omp2numa: __omp2numa_single_start: a single construct inside another worksharing construct
    enter_loop(&outer);
    __omp2numa_single_start();
  } else if (strcmp(error_case, "loop_in_single") == 0) {
    // A loop reached from the block of a single (no copyprivate: no slot held).
    if (__omp2numa_single_start())
      loop(&inner, 0);
  } else if (strcmp(error_case, "barrier_in_single") == 0) {
    // BARRIER: omp2numa: a barrier inside a worksharing construct (a loop, sections or single) of the same team
    if (__omp2numa_single_start())
      __omp2numa_barrier();
  } else if (strcmp(error_case, "single_end") == 0) {
    // After __omp2numa_single_end, a loop is fine again.
    if (__omp2numa_single_start())
      __omp2numa_single_end();
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
