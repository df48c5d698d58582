// A parallel region inside a parallel region.  The inner region is outlined first (its
// definitions come first) and its call is part of the outer region's body.  The outer region
// captures what the inner one needs from outside both, with the inner capture's kind, and the
// inner call initialises its context from the outer region's locals: `&(*total)` for a variable
// the outer region holds by reference.  Variables declared in the outer region are captured by
// the inner one only; the inner region's clause expressions are evaluated in the outer region.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// The inner region.
// CHECK:      struct __o2n_ctx_[[INNER:[0-9]+]] {
// CHECK-NEXT:   int *total;
// CHECK-NEXT:   int mine;
// CHECK-NEXT:   int n;
// CHECK-NEXT: };
// CHECK-NEXT: static void __o2n_region_[[INNER]](void *__o2n_data);

// The outer region: it captures n (read by the body and by the inner firstprivate), threads
// (read by the inner num_threads) and total (copied in and out; the inner region holds it by reference), not mine.
// CHECK:      struct __o2n_ctx_[[OUTER:[0-9]+]] {
// CHECK-NEXT:   int n;
// CHECK-NEXT:   int threads;
// CHECK-NEXT:   int total;
// CHECK-NEXT: };
// CHECK-NEXT: static void __o2n_region_[[OUTER]](void *__o2n_data);
// CHECK-LABEL: int nested(int n, int threads)
int nested(int n, int threads) {
  int total = 0;
#pragma omp parallel
  {
    int mine = n;
#pragma omp parallel num_threads(threads) firstprivate(n)
    {
      total += mine + n;
    }
  }
  // CHECK:      __o2n_site = {"{{[^"]*}}", [[@LINE-8]], {{.*}}};
  // CHECK-NEXT: struct __o2n_ctx_[[OUTER]] __o2n_args = {.n = n, .threads = threads, .total = total};
  // CHECK-NEXT: __omp2numa_parallel(&__o2n_site, __o2n_region_[[OUTER]], &__o2n_args, 0, 1);
  return total;
}
// The inner region's definition, then the outer one's.
// CHECK:      static void __o2n_region_[[INNER]](void *__o2n_data)
// CHECK:        int *const total = __o2n_ctx->total;
// CHECK-NEXT:   int mine = __o2n_ctx->mine;
// CHECK-NEXT:   int n = __o2n_ctx->n;
// CHECK:      {{^}}    {
// CHECK-NEXT:       (*total) += mine + n;
// CHECK-NEXT:     }
// CHECK-NEXT: }
// CHECK:      static void __o2n_region_[[OUTER]](void *__o2n_data)
// CHECK:        int n = __o2n_ctx->n;
// CHECK-NEXT:   int threads = __o2n_ctx->threads;
// CHECK-NEXT:   int *const total = &__o2n_ctx->total;
// CHECK:      {{^}}  {
// CHECK-NEXT:     int mine = n;
// CHECK-NEXT: /* omp2numa: #pragma omp parallel num_threads ( threads ) firstprivate ( n ) */
// CHECK-NEXT: {
// CHECK-NEXT:   static const struct __omp2numa_region_site __o2n_site = {"{{[^"]*}}", [[INNER]], {{.*}}};
// CHECK-NEXT:   struct __o2n_ctx_[[INNER]] __o2n_args = {.total = &(*total), .mine = mine, .n = n};
// CHECK-NEXT: #line {{[0-9]+}} "{{[^"]*}}"
// CHECK-NEXT:   __omp2numa_parallel(&__o2n_site, __o2n_region_[[INNER]], &__o2n_args, (int)(threads), 1);
// CHECK-NEXT: }

// Three levels, a variable written only in the innermost one: the outermost copies it in and out, the inner levels hold
// it by reference.
// (Directives that follow each other without braces are in parallel/directly-nested.c.)
// CHECK:      struct __o2n_ctx_[[L3:[0-9]+]] {
// CHECK-NEXT:   long *hits;
// CHECK-NEXT: };
// CHECK:      struct __o2n_ctx_[[L2:[0-9]+]] {
// CHECK-NEXT:   long *hits;
// CHECK-NEXT: };
// CHECK:      struct __o2n_ctx_[[L1:[0-9]+]] {
// CHECK-NEXT:   long hits;
// CHECK-NEXT: };
// CHECK-LABEL: long three_levels(void)
long three_levels(void) {
  long hits = 0;
#pragma omp parallel
  {
#pragma omp parallel
    {
#pragma omp parallel
      hits++;
    }
  }
  // CHECK: struct __o2n_ctx_[[L1]] __o2n_args = {.hits = hits};
  return hits;
}
// CHECK:      {{^}}      (*hits)++;
// CHECK:        struct __o2n_ctx_[[L3]] __o2n_args = {.hits = &(*hits)};
// CHECK:        struct __o2n_ctx_[[L2]] __o2n_args = {.hits = &(*hits)};
