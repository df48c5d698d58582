// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 OMP_ALLOCATOR=omp_large_cap_mem_alloc %o2n-run %t | FileCheck %s
// RUN: not %o2n-run %t fail 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: %if clang-openmp %{ clang-16 -std=c11 -fopenmp -fopenmp-version=51 -O1 -Wall -Werror %s -o %t.libomp %}
// RUN: %if clang-openmp %{ env OMP_NUM_THREADS=4 %o2n-run %t.libomp | FileCheck %s %}
// REQUIRES: translator
//
// The allocate directive on automatic variables, checked against the serial meaning and with the
// same program built with clang-16 -fopenmp (gcc 12 does not implement the directive): values
// and initializers (scalars, arrays, an array sized by its initializer, a string, a struct from
// a call, a const), sizeof, addresses aligned as align(n) asks, a variable-length array; the
// storage comes from the allocator (an allocator whose pool holds one variable: while it lives,
// another allocation fails) and is freed on every way out of its block (end, break, continue,
// goto, return: a thousand times, so a block not freed would exhaust the pool); variables
// shared by parallel regions, loops and tasks after the directive.  With the pool's fallback
// null_fb a variable that does not fit stops the program (as libgomp's GOMP_alloc does).
//
// CHECK: ok
// FAIL: out of memory allocating 1000 bytes for a variable of an 'allocate' directive

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures;

static void expect(int ok, const char *what)
{
  if (!ok) {
    printf("FAILED: %s\n", what);
    failures++;
  }
}

struct point {
  int x;
  double y;
};

static struct point make_point(int x)
{
  struct point p = {x, x / 2.0};
  return p;
}

static void set(int *p, int v)
{
  *p = v;
}

/* An allocator whose pool holds one 200-byte variable at a time, failing without fallback. */
static omp_allocator_handle_t one_at_a_time(void)
{
  omp_alloctrait_t traits[] = {{omp_atk_pool_size, 400}, {omp_atk_fallback, omp_atv_null_fb}};
  return omp_init_allocator(omp_default_mem_space, 2, traits);
}

/* Whether the pool of h has room for another 200 bytes. */
static int pool_free(omp_allocator_handle_t h)
{
  void *p = omp_alloc(200, h);
  omp_free(p, h);
  return p != NULL;
}

static void values(int n)
{
  int x = 3;
  double d;
  int a[] = {1, 2, 3};
  char s[] = "allocate";
  struct point p = make_point(7);
  const double c = 2.5;
  double v[n];
  long m[2][3] = {{1, 2, 3}, {4, 5, 6}};
  short w[n][n + 1];
#pragma omp allocate(x, d, a) align(64)
#pragma omp allocate(s, p, c) allocator(omp_low_lat_mem_alloc)
#pragma omp allocate(v, m, w) allocator(omp_large_cap_mem_alloc) align(128)
  d = x * c;
  for (int i = 0; i < n; i++) {
    v[i] = i + d;
    for (int j = 0; j <= n; j++)
      w[i][j] = (short)(i - j);
  }
  expect(sizeof w == n * (n + 1) * sizeof(short) && sizeof w[0] == (n + 1) * sizeof(short) &&
             w[n - 1][0] == n - 1 && (uintptr_t)w % 128 == 0,
         "2-d variable-length array");
  expect(x == 3 && d == 7.5 && a[2] == 3 && strcmp(s, "allocate") == 0, "values");
  expect(p.x == 7 && p.y == 3.5 && m[1][2] == 6, "struct and 2-d values");
  expect(sizeof x == sizeof(int) && sizeof a == 3 * sizeof(int) && sizeof s == 9 &&
             sizeof v == n * sizeof(double) && sizeof m == 6 * sizeof(long) &&
             sizeof p == sizeof(struct point),
         "sizeof");
  expect((uintptr_t)&x % 64 == 0 && (uintptr_t)&d % 64 == 0 && (uintptr_t)a % 64 == 0 &&
             (uintptr_t)v % 128 == 0 && (uintptr_t)&m % 128 == 0,
         "alignment");
  set(&x, 5);
  int *first = a;
  expect(x == 5 && first[1] == 2 && &a[1] == first + 1 && *&v == &v[0] && v[n - 1] == n - 1 + d,
         "addresses");
}

/* Each block allocates buf from the one-allocation pool; it is freed however the block ends. */
static int exits(int k, omp_allocator_handle_t h)
{
  int left = 0;
  for (int i = 0; i < 10; i++) {
    char buf[200];
#pragma omp allocate(buf) allocator(h)
    buf[0] = (char)i;
    if (pool_free(h))
      return -1; /* buf is not in the pool */
    if (k == 0 && i == 3)
      break;
    if (k == 1)
      continue;
    if (k == 2 && i == 2)
      goto out;
    if (k == 3 && i == 4)
      return buf[0];
    left += buf[0];
  }
out:
  return left;
}

static void exit_paths(void)
{
  omp_allocator_handle_t h = one_at_a_time();
  expect(h != omp_null_allocator, "pool allocator");
  for (int round = 0; round < 250; round++)
    for (int k = 0; k < 4; k++) {
      int r = exits(k, h);
      expect(r == (k == 0 ? 3 : k == 1 ? 0 : k == 2 ? 1 : k == 3 ? 4 : 0), "exit result");
      if (!pool_free(h)) {
        expect(0, "freed on every exit");
        return;
      }
    }
  {
    char y[200] = "pool";
#pragma omp allocate(y) allocator(h)
    expect(!pool_free(h) && y[0] == 'p', "y from the pool");
  }
  expect(pool_free(h), "y freed at the end of its block");
  omp_destroy_allocator(h);
}

static void shared(int n)
{
  int sum = 0;
  double total = 0;
  int hist[4] = {0};
  long tasks = 0;
#pragma omp allocate(sum, total, hist, tasks) allocator(omp_cgroup_mem_alloc) align(32)
#pragma omp parallel
  {
#pragma omp atomic
    sum += 1;
#pragma omp critical
    hist[omp_get_thread_num() % 4]++;
  }
#pragma omp parallel for reduction(+ : total)
  for (int i = 1; i <= n; i++)
    total += i;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 10; i++) {
#pragma omp task shared(tasks) firstprivate(sum)
    {
#pragma omp atomic
      tasks += sum > 0;
    }
  }
  expect(sum >= 1 && hist[0] + hist[1] + hist[2] + hist[3] == sum, "shared by a region");
  expect(total == n * (n + 1) / 2.0 && tasks == 10, "reduction and tasks");
  expect((uintptr_t)&tasks % 32 == 0, "aligned");
}

int main(int argc, char **argv)
{
  if (argc > 1 && strcmp(argv[1], "fail") == 0) {
    omp_allocator_handle_t h = one_at_a_time();
    char big[1000];
#pragma omp allocate(big) allocator(h)
    big[0] = 1;
    printf("big: %d\n", big[0]);
    return 0;
  }
  for (int n = 1; n < 40; n += 7)
    values(n);
  exit_paths();
  shared(100);
  printf(failures ? "failed\n" : "ok\n");
  return failures != 0;
}
