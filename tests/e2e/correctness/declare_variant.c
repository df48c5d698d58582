// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// declare variant, decided as gcc decides it on the host without an offload device: device
// kind host and cpu hold and nohost does not, the host's arch holds and nvptx does not,
// vendor(gnu) holds, condition(0) does not; construct={...} is matched against the constructs
// around each call (outermost first, in order); the higher score wins, with OpenMP 5.0's
// implicit scores of construct and device traits.  A call through a pointer calls the base.
#include <omp.h>
#include <stdio.h>

const char *host_kind(int x) { (void)x; return "host_kind"; }
const char *nohost_kind(int x) { (void)x; return "nohost_kind"; }
const char *in_parallel(int x) { (void)x; return "in_parallel"; }
const char *in_parallel_for(int x) { (void)x; return "in_parallel_for"; }
const char *in_target(int x) { (void)x; return "in_target"; }
const char *on_nvptx(int x) { (void)x; return "on_nvptx"; }
const char *on_x86(int x) { (void)x; return "on_x86"; }
const char *gnu(int x) { (void)x; return "gnu"; }
const char *never(int x) { (void)x; return "never"; }

#pragma omp declare variant(in_parallel) match(construct={parallel})
#pragma omp declare variant(in_parallel_for) match(construct={parallel, for})
#pragma omp declare variant(nohost_kind) match(device={kind(nohost)})
const char *where(int x) { (void)x; return "base"; }

#pragma omp declare variant(host_kind) match(device={kind(host)})
const char *kind(int x) { (void)x; return "base"; }

#pragma omp declare variant(on_nvptx) match(construct={target}, device={arch(nvptx)})
#pragma omp declare variant(in_target) match(construct={target})
const char *target_only(int x) { (void)x; return "base"; }

#pragma omp declare variant(on_x86) match(device={arch(x86_64)})
#pragma omp declare variant(gnu) match(implementation={vendor(score(5): gnu)})
#pragma omp declare variant(never) match(user={condition(0)})
const char *scored(int x) { (void)x; return "base"; }

const char *var_par(int x) { (void)x; return "var_par"; }
const char *var_two(int x) { (void)x; return "var_two"; }
const char *var_host(int x) { (void)x; return "var_host"; }

// OpenMP 5.0's scores: parallel at position 1 of the context is worth 1, vendor and condition 0,
// so var_par wins in a parallel region; kind(host) there is worth 2^1 and beats parallel.
#pragma omp declare variant(var_par) match(construct={parallel})
#pragma omp declare variant(var_two) match(implementation={vendor(gnu)}, user={condition(1)})
const char *implicit_scores(int x) { (void)x; return "base"; }
#pragma omp declare variant(var_par) match(construct={parallel})
#pragma omp declare variant(var_host) match(device={kind(host)})
const char *kind_beats_parallel(int x) { (void)x; return "base"; }

int main(void) {
#pragma omp parallel num_threads(1)
  printf("implicit scores: %s %s\n", implicit_scores(1), kind_beats_parallel(1));
  printf("outside: %s %s %s %s\n", where(1), kind(1), target_only(1), scored(1));
  const char *(*pointer)(int) = where;
#pragma omp parallel num_threads(1)
  {
    printf("parallel: %s, through a pointer: %s\n", where(2), pointer(2));
#pragma omp for
    for (int i = 0; i < 1; i++)
      printf("parallel for: %s\n", where(i));
#pragma omp single
    printf("single in parallel: %s\n", where(3));
  }
  const char *t1 = 0, *t2 = 0, *t3 = 0;
#pragma omp target map(from: t1, t2, t3)
  {
    t1 = target_only(4);
    t2 = kind(4);
    t3 = where(4);
  }
  printf("target: %s %s %s\n", t1, t2, t3);
  return 0;
}
