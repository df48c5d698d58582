// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=adaptive %o2n-run %t
// REQUIRES: translator
//
// lastprivate(conditional: x) (OpenMP 5.0): after the construct, x holds the value of the
// sequentially last iteration (or section) that assigned it, whichever thread ran it and in
// whatever order (schedule(runtime) with adaptive steals ranges); without any assignment it
// keeps its value.  Every form of assignment counts (=, op=, ++, --, through parentheses,
// inside critical), an iteration left by continue too.  Checked against the serial meaning.
#include <omp.h>
#include <stdio.h>

static int failures;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "lastprivate_conditional: " __VA_ARGS__);                                   \
      fputc('\n', stderr);                                                                         \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

enum { N = 1000 };
static int a[N];

/* The last i < n with a[i] % m == r, or none. */
static int last_match(int n, int m, int r, int none)
{
  int x = none;
  for (int i = 0; i < n; i++)
    if (a[i] % m == r)
      x = i;
  return x;
}

static int orphan_x = -1;

static void orphaned(int m, int r)
{
#pragma omp for schedule(runtime) lastprivate(conditional: orphan_x)
  for (int i = 0; i < N; i++) {
    if (a[i] % m != r)
      continue;
    orphan_x = i;
  }
}

int main(void)
{
  for (int i = 0; i < N; i++)
    a[i] = (i * 7919) % 1009;

  int x = -1, y = 5, never = 42;
  long sum = 0;
  double *p = 0;
  double d[N];
#pragma omp parallel for schedule(dynamic, 3) lastprivate(conditional: x, y, never, p)
  for (int i = 0; i < N; i++) {
    if (a[i] % 13 == 4)
      x = i;
    if (a[i] % 17 == 1) {
      (y) = i;
      y += 2;
      ++y;
      y--;
    }
    if (a[i] > 5000)
      never = i;
    if (a[i] % 19 == 3)
      p = &d[i];
  }
  CHECK(x == last_match(N, 13, 4, -1), "for: x = %d, expected %d", x, last_match(N, 13, 4, -1));
  CHECK(y == last_match(N, 17, 1, 5 - 2) + 2, "for: y = %d, expected %d", y,
        last_match(N, 17, 1, 5 - 2) + 2);
  CHECK(never == 42, "for: a variable never assigned changed to %d", never);
  CHECK(p == &d[last_match(N, 19, 3, 0)], "for: pointer %p, expected %p", (void *)p,
        (void *)&d[last_match(N, 19, 3, 0)]);

  int z = 0;
#pragma omp parallel
  {
#pragma omp for schedule(static, 7) collapse(2) lastprivate(conditional: z) nowait
    for (int i = 0; i < 40; i++)
      for (int j = 0; j < 25; j++)
        if (a[i * 25 + j] % 11 == 2) {
#pragma omp critical
          z = i * 25 + j;
        }
    orphaned(23, 6);
  }
  CHECK(z == last_match(N, 11, 2, 0), "collapse: z = %d, expected %d", z,
        last_match(N, 11, 2, 0));
  CHECK(orphan_x == last_match(N, 23, 6, -1), "orphaned runtime: %d, expected %d", orphan_x,
        last_match(N, 23, 6, -1));

  int s = 1;
#pragma omp parallel sections lastprivate(conditional: s) reduction(+ : sum)
  {
#pragma omp section
    s = 10;
#pragma omp section
    sum += 1;
#pragma omp section
    s = 30; /* the last section that assigns s */
#pragma omp section
    sum += 2;
  }
  CHECK(sum == 3, "sections: sum = %ld", sum);
  CHECK(s == 30, "sections: s = %d, expected 30", s);

  int t = 3, u = -1;
  int w = 9;
#pragma omp parallel for simd firstprivate(t) lastprivate(conditional: t)
  for (int i = 0; i < N; i++)
    if (a[i] % 29 == 5)
      t = i + t * 0;
#pragma omp simd lastprivate(conditional: u)
  for (int i = 0; i < N; i++)
    if (a[i] % 31 == 7)
      u = i;
#pragma omp parallel for lastprivate(conditional: w)
  for (int i = 0; i < N; i++)
    if (a[i] > 5000)
      w = i;
  CHECK(t == last_match(N, 29, 5, 3), "parallel for simd: t = %d, expected %d", t,
        last_match(N, 29, 5, 3));
  CHECK(u == last_match(N, 31, 7, -1), "simd: u = %d, expected %d", u, last_match(N, 31, 7, -1));
  CHECK(w == 9, "for: w changed to %d without an assignment", w);
  return failures != 0;
}
