// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// PEERS: gcc   (clang 16 has no scope construct)
//
// reduction(task, op: list) over array sections and variable-length arrays, with tasks nested
// in the construct that reduce them with in_reduction: the tasks add into the originals,
// whichever thread runs them, while the threads update their own private copies; elements
// outside a section keep their values.  Inside the construct the variable keeps its type
// (sizeof of the private copy is the original's, as in gcc), and a nested task that shares the
// private copy reaches the thread's own elements.

#define TEST_NAME "reduction_task_sections.c"
#include "Inputs/check.h"
#include <omp.h>
#include <string.h>

struct pair {
  long lo, hi;
};
#pragma omp declare reduction(span : struct pair : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) initializer(omp_priv = {1L << 40, -(1L << 40)})

static void constant_arrays(int nthreads)
{
  long a[8] = {1, 1, 1, 1, 1, 1, 1, 1}, m[3][4] = {{0}};
  size_t private_size = 0;
#pragma omp parallel reduction(task, + : a[2:4]) reduction(task, + : m[1:2][0:4])
  {
#pragma omp single
    {
      private_size = sizeof a + sizeof m;
      for (int i = 0; i < 40; i++) {
#pragma omp task in_reduction(+ : a[2:4]) in_reduction(+ : m[1:2][0:4])
        {
          a[2 + i % 4] += i;
          m[1 + i % 2][i % 4] += 1;
        }
      }
    }
    a[3] += 100;
    m[2][3] += 1;
  }
  CHECK(private_size == sizeof a + sizeof m, "sizeof of the private copies: %zu, expected %zu",
        private_size, sizeof a + sizeof m);
  const long expect[8] = {1, 1, 1 + 180, 1 + 190 + 100L * nthreads, 1 + 200, 1 + 210, 1, 1};
  for (int k = 0; k < 8; k++)
    CHECK(a[k] == expect[k], "a[%d] = %ld, expected %ld", k, a[k], expect[k]);
  long total = 0;
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 4; c++)
      total += m[r][c];
  CHECK(total == 40 + nthreads && m[0][0] == 0 && m[2][3] == 10 + nthreads,
        "m: total %ld, m[0][0] %ld, m[2][3] %ld", total, m[0][0], m[2][3]);
}

static void variable_length_arrays(int n, int nthreads)
{
  long v[n], w[n];
  double d[n];
  struct pair span_of[n];
  for (int k = 0; k < n; k++) {
    v[k] = k;
    w[k] = 0;
    d[k] = 1.0;
    span_of[k] = (struct pair){1L << 40, -(1L << 40)};
  }
  int sizes_ok = 1;
#pragma omp parallel reduction(task, + : v) reduction(task, * : d[1:n - 2])
  {
    if (sizeof v != n * sizeof(long) || sizeof d != n * sizeof(double)) {
#pragma omp atomic write
      sizes_ok = 0;
    }
#pragma omp for reduction(task, + : w[1:n - 1]) reduction(task, span : span_of)
    for (int i = 0; i < 3 * n; i++) {
#pragma omp task in_reduction(+ : v, w[1:n - 1]) in_reduction(* : d[1:n - 2]) \
    in_reduction(span : span_of)
      {
        v[i % n] += 1;
        w[1 + i % (n - 1)] += i;
        if (i < 10)
          d[1 + i % (n - 2)] *= 2.0;
        struct pair *s = &span_of[i % n];
        s->lo = i < s->lo ? i : s->lo;
        s->hi = i > s->hi ? i : s->hi;
      }
      w[1] += 1;
    }
    // A task sharing the thread's private copy (no in_reduction) updates that copy.
    long private_sum = 0;
#pragma omp task shared(v, private_sum)
    {
      private_sum = sizeof v / sizeof v[0];
      v[0] += 1000;
    }
#pragma omp taskwait
    if (private_sum != n) {
#pragma omp atomic write
      sizes_ok = 0;
    }
  }
  CHECK(sizes_ok, "sizeof of a private variable-length array differs from the original's");
  for (int k = 0; k < n; k++) {
    CHECK(v[k] == k + 3 + (k == 0 ? 1000L * nthreads : 0), "v[%d] = %ld", k, v[k]);
    long wk = 0;
    for (int i = 0; i < 3 * n; i++)
      wk += k >= 1 && 1 + i % (n - 1) == k ? i : 0;
    wk += k == 1 ? 3 * n : 0;
    CHECK(w[k] == wk, "w[%d] = %ld, expected %ld", k, w[k], wk);
    double dk = 1.0;
    for (int i = 0; i < 10 && k >= 1 && k <= n - 2; i++)
      dk *= 1 + i % (n - 2) == k ? 2.0 : 1.0;
    CHECK(d[k] == dk, "d[%d] = %g, expected %g", k, d[k], dk);
    CHECK(span_of[k].lo == k && span_of[k].hi == 2 * n + k, "span_of[%d] = [%ld, %ld]", k,
          span_of[k].lo, span_of[k].hi);
  }
}

static void sections_and_scope(int n, int nthreads)
{
  int h[n];
  memset(h, 0, sizeof h);
  long s[6] = {0};
#pragma omp parallel
  {
#pragma omp sections reduction(task, + : h[0:n])
    {
#pragma omp section
      for (int t = 0; t < 12; t++) {
#pragma omp task in_reduction(+ : h[0:n])
        h[t % n] += 1;
      }
#pragma omp section
      h[n - 1] += 100;
    }
#pragma omp scope reduction(task, + : s[1:4])
    {
#pragma omp task in_reduction(+ : s[1:4])
      {
        // A task nested in the task reduces into the same original.
#pragma omp task in_reduction(+ : s[1:4])
        s[4] += 1;
        s[1] += 2;
      }
    }
  }
  long hsum = 0;
  for (int k = 0; k < n; k++)
    hsum += h[k];
  CHECK(hsum == 112 && h[n - 1] >= 100, "sections: sum %ld, last %d", hsum, h[n - 1]);
  CHECK(s[0] == 0 && s[1] == 2L * nthreads && s[4] == nthreads && s[5] == 0,
        "scope: {%ld, %ld, %ld, %ld, %ld, %ld}", s[0], s[1], s[2], s[3], s[4], s[5]);
}

int main(void)
{
  const int nthreads = omp_get_max_threads();
  constant_arrays(nthreads);
  variable_length_arrays(7, nthreads);
  sections_and_scope(5, nthreads);
  return failures != 0;
}
