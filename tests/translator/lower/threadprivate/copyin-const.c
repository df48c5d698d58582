// copyin of a const threadprivate variable: every thread's copy holds its initial value already,
// so nothing is copied (an assignment to it did not compile: found by the translator fuzzer).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// CHECK-NOT: where = *__o2n_ctx
// CHECK:     counter = *__o2n_ctx->__o2n_copyin_counter;

struct pt { int x, y; };
int counter;
const struct pt where = {1, 2};
#pragma omp threadprivate(counter, where)

int f(void) {
  int s = 0;
#pragma omp parallel copyin(counter, where) reduction(+:s)
  s += counter + where.x;
  return s;
}
