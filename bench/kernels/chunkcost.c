/*
 * chunkcost.c -- what the runtime spends per chunk and per loop, for valgrind --tool=callgrind.
 *
 * `loops` times, one parallel loop of `n` empty iterations with schedule(runtime), with a
 * reduction (--body=reduction, the default) or without (--body=plain); or one parallel region
 * that runs `loops` worksharing loops with a reduction (--body=for: a loop without the fork and
 * join).  bench/run runs it under callgrind with OMP_SCHEDULE=dynamic,1 (reduction) and static
 * (plain, reduction, then for) at a few (n, loops) points and takes differences of the
 * instruction counts, which cancel the start-up and exit costs:
 *
 *   per chunk = (Ir(n2, L) - Ir(n1, L)) / (L * (n2 - n1))
 *   per loop  = (Ir(n1, L2) - Ir(n1, L)) / (L2 - L) - n1 * per chunk
 *
 * Instruction counts do not depend on the machine's load, unlike times.  Each iteration only
 * passes its index to an empty asm statement, which the compiler must keep.
 *
 * Check: the loop counts its iterations with a reduction; the total must be loops * n.  Without
 * one, each iteration stores the loop's number in its own element, which must all end at loops.
 *
 * Options: --n=1000 --loops=100 --body=reduction|plain|for
 * Output:  RESULT kernel=chunkcost test=loop ... rep=0 seconds=X (wall time; not the point here)
 */
#include "bench.h"

static long run(long n, long loops)
{
  long count = 0;
  for (long l = 0; l < loops; l++) {
#pragma omp parallel for schedule(runtime) reduction(+ : count)
    for (long i = 0; i < n; i++) {
      __asm__ volatile("" : : "r"(i));
      count++;
    }
  }
  return count;
}

static long run_in_region(long n, long loops)
{
  long count = 0;
#pragma omp parallel
  for (long l = 0; l < loops; l++) {
#pragma omp for schedule(runtime) reduction(+ : count)
    for (long i = 0; i < n; i++) {
      __asm__ volatile("" : : "r"(i));
      count++;
    }
  }
  return count;
}

static void run_plain(long n, long loops, long *seen)
{
  for (long l = 1; l <= loops; l++) {
#pragma omp parallel for schedule(runtime)
    for (long i = 0; i < n; i++) {
      __asm__ volatile("" : : "r"(i));
      seen[i] = l;
    }
  }
}

int main(int argc, char **argv)
{
  bench_init("chunkcost", argc, argv);
  long n = bench_opt_long("n", 1000);
  long loops = bench_opt_long("loops", 100);
  const char *body = bench_opt_string("body", "reduction");
  bench_opts_done();
  if (n < 0 || loops < 1)
    bench_usage_error("need --n >= 0 and --loops >= 1");
  const bool plain = strcmp(body, "plain") == 0, in_region = strcmp(body, "for") == 0;
  if (!plain && !in_region && strcmp(body, "reduction") != 0)
    bench_usage_error("--body must be reduction, plain or for, not '%s'", body);

  if (plain) {
    long *seen = bench_alloc((size_t)n * sizeof *seen);
    double t0 = bench_now();
    run_plain(n, loops, seen);
    bench_result("loop", 0, bench_now() - t0, "n=%ld loops=%ld body=plain", n, loops);
    for (long i = 0; i < n; i++)
      bench_check(seen[i] == loops, "iteration %ld last ran in loop %ld of %ld", i, seen[i],
                  loops);
    free(seen);
  } else {
    double t0 = bench_now();
    long count = in_region ? run_in_region(n, loops) : run(n, loops);
    bench_result("loop", 0, bench_now() - t0, "n=%ld loops=%ld body=%s", n, loops, body);
    bench_check(count == n * loops, "counted %ld iterations, expected %ld", count, n * loops);
  }
  bench_check_ok();
  return 0;
}
