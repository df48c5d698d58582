// What teams, simd and order(concurrent) regions may contain, located errors with gcc's messages:
//  - OpenMP routines called in a region with order(concurrent) (a `loop` construct too), or in a
//    teams region's own statements (but omp_get_num_teams and omp_get_team_num);
//  - constructs nested in a teams region other than distribute, parallel and loop; in a simd
//    region other than simd, loop, atomic, `ordered simd` and scan; in an order(concurrent)
//    region other than parallel, loop and simd.
// Calls in constructs nested in those regions, through pointers, in called functions, and of
// functions that are not OpenMP's are fine, and so are the directives that make no region
// (flush, depobj, nothing, declarations) (CASE 2).
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | count 0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Werror -DCASE=2 -I%runtime_inc %t.c

#include <omp.h>

int a[10];
int omp_own_counter(void); // not an OpenMP routine
int tid(void) { return omp_get_thread_num(); }

void f(void)
{
#if CASE == 1
#pragma omp teams num_teams(2)
  {
    // CHECK: :[[@LINE+1]]:12: error: OpenMP runtime API call 'omp_get_thread_num' strictly nested in a 'teams' region
    a[0] = omp_get_thread_num();
    // CHECK: :[[@LINE+1]]:17: error: OpenMP runtime API call 'omp_get_wtime' strictly nested in a 'teams' region
    a[1] = (int)omp_get_wtime();
  }
#pragma omp target teams
  // CHECK: :[[@LINE+1]]:3: error: OpenMP runtime API call 'omp_set_num_threads' strictly nested in a 'teams' region
  omp_set_num_threads(2);
#pragma omp parallel for order(concurrent)
  for (int i = 0; i < 10; i++)
    // CHECK: :[[@LINE+1]]:12: error: OpenMP runtime API call 'omp_get_thread_num' in a region with 'order(concurrent)' clause
    a[i] = omp_get_thread_num();
#pragma omp simd order(concurrent)
  for (int i = 0; i < 10; i++)
    // CHECK: :[[@LINE+1]]:12: error: OpenMP runtime API call 'omp_get_level' in a region with 'order(concurrent)' clause
    a[i] = omp_get_level();
#pragma omp parallel loop
  for (int i = 0; i < 10; i++)
    // CHECK: :[[@LINE+1]]:12: error: OpenMP runtime API call 'omp_get_num_threads' in a region with 'order(concurrent)' clause
    a[i] = omp_get_num_threads();
#pragma omp teams loop
  for (int i = 0; i < 10; i++)
    // CHECK: :[[@LINE+1]]:12: error: OpenMP runtime API call 'omp_get_team_num' in a region with 'order(concurrent)' clause
    a[i] = omp_get_team_num();
#pragma omp parallel
#pragma omp loop
  for (int i = 0; i < 10; i++)
    // CHECK: :[[@LINE+1]]:12: error: OpenMP runtime API call 'omp_in_parallel' in a region with 'order(concurrent)' clause
    a[i] = omp_in_parallel();
#pragma omp teams
  {
    // CHECK: :[[@LINE+1]]:13: error: only 'distribute', 'parallel' or 'loop' regions are allowed to be strictly nested inside 'teams' region
#pragma omp single
    a[0] = 1;
    // CHECK: :[[@LINE+1]]:13: error: only 'distribute', 'parallel' or 'loop' regions are allowed to be strictly nested inside 'teams' region
#pragma omp atomic
    a[1]++;
    // CHECK: :[[@LINE+1]]:13: error: only 'distribute', 'parallel' or 'loop' regions are allowed to be strictly nested inside 'teams' region
#pragma omp barrier
  }
#pragma omp parallel for simd
  for (int i = 0; i < 10; i++) {
    // CHECK: :[[@LINE+1]]:13: error: OpenMP constructs other than 'ordered simd', 'simd', 'loop' or 'atomic' may not be nested inside 'simd' region
#pragma omp critical
    a[i]++;
  }
#pragma omp simd
  for (int i = 0; i < 10; i++) {
    // CHECK: :[[@LINE+1]]:13: error: OpenMP constructs other than 'ordered simd', 'simd', 'loop' or 'atomic' may not be nested inside 'simd' region
#pragma omp parallel
    a[i]++;
  }
#pragma omp parallel for order(concurrent)
  for (int i = 0; i < 10; i++) {
    // CHECK: :[[@LINE+1]]:13: error: OpenMP constructs other than 'parallel', 'loop' or 'simd' may not be nested inside a region with the 'order(concurrent)' clause
#pragma omp atomic
    a[i]++;
    // CHECK: :[[@LINE+1]]:13: error: OpenMP constructs other than 'parallel', 'loop' or 'simd' may not be nested inside a region with the 'order(concurrent)' clause
#pragma omp taskyield
  }
#else
  omp_depend_t o;
  int x = 0;
#pragma omp depobj(o) depend(inout: x)
#pragma omp teams num_teams(2)
  {
#pragma omp depobj(o) update(in)
#pragma omp flush
#pragma omp nothing
    a[0] = omp_get_team_num() + omp_get_num_teams();
#pragma omp distribute
    for (int i = 0; i < 10; i++)
      a[i]++;
#pragma omp loop
    for (int i = 0; i < 10; i++)
      a[i]++;
#pragma omp parallel num_threads(2)
    a[1] = omp_get_thread_num();
    int (*p)(void) = omp_get_thread_num;
    a[2] = p() + tid() + omp_own_counter();
  }
#pragma omp teams distribute
  for (int i = 0; i < 10; i++)
    a[i] = omp_get_thread_num();
#pragma omp parallel for order(concurrent)
  for (int i = 0; i < 10; i++) {
#pragma omp parallel num_threads(1)
    a[i] = omp_get_thread_num() + tid();
  }
#pragma omp parallel for
  for (int i = 0; i < 10; i++)
    a[i] = omp_get_thread_num();
#pragma omp parallel for simd ordered
  for (int i = 0; i < 10; i++) {
#pragma omp atomic
    a[0]++;
#pragma omp simd
    for (int j = 0; j < 4; j++)
      a[j]++;
#pragma omp ordered simd
    a[i] += a[0];
  }
#pragma omp parallel for order(concurrent)
  for (int i = 0; i < 10; i++) {
#pragma omp simd
    for (int j = 0; j < 4; j++)
      a[j]++;
#pragma omp flush
  }
#pragma omp depobj(o) destroy
#endif
}
