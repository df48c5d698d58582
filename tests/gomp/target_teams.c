// gcc -fopenmp target and teams constructs on libomp2numa, as libgomp runs them without an
// offload device: target regions on the host (GOMP_target_ext; firstprivate variables copied,
// mapped ones shared), target data/update/enter/exit data (nothing to do), teams in a target
// region (GOMP_teams4) and host teams (GOMP_teams_reg) run team after team, with
// omp_get_team_num and omp_get_num_teams; the allocate clause (GOMP_alloc, GOMP_free) and the
// error directive with severity(warning) (GOMP_warning).
// REQUIRES: gcc-openmp
// RUN: env OMP_NUM_THREADS=3 %gomp-ways %s %t > %t.out 2> %t.err
// RUN: FileCheck %s --input-file=%t.out
// RUN: FileCheck %s --input-file=%t.err --check-prefix=ERR
// RUN: %gomp-cc %s -o %t.libgomp && env OMP_NUM_THREADS=3 %t.libgomp | FileCheck %s --check-prefix=GOMP
// CHECK: == direct
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// CHECK-NEXT: == preload
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// CHECK-NEXT: == libdir
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// ERR: omp2numa: warning: error directive encountered: a warning from gcc-built code
// GOMP: ok
#include "on_omp2numa.h"

#include <omp.h>
#include <stdint.h>

static void target(void)
{
  int a[100], fp = 5, sum = 0;
  double d = 1.5;
  for (int i = 0; i < 100; i++)
    a[i] = i;
#pragma omp target map(tofrom : a[0 : 100]) firstprivate(fp, d) map(tofrom : sum)
  {
    for (int i = 0; i < 100; i++) {
      a[i] += fp;
      sum += a[i];
    }
    fp = 99; // the copy
    d = 0;
  }
  CHECK(fp == 5 && d == 1.5, "firstprivate written back: fp %d, d %f", fp, d);
  CHECK(sum == 4950 + 500 && a[99] == 104, "target: sum %d, a[99] %d", sum, a[99]);
#pragma omp target data map(tofrom : a)
  {
#pragma omp target update to(a)
#pragma omp target
    a[0] = -1;
  }
#pragma omp target enter data map(to : a)
#pragma omp target exit data map(from : a)
  CHECK(a[0] == -1, "target data: a[0] %d", a[0]);
  int initial = 0;
#pragma omp target map(from : initial)
  initial = omp_is_initial_device();
  CHECK(initial, "the target region ran off the host");
}

static void teams(void)
{
  int seen[8] = {0}, nteams = 0, total = 0;
#pragma omp target teams num_teams(4) map(tofrom : seen, nteams, total)
  {
    seen[omp_get_team_num()]++; // each team its own element
    if (omp_get_team_num() == 0)
      nteams = omp_get_num_teams();
#pragma omp parallel reduction(+ : total)
    total += 1;
  }
  CHECK(nteams >= 1 && nteams <= 4, "target teams: %d teams", nteams);
  for (int t = 0; t < nteams; t++)
    CHECK(seen[t] == 1, "target teams: team %d ran %d times", t, seen[t]);
  CHECK(total >= nteams, "target teams: %d threads in the teams' regions", total);
  int hseen[8] = {0}, hteams = 0, sum = 0;
#pragma omp teams num_teams(3)
  {
    hseen[omp_get_team_num()]++;
    if (omp_get_team_num() == 0)
      hteams = omp_get_num_teams();
#pragma omp distribute parallel for reduction(+ : sum)
    for (int i = 0; i < 300; i++)
      sum += i;
  }
  CHECK(hteams >= 1 && hteams <= 3, "host teams: %d teams", hteams);
  for (int t = 0; t < hteams; t++)
    CHECK(hseen[t] == 1, "host teams: team %d ran %d times", t, hseen[t]);
  CHECK(sum == 44850, "host teams: distribute parallel for summed %d", sum);
  CHECK(omp_get_num_teams() == 1 && omp_get_team_num() == 0, "after teams: %d %d",
        omp_get_num_teams(), omp_get_team_num());
}

static void allocate_and_error(void)
{
  int x = 0, aligned = 0;
  double big[64];
#pragma omp parallel private(x, big) allocate(omp_large_cap_mem_alloc : x, big) reduction(+ : aligned)
  {
    x = omp_get_thread_num();
    big[63] = x;
    aligned += ((uintptr_t)&x % _Alignof(int)) == 0 && big[63] == x;
  }
  CHECK(aligned == omp_get_max_threads(), "allocate clause: %d", aligned);
#pragma omp error at(execution) severity(warning) message("a warning from gcc-built code")
}

int main(void)
{
  print_runtime();
  target();
  teams();
  allocate_and_error();
  if (failures)
    return 1;
  printf("ok\n");
  return 0;
}
