// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// reduction(op: list) for every operator of OpenMP C, + * - & | ^ && || min max, on int, unsigned
// and long long, as a data-validation pass over an array of records computes them: a total, a
// product of signs and scale factors, a running balance, flag masks (& and |), an xor checksum,
// "all valid" (&&) and "any alarm" (||), and the extremes.  Every arithmetic, bitwise and min/max
// reduction variable starts from a value that is not the operator's identity, so the original value
// must be combined in.  The && and || variables start at 1 and 0 as flags do (from 5, an empty loop
// leaves 5 && 1 == 1 under GCC and 5 under Clang).  The inputs keep every result independent of the
// order of combination (no signed overflow in any order; unsigned arithmetic wraps modulo 2^32,
// which is order-free), so the results compare exactly with the serial loop.  Covered on `parallel
// for`, on `for` inside `parallel`, on `parallel` alone (one contribution per thread), with loops
// shorter than the team (idle threads contribute the identity) and empty loops.

#include <limits.h>
#include <omp.h>
#include <stdio.h>

#define N 12007
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

struct record {
  int value;          /* in [-5000, 5000] */
  int scale;          /* 1, -1, or 2 on a few records */
  unsigned flags;     /* bit masks */
  unsigned word;      /* checksum input */
  long long stamp;    /* large values */
  int factor;         /* 1, or 3 on a few records: a long long product */
};

static struct record rec[N];
static int failures;

struct results {
  int isum, iprod, ibal, iand, ior, ixor, iall, iany, imin, imax;
  unsigned usum, uprod, ubal, uand, uor, uxor, uall, uany, umin, umax;
  long long lsum, lprod, lbal, land, lor, lxor, lall, lany, lmin, lmax;
};

static void start(struct results *r)
{
  r->isum = 100, r->iprod = 3, r->ibal = -7, r->iand = 0x7ffff0ff, r->ior = 0x100, r->ixor = 0x5a5a;
  r->iall = 1, r->iany = 0, r->imin = 4000, r->imax = -4000;
  r->usum = 4000000000u, r->uprod = 7u, r->ubal = 1u, r->uand = 0xfffffffeu, r->uor = 1u << 31,
  r->uxor = 0xdeadbeefu, r->uall = 1u, r->uany = 0u, r->umin = 123456u, r->umax = 17u;
  r->lsum = -1000000000000LL, r->lprod = -2, r->lbal = 1LL << 40, r->land = -1, r->lor = 0,
  r->lxor = 0x123456789LL, r->lall = 1, r->lany = 0, r->lmin = LLONG_MAX, r->lmax = LLONG_MIN;
}

#define BODY(r, p)                                                                                 \
  do {                                                                                             \
    (r).isum += (p)->value;                                                                        \
    (r).iprod *= (p)->scale;                                                                       \
    (r).ibal -= (p)->value;                                                                        \
    (r).iand &= ~(int)((p)->flags & 0x0f00u);                                                      \
    (r).ior |= (int)((p)->flags & 0x00ffu);                                                        \
    (r).ixor ^= (p)->value;                                                                        \
    (r).iall = (r).iall && (p)->value > -6000;                                                     \
    (r).iany = (r).iany || (p)->value == 4999;                                                     \
    (r).imin = MIN((r).imin, (p)->value);                                                          \
    (r).imax = MAX((r).imax, (p)->value);                                                          \
    (r).usum += (p)->word;                                                                         \
    (r).uprod *= (p)->word | 1u;                                                                   \
    (r).ubal -= (p)->word;                                                                         \
    (r).uand &= (p)->word | 0x0000ffffu;                                                           \
    (r).uor |= (p)->flags;                                                                         \
    (r).uxor ^= (p)->word;                                                                         \
    (r).uall = (r).uall && (p)->flags != 0xffffffffu;                                              \
    (r).uany = (r).uany || ((p)->word & 0xfffu) == 0u;                                             \
    (r).umin = MIN((r).umin, (p)->word);                                                           \
    (r).umax = MAX((r).umax, (p)->word);                                                           \
    (r).lsum += (p)->stamp;                                                                        \
    (r).lprod *= (p)->factor;                                                                      \
    (r).lbal -= (p)->stamp;                                                                        \
    (r).land &= (p)->stamp | 0xffffLL;                                                             \
    (r).lor |= (p)->stamp & 0xff0000LL;                                                            \
    (r).lxor ^= (p)->stamp;                                                                        \
    (r).lall = (r).lall && (p)->stamp >= 0;                                                        \
    (r).lany = (r).lany || (p)->stamp % 1000003 == 0;                                              \
    (r).lmin = MIN((r).lmin, (p)->stamp);                                                          \
    (r).lmax = MAX((r).lmax, (p)->stamp);                                                          \
  } while (0)

static void serial(struct results *r, int lo, int hi)
{
  start(r);
  for (int i = lo; i < hi; i++)
    BODY(*r, &rec[i]);
}

