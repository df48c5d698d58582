// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: %omp2numa %s -o %t.c
// RUN: FileCheck %s --input-file=%t.c
//
// Types, typedefs and enumerators declared in a function and used in its regions go to file
// scope with the outlined code (LocalTypes.h).  When their name means something else there -- a
// function or variable of the file, a file-scope type of that name, another function's local
// type of that name -- they are renamed `__o2n_<name>_<line>_<col>` in their function (OpenMP_VV
// declares `struct test_struct` in several functions, and a local `typedef struct {...}
// test_struct` next to a function `test_struct`).  A local enumerator that hides a file-scope
// variable means the enumerator in clause expressions too (num_threads, if, linear, chunk) -- it
// meant the variable before, a silent difference from gcc.

#include <omp.h>
#include <stdio.h>
#include "Inputs/expect.h"

int K = 1;                       // hidden by main's enumerator K
struct pt { char c; };           // hidden by f's struct pt
typedef int count_t;             // hidden by counts' typedef
int pair(void) { return 0; }     // hidden by main's typedef pair

// CHECK: struct __o2n_pt_[[#@LINE+2]]_10 { int a; double w[4]; };
static int f(void) {
  struct pt { int a; double w[4]; } v = {0, {0}};
#pragma omp task shared(v)
  { v.a = 1; v.w[3] = sizeof(struct pt); }
#pragma omp taskwait
  return v.a + (int)v.w[3];
}

// CHECK: struct __o2n_pt_[[#@LINE+2]]_10 { double b; int a; };
static int g(void) {
  struct pt { double b; int a; } v = {0, 0};
  int sum = 0;
#pragma omp parallel reduction(+: sum)
  {
    struct pt mine = v;
    mine.a = 2;
    sum += mine.a + (int)(sizeof(struct pt) == sizeof v);
  }
  return sum / omp_get_max_threads();
}

// An unnamed enum with its variable, in two functions.
static int on_f(void) {
  enum { OFF, ON } s = OFF;
#pragma omp task shared(s)
  s = ON;
#pragma omp taskwait
  return s;
}
static int on_g(void) {
  enum { OFF, ON } s = OFF;
#pragma omp parallel num_threads(2) shared(s)
#pragma omp single
  s = ON + OFF;
  EXPECT(s == ON); // a macro argument names the renamed enumerator
  return s;
}

// A typedef of the function whose name is a file-scope typedef of another type.
static long counts(int n) {
  typedef long count_t;
  count_t c = 0;
#pragma omp parallel for reduction(+: c)
  for (int i = 0; i < n; i++)
    c += (count_t)1 << 40;
  return c >> 40;
}

// The same typedef of the same type in two functions is repeated, not renamed.
// CHECK-NOT: __o2n_{{real}}_
static double twice(double x) {
  typedef double real;
  real r = 0;
#pragma omp parallel reduction(+: r) num_threads(2)
  r += x;
  return r;
}
static double thrice(double x) {
  typedef double real;
  real r = 0;
#pragma omp parallel reduction(+: r) num_threads(3)
  r += x;
  return r;
}

// A struct that holds another local struct, both names taken at file scope.
static int nested(void) {
  struct K { int v; };
  struct pair { struct K first, second; } p = {{1}, {2}};
  int total = 0;
#pragma omp parallel for reduction(+: total)
  for (int i = 0; i < 4; i++) {
    struct pair q = p;
    total += q.first.v + q.second.v;
  }
  return total;
}

int main(void) {
  typedef struct { int a; } pair;
  pair s = {0};
#pragma omp task firstprivate(s)
  s.a = 1;
#pragma omp taskwait
  EXPECT(s.a == 0);

  EXPECT(f() == 1 + (int)sizeof(struct { int a; double w[4]; }));
  EXPECT(g() == 3);
  EXPECT(on_f() == 1 && on_g() == 1);
  EXPECT(counts(100) == 100);
  EXPECT(twice(1.5) == 3.0 && thrice(1.5) == 4.5);
  EXPECT(nested() == 12);

  enum { K = 3 };
  int team = 0, lin = 0, steps[12];
#pragma omp parallel num_threads(K) if(K > 2)
#pragma omp single
  team = omp_get_num_threads();
  EXPECT(team == 3);
#pragma omp parallel
#pragma omp for linear(lin: K) schedule(static, K)
  for (int i = 0; i < 12; i++) {
    steps[i] = lin;
    lin += K;
  }
  EXPECT(lin == 36 && steps[11] == 33 && steps[1] == 3);
  printf("%d %d %d\n", team, lin, K);
  return failures != 0;
}
