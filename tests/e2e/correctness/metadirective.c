// REQUIRES: translator
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: %omp2numa %s -o %t.c
// RUN: FileCheck %s --input-file=%t.c
//
// metadirective (OpenMP 5.0) stands for the directive variant its context selects on the host
// (Metadirective.h): the when clause whose traits hold with the highest score, the first on a
// tie, else the default (5.2's otherwise too), else nothing.  gcc 12 ignores the directive (a
// -Wunknown-pragmas warning: the loop runs serially); Clang 16 chooses as here.

#include <omp.h>
#include <stdio.h>
#include "Inputs/expect.h"

static int team(void) { return omp_get_num_threads(); }

int main(void) {
  int threads = 0, sum = 0;

  // vendor(gnu) holds: the loop is a parallel for.
  // CHECK: /* omp2numa: #pragma omp metadirective when ( implementation = { vendor ( gnu ) } : parallel for reduction ( + : sum ) ) default ( for ) */
#pragma omp metadirective when(implementation={vendor(gnu)}: parallel for reduction(+: sum)) \
    default(for)
  for (int i = 0; i < 100; i++)
    sum += i;
  EXPECT(sum == 4950);

  // A gpu does not hold; the default does.
#pragma omp metadirective when(device={kind(gpu)}: parallel num_threads(3)) default(parallel num_threads(2))
#pragma omp single
  threads = team();
  EXPECT(threads == 2);

  // Both hold: arch (implicit score 2) beats kind (1); an explicit score beats both.
#pragma omp metadirective when(device={kind(host)}: parallel num_threads(1)) \
    when(device={arch(x86_64, x86)}: parallel num_threads(3)) default(parallel num_threads(2))
#pragma omp single
  threads = team();
  EXPECT(threads == 3);
#pragma omp metadirective when(device={arch(x86_64)}: parallel num_threads(3)) \
    when(implementation={vendor(score(10): gnu)}: parallel num_threads(2))
#pragma omp single
  threads = team();
  EXPECT(threads == 2);

  // OpenMP 5.1's target_device set: the host is the target device too.
#pragma omp metadirective when(target_device={kind(host)}: parallel num_threads(3)) default(parallel num_threads(1))
#pragma omp single
  threads = team();
  EXPECT(threads == 3);

  // A tie: the first written.  condition(0) does not hold.
#pragma omp metadirective when(user={condition(0)}: parallel num_threads(1)) \
    when(implementation={vendor(gnu)}: parallel num_threads(3)) \
    when(user={condition(1)}: parallel num_threads(2))
#pragma omp single
  threads = team();
  EXPECT(threads == 3);

  // None holds and no default, or an empty variant: nothing, the statement runs once.
  int once = 0;
#pragma omp metadirective when(device={kind(fpga)}: parallel)
  once++;
#pragma omp metadirective when(device={kind(any)}: ) otherwise(parallel)
  once++;
  EXPECT(once == 2);

  printf("%d %d\n", sum, threads);
  return failures != 0;
}
