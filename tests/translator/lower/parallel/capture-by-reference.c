// A parallel region captures a scalar by reference when the variable's address is taken anywhere
// in the enclosing function, before or after the region, inside or outside it: the context member
// is a pointer, the prologue declares `T *const x = __o2n_ctx->x;`, the call passes `&x`, and
// every use in the body becomes `(*x)`, reads included.  A scalar the region writes (assignment,
// compound assignment, ++/--) but whose address is never taken is copied in and out instead (as
// gcc does): its value is the context member, which the team shares through
// `T *const x = &__o2n_ctx->x;`, and the encountering thread copies it back after the region
// (parallel/capture-copy-in-out.c has the cases that keep a pointer).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// Writes of every kind.
// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   int set;
// CHECK-NEXT:   int inc;
// CHECK-NEXT:   int dec;
// CHECK-NEXT:   double acc;
// CHECK-NEXT:   unsigned int bits;
// CHECK-NEXT:   int n;
// CHECK-NEXT: };
// CHECK-LABEL: int writes(int n)
int writes(int n) {
  int set = 0, inc = 0, dec = 0;
  double acc = 0;
  unsigned bits = 0;
#pragma omp parallel
  {
    set = 1;
    inc++;
    --dec;
    acc += set * 2.0;
    bits |= 1u << n;
  }
  // CHECK: struct __o2n_ctx_[[R]] __o2n_args = {.set = set, .inc = inc, .dec = dec, .acc = acc, .bits = bits, .n = n};
  // CHECK-NEXT: __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE-9]], &__o2n_args, 0, 1);
  // CHECK-NEXT: set = __o2n_args.set;
  // CHECK-NEXT: inc = __o2n_args.inc;
  // CHECK-NEXT: dec = __o2n_args.dec;
  // CHECK-NEXT: acc = __o2n_args.acc;
  // CHECK-NEXT: bits = __o2n_args.bits;
  // CHECK-NEXT: }
  return set + inc + dec + (int)acc + (int)bits;
}
// CHECK:        int *const set = &__o2n_ctx->set;
// CHECK-NEXT:   int *const inc = &__o2n_ctx->inc;
// CHECK-NEXT:   int *const dec = &__o2n_ctx->dec;
// CHECK-NEXT:   double *const acc = &__o2n_ctx->acc;
// CHECK-NEXT:   unsigned int *const bits = &__o2n_ctx->bits;
// CHECK-NEXT:   int n = __o2n_ctx->n;
// CHECK:      {{^}}  {
// CHECK-NEXT:     (*set) = 1;
// CHECK-NEXT:     (*inc)++;
// CHECK-NEXT:     --(*dec);
// CHECK-NEXT:     (*acc) += (*set) * 2.0;
// CHECK-NEXT:     (*bits) |= 1u << n;
// CHECK-NEXT:   }

// Only read in the region, but the address is taken elsewhere in the function: before the
// region, after it, in parentheses.  A variable whose address is never taken is still copied.
// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   int *out;
// CHECK-NEXT:   int *before;
// CHECK-NEXT:   int *after;
// CHECK-NEXT:   int *paren;
// CHECK-NEXT:   int plain;
// CHECK-NEXT: };
static void use(int *p) { (void)p; }
// CHECK-LABEL: void address_taken(int *out)
void address_taken(int *out) {
  int before = 1, after = 2, paren = 3, plain = 4;
  use(&before);
#pragma omp parallel
  out[0] = before + after + paren + plain;
  // CHECK: struct __o2n_ctx_[[R]] __o2n_args = {.out = out, .before = &before, .after = &after, .paren = &paren, .plain = plain};
  use(&after);
  use(&(paren));
}
// CHECK:      {{^}}  out[0] = (*before) + (*after) + (*paren) + plain;

// Reads inside the region of a variable whose address the region itself takes.
// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   int *v;
// CHECK-NEXT: };
// CHECK-LABEL: void address_in_region(void)
void address_in_region(void) {
  int v = 0;
#pragma omp parallel
  {
    int *p = &v;
    use(p);
  }
  // CHECK: struct __o2n_ctx_[[R]] __o2n_args = {.v = &v};
}
// CHECK:        int *p = &(*v);
// CHECK-NEXT:     use(p);

// Structs and unions used through members are captured by reference (a member access is not a
// plain read of the whole object).
struct point { int x, y; };
// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   int *out;
// CHECK-NEXT:   struct point *p;
// CHECK-NEXT: };
// CHECK-LABEL: void members(int *out)
void members(int *out) {
  struct point p = {1, 2};
#pragma omp parallel
  out[0] = p.x + p.y;
  // CHECK: struct __o2n_ctx_[[R]] __o2n_args = {.out = out, .p = &p};
}
// CHECK:        struct point *const p = __o2n_ctx->p;
// CHECK:      {{^}}  out[0] = (*p).x + (*p).y;
