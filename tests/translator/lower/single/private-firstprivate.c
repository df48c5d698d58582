// private and firstprivate on single: the construct's block declares the copies on every
// thread, before the __omp2numa_single_start() test (the unused private original gets a
// `(void)p;`); firstprivate reads the original first,
// into __o2n_first_<name>, since the copy hides it.  Arrays are copied with __builtin_memcpy.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

void use(int, const double *);

// CHECK-LABEL: void f(int *a)
void f(int *a) {
  int p = 0;
  static int fp = 5;
  static double arr[4] = {1, 2, 3, 4};
#pragma omp single private(p) firstprivate(fp, arr)
  {
    p = fp;
    arr[0] = p;
    use(p, arr);
  }
  a[0] = p + fp;
}
// CHECK:      /* omp2numa: #pragma omp single private ( p ) firstprivate ( fp , arr ) */
// CHECK-NEXT: {
// CHECK-NEXT:   (void)p;
// CHECK-NEXT:   int __o2n_first_fp = fp;
// CHECK-NEXT:   const void *const __o2n_first_arr = arr;
// CHECK-NEXT:   int p;
// CHECK-NEXT:   (void)p;
// CHECK-NEXT:   int fp = __o2n_first_fp;
// CHECK-NEXT:   (void)fp;
// CHECK-NEXT:   double arr[4];
// CHECK-NEXT:   __builtin_memcpy(arr, __o2n_first_arr, sizeof arr);
// CHECK-NEXT:   (void)arr;
// CHECK-NEXT:   if (__omp2numa_single_start()) {
// CHECK-NEXT: #line
// CHECK-EMPTY:
// CHECK-NEXT:   {
// CHECK-NEXT:     p = fp;
// CHECK-NEXT:     arr[0] = p;
// CHECK-NEXT:     use(p, arr);
// CHECK-NEXT:   }
// CHECK-NEXT:   __omp2numa_single_end();
// CHECK-NEXT:   }
// CHECK-NEXT:   __omp2numa_barrier();
// CHECK-NEXT: }
// CHECK-NEXT: #line
// CHECK-EMPTY:
// CHECK-NEXT:   a[0] = p + fp;
