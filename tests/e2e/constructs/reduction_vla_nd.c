// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror -DNO_SCOPE %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
// RUN: %if clang-openmp %{ clang-16 -std=c11 -fopenmp -O1 -Wall -Werror -DNO_SCOPE -DNO_ROW_SECTIONS %s -o %t.libomp %}
// RUN: %if clang-openmp %{ env OMP_NUM_THREADS=3 %o2n-run %t.libomp %}
//
// Reductions over arrays of several variable-length dimensions, as gcc takes them: whole
// variable-length arrays of variable-length arrays (2 and 3 dimensions), of arrays of constant
// size of variable-length arrays (c[n][4][m]), arrays of constant size of variable-length arrays
// (d[4][m]), and contiguous sections of them (a[1:2][0:m], a[1:2][:], a[1][0:m], a[1:2] of whole
// rows, b[lo:2][:][0:k]), also through a pointer to variable-length rows and a parameter
// declared double w[n][m]; int, long, double and a struct with a declare reduction (with an
// initializer); every operator; on parallel, for, parallel for, sections, parallel sections,
// scope, and with the task modifier.  The elements around each section keep their values.  Each
// result is checked against the serial computation, and the output compared with gcc
// -fopenmp's, which is built without the scope construct (NO_SCOPE: gcc 12 loses its partial
// results of variable-length arrays; it comes after the output).  gcc 12 also crashes when a
// construct reduces a variable-length array that a `for` nested in a `parallel` has reduced, so
// each such `for` comes last.  clang-16 -fopenmp runs it without scope, which it does not have,
// and without the sections of whole rows, which it rejects (NO_ROW_SECTIONS).
#include <stdio.h>
#include <string.h>

#include "Inputs/check.h"

struct acc { long n; double sum; };
static void acc_init(struct acc *a) { a->n = 0, a->sum = 0.0; }
#pragma omp declare reduction(acc : struct acc : omp_out.n += omp_in.n, omp_out.sum += omp_in.sum) \
  initializer(acc_init(&omp_priv))
static struct acc acc_zero(void) { return (struct acc){0, 0.0}; }
#pragma omp declare reduction(+ : struct acc : omp_out.n += omp_in.n, omp_out.sum += omp_in.sum) \
  initializer(omp_priv = acc_zero())

#define ITER 997

/* The sum of the doubles of x's count elements, weighted by position: a checksum to print. */
static double checksum(const double *x, size_t count) {
  double s = 0;
  for (size_t i = 0; i < count; i++)
    s += x[i] * (double)(i % 7 + 1);
  return s;
}

/* Whole arrays: 2 and 3 variable-length dimensions, a constant one between two, a constant one
   outside, and structs with a declare reduction. */
static void whole(int n, int m, int k) {
  double a[n][m], sa[n][m];
  long b[n][m][k], sb[n][m][k];
  int c[n][4][m], sc[n][4][m];
  double d[4][m], sd[4][m];
  struct acc e[n][m], se[n][m];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      a[i][j] = sa[i][j] = i - j;
      e[i][j] = se[i][j] = (struct acc){i, j * 0.5};
      for (int l = 0; l < k; l++)
        b[i][j][l] = sb[i][j][l] = 100 * i + 10 * j + l;
      for (int l = 0; l < 4; l++)
        c[i][l][j] = sc[i][l][j] = 0x7f0 | (i + j + l);
    }
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < m; j++)
      d[i][j] = sd[i][j] = 1.5;

#pragma omp parallel for reduction(+ : a) reduction(max : b) schedule(dynamic, 7)
  for (int i = 0; i < ITER; i++) {
    a[i % n][i / n % m] += i * 0.5;
    long *v = &b[i % n][i / 3 % m][i / 7 % k];
    if (*v < i % 211)
      *v = i % 211;
  }
  for (int i = 0; i < ITER; i++) {
    sa[i % n][i / n % m] += i * 0.5;
    long *v = &sb[i % n][i / 3 % m][i / 7 % k];
    if (*v < i % 211)
      *v = i % 211;
  }
  CHECK(memcmp(a, sa, sizeof a) == 0, "double a[n][m], + on parallel for");
  CHECK(memcmp(b, sb, sizeof b) == 0, "long b[n][m][k], max on parallel for");

