// critical's hint clause (OpenMP 4.5) is accepted and dropped: the runtime's locks take no
// hints, as OpenMP allows.  Its expression is still checked by the binder.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// RUN: not %omp2numa %s -o %t.bad.c -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD

#include <omp.h>

int g;

// CHECK-LABEL: void f(void)
void f(void) {
  // CHECK: __omp2numa_critical_start(&__o2n_lock, "upd");
  // CHECK-NOT: {{^ *[^/ ].*omp_sync_hint}}
  // CHECK: __omp2numa_critical_end(&__o2n_lock);
#pragma omp critical(upd) hint(omp_sync_hint_contended | omp_sync_hint_speculative)
  g++;
#ifdef BAD
  // BAD: :[[@LINE+1]]:35: error: directive '#pragma omp critical' cannot have more than one 'hint' clause
#pragma omp critical(upd) hint(0) hint(1)
  g++;
#endif
}
