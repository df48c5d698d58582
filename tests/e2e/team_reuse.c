// RUN: %o2n-compile %s -o %t
// RUN: %o2n-run %t
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t
// RUN: %if tsan %{ %omp2numa %s -o %t.tsan.c && %rt-tsan-cc %t.tsan.c %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ %o2n-tsan-run %t.tsan %}
// REQUIRES: translator
//
// The runtime keeps the block of a thread's last team for its next region of the same size and
// clears only its head: the work-share slots' loop state keeps what the last team left, as it
// does when the ring brings a slot round within one team.  So back-to-back regions of changing
// sizes (same size: the block is reused; another size: a new one), each running more worksharing
// constructs than the ring has slots with every kind of schedule, ordered, single with
// copyprivate, nowait and reductions, must give the serial results every time.
#include <omp.h>
#include <stdio.h>

#define N 997
#define REGIONS 120

static int hits[N];
static int failures;

#define CHECK(cond, ...)                                                                       \
  do {                                                                                         \
    if (!(cond)) {                                                                             \
      fprintf(stderr, "team_reuse: " __VA_ARGS__);                                             \
      fputc('\n', stderr);                                                                     \
      failures++;                                                                              \
    }                                                                                          \
  } while (0)

static void check_hits(int region, const char *what, int expected)
{
  for (int i = 0; i < N; i++)
    if (hits[i] != expected) {
      CHECK(0, "region %d, %s: iteration %d ran %d times, expected %d", region, what, i, hits[i],
            expected);
      return;
    }
}

int main(void)
{
  static const int sizes[] = {2, 3, 2, 2, 4, 1, 3, 3, 2};
  for (int r = 0; r < REGIONS; r++) {
    const int size = sizes[r % (sizeof sizes / sizeof *sizes)];
    for (int i = 0; i < N; i++)
      hits[i] = 0;
    long sum = 0;
    int last = -1, shared_value = 0, team = 0;
#pragma omp parallel num_threads(size) reduction(+ : sum)
    {
#pragma omp single
      team = omp_get_num_threads();
#pragma omp for schedule(static, 3) nowait
      for (int i = 0; i < N; i++)
        __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
#pragma omp for schedule(dynamic, 2) nowait
      for (int i = 0; i < N; i++)
        __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
#pragma omp for schedule(guided)
      for (int i = 0; i < N; i++)
        __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
#pragma omp for schedule(adaptive)
      for (int i = 0; i < N; i++)
        __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
#pragma omp for schedule(fac2) nowait
      for (int i = 0; i < N; i++)
        __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
#pragma omp for schedule(auto) affinity(team_reuse_map)
      for (int i = 0; i < N; i++)
        __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
#pragma omp for schedule(dynamic) ordered
      for (int i = 0; i < N; i++) {
#pragma omp ordered
        {
          CHECK(i == last + 1, "region %d: ordered iteration %d after %d", r, i, last);
          last = i;
        }
      }
      int value = 0;
#pragma omp single copyprivate(value)
      value = r * 7 + 1;
      if (value != r * 7 + 1)
        __atomic_fetch_add(&shared_value, 1, __ATOMIC_RELAXED);
#pragma omp for schedule(runtime)
      for (int i = 0; i < N; i++)
        sum += i;
#pragma omp sections
      {
#pragma omp section
        sum += 1;
#pragma omp section
        sum += 2;
      }
    }
    CHECK(team == size, "region %d: a team of %d, asked %d", r, team, size);
    check_hits(r, "six loops", 6);
    CHECK(last == N - 1, "region %d: the ordered loop ended at %d", r, last);
    CHECK(shared_value == 0, "region %d: %d threads missed the copyprivate value", r,
          shared_value);
    CHECK(sum == (long)N * (N - 1) / 2 + 3, "region %d: sum %ld", r, sum);
  }
  if (failures)
    return 1;
  puts("team_reuse: passed");
  return 0;
}
