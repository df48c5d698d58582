// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=8 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// User-defined reductions (declare reduction), each result checked against the serial
// computation and the output compared with gcc -fopenmp's:
//  - a struct reduced by a combiner over omp_out/omp_in, without an initializer (the private
//    copies start as zero, as objects of static storage would);
//  - '+' and 'min'/'max' redeclared for structs (an arg-min/arg-max with the index);
//  - an initializer that assigns (omp_priv = expr, braces included) and one that is a call
//    (init(&omp_priv, &omp_orig));
//  - a block-scope declaration that hides a file-scope one of the same identifier and type, and
//    the file-scope one again after the block;
//  - one identifier for several types;
//  - on parallel, for, sections, scope, simd, taskloop and a task's in_reduction, over scalars,
//    arrays of constant size and array sections of the UDR's type.
#include <limits.h>
#include <stdio.h>

#include "Inputs/check.h"

#define N 1000

struct vec { long x, y; };
struct loc { int value, index; };

#pragma omp declare reduction(vadd : struct vec : omp_out.x += omp_in.x, omp_out.y += omp_in.y)
#pragma omp declare reduction(+ : struct vec : omp_out.x += omp_in.x, omp_out.y += omp_in.y)
#pragma omp declare reduction(min : struct loc :                                                  \
    omp_out = omp_in.value < omp_out.value ||                                                      \
              (omp_in.value == omp_out.value && omp_in.index < omp_out.index) ? omp_in : omp_out)  \
    initializer(omp_priv = { INT_MAX, -1 })
#pragma omp declare reduction(max : struct loc :                                                  \
    omp_out = omp_in.value > omp_out.value ||                                                      \
              (omp_in.value == omp_out.value && omp_in.index < omp_out.index) ? omp_in : omp_out)  \
    initializer(omp_priv = { INT_MIN, -1 })

/* The product of 2x2 matrices, starting from the identity matrix. */
struct mat { long a, b, c, d; };
static void mat_one(struct mat *m, const struct mat *orig) {
  (void)orig;
  m->a = m->d = 1;
  m->b = m->c = 0;
}
static void mat_mul(struct mat *out, const struct mat *in) {
  struct mat r = {out->a * in->a + out->b * in->c, out->a * in->b + out->b * in->d,
                  out->c * in->a + out->d * in->c, out->c * in->b + out->d * in->d};
  *out = r;
}
#pragma omp declare reduction(mul : struct mat : mat_mul(&omp_out, &omp_in))                      \
    initializer(mat_one(&omp_priv, &omp_orig))

/* Bitwise or of the absolute values, for several types under one identifier. */
#pragma omp declare reduction(absor : int, long, short :                                          \
    omp_out |= omp_in < 0 ? -omp_in : omp_in) initializer(omp_priv = 0)

/* The same identifier, counting: the block-scope one below counts twice. */
#pragma omp declare reduction(count : int : omp_out += omp_in) initializer(omp_priv = 0)

static int value(int i) { return (i * 7919) % 1013 - 500; }

static void scalars(void) {
  struct vec v = {1, 2}, w = {3, 4}, serial = {0, 0};
  for (int i = 0; i < N; i++)
    serial.x += i, serial.y += 2 * i;
#pragma omp parallel for reduction(vadd : v) reduction(+ : w)
  for (int i = 0; i < N; i++) {
    v.x += i, v.y += 2 * i;
    w.x += i, w.y += 2 * i;
  }
  CHECK(v.x == 1 + serial.x && v.y == 2 + serial.y, "struct reduction by identifier");
  CHECK(w.x == 3 + serial.x && w.y == 4 + serial.y, "struct reduction by '+'");
  printf("vec %ld %ld %ld %ld\n", v.x, v.y, w.x, w.y);

  struct loc lo = {INT_MAX, -1}, hi = {INT_MIN, -1}, slo = lo, shi = hi;
  for (int i = 0; i < N; i++) {
    if (value(i) < slo.value)
      slo.value = value(i), slo.index = i;
    if (value(i) > shi.value)
      shi.value = value(i), shi.index = i;
  }
#pragma omp parallel for reduction(min : lo) reduction(max : hi) schedule(dynamic, 7)
  for (int i = 0; i < N; i++) {
    if (value(i) < lo.value)
      lo.value = value(i), lo.index = i;
    if (value(i) > hi.value)
      hi.value = value(i), hi.index = i;
  }
  CHECK(lo.value == slo.value && lo.index == slo.index, "arg-min by 'min'");
  CHECK(hi.value == shi.value && hi.index == shi.index, "arg-max by 'max'");
  printf("loc %d %d %d %d\n", lo.value, lo.index, hi.value, hi.index);

  /* Fibonacci numbers by products of [[1 1] [1 0]]: the order of a product does not matter for
     powers of one matrix. */
  struct mat m = {1, 0, 0, 1};
#pragma omp parallel for reduction(mul : m)
  for (int i = 0; i < 40; i++)
    mat_mul(&m, &(struct mat){1, 1, 1, 0});
  CHECK(m.b == 102334155, "matrix product with an initializer function");
  printf("fib %ld\n", m.b);

  int ai = 0, sai = 0;
  long al = 0;
  short as = 0;
  for (int i = 0; i < N; i++)
    sai |= value(i) < 0 ? -value(i) : value(i);
#pragma omp parallel for reduction(absor : ai, al, as)
  for (int i = 0; i < N; i++) {
    ai |= value(i) < 0 ? -value(i) : value(i);
    al |= (long)i << 20;
    as |= (short)(i & 0x3f);
  }
  CHECK(ai == sai && al == 1023L << 20 && as == 0x3f, "one identifier for several types");
  printf("absor %d %ld %d\n", ai, al, as);
}

