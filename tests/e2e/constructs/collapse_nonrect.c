// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 OMP_SCHEDULE=static %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=static,2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=dynamic,3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=5 OMP_SCHEDULE=guided %o2n-run %t
// RUN: env OMP_NUM_THREADS=6 OMP_SCHEDULE=adaptive %o2n-run %t
// RUN: env OMP_NUM_THREADS=7 OMP_SCHEDULE=fac2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP_SCHEDULE=tss %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=rand %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=auto %o2n-run %t
// gcc 12 refuses a schedule or ordered clause on a non-rectangular loop, and visits the wrong
// iterations of the unsigned long long and signed char nests (clang 16 miscounts the unsigned
// collapse(3) nest): the program without them must print the same with both (gcc warns about
// variables of its own expansion: no -Werror).
// RUN: %o2n-compile -DSCHED= -DGCC_REFERENCE %s -o %t.ref
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.ref > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -DSCHED= -DGCC_REFERENCE %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Non-rectangular collapsed nests (OpenMP 5.0): inner bounds of the form a1 * outer + a2.
// Triangles and trapezoids, both directions, non-unit steps, rows that are empty for some outer
// values (also a middle loop that is empty), signed and unsigned index types of every width,
// values at the ends of unsigned long long, collapse(2), (3) and (4), under schedule(runtime)
// (the RUN lines vary OMP_SCHEDULE and the team) and under explicit schedules.  Each nest is run
// in parallel and serially: every index vector must be visited exactly once, the results and
// the lastprivate values (loop variables and the last logical iteration's value) must be the
// serial ones, and an ordered nest must visit its iterations in the serial order.

#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#ifndef SCHED
#define SCHED schedule(runtime)
#endif

#define D 48
static unsigned char seen[D][D][D], want[D][D][D];
static int failures;

static void clear(void) {
  memset(seen, 0, sizeof seen);
  memset(want, 0, sizeof want);
}

/* Records index vector (a, b, c), each in [0, D). */
static void visit(unsigned char (*m)[D][D], long a, long b, long c) {
  if (a < 0 || a >= D || b < 0 || b >= D || c < 0 || c >= D) {
#pragma omp critical
    failures++;
    return;
  }
  __atomic_fetch_add(&m[a][b][c], 1, __ATOMIC_RELAXED);
}

static void compare(const char *name, long total, long want_total) {
  long visits = 0;
  for (int a = 0; a < D; a++)
    for (int b = 0; b < D; b++)
      for (int c = 0; c < D; c++) {
        visits += want[a][b][c];
        if (seen[a][b][c] != want[a][b][c]) {
          printf("%s: (%d,%d,%d) visited %d times, not %d\n", name, a, b, c, seen[a][b][c],
                 want[a][b][c]);
          failures++;
          return;
        }
      }
  if (total != want_total || visits != want_total) {
    printf("%s: %ld iterations, not %ld\n", name, total, want_total);
    failures++;
  }
  printf("%s: %ld iterations\n", name, want_total);
}

/* A triangle: j from i to n, and its sum. */
static void triangle(int n) {
  clear();
  long sum = 0, ref = 0, count = 0, rcount = 0;
#pragma omp parallel for collapse(2) SCHED reduction(+ : sum, count)
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) {
      visit(seen, i, j, 0);
      sum += i * 100 + j;
      count++;
    }
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) {
      visit(want, i, j, 0);
      ref += i * 100 + j;
      rcount++;
    }
  compare("triangle", count, rcount);
  if (sum != ref)
    failures++;
}

/* A trapezoid downwards with non-unit steps: rows empty where 2 * i - 5 > i + 7 does not hold. */
static void trapezoid_down(void) {
  clear();
  long count = 0, rcount = 0;
#pragma omp parallel for collapse(2) SCHED reduction(+ : count)
  for (int i = 20; i > -10; i -= 3)
    for (int j = 2 * i - 5; j <= i + 7; j += 3) {
      visit(seen, i + 10, j + 20, 0);
      count++;
    }
  for (int i = 20; i > -10; i -= 3)
    for (int j = 2 * i - 5; j <= i + 7; j += 3) {
      visit(want, i + 10, j + 20, 0);
      rcount++;
    }
  compare("trapezoid_down", count, rcount);
}

/* The inner loop runs downwards, from n - i to i: empty for the first half of the rows. */
static void inner_down(int n) {
  clear();
  long count = 0, rcount = 0;
#pragma omp parallel for collapse(2) SCHED reduction(+ : count)
  for (long i = 0; i < n; i++)
    for (long j = i; j > n - i; j--) {
      visit(seen, i, j, 0);
      count++;
    }
  for (long i = 0; i < n; i++)
    for (long j = i; j > n - i; j--) {
      visit(want, i, j, 0);
      rcount++;
    }
  compare("inner_down", count, rcount);
}

