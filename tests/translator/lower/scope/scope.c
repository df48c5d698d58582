// scope: a worksharing block every thread runs, with its private copies and reductions, and a
// barrier at the end unless nowait.  An integer sum is an atomic update before the barrier;
// __omp2numa_reduce (a max here) holds the barrier itself.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      /* omp2numa: #pragma omp scope private ( i ) firstprivate ( base ) reduction ( + : r ) */
// CHECK-NEXT: {{^\{$}}
// CHECK:        int __o2n_first_base = base;
// CHECK:        struct __o2n_redtgt_{{[0-9]+}} __o2n_tgt = {.r = &(*r)};
// CHECK-NEXT:   int i;
// CHECK:        int base = __o2n_first_base;
// CHECK:        int r = 0;
// CHECK:        __atomic_fetch_add(__o2n_tgt.r, r, __ATOMIC_RELAXED);
// CHECK:        __omp2numa_barrier();
// CHECK:      /* omp2numa: #pragma omp scope reduction ( max : m ) */
// CHECK:        __omp2numa_reduce(&__o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt);
// CHECK-NOT:    __omp2numa_barrier
// CHECK:      /* omp2numa: #pragma omp scope */
// CHECK:        a[1] = 2;
// CHECK:        __omp2numa_barrier();
// CHECK:      /* omp2numa: #pragma omp scope nowait */
// CHECK-NOT:    __omp2numa_barrier
// CHECK:      {{^}}}{{$}}
void f(int *a, int n, int base) {
  int r = 0, i, m = 0;
#pragma omp parallel
  {
#pragma omp scope private(i) firstprivate(base) reduction(+ : r)
    {
#pragma omp for nowait
      for (i = 0; i < n; i++)
        r += a[i] + base;
    }
#pragma omp scope reduction(max : m)
    m = a[3] > m ? a[3] : m;
#pragma omp scope
    a[1] = 2;
#pragma omp scope nowait
    a[2] = 3;
  }
  a[0] = r + m;
}
