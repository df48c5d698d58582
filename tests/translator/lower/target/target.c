// Device constructs on the host, its only device.  A target region is a task that
// __omp2numa_target_submit runs at once as a new initial thread: its block holds the addresses
// of what it maps (a, x: shared with the original, which is the device's variable) and the
// values of what is firstprivate (n, and p, a pointer whose elements the map names: the pointer
// itself is firstprivate, as OpenMP's implicit rules say); a struct not named is mapped tofrom
// (shared).  The map items are checked by the compiler and never evaluated; thread_limit's value
// and depend's items go to the runtime.  target data keeps its statement after checking its
// clauses and evaluating if and device; enter/exit data and update only check, and wait for
// depend's predecessors.  declare target and requires go.  target parallel for is a target
// region around a parallel for.
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=warning:
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc -I%S/../../../../include %t.c
// DIAG-NOT: error

// CHECK: /* omp2numa: #pragma omp declare target */
// CHECK-NEXT: #line [[#@LINE+1]]
#pragma omp declare target
int scale(int x);
// CHECK: /* omp2numa: #pragma omp end declare target */
#pragma omp end declare target
// CHECK: /* omp2numa: #pragma omp requires unified_shared_memory */
#pragma omp requires unified_shared_memory

// CHECK: struct __o2n_ctx_[[T:[0-9]+]] {
// CHECK-NEXT: double *a;
// CHECK-NEXT: double *p;
// CHECK-NEXT: struct {{.*}} *s;
// CHECK-NEXT: int *x;
// CHECK-NEXT: int n;
// CHECK-NEXT: };
void f(int n, double *p, double (*m)[4], int k) {
  double a[16];
  struct { int u; } s = {0};
  int x = 1;
// CHECK: __builtin_memcpy(__o2n_task, &(struct __o2n_ctx_[[T]]){.a = a, .p = p, .s = &s, .x = &x, .n = n}, sizeof(struct __o2n_ctx_[[T]]));
// CHECK-NEXT: #line [[#@LINE+4]]
// CHECK-NEXT: {{^}} (void)sizeof((void *)&(a)); (void)sizeof((void *)&(x)); (void)sizeof((void *)&(p [ 0 ]));{{$}}
// CHECK: __o2n_deps[] = {{[{][{]}}(void *)&(k), __OMP2NUMA_DEPEND_OUT{{[}][}]}};
// CHECK-NEXT: __omp2numa_target_submit(__o2n_task, __o2n_task_[[T]], (int)(4), __o2n_deps, 1);
#pragma omp target map(tofrom: a, x) map(to: p[0:n]) thread_limit(4) depend(out: k) nowait
  {
    a[0] = p[0] + s.u;
    x = n;
  }
// CHECK: /* omp2numa: #pragma omp target data
// CHECK-NEXT: {
// CHECK-NEXT: #line [[#@LINE+3]]
// CHECK-NEXT: {{^}} (void)sizeof((void *)&(m [ 0 ] [ 0 ])); (void)((n > 8)); (void)((0));{{$}}
// CHECK: m[0][0] = 1;
#pragma omp target data map(tofrom: m[0:n][0:4]) if(n > 8) device(0)
  {
    m[0][0] = 1;
  }
// CHECK: (void)sizeof((void *)&(p [ 0 ]));
// CHECK: __o2n_deps[] = {{[{][{]}}(void *)&(k), __OMP2NUMA_DEPEND_IN{{[}][}]}};
// CHECK-NEXT: __omp2numa_taskwait_depend(__o2n_deps, 1);
#pragma omp target enter data map(to: p[0:n]) depend(in: k) nowait
// CHECK: /* omp2numa: #pragma omp target update from ( p [ 0 : n ] ) */{
// CHECK-NEXT: #line
// CHECK-NEXT: {{^}} (void)sizeof((void *)&(p [ 0 ]));{{$}}
// CHECK-NEXT: }
#pragma omp target update from(p[0:n])
#pragma omp target exit data map(release: p[0:n])
// CHECK: __omp2numa_target_submit(__o2n_task, __o2n_task_[[P:[0-9_]+]], 0, (const struct __omp2numa_depend *)0, 0);
// CHECK: static void __o2n_task_[[T]](void *__o2n_data)
// CHECK: double *p = __o2n_ctx->p;
// CHECK: int n = __o2n_ctx->n;
// CHECK: a[0] = p[0] + (*s).u;
// CHECK-NEXT: (*x) = n;
// CHECK: static void __o2n_task_[[P]](void *__o2n_data)
// CHECK: __omp2numa_parallel(
#pragma omp target parallel for map(tofrom: a)
  for (int i = 0; i < 16; i++)
    a[i] = i;
}
