// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// The clauses that decide a team: num_threads (a literal, a macro, an expression with a call),
// if (constant true and false, a run-time condition either way, and the `parallel :` modifier),
// and proc_bind(spread|close|master), which may move threads but never changes results.  With
// the default settings (dyn-var false, no thread limit) the OpenMP spec fixes the team size:
// num_threads(n) gives n threads whatever OMP_NUM_THREADS says, and an if clause that is false
// gives an inactive region with a team of one, where omp_get_level() is still 1 and
// omp_in_parallel() is 0.  The work in every region is a small dot-product kernel whose result
// must not depend on the team.

#include <omp.h>
#include <stdio.h>

#define NT 3
#define SMALL_PROBLEM 5000
#define N 12000
#define MAXT 64

static double a[N], b[N];
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

/* What one parallel region saw: filled by its threads, summarised by expect(). */
struct probe {
  int size;           /* omp_get_num_threads() seen by thread 0 */
  int in_parallel;    /* omp_in_parallel() seen by thread 0 */
  int level;          /* omp_get_level() seen by thread 0 */
  int seen[MAXT];     /* seen[t]: thread t ran */
  double partial[MAXT];
};

static int workers_for(int n)
{
  return n > 1000 ? 2 : 1;
}

/* Exact dot product: the products are small integers, so any summation order gives the same. */
static double serial_dot(int n)
{
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

static void reset(struct probe *p)
{
  p->size = p->in_parallel = p->level = -1;
  for (int t = 0; t < MAXT; t++) {
    p->seen[t] = 0;
    p->partial[t] = 0.0;
  }
}

/* Called by every thread of a team: adds its cyclic share of the dot product. */
static void member(struct probe *p, int n)
{
  int t = omp_get_thread_num();
  int nt = omp_get_num_threads();
  double s = 0.0;
  for (int i = t; i < n; i += nt)
    s += a[i] * b[i];
  p->partial[t] = s;
  p->seen[t] = 1;
  if (t == 0) {
    p->size = nt;
    p->in_parallel = omp_in_parallel();
    p->level = omp_get_level();
  }
}

static void expect(const char *what, const struct probe *p, int size, int in_parallel, int n)
{
  int members = 0;
  double dot = 0.0;
  for (int t = 0; t < MAXT; t++) {
    members += p->seen[t];
    dot += p->partial[t];
  }
  CHECK(p->size == size, "%s: team of %d, want %d", what, p->size, size);
  CHECK(members == size, "%s: %d threads ran, want %d", what, members, size);
  CHECK(p->in_parallel == in_parallel, "%s: omp_in_parallel() = %d, want %d", what,
        p->in_parallel, in_parallel);
  CHECK(p->level == 1, "%s: omp_get_level() = %d, want 1", what, p->level);
  double want = serial_dot(n);
  CHECK(dot == want, "%s: dot %.17g, want %.17g", what, dot, want);
  printf("%-34s team %d, dot %.1f\n", what, p->size, dot);
}

static struct probe pr;

static void num_threads_clause(int n)
{
  reset(&pr);
#pragma omp parallel num_threads(4)
  member(&pr, n);
  expect("num_threads(4)", &pr, 4, 1, n);

  reset(&pr);
#pragma omp parallel num_threads(NT)
  member(&pr, n);
  expect("num_threads(NT) with NT = 3", &pr, NT, 1, n);

  reset(&pr);
#pragma omp parallel num_threads(workers_for(n) + 3)
  member(&pr, n);
  expect("num_threads(workers_for(n) + 3)", &pr, 5, 1, n);

  reset(&pr);
#pragma omp parallel num_threads(1)
  member(&pr, n);
  expect("num_threads(1)", &pr, 1, 0, n);
}

static void if_clause(int n)
{
  reset(&pr);
#pragma omp parallel if (1) num_threads(2)
  member(&pr, n);
  expect("if(1) num_threads(2)", &pr, 2, 1, n);

  reset(&pr);
#pragma omp parallel if (0) num_threads(4)
  member(&pr, n);
  expect("if(0) num_threads(4)", &pr, 1, 0, n);

  reset(&pr);
#pragma omp parallel num_threads(NT) if (n > SMALL_PROBLEM)
  member(&pr, n);
  expect("if(n > SMALL_PROBLEM), true", &pr, NT, 1, n);

  int small = n / 4;
  reset(&pr);
#pragma omp parallel num_threads(NT) if (small > SMALL_PROBLEM)
  member(&pr, small);
  expect("if(small > SMALL_PROBLEM), false", &pr, 1, 0, small);

  reset(&pr);
#pragma omp parallel if (parallel : n % 2 == 0) num_threads(2)
  member(&pr, n);
  expect("if(parallel : n % 2 == 0)", &pr, 2, 1, n);
}

/* if on parallel for: the loop's results are the same with a team of one. */
static void if_on_parallel_for(int n, int threshold)
{
  static double c[N];
  long count = 0;
#pragma omp parallel for if (n > threshold) num_threads(NT) reduction(+ : count) schedule(static)
  for (int i = 0; i < n; i++) {
    c[i] = a[i] + 2.0 * b[i];
    count++;
  }
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += c[i] != a[i] + 2.0 * b[i];
  CHECK(bad == 0 && count == n, "parallel for if(%d > %d): %d wrong, %ld iterations", n,
        threshold, bad, count);
  printf("parallel for if(%d > %d): %ld iterations\n", n, threshold, count);
}

static void proc_bind_clause(void)
{
  reset(&pr);
#pragma omp parallel proc_bind(spread) num_threads(2)
  member(&pr, N);
  expect("proc_bind(spread) num_threads(2)", &pr, 2, 1, N);

  reset(&pr);
#pragma omp parallel proc_bind(close) num_threads(4)
  member(&pr, N);
  expect("proc_bind(close) num_threads(4)", &pr, 4, 1, N);

  reset(&pr);
#pragma omp parallel proc_bind(master) num_threads(3)
  member(&pr, N);
  expect("proc_bind(master) num_threads(3)", &pr, 3, 1, N);

  double sum = 0.0;
#pragma omp parallel for proc_bind(spread) reduction(+ : sum) schedule(static)
  for (int i = 0; i < N; i++)
    sum += a[i] * b[i];
  CHECK(sum == serial_dot(N), "parallel for proc_bind(spread): %.17g", sum);
  printf("parallel for proc_bind(spread): dot %.1f\n", sum);
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    a[i] = (double)(i % 17) - 8.0;
    b[i] = (double)(i % 29);
  }
  num_threads_clause(N);
  if_clause(N);
  if_on_parallel_for(N, SMALL_PROBLEM);
  if_on_parallel_for(SMALL_PROBLEM / 2, SMALL_PROBLEM);
  proc_bind_clause();
  printf("num_threads_if_proc_bind: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