/* collapse(3), unsigned: the innermost depends on the outermost, the middle on nothing. */
static void unsigned3(void) {
  clear();
  long count = 0, rcount = 0;
#pragma omp parallel for collapse(3) SCHED reduction(+ : count)
  for (unsigned i = 0; i < 10; i++)
    for (unsigned j = 0; j < 5; j++)
      for (unsigned k = 3 * i; k > i; k -= 2) {
        visit(seen, i, j, k);
        count++;
      }
  for (unsigned i = 0; i < 10; i++)
    for (unsigned j = 0; j < 5; j++)
      for (unsigned k = 3 * i; k > i; k -= 2) {
        visit(want, i, j, k);
        rcount++;
      }
  compare("unsigned3", count, rcount);
}

/* collapse(3), unsigned, a chain: j depends on i, k on j; the middle loop is empty for i > 6. */
static void unsigned_chain(void) {
  clear();
  long count = 0, rcount = 0;
#pragma omp parallel for collapse(3) SCHED reduction(+ : count)
  for (unsigned i = 0; i < 12; i++)
    for (unsigned j = i; j < 7; j++)
      for (unsigned k = j; k <= 2 * j + 1; k++) {
        visit(seen, i, j, k);
        count++;
      }
  for (unsigned i = 0; i < 12; i++)
    for (unsigned j = i; j < 7; j++)
      for (unsigned k = j; k <= 2 * j + 1; k++) {
        visit(want, i, j, k);
        rcount++;
      }
  compare("unsigned_chain", count, rcount);
}

/* Values at the top of unsigned long long, downwards, and a signed char nest. */
static void wide_and_narrow(void) {
#ifndef GCC_REFERENCE
  clear();
  long count = 0, rcount = 0;
  const unsigned long long top = ULLONG_MAX;
#pragma omp parallel for collapse(2) SCHED reduction(+ : count)
  for (unsigned long long i = top; i > top - 20; i -= 3)
    for (unsigned long long j = i - 2; j >= i - 25; j -= 5) {
      visit(seen, top - i, top - j, 0);
      count++;
    }
  for (unsigned long long i = top; i > top - 20; i -= 3)
    for (unsigned long long j = i - 2; j >= i - 25; j -= 5) {
      visit(want, top - i, top - j, 0);
      rcount++;
    }
  compare("ullong_top", count, rcount);

  clear();
  count = rcount = 0;
#pragma omp parallel for collapse(2) SCHED reduction(+ : count)
  for (signed char i = 100; i >= -100; i -= 25)
    for (signed char j = i; j < 120; j += 5) {
      visit(seen, (i + 100) / 25, (j + 100) / 5, 0);
      count++;
    }
  for (signed char i = 100; i >= -100; i -= 25)
    for (signed char j = i; j < 120; j += 5) {
      visit(want, (i + 100) / 25, (j + 100) / 5, 0);
      rcount++;
    }
  compare("signed_char", count, rcount);
#endif
}

/* collapse(4): the third loop depends on the first, the fourth's bounds on the third and the
   second. */
static void depth4(void) {
  clear();
  long count = 0, rcount = 0;
#pragma omp parallel for collapse(4) SCHED reduction(+ : count)
  for (int a = 0; a < 7; a += 3)
    for (int b = 5; b >= 0; b--)
      for (int c = a; c < 8; c += 3)
        for (int d = c - 2; d < 2 * c - 1; d++) {
          visit(seen, a * 6 + b, c, d + 2);
          count++;
        }
  for (int a = 0; a < 7; a += 3)
    for (int b = 5; b >= 0; b--)
      for (int c = a; c < 8; c += 3)
        for (int d = c - 2; d < 2 * c - 1; d++) {
          visit(want, a * 6 + b, c, d + 2);
          rcount++;
        }
  compare("depth4", count, rcount);
}

/* Nests with no iteration at all: every row empty, and an empty outer loop. */
static void empty(int n) {
  long count = 0;
#pragma omp parallel for collapse(2) SCHED reduction(+ : count)
  for (int i = 0; i < n; i++)
    for (int j = i + n; j < n; j++)
      count++;
#pragma omp parallel for collapse(3) SCHED reduction(+ : count)
  for (int i = n; i < 0; i++)
    for (int j = i; j < n; j++)
      for (int k = j; k < n; k++)
        count++;
  printf("empty: %ld iterations\n", count);
  if (count != 0)
    failures++;
}

/* lastprivate: the loop variables declared before the nest end as the serial nest leaves them,
   and x as the last logical iteration leaves it. */
static void last_values(int n) {
  int i = -7, j = -7, k = -7, x = -1;
  int ri = -7, rj = -7, rk = -7, rx = -1;
#pragma omp parallel for collapse(3) SCHED lastprivate(i, j, k, x)
  for (i = 0; i < n; i++)
    for (j = 0; j < i; j++)
      for (k = j; k < 2 * j - 3; k++)
        x = i * 10000 + j * 100 + k;
  for (ri = 0; ri < n; ri++)
    for (rj = 0; rj < ri; rj++)
      for (rk = rj; rk < 2 * rj - 3; rk++)
        rx = ri * 10000 + rj * 100 + rk;
  printf("last_values: i=%d j=%d k=%d x=%d\n", i, j, k, x);
  if (i != ri || j != rj || k != rk || x != rx) {
    printf("  serial: i=%d j=%d k=%d x=%d\n", ri, rj, rk, rx);
    failures++;
  }
}

