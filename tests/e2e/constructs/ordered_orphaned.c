// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Orphaned `ordered` regions: the ordered region is in an output routine, emit(), that the body
// of a loop with the `ordered` clause calls, so it binds to that loop at run time.  emit()
// appends to a log and prints; the log must hold the loop's serial order and the printed output
// is byte-for-byte the serial one.  Under guided and dynamic schedules, on `parallel for` and on
// `for ordered` inside `parallel`, with uneven work per iteration so that iterations finish out
// of order.  (The ordered regions written directly in the loop body are in ordered.c.)

#include <omp.h>
#include <stdio.h>

#define LOGMAX 4096

static long log_seq[LOGMAX];
static int log_len;
static int failures;

/* The output routine: records and prints one value, in the loop's order. */
static void emit(const char *tag, long value)
{
#pragma omp ordered
  {
    if (log_len < LOGMAX)
      log_seq[log_len] = value;
    log_len++;
    if (log_len % 50 == 1)
      printf("  %s #%d: %ld\n", tag, log_len, value);
  }
}

static long work(int i)
{
  long v = 0;
  for (int k = 0; k < (i % 37) * 40; k++) /* uneven work */
    v += k % 7;
  return v + i;
}

static void check_log(const char *what, int n, int step)
{
  int bad = log_len != (n + step - 1) / step;
  for (int i = 0, k = 0; i < n && !bad; i += step, k++)
    bad = log_seq[k] != work(i);
  if (bad) {
    printf("MISMATCH %s: the ordered regions ran out of order (%d entries)\n", what, log_len);
    failures++;
  }
  printf("%s: %d entries in order\n", what, log_len);
}

static void parallel_for_guided(int n)
{
  log_len = 0;
#pragma omp parallel for ordered schedule(guided, 4)
  for (int i = 0; i < n; i += 2)
    emit("guided", work(i));
  check_log("parallel for ordered schedule(guided, 4)", n, 2);
}

static void for_in_region_dynamic(int n)
{
  log_len = 0;
#pragma omp parallel
  {
#pragma omp for ordered schedule(dynamic, 3)
    for (int i = 0; i < n; i++) {
      long v = work(i); /* parallel part */
      emit("dynamic", v);
    }
  }
  check_log("for ordered schedule(dynamic, 3) in parallel", n, 1);
}

int main(void)
{
  parallel_for_guided(1000);
  for_in_region_dynamic(777);
  printf("ordered_orphaned: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
