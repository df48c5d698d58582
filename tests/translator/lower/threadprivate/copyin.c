// copyin(list) on a parallel region: the context carries a pointer to the primary thread's copy
// of each variable (`__o2n_copyin_<name>`, which never clashes with a captured variable); every
// thread assigns its own copy from it (arrays with __builtin_memcpy) before the body, then
// waits at a barrier so that the primary thread cannot change its copy before everyone has read
// it.  File-scope and block-scope threadprivate variables alike.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

struct pt { int x, y; };
int counter;
double buf[8];
struct pt where;
#pragma omp threadprivate(counter, buf, where)

// CHECK:      struct __o2n_ctx_[[#R:]] {
// CHECK-NEXT:   int n;
// CHECK-NEXT:   int *__o2n_copyin_counter;
// CHECK-NEXT:   double (*__o2n_copyin_buf)[8];
// CHECK-NEXT:   struct pt *__o2n_copyin_where;
// CHECK-NEXT:   long *__o2n_copyin_calls;
// CHECK-NEXT: };
// CHECK-LABEL: int f(int n)
// CHECK:        struct __o2n_ctx_[[#R]] __o2n_args = {.n = n, .__o2n_copyin_counter = &counter, .__o2n_copyin_buf = &buf, .__o2n_copyin_where = &where, .__o2n_copyin_calls = &calls};
// CHECK:      static void __o2n_region_[[#R]](void *__o2n_data){{$}}
// CHECK-NEXT: {
// CHECK-NEXT:   struct __o2n_ctx_[[#R]] *const __o2n_ctx = (struct __o2n_ctx_[[#R]] *)__o2n_data;
// CHECK-NEXT:   int n = __o2n_ctx->n;
// CHECK-NEXT:   counter = *__o2n_ctx->__o2n_copyin_counter;
// CHECK-NEXT:   __builtin_memcpy(buf, __o2n_ctx->__o2n_copyin_buf, sizeof buf);
// CHECK-NEXT:   where = *__o2n_ctx->__o2n_copyin_where;
// CHECK-NEXT:   calls = *__o2n_ctx->__o2n_copyin_calls;
// CHECK-NEXT:   __omp2numa_barrier();
// CHECK-EMPTY:
// CHECK-NEXT: #line
// CHECK-EMPTY:
// CHECK-NEXT:   {
// CHECK-NEXT:     counter += n;
int f(int n) {
  static long calls = 0;
#pragma omp threadprivate(calls)
#pragma omp parallel copyin(counter, buf, where, calls)
  {
    counter += n;
    buf[0] = counter + where.x;
    calls++;
  }
  return counter + (int)calls;
}
