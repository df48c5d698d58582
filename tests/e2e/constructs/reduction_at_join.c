// REQUIRES: translator
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP_WAIT_POLICY=passive %o2n-run %t
// RUN: env OMP_NUM_THREADS=3,2 OMP_MAX_ACTIVE_LEVELS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP_CANCELLATION=true %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 OMP_CANCELLATION=true %o2n-run %t
//
// Reductions that end their parallel region, which the join combines: the parallel construct's
// own clause and those of parallel for, parallel loop and parallel sections, for + * min max &&
// || & | ^ on int, long long and double (as the operators allow), + and * on _Complex double, a
// declare reduction over a struct, partials larger than the runtime's slot (they take the
// barrier), nested regions, regions with tasks (created in a called function, and in the body),
// and a cancelled region.  Each result is compared with the serial one; the values are chosen so
// that every order of combination gives it exactly (small integers, powers of two).

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "reduction_at_join.c:%d: ", __LINE__);                                       \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fprintf(stderr, "\n");                                                                       \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

enum { N = 1001 };
static int iv[N];       /* in [-3, 3]; at most 20 of them other than 1 and -1 (products) */
static long long lv[N]; /* in [0, 2^40) */
static double dv[N];    /* 0.5, 1 or 2: sums and products are exact */

static void init(void)
{
  unsigned x = 12345;
  for (int i = 0; i < N; i++) {
    x = x * 1103515245u + 12345u;
    iv[i] = i % 50 == 7 ? (int)(x >> 16) % 3 + 2 : ((x >> 16) & 1) ? 1 : -1;
    lv[i] = ((long long)(x >> 8) << 16) ^ i;
    dv[i] = i % 97 == 3 ? 2.0 : i % 89 == 5 ? 0.5 : 1.0;
  }
}

static void ints(void)
{
  int sum = 5, prod = 1, lo = 100, hi = -100, land = 1, lor = 0, band = ~0, bor = 0, bxor = 3;
  int s_sum = 5, s_prod = 1, s_lo = 100, s_hi = -100, s_land = 1, s_lor = 0, s_band = ~0,
      s_bor = 0, s_bxor = 3;
  for (int i = 0; i < N; i++) {
    s_sum += iv[i], s_prod *= i % 50 == 7 ? iv[i] : 1, s_lo = iv[i] < s_lo ? iv[i] : s_lo;
    s_hi = iv[i] > s_hi ? iv[i] : s_hi, s_land = s_land && iv[i] != 0, s_lor = s_lor || iv[i] > 2;
    s_band &= iv[i] | 0x100, s_bor |= iv[i] & 0xff, s_bxor ^= iv[i] * 3;
  }
#pragma omp parallel for reduction(+ : sum) reduction(* : prod) reduction(min : lo)             \
    reduction(max : hi) reduction(&& : land) reduction(|| : lor) reduction(& : band)            \
    reduction(| : bor) reduction(^ : bxor)
  for (int i = 0; i < N; i++) {
    sum += iv[i], prod *= i % 50 == 7 ? iv[i] : 1, lo = iv[i] < lo ? iv[i] : lo;
    hi = iv[i] > hi ? iv[i] : hi, land = land && iv[i] != 0, lor = lor || iv[i] > 2;
    band &= iv[i] | 0x100, bor |= iv[i] & 0xff, bxor ^= iv[i] * 3;
  }
  CHECK(sum == s_sum && prod == s_prod && lo == s_lo && hi == s_hi, "int + * min max: %d %d %d %d",
        sum, prod, lo, hi);
  CHECK(land == s_land && lor == s_lor && band == s_band && bor == s_bor && bxor == s_bxor,
        "int && || & | ^: %d %d %#x %#x %#x", land, lor, band, bor, bxor);
}

