// A scalar local (or parameter) that a parallel region writes is copied in and out, as gcc's
// outlining does (omp-low.c, use_pointer_for_field), when nothing but the region can reach it
// while the region runs: its value is a member of the context struct, which every thread of the
// team reaches through `T *const x = &__o2n_ctx->x;`, and the encountering thread copies it back
// after the call.  The back end then knows that two such variables do not overlap (members of one
// struct), which it cannot know of two pointers.  Otherwise the region keeps a pointer to the
// original (capture-by-reference.c): when the address is taken (there), when an enclosing region
// or task shares it, when a task outside the region names it, when a clause of the region names
// it (other than shared), and for volatile, _Atomic, register and static variables.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

#define N 64
static double A[N][N], B[N][N], C[N][N];

// The inner indices of a matrix product, left shared (a race with several threads, and the
// classic mistake; with one thread the loops must run as fast as gcc's).  An explicit shared
// clause changes nothing.
// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   int j;
// CHECK-NEXT:   int k;
// CHECK-NEXT: };
// CHECK-LABEL: void gemm(void)
void gemm(void) {
  int i, j, k;
#pragma omp parallel for shared(k)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
  // CHECK:      struct __o2n_ctx_[[R]] __o2n_args = {.j = j, .k = k};
  // CHECK-NEXT: __omp2numa_parallel(&__o2n_site, __o2n_region_[[R]], &__o2n_args, 0, 1);
  // CHECK-NEXT: j = __o2n_args.j;
  // CHECK-NEXT: k = __o2n_args.k;
  // CHECK-NEXT: }
}
// CHECK:      static void __o2n_region_[[R]](void *__o2n_data)
// CHECK:        int *const j = &__o2n_ctx->j;
// CHECK-NEXT:   int *const k = &__o2n_ctx->k;
// CHECK:          for ((*j) = 0; (*j) < N; (*j)++)
// CHECK-NEXT:       for ((*k) = 0; (*k) < N; (*k)++)
// CHECK-NEXT:         C[i][(*j)] += A[i][(*k)] * B[(*k)][(*j)];

// A parameter, and a pointer variable (its own value is copied, not what it points to).
// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   int count;
// CHECK-NEXT:   double *p;
// CHECK-NEXT: };
// CHECK-LABEL: int parameter(int count, double *p)
int parameter(int count, double *p) {
#pragma omp parallel
#pragma omp single
  {
    count += 2;
    p++;
  }
  // CHECK: struct __o2n_ctx_[[R]] __o2n_args = {.count = count, .p = p};
  // CHECK: count = __o2n_args.count;
  // CHECK-NEXT: p = __o2n_args.p;
  return count + (int)*p;
}

// Null cases.

// Shared by an enclosing region: the inner region's team and the rest of the outer team use the
// same variable, which the inner region reaches through the outer one's pointer.
// CHECK:      struct __o2n_ctx_[[IN:[0-9]+]] {
// CHECK-NEXT:   int *outer_shared;
// CHECK-NEXT:   int inner_local;
// CHECK-NEXT: };
// CHECK:      struct __o2n_ctx_[[OUT:[0-9]+]] {
// CHECK-NEXT:   int outer_shared;
// CHECK-NEXT: };
// CHECK-LABEL: int nested(void)
int nested(void) {
  int outer_shared = 0;
#pragma omp parallel
  {
    int inner_local = 0;
#pragma omp parallel
    {
#pragma omp atomic
      outer_shared++;
#pragma omp atomic
      inner_local++;
    }
  }
  return outer_shared;
}
// The inner region's own variable (declared in the outer region) is copied in and out there.
// CHECK:      struct __o2n_ctx_[[IN]] __o2n_args = {.outer_shared = &(*outer_shared), .inner_local = inner_local};
// CHECK:      inner_local = __o2n_args.inner_local;

// A task created before the region that names the variable may still run during the region.
// CHECK:      struct __o2n_ctx_[[T:[0-9]+]] {
// CHECK-NEXT:   int *counted;
// CHECK-NEXT: };
// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   int *counted;
// CHECK-NEXT: };
// CHECK-LABEL: int task_outside(void)
int task_outside(void) {
  int counted = 0;
#pragma omp task shared(counted)
  counted += 10;
#pragma omp parallel
#pragma omp atomic
  counted++;
#pragma omp taskwait
  return counted;
}
// CHECK: struct __o2n_ctx_[[R]] __o2n_args = {.counted = &counted};

// A clause of the region that names the variable: lastprivate and reduction results are written
// through the pointer.
// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   int *last;
// CHECK-NEXT:   int *sum;
// CHECK-NEXT: };
// CHECK-LABEL: int clauses(void)
int clauses(void) {
  int last = 0, sum = 0;
#pragma omp parallel for lastprivate(last) reduction(+: sum)
  for (int i = 0; i < 8; i++) {
    last = i;
    sum += i;
  }
  return last + sum;
}

// Qualifiers and storage: volatile and _Atomic objects keep their one address, a register
// variable goes through its shadow, a static local is not the function's to copy.
// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   volatile int *flag;
// CHECK-NEXT:   _Atomic(int) *atom;
// CHECK-NEXT:   int *reg;
// CHECK-NEXT:   int *st;
// CHECK-NEXT: };
// CHECK-LABEL: int qualified(void)
int qualified(void) {
  volatile int flag = 0;
  _Atomic int atom = 0;
  register int reg = 0;
  static int st;
#pragma omp parallel
#pragma omp critical
  {
    flag = 1;
    atom += 1;
    reg++;
    st++;
  }
  return flag + atom + reg + st;
}
// CHECK: struct __o2n_ctx_[[R]] __o2n_args = {.flag = &flag, .atom = &atom, .reg = &__o2n_reg_reg, .st = &st};
