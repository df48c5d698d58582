// REQUIRES: translator
// RUN: %o2n-compile -Wall -Wextra -Werror %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 %o2n-run %t
// RUN: env OMP2NUMA_CC=clang-16 %o2n-compile -Wall -Wextra -Werror %s -o %t.clang
// RUN: env OMP_NUM_THREADS=5 %o2n-run %t.clang
// RUN: %if tsan %{ %omp2numa %s -o %t.tsan.c && %rt-tsan-cc -DREPS=2 %t.tsan.c %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp && env OMP_NUM_THREADS=5 %o2n-run %t.gomp %}
//
// Reductions that end a parallel region, or end a worksharing construct inside one, and whose
// items are all integer sums or bit operations (+ - & | ^) combine each thread's copy into the
// original with one atomic update, before the join or the construct's barrier
// (reduction/atomic-at-join.c shows the code).  Their results must be the serial loop's, on
// every integer type, narrow ones wrapping as the serial `x = x op e` converts back: on parallel
// for (schedule(runtime) set to static and to dynamic,1: without and with a work-share slot), on
// parallel alone, on a parallel for nested in a parallel region (into the outer thread's private
// copy), on teams distribute parallel for (into each team's copy), with a team of one
// (num_threads(1), if(0)), with more threads than iterations, and with originals that start away
// from the identity; on for (with and without nowait, then a barrier), sections and scope inside
// a region, whose threads all read the result right after the construct, and on an orphaned for
// called in a region and outside any.  Each construct runs many times, so a lost update would
// show, and once
// under ThreadSanitizer, which would report a plain update.

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#ifndef REPS
#define REPS 40
#endif

static int failures;

