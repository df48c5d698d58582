// Conditional compilation inside the braced body of the innermost loop of a collapsed nest, and of
// a single loop: the conditionals are kept in the copied body, so the translated file compiles
// with the same macros as the input and runs the branch they select.  (Conditionals that cut
// across an unbraced body are an error: preprocessor-in-nest.c.)
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// RUN: %omp2numa %s -o %t.slow.c -- -DSLOW
// RUN: %strip-checks %t.slow.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DSLOW -I%runtime_inc %t.slow.c

// CHECK:      static void __o2n_region_[[#F:]](void *__o2n_data);
// CHECK-LABEL: void f(int n, int m, int *a)
void f(int n, int m, int *a) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
#ifdef SLOW
      a[i * m + j] = 2 * (i + j);
#else
      a[i * m + j] = i + j;
#endif
    }
}
// CHECK:      static void __o2n_region_[[#F]](void *__o2n_data)
// CHECK:        const uint64_t __o2n_n = __o2n_n_0 * __o2n_n_1;
// CHECK:      #line [[#F+2]] "{{[^"]*}}preprocessor-in-braces.c"
// CHECK-NEXT: {{^ }}{
// CHECK-NEXT: {{^}}#ifdef SLOW{{$}}
// CHECK-NEXT:       a[i * m + j] = 2 * (i + j);
// CHECK-NEXT: {{^}}#else{{$}}
// CHECK-NEXT:       a[i * m + j] = i + j;
// CHECK-NEXT: {{^}}#endif{{$}}
// CHECK-NEXT:     }
// CHECK:        __omp2numa_loop_end_nowait();

// CHECK:      static void __o2n_region_[[#G:]](void *__o2n_data);
// CHECK-LABEL: void g(int n, int *a)
void g(int n, int *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#ifdef SLOW
    a[i] = 2 * i;
#else
    a[i] = i;
#endif
  }
}
// CHECK:      static void __o2n_region_[[#G]](void *__o2n_data)
// CHECK:      #line [[#G+1]] "{{[^"]*}}preprocessor-in-braces.c"
// CHECK-NEXT: {{^ }}{
// CHECK-NEXT: {{^}}#ifdef SLOW{{$}}
// CHECK-NEXT:     a[i] = 2 * i;
// CHECK-NEXT: {{^}}#else{{$}}
// CHECK-NEXT:     a[i] = i;
// CHECK-NEXT: {{^}}#endif{{$}}
// CHECK-NEXT:   }
// CHECK:        __omp2numa_loop_end_nowait();
