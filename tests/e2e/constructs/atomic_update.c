// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// `atomic` and `atomic update` with every binary operator OpenMP allows, + - * / & | ^ << >>, on
// int, long and double (the bitwise and shift operators on the integer types), in each form the
// spec lists: `x binop= expr`, `x = x binop expr`, `x = expr binop x`, `x++`, `++x`, `x--`,
// `--x`; on scalars, array elements with computed indices, struct members through pointers and
// `*p`.  The application part is a histogram and per-class statistics of a particle set (the
// classic use of atomics); the operator part applies each operator from many iterations of a
// parallel loop to one shared variable.  Operands are chosen so that the final value does not
// depend on the order: sums of exact values, products and quotients by powers of two and -1 on
// values that never round or overflow (positive for /, so integer division composes), bit masks.

#include <omp.h>
#include <stdio.h>

#define N 40000
#define BINS 32

struct class_stats {
  long count;
  double mass;
  int min_bin_hits;
};

static double pos[N];
static int hist[BINS];
static struct class_stats cls[4];
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static int bin_of(double x)
{
  int b = (int)(x * BINS);
  return b < 0 ? 0 : b >= BINS ? BINS - 1 : b;
}

static void histogram(void)
{
  long total = 0;
  long *ptotal = &total;
#pragma omp parallel for schedule(dynamic, 128)
  for (int i = 0; i < N; i++) {
    int b = bin_of(pos[i]);
#pragma omp atomic
    hist[b]++;
    struct class_stats *c = &cls[i % 4];
#pragma omp atomic update
    c->count += 1;
#pragma omp atomic
    c->mass += (double)(i % 8) * 0.125;
#pragma omp atomic
    *ptotal += b;
  }
  int href[BINS] = {0};
  long tref = 0;
  for (int i = 0; i < N; i++) {
    href[bin_of(pos[i])]++;
    tref += bin_of(pos[i]);
  }
  for (int b = 0; b < BINS; b++)
    CHECK(hist[b] == href[b], "hist[%d] = %d, want %d", b, hist[b], href[b]);
  for (int k = 0; k < 4; k++) {
    double m = 0.0;
    for (int i = k; i < N; i += 4)
      m += (double)(i % 8) * 0.125;
    CHECK(cls[k].count == N / 4 && cls[k].mass == m, "class %d: %ld, %.17g", k, cls[k].count,
          cls[k].mass);
  }
  CHECK(total == tref, "total %ld, want %ld", total, tref);
  printf("histogram:");
  for (int b = 0; b < BINS; b++)
    printf(" %d", href[b]);
  printf("\nclasses: mass %.3f %.3f %.3f %.3f, bin total %ld\n", cls[0].mass, cls[1].mass,
         cls[2].mass, cls[3].mass, tref);
}

struct acc {
  int iadd, isub, imul, idiv, iand, ior, ixor, ishl, ishr, iinc, idec, ipre, ipredec;
  long ladd, lsub, lmul, ldiv, land, lor, lxor, lshl, lshr, linc, ldec;
  double dadd, dsub, dmul, ddiv;
  int f1, f2, f3; /* x = x binop expr, x = expr binop x */
  long f4, f5;
  double f6, f7;
};

static void initial(struct acc *a)
{
  *a = (struct acc){.iadd = 5, .isub = 1000000, .imul = 3, .idiv = 3 << 24, .iand = -1,
                    .ior = 0, .ixor = 0x5555, .ishl = 1, .ishr = 1 << 30, .iinc = 0, .idec = 0,
                    .ipre = 0, .ipredec = 0,
                    .ladd = 1L << 40, .lsub = 0, .lmul = -1, .ldiv = 5L << 50, .land = -1L,
                    .lor = 1L << 62, .lxor = 0, .lshl = 3, .lshr = 7L << 55, .linc = 10, .ldec = 0,
                    .dadd = 0.5, .dsub = 0.0, .dmul = 1.0, .ddiv = 1024.0,
                    .f1 = 0, .f2 = 1, .f3 = 0, .f4 = 0x1234, .f5 = 0, .f6 = 0.0, .f7 = 1.0};
}

