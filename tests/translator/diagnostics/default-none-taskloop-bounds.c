// default(none) on a taskloop: its bounds and steps are evaluated where it is created, outside its
// tasks, so the variables they use need no data-sharing clause (gcc reads it so: libgomp's
// taskloop-3.c); a variable the body uses still does.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// RUN: not %omp2numa %s -o %t.c -- -DBODY 2>&1 | FileCheck %s --implicit-check-not=error:

int u[64], v[64];

void copy(long a, long b, long step, int scale) {
#pragma omp taskloop default(none) shared(u, v) firstprivate(scale)
  for (long d = a; d < b; d += step)
    u[d] = v[d] * scale;
#ifdef BODY
  // CHECK: :[[@LINE+3]]:19: error: variable 'a' must have its data-sharing attribute specified in a 'default(none)' construct
#pragma omp taskloop default(none) shared(u, v)
  for (long d = a; d < b; d++)
    u[d] = v[d] + a;
#endif
}
