// RUN: %o2n-compile %s -o %t
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp %}
// RUN: %if clang-openmp %{ clang-16 -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.libomp %}
//
// RUN: env OMP_PLACES=threads OMP_PROC_BIND=close taskset -c %mask-cpu1 %o2n-run %t 2>/dev/null | FileCheck %s -DCPU=%mask-cpu1 --check-prefix=ONE --match-full-lines
// RUN: %if gcc-openmp %{ env OMP_PLACES=threads OMP_PROC_BIND=close taskset -c %mask-cpu1 %o2n-run %t.gomp 2>/dev/null | FileCheck %s -DCPU=%mask-cpu1 --check-prefix=ONE --match-full-lines %}
// RUN: %if clang-openmp %{ env OMP_PLACES=threads OMP_PROC_BIND=close taskset -c %mask-cpu1 %o2n-run %t.libomp 2>/dev/null | FileCheck %s -DCPU=%mask-cpu1 --check-prefix=ONE --match-full-lines %}
//
// RUN: env OMP_PLACES="{%mask-cpu0},{%mask-cpu1}" OMP_PROC_BIND=close OMP_NUM_THREADS=3 taskset -c %mask-cpu1 %o2n-run %t 2>/dev/null | FileCheck %s -DCPU=%mask-cpu1 --check-prefix=LIST --match-full-lines
// RUN: %if gcc-openmp %{ env OMP_PLACES="{%mask-cpu0},{%mask-cpu1}" OMP_PROC_BIND=close OMP_NUM_THREADS=3 taskset -c %mask-cpu1 %o2n-run %t.gomp 2>/dev/null | FileCheck %s -DCPU=%mask-cpu1 --check-prefix=LIST --match-full-lines %}
// RUN: %if clang-openmp %{ env OMP_PLACES="{%mask-cpu0},{%mask-cpu1}" OMP_PROC_BIND=close OMP_NUM_THREADS=3 taskset -c %mask-cpu1 %o2n-run %t.libomp 2>/dev/null | FileCheck %s -DCPU=%mask-cpu1 --check-prefix=LIST --match-full-lines %}
//
// RUN: env OMP_PLACES=threads OMP_PROC_BIND=close taskset -c %mask-cpu0,%mask-cpu1 %o2n-run %t 2>/dev/null | FileCheck %s -DCPU0=%mask-cpu0 -DCPU1=%mask-cpu1 --check-prefix=TWO --match-full-lines
// RUN: %if gcc-openmp %{ env OMP_PLACES=threads OMP_PROC_BIND=close taskset -c %mask-cpu0,%mask-cpu1 %o2n-run %t.gomp 2>/dev/null | FileCheck %s -DCPU0=%mask-cpu0 -DCPU1=%mask-cpu1 --check-prefix=TWO --match-full-lines %}
// RUN: %if clang-openmp %{ env OMP_PLACES=threads OMP_PROC_BIND=close taskset -c %mask-cpu0,%mask-cpu1 %o2n-run %t.libomp 2>/dev/null | FileCheck %s -DCPU0=%mask-cpu0 -DCPU1=%mask-cpu1 --check-prefix=TWO --match-full-lines %}
//
// REQUIRES: translator, multicpu, taskset
//
// What a program sees under taskset, the same with omp2numa as with libgomp (gcc -fopenmp) and
// libomp (clang -fopenmp), with places and binding asked for explicitly (libgomp binds nothing
// by default): the number of processors and the default team are the mask's, the places hold
// only its processors (an explicit list loses the places outside it), and each thread of a
// close team runs on the place of its number (thread t on place t mod the number of places).
//
// ONE:      procs=1 max=1 places=1
// ONE-NEXT: place 0: [[CPU]]
// ONE-NEXT: T0 place=0 cpus=[[CPU]]
//
// LIST:      procs=1 max=3 places=1
// LIST-NEXT: place 0: [[CPU]]
// LIST-NEXT: T0 place=0 cpus=[[CPU]]
// LIST-NEXT: T1 place=0 cpus=[[CPU]]
// LIST-NEXT: T2 place=0 cpus=[[CPU]]
//
// TWO:      procs=2 max=2 places=2
// TWO-NEXT: place 0: [[CPU0]]
// TWO-NEXT: place 1: [[CPU1]]
// TWO-NEXT: T0 place=0 cpus=[[CPU0]]
// TWO-NEXT: T1 place=1 cpus=[[CPU1]]
#define _GNU_SOURCE 1
#include <omp.h>
#include <sched.h>
#include <stdio.h>

int main(void)
{
  int place[64], n = 0;
  cpu_set_t cpus[64];
  printf("procs=%d max=%d places=%d\n", omp_get_num_procs(), omp_get_max_threads(),
         omp_get_num_places());
  for (int p = 0; p < omp_get_num_places(); p++) {
    int ids[64];
    omp_get_place_proc_ids(p, ids);
    printf("place %d:", p);
    for (int i = 0; i < omp_get_place_num_procs(p); i++)
      printf(" %d", ids[i]);
    printf("\n");
  }
#pragma omp parallel
  {
    const int t = omp_get_thread_num();
    if (t < 64) {
      place[t] = omp_get_place_num();
      sched_getaffinity(0, sizeof cpus[t], &cpus[t]);
    }
#pragma omp single
    n = omp_get_num_threads();
  }
  for (int t = 0; t < n && t < 64; t++) {
    printf("T%d place=%d cpus=", t, place[t]);
    for (int c = 0, first = 1; c < CPU_SETSIZE; c++) {
      if (CPU_ISSET(c, &cpus[t])) {
        printf("%s%d", first ? "" : ",", c);
        first = 0;
      }
    }
    printf("\n");
  }
  return 0;
}
