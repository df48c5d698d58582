// The clauses that become arguments of the region's call and fields of its site:
//   static const struct __omp2numa_region_site __o2n_site = {"file", line, __OMP2NUMA_PROC_BIND_x, flags};
//   __omp2numa_parallel(&__o2n_site, fn, ctx, num_threads, if_true);
// num_threads(e) passes (int)(e) and sets __OMP2NUMA_REGION_NUM_THREADS; without it, 0 and no
// flag.  if([parallel:] e) passes !!(e), 1 without it.  proc_bind(primary|master|close|spread)
// stores 2|2|3|4 in the site, 0 without it.  The expressions are evaluated where the construct
// is, before the region starts: variables they name are not captured unless the body uses them.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

static int pick(int n) { return n / 2; }

// CHECK-LABEL: void clauses(int n, int big)
void clauses(int n, int big) {
  // No clause.
  // CHECK:      __o2n_site = {"{{[^"]*}}num-threads-if-proc-bind.c", [[@LINE+2]], __OMP2NUMA_PROC_BIND_NONE, 0};
  // CHECK-NEXT: __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+1]], (void *)0, 0, 1);
#pragma omp parallel
  ;
  // CHECK:      __o2n_site = {"{{[^"]*}}", [[@LINE+3]], __OMP2NUMA_PROC_BIND_NONE, __OMP2NUMA_REGION_NUM_THREADS};
  // CHECK-NEXT: #line {{[0-9]+}} "{{[^"]*}}"
  // CHECK-NEXT: __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+1]], (void *)0, (int)(4), 1);
#pragma omp parallel num_threads(4)
  ;
  // CHECK:      __o2n_site = {"{{[^"]*}}", [[@LINE+3]], __OMP2NUMA_PROC_BIND_NONE, __OMP2NUMA_REGION_NUM_THREADS};
  // CHECK-NEXT: #line {{[0-9]+}} "{{[^"]*}}"
  // CHECK-NEXT: __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+1]], (void *)0, (int)((__typeof__((pick{{ *}}({{ *}}n{{ *}}) + 1) % 1))(pick{{ *}}({{ *}}n{{ *}}) + 1)), 1);
#pragma omp parallel num_threads(pick(n) + 1)
  ;
  // CHECK:      __o2n_site = {"{{[^"]*}}", [[@LINE+3]], __OMP2NUMA_PROC_BIND_NONE, 0};
  // CHECK-NEXT: #line {{[0-9]+}} "{{[^"]*}}"
  // CHECK-NEXT: __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+1]], (void *)0, 0, !!(big));
#pragma omp parallel if(big)
  ;
  // CHECK:      __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+1]], (void *)0, 0, !!(n > 100 && big));
#pragma omp parallel if(parallel: n > 100 && big)
  ;
  // CHECK:      __o2n_site = {"{{[^"]*}}", [[@LINE+1]], __OMP2NUMA_PROC_BIND_PRIMARY, 0};
#pragma omp parallel proc_bind(primary)
  ;
  // CHECK:      __o2n_site = {"{{[^"]*}}", [[@LINE+1]], __OMP2NUMA_PROC_BIND_PRIMARY, 0};
#pragma omp parallel proc_bind(master)
  ;
  // CHECK:      __o2n_site = {"{{[^"]*}}", [[@LINE+1]], __OMP2NUMA_PROC_BIND_CLOSE, 0};
#pragma omp parallel proc_bind(close)
  ;
  // CHECK:      __o2n_site = {"{{[^"]*}}", [[@LINE+3]], __OMP2NUMA_PROC_BIND_SPREAD, __OMP2NUMA_REGION_NUM_THREADS};
  // CHECK-NEXT: #line {{[0-9]+}} "{{[^"]*}}"
  // CHECK-NEXT: __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+1]], (void *)0, (int)(n), !!(n > 1));
#pragma omp parallel proc_bind(spread) num_threads(n) if(n > 1)
  ;
  // The same clauses on a combined parallel for.
  // CHECK:      __o2n_site = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_PROC_BIND_CLOSE, __OMP2NUMA_REGION_NUM_THREADS};
  // CHECK-NEXT: struct __o2n_ctx_[[@LINE+1]] __o2n_args = {.n = n};
#pragma omp parallel for num_threads(2) if(parallel: big) proc_bind(close)
  for (int i = 0; i < n; i++)
    ;
  // CHECK-NEXT: #line {{[0-9]+}} "{{[^"]*}}"
  // CHECK-NEXT: __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE-4]], &__o2n_args, (int)(2), !!(big));
}