/* The parallel construct's own clause: thread t contributes the elements t, t + n, ... */
static void long_longs(void)
{
  long long sum = 1, lo = 1LL << 50, hi = 0, band = ~0LL, bor = 0, bxor = 0, land = 1, lor = 0;
  long long s_sum = 1, s_lo = 1LL << 50, s_hi = 0, s_band = ~0LL, s_bor = 0, s_bxor = 0;
  for (int i = 0; i < N; i++) {
    s_sum += lv[i], s_lo = lv[i] < s_lo ? lv[i] : s_lo, s_hi = lv[i] > s_hi ? lv[i] : s_hi;
    s_band &= lv[i] | 0xff, s_bor |= lv[i], s_bxor ^= lv[i];
  }
#pragma omp parallel reduction(+ : sum) reduction(min : lo) reduction(max : hi)
  for (int i = omp_get_thread_num(); i < N; i += omp_get_num_threads())
    sum += lv[i], lo = lv[i] < lo ? lv[i] : lo, hi = lv[i] > hi ? lv[i] : hi;
#pragma omp parallel reduction(& : band) reduction(| : bor) reduction(^ : bxor)                 \
    reduction(&& : land) reduction(|| : lor)
  for (int i = omp_get_thread_num(); i < N; i += omp_get_num_threads())
    band &= lv[i] | 0xff, bor |= lv[i], bxor ^= lv[i], land = land && lv[i] >= 0, lor = lor || !i;
  CHECK(sum == s_sum && lo == s_lo && hi == s_hi, "long long + min max: %lld %lld %lld", sum, lo,
        hi);
  CHECK(band == s_band && bor == s_bor && bxor == s_bxor && land == 1 && lor == 1,
        "long long & | ^ && ||: %llx %llx %llx %lld %lld", band, bor, bxor, land, lor);
}

/* parallel loop and parallel sections. */
static void doubles(void)
{
  double sum = 0.25, prod = 1, lo = 10, hi = -10, land = 1, lor = 0;
  double s_sum = 0.25, s_prod = 1, s_lo = 10, s_hi = -10;
  for (int i = 0; i < N; i++)
    s_sum += dv[i], s_prod *= dv[i], s_lo = dv[i] < s_lo ? dv[i] : s_lo,
        s_hi = dv[i] > s_hi ? dv[i] : s_hi;
#pragma omp parallel loop reduction(+ : sum) reduction(* : prod) reduction(min : lo)            \
    reduction(max : hi)
  for (int i = 0; i < N; i++)
    sum += dv[i], prod *= dv[i], lo = dv[i] < lo ? dv[i] : lo, hi = dv[i] > hi ? dv[i] : hi;
#pragma omp parallel sections reduction(&& : land) reduction(|| : lor)
  {
#pragma omp section
    land = land && dv[0] > 0;
#pragma omp section
    lor = lor || dv[3] == 2.0;
#pragma omp section
    land = land && dv[5] != 0;
  }
  CHECK(sum == s_sum && prod == s_prod && lo == s_lo && hi == s_hi, "double + * min max: %g %g %g %g",
        sum, prod, lo, hi);
  CHECK(land == 1 && lor == 1, "double && ||: %g %g", land, lor);
}

static void complexes(void)
{
  _Complex double sum = 1, prod = 1, s_sum = 1, s_prod = 1;
  for (int i = 0; i < N; i++) {
    const _Complex double z = dv[i] + (i % 2 ? 1.0 : -1.0) * __builtin_complex(0.0, 1.0);
    s_sum += z;
    s_prod *= i % 100 == 1 ? __builtin_complex(0.0, 1.0) : 1;
  }
#pragma omp parallel for reduction(+ : sum) reduction(* : prod)
  for (int i = 0; i < N; i++) {
    sum += dv[i] + (i % 2 ? 1.0 : -1.0) * __builtin_complex(0.0, 1.0);
    prod *= i % 100 == 1 ? __builtin_complex(0.0, 1.0) : 1;
  }
  CHECK(sum == s_sum && prod == s_prod, "complex + *: %g%+gi %g%+gi", __real__ sum, __imag__ sum,
        __real__ prod, __imag__ prod);
}

struct vec {
  double x;
  long long n;
};
#pragma omp declare reduction(vadd : struct vec : omp_out.x += omp_in.x, omp_out.n += omp_in.n)   \
    initializer(omp_priv = {0, 0})

/* Twelve sums: a partial of 96 bytes. */
struct big {
  long long v[12];
};
#pragma omp declare reduction(badd : struct big : omp_out = badd(omp_out, omp_in))              \
    initializer(omp_priv = {{0}})

static struct big badd(struct big a, struct big b)
{
  for (int k = 0; k < 12; k++)
    a.v[k] += b.v[k];
  return a;
}

