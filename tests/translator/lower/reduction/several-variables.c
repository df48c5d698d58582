// Several reduction variables: a list in one clause, several clauses, different types and
// operators on one construct, in clause order in every generated list.  Each construct has its
// own partial/target structs and combiner, named after its line, so two reductions in one
// function do not clash.  Reduction variables sit beside other clauses (private, schedule).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      struct __o2n_red_[[A:[0-9]+]] {
// CHECK-NEXT:   double sum;
// CHECK-NEXT:   long count;
// CHECK-NEXT:   double hi;
// CHECK-NEXT:   unsigned int flags;
// CHECK-NEXT: };
// CHECK-NEXT: struct __o2n_redtgt_[[A]] {
// CHECK-NEXT:   double *sum;
// CHECK-NEXT:   long *count;
// CHECK-NEXT:   double *hi;
// CHECK-NEXT:   unsigned int *flags;
// CHECK-NEXT: };
// CHECK-NEXT: static void __o2n_combine_[[A]](void *__o2n_target, void *__o2n_partial)
// CHECK:        *__o2n_t->sum = *__o2n_t->sum + __o2n_p->sum;
// CHECK-NEXT:   *__o2n_t->count = *__o2n_t->count + __o2n_p->count;
// CHECK-NEXT:   *__o2n_t->hi = __o2n_p->hi > *__o2n_t->hi ? __o2n_p->hi : *__o2n_t->hi;
// CHECK-NEXT:   *__o2n_t->flags = *__o2n_t->flags | __o2n_p->flags;
// CHECK-NEXT: }
// CHECK:      struct __o2n_red_[[B:[0-9]+]] {
// CHECK-NEXT:   double sum;
// CHECK-NEXT: };
// CHECK:      static void __o2n_combine_[[B]](void *__o2n_target, void *__o2n_partial)
// CHECK-LABEL: double stats(int n, const double *x)
double stats(int n, const double *x) {
  static double sum, hi;
  static long count;
  static unsigned flags;
  double t;
  sum = 0, hi = -1, count = 0, flags = 0;
  // CHECK:      struct __o2n_redtgt_[[A]] __o2n_tgt = {.sum = &sum, .count = &count, .hi = &hi, .flags = &flags};
  // CHECK-NEXT: double t;
  // CHECK-NEXT: (void)t;
  // CHECK-NEXT: double sum = 0;
  // CHECK-NEXT: long count = 0;
  // CHECK-NEXT: double hi = -__builtin_inf();
  // CHECK-NEXT: unsigned int flags = 0;
  // CHECK:      struct __o2n_red_[[A]] __o2n_part = {.sum = sum, .count = count, .hi = hi, .flags = flags};
  // CHECK-NEXT: __omp2numa_reduce(&__o2n_part, __o2n_combine_[[A]], &__o2n_tgt);
#pragma omp for reduction(+: sum, count) private(t) reduction(max: hi) schedule(static) reduction(|: flags)
  for (int i = 0; i < n; i++) {
    t = x[i] * x[i];
    sum += t;
    count++;
    hi = t > hi ? t : hi;
    flags |= t > 1 ? 1u : 2u;
  }
  // The same name reduced again by another construct.
  // CHECK:      struct __o2n_redtgt_[[B]] __o2n_tgt = {.sum = &sum};
  // CHECK:      __omp2numa_reduce(&__o2n_part, __o2n_combine_[[B]], &__o2n_tgt);
#pragma omp for reduction(+: sum)
  for (int i = 0; i < n; i++)
    sum += x[i];
  return sum + (double)count + hi + flags;
}
