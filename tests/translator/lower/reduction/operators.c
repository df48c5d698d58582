// Each reduction operator: the private copy's initial value (the operator's identity) and the
// combiner that folds one thread's partial into the original.
//   +  0   t = t + p        -  0   t = t + p (partials of '-' are added, as OpenMP specifies)
//   *  1   t = t * p        &  ~0  t = t & p       |  0  t = t | p      ^  0  t = t ^ p
//   && 1   t = t && p       || 0   t = t || p
//   min  largest value   t = p < t ? p : t       max  smallest value   t = p > t ? p : t
// The partials travel in `struct __o2n_red_N` (one member per variable), the targets in
// `struct __o2n_redtgt_N` (pointers), and __o2n_combine_N does all variables of a construct.
// (Identities of min/max and & for other types: identities.c.)
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      struct __o2n_red_[[R:[0-9]+]] {
// CHECK-NEXT:   int add;
// CHECK-NEXT:   int sub;
// CHECK-NEXT:   int mul;
// CHECK-NEXT:   int band;
// CHECK-NEXT:   int bor;
// CHECK-NEXT:   int bxor;
// CHECK-NEXT:   int land;
// CHECK-NEXT:   int lor;
// CHECK-NEXT:   int lo;
// CHECK-NEXT:   int hi;
// CHECK-NEXT: };
// CHECK-NEXT: struct __o2n_redtgt_[[R]] {
// CHECK-NEXT:   int *add;
// CHECK-NEXT:   int *sub;
// CHECK-NEXT:   int *mul;
// CHECK-NEXT:   int *band;
// CHECK-NEXT:   int *bor;
// CHECK-NEXT:   int *bxor;
// CHECK-NEXT:   int *land;
// CHECK-NEXT:   int *lor;
// CHECK-NEXT:   int *lo;
// CHECK-NEXT:   int *hi;
// CHECK-NEXT: };
// CHECK-NEXT: static void __o2n_combine_[[R]](void *__o2n_target, void *__o2n_partial)
// CHECK-NEXT: {
// CHECK-NEXT:   struct __o2n_redtgt_[[R]] *const __o2n_t = (struct __o2n_redtgt_[[R]] *)__o2n_target;
// CHECK-NEXT:   struct __o2n_red_[[R]] *const __o2n_p = (struct __o2n_red_[[R]] *)__o2n_partial;
// CHECK-NEXT:   *__o2n_t->add = *__o2n_t->add + __o2n_p->add;
// CHECK-NEXT:   *__o2n_t->sub = *__o2n_t->sub + __o2n_p->sub;
// CHECK-NEXT:   *__o2n_t->mul = *__o2n_t->mul * __o2n_p->mul;
// CHECK-NEXT:   *__o2n_t->band = *__o2n_t->band & __o2n_p->band;
// CHECK-NEXT:   *__o2n_t->bor = *__o2n_t->bor | __o2n_p->bor;
// CHECK-NEXT:   *__o2n_t->bxor = *__o2n_t->bxor ^ __o2n_p->bxor;
// CHECK-NEXT:   *__o2n_t->land = *__o2n_t->land && __o2n_p->land;
// CHECK-NEXT:   *__o2n_t->lor = *__o2n_t->lor || __o2n_p->lor;
// CHECK-NEXT:   *__o2n_t->lo = __o2n_p->lo < *__o2n_t->lo ? __o2n_p->lo : *__o2n_t->lo;
// CHECK-NEXT:   *__o2n_t->hi = __o2n_p->hi > *__o2n_t->hi ? __o2n_p->hi : *__o2n_t->hi;
// CHECK-NEXT: }
// CHECK-LABEL: int all_operators(int n, const int *a)
int all_operators(int n, const int *a) {
  static int add, sub, mul, band, bor, bxor, land, lor, lo, hi;
  add = 0, sub = 0, mul = 1, band = -1, bor = 0, bxor = 0, land = 1, lor = 0;
  lo = 1000, hi = -1000;
  // CHECK:      struct __o2n_redtgt_[[R]] __o2n_tgt = {.add = &add, .sub = &sub, .mul = &mul, .band = &band, .bor = &bor, .bxor = &bxor, .land = &land, .lor = &lor, .lo = &lo, .hi = &hi};
  // CHECK-NEXT: int add = 0;
  // CHECK-NEXT: int sub = 0;
  // CHECK-NEXT: int mul = 1;
  // CHECK-NEXT: int band = (int)~(int)0;
  // CHECK-NEXT: int bor = 0;
  // CHECK-NEXT: int bxor = 0;
  // CHECK-NEXT: int land = 1;
  // CHECK-NEXT: int lor = 0;
  // CHECK-NEXT: int lo = (int)2147483647ULL;
  // CHECK-NEXT: int hi = (-(int)2147483647ULL - 1);
  // CHECK-NEXT: if (__omp2numa_loop_start(
  // CHECK:      } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
  // CHECK-NEXT: {
  // CHECK-NEXT:   struct __o2n_red_[[R]] __o2n_part = {.add = add, .sub = sub, .mul = mul, .band = band, .bor = bor, .bxor = bxor, .land = land, .lor = lor, .lo = lo, .hi = hi};
  // CHECK-NEXT:   __omp2numa_reduce(&__o2n_part, __o2n_combine_[[R]], &__o2n_tgt);
  // CHECK-NEXT: }
  // CHECK-NEXT: __omp2numa_loop_end_nowait();
#pragma omp for reduction(+: add) reduction(-: sub) reduction(*: mul) reduction(&: band) \
    reduction(|: bor) reduction(^: bxor) reduction(&&: land) reduction(||: lor) \
    reduction(min: lo) reduction(max: hi)
  for (int i = 0; i < n; i++) {
    add += a[i];
    sub -= a[i];
    mul *= a[i];
    band &= a[i];
    bor |= a[i];
    bxor ^= a[i];
    land = land && a[i];
    lor = lor || a[i];
    lo = a[i] < lo ? a[i] : lo;
    hi = a[i] > hi ? a[i] : hi;
  }
  return add + sub + mul + band + bor + bxor + land + lor + lo + hi;
}