static void scopes(void) {
  int outer = 0, inner = 0, after = 0;
#pragma omp parallel reduction(count : outer)
  outer++;
  {
#pragma omp declare reduction(count : int : omp_out += 2 * omp_in) initializer(omp_priv = 0)
#pragma omp parallel reduction(count : inner)
    inner++;
  }
#pragma omp parallel reduction(count : after)
  after++;
  CHECK(inner == 2 * outer && after == outer, "a block-scope declaration hides the file's");
  printf("scopes %d\n", inner / outer);
}

static void worksharing(void) {
  struct vec s = {0, 0}, sc = {0, 0}, sd = {0, 0};
  int threads = 0;
#pragma omp parallel
  {
#pragma omp atomic
    threads++;
#pragma omp sections reduction(vadd : s)
    {
#pragma omp section
      s.x += 1;
#pragma omp section
      s.y += 2;
    }
#pragma omp scope reduction(+ : sc)
    sc.x += 1;
  }
#pragma omp simd reduction(vadd : sd)
  for (int i = 0; i < N; i++)
    sd.x += i;
  CHECK(s.x == 1 && s.y == 2, "sections");
  CHECK(sc.x == threads && sc.y == 0, "scope");
  CHECK(sd.x == N * (N - 1) / 2, "simd");
  printf("worksharing %ld %ld %ld\n", s.x, s.y, sd.x);
}

static void arrays(void) {
  struct vec hist[8] = {{0, 0}}, part[10] = {{0, 0}};
  struct loc best[2];
  for (int k = 0; k < 2; k++)
    best[k].value = INT_MAX, best[k].index = -1;
#pragma omp parallel for reduction(vadd : hist) reduction(+ : part[2:5]) reduction(min : best)
  for (int i = 0; i < N; i++) {
    hist[i % 8].x += 1;
    hist[i % 8].y += i;
    part[2 + i % 5].x += 1;
    if (value(i) < best[i % 2].value)
      best[i % 2].value = value(i), best[i % 2].index = i;
  }
  long total = 0;
  for (int k = 0; k < 8; k++)
    total += hist[k].x;
  CHECK(total == N && hist[3].x == N / 8, "array of structs");
  CHECK(part[1].x == 0 && part[2].x == N / 5 && part[6].x == N / 5 && part[7].x == 0,
        "section of structs");
  CHECK(best[0].index % 2 == 0 && best[1].index % 2 == 1, "array by 'min'");
  printf("arrays %ld %ld %d %d\n", hist[3].y, part[4].x, best[0].index, best[1].index);
}

static void tasks(void) {
  struct vec t = {0, 0}, l = {0, 0};
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(vadd : t)
    for (int i = 0; i < 20; i++) {
#pragma omp task in_reduction(vadd : t)
      t.x += i;
    }
#pragma omp taskloop reduction(vadd : l)
    for (int i = 0; i < N; i++)
      l.y += i;
  }
  CHECK(t.x == 190, "in_reduction");
  CHECK(l.y == N * (N - 1) / 2, "taskloop");
  printf("tasks %ld %ld\n", t.x, l.y);
}

int main(void) {
  scalars();
  scopes();
  worksharing();
  arrays();
  tasks();
  if (failures)
    printf("%d failures\n", failures);
  return failures != 0;
}
