// Task dependences of gcc -fopenmp code on libomp2numa, checked by the order of logged sequence
// numbers: a chain and a diamond (gcc's first depend format: out/inout and in), and gcc's OpenMP 5.0
// format with a depend object (inout, then updated to in), mutexinoutset (never two at once) and
// GOMP_taskwait_depend; inside a region and outside one.
// REQUIRES: gcc-openmp
// RUN: env OMP_NUM_THREADS=4 %gomp-ways %s %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=2 %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// And the same program on libgomp, to compare with:
// RUN: %gomp-cc %s -o %t.libgomp && env OMP_NUM_THREADS=4 %t.libgomp | FileCheck %s --check-prefix=GOMP
// CHECK: == direct
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// CHECK-NEXT: == preload
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// CHECK-NEXT: == libdir
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// ONE: == direct
// ONE-NEXT: runtime: omp2numa
// ONE-NEXT: ok
// GOMP: runtime: other
// GOMP-NEXT: ok
#include "on_omp2numa.h"

#include <omp.h>

#define REQUIRE(c) CHECK(c, "%s", #c)

static int seq, order[64]; /* order[i]: when task i ran */
static int x, y, z;        /* the dependences' addresses */

static void mark(int i)
{
  int s;
#pragma omp atomic capture
  s = seq++;
  order[i] = s;
}

static void chain_and_diamond(void)
{
  /* chain: 0 -> 1 -> 2 (old format: only out/in) */
#pragma omp task depend(out: x)
  mark(0);
#pragma omp task depend(inout: x)
  mark(1);
#pragma omp task depend(in: x)
  mark(2);
  /* diamond on y: 3 -> {4, 5} -> 6 */
#pragma omp task depend(out: y)
  mark(3);
#pragma omp task depend(in: y)
  mark(4);
#pragma omp task depend(in: y)
  mark(5);
#pragma omp task depend(inout: y)
  mark(6);
#pragma omp taskwait
  REQUIRE(order[0] < order[1] && order[1] < order[2]);
  REQUIRE(order[3] < order[4] && order[3] < order[5] && order[4] < order[6] &&
          order[5] < order[6]);
}

static void v5_format(void)
{
  int busy = 0;
  omp_depend_t o;
#pragma omp depobj(o) depend(inout: x)
  /* 10 writes x through a depobj; 11..14 mutexinoutset on z, after 10 (in: x); 15 after all */
#pragma omp task depend(depobj: o)
  mark(10);
  for (int i = 11; i < 15; i++)
#pragma omp task depend(mutexinoutset: z) depend(in: x) firstprivate(i) shared(busy)
    {
      int b;
#pragma omp atomic capture
      b = ++busy;
      REQUIRE(b == 1);
      mark(i);
#pragma omp atomic
      busy--;
    }
#pragma omp depobj(o) update(in)
#pragma omp task depend(inout: z) depend(depobj: o)
  mark(15);
#pragma omp taskwait depend(in: z)
  REQUIRE(order[15] >= 0 && order[15] > order[10]);
  for (int i = 11; i < 15; i++)
    REQUIRE(order[10] < order[i] && order[i] < order[15]);
#pragma omp depobj(o) destroy
#pragma omp taskwait
}

int main(void)
{
  print_runtime();
  for (int rep = 0; rep < 20; rep++) {
    for (int i = 0; i < 64; i++)
      order[i] = -1;
    seq = 0;
#pragma omp parallel
#pragma omp single
    {
      chain_and_diamond();
      v5_format();
    }
  }
  /* outside a region too */
  chain_and_diamond();
  if (!failures)
    printf("ok\n");
  return failures != 0;
}
