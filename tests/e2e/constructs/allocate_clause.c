// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t | FileCheck %s
// RUN: %if gcc-openmp %{ gcc -std=gnu11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp %}
// RUN: %if gcc-openmp %{ env OMP_NUM_THREADS=3 %o2n-run %t.gomp | FileCheck %s %}
// REQUIRES: translator
//
// The allocate clause (OpenMP 5.0 and 5.1 forms): private, firstprivate, lastprivate, reduction
// (arrays and sections too), linear and loop-variable copies of scalars, arrays,
// variable-length arrays and structs on parallel, for, sections, single and task come from the clause's allocator (an allocator whose alignment trait is 4096, so an
// address tells where a copy lives), or from the def-allocator-var ICV without one, aligned as
// align(n) asks; copy-in and copy-out keep the serial meaning.  clang 16 does not take the
// align and allocator modifiers.
//
// CHECK: ok

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ALIGNED(p, n) ((((uintptr_t)(p)) & ((uintptr_t)(n) - 1)) == 0)

static int failures;

static void expect(int ok, int line) {
  if (!ok) {
    printf("FAIL %s:%d\n", __FILE__, line);
    __atomic_fetch_add(&failures, 1, __ATOMIC_RELAXED);
  }
}
#define EXPECT(c) expect((c), __LINE__)

struct S {
  int a, b;
  double d;
};

/* Copies of parallel and task: h's, or the default allocator's when Default says so. */
static void regions(omp_allocator_handle_t h, int n, int Default) {
  int x = 42, y = 0, arr[5] = {1, 2, 3, 4, 5};
  int v[n];
  struct S s = {27, 29, 1.5};
  for (int i = 0; i < n; i++)
    v[i] = i;
#pragma omp parallel num_threads(3) private(y) firstprivate(x, s, v, arr) \
    allocate(h: x, y, s, v) allocate(align(256): arr)
  {
    y = omp_get_thread_num();
    x += y;
    s.a += y;
    v[n - 1] += y;
    arr[4] += y;
#pragma omp barrier
    EXPECT(x == 42 + y && s.a == 27 + y && s.b == 29 && s.d == 1.5);
    EXPECT(v[0] == 0 && v[n - 1] == n - 1 + y && arr[0] == 1 && arr[4] == 5 + y);
    EXPECT(sizeof v == n * sizeof(int) && sizeof arr == 5 * sizeof(int));
    EXPECT(ALIGNED(&x, 4096) && ALIGNED(&y, 4096) && ALIGNED(&s, 4096) && ALIGNED(v, 4096));
    EXPECT(ALIGNED(arr, 256) && (!Default || ALIGNED(arr, 4096)));
  }
  EXPECT(x == 42 && s.a == 27 && arr[4] == 5 && v[n - 1] == n - 1);
}

/* Copies of tasks (apart: gcc 12 crashes on a task in a function with a variable-length
   array). */
static void tasks(omp_allocator_handle_t h, int Default) {
  int x = 42, y = 0, arr[5] = {1, 2, 3, 4, 5};
  struct S s = {27, 29, 1.5};
#pragma omp parallel num_threads(3)
#pragma omp single
  {
#pragma omp task firstprivate(x) private(y) allocate(allocator(h), align(32): x, y)
    {
      y = 5;
      x++;
      EXPECT(x == 43 && y == 5 && ALIGNED(&x, 4096) && ALIGNED(&y, 4096));
    }
#pragma omp task firstprivate(s) allocate(h: s)
    {
      s.b++;
      EXPECT(s.b == 30 && ALIGNED(&s, 4096));
    }
#pragma omp task firstprivate(arr) allocate(arr)
    {
      arr[1] += 10;
      EXPECT(arr[1] == 12 && (!Default || ALIGNED(arr, 4096)));
    }
  }
  EXPECT(x == 42 && s.b == 29 && arr[1] == 2);
}

