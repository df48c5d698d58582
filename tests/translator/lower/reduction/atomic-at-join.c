// A reduction that ends its parallel region (reduction/at-join.c says when) and whose items are
// all integer sums or bit operations (+ - & | ^) combines each thread's private copy into the
// original with one relaxed atomic update, as gcc's code does, and the region's join orders the
// updates before the code after it: no partials, no combiner.  The result does not depend on
// the order of the updates.  The others keep __omp2numa_reduce_at_join: an item with another
// operator (* min max && ||) or of another type (floating, _Bool, an enumeration, __int128,
// volatile, a declare reduction), an inscan reduction (whose prefixes use the combiner), or a cancel
// construct in the body, puts every item of the construct there.  A worksharing construct
// inside a region (for, sections, scope) updates the same way, before its own barrier (none
// with nowait); with a task or a cancel construct in its body it keeps __omp2numa_reduce, which
// holds its barrier.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// Only the targets' structs: no partials, no combiner.
// CHECK:      struct __o2n_redtgt_[[#A:]] {
// CHECK-NEXT:   long *s;
// CHECK-NEXT: };
// CHECK:      struct __o2n_redtgt_[[#B:]] {
// CHECK-NEXT:   long *s;
// CHECK-NEXT:   unsigned char *c;
// CHECK-NEXT:   unsigned int *u;
// CHECK-NEXT:   short *h;
// CHECK-NEXT:   long long *x;
// CHECK-NEXT: };
// CHECK-NOT:  __o2n_combine_
// CHECK-LABEL: long atomic(int n, const int *a)
long atomic(int n, const int *a) {
  long s = 0;
  unsigned char c = 1;
  unsigned u = ~0u;
  short h = 0;
  long long x = 5;
#pragma omp parallel reduction(+: s)
  s += a[0];
#pragma omp parallel for reduction(-: s) reduction(+: c) reduction(&: u) reduction(|: h) reduction(^: x) schedule(dynamic)
  for (int i = 0; i < n; i++) {
    s -= a[i];
    c += (unsigned char)a[i];
    u &= (unsigned)a[i];
    h |= (short)a[i];
    x ^= a[i];
  }
  return s + c + u + h + x;
}
// CHECK:      static void __o2n_region_[[#A]](void *__o2n_data)
// CHECK:        s += a[0];
// CHECK-NEXT:   {
// CHECK-NEXT:     __atomic_fetch_add(__o2n_tgt.s, s, __ATOMIC_RELAXED);
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK:      } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   {
// CHECK-NEXT:     __atomic_fetch_add(__o2n_tgt.s, s, __ATOMIC_RELAXED);
// CHECK-NEXT:     __atomic_fetch_add(__o2n_tgt.c, c, __ATOMIC_RELAXED);
// CHECK-NEXT:     __atomic_fetch_and(__o2n_tgt.u, u, __ATOMIC_RELAXED);
// CHECK-NEXT:     __atomic_fetch_or(__o2n_tgt.h, h, __ATOMIC_RELAXED);
// CHECK-NEXT:     __atomic_fetch_xor(__o2n_tgt.x, x, __ATOMIC_RELAXED);
// CHECK-NEXT:   }
// CHECK-NEXT:   __omp2numa_loop_end_nowait();

enum colour { RED, GREEN };
#pragma omp declare reduction(plus : int : omp_out += omp_in) initializer(omp_priv = 0)

// CHECK-LABEL: long joined(int n, const int *a)
long joined(int n, const int *a) {
  long s = 0, p = 1;
  double d = 0;
  _Bool b = 0;
  enum colour e = RED;
  volatile int v = 0;
  int m = 0, w = 0;
#pragma omp parallel for reduction(+: s) reduction(*: p)
  for (int i = 0; i < n; i++) {
    s += a[i];
    p *= a[i];
  }
#pragma omp parallel for reduction(+: s, d)
  for (int i = 0; i < n; i++) {
    s += a[i];
    d += a[i];
  }
#pragma omp parallel reduction(+: b)
  b += 1;
#pragma omp parallel reduction(+: e)
  e += 1;
#pragma omp parallel reduction(+: v)
  v += 1;
#pragma omp parallel for reduction(max: m) reduction(min: w)
  for (int i = 0; i < n; i++) {
    m = a[i] > m ? a[i] : m;
    w = a[i] < w ? a[i] : w;
  }
#pragma omp parallel reduction(plus: m)
  m += 1;
  int prefix[8];
#pragma omp parallel for reduction(inscan, +: s)
  for (int i = 0; i < 8; i++) {
    s += a[i];
#pragma omp scan inclusive(s)
    prefix[i] = (int)s;
  }
  __int128 q = 0;
#pragma omp parallel reduction(+: q)
  q += 1;
#pragma omp parallel reduction(+: w)
  {
    w += 1;
#pragma omp cancel parallel if (w > n)
  }
  return s + p + (long)d + b + e + v + m + w + prefix[7] + (long)q;
}
// Ten regions, each with its partials and combiner (a scan's prefixes need the combiner; the
// join combines no partial of a cancelled region, where atomic updates would have added some).
// CHECK: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);
// CHECK: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);
// CHECK: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);
// CHECK: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);
// CHECK: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);
// CHECK: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);
// CHECK: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);
// CHECK: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);
// CHECK: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);
// CHECK: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);
// CHECK-NOT: __atomic_fetch

// CHECK-LABEL: long worksharing(int n, const int *a)
long worksharing(int n, const int *a) {
  long s = 0;
  unsigned u = 0;
#pragma omp parallel
  {
#pragma omp for reduction(+: s)
    for (int i = 0; i < n; i++)
      s += a[i];
#pragma omp for reduction(|: u) nowait
    for (int i = 0; i < n; i++)
      u |= (unsigned)a[i];
#pragma omp sections reduction(-: s)
    {
#pragma omp section
      s -= 1;
#pragma omp section
      s -= 2;
    }
#pragma omp scope reduction(^: u)
    u ^= 1u;
#pragma omp for reduction(+: s)
    for (int i = 0; i < n; i++) {
#pragma omp task
      s += a[i];
    }
#pragma omp for reduction(+: s)
    for (int i = 0; i < n; i++) {
#pragma omp cancel for if(a[i] < 0)
      s += a[i];
    }
  }
  return s + u;
}
// CHECK:      __atomic_fetch_add(__o2n_tgt.s, s, __ATOMIC_RELAXED);
// CHECK-NEXT: }
// CHECK-NEXT: __omp2numa_loop_end();
// CHECK:      __atomic_fetch_or(__o2n_tgt.u, u, __ATOMIC_RELAXED);
// CHECK-NEXT: }
// CHECK-NEXT: __omp2numa_loop_end_nowait();
// CHECK:      __atomic_fetch_add(__o2n_tgt.s, s, __ATOMIC_RELAXED);
// CHECK-NEXT: }
// CHECK-NEXT: __omp2numa_loop_end();
// CHECK:      __atomic_fetch_xor(__o2n_tgt.u, u, __ATOMIC_RELAXED);
// CHECK-NEXT: }
// CHECK-NEXT: __omp2numa_barrier();
// CHECK:      __omp2numa_reduce(&__o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt);
// CHECK:      __omp2numa_loop_end_nowait();
// CHECK:      __omp2numa_reduce(&__o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt);
// CHECK-NOT:  __atomic_fetch
