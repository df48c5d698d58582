// gcc -fopenmp code on libomp2numa (libgomp's ABI, docs/gomp-abi.md): parallel regions
// (GOMP_parallel: num_threads, if, proc_bind, nesting), barrier, single and copyprivate,
// critical (unnamed and named), atomic start/end, master, sections and parallel sections, run in
// the three ways: linked with -lomp2numa, LD_PRELOAD, and lib/omp2numa/libgomp.so.1.
// REQUIRES: gcc-openmp
// RUN: env OMP_NUM_THREADS=4 %gomp-ways %s %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_MAX_ACTIVE_LEVELS=2 %gomp-ways %s %t direct | FileCheck %s --check-prefix=NESTED
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
// NESTED: == direct
// NESTED-NEXT: runtime: omp2numa
// NESTED-NEXT: ok
// GOMP: runtime: other
// GOMP-NEXT: ok
#include "on_omp2numa.h"

#include <omp.h>
#include <string.h>

static void regions(void)
{
  int n = 0, ids = 0;
#pragma omp parallel num_threads(3) reduction(+ : n) reduction(| : ids)
  {
    n += 1;
    ids |= 1 << omp_get_thread_num();
    CHECK(omp_get_num_threads() == 3, "team of %d", omp_get_num_threads());
    CHECK(omp_in_parallel(), "not in parallel");
  }
  CHECK(n == 3 && ids == 7, "num_threads(3): %d threads, ids %#x", n, ids);
  int one = 1;
  n = 0;
#pragma omp parallel if (one == 0) reduction(+ : n)
  n += omp_get_num_threads();
  CHECK(n == 1, "if(false): %d", n);
  n = 0;
#pragma omp parallel proc_bind(close) reduction(+ : n)
  n += omp_get_thread_num() < omp_get_num_threads();
  CHECK(n == omp_get_max_threads(), "default team: %d of %d", n, omp_get_max_threads());
  int inner = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp parallel num_threads(2)
    {
#pragma omp atomic
      inner += omp_get_level();
    }
  }
  const int active = omp_get_max_active_levels() > 1;
  CHECK(inner == (active ? 8 : 4), "nested: %d (max active levels %d)", inner,
        omp_get_max_active_levels());
}

static void sync_constructs(void)
{
  enum { N = 200 };
  long counter = 0, named = 0;
  long double ld = 0; // no lock-free atomic: GOMP_atomic_start/end
  int before[64] = {0}, bad = 0;
#pragma omp parallel
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    for (int i = 0; i < N; i++) {
#pragma omp critical
      counter++;
#pragma omp critical(named_lock)
      named += 2;
#pragma omp atomic
      ld += 1.0L;
    }
    before[t] = 1;
#pragma omp barrier
    for (int u = 0; u < nt; u++)
      if (!before[u]) {
#pragma omp atomic
        bad++;
      }
  }
  const int nt = omp_get_max_threads();
  CHECK(counter == (long)N * nt && named == 2L * N * nt && ld == (long double)N * nt,
        "critical %ld, named %ld, atomic %Lf", counter, named, ld);
  CHECK(bad == 0, "barrier: %d threads passed early", bad);
}

static void single_copyprivate(void)
{
  int singles = 0, agree = 0, value;
  double vec[4];
#pragma omp parallel private(value, vec) reduction(+ : agree)
  {
    for (int rep = 0; rep < 10; rep++) {
#pragma omp single
      singles++;
#pragma omp single copyprivate(value, vec)
      {
        value = 100 + rep + omp_get_thread_num() * 0;
        for (int k = 0; k < 4; k++)
          vec[k] = rep * 10 + k;
      }
      agree += value == 100 + rep && vec[3] == rep * 10 + 3;
#pragma omp single nowait
      singles++;
#pragma omp barrier
    }
  }
  CHECK(singles == 20, "single ran %d times", singles);
  CHECK(agree == 10 * omp_get_max_threads(), "copyprivate: %d", agree);
  int master = -1;
#pragma omp parallel
#pragma omp master
  master = omp_get_thread_num();
  CHECK(master == 0, "master ran on %d", master);
}

static void sections(void)
{
  int ran[5] = {0}, last = 0;
#pragma omp parallel
  {
#pragma omp sections lastprivate(last)
    {
#pragma omp section
      ran[0]++;
#pragma omp section
      ran[1]++;
#pragma omp section
      {
        ran[2]++;
        last = 3;
      }
    }
#pragma omp sections nowait
    {
#pragma omp section
      ran[3]++;
    }
  }
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    ran[4]++;
#pragma omp section
    ran[4] += 10;
  }
  CHECK(ran[0] == 1 && ran[1] == 1 && ran[2] == 1 && ran[3] == 1 && last == 3,
        "sections ran %d %d %d %d, last %d", ran[0], ran[1], ran[2], ran[3], last);
  CHECK(ran[4] == 11, "parallel sections: %d", ran[4]);
}

int main(void)
{
  print_runtime();
  for (int rep = 0; rep < 3; rep++) {
    regions();
    sync_constructs();
    single_copyprivate();
    sections();
  }
  if (failures)
    return 1;
  printf("ok\n");
  return 0;
}
