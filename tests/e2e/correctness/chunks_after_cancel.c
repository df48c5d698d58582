// REQUIRES: translator
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=4 OMP_WAIT_POLICY=passive %o2n-run %t
// RUN: env OMP_CANCELLATION=false OMP_NUM_THREADS=3 %o2n-run %t
// Under ThreadSanitizer, which must report nothing:
// RUN: %if tsan %{ %omp2numa %s -o %t.tsan.c && %rt-tsan-cc %t.tsan.c %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_CANCELLATION=true OMP_NUM_THREADS=3 %o2n-tsan-run %t.tsan %}
//
// A thread hands itself the chunks of a static loop with a chunk size, and the runs that the
// affinity layer lends it, without looking at the loop (runtime/loop.c, the run cursor).  When
// cancel for makes it leave such a loop with chunks still to go, none of them may show up in
// its next loops: a static loop without a chunk size (one block per thread), a dynamic one, and
// a static one with another chunk size run every iteration exactly once after each cancelled
// loop.  Without cancellation, the first loop runs whole and must too.

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 3001, ROUNDS = 40 };

static int first[N], blocks[N], dynamic[N], chunked[N];
static int failures;

static void check_once(const int *hits, const char *what, int round)
{
  for (int i = 0; i < N; i++)
    if (hits[i] != 1 && failures++ < 10)
      fprintf(stderr, "chunks_after_cancel.c: round %d, %s: iteration %d ran %d times\n", round,
              what, i, hits[i]);
}

// The three loops after a cancelled one, in the same region.
static void after_loops(void)
{
#pragma omp for
  for (int i = 0; i < N; i++)
    __atomic_fetch_add(&blocks[i], 1, __ATOMIC_RELAXED);
#pragma omp for schedule(dynamic, 5)
  for (int i = 0; i < N; i++)
    __atomic_fetch_add(&dynamic[i], 1, __ATOMIC_RELAXED);
#pragma omp for schedule(static, 2)
  for (int i = 0; i < N; i++)
    __atomic_fetch_add(&chunked[i], 1, __ATOMIC_RELAXED);
}

static void check_round(int round, int cancel_at)
{
  check_once(blocks, "static loop after it", round);
  check_once(dynamic, "dynamic loop after it", round);
  check_once(chunked, "static, 2 loop after it", round);
  int ran = 0;
  for (int i = 0; i < N; i++) {
    if (first[i] > 1 && failures++ < 10)
      fprintf(stderr, "chunks_after_cancel.c: round %d: iteration %d of the cancelled loop ran "
              "%d times\n", round, i, first[i]);
    ran += first[i] != 0;
  }
  // The iteration that cancels runs whatever happens; without cancellation, all do.
  if ((!first[cancel_at] || (!omp_get_cancellation() && ran != N)) && failures++ < 10)
    fprintf(stderr, "chunks_after_cancel.c: round %d: %d iterations ran\n", round, ran);
}

static void reset(void)
{
  memset(first, 0, sizeof first);
  memset(blocks, 0, sizeof blocks);
  memset(dynamic, 0, sizeof dynamic);
  memset(chunked, 0, sizeof chunked);
}

// schedule(static, 3): a thread cancels after its first few chunks.
static void static_chunks(int round)
{
  const int cancel_at = round * 97 % N;
  reset();
#pragma omp parallel
  {
#pragma omp for schedule(static, 3)
    for (int i = 0; i < N; i++) {
      __atomic_fetch_add(&first[i], 1, __ATOMIC_RELAXED);
      if (i == cancel_at) {
#pragma omp cancel for
      }
#pragma omp cancellation point for
    }
    after_loops();
  }
  check_round(round, cancel_at);
}

// schedule(static, 1) affinity(cells), reusing the map that the recording loop made: every
// thread's values form one strided group, handed out as lent runs.
static void affinity_runs(int round)
{
  const int cancel_at = round * 89 % N;
  reset();
#pragma omp parallel
  {
#pragma omp for schedule(static, 1) affinity(cells)
    for (int i = 0; i < N; i++) {
      __atomic_fetch_add(&first[i], 1, __ATOMIC_RELAXED);
      if (i == cancel_at) {
#pragma omp cancel for
      }
#pragma omp cancellation point for
    }
    after_loops();
  }
  check_round(100 + round, cancel_at);
}

int main(void)
{
#pragma omp parallel for schedule(static, 1) affinity(cells)
  for (int i = 0; i < N; i++)
    first[i] = omp_get_thread_num();
  for (int round = 0; round < ROUNDS; round++) {
    static_chunks(round);
    affinity_runs(round);
  }
  if (failures) {
    fprintf(stderr, "chunks_after_cancel.c: %d failures\n", failures);
    return 1;
  }
  return 0;
}
