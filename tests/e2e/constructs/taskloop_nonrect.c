// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
//
// Non-rectangular taskloop nests where the peers cannot be the reference (the tasking corpus,
// tests/e2e/tasks/taskloop_nonrect*.c, holds what gcc runs too), each against the sequential
// nest:
//  - lastprivate loop variables of nests whose last rows are empty: the values the sequential
//    nest leaves them (OpenMP; gcc 12 gives the last iteration's values plus their steps);
//  - variable types gcc 12 refuses to mix or miscounts: an inner pointer variable whose bounds
//    use an integer outer one, signed char and short variables, unsigned long long values at the
//    top of their range (the bounds' coefficients wrap modulo 2^64), an outer type that differs
//    from the inner one;
//  - collapse(4);
//  - a variable the bounds use, private on the taskloop: the bounds use the original.

#define TEST_NAME "taskloop_nonrect.c"
#include "../tasks/Inputs/check.h"

static void empty_last_rows(int n)
{
  int i = -1, j = -1, k = -1, si, sj = -1, sk = -1;
  for (si = 0; si < n; si++)
    for (sj = 2 * si - n; sj < n - si; sj++)
      ;
#pragma omp taskloop collapse(2) lastprivate(i, j) grainsize(3)
  for (i = 0; i < n; i++)
    for (j = 2 * i - n; j < n - i; j++)
      ;
  CHECK(i == si && j == sj, "collapse(2): i %d, j %d; want %d, %d", i, j, si, sj);

  for (si = 0; si < n; si++)
    for (sj = 0; sj < n - 2 * si; sj++)
      for (sk = sj; sk < n; sk++)
        ;
#pragma omp taskloop collapse(3) lastprivate(i, j, k) num_tasks(4)
  for (i = 0; i < n; i++)
    for (j = 0; j < n - 2 * i; j++)
      for (k = j; k < n; k++)
        ;
  CHECK(i == si && j == sj && k == sk, "collapse(3): i %d, j %d, k %d; want %d, %d, %d", i, j, k,
        si, sj, sk);
}

static void types(int n)
{
  static int a[64];
  long want = 0, got = 0;
  for (int i = 0; i < n; i++)
    for (int *p = a + i; p < a + 2 * i + 3; p += 2)
      want += (p - a) * 100 + i;
#pragma omp taskloop collapse(2) reduction(+ : got) grainsize(2)
  for (int i = 0; i < n; i++)
    for (int *p = a + i; p < a + 2 * i + 3; p += 2)
      got += (p - a) * 100 + i;
  CHECK(got == want, "pointer inner variable: %ld, want %ld", got, want);

  want = got = 0;
  for (signed char i = -100; i < 100; i += 7)
    for (short j = 3 * i; j > i - 50; j -= 3)
      want += i * 1000L + j;
#pragma omp taskloop collapse(2) reduction(+ : got)
  for (signed char i = -100; i < 100; i += 7)
    for (short j = 3 * i; j > i - 50; j -= 3)
      got += i * 1000L + j;
  CHECK(got == want, "signed char and short: %ld, want %ld", got, want);

  want = got = 0;
  const unsigned long long top = ~0ULL;
  for (unsigned long long i = top - 20; i < top - 2; i++)
    for (unsigned long long j = 2 * i - top; j <= i; j += 3)
      want += (long)(top - i) * 100 + (long)(top - j);
#pragma omp taskloop collapse(2) reduction(+ : got) num_tasks(7)
  for (unsigned long long i = top - 20; i < top - 2; i++)
    for (unsigned long long j = 2 * i - top; j <= i; j += 3)
      got += (long)(top - i) * 100 + (long)(top - j);
  CHECK(got == want, "unsigned long long at the top: %ld, want %ld", got, want);
  (void)n;
}

static void four_deep(int n)
{
  long want = 0, got = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = j; k < n; k++)
        for (int l = 2 * k - n; l <= k; l++)
          want += ((i * 31 + j) * 31 + k) * 31 + l;
#pragma omp taskloop collapse(4) reduction(+ : got) grainsize(11)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = j; k < n; k++)
        for (int l = 2 * k - n; l <= k; l++)
          got += ((i * 31 + j) * 31 + k) * 31 + l;
  CHECK(got == want, "collapse(4): %ld, want %ld", got, want);
}

static void private_bound(int n)
{
  long want = 0, got = 0;
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      want += i * 100 + j;
#pragma omp taskloop collapse(2) private(n) reduction(+ : got)
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) {
      n = 0;
      got += i * 100 + j + n;
    }
  CHECK(got == want, "private bound variable: %ld, want %ld", got, want);
}

int main(void)
{
  volatile int size = 13;
#pragma omp parallel
#pragma omp single
  {
    empty_last_rows(size);
    types(size);
    four_deep(size / 2);
    private_bound(size);
  }
  return failures != 0;
}
