// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Declarations that real code writes around its constructs: threadprivate variables declared
// several to a declaration (`int a, b;`, `static double x, y = 1;`, with a variable that is not
// threadprivate), at file and block scope, with copyin; typedefs of the enclosing function used
// in the region; register variables in private, firstprivate, shared (through the region),
// lastprivate and reduction clauses.

#include <omp.h>
#include <stdio.h>

static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

int tp_a, tp_b;
static double tp_x, tp_y = 1.5, shared_z = 2.0;
#pragma omp threadprivate(tp_a, tp_b)
#pragma omp threadprivate(tp_x, tp_y)

static void threadprivates(void) {
  static int calls, seen = 7, plain = 3;
#pragma omp threadprivate(calls, seen)
  int bad = 0;
  tp_y = 4.0;
#pragma omp parallel copyin(tp_y, seen) reduction(+ : bad)
  {
    int t = omp_get_thread_num();
    tp_a = t;
    tp_b = 2 * t;
    tp_x = t + 0.5;
    calls = t;
    seen += t;
#pragma omp barrier
    bad += tp_a != t || tp_b != 2 * t || tp_x != t + 0.5 || tp_y != 4.0 || calls != t ||
           seen != 7 + t || shared_z != 2.0 || plain != 3;
  }
  CHECK(bad == 0, "threadprivate copies: %d threads saw wrong values", bad);
  printf("threadprivate: tp_y=%g seen=%d\n", tp_y, seen);
}

static void typedefs(int n) {
  typedef double real;
  typedef real triple[3];
  typedef struct { real lo, hi; } range; // a type of the function: used only outside the region
  range rg = {0, 0};
  triple w = {1, 2, 3};
  real sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < n; i++) {
    real v = (real)i * w[i % 3];
    sum += v;
  }
  real want = 0;
  for (int i = 0; i < n; i++)
    want += (real)i * w[i % 3];
  rg.hi = sum;
  CHECK(rg.hi == want, "typedef reduction %g, want %g", rg.hi, want);
  printf("typedefs: sum=%g\n", rg.hi);
}

static void registers(int n) {
  register int s = 0, t = 3, last = -1, k;
  register long total = 0;
#pragma omp parallel for reduction(+ : s) firstprivate(t) lastprivate(last)
  for (int i = 0; i < n; i++) {
    s += i * t;
    last = i;
  }
#pragma omp parallel private(k) shared(total)
  {
    k = omp_get_thread_num() + 1;
#pragma omp critical
    total += k;
  }
  register int q = 0;
#pragma omp parallel for reduction(+ : q)
  for (int i = 0; i < n; i++)
    q += i;
  int team = omp_get_max_threads();
  CHECK(s == 3 * n * (n - 1) / 2 && last == n - 1 && q == n * (n - 1) / 2, "register %d %d %d",
        s, last, q);
  CHECK(total == (long)team * (team + 1) / 2, "register shared %ld", total);
  printf("registers: s=%d last=%d q=%d\n", s, last, q);
}

int main(void) {
  threadprivates();
  typedefs(1000);
  registers(500);
  printf("declarations_in_clauses: %s\n", failures ? "FAILED" : "passed");
  return failures != 0;
}
