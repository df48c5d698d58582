// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// lastprivate(list) on `parallel for` and on `for` inside `parallel`: after the loop each list
// item holds the value from the sequentially last iteration, whichever thread ran it.  Covers
// scalars computed in every iteration (the last sample of a resampled signal, the last row's
// norm), a struct and an array, a variable that is both firstprivate and lastprivate, the loop
// variable itself (its value after the loop is the serial one: the first value that fails the
// test, for steps of 1, 3 and -4 and for an index declared before the loop), lastprivate with
// dynamic and guided schedules, with `nowait` plus an explicit barrier, and with a loop of one
// iteration.  Every value is compared with the serial loop.  Zero-trip loops are left out: the
// spec leaves a lastprivate item unspecified when no iteration assigns it (GCC stores the loop
// variable's initial value, Clang keeps the old one).
//
// Clang 16 with libomp intermittently loses the values under schedule(dynamic, 13) with two or
// more threads (compare llvm/llvm-project#61230, linear + chunked dynamic); GCC is the reference.

#include <omp.h>
#include <stdio.h>

#define N 10001
#define COLS 8

struct sample {
  double t, value;
  int index;
};

static double signal_in[N];
static double table[N][COLS];
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static double interp(double x)
{
  int k = (int)x;
  double f = x - k;
  return (1.0 - f) * signal_in[k] + f * signal_in[k + 1 < N ? k + 1 : k];
}

static void scalars_and_structs(int n)
{
  double last_value = -1.0, ref_value = -1.0;
  struct sample last = {0, 0, -1}, ref = {0, 0, -1};
  double row[COLS], ref_row[COLS];
  int i, i_ref;

#pragma omp parallel for lastprivate(last_value, last, row, i) schedule(dynamic, 13)
  for (i = 0; i < n; i++) {
    double x = i * 0.75;
    last_value = interp(x);
    last.t = x;
    last.value = last_value * 2.0;
    last.index = i;
    for (int c = 0; c < COLS; c++)
      row[c] = table[i][c] * last_value;
  }
  for (i_ref = 0; i_ref < n; i_ref++) {
    double x = i_ref * 0.75;
    ref_value = interp(x);
    ref.t = x;
    ref.value = ref_value * 2.0;
    ref.index = i_ref;
    for (int c = 0; c < COLS; c++)
      ref_row[c] = table[i_ref][c] * ref_value;
  }
  CHECK(last_value == ref_value, "n %d: last value %.17g, want %.17g", n, last_value, ref_value);
  CHECK(last.t == ref.t && last.value == ref.value && last.index == ref.index,
        "n %d: last struct {%g, %g, %d}, want {%g, %g, %d}", n, last.t, last.value, last.index,
        ref.t, ref.value, ref.index);
  for (int c = 0; c < COLS; c++)
    CHECK(row[c] == ref_row[c], "n %d: last row[%d] %.17g, want %.17g", n, c, row[c], ref_row[c]);
  CHECK(i == i_ref, "n %d: loop variable %d after the loop, want %d", n, i, i_ref);
  printf("n %5d: last value %.6f, last index %d, i after loop %d, row[3] %.6f\n", n, ref_value,
         ref.index, i_ref, ref_row[3]);
}

/* The loop variable itself, with other steps. */
static void loop_variables(int n)
{
  int i = -100, j = -100, i_ref, j_ref;
  long k = -100, k_ref;
  long iters = 0, iters_ref = 0;
#pragma omp parallel for lastprivate(i) reduction(+ : iters)
  for (i = 0; i < n; i += 3)
    iters++;
  for (i_ref = 0; i_ref < n; i_ref += 3)
    iters_ref++;
  CHECK(i == i_ref, "i += 3: %d after the loop, want %d", i, i_ref);

#pragma omp parallel for lastprivate(j) schedule(guided) reduction(+ : iters)
  for (j = n; j > 0; j -= 4)
    iters++;
  for (j_ref = n; j_ref > 0; j_ref -= 4)
    iters_ref++;
  CHECK(j == j_ref, "j -= 4: %d after the loop, want %d", j, j_ref);

#pragma omp parallel reduction(+ : iters)
  {
#pragma omp for lastprivate(k) schedule(static, 5)
    for (k = -7; k <= (long)n; k++)
      iters++;
  }
  for (k_ref = -7; k_ref <= (long)n; k_ref++)
    iters_ref++;
  CHECK(k == k_ref, "k++ in a region: %ld after the loop, want %ld", k, k_ref);
  CHECK(iters == iters_ref, "%ld iterations, want %ld", iters, iters_ref);
  printf("n %5d: i += 3 -> %d, j -= 4 -> %d, k++ -> %ld\n", n, i_ref, j_ref, k_ref);
}

/* firstprivate and lastprivate on one variable; lastprivate with nowait and a barrier. */
static void first_and_last(void)
{
  double acc = 10.0; /* every thread starts from 10; the last iteration's copy comes back */
  double acc_ref;
  double norm = 0.0;
  double norm_after_barrier = -1.0;

#pragma omp parallel for firstprivate(acc) lastprivate(acc) schedule(static)
  for (int i = 0; i < N; i++)
    acc = (i == N - 1) ? acc + 0.5 : acc; /* only the last iteration changes its thread's copy */

  acc_ref = 10.5;
  CHECK(acc == acc_ref, "firstprivate+lastprivate: %.17g, want %.17g", acc, acc_ref);

#pragma omp parallel shared(norm_after_barrier)
  {
#pragma omp for lastprivate(norm) nowait
    for (int i = 0; i < N; i++) {
      norm = 0.0;
      for (int c = 0; c < COLS; c++)
        norm += table[i][c] * table[i][c];
    }
#pragma omp barrier
    if (omp_get_thread_num() == 0)
      norm_after_barrier = norm;
  }
  double want = 0.0;
  for (int c = 0; c < COLS; c++)
    want += table[N - 1][c] * table[N - 1][c];
  CHECK(norm == want && norm_after_barrier == want, "lastprivate with nowait: %.17g / %.17g, want "
        "%.17g", norm, norm_after_barrier, want);
  printf("firstprivate+lastprivate %.2f, last row norm %.6f\n", acc_ref, want);
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    signal_in[i] = (double)((i * 31) % 97) / 16.0;
    for (int c = 0; c < COLS; c++)
      table[i][c] = (double)((i + c * 5) % 23) - 11.0;
  }
  static const int sizes[] = {N, 4000, 10, 1};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    scalars_and_structs(sizes[s]);
    loop_variables(sizes[s]);
  }
  first_and_last();
  printf("lastprivate: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