/* ordered: the iterations run in the serial order. */
static void in_order(int n) {
#ifndef GCC_REFERENCE
  int trace[D * D], next = 0, rtrace[D * D], rnext = 0;
#pragma omp parallel for collapse(2) SCHED ordered
  for (int i = n; i > 0; i--)
    for (int j = i; j < n + 3; j += 2) {
#pragma omp ordered
      trace[next++] = i * 100 + j;
    }
  for (int i = n; i > 0; i--)
    for (int j = i; j < n + 3; j += 2)
      rtrace[rnext++] = i * 100 + j;
  if (next != rnext || memcmp(trace, rtrace, sizeof(int) * (size_t)next) != 0) {
    printf("in_order: the iterations ran out of order\n");
    failures++;
  }
#else
  (void)n;
#endif
}

/* Explicit schedules, omp2numa's own among them: the maps of genblock and indirect are in the
   nest's logical iterations (the serial order), 820 in the triangle. */
enum { T = 40, ITER = T * (T + 1) / 2 };

static void explicit_schedules(void) {
#ifndef GCC_REFERENCE
  static int owner[ITER];
  int blocks[64];
  double weights[64];
  long counts[9] = {0};
  for (int k = 0; k < ITER; k++)
    owner[k] = (k / 7) % omp_get_max_threads();
  for (int t = 0; t < 64; t++) {
    blocks[t] = ITER / omp_get_max_threads() + (t < ITER % omp_get_max_threads());
    weights[t] = 1.0 + t % 3;
  }
  clear();
  for (int i = 0; i < T; i++)
    for (int j = i; j < T; j++)
      for (int s = 0; s < 9; s++) /* once per loop below */
        visit(want, i, j, 0);
#pragma omp parallel
  {
#pragma omp for collapse(2) schedule(static, 5) reduction(+ : counts[0]) nowait
    for (int i = 0; i < T; i++)
      for (int j = i; j < T; j++)
        visit(seen, i, j, 0), counts[0]++;
#pragma omp for collapse(2) schedule(dynamic, 1) reduction(+ : counts[1]) nowait
    for (int i = 0; i < T; i++)
      for (int j = i; j < T; j++)
        visit(seen, i, j, 0), counts[1]++;
#pragma omp for collapse(2) schedule(guided, 3) reduction(+ : counts[2]) nowait
    for (int i = 0; i < T; i++)
      for (int j = i; j < T; j++)
        visit(seen, i, j, 0), counts[2]++;
#pragma omp for collapse(2) schedule(nonmonotonic : dynamic) reduction(+ : counts[3]) nowait
    for (int i = 0; i < T; i++)
      for (int j = i; j < T; j++)
        visit(seen, i, j, 0), counts[3]++;
#pragma omp for collapse(2) schedule(adaptive, 2) reduction(+ : counts[4]) nowait
    for (int i = 0; i < T; i++)
      for (int j = i; j < T; j++)
        visit(seen, i, j, 0), counts[4]++;
#pragma omp for collapse(2) schedule(fac2) reduction(+ : counts[5]) nowait
    for (int i = 0; i < T; i++)
      for (int j = i; j < T; j++)
        visit(seen, i, j, 0), counts[5]++;
#pragma omp for collapse(2) schedule(wf2(weights)) reduction(+ : counts[6]) nowait
    for (int i = 0; i < T; i++)
      for (int j = i; j < T; j++)
        visit(seen, i, j, 0), counts[6]++;
#pragma omp for collapse(2) schedule(genblock(blocks)) reduction(+ : counts[7]) nowait
    for (int i = 0; i < T; i++)
      for (int j = i; j < T; j++)
        visit(seen, i, j, 0), counts[7]++;
#pragma omp for collapse(2) schedule(indirect(owner)) reduction(+ : counts[8])
    for (int i = 0; i < T; i++)
      for (int j = i; j < T; j++)
        visit(seen, i, j, 0), counts[8]++;
  }
  long total = 0;
  for (int s = 0; s < 9; s++) {
    total += counts[s];
    if (counts[s] != ITER) {
      printf("explicit schedule %d: %ld iterations, not %d\n", s, counts[s], ITER);
      failures++;
    }
  }
  compare("explicit_schedules", total, 9 * ITER);
#endif
}

int main(void) {
  triangle(D);
  triangle(1);
  trapezoid_down();
  inner_down(D - 1);
  unsigned3();
  unsigned_chain();
  wide_and_narrow();
  depth4();
  empty(10);
  last_values(9);
  in_order(20);
  explicit_schedules();
  printf("%s\n", failures ? "FAILED" : "ok");
  return failures != 0;
}
