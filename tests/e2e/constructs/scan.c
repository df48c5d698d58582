// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=5 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=8 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// reduction(inscan, op: list) with #pragma omp scan inclusive/exclusive, on for, parallel for,
// for simd, parallel for simd and simd, checked element by element against the serial prefix
// (whose values start from the original's value, as gcc's do): sums over int, unsigned (wrapping)
// and double (exact: multiples of 1/4), products, min and max, the bitwise and logical operators,
// several list items in one clause, an input phase with a side effect that must run once per
// iteration, trip counts of 0, 1, fewer than the team and uneven, steps of 3 and -2, a collapsed
// nest, an orphaned loop over a global, nowait, and a loop in a parallel region run repeatedly.

#include <stdio.h>

#define N 1003

static int a[N], ib[N], ie[N];
static unsigned ua[N], ub[N];
static double da[N], db[N];
static int failures;
static int g;

static void check(const char *what, int ok) {
  if (!ok) {
    printf("FAIL %s\n", what);
    ++failures;
  }
}

// Inclusive and exclusive int sums on parallel for, for n iterations, from start.
static void int_sums(int n, int start) {
  int r = start, s = start;
#pragma omp parallel for reduction(inscan, +: r)
  for (int i = 0; i < n; i++) {
    r += a[i];
#pragma omp scan inclusive(r)
    ib[i] = r;
  }
#pragma omp parallel for reduction(inscan, +: s)
  for (int i = 0; i < n; i++) {
    ie[i] = s;
#pragma omp scan exclusive(s)
    s += a[i];
  }
  int ok = 1, v = start;
  for (int i = 0; i < n; i++) {
    ok &= ie[i] == v;
    v += a[i];
    ok &= ib[i] == v;
  }
  check("int sums", ok && r == v && s == v);
  printf("int sums n=%d: %d %d\n", n, r, n ? ib[n - 1] : -1);
}

// A user-defined reduction (a running maximum of pairs, starting from its initializer) scanned
// inclusively.
struct span {
  int lo, hi;
};
#pragma omp declare reduction(widen : struct span : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) initializer(omp_priv = {1 << 30, -(1 << 30)})
static struct span spans[N];

static void user_defined(void) {
  struct span r = {1 << 30, -(1 << 30)};
#pragma omp parallel for reduction(inscan, widen: r)
  for (int i = 0; i < N; i++) {
    r.lo = a[i] < r.lo ? a[i] : r.lo;
    r.hi = a[i] > r.hi ? a[i] : r.hi;
#pragma omp scan inclusive(r)
    spans[i] = r;
  }
  int ok = 1, lo = 1 << 30, hi = -(1 << 30);
  for (int i = 0; i < N; i++) {
    lo = a[i] < lo ? a[i] : lo;
    hi = a[i] > hi ? a[i] : hi;
    ok &= spans[i].lo == lo && spans[i].hi == hi;
  }
  check("user-defined scan", ok && r.lo == lo && r.hi == hi);
  printf("user-defined scan: [%d, %d]\n", r.lo, r.hi);
}

// unsigned (wrapping) and double sums, several items in one clause, on for inside parallel.
static void unsigned_double(void) {
  unsigned u = 4000000000u;
  double d = 0.25;
#pragma omp parallel
#pragma omp for reduction(inscan, +: u, d)
  for (int i = 0; i < N; i++) {
    u += ua[i];
    d += da[i];
#pragma omp scan inclusive(u, d)
    {
      ub[i] = u;
      db[i] = d;
    }
  }
  unsigned su = 4000000000u;
  double sd = 0.25;
  int ok = 1;
  for (int i = 0; i < N; i++) {
    su += ua[i];
    sd += da[i];
    ok &= ub[i] == su && db[i] == sd;
  }
  check("unsigned and double", ok && u == su && d == sd);
  printf("unsigned %u double %.2f\n", u, d);
}

// min and max (exclusive), * (inclusive) on parallel for simd and for simd.
static void min_max_mul(void) {
  int mn = 1 << 30, mx = -(1 << 30);
  long long p = 3;
#pragma omp parallel for simd reduction(inscan, min: mn) reduction(inscan, max: mx)
  for (int i = 0; i < N; i++) {
    ib[i] = mn;
    ie[i] = mx;
#pragma omp scan exclusive(mn, mx)
    {
      mn = a[i] < mn ? a[i] : mn;
      mx = a[i] > mx ? a[i] : mx;
    }
  }
  long long pb[40];
#pragma omp parallel
#pragma omp for simd reduction(inscan, *: p)
  for (int i = 0; i < 40; i++) {
    p *= (i % 3 == 0) ? -2 : 1;
#pragma omp scan inclusive(p)
    pb[i] = p;
  }
  int ok = 1, smn = 1 << 30, smx = -(1 << 30);
  for (int i = 0; i < N; i++) {
    ok &= ib[i] == smn && ie[i] == smx;
    smn = a[i] < smn ? a[i] : smn;
    smx = a[i] > smx ? a[i] : smx;
  }
  long long sp = 3;
  for (int i = 0; i < 40; i++) {
    sp *= (i % 3 == 0) ? -2 : 1;
    ok &= pb[i] == sp;
  }
  check("min max mul", ok && mn == smn && mx == smx && p == sp);
  printf("min %d max %d mul %lld\n", mn, mx, p);
}