#pragma omp parallel sections reduction(* : d) reduction(acc : e)
  {
    {
      d[0][m - 1] *= 2;
      e[0][0].n++;
    }
#pragma omp section
    {
      d[3][0] *= 4;
      e[n - 1][m - 1].sum += 1.5;
    }
#pragma omp section
    for (int j = 0; j < m; j++)
      d[1][j] *= 0.5;
  }
  sd[0][m - 1] *= 2, sd[3][0] *= 4;
  for (int j = 0; j < m; j++)
    sd[1][j] *= 0.5;
  se[0][0].n++, se[n - 1][m - 1].sum += 1.5;
  CHECK(memcmp(d, sd, sizeof d) == 0, "double d[4][m], * on parallel sections");
  CHECK(memcmp(e, se, sizeof e) == 0, "struct e[n][m], declare reduction on parallel sections");

  int threads = 0;
#pragma omp parallel reduction(+ : e, threads) reduction(| : c)
  {
    threads++;
    e[1][m - 2].n += 2;
    c[n - 1][3][m - 1] |= 1 << 20;
  }
  se[1][m - 2].n += 2 * threads;
  sc[n - 1][3][m - 1] |= 1 << 20;
  CHECK(memcmp(e, se, sizeof e) == 0, "struct e[n][m], + (declared) on parallel");
  CHECK(memcmp(c, sc, sizeof c) == 0, "int c[n][4][m], | on parallel");

#pragma omp parallel for reduction(task, + : a)
  for (int i = 0; i < ITER; i++)
    a[i % n][m - 1] += 1;
  for (int i = 0; i < ITER; i++)
    sa[i % n][m - 1] += 1;
  CHECK(memcmp(a, sa, sizeof a) == 0, "double a[n][m], task modifier on parallel for");

#pragma omp parallel
#pragma omp sections reduction(&& : d) reduction(|| : b)
  {
    d[2][1] = d[2][1] && 0;
#pragma omp section
    b[1][1][k - 1] = b[1][1][k - 1] || 1;
  }
  sd[2][1] = 0, sb[1][1][k - 1] = 1;
  for (int j = 0; j < m; j++) /* && and || leave 0 or 1 in every element */
    for (int i = 0; i < 4; i++)
      sd[i][j] = sd[i][j] != 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int l = 0; l < k; l++)
        sb[i][j][l] = sb[i][j][l] != 0;
  CHECK(memcmp(d, sd, sizeof d) == 0, "double d[4][m], && on sections");
  CHECK(memcmp(b, sb, sizeof b) == 0, "long b[n][m][k], || on sections");

#pragma omp parallel
#pragma omp for reduction(& : c) reduction(min : b)
  for (int i = 0; i < ITER; i++) {
    c[i % n][i % 4][i / 4 % m] &= ~(1 << (i % 11));
    long *v = &b[i / 5 % n][i % m][i / 2 % k];
    if (*v > i % 97)
      *v = i % 97;
  }
  for (int i = 0; i < ITER; i++) {
    sc[i % n][i % 4][i / 4 % m] &= ~(1 << (i % 11));
    long *v = &sb[i / 5 % n][i % m][i / 2 % k];
    if (*v > i % 97)
      *v = i % 97;
  }
  CHECK(memcmp(c, sc, sizeof c) == 0, "int c[n][4][m], & on for");
  CHECK(memcmp(b, sb, sizeof b) == 0, "long b[n][m][k], min on for");

  printf("whole %d %d %d: %g %ld %d %g %ld %g\n", n, m, k, checksum(&a[0][0], n * m),
         b[n - 1][m - 1][k - 1], c[n - 1][3][m - 1], checksum(&d[0][0], 4 * m),
         e[n - 1][m - 2].n, e[n - 1][m - 1].sum);

#ifndef NO_SCOPE
  /* After the output, which is compared with gcc 12's: its scope loses the partial results of
     variable-length arrays. */
#pragma omp parallel
#pragma omp scope reduction(- : a) reduction(^ : c)
  {
    a[n - 1][0] -= 1;
    c[0][2][1] ^= 6;
  }
  sa[n - 1][0] -= threads;
  if (threads % 2)
    sc[0][2][1] ^= 6;
  CHECK(memcmp(a, sa, sizeof a) == 0, "double a[n][m], - on scope");
  CHECK(memcmp(c, sc, sizeof c) == 0, "int c[n][4][m], ^ on scope");
#endif
}

/* A parameter declared as an array of variable-length rows is a pointer to them. */
static void through_parameter(int n, int m, double w[n][m], int lb) {
#pragma omp parallel for reduction(+ : w[lb:2][0:m])
  for (int i = 0; i < ITER; i++)
    w[lb + i % 2][i % m] += 1;
}

