// One pool for the whole program: an omp2numa-translated program calls a shared library built
// with gcc -fopenmp (Inputs/mixed_library_lib.c), which omp2numa-cc links with libomp2numa in
// place of libgomp.  The library's regions run on the translated program's threads: thread t of
// the library's team runs on the processor of thread t of the translated region (bound close,
// one per core), the two teams are the same pthreads, and omp_get_level counts the translated
// region around a call from inside it.
// REQUIRES: translator, gcc-openmp, multicpu
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: gcc -fopenmp -O1 -shared -fPIC %S/Inputs/mixed_library_lib.c -o %t.dir/libmixed.so
// RUN: %o2n-compile -D_GNU_SOURCE -I%S/Inputs %s -L%t.dir -lmixed -Wl,-rpath,%t.dir -o %t
// RUN: env OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores OMP_MAX_ACTIVE_LEVELS=2 %o2n-run %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores LD_LIBRARY_PATH=%obj_root/lib/omp2numa %o2n-run %t | FileCheck %s
// CHECK: ok
#include "on_omp2numa.h"

#include <omp.h>
#include <pthread.h>
#include <sched.h>

enum { MAXT = 64, N = 1000 };

long lib_region(int *cpu, pthread_t *self, int *level, int *nthreads, int n);

static int same_threads(const pthread_t *a, const pthread_t *b, int n)
{
  for (int i = 0; i < n; i++) {
    int found = 0;
    for (int j = 0; j < n; j++)
      found |= pthread_equal(a[i], b[j]);
    if (!found)
      return 0;
  }
  return 1;
}

int main(void)
{
  int cpu[MAXT], lcpu[MAXT], level[MAXT], lnthreads = 0, nthreads = 0;
  pthread_t self[MAXT], lself[MAXT];
  for (int rep = 0; rep < 3; rep++) {
#pragma omp parallel
    {
      const int t = omp_get_thread_num();
      cpu[t] = sched_getcpu();
      self[t] = pthread_self();
      if (t == 0)
        nthreads = omp_get_num_threads();
    }
    const long sum = lib_region(lcpu, lself, level, &lnthreads, N);
    CHECK(sum == (long)N * (N - 1) / 2, "the library's loop summed %ld", sum);
    CHECK(lnthreads == nthreads, "teams of %d and %d threads", lnthreads, nthreads);
    for (int t = 0; t < nthreads && t < lnthreads; t++) {
      CHECK(lcpu[t] == cpu[t], "thread %d ran on cpu %d in the library, %d in the program", t,
            lcpu[t], cpu[t]);
      CHECK(level[t] == 1, "thread %d: level %d in the library", t, level[t]);
    }
    CHECK(same_threads(lself, self, nthreads), "the library's team has other threads");
  }
  // Called from a translated region: the library's region is nested in it.
  int nested_level = 0, inner = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    lib_region(lcpu, lself, level, &inner, 10);
    nested_level = level[0];
  }
  // (Its team size is the runtime's choice: max-active-levels, dyn-var.)
  CHECK(nested_level == 2 && inner >= 1, "nested: level %d, %d threads", nested_level, inner);
  if (failures)
    return 1;
  printf("ok\n");
  return 0;
}
