// A task's affinity([iterator(...) :] locator, ...): no effect on where the task runs, and its
// locators are never evaluated (OpenMP leaves their side effects unspecified).  Each is handed
// to the compiler where the task is created, after a #line marker of the pragma, as
// `(void)sizeof(address)` (an array section's first element), so that a name the translator
// does not know or an expression that is not an lvalue is an error, as in gcc; a clause with
// iterators gets a block that checks their ranges and declares them, uninitialised, under their
// names and types.  The dependences and the task's block are those of the same task without
// the clause.
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=warning:
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc -I%S/../../../../include %t.c
// DIAG-NOT: error

int next(void);

void locate(int n, int *a, double (*m)[8], double *p) {
#pragma omp parallel
#pragma omp single
  {
// (The region reaches a, which it shares for the task's body, through its pointer, (*a); m
// and n, which only the locators name, are its copies.)
// CHECK: __builtin_memcpy(__o2n_task, &(struct __o2n_ctx_{{[0-9]+}}){.a = &(*a)}, sizeof(struct __o2n_ctx_{{[0-9]+}}));
// CHECK-NEXT: #line [[#@LINE+5]]
// CHECK-NEXT: {{^}} (void)sizeof((void *)&((*a) [ 0 ])); (void)sizeof((void *)&(m [ 2 ] [ 0 ])); (void)sizeof((void *)&((*a) [ next ( ) ])); (void)sizeof((void *)&(n));{{$}}
// CHECK-NEXT: #line [[#@LINE+3]]
// CHECK-NEXT: __o2n_deps[] = {{[{][{]}}(void *)&((*a) [ 1 ]), __OMP2NUMA_DEPEND_OUT{{[}][}]}};
// CHECK-NEXT: __omp2numa_task_submit(__o2n_task, __o2n_task_{{[0-9]+}}, 0, 0, __o2n_deps, 1);
#pragma omp task affinity(a[0:n], m[2][:8], a[next()]) depend(out: a[1]) affinity(n)
    a[1] = 1;

// Iterators: an int and a pointer, in a block that checks their ranges the same way (begin,
// end and step are not evaluated either), then declares them around the clause's checks.
// CHECK: #line [[#@LINE+5]]
// CHECK-NEXT: {{^}} { (void)sizeof((0)); (void)sizeof((next ( ))); (void)sizeof((p)); (void)sizeof((p + n)); (void)sizeof((2)); int i; double *q; (void)sizeof((void *)&((*a) [ i ])); (void)sizeof((void *)&(* q)); }{{$}}
// CHECK-NEXT: #line [[#@LINE+3]]
// CHECK-NEXT: __omp2numa_task_submit(__o2n_task, __o2n_task_{{[0-9]+}}, 0, 0, (const struct __omp2numa_depend *)0, 0);
// CHECK-NOT: __o2n_itb
#pragma omp task affinity(iterator(i = 0 : next(), double *q = p : p + n : 2) : a[i], *q)
    a[0] = 2;
  }
}