static void user_and_large(void)
{
  struct vec v = {0.5, 2};
  struct big b = {{0}};
  long long a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0, a8 = 0, a9 = 0;
  long long s = 0;
  for (int i = 0; i < N; i++)
    s += lv[i] & 0xffff;
#pragma omp parallel for reduction(vadd : v)
  for (int i = 0; i < N; i++)
    v.x += dv[i], v.n += lv[i] & 0xffff;
#pragma omp parallel for reduction(badd : b)
  for (int i = 0; i < N; i++)
    b.v[i % 12] += 1;
#pragma omp parallel for reduction(+ : a0, a1, a2, a3, a4, a5, a6, a7, a8, a9)
  for (int i = 0; i < N; i++)
    a0 += i, a1 += 1, a2 += 2, a3 += 3, a4 += 4, a5 += 5, a6 += 6, a7 += 7, a8 += 8, a9 += 9;
  double x = 0.5;
  for (int i = 0; i < N; i++)
    x += dv[i];
  CHECK(v.x == x && v.n == s + 2, "declare reduction: %g %lld", v.x, v.n);
  for (int k = 0; k < 12; k++)
    CHECK(b.v[k] == N / 12 + (k < N % 12), "large partial, element %d: %lld", k, b.v[k]);
  CHECK(a0 == (long long)N * (N - 1) / 2 && a1 == N && a9 == 9LL * N, "ten sums: %lld %lld %lld",
        a0, a1, a9);
}

/* Each outer thread counts its inner team's thread numbers plus one. */
static void nested(void)
{
  long total = 0, expected = 0;
#pragma omp parallel reduction(+ : total)
  {
    long inner = 0;
    int size = 0;
#pragma omp parallel reduction(+ : inner) shared(size)
    {
      inner += omp_get_thread_num() + 1;
      if (omp_get_thread_num() == 0)
        size = omp_get_num_threads();
    }
    CHECK(inner == size * (size + 1L) / 2, "inner team of %d: %ld", size, inner);
#pragma omp atomic
    expected += inner;
    total += inner;
  }
  CHECK(total == expected, "nested: %ld, expected %ld", total, expected);
}

static void spawn(int *counter)
{
  for (int k = 0; k < 8; k++) {
#pragma omp task firstprivate(counter)
    {
#pragma omp atomic
      (*counter)++;
    }
  }
}

/* Tasks that run after their creators have reached the end: the join waits for them first. */
static void tasks(void)
{
  int counter = 0, n = 0, direct = 0;
  long sum = 0;
#pragma omp parallel reduction(+ : sum) shared(counter, n)
  {
    spawn(&counter);
    sum += omp_get_thread_num() + 1;
    if (omp_get_thread_num() == 0)
      n = omp_get_num_threads();
  }
  CHECK(counter == 8 * n && sum == n * (n + 1L) / 2, "tasks: %d of %d, sum %ld", counter, 8 * n,
        sum);
  sum = 0;
#pragma omp parallel reduction(+ : sum) shared(direct)
  {
#pragma omp task shared(direct)
    {
#pragma omp atomic
      direct++;
    }
    sum += 1;
  }
  CHECK(direct == n && sum == n, "a task in the body: %d, sum %ld", direct, sum);
}

/* A cancelled region's partials are not combined by omp2numa (OpenMP leaves the value
   unspecified); a team of one, whose cancel does nothing to wait for, combines its own. */
static void cancelled(void)
{
  long s = 1000;
  int n = 1;
#pragma omp parallel reduction(+ : s) shared(n)
  {
    s += omp_get_thread_num() + 1;
    if (omp_get_thread_num() == 0)
      n = omp_get_num_threads();
#pragma omp cancel parallel if (omp_get_thread_num() == omp_get_num_threads() - 1)
  }
  const long all = 1000 + n * (n + 1L) / 2;
  CHECK(s == (omp_get_cancellation() && n > 1 ? 1000 : all), "cancelled: %ld (%d threads)", s, n);
}

int main(void)
{
  init();
  for (int round = 0; round < 20; round++) {
    ints();
    long_longs();
    doubles();
    complexes();
    user_and_large();
    nested();
    tasks();
    cancelled();
  }
  printf("reduction_at_join: ok\n");
  return 0;
}