/* Sections: the elements around each keep their values. */
static void sections(int n, int m, int k) {
  double a[n][m], sa[n][m];
  long b[n][m][k], sb[n][m][k];
  double d[4][m], sd[4][m];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      a[i][j] = sa[i][j] = i * m + j;
      for (int l = 0; l < k; l++)
        b[i][j][l] = sb[i][j][l] = l;
    }
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < m; j++)
      d[i][j] = sd[i][j] = j;

#pragma omp parallel for reduction(+ : a[1:2][0:m]) reduction(max : b[1:2][:][0:k])
  for (int i = 0; i < ITER; i++) {
    a[1 + i % 2][i / 2 % m] += 1;
    long *v = &b[1 + i % 2][i / 2 % m][i / 3 % k];
    if (*v < i)
      *v = i;
  }
  for (int i = 0; i < ITER; i++) {
    sa[1 + i % 2][i / 2 % m] += 1;
    long *v = &sb[1 + i % 2][i / 2 % m][i / 3 % k];
    if (*v < i)
      *v = i;
  }
  CHECK(memcmp(a, sa, sizeof a) == 0, "a[1:2][0:m]");
  CHECK(memcmp(b, sb, sizeof b) == 0, "b[1:2][:][0:k]");

#ifndef NO_ROW_SECTIONS
  /* Whole rows: a section of the first dimension only (clang-16 rejects it). */
#pragma omp parallel for reduction(+ : a[1:n - 2], b[0:1])
  for (int i = 0; i < ITER; i++) {
    a[1 + i % (n - 2)][i % m] += 1;
    b[0][i % m][i % k] += 1;
  }
  for (int i = 0; i < ITER; i++) {
    sa[1 + i % (n - 2)][i % m] += 1;
    sb[0][i % m][i % k] += 1;
  }
  CHECK(memcmp(a, sa, sizeof a) == 0, "a[1:n - 2]");
  CHECK(memcmp(b, sb, sizeof b) == 0, "b[0:1]");
#endif

  double (*p)[m] = a;
#pragma omp parallel reduction(+ : p[0:n][0:m])
  p[n - 1][m - 1] += 1;
  through_parameter(n, m, a, 1);
  int threads = 0;
#pragma omp parallel reduction(+ : threads)
  threads++;
  sa[n - 1][m - 1] += threads;
  for (int i = 0; i < ITER; i++)
    sa[1 + i % 2][i % m] += 1;
  CHECK(memcmp(a, sa, sizeof a) == 0, "p[0:n][0:m] and w[lb:2][0:m]");

  const int lo = n - 2;
#pragma omp parallel
  {
#pragma omp for reduction(- : a[1:2][:]) reduction(+ : b[lo:2][0:m][0:k]) nowait
    for (int i = 0; i < ITER; i++) {
      a[1 + i % 2][i % m] -= 2;
      b[lo + i % 2][i % m][i % k] += 3;
    }
#pragma omp barrier
#pragma omp single
    for (int i = 0; i < ITER; i++) {
      sa[1 + i % 2][i % m] -= 2;
      sb[lo + i % 2][i % m][i % k] += 3;
    }
#pragma omp sections reduction(* : d[1:2][0:m]) reduction(+ : a[n - 1][0:m])
    {
      {
        d[1][0] *= 3;
        a[n - 1][m - 1] += 4;
      }
#pragma omp section
      d[2][m - 1] *= 5;
    }
  }
  sd[1][0] *= 3, sd[2][m - 1] *= 5, sa[n - 1][m - 1] += 4;
  CHECK(memcmp(a, sa, sizeof a) == 0, "a[1:2][:] and a[n - 1][0:m]");
  CHECK(memcmp(b, sb, sizeof b) == 0, "b[lo:2][0:m][0:k]");
  CHECK(memcmp(d, sd, sizeof d) == 0, "d[1:2][0:m]");

  printf("sections %d %d %d: %g %ld %g\n", n, m, k, checksum(&a[0][0], n * m),
         b[lo][m - 1][k - 1], checksum(&d[0][0], 4 * m));
}

int main(void) {
  const int shapes[][3] = {{3, 2, 2}, {4, 3, 5}, {5, 7, 1}, {9, 2, 3}};
  for (int s = 0; s < 4; s++) {
    whole(shapes[s][0], shapes[s][1], shapes[s][2]);
    sections(shapes[s][0], shapes[s][1], shapes[s][2]);
  }
  if (failures)
    printf("%d failures\n", failures);
  return failures != 0;
}
