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
// Plain reductions beside inscan ones on parallel for, which gcc 12 accepts there alone: the
// plain ones are the parallel's, the inscan ones the loop's.  Checked against the serial loop:
// an exclusive scan with a running sum of what the scan phase wrote (every iteration once),
// an inclusive one with several plain reductions (+, max, *, double, a declare reduction, an
// array), clauses in either order, the task modifier on the plain one, num_threads, firstprivate
// and lastprivate beside them, a collapsed nest, a global, trip counts of 0, 1, fewer than the
// team and uneven, and a loop in a function called repeatedly.

#include <stdio.h>

#define N 1003

static int a[N], b[N], out[N];
static int failures;
static long long total; // a plain reduction over a global

static void check(const char *what, int ok) {
  if (!ok) {
    printf("FAIL %s\n", what);
    ++failures;
  }
}

// An exclusive prefix of b in out, and the sum of out, in one loop (n iterations, from start).
static void exclusive_with_sum(int n, int start) {
  int x = start, sum = 7;
#pragma omp parallel for reduction(+: sum) reduction(inscan, +: x)
  for (int i = 0; i < n; i++) {
    out[i] = x;
    sum += out[i];
#pragma omp scan exclusive(x)
    x += b[i];
  }
  int ok = 1, v = start, s = 7;
  for (int i = 0; i < n; i++) {
    ok &= out[i] == v;
    s += v;
    v += b[i];
  }
  check("exclusive with sum", ok && x == v && sum == s);
  printf("exclusive n=%d: x=%d sum=%d\n", n, x, sum);
}

struct pair {
  int lo, hi;
};
#pragma omp declare reduction(span : struct pair : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) initializer(omp_priv = {1 << 30, -(1 << 30)})

// An inclusive scan with several plain reductions, the inscan clause first.
static void inclusive_with_many(void) {
  int y = 3, mx = -(1 << 30), hist[4] = {0};
  long long prod = 1;
  double d = 0.5;
  struct pair sp = {1 << 30, -(1 << 30)};
#pragma omp parallel for reduction(inscan, +: y) reduction(max: mx) reduction(*: prod) \
    reduction(+: d, hist) reduction(span: sp) num_threads(4)
  for (int i = 0; i < N; i++) {
    y += a[i];
#pragma omp scan inclusive(y)
    {
      out[i] = y;
      mx = y > mx ? y : mx;
      prod *= (i % 97 == 0) ? -2 : 1;
      d += (i % 5) * 0.25;
      hist[i % 4] += 1;
      sp.lo = y < sp.lo ? y : sp.lo;
      sp.hi = y > sp.hi ? y : sp.hi;
    }
  }
  int ok = 1, v = 3, smx = -(1 << 30), shist[4] = {0}, lo = 1 << 30, hi = -(1 << 30);
  long long sprod = 1;
  double sd = 0.5;
  for (int i = 0; i < N; i++) {
    v += a[i];
    ok &= out[i] == v;
    smx = v > smx ? v : smx;
    sprod *= (i % 97 == 0) ? -2 : 1;
    sd += (i % 5) * 0.25;
    shist[i % 4] += 1;
    lo = v < lo ? v : lo;
    hi = v > hi ? v : hi;
  }
  for (int k = 0; k < 4; k++)
    ok &= hist[k] == shist[k];
  check("inclusive with many", ok && y == v && mx == smx && prod == sprod && d == sd &&
                                   sp.lo == lo && sp.hi == hi);
  printf("inclusive: y=%d max=%d prod=%lld d=%.2f span=[%d, %d]\n", y, mx, prod, d, sp.lo, sp.hi);
}

// The task modifier on the plain reduction (tasks of the region reduce into it too),
// firstprivate and lastprivate beside them.
static void task_and_privates(void) {
  int x = 0, r = 0, scale = 3, last = -1;
#pragma omp parallel for reduction(task, +: r) reduction(inscan, +: x) firstprivate(scale) \
    lastprivate(last)
  for (int i = 0; i < N; i++) {
    x += a[i] * scale;
#pragma omp scan inclusive(x)
    {
      out[i] = x;
      last = x;
      if (i % 100 == 0) {
#pragma omp task in_reduction(+: r)
        r += 1;
      }
      r += 2;
    }
  }
  int ok = 1, v = 0;
  for (int i = 0; i < N; i++) {
    v += a[i] * 3;
    ok &= out[i] == v;
  }
  check("task and privates", ok && x == v && last == v && r == 2 * N + (N + 99) / 100);
  printf("task: x=%d r=%d last=%d\n", x, r, last);
}

// A collapsed nest, and a global's plain reduction.
static void collapsed(void) {
  int c = 0;
  int cb[7][11];
  total = 1000;
#pragma omp parallel for collapse(2) reduction(+: total) reduction(inscan, +: c)
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < 11; j++) {
      c += i * j + 1;
#pragma omp scan inclusive(c)
      {
        cb[i][j] = c;
        total += c;
      }
    }
  int ok = 1, v = 0;
  long long t = 1000;
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < 11; j++) {
      v += i * j + 1;
      ok &= cb[i][j] == v;
      t += v;
    }
  check("collapsed", ok && c == v && total == t);
  printf("collapsed: c=%d total=%lld\n", c, total);
}

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = (i * 37) % 101 - 20;
    b[i] = (i * 13) % 7 - 2;
  }
  const int sizes[] = {0, 1, 2, 3, 5, 7, 8, 9, 100, N};
  for (unsigned t = 0; t < sizeof sizes / sizeof *sizes; t++)
    exclusive_with_sum(sizes[t], t % 2 ? 0 : 1000);
  inclusive_with_many();
  task_and_privates();
  for (int round = 0; round < 3; round++)
    collapsed();
  printf("%s\n", failures ? "FAILED" : "ok");
  return failures != 0;
}