/* The same updates as operators() below, one iteration at a time: the serial reference. */
#define UPDATES(A)                                                                                 \
  A.iadd += i % 100;                                                                               \
  A.isub -= i % 7;                                                                                 \
  if (i % 2000 == 0) {                                                                             \
    A.imul *= -2; /* 20 times: 3 * 2^20 */                                                         \
  }                                                                                                \
  if (i % 4000 == 1) {                                                                             \
    A.idiv /= 2; /* 10 times */                                                                    \
  }                                                                                                \
  A.iand &= ~(1 << (i % 31)) | (i % 3 == 0 ? 0 : -1);                                              \
  A.ior |= 1 << (i % 29);                                                                          \
  A.ixor ^= (i * 7919) & 0xffff;                                                                   \
  if (i % 1600 == 2) {                                                                             \
    A.ishl <<= 1; /* 25 times */                                                                   \
  }                                                                                                \
  if (i % 2000 == 3) {                                                                             \
    A.ishr >>= 1; /* 20 times */                                                                   \
  }                                                                                                \
  A.iinc++;                                                                                        \
  A.idec--;                                                                                        \
  ++A.ipre;                                                                                        \
  --A.ipredec;                                                                                     \
  A.ladd += (long)i * 1000003L;                                                                    \
  A.lsub -= (long)i << 20;                                                                         \
  if (i % 2000 == 4) {                                                                             \
    A.lmul *= 3; /* 20 times: 3^20, far from overflow */                                           \
  }                                                                                                \
  if (i % 1000 == 5) {                                                                             \
    A.ldiv /= 2; /* 40 times */                                                                    \
  }                                                                                                \
  A.land &= ~(1L << (i % 61)) | (i % 5 == 0 ? 0L : -1L);                                           \
  A.lor |= (long)(i & 0xffff) << 16;                                                               \
  A.lxor ^= (long)i * 0x9E3779B9L;                                                                 \
  if (i % 1000 == 6) {                                                                             \
    A.lshl <<= 1; /* 40 times */                                                                   \
  }                                                                                                \
  if (i % 1000 == 7) {                                                                             \
    A.lshr >>= 1; /* 40 times */                                                                   \
  }                                                                                                \
  A.linc++;                                                                                        \
  A.ldec -= 2;                                                                                     \
  A.dadd += (double)(i % 64) / 16.0;                                                               \
  A.dsub -= 0.25;                                                                                  \
  if (i % 2000 == 8) {                                                                             \
    A.dmul *= (i % 4000 == 8) ? 4.0 : -0.5; /* 10 times each */                                    \
  }                                                                                                \
  if (i % 1000 == 9) {                                                                             \
    A.ddiv /= 2.0; /* 40 times */                                                                  \
  }                                                                                                \
  A.f1 = A.f1 + i % 3;                                                                             \
  if (i % 4000 == 10) {                                                                            \
    A.f2 = 2 * A.f2; /* 10 times */                                                                \
  }                                                                                                \
  A.f3 = (1 << (i % 20)) | A.f3;                                                                   \
  A.f4 = A.f4 ^ (long)i;                                                                           \
  A.f5 = 7L + A.f5;                                                                                \
  A.f6 = A.f6 - 0.5;                                                                               \
  if (i % 4000 == 11) {                                                                            \
    A.f7 = A.f7 / 4.0; /* 10 times */                                                              \
  }

