// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// `atomic read`, `atomic write` and `atomic capture` in lock-free building blocks that
// applications use:
//  - stream compaction: `slot = count++` (capture, `v = x++`) hands every kept element a unique
//    slot in the output; the output is sorted before it is compared, so the order threads got
//    their slots does not matter;
//  - a bump allocator: `{ v = top; top += size; }` (structured capture) gives every request a
//    disjoint range, checked to tile [0, total) exactly;
//  - a lock-free list push: `{ v = head; head = node; }` (capture with a write) links every node
//    exactly once;
//  - the other capture forms, `v = ++x`, `v = x--`, `v = --x`, `v = x op= e`, `v = x = x op e`,
//    `{ x op= e; v = x; }`, `{ v = x; x = x op e; }`, `{ ++x; v = x; }`, on int, long, unsigned
//    and double: for each, the multiset of captured values must equal the serial sequence;
//  - `atomic write` of values whose two 32-bit halves are equal and `atomic read` of them while
//    other threads write: a read must never see a torn value; progress read with `atomic read`
//    never goes backwards within a thread.

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 30011
#define MAXT 64

static int input[N], output[N];
static int count;
static long top;
static long alloc_at[N], alloc_size[N];
static int next_of[N + 1];
static int head;
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static int cmp_int(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static int cmp_long(const void *a, const void *b)
{
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int keep(int v)
{
  return v % 3 != 0 && v % 7 != 1;
}

static void compaction(void)
{
  count = 0;
#pragma omp parallel for schedule(dynamic, 50)
  for (int i = 0; i < N; i++) {
    if (!keep(input[i]))
      continue;
    int slot;
#pragma omp atomic capture
    slot = count++;
    output[slot] = input[i];
  }
  static int ref[N];
  int nref = 0;
  for (int i = 0; i < N; i++)
    if (keep(input[i]))
      ref[nref++] = input[i];
  CHECK(count == nref, "compaction kept %d, want %d", count, nref);
  qsort(output, (size_t)count, sizeof(int), cmp_int);
  qsort(ref, (size_t)nref, sizeof(int), cmp_int);
  CHECK(memcmp(output, ref, sizeof(int) * (size_t)nref) == 0, "compaction output differs");
  long s = 0;
  for (int k = 0; k < nref; k++)
    s += (long)ref[k] * (k + 1);
  printf("compaction: %d kept, weighted sum %ld\n", nref, s);
}

static void bump_allocator(void)
{
  top = 0;
#pragma omp parallel for schedule(guided)
  for (int i = 0; i < N; i++) {
    long size = 1 + input[i] % 64, at;
#pragma omp atomic capture
    {
      at = top;
      top += size;
    }
    alloc_at[i] = at;
    alloc_size[i] = size;
  }
  /* sort the ranges by start: they must tile [0, top) */
  static long key[N];
  for (int i = 0; i < N; i++)
    key[i] = alloc_at[i] * 128 + alloc_size[i]; /* sizes are < 128 */
  qsort(key, N, sizeof(long), cmp_long);
  long expect = 0, total = 0;
  int bad = 0;
  for (int i = 0; i < N; i++) {
    if (key[i] / 128 != expect && bad++ < 3)
      printf("MISMATCH allocator: range at %ld, want %ld\n", key[i] / 128, expect);
    expect = key[i] / 128 + key[i] % 128;
    total += 1 + input[i] % 64;
  }
  failures += bad != 0;
  CHECK(top == total && expect == total, "allocator: top %ld, want %ld", top, total);
  printf("bump allocator: %d requests, %ld units\n", N, total);
}

static void list_push(void)
{
  head = -1;
#pragma omp parallel for schedule(static, 3)
  for (int i = 0; i < N; i++) {
    int prev;
#pragma omp atomic capture
    {
      prev = head;
      head = i;
    }
    next_of[i] = prev;
  }
  static unsigned char seen[N];
  memset(seen, 0, sizeof seen);
  int len = 0, bad = 0;
  for (int p = head; p != -1 && len <= N; p = next_of[p]) {
    if (seen[p]++ && bad++ < 3)
      printf("MISMATCH list: node %d linked twice\n", p);
    len++;
  }
  failures += bad != 0;
  CHECK(len == N, "list has %d nodes, want %d", len, N);
  printf("lock-free list: %d nodes\n", len);
}

/* Each capture form, M updates; the captured values, sorted, must equal the serial ones. */
#define M 4000
static int ci[M], ci_ref[M];
static long cl[M], cl_ref[M];
static double cd[M], cd_ref[M];

static void check_ints(const char *form, int final, int final_ref)
{
  qsort(ci, M, sizeof(int), cmp_int);
  qsort(ci_ref, M, sizeof(int), cmp_int);
  CHECK(final == final_ref && memcmp(ci, ci_ref, sizeof ci) == 0,
        "%s: final %d (want %d) or captured values differ", form, final, final_ref);
  long s = 0;
  for (int k = 0; k < M; k++)
    s += (long)ci_ref[k] * (k % 7);
  printf("  %-28s final %d, captured checksum %ld\n", form, final_ref, s);
}

static void check_longs(const char *form, long final, long final_ref)
{
  qsort(cl, M, sizeof(long), cmp_long);
  qsort(cl_ref, M, sizeof(long), cmp_long);
  CHECK(final == final_ref && memcmp(cl, cl_ref, sizeof cl) == 0,
        "%s: final %ld (want %ld) or captured values differ", form, final, final_ref);
  long s = 0;
  for (int k = 0; k < M; k++)
    s += cl_ref[k] % 1000003 * (k % 5);
  printf("  %-28s final %ld, captured checksum %ld\n", form, final_ref, s);
}

static void check_doubles(const char *form, double final, double final_ref)
{
  qsort(cd, M, sizeof(double), cmp_double);
  qsort(cd_ref, M, sizeof(double), cmp_double);
  CHECK(final == final_ref && memcmp(cd, cd_ref, sizeof cd) == 0,
        "%s: final %.17g (want %.17g) or captured values differ", form, final, final_ref);
  double s = 0.0;
  for (int k = 0; k < M; k++)
    s += cd_ref[k];
  printf("  %-28s final %.3f, captured sum %.3f\n", form, final_ref, s);
}

static void capture_forms(void)
{
  int x, xr;
  long y, yr;
  double d, dr;
  unsigned u, ur;
  printf("capture forms:\n");

  x = xr = 100;
#pragma omp parallel for
  for (int i = 0; i < M; i++) {
    int v;
#pragma omp atomic capture
    v = ++x;
    ci[i] = v;
  }
  for (int i = 0; i < M; i++)
    ci_ref[i] = ++xr;
  check_ints("v = ++x (int)", x, xr);

  y = yr = 7;
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < M; i++) {
    long v;
#pragma omp atomic capture
    v = y--;
    cl[i] = v;
  }
  for (int i = 0; i < M; i++)
    cl_ref[i] = yr--;
  check_longs("v = x-- (long)", y, yr);

  x = xr = 0;
#pragma omp parallel for
  for (int i = 0; i < M; i++) {
    int v;
#pragma omp atomic capture
    v = --x;
    ci[i] = v;
  }
  for (int i = 0; i < M; i++)
    ci_ref[i] = --xr;
  check_ints("v = --x (int)", x, xr);

  y = yr = 1L << 40;
#pragma omp parallel for schedule(static, 5)
  for (int i = 0; i < M; i++) {
    long v;
#pragma omp atomic capture
    v = y += 3;
    cl[i] = v;
  }
  for (int i = 0; i < M; i++)
    cl_ref[i] = yr += 3;
  check_longs("v = x += 3 (long)", y, yr);

  d = dr = 0.0;
#pragma omp parallel for
  for (int i = 0; i < M; i++) {
    double v;
#pragma omp atomic capture
    v = d = d + 0.5;
    cd[i] = v;
  }
  for (int i = 0; i < M; i++)
    cd_ref[i] = dr = dr + 0.5;
  check_doubles("v = x = x + 0.5 (double)", d, dr);

  d = dr = 1000.0;
#pragma omp parallel for schedule(guided)
  for (int i = 0; i < M; i++) {
    double v;
#pragma omp atomic capture
    {
      d -= 0.25;
      v = d;
    }
    cd[i] = v;
  }
  for (int i = 0; i < M; i++) {
    dr -= 0.25;
    cd_ref[i] = dr;
  }
  check_doubles("{ x -= 0.25; v = x; } (double)", d, dr);

  u = ur = 1u;
#pragma omp parallel for
  for (int i = 0; i < M; i++) {
    unsigned v;
#pragma omp atomic capture
    {
      v = u;
      u = u * 3u; /* wraps: distinct values, 3 is odd */
    }
    ci[i] = (int)(v & 0x7fffffffu);
  }
  for (int i = 0; i < M; i++) {
    ci_ref[i] = (int)(ur & 0x7fffffffu);
    ur = ur * 3u;
  }
  check_ints("{ v = x; x = x * 3u; } (uns)", (int)(u & 0x7fffffffu), (int)(ur & 0x7fffffffu));

  x = xr = -50;
#pragma omp parallel for schedule(dynamic, 16)
  for (int i = 0; i < M; i++) {
    int v;
#pragma omp atomic capture
    {
      ++x;
      v = x;
    }
    ci[i] = v;
  }
  for (int i = 0; i < M; i++) {
    ++xr;
    ci_ref[i] = xr;
  }
  check_ints("{ ++x; v = x; } (int)", x, xr);

  x = xr = 0;
#pragma omp parallel for
  for (int i = 0; i < M; i++) {
    int v;
#pragma omp atomic capture
    {
      v = x;
      x |= 1 << (i % 24);
    }
    /* which bits a capture sees depends on the order; it can only see bits of the final mask */
    ci[i] = (v & ~0xffffff) != 0;
  }
  for (int i = 0; i < M; i++) {
    ci_ref[i] = (xr & ~0xffffff) != 0;
    xr |= 1 << (i % 24);
  }
  check_ints("{ v = x; x |= bit; } (int)", x, xr);
}

/* atomic write of "self-checking" 64-bit values, atomic read by other threads. */
static void read_write(void)
{
  long long shared_val = 0;
  long progress = 0;
  int torn = 0, backwards = 0;
#pragma omp parallel reduction(+ : torn, backwards)
  {
    long last = -1;
#pragma omp for schedule(dynamic, 8)
    for (int i = 0; i < N; i++) {
#pragma omp atomic write
      shared_val = (long long)(i + 1) * 0x100000001LL; /* both halves equal i + 1 */
      long long r;
#pragma omp atomic read
      r = shared_val;
      if ((r >> 32) != (r & 0xffffffffLL))
        torn++;
#pragma omp atomic
      progress++;
      long p;
#pragma omp atomic read
      p = progress;
      if (p < last || p < 1 || p > N)
        backwards++;
      last = p;
    }
  }
  long long final_val;
#pragma omp atomic read
  final_val = shared_val;
  CHECK(torn == 0 && backwards == 0, "%d torn reads, %d progress reads out of range", torn,
        backwards);
  CHECK((final_val >> 32) == (final_val & 0xffffffffLL) && final_val != 0, "final value torn");
  CHECK(progress == N, "progress %ld, want %d", progress, N);
  printf("atomic read/write: %ld updates, no torn values\n", progress);
}

int main(void)
{
  unsigned seed = 31u;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    input[i] = (int)(seed >> 12);
  }
  compaction();
  bump_allocator();
  list_push();
  capture_forms();
  read_write();
  printf("atomic_read_write_capture: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
