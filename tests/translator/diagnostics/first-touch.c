// Linux places a page on the NUMA node of the thread that first writes it.  When the first loop
// over a large array runs on one thread, or shares it out with another schedule than a later
// worksharing loop that uses it, the later loop's threads use memory on other nodes: the
// translator warns at the later loop and notes the first.  The file is still translated;
// -Wno-first-touch turns the warning off.
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// RUN: %omp2numa -Wno-first-touch %s -o %t.quiet.c 2>&1 | count 0

#define _POSIX_C_SOURCE 200809L // posix_memalign
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define N (1 << 20)
static double a[N], b[N], grid[1024][1024];

// A sequential loop fills a global array, a parallel loop uses it: every page on one node.
void serial_init(void) {
  for (int i = 0; i < N; i++)
    a[i] = sqrt((double)i);
  // CHECK: :[[@LINE+5]]:13: warning: this loop shares 'a' out among the threads, but a sequential loop touches it first, which places all its pages on one NUMA node; initialise it in a parallel loop with this loop's schedule [-Wfirst-touch]
  // CHECK-NEXT: {{^}}#pragma omp parallel for
  // CHECK-NEXT: {{^}}            ^
  // CHECK-NEXT: :[[@LINE-5]]:3: note: 'a' is first touched here, by one thread
  // CHECK-NEXT: {{^}}  for (int i = 0; i < N; i++)
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    b[i] = 2 * a[i];
}

// Static blocks first, dynamic chunks later, on memory from malloc; the warning points at the
// later loop's schedule, the note at the first one's.  A second mismatching loop is not reported
// again.
void static_then_dynamic(long n) {
  double *x = malloc(n * sizeof *x);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    x[i] = 0;
  // CHECK: :[[@LINE+3]]:35: warning: this loop shares 'x' out with schedule(dynamic, 4), but the loop that first touches it placed its pages with schedule(static), so threads use elements on other threads' NUMA nodes; give both loops the same static schedule, or affinity(name) [-Wfirst-touch]
  // CHECK: :[[@LINE-4]]:35: note: 'x' is first touched here
  // CHECK-NEXT: {{^}}#pragma omp parallel for schedule(static)
#pragma omp parallel for schedule(dynamic, 4)
  for (long i = 0; i < n; i++)
    x[i] += 1;
#pragma omp parallel for schedule(guided)
  for (long i = 0; i < n; i++)
    x[i] *= 2;
  free(x);
}

// Blocks against chunks of 64, in two regions, on a variable-length array indexed i * n + j;
// and dynamic first, static later, on a two-dimensional array.
void chunks(int n) {
  double v[n * n];
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        v[i * n + j] = i + j;
  }
#pragma omp parallel
  {
    // CHECK: :[[@LINE+2]]:26: warning: this loop shares 'v' out with schedule(static, 64), but the loop that first touches it placed its pages with schedule(static) (no schedule clause), so
    // CHECK: :[[@LINE-8]]:13: note: 'v' is first touched here
#pragma omp for schedule(static, 64)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        v[i * n + j] *= 2;
  }
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < 1024; i++)
    for (int j = 0; j < 1024; j++)
      grid[i][j] = i - j;
  // CHECK: :[[@LINE+2]]:13: warning: this loop shares 'grid' out with schedule(static) (no schedule clause), but the loop that first touches it placed its pages with schedule(dynamic), so
  // CHECK: :[[@LINE-5]]:35: note: 'grid' is first touched here
#pragma omp parallel for
  for (int i = 1; i < 1023; i++)
    for (int j = 0; j < 1024; j++)
      grid[i + 1][j] += grid[i][j];
  (void)v;
}

// posix_memalign's pointer, filled sequentially by a loop nest.
void aligned(long n) {
  double *m;
  if (posix_memalign((void **)&m, 64, n * n * sizeof *m))
    return;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      m[i * n + j] = 1.0;
  // CHECK: :[[@LINE+2]]:13: warning: this loop shares 'm' out among the threads
  // CHECK: :[[@LINE-4]]:3: note: 'm' is first touched here, by one thread
#pragma omp parallel for reduction(+ : n)
  for (long i = 0; i < n; i++)
    n += (long)m[i * n];
  free(m);
}

// A C89 loop variable, declared before the sequential loop.
void c89(long n) {
  long i;
  double *y = malloc(n * sizeof *y);
  for (i = 0; i < n; i++)
    y[i] = 0;
  // CHECK: :[[@LINE+2]]:13: warning: this loop shares 'y' out among the threads
  // CHECK: :[[@LINE-3]]:3: note: 'y' is first touched here, by one thread
#pragma omp parallel for
  for (i = 0; i < n; i++)
    y[i] += 1;
}

