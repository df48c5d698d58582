// A reduction that ends its parallel region is handed to __omp2numa_reduce_at_join, whose copies
// of the partials the join combines: the parallel construct's own reduction clause, and that of
// a combined parallel for, parallel for simd, parallel loop or parallel sections (whose loop
// ends the region, also a conditional lastprivate's), when every partial is a value (arithmetic,
// or a struct of them of no more than a fundamental alignment) and the region creates no task.
// (Where every item is an integer sum or bit operation, atomic updates replace the call:
// reduction/atomic-at-join.c.)
// The others keep __omp2numa_reduce's barrier: a for construct inside a region (threads go on
// after it), arrays and sections (the partial points at the thread's private copy, a section's
// on the heap, freed after the call), a declare reduction over a type that holds a pointer or
// asks for a larger alignment, the task modifier, and a region whose body creates tasks, which
// may use the private copies until its end.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s --implicit-check-not='__omp2numa_reduce{{(_at_join)?}}('
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

struct vec { double x, y; };
#pragma omp declare reduction(vadd : struct vec : omp_out.x += omp_in.x, omp_out.y += omp_in.y) initializer(omp_priv = { 0, 0 })
struct list { int *items; long n; };
#pragma omp declare reduction(cat : struct list : omp_out.n += omp_in.n) initializer(omp_priv = { 0, 0 })
struct wide { _Alignas(64) double v; };
#pragma omp declare reduction(wadd : struct wide : omp_out.v += omp_in.v) initializer(omp_priv = { 0 })

// CHECK-LABEL: long joined(int n, const int *a)
long joined(int n, const int *a) {
  long s = 0, p = 1, lp = 0;
  double d = 0;
  _Complex double z = 0;
  struct vec v = {0, 0};
  int last = 0;
#pragma omp parallel reduction(+: s) reduction(*: p) reduction(max: d) reduction(vadd: v)
  s += a[0];
#pragma omp parallel for reduction(+: z) lastprivate(conditional: last)
  for (int i = 0; i < n; i++)
    if (a[i]) {
      z += a[i];
      last = i;
    }
#pragma omp parallel for simd reduction(min: d)
  for (int i = 0; i < n; i++)
    d = a[i] < d ? a[i] : d;
#pragma omp parallel loop reduction(|: lp) reduction(max: d)
  for (int i = 0; i < n; i++)
    lp |= a[i];
#pragma omp parallel sections reduction(&&: p)
  {
#pragma omp section
    p = p && a[0];
#pragma omp section
    p = p && a[1];
  }
#pragma omp parallel masked reduction(-: d)
  d -= 1;
  return s + p + lp + (long)d + (long)v.x + last + (long)__real__ z;
}
// Six regions, each ending with the new call.
// CHECK: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);
// CHECK: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);
// CHECK: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);
// CHECK: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);
// CHECK: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);
// CHECK: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);

// CHECK-LABEL: long barrier(int n, const int *a)
long barrier(int n, const int *a) {
  long s = 0, arr[2] = {0, 0};
  int *sec = (int *)a;
  struct list l = {0, 0};
  struct wide w = {0};
#pragma omp parallel
  {
#pragma omp for reduction(+: s)
    for (int i = 0; i < n; i++)
      s += a[i];
  }
#pragma omp parallel reduction(+: arr)
  arr[0] += a[0];
#pragma omp parallel for reduction(+: sec[0:2])
  for (int i = 0; i < n; i++)
    sec[i % 2] += 1;
#pragma omp parallel reduction(cat: l)
  l.n += 1;
#pragma omp parallel reduction(wadd: w)
  w.v += 1;
#pragma omp parallel reduction(task, +: s)
  {
#pragma omp task in_reduction(+: s)
    s += 1;
  }
#pragma omp parallel reduction(+: s)
  {
#pragma omp task shared(s)
    s += 1;
  }
  return s + arr[0] + l.n + (long)w.v;
}
// Seven regions.  The for construct ends before the region does: its integer sum is an atomic
// update before its barrier (atomic-at-join.c); the other six keep __omp2numa_reduce.
// CHECK: __atomic_fetch_add(__o2n_tgt.s, s, __ATOMIC_RELAXED);
// CHECK: __omp2numa_loop_end();
// CHECK: __omp2numa_reduce(&__o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt);
// CHECK: __omp2numa_reduce(&__o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt);
// CHECK: __omp2numa_reduce(&__o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt);
// CHECK: __omp2numa_reduce(&__o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt);
// CHECK: __omp2numa_reduce(&__o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt);
// CHECK: __omp2numa_reduce(&__o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt);
