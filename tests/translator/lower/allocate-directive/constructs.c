// Variables of the allocate directive used by constructs after it: a region takes the address
// of the allocated storage `&(*x)` (or its value, `(*x)`, for a scalar it only reads, or keeps
// the value in its context and copies it back, `(*x) = __o2n_args.x`), a task likewise; a
// worksharing construct in a region that shares them works on the region's captures (an orphaned
// one cannot name them in firstprivate, lastprivate or reduction: they are private to each thread
// that calls the function, diagnostics/private-in-outer-context.c).  Inside the constructs the names are the captures' and copies'.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// RUN: %if clang-openmp %{ clang-16 -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c %}

#include <omp.h>

void use(int *p);

int regions(int n) {
  int shared = 0, read = n, copied = 0, sum = 0, last = -1;
  double a[8];
#pragma omp allocate(shared, read, copied, sum, last, a) allocator(omp_pteam_mem_alloc)
  // CHECK-LABEL: int regions(
  // CHECK: struct __o2n_ctx_{{[0-9_]+}} __o2n_args = {.shared = &(*shared), .copied = (*copied), .read = (*read), .a = (*a)};
  // CHECK: (*copied) = __o2n_args.copied;
#pragma omp parallel
  {
    use(&shared);
    copied = read;
    a[omp_get_thread_num() % 8] = read;
  }
  // CHECK: struct __o2n_ctx_[[R:[0-9_]+]] __o2n_args = {.n = n, .copied = (*copied), .last = (*last), .sum = &(*sum)};
#pragma omp parallel
#pragma omp for firstprivate(copied) lastprivate(last) reduction(+ : sum)
  for (int i = 0; i < n; i++) {
    sum += copied;
    last = i;
  }
  // CHECK: &(struct __o2n_ctx_{{[0-9_]+}}){.sum = &(*sum), .shared = (*shared)}
  // CHECK: return (*shared) + (*copied) + (*sum) + (*last) + (int)(*a)[0];
#pragma omp task shared(sum) firstprivate(shared)
  sum += shared;
#pragma omp taskwait
  return shared + copied + sum + last + (int)a[0];
}
// CHECK: static void __o2n_region_[[R]](void *__o2n_data)
// CHECK:   int __o2n_first_copied = copied;
// CHECK:   int *const __o2n_last_last = &(*last);
// CHECK:   __o2n_tgt = {.sum = &(*sum)};
