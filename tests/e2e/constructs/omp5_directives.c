// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out 2> %t.o2n.err
// (gcc warns about the error directive at compilation, as omp2numa does: no -Werror.)
// RUN: gcc -std=c11 -fopenmp -O1 -Wall %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out 2> %t.gomp.err
// RUN: diff %t.o2n.out %t.gomp.out
// RUN: FileCheck %s --input-file=%t.o2n.err
// CHECK: omp2numa: warning: {{.*}}omp5_directives.c:[[@LINE+76]]: error directive encountered: checked {{[0-9]+}} values
// A fatal error at execution stops the program with status 1, after its message.
// RUN: env OMP_NUM_THREADS=2 not %o2n-run %t fatal 2>&1 | FileCheck %s --check-prefix=FATAL
// FATAL: omp2numa: {{.*}}omp5_directives.c:[[@LINE+75]]: fatal error: error directive encountered: asked to stop
//
// OpenMP 5.x directives: parallel master, parallel masked filter(e), scope with private,
// reduction and nowait (firstprivate, which gcc 12 does not take: lower/scope/scope.c), nothing, error (at compilation: a warning at translation;
// at execution: a message at run time, fatal or not), order(concurrent) on for.

#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 256
#define MAXT 64

static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

#pragma omp nothing

int main(int argc, char **argv) {
  int by[MAXT] = {0};
#pragma omp parallel master shared(by)
  by[omp_get_thread_num()]++;
  CHECK(by[0] == 1, "parallel master ran on thread 0 %d times", by[0]);
  printf("parallel master: %d\n", by[0]);

  int who = -1, k = 2;
#pragma omp parallel masked num_threads(4) filter(k - 1) shared(who)
  who = omp_get_thread_num();
  CHECK(who == 1, "parallel masked filter(1) ran on %d", who);
  printf("parallel masked: done\n");

  int a[N], r = 0, r2 = 0, i, base = 5;
  for (int j = 0; j < N; j++)
    a[j] = 0;
#pragma omp parallel
  {
#pragma omp scope nowait
#pragma omp for
    for (i = 0; i < N; i++)
      a[i] += 1;
#pragma omp scope reduction(+ : r) private(i)
    {
#pragma omp for nowait
      for (i = 0; i < N; i++)
        r += a[i] * base + i;
    }
    if (r != 5 * N + N * (N - 1) / 2)
#pragma omp nothing
      failures++;
#pragma omp scope reduction(+ : r2)
    r2 += 1;
  }
  CHECK(r2 == omp_get_max_threads(), "scope reduction %d", r2);
  printf("scope: r=%d\n", r);

  long s = 0;
#pragma omp parallel for order(concurrent) reduction(+ : s)
  for (int j = 0; j < N; j++)
    s += j;
  CHECK(s == (long)N * (N - 1) / 2, "order(concurrent) %ld", s);
  printf("order(concurrent): s=%ld\n", s);

#pragma omp error at(compilation) severity(warning) message("a warning when translated")
  char msg[64];
  snprintf(msg, sizeof msg, "checked %d values", N);
#pragma omp error at(execution) severity(warning) message(msg)
  if (argc > 1 && strcmp(argv[1], "fatal") == 0) {
#pragma omp error at(execution) message("asked to stop")
  }
  printf("omp5_directives: %s\n", failures ? "FAILED" : "passed");
  return failures != 0;
}