static void operators(void)
{
  static struct acc a; /* shared */
  struct acc r;
  initial(&a);
  initial(&r);
#pragma omp parallel for schedule(static, 97)
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    a.iadd += i % 100;
#pragma omp atomic
    a.isub -= i % 7;
    if (i % 2000 == 0) {
#pragma omp atomic
      a.imul *= -2;
    }
    if (i % 4000 == 1) {
#pragma omp atomic update
      a.idiv /= 2;
    }
#pragma omp atomic
    a.iand &= ~(1 << (i % 31)) | (i % 3 == 0 ? 0 : -1);
#pragma omp atomic
    a.ior |= 1 << (i % 29);
#pragma omp atomic
    a.ixor ^= (i * 7919) & 0xffff;
    if (i % 1600 == 2) {
#pragma omp atomic
      a.ishl <<= 1;
    }
    if (i % 2000 == 3) {
#pragma omp atomic update
      a.ishr >>= 1;
    }
#pragma omp atomic
    a.iinc++;
#pragma omp atomic
    a.idec--;
#pragma omp atomic update
    ++a.ipre;
#pragma omp atomic
    --a.ipredec;
#pragma omp atomic
    a.ladd += (long)i * 1000003L;
#pragma omp atomic
    a.lsub -= (long)i << 20;
    if (i % 2000 == 4) {
#pragma omp atomic
      a.lmul *= 3;
    }
    if (i % 1000 == 5) {
#pragma omp atomic
      a.ldiv /= 2;
    }
#pragma omp atomic
    a.land &= ~(1L << (i % 61)) | (i % 5 == 0 ? 0L : -1L);
#pragma omp atomic
    a.lor |= (long)(i & 0xffff) << 16;
#pragma omp atomic
    a.lxor ^= (long)i * 0x9E3779B9L;
    if (i % 1000 == 6) {
#pragma omp atomic
      a.lshl <<= 1;
    }
    if (i % 1000 == 7) {
#pragma omp atomic
      a.lshr >>= 1;
    }
#pragma omp atomic
    a.linc++;
#pragma omp atomic
    a.ldec -= 2;
#pragma omp atomic
    a.dadd += (double)(i % 64) / 16.0;
#pragma omp atomic update
    a.dsub -= 0.25;
    if (i % 2000 == 8) {
#pragma omp atomic
      a.dmul *= (i % 4000 == 8) ? 4.0 : -0.5;
    }
    if (i % 1000 == 9) {
#pragma omp atomic
      a.ddiv /= 2.0;
    }
#pragma omp atomic
    a.f1 = a.f1 + i % 3;
    if (i % 4000 == 10) {
#pragma omp atomic
      a.f2 = 2 * a.f2;
    }
#pragma omp atomic
    a.f3 = (1 << (i % 20)) | a.f3;
#pragma omp atomic update
    a.f4 = a.f4 ^ (long)i;
#pragma omp atomic
    a.f5 = 7L + a.f5;
#pragma omp atomic
    a.f6 = a.f6 - 0.5;
    if (i % 4000 == 11) {
#pragma omp atomic
      a.f7 = a.f7 / 4.0;
    }
  }
  for (int i = 0; i < N; i++) {
    UPDATES(r)
  }

#define CMP(f, fmt)                                                                                \
  CHECK(a.f == r.f, #f " = " fmt ", want " fmt, a.f, r.f);                                         \
  printf("  %-8s " fmt "\n", #f, r.f)
  printf("operators:\n");
  CMP(iadd, "%d"); CMP(isub, "%d"); CMP(imul, "%d"); CMP(idiv, "%d"); CMP(iand, "%#x");
  CMP(ior, "%#x"); CMP(ixor, "%#x"); CMP(ishl, "%d"); CMP(ishr, "%d"); CMP(iinc, "%d");
  CMP(idec, "%d"); CMP(ipre, "%d"); CMP(ipredec, "%d");
  CMP(ladd, "%ld"); CMP(lsub, "%ld"); CMP(lmul, "%ld"); CMP(ldiv, "%ld"); CMP(land, "%#lx");
  CMP(lor, "%#lx"); CMP(lxor, "%#lx"); CMP(lshl, "%ld"); CMP(lshr, "%ld"); CMP(linc, "%ld");
  CMP(ldec, "%ld");
  CMP(dadd, "%.4f"); CMP(dsub, "%.4f"); CMP(dmul, "%g"); CMP(ddiv, "%g");
  CMP(f1, "%d"); CMP(f2, "%d"); CMP(f3, "%#x"); CMP(f4, "%#lx"); CMP(f5, "%ld"); CMP(f6, "%.2f");
  CMP(f7, "%g");
#undef CMP
}

int main(void)
{
  unsigned seed = 5u;
  for (int i = 0; i < N; i++) {
    seed = seed * 1103515245u + 12345u;
    double x = (double)(seed >> 8) / 16777216.0;
    pos[i] = x * x; /* skewed towards 0 */
  }
  histogram();
  operators();
  printf("atomic_update: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
