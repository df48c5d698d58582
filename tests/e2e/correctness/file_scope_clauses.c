// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Data-sharing clauses naming FILE-SCOPE variables on the constructs that outline a region
// (parallel, parallel for, parallel sections): firstprivate gives each thread a copy initialised
// from the variable and leaves the variable alone; lastprivate writes the sequentially last value
// back; reduction combines into the variable; firstprivate + lastprivate does both; linear gives
// iteration k the variable's value plus k steps and writes the sequentially last value back (on
// parallel for, parallel for simd, and a for in a region, of a scalar and a pointer).  Each of
// these was once wrong without a word: the copy dropped, a pointer initialised from the value (a
// crash: linear, found by the differential tester), a reduction that did not compile.  Scalars,
// an array and a struct.
#include <omp.h>
#include <stdio.h>
#include <string.h>

struct pair { int a, b; };

int g = 5, h = -1, r = 10, fl = 1, sec = 0, red_sec = 0;
long arr[4] = {1, 2, 3, 4};
struct pair pr = {7, 8};
double fmax_v = -1.0;

static int failures;
#define CHECK(cond, ...)                                                                          \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAILED line %d: ", __LINE__);                                                      \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static void on_parallel(void) {
  int seen_bad = 0;
#pragma omp parallel firstprivate(g, arr, pr) reduction(|: seen_bad)
  {
    seen_bad |= g != 5 || arr[3] != 4 || pr.b != 8;
    g += omp_get_thread_num() + 100; // each thread's own copy
    arr[0] = -1;
    pr.a = -1;
  }
  CHECK(!seen_bad, "firstprivate copies did not start from the originals");
  CHECK(g == 5 && arr[0] == 1 && pr.a == 7, "originals changed: g=%d arr[0]=%ld pr.a=%d", g,
        arr[0], pr.a);

#pragma omp parallel reduction(+: r) reduction(max: fmax_v)
  {
    r += 1;
    fmax_v = omp_get_thread_num();
  }
  CHECK(r == 10 + omp_get_max_threads(), "reduction(+) on parallel: r=%d", r);
  CHECK(fmax_v == omp_get_max_threads() - 1, "reduction(max) on parallel: %g", fmax_v);
}

static void on_parallel_for(void) {
#pragma omp parallel for lastprivate(h)
  for (int i = 0; i < 1001; i++)
    h = 3 * i;
  CHECK(h == 3000, "lastprivate on parallel for: h=%d", h);

  r = 0;
#pragma omp parallel for reduction(+: r) schedule(dynamic, 7)
  for (int i = 0; i < 1000; i++)
    r += i;
  CHECK(r == 499500, "reduction on parallel for: r=%d", r);

  fl = 1;
#pragma omp parallel for firstprivate(fl) lastprivate(fl) schedule(static, 3)
  for (int i = 0; i < 10; i++)
    fl += i;
  // The last iteration (i = 9) belongs to a chunk [9, 10) whose thread started from fl = 1 and
  // added only its own iterations; with 1 thread that is 1 + 0 + ... + 9.
  CHECK(fl > 9 && fl <= 46, "firstprivate+lastprivate on parallel for: fl=%d", fl);

  g = 5;
#pragma omp parallel for firstprivate(g) lastprivate(arr)
  for (int i = 0; i < 8; i++) {
    arr[0] = g + i;
    arr[1] = arr[2] = arr[3] = i;
  }
  CHECK(arr[0] == 12 && arr[3] == 7, "lastprivate array: %ld %ld", arr[0], arr[3]);
}

static void on_parallel_sections(void) {
  sec = -1;
  red_sec = 100;
#pragma omp parallel sections lastprivate(sec) reduction(+: red_sec) firstprivate(g)
  {
#pragma omp section
    { sec = 1; red_sec += g; }
#pragma omp section
    { sec = 2; red_sec += 1; }
#pragma omp section
    { sec = 3; red_sec += 2; }
  }
  CHECK(sec == 3, "lastprivate on parallel sections: sec=%d", sec);
  CHECK(red_sec == 108, "reduction on parallel sections: %d", red_sec);
}

long lin = 100;
static long lin_static = -3;
static const long *lin_ptr = arr;

static void linear_on_outlined_constructs(void) {
  long seen[40];
#pragma omp parallel for linear(lin : 2) linear(lin_static)
  for (int i = 0; i < 20; i++) {
    seen[i] = lin + lin_static;
    lin += 2;
    lin_static++;
  }
  for (int i = 0; i < 20; i++)
    CHECK(seen[i] == 100 + 2 * i + -3 + i, "linear on parallel for, iteration %d: %ld", i,
          seen[i]);
  CHECK(lin == 140 && lin_static == 17, "linear on parallel for: lin=%ld lin_static=%ld", lin,
        lin_static);
#pragma omp parallel for simd linear(lin_ptr : 0) linear(lin : -1)
  for (int i = 0; i < 40; i++) {
    seen[i] = lin + *lin_ptr;
    lin--;
  }
  for (int i = 0; i < 40; i++)
    CHECK(seen[i] == 140 - i + arr[0], "linear on parallel for simd, iteration %d: %ld", i,
          seen[i]);
  CHECK(lin == 100 && lin_ptr == arr, "linear on parallel for simd: lin=%ld", lin);
#pragma omp parallel
  {
#pragma omp for linear(lin_static : 3)
    for (int i = 0; i < 30; i++) {
      seen[i % 40] = lin_static;
      lin_static += 3;
    }
  }
  CHECK(lin_static == 17 + 90, "linear on a for in a region: %ld", lin_static);
}

int main(void) {
  on_parallel();
  on_parallel_for();
  on_parallel_sections();
  linear_on_outlined_constructs();
  printf("g=%d h=%d r=%d sec=%d red_sec=%d arr=%ld,%ld pr=%d,%d lin=%ld,%ld failures=%d\n", g,
         h, r, sec, red_sec, arr[0], arr[3], pr.a, pr.b, lin, lin_static, failures);
  return failures != 0;
}