// Null cases.

// The same partition: no clause and static; chunks spelt alike; one thread's loop per team.
double same(long n, double *out) {
  double *x = malloc(n * sizeof *x), s = 0;
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    x[i] = 1;
#pragma omp parallel for schedule(static) reduction(+ : s)
  for (long i = 0; i < n; i++)
    s += x[i];
  double *y = calloc(n, sizeof *y);
#pragma omp parallel for schedule(static, 4)
  for (long i = 0; i < n; i++)
    y[i] = 1;
#pragma omp parallel for schedule(static,4)
  for (long i = 1; i < n - 1; i++)
    y[i + 1] += y[i];
  *out = s;
  free(x);
  return y[0];
}

// Small arrays; a parameter; a global pointer; memory set before the first loop; a realloc'ed
// buffer; a pointer to another array.
double *global_pointer;
void not_placed_here(double *param, long n) {
  double small[100], *tiny = malloc(1000 * sizeof *tiny), *z = malloc(n * sizeof *z);
  double *r = realloc(NULL, n * sizeof *r), *alias = z;
  for (int i = 0; i < 100; i++)
    small[i] = tiny[i] = 0;
  for (long i = 0; i < n; i++)
    param[i] = global_pointer[i] = r[i] = alias[i] = 0;
  memset(z, 0, n * sizeof *z);
  for (long i = 0; i < n; i++)
    z[i] = 1;
#pragma omp parallel for schedule(dynamic)
  for (long i = 0; i < n; i++)
    small[i % 100] += param[i] + global_pointer[i] + r[i] + alias[i] + z[i] + tiny[i % 1000];
}

// Sequential first loops that could not run in parallel as written: a call, a recurrence, a
// scalar carried from one iteration to the next.
void not_parallel(long n) {
  double *p = malloc(n * sizeof *p), *q = malloc(n * sizeof *q), *s = malloc(n * sizeof *s);
  double carry = 1;
  for (long i = 0; i < n; i++)
    p[i] = rand();
  q[0] = 0;
  for (long i = 1; i < n; i++)
    q[i] = q[i - 1] + 1;
  for (long i = 0; i < n; i++)
    s[i] = carry *= 0.5;
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    p[i] += q[i] + s[i];
}

// Partitions the translator does not know: affinity(name), auto, runtime; two on-demand kinds;
// an index that does not move with the loop variable; a private or reduced copy.
void unknown(long n, int *owner) {
  double *u = malloc(n * sizeof *u), *w = malloc(n * sizeof *w), *t = malloc(n * sizeof *t);
  double *k = malloc(n * sizeof *k), *c = malloc(n * sizeof *c);
#pragma omp parallel for affinity(u_map)
  for (long i = 0; i < n; i++)
    u[i] = w[i] = t[i] = 0;
#pragma omp parallel for schedule(dynamic) affinity(u_map)
  for (long i = 0; i < n; i++)
    u[i] += 1;
#pragma omp parallel for schedule(runtime)
  for (long i = 0; i < n; i++)
    w[i] += 1;
#pragma omp parallel for schedule(auto)
  for (long i = 0; i < n; i++)
    t[i] += 1;
#pragma omp parallel for schedule(indirect(owner))
  for (long i = 0; i < n; i++)
    t[i] += 1;
#pragma omp parallel for schedule(dynamic)
  for (long i = 0; i < n; i++)
    k[i] = c[i] = 0;
#pragma omp parallel for schedule(guided)
  for (long i = 0; i < n; i++)
    k[i] += 1;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    c[n - 1 - i] += c[i];
  double big[N];
  for (long i = 0; i < N; i++)
    big[i] = 0;
#pragma omp parallel for reduction(+ : big[0:N])
  for (long i = 0; i < N; i++)
    big[i] += 1;
}

// The first loop in a function is not the first touch of an array the caller placed; a loop
// that one thread runs inside a region is no site.
void later_loops_only(void) {
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < N; i++)
    a[i] += 1;
}
void single_first(long n) {
  double *x = malloc(n * sizeof *x);
#pragma omp parallel
  {
#pragma omp single
    for (long i = 0; i < n; i++)
      x[i] = 0;
#pragma omp for schedule(dynamic)
    for (long i = 0; i < n; i++)
      x[i] += 1;
  }
}