/* Copies of the worksharing constructs in a region. */
static void worksharing(omp_allocator_handle_t h, int n) {
  int x = 42, y = -1, l = -1, arr[3] = {1, 2, 3};
  int v[n];
  struct S s = {0, 0, 0};
#pragma omp parallel num_threads(3)
  {
#pragma omp for private(y) firstprivate(x) lastprivate(l) allocate(h: y, x, l)
    for (int i = 0; i < 30; i++) {
      y = i;
      l = i + x;
      EXPECT(x == 42 && y == i);
      EXPECT(ALIGNED(&x, 4096) && ALIGNED(&y, 4096) && ALIGNED(&l, 4096));
    }
#pragma omp sections firstprivate(arr) lastprivate(s) allocate(align(64): arr, s)
    {
#pragma omp section
      {
        s = (struct S){1, 2, 3};
        arr[0] += 1;
        EXPECT(arr[0] == 2 && ALIGNED(arr, 64) && ALIGNED(&s, 64));
      }
#pragma omp section
      {
        s = (struct S){4, 5, 6};
        EXPECT(arr[2] == 3 && ALIGNED(arr, 64) && ALIGNED(&s, 64));
      }
    }
#pragma omp single private(v) allocate(h: v)
    {
      v[n - 1] = 7;
      EXPECT(v[n - 1] == 7 && ALIGNED(v, 4096) && sizeof v == n * sizeof(int));
    }
  }
  EXPECT(l == 29 + 42 && s.a == 4 && s.d == 6 && arr[0] == 1 && y == -1);
#pragma omp parallel for num_threads(2) firstprivate(x) lastprivate(x) allocate(h: x)
  for (int i = 0; i < 8; i++) {
    EXPECT(ALIGNED(&x, 4096));
    x = i;
  }
  EXPECT(x == 7);
}

/* Reductions (scalars, arrays, sections, variable-length arrays), linear and loop variables. */
static void reductions(omp_allocator_handle_t h, int n) {
  int r = 0, arr[4] = {0}, p[6] = {0}, *q = p, lin = 3, i, j, last = -1;
  int v[n];
  double d = 0;
  for (int k = 0; k < n; k++)
    v[k] = 0;
#pragma omp parallel for num_threads(3) reduction(+: r, arr, d) allocate(h: r, arr) \
    allocate(align(64): d)
  for (int k = 0; k < 100; k++) {
    r += k;
    arr[k % 4] += 1;
    d += 0.5;
    EXPECT(ALIGNED(&r, 4096) && ALIGNED(arr, 4096) && ALIGNED(&d, 64));
  }
  EXPECT(r == 4950 && arr[0] == 25 && arr[3] == 25 && d == 50);
  int threads = 0;
#pragma omp parallel num_threads(3) reduction(+: q[0:4], v, threads) allocate(h: q, v)
  {
    q[1] += 1;
    q[3] += 2;
    v[n - 1] += 3;
    threads += 1;
    EXPECT(ALIGNED(&q[0], 4096));
  }
  EXPECT(p[1] == threads && p[3] == 2 * threads && p[4] == 0 && v[n - 1] == 3 * threads);
#pragma omp parallel num_threads(3)
  {
#pragma omp for collapse(2) lastprivate(i, j, last) linear(lin: 2) allocate(h: i, j, last, lin)
    for (i = 0; i < 4; i++)
      for (j = 0; j < 5; j++) {
        lin += 2;
        last = i * 10 + j;
        EXPECT(ALIGNED(&i, 4096) && ALIGNED(&j, 4096) && ALIGNED(&last, 4096));
        EXPECT(ALIGNED(&lin, 4096));
      }
  }
  EXPECT(i == 4 && j == 5 && last == 34 && lin == 3 + 2 * 20);
}

int main(void) {
  omp_alloctrait_t traits[] = {{omp_atk_alignment, 4096}, {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t h = omp_init_allocator(omp_default_mem_space, 2, traits);
  if (h == omp_null_allocator)
    return 1;
  regions(h, 9, 0);
  tasks(h, 0);
  worksharing(h, 9);
  reductions(h, 7);
  omp_set_default_allocator(h);
  regions(omp_null_allocator, 9, 1);
  tasks(omp_null_allocator, 1);
  omp_set_default_allocator(omp_default_mem_alloc);
  omp_destroy_allocator(h);
  if (failures)
    return 1;
  puts("ok");
  return 0;
}
