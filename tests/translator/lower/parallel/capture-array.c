// An array that the region only lets decay to a pointer (subscripts, arithmetic, passing it to a
// function) is captured as a pointer alias to its first element: the member and the prologue
// local have the decayed type, the call passes the array itself, and uses are left as written.
// Any other use of the array object (sizeof, &array, an address taken anywhere in the function)
// needs the array itself: it is captured by reference as a pointer to the array, and its uses
// become (*a).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// Arrays that only decay, written through or read, one- and two-dimensional, and const.
// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   double *v;
// CHECK-NEXT:   int n;
// CHECK-NEXT:   const int *table;
// CHECK-NEXT:   double (*m)[4];
// CHECK-NEXT: };
static void fill(double *p, int n) { for (int i = 0; i < n; i++) p[i] = i; }
// CHECK-LABEL: void decay(int n)
void decay(int n) {
  double v[16];
  const int table[3] = {1, 2, 3};
  double m[3][4] = {{0}};
#pragma omp parallel
  {
    v[n - 1] = table[2] + m[1][2];
    fill(v + 1, n - 1);
  }
  // CHECK: struct __o2n_ctx_[[R]] __o2n_args = {.v = v, .n = n, .table = table, .m = m};
  // CHECK-NEXT: __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE-6]], &__o2n_args, 0, 1);
}
// CHECK:        double *const v = __o2n_ctx->v;
// CHECK-NEXT:   int n = __o2n_ctx->n;
// CHECK-NEXT:   const int *const table = __o2n_ctx->table;
// CHECK-NEXT:   double (*const m)[4] = __o2n_ctx->m;
// CHECK:      {{^}}  {
// CHECK-NEXT:     v[n - 1] = table[2] + m[1][2];
// CHECK-NEXT:     fill(v + 1, n - 1);
// CHECK-NEXT:   }

// Arrays used as objects: sizeof, &array, and an array whose address is taken outside the region.
// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   int (*sized)[8];
// CHECK-NEXT:   int (*whole)[8];
// CHECK-NEXT:   int (*elsewhere)[8];
// CHECK-NEXT: };
static void keep(int (*p)[8]) { (void)p; }
// CHECK-LABEL: void objects(void)
void objects(void) {
  int sized[8], whole[8], elsewhere[8] = {0};
  keep(&elsewhere);
#pragma omp parallel
  {
    sized[0] = (int)sizeof sized;
    int (*p)[8] = &whole;
    (*p)[1] = elsewhere[0];
  }
  // CHECK: struct __o2n_ctx_[[R]] __o2n_args = {.sized = &sized, .whole = &whole, .elsewhere = &elsewhere};
}
// CHECK:        int (*const sized)[8] = __o2n_ctx->sized;
// CHECK-NEXT:   int (*const whole)[8] = __o2n_ctx->whole;
// CHECK-NEXT:   int (*const elsewhere)[8] = __o2n_ctx->elsewhere;
// CHECK:      {{^}}  {
// CHECK-NEXT:     (*sized)[0] = (int)sizeof (*sized);
// CHECK-NEXT:     int (*p)[8] = &(*whole);
// CHECK-NEXT:     (*p)[1] = (*elsewhere)[0];
// CHECK-NEXT:   }