// & | ^ && || on simd alone (the encountering thread).
static void bitwise_logical(void) {
  unsigned band = ~0u, bor = 0, bxor = 5;
  int land = 1, lor = 0;
#pragma omp simd reduction(inscan, &: band) reduction(inscan, |: bor) reduction(inscan, ^: bxor) \
    reduction(inscan, &&: land) reduction(inscan, ||: lor)
  for (int i = 0; i < 64; i++) {
    band &= ~(1u << (i % 32)) | (i < 40 ? ~0u : 0u);
    bor |= 1u << (i % 29);
    bxor ^= ua[i];
    land = land && a[i] != 7;
    lor = lor || a[i] == 50;
#pragma omp scan inclusive(band, bor, bxor, land, lor)
    ub[i] = band ^ bor ^ bxor ^ (unsigned)land ^ ((unsigned)lor << 1);
  }
  unsigned sand = ~0u, sor = 0, sxor = 5;
  int sl = 1, so = 0, ok = 1;
  for (int i = 0; i < 64; i++) {
    sand &= ~(1u << (i % 32)) | (i < 40 ? ~0u : 0u);
    sor |= 1u << (i % 29);
    sxor ^= ua[i];
    sl = sl && a[i] != 7;
    so = so || a[i] == 50;
    ok &= ub[i] == (sand ^ sor ^ sxor ^ (unsigned)sl ^ ((unsigned)so << 1));
  }
  check("bitwise logical", ok && band == sand && bor == sor && bxor == sxor && land == sl &&
                               lor == so);
  printf("bitwise %u %u %u %d %d\n", band, bor, bxor, land, lor);
}

// The input phase counts its executions: once per iteration, in both kinds of scan.
static void side_effects(void) {
  int r = 0, s = 0, runs = 0, scans = 0;
#pragma omp parallel for reduction(inscan, +: r)
  for (int i = 0; i < N; i++) {
    {
#pragma omp atomic
      runs++;
      r += 1;
    }
#pragma omp scan inclusive(r)
    {
#pragma omp atomic
      scans++;
      ib[i] = r;
    }
  }
#pragma omp parallel for reduction(inscan, +: s)
  for (int i = 0; i < N; i++) {
    {
#pragma omp atomic
      scans++;
      ie[i] = s;
    }
#pragma omp scan exclusive(s)
    {
#pragma omp atomic
      runs++;
      s += 1;
    }
  }
  int ok = 1;
  for (int i = 0; i < N; i++)
    ok &= ib[i] == i + 1 && ie[i] == i;
  check("side effects", ok && runs == 2 * N && scans == 2 * N && r == N && s == N);
  printf("runs %d scans %d\n", runs, scans);
}

// Steps of 3 and -2, a collapsed nest, nowait.
static void loop_forms(void) {
  int r = 0, s = 0, c = 0;
  int k = 0;
#pragma omp parallel
  {
#pragma omp for reduction(inscan, +: r) nowait
    for (int i = 2; i < N; i += 3) {
      r += a[i];
#pragma omp scan inclusive(r)
      ib[i] = r;
    }
#pragma omp for reduction(inscan, +: s)
    for (int i = N - 1; i >= 0; i -= 2) {
      ie[i] = s;
#pragma omp scan exclusive(s)
      s += a[i];
    }
  }
  int cb[7][11];
#pragma omp parallel for collapse(2) reduction(inscan, +: c)
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < 11; j++) {
      c += i * j + 1;
#pragma omp scan inclusive(c)
      cb[i][j] = c;
    }
  int ok = 1, v = 0;
  for (int i = 2; i < N; i += 3) {
    v += a[i];
    ok &= ib[i] == v;
  }
  ok &= r == v;
  v = 0;
  for (int i = N - 1; i >= 0; i -= 2) {
    ok &= ie[i] == v;
    v += a[i];
  }
  ok &= s == v;
  v = 0;
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < 11; j++) {
      v += i * j + 1;
      ok &= cb[i][j] == v;
    }
  check("loop forms", ok && c == v && k == 0);
  printf("steps %d %d collapse %d\n", r, s, c);
}

// An orphaned loop over a global, called from a region run several times.
static void orphaned(int n) {
#pragma omp for reduction(inscan, +: g)
  for (int i = 0; i < n; i++) {
    g += a[i];
#pragma omp scan inclusive(g)
    ib[i] = g;
  }
}

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = (i * 37) % 101 - 20;
    ua[i] = 1000000007u * (unsigned)i;
    da[i] = (i % 13) * 0.25;
  }
  const int sizes[] = {0, 1, 2, 3, 5, 7, 8, 9, 100, N};
  for (unsigned t = 0; t < sizeof sizes / sizeof *sizes; t++)
    int_sums(sizes[t], t % 2 ? 0 : 1000);
  unsigned_double();
  min_max_mul();
  bitwise_logical();
  side_effects();
  user_defined();
  loop_forms();
  for (int round = 0; round < 3; round++) {
    g = 5;
#pragma omp parallel
    orphaned(N - round);
    int ok = 1, v = 5;
    for (int i = 0; i < N - round; i++) {
      v += a[i];
      ok &= ib[i] == v;
    }
    check("orphaned", ok && g == v);
    printf("orphaned %d\n", g);
  }
  printf("%s\n", failures ? "FAILED" : "ok");
  return failures != 0;
}
