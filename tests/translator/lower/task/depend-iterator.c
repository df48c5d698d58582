// depend(iterator(...), type: list): each iterator's begin, end and step evaluated where the
// construct is (the step in its own type: `% 1` rejects others), its count of values in the
// step's direction; the array of items on the stack up to 16, else from
// __omp2numa_depend_alloc (freed after the call); one item per combination of values, with the
// iterators declared under their names and types in the loops that fill it.  The ranges see the
// region's variables as the region spells them; an iterator hides a variable only in the items.
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=warning:
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc -I%S/../../../../include %t.c
// DIAG-NOT: error

void gather(int n, int *a, double (*m)[8], int k) {
#pragma omp parallel
#pragma omp single
  {
// CHECK: __builtin_memcpy(__o2n_task, &(struct __o2n_ctx_{{[0-9]+}}){.a = &(*a), .k = &(*k)}, sizeof(struct __o2n_ctx_{{[0-9]+}}));
// CHECK-NEXT: #line [[#@LINE+17]]
// CHECK-NEXT: const int __o2n_itb_0_0 = (int)(0);
// CHECK-NEXT: const int __o2n_ite_0_0 = (int)(n);
// CHECK-NEXT: const __typeof__((1) % 1) __o2n_its_0_0 = (1);
// CHECK-NEXT: const uint64_t __o2n_itn_0_0 = __o2n_its_0_0 > 0 ? (__o2n_itb_0_0 < __o2n_ite_0_0 ? (((uint64_t)__o2n_ite_0_0 - (uint64_t)__o2n_itb_0_0) - 1) / (uint64_t)__o2n_its_0_0 + 1 : 0) : (__o2n_itb_0_0 > __o2n_ite_0_0 ? (((uint64_t)__o2n_itb_0_0 - (uint64_t)__o2n_ite_0_0) - 1) / ((uint64_t)0 - (uint64_t)__o2n_its_0_0) + 1 : 0);
// CHECK-NEXT: const size_t __o2n_ndeps = 1 + __o2n_itn_0_0;
// CHECK-NEXT: struct __omp2numa_depend __o2n_depbuf[16];
// CHECK-NEXT: struct __omp2numa_depend *const __o2n_deps = __o2n_ndeps <= 16 ? __o2n_depbuf : __omp2numa_depend_alloc(__o2n_ndeps);
// CHECK-NEXT: size_t __o2n_d = 0;
// CHECK-NEXT: for (uint64_t __o2n_iti_0_0 = 0; __o2n_iti_0_0 < __o2n_itn_0_0; ++__o2n_iti_0_0) {
// CHECK-NEXT: int k = (int)((uint64_t)__o2n_itb_0_0 + __o2n_iti_0_0 * (uint64_t)__o2n_its_0_0);
// CHECK-NEXT: (void)k;
// CHECK-NEXT: #line [[#@LINE+5]]
// CHECK-NEXT: __o2n_deps[__o2n_d++] = (struct __omp2numa_depend){(void *)&((*a) [ k ]), __OMP2NUMA_DEPEND_IN};
// CHECK-NEXT: }
// CHECK-NEXT: #line [[#@LINE+2]]
// CHECK-NEXT: __o2n_deps[__o2n_d++] = (struct __omp2numa_depend){(void *)&((*a) [ (*k) ]), __OMP2NUMA_DEPEND_OUT};
#pragma omp task depend(iterator(k = 0 : n), in: a[k]) depend(out: a[k])
    a[k] = 1;
// CHECK: __omp2numa_task_submit(__o2n_task, __o2n_task_{{[0-9]+}}, 0, 0, __o2n_deps, __o2n_ndeps);
// CHECK-NEXT: if (__o2n_deps != __o2n_depbuf)
// CHECK-NEXT: __omp2numa_depend_free(__o2n_deps);

// Two iterators, a negative step, a pointer: the items of a clause times each count.
// CHECK: const long __o2n_itb_0_0 = (long)(n - 1);
// CHECK-NEXT: const long __o2n_ite_0_0 = (long)(- 1);
// CHECK-NEXT: const __typeof__((- 2) % 1) __o2n_its_0_0 = (- 2);
// CHECK: #line [[#@LINE+14]]
// CHECK-NEXT: double *const __o2n_itb_0_1 = (double *)(m [ 0 ]);
// CHECK-NEXT: double *const __o2n_ite_0_1 = (double *)(m [ 4 ]);
// CHECK: ? ((uint64_t)(__o2n_ite_0_1 - __o2n_itb_0_1) - 1) / (uint64_t)__o2n_its_0_1 + 1 : 0)
// CHECK: const size_t __o2n_ndeps = 2 * __o2n_itn_0_0 * __o2n_itn_0_1;
// CHECK: long i = (long)((uint64_t)__o2n_itb_0_0 + __o2n_iti_0_0 * (uint64_t)__o2n_its_0_0);
// CHECK-NEXT: for (uint64_t __o2n_iti_0_1 = 0; __o2n_iti_0_1 < __o2n_itn_0_1; ++__o2n_iti_0_1) {
// CHECK-NEXT: double *r = __o2n_itb_0_1 + (ptrdiff_t)(__o2n_iti_0_1 * (uint64_t)__o2n_its_0_1);
// CHECK-NEXT: (void)i; (void)r;
// CHECK-NEXT: #line
// CHECK-NEXT: __o2n_deps[__o2n_d++] = (struct __omp2numa_depend){(void *)&((*a) [ i ]), __OMP2NUMA_DEPEND_INOUT};
// CHECK-NEXT: __o2n_deps[__o2n_d++] = (struct __omp2numa_depend){(void *)&(r [ i ]), __OMP2NUMA_DEPEND_INOUT};
// CHECK-NEXT: }
// CHECK-NEXT: }
#pragma omp task depend(iterator(long i = n - 1 : -1 : -2, double *r = m[0] : m[4] : 8), inout: a[i], r[i:2])
    a[0]++;

// taskwait: the same list.
// CHECK: const size_t __o2n_ndeps = __o2n_itn_0_0;
// CHECK: __omp2numa_taskwait_depend(__o2n_deps, __o2n_ndeps);
// CHECK-NEXT: if (__o2n_deps != __o2n_depbuf)
// CHECK-NEXT: __omp2numa_depend_free(__o2n_deps);
#pragma omp taskwait depend(iterator(unsigned char u = 0 : 8), out: a[u])
  }
}
