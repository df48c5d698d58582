/*
 * chunkcost.c -- what the runtime spends per chunk and per loop, for valgrind --tool=callgrind.
 *
 * `loops` times, one parallel loop of `n` empty iterations with schedule(runtime).  bench/run runs
 * it under callgrind with OMP_SCHEDULE=dynamic,1 at a few (n, loops) points and takes differences
 * of the instruction counts, which cancel the start-up and exit costs:
 *
 *   per chunk = (Ir(n2, L) - Ir(n1, L)) / (L * (n2 - n1))
 *   per loop  = (Ir(n1, L2) - Ir(n1, L)) / (L2 - L) - n1 * per chunk
 *
 * Instruction counts do not depend on the machine's load, unlike times.  Each iteration only
 * passes its index to an empty asm statement, which the compiler must keep.
 *
 * Check: the loop counts its iterations with a reduction; the total must be loops * n.
 *
 * Options: --n=1000 --loops=100
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

int main(int argc, char **argv)
{
  bench_init("chunkcost", argc, argv);
  long n = bench_opt_long("n", 1000);
  long loops = bench_opt_long("loops", 100);
  bench_opts_done();
  if (n < 0 || loops < 1)
    bench_usage_error("need --n >= 0 and --loops >= 1");

  double t0 = bench_now();
  long count = run(n, loops);
  bench_result("loop", 0, bench_now() - t0, "n=%ld loops=%ld", n, loops);
  bench_check(count == n * loops, "counted %ld iterations, expected %ld", count, n * loops);
  bench_check_ok();
  return 0;
}
