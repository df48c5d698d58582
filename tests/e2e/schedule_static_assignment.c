// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp && env OMP_NUM_THREADS=3 %o2n-run %t.gomp %}
// REQUIRES: translator
//
// Which thread runs which iteration under a static schedule, recorded with omp_get_thread_num()
// and compared with the exact expected assignment.  Iterations are numbered in the loop's logical
// order (k = 0 for the first iteration the serial loop would run), which is what the schedule
// divides, so the same assignment must come out for upward, downward and strided loops.
//
//  - schedule(static, c): the OpenMP spec fixes it: chunks of c consecutive iterations are
//    assigned round-robin in thread order, so iteration k runs on thread (k / c) % P.
//  - schedule(static): the spec requires chunks "approximately equal in size" and at most one per
//    thread, and leaves the sizes to the implementation.  omp2numa, like libgomp and LLVM's
//    libomp, gives thread t the t-th contiguous block, the first n % P threads one iteration more:
//    with q = n / P and r = n % P, thread t runs k in [t*q + min(t, r), (t+1)*q + min(t+1, r)).
//    That is the exact layout asserted here.  NUMA first-touch placement depends on it being
//    the same from loop to loop, which the spec requires for loops with the same trip count.
//
// Each thread must also run its iterations in increasing logical order (static schedules are
// monotonic), checked through the position of each iteration in its thread's sequence.

#include <omp.h>
#include <stdio.h>

#define NMAX 1000
#define MAX_THREADS 256

static int owner[NMAX]; /* thread that ran logical iteration k */
static int pos[NMAX];   /* how many iterations that thread had run before k */
static int next_pos[MAX_THREADS];
static int team_size;
static int failures;

/* Called by every iteration with its logical number k. */
static void record(int k)
{
  int t = omp_get_thread_num();
  owner[k] = t;
  if (t >= 0 && t < MAX_THREADS)
    pos[k] = next_pos[t]++; /* next_pos[t] is only touched by thread t during the loop */
  else
    pos[k] = -1;
  if (k == 0)
    team_size = omp_get_num_threads();
}

static void reset(void)
{
  for (int k = 0; k < NMAX; k++)
    owner[k] = pos[k] = -1;
  for (int t = 0; t < MAX_THREADS; t++)
    next_pos[t] = 0;
  team_size = 0;
}

/* Expected thread of logical iteration k of n on p threads; chunk 0 means no chunk given. */
static int expected_owner(int k, int n, int p, int chunk)
{
  if (chunk > 0)
    return (k / chunk) % p;
  int q = n / p, r = n % p;
  /* The first r threads run q + 1 iterations, the others q. */
  if (k < r * (q + 1))
    return k / (q + 1);
  return r + (k - r * (q + 1)) / q;
}

static void print_layout(int n)
{
  printf("  got:");
  for (int k = 0; k < n && k < 64; k++)
    printf(" %d", owner[k]);
  printf(n > 64 ? " ...\n" : "\n");
}

static void verify(const char *form, int n, int chunk)
{
  int p = omp_get_max_threads(); /* the team size of a parallel region without num_threads */
  int bad = 0;

  if (n > 0 && team_size != p) {
    printf("MISMATCH %s n=%d chunk=%d: omp_get_num_threads() = %d in the loop, want %d\n", form,
           n, chunk, team_size, p);
    failures++;
    return;
  }
  int ran[MAX_THREADS] = {0};
  for (int k = 0; k < n; k++) {
    int want = expected_owner(k, n, p, chunk);
    if (owner[k] != want) {
      if (bad++ == 0)
        printf("MISMATCH %s n=%d chunk=%d P=%d: iteration %d ran on thread %d, want %d\n", form,
               n, chunk, p, k, owner[k], want);
      continue;
    }
    if (pos[k] != ran[want] && bad++ == 0)
      printf("MISMATCH %s n=%d chunk=%d: thread %d ran iteration %d as its #%d, want #%d "
             "(not in increasing order)\n",
             form, n, chunk, want, k, pos[k], ran[want]);
    ran[want]++;
  }
  if (bad) {
    print_layout(n);
    failures++;
  }
}

/* ---- The loops: one function per schedule clause and loop form. ---- */

static void up_static(int n)
{
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++)
    record(i);
}

static void down_static(int n)
{
#pragma omp parallel for schedule(static)
  for (int i = n - 1; i >= 0; i--)
    record(n - 1 - i);
}

static void strided_static(int n)
{
  const long base = -1000;
#pragma omp parallel for schedule(static)
  for (long i = base; i < base + 3L * n; i += 3)
    record((int)((i - base) / 3));
}

static void unsigned_le_static(int n)
{
#pragma omp parallel for schedule(static)
  for (unsigned u = 10; u <= 9u + (unsigned)n; u++)
    record((int)(u - 10));
}

static void up_static_1(int n)
{
#pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < n; i++)
    record(i);
}

static void down_static_3(int n)
{
#pragma omp parallel for schedule(static, 3)
  for (int i = n; i > 0; i--)
    record(n - i);
}

static void strided_static_7(int n)
{
#pragma omp parallel for schedule(static, 7)
  for (int i = 5; i < 5 + 2 * n; i += 2)
    record((i - 5) / 2);
}

static void up_static_64(int n)
{
#pragma omp parallel for schedule(static, 64)
  for (int i = 0; i < n; i++)
    record(i);
}

int main(void)
{
  static const int trips[] = {0, 1, 2, 3, 4, 5, 7, 8, 10, 13, 64, 100, 101, 999, NMAX};
  static const struct {
    const char *form;
    void (*loop)(int);
    int chunk;
  } loops[] = {
      {"for (i = 0; i < n; i++) schedule(static)", up_static, 0},
      {"for (i = n-1; i >= 0; i--) schedule(static)", down_static, 0},
      {"for (i = base; i < base+3n; i += 3) schedule(static)", strided_static, 0},
      {"for (u = 10; u <= 9+n; u++) schedule(static)", unsigned_le_static, 0},
      {"for (i = 0; i < n; i++) schedule(static, 1)", up_static_1, 1},
      {"for (i = n; i > 0; i--) schedule(static, 3)", down_static_3, 3},
      {"for (i = 5; i < 5+2n; i += 2) schedule(static, 7)", strided_static_7, 7},
      {"for (i = 0; i < n; i++) schedule(static, 64)", up_static_64, 64},
  };

  if (omp_get_max_threads() > MAX_THREADS) {
    printf("more than %d threads: set OMP_NUM_THREADS\n", MAX_THREADS);
    return 1;
  }
  for (size_t l = 0; l < sizeof loops / sizeof loops[0]; l++) {
    for (size_t t = 0; t < sizeof trips / sizeof trips[0]; t++) {
      reset();
      loops[l].loop(trips[t]);
      verify(loops[l].form, trips[t], loops[l].chunk);
      /* The same loop again must give the same assignment (the spec requires it, and
         first-touch placement relies on it). */
      reset();
      loops[l].loop(trips[t]);
      verify(loops[l].form, trips[t], loops[l].chunk);
    }
  }

  printf("schedule_static_assignment: %d thread(s), %s\n", omp_get_max_threads(),
         failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