#define CHECK(what, got, want)                                                                     \
  do {                                                                                             \
    if ((got) != (want)) {                                                                         \
      printf("FAIL %s: got %lld, want %lld\n", what, (long long)(got), (long long)(want));          \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

/* Every integer type, one op each, sums wrapping for the narrow ones. */
struct acc {
  char c;
  signed char sc;
  unsigned char uc;
  short s;
  unsigned short us;
  int i;
  unsigned u;
  long l;
  unsigned long ul;
  long long ll;
  unsigned long long ull;
};

static long long value(int k)
{
  return (long long)(k * 7919 % 1000) - 300;
}

static struct acc serial(int n, struct acc a)
{
  for (int k = 0; k < n; k++) {
    a.c = (char)(a.c ^ (char)value(k));
    a.sc = (signed char)(a.sc + (signed char)(k & 63));
    a.uc = (unsigned char)(a.uc + (unsigned char)value(k));
    a.s = (short)(a.s - (short)(k % 100));
    a.us = (unsigned short)(a.us | (unsigned short)(1u << (k % 16)));
    a.i = a.i + (int)value(k);
    a.u = a.u & ~(1u << (k % 32));
    a.l = a.l ^ (long)(value(k) << 20);
    a.ul = a.ul - (unsigned long)value(k);
    a.ll = a.ll + value(k) * 1000003LL;
    a.ull = a.ull + (unsigned long long)value(k) * 0x9e3779b97f4a7c15ull;
  }
  return a;
}

static void check(const char *where, struct acc got, struct acc want)
{
  char what[96];
#define FIELD(f)                                                                                   \
  snprintf(what, sizeof what, "%s .%s", where, #f);                                                \
  CHECK(what, got.f, want.f)
  FIELD(c); FIELD(sc); FIELD(uc); FIELD(s); FIELD(us); FIELD(i); FIELD(u); FIELD(l); FIELD(ul);
  FIELD(ll); FIELD(ull);
#undef FIELD
}

static const struct acc start = {5, -3, 250, 1000, 7, -42, 0xffffffffu, 99, 12, -5, 77};

/* schedule(runtime): static (a loop without a work-share slot) or dynamic,1 (one with). */
static struct acc parallel_for(int n, int threads, omp_sched_t kind)
{
  char c = start.c; signed char sc = start.sc; unsigned char uc = start.uc; short s = start.s;
  unsigned short us = start.us; int i = start.i; unsigned u = start.u; long l = start.l;
  unsigned long ul = start.ul; long long ll = start.ll; unsigned long long ull = start.ull;
  omp_set_schedule(kind, kind == omp_sched_dynamic ? 1 : 0);
#pragma omp parallel for schedule(runtime) num_threads(threads) reduction(^: c, l) reduction(+: sc, uc, i, ll, ull) reduction(-: s, ul) reduction(|: us) reduction(&: u)
  for (int k = 0; k < n; k++) {
    c = (char)(c ^ (char)value(k));
    sc = (signed char)(sc + (signed char)(k & 63));
    uc = (unsigned char)(uc + (unsigned char)value(k));
    s = (short)(s - (short)(k % 100));
    us = (unsigned short)(us | (unsigned short)(1u << (k % 16)));
    i = i + (int)value(k);
    u = u & ~(1u << (k % 32));
    l = l ^ (long)(value(k) << 20);
    ul = ul - (unsigned long)value(k);
    ll = ll + value(k) * 1000003LL;
    ull = ull + (unsigned long long)value(k) * 0x9e3779b97f4a7c15ull;
  }
  return (struct acc){c, sc, uc, s, us, i, u, l, ul, ll, ull};
}

/* The serial loop's iteration k on the locals of struct acc's fields. */
#define UPDATE(k)                                                                                  \
  do {                                                                                             \
    c = (char)(c ^ (char)value(k));                                                                \
    sc = (signed char)(sc + (signed char)((k) & 63));                                              \
    uc = (unsigned char)(uc + (unsigned char)value(k));                                            \
    s = (short)(s - (short)((k) % 100));                                                           \
    us = (unsigned short)(us | (unsigned short)(1u << ((k) % 16)));                                \
    i = i + (int)value(k);                                                                         \
    u = u & ~(1u << ((k) % 32));                                                                   \
    l = l ^ (long)(value(k) << 20);                                                                \
    ul = ul - (unsigned long)value(k);                                                             \
    ll = ll + value(k) * 1000003LL;                                                                \
    ull = ull + (unsigned long long)value(k) * 0x9e3779b97f4a7c15ull;                              \
  } while (0)

static int differs(struct acc a, struct acc b)
{
  return a.c != b.c || a.sc != b.sc || a.uc != b.uc || a.s != b.s || a.us != b.us || a.i != b.i ||
         a.u != b.u || a.l != b.l || a.ul != b.ul || a.ll != b.ll || a.ull != b.ull;
}

/* A for construct inside a region, not at its end: every thread reads the originals right after
   the construct's barrier (with nowait, after a barrier of the region's own). */
static void for_in_region(int n, int threads, omp_sched_t kind, int nowait)
{
  char c = start.c; signed char sc = start.sc; unsigned char uc = start.uc; short s = start.s;
  unsigned short us = start.us; int i = start.i; unsigned u = start.u; long l = start.l;
  unsigned long ul = start.ul; long long ll = start.ll; unsigned long long ull = start.ull;
  const struct acc want = serial(n, start);
  int wrong = 0;
  omp_set_schedule(kind, kind == omp_sched_dynamic ? 1 : 0);
#pragma omp parallel num_threads(threads) reduction(+: wrong)
  {
    if (nowait) {
#pragma omp for schedule(runtime) nowait reduction(^: c, l) reduction(+: sc, uc, i, ll, ull) reduction(-: s, ul) reduction(|: us) reduction(&: u)
      for (int k = 0; k < n; k++)
        UPDATE(k);
#pragma omp barrier
    } else {
#pragma omp for schedule(runtime) reduction(^: c, l) reduction(+: sc, uc, i, ll, ull) reduction(-: s, ul) reduction(|: us) reduction(&: u)
      for (int k = 0; k < n; k++)
        UPDATE(k);
    }
    wrong += differs((struct acc){c, sc, uc, s, us, i, u, l, ul, ll, ull}, want);
  }
  CHECK(nowait ? "for nowait in a region" : "for in a region", wrong, 0);
}

/* sections, then scope, inside a region: every thread reads each result after the construct. */
static void sections_and_scope(int threads)
{
  long sum = 7;
  unsigned bits = 0;
  int wrong = 0;
#pragma omp parallel num_threads(threads) reduction(+: wrong)
  {
#pragma omp sections reduction(+: sum) reduction(^: bits)
    {
#pragma omp section
      { sum += 1; bits ^= 1u; }
#pragma omp section
      { sum += 2; bits ^= 2u; }
#pragma omp section
      { sum += 4; bits ^= 4u; }
    }
    wrong += sum != 14 || bits != 7u;
#pragma omp barrier
#pragma omp scope reduction(-: sum)
    sum -= omp_get_thread_num() + 1;
    const long t = omp_get_num_threads();
    wrong += sum != 14 - t * (t + 1) / 2;
  }
  CHECK("sections and scope", wrong, 0);
}

/* An orphaned for into a variable every thread of the region shares. */
static long long orphan_total;

static void orphaned_for(int n)
{
#pragma omp for reduction(+: orphan_total)
  for (int k = 0; k < n; k++)
    orphan_total += value(k);
}

static void orphaned(int n, int threads)
{
  long long one = 0;
  for (int k = 0; k < n; k++)
    one += value(k);
  orphan_total = 5;
  orphaned_for(n);
  CHECK("orphaned for outside a region", orphan_total, 5 + one);
  int wrong = 0;
#pragma omp parallel num_threads(threads) reduction(+: wrong)
  {
    orphaned_for(n);
    wrong += orphan_total != 5 + 2 * one;
  }
  CHECK("orphaned for in a region", wrong, 0);
}

/* parallel alone: one contribution per thread, its number plus one. */
static void parallel_alone(int threads, int cond)
{
  int sum = 10;
  unsigned long mask = 0;
  long long neg = 1000;
#pragma omp parallel num_threads(threads) if(cond) reduction(+: sum) reduction(|: mask) reduction(-: neg)
  {
    const int me = omp_get_thread_num();
    sum += me + 1;
    mask |= 1ul << me;
    neg -= me + 1;
  }
  /* A team smaller than asked for (dyn-var) is allowed: its threads are 0 .. count-1. */
  const long long count = __builtin_popcountl(mask);
  if (count > (cond ? threads : 1)) {
    printf("FAIL parallel: %lld threads\n", count);
    failures++;
  }
  CHECK("parallel sum", sum, 10 + count * (count + 1) / 2);
  CHECK("parallel mask", mask, (1ul << count) - 1);
  CHECK("parallel neg", neg, 1000 - count * (count + 1) / 2);
}

/* A parallel for nested in a parallel region, reducing into the outer thread's private copy. */
static void nested(int n)
{
  long total = 3;
  int outer_threads = 0;
#pragma omp parallel num_threads(2) reduction(+: total, outer_threads)
  {
    outer_threads++;
#pragma omp parallel for num_threads(2) reduction(+: total)
    for (int k = 0; k < n; k++)
      total += value(k);
  }
  long one = 0;
  for (int k = 0; k < n; k++)
    one += value(k);
  CHECK("nested", total, 3 + outer_threads * one);
}

static void league(int n)
{
  long long sum = 11;
  unsigned bits = 0;
#pragma omp teams distribute parallel for num_teams(3) reduction(+: sum) reduction(^: bits)
  for (int k = 0; k < n; k++) {
    sum += value(k);
    bits ^= (unsigned)value(k) * 2654435761u;
  }
  long long want = 11;
  unsigned want_bits = 0;
  for (int k = 0; k < n; k++) {
    want += value(k);
    want_bits ^= (unsigned)value(k) * 2654435761u;
  }
  CHECK("teams sum", sum, want);
  CHECK("teams bits", bits, want_bits);
}

int main(void)
{
  const int sizes[] = {0, 1, 2, 7, N};
  const int teams[] = {1, 2, 3, 8};
  for (int rep = 0; rep < REPS && !failures; rep++) {
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++)
      for (size_t t = 0; t < sizeof teams / sizeof *teams; t++) {
        const struct acc want = serial(sizes[z], start);
        check("parallel for static", parallel_for(sizes[z], teams[t], omp_sched_static), want);
        check("parallel for dynamic", parallel_for(sizes[z], teams[t], omp_sched_dynamic), want);
        for (int nowait = 0; nowait < 2; nowait++) {
          for_in_region(sizes[z], teams[t], omp_sched_static, nowait);
          for_in_region(sizes[z], teams[t], omp_sched_dynamic, nowait);
        }
        orphaned(sizes[z], teams[t]);
      }
    for (size_t t = 0; t < sizeof teams / sizeof *teams; t++)
      sections_and_scope(teams[t]);
    parallel_alone(4, 1);
    parallel_alone(4, 0);
    parallel_alone(1, 1);
  }
  nested(N);
  league(N);
  if (failures) {
    printf("%d failures\n", failures);
    return 1;
  }
  printf("ok\n");
  return 0;
}