static void compare(const char *what, const struct results *g, const struct results *w, int print)
{
  int bad = 0;
#define CMP(field, fmt)                                                                            \
  if (g->field != w->field && bad++ < 5)                                                           \
  printf("MISMATCH %s: " #field " = " fmt ", want " fmt "\n", what, g->field, w->field)
  CMP(isum, "%d"); CMP(iprod, "%d"); CMP(ibal, "%d"); CMP(iand, "%#x"); CMP(ior, "%#x");
  CMP(ixor, "%#x"); CMP(iall, "%d"); CMP(iany, "%d"); CMP(imin, "%d"); CMP(imax, "%d");
  CMP(usum, "%u"); CMP(uprod, "%u"); CMP(ubal, "%u"); CMP(uand, "%#x"); CMP(uor, "%#x");
  CMP(uxor, "%#x"); CMP(uall, "%u"); CMP(uany, "%u"); CMP(umin, "%u"); CMP(umax, "%u");
  CMP(lsum, "%lld"); CMP(lprod, "%lld"); CMP(lbal, "%lld"); CMP(land, "%llx"); CMP(lor, "%llx");
  CMP(lxor, "%llx"); CMP(lall, "%lld"); CMP(lany, "%lld"); CMP(lmin, "%lld"); CMP(lmax, "%lld");
#undef CMP
  failures += bad != 0;
  if (print) {
    printf("%s:\n", what);
    printf("  int       + %d  * %d  - %d  & %#x  | %#x  ^ %#x  && %d  || %d  min %d  max %d\n",
           w->isum, w->iprod, w->ibal, w->iand, w->ior, w->ixor, w->iall, w->iany, w->imin,
           w->imax);
    printf("  unsigned  + %u  * %u  - %u  & %#x  | %#x  ^ %#x  && %u  || %u  min %u  max %u\n",
           w->usum, w->uprod, w->ubal, w->uand, w->uor, w->uxor, w->uall, w->uany, w->umin,
           w->umax);
    printf("  long long + %lld  * %lld  - %lld  & %llx  | %llx  ^ %llx  && %lld  || %lld  min %lld "
           " max %lld\n",
           w->lsum, w->lprod, w->lbal, w->land, w->lor, w->lxor, w->lall, w->lany, w->lmin,
           w->lmax);
  }
}

/* parallel for with ten clauses per type, one variable each, and combined clauses. */
static void parallel_for(struct results *out, int lo, int hi)
{
  struct results r;
  start(&r);
  int isum = r.isum, iprod = r.iprod, ibal = r.ibal, iand = r.iand, ior = r.ior, ixor = r.ixor,
      iall = r.iall, iany = r.iany, imin = r.imin, imax = r.imax;
  unsigned usum = r.usum, uprod = r.uprod, ubal = r.ubal, uand = r.uand, uor = r.uor,
           uxor = r.uxor, uall = r.uall, uany = r.uany, umin = r.umin, umax = r.umax;
  long long lsum = r.lsum, lprod = r.lprod, lbal = r.lbal, land = r.land, lor = r.lor,
            lxor = r.lxor, lall = r.lall, lany = r.lany, lmin = r.lmin, lmax = r.lmax;

#pragma omp parallel for schedule(static) reduction(+ : isum) reduction(* : iprod) reduction(- : ibal) reduction(& : iand) reduction(| : ior) reduction(^ : ixor) reduction(&& : iall) reduction(|| : iany) reduction(min : imin) reduction(max : imax) reduction(+ : usum, lsum) reduction(* : uprod, lprod) reduction(- : ubal, lbal) reduction(& : uand, land) reduction(| : uor, lor) reduction(^ : uxor, lxor) reduction(&& : uall, lall) reduction(|| : uany, lany) reduction(min : umin, lmin) reduction(max : umax, lmax)
  for (int i = lo; i < hi; i++) {
    const struct record *p = &rec[i];
    isum += p->value;
    iprod *= p->scale;
    ibal -= p->value;
    iand &= ~(int)(p->flags & 0x0f00u);
    ior |= (int)(p->flags & 0x00ffu);
    ixor ^= p->value;
    iall = iall && p->value > -6000;
    iany = iany || p->value == 4999;
    imin = MIN(imin, p->value);
    imax = MAX(imax, p->value);
    usum += p->word;
    uprod *= p->word | 1u;
    ubal -= p->word;
    uand &= p->word | 0x0000ffffu;
    uor |= p->flags;
    uxor ^= p->word;
    uall = uall && p->flags != 0xffffffffu;
    uany = uany || (p->word & 0xfffu) == 0u;
    umin = MIN(umin, p->word);
    umax = MAX(umax, p->word);
    lsum += p->stamp;
    lprod *= p->factor;
    lbal -= p->stamp;
    land &= p->stamp | 0xffffLL;
    lor |= p->stamp & 0xff0000LL;
    lxor ^= p->stamp;
    lall = lall && p->stamp >= 0;
    lany = lany || p->stamp % 1000003 == 0;
    lmin = MIN(lmin, p->stamp);
    lmax = MAX(lmax, p->stamp);
  }
  *out = (struct results){isum, iprod, ibal, iand, ior, ixor, iall, iany, imin, imax,
                          usum, uprod, ubal, uand, uor, uxor, uall, uany, umin, umax,
                          lsum, lprod, lbal, land, lor, lxor, lall, lany, lmin, lmax};
}

/* The same reductions on a `for` inside `parallel`, dynamic schedule, as a helper's locals. */
static void for_in_region(struct results *out, int lo, int hi)
{
  struct results r;
  start(&r);
  int iprod = r.iprod, iand = r.iand, ixor = r.ixor, iall = r.iall, imin = r.imin;
  unsigned uprod = r.uprod, uor = r.uor, uany = r.uany, umax = r.umax;
  long long lsum = r.lsum, lbal = r.lbal, land = r.land, lmin = r.lmin, lmax = r.lmax;
  struct results w;
  serial(&w, lo, hi);

#pragma omp parallel
  {
#pragma omp for schedule(dynamic, 16) reduction(* : iprod, uprod) reduction(& : iand, land) reduction(^ : ixor) reduction(&& : iall) reduction(min : imin, lmin) reduction(| : uor) reduction(|| : uany) reduction(max : umax, lmax) reduction(+ : lsum) reduction(- : lbal)
    for (int i = hi - 1; i >= lo; i--) {
      iprod = iprod * rec[i].scale;
      uprod = (rec[i].word | 1u) * uprod;
      iand = iand & ~(int)(rec[i].flags & 0x0f00u);
      land &= rec[i].stamp | 0xffffLL;
      ixor = rec[i].value ^ ixor;
      iall = rec[i].value > -6000 && iall;
      if (rec[i].value < imin)
        imin = rec[i].value;
      lmin = MIN(lmin, rec[i].stamp);
      uor = uor | rec[i].flags;
      uany = ((rec[i].word & 0xfffu) == 0u) || uany;
      if (rec[i].word > umax)
        umax = rec[i].word;
      lmax = MAX(lmax, rec[i].stamp);
      lsum = lsum + rec[i].stamp;
      lbal = lbal - rec[i].stamp;
    }
  }
  *out = w; /* fields not reduced here are taken from the serial result */
  out->iprod = iprod, out->uprod = uprod, out->iand = iand, out->land = land, out->ixor = ixor;
  out->iall = iall, out->imin = imin, out->lmin = lmin, out->uor = uor, out->uany = uany;
  out->umax = umax, out->lmax = lmax, out->lsum = lsum, out->lbal = lbal;
}

/* reduction on `parallel` itself: every thread contributes once. */
static void per_thread(void)
{
  int count = 0, all_small = 1, min_id = 1000, max_id = -1;
  unsigned mask = 0u;
  long long prod = 1;
  int team = 0;
#pragma omp parallel reduction(+ : count) reduction(&& : all_small) reduction(min : min_id) reduction(max : max_id) reduction(| : mask) reduction(* : prod)
  {
    int t = omp_get_thread_num();
    count++;
    all_small = all_small && t < 64;
    min_id = MIN(min_id, t);
    max_id = MAX(max_id, t);
    mask |= 1u << (t % 32);
    prod *= 2;
    if (t == 0)
      team = omp_get_num_threads();
  }
  unsigned want_mask = team >= 32 ? 0xffffffffu : (1u << team) - 1u;
  if (count != team || !all_small || min_id != 0 || max_id != team - 1 || mask != want_mask ||
      prod != 1LL << team) {
    printf("MISMATCH reduction on parallel: count %d all %d min %d max %d mask %#x prod %lld, team "
           "%d\n",
           count, all_small, min_id, max_id, mask, prod, team);
    failures++;
  }
  printf("reduction on parallel: one contribution per thread\n");
}

int main(void)
{
  unsigned seed = 2024u;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    rec[i].value = (int)(seed >> 16) % 10001 - 5000;
    rec[i].scale = i % 701 == 0 ? 2 : (i % 3 == 0 ? -1 : 1); /* 18 factors of 2: no overflow */
    rec[i].flags = seed ^ (seed >> 7);
    rec[i].word = seed * 2654435761u;
    rec[i].stamp = (long long)(seed >> 4) * 1000003LL + (i % 5 == 0 ? 0 : i);
    rec[i].factor = i % 400 == 0 ? 3 : (i % 1000 == 1 ? -1 : 1); /* 31 factors of 3 */
  }
  rec[N / 2].value = 4999;

  static const int ranges[][2] = {{0, N}, {17, 20}, {5, 6}, {9, 9}};
  for (size_t k = 0; k < sizeof ranges / sizeof ranges[0]; k++) {
    int lo = ranges[k][0], hi = ranges[k][1];
    struct results got, want;
    char what[64];
    serial(&want, lo, hi);
    parallel_for(&got, lo, hi);
    snprintf(what, sizeof what, "parallel for over [%d, %d)", lo, hi);
    compare(what, &got, &want, 1);
    for_in_region(&got, lo, hi);
    snprintf(what, sizeof what, "for in parallel over [%d, %d)", lo, hi);
    compare(what, &got, &want, 0);
  }
  per_thread();
  printf("reduction_integer_ops: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
