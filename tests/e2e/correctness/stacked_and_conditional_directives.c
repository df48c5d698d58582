// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: %o2n-compile -DSCHED_CYCLIC %s -o %t.cyclic
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.cyclic >> %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror -DSCHED_CYCLIC %s -o %t.gomp.cyclic
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp.cyclic >> %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Valid OpenMP that was once garbled: a section whose statement is itself a construct (parallel
// for, critical); #ifdef/#else between a directive and its statement; two alternative directives
// in #ifdef/#else before one loop (as the NAS IS benchmark writes them), for parallel and for
// parallel for; a register variable in lastprivate and reduction; a block-scope static named by
// two threadprivate directives; _GNU_SOURCE defined after the file's first declaration.
static int first_declaration;
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>

static int counted(void) {
  static int calls;
#pragma omp threadprivate(calls)
#pragma omp threadprivate(calls)
  return ++calls;
}

int main(void) {
  int a[100] = {0}, s = 0, t = 0, failures = 0;
  register int reg = 3;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(0, &set);
#pragma omp parallel
#pragma omp for
  for (int i = 0; i < 100; i++)
    a[i] = i;
#pragma omp parallel sections reduction(+: s)
  {
#pragma omp section
#pragma omp parallel for reduction(+: s)
    for (int i = 0; i < 100; i++)
      s += a[i];
#pragma omp section
#pragma omp critical
    s += 1;
  }
  failures += s != 4951;
#pragma omp parallel
#ifdef NEVER_DEFINED
  {
    t = -100;
  }
#else
  {
#pragma omp atomic
    t++;
  }
#endif
  failures += t < 1;
#ifdef SCHED_CYCLIC
#pragma omp parallel for schedule(static, 1) reduction(+: s)
#else
#pragma omp parallel for schedule(dynamic) reduction(+: s)
#endif
  for (int i = 0; i < 100; i++)
    s += 1;
  failures += s != 5051;
#pragma omp parallel
  {
#ifdef SCHED_CYCLIC
#pragma omp for schedule(static, 1) reduction(+: s)
#else
#pragma omp for schedule(guided) reduction(+: s)
#endif
    for (int i = 0; i < 10; i++)
      s += 1;
  }
  failures += s != 5061;
#pragma omp parallel for lastprivate(reg)
  for (int i = 0; i < 10; i++)
    reg = i * 2;
  failures += reg != 18;
#pragma omp parallel for reduction(+: reg)
  for (int i = 0; i < 10; i++)
    reg += i;
  failures += reg != 63;
  int calls = 0;
#pragma omp parallel reduction(+: calls)
  calls += counted();
  failures += calls < 1;
  printf("s=%d reg=%d cpus=%d first=%d failures=%d\n", s, reg, CPU_COUNT(&set),
         first_declaration, failures);
  return failures != 0;
}
