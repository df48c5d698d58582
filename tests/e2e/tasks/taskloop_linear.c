// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// PEERS: gcc   (clang 16 writes no linear value back after a taskloop simd)
//
// linear on taskloop simd (OpenMP 5.1), as gcc gives it: in logical iteration k, whichever task
// runs it, the variable starts as its value where the taskloop was encountered plus k times the
// step (evaluated there too); after the taskloop it holds the value the sequentially last
// iteration left in it.  Integers of several types with positive, negative and constant-expression
// steps (gcc 12 stops with an internal error on a step read from a variable: the translation
// test lower/task/taskloop-linear.c covers that one),
// a pointer, the loop variable itself, a loop that does not start at 0 and steps by 3, many
// small tasks (grainsize 1), num_tasks, and a taskloop that runs no iteration.
#define TEST_NAME "taskloop_linear.c"
#include "Inputs/check.h"
#include <omp.h>

enum { N = 200 };

static int seen_int[N];
static long seen_long[N];
static const double *seen_ptr[N];
static unsigned char seen_uc[N];

enum { STEP = 2 * 3 };

static void integers_and_pointer(void)
{
  const int step = STEP;
  int j = 7;
  long down = 1000;
  unsigned char uc = 250; /* wraps, as in the sequential loop */
  double data[4 * N];
  const double *p = data;
#pragma omp taskloop simd linear(j : STEP) linear(down : -3) linear(p : 4) linear(uc) grainsize(1)
  for (int i = 0; i < N; i++) {
    seen_int[i] = j;
    seen_long[i] = down;
    seen_ptr[i] = p;
    seen_uc[i] = uc;
    j += step;
    down -= 3;
    p += 4;
    uc++;
  }
  for (int i = 0; i < N; i++) {
    CHECK(seen_int[i] == 7 + i * step, "j in iteration %d: %d", i, seen_int[i]);
    CHECK(seen_long[i] == 1000 - 3L * i, "down in iteration %d: %ld", i, seen_long[i]);
    CHECK(seen_ptr[i] == data + 4 * i, "p in iteration %d is off by %td", i,
          seen_ptr[i] - (data + 4 * i));
    CHECK(seen_uc[i] == (unsigned char)(250 + i), "uc in iteration %d: %d", i, seen_uc[i]);
  }
  CHECK(j == 7 + N * step, "j after the taskloop: %d", j);
  CHECK(down == 1000 - 3L * N, "down after the taskloop: %ld", down);
  CHECK(p == data + 4 * N, "p after the taskloop is off by %td", p - (data + 4 * N));
  CHECK(uc == (unsigned char)(250 + N), "uc after the taskloop: %d", uc);
}

/* The loop variable declared before the loop, linear with the loop's step: it ends as the
   sequential loop leaves it.  Another variable counts down by the loop's stride. */
static void loop_variable(void)
{
  int i, c = 5;
#pragma omp taskloop simd linear(i : 3) linear(c : 5) num_tasks(7)
  for (i = 10; i < 10 + 3 * N; i += 3) {
    const int k = (i - 10) / 3;
    seen_int[k] = c;
    c += 5;
  }
  for (int k = 0; k < N; k++)
    CHECK(seen_int[k] == 5 + 5 * k, "c in iteration %d: %d", k, seen_int[k]);
  CHECK(i == 10 + 3 * N, "i after the taskloop: %d", i);
  CHECK(c == 5 + 5 * N, "c after the taskloop: %d", c);
}

/* No iteration: the variable keeps its value. */
static void empty(int n)
{
  int j = 42;
#pragma omp taskloop simd linear(j : 2)
  for (int i = 0; i < n; i++)
    j += 2;
  CHECK(j == 42, "j after an empty taskloop: %d", j);
}

int main(void)
{
#pragma omp parallel
#pragma omp single
  {
    integers_and_pointer();
    loop_variable();
    empty(0);
  }
  return failures != 0;
}
