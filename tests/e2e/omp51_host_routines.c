// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t 0 | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_CANCELLATION=true OMP_NUM_TEAMS=3 OMP_TEAMS_THREAD_LIMIT=4 OMP_DEFAULT_DEVICE=2 OMP_NESTED=true %o2n-run %t 1 | FileCheck %s
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp %}
// RUN: %if gcc-openmp %{ env OMP_NUM_THREADS=2 %o2n-run %t.gomp 0 | FileCheck %s %}
// RUN: %if gcc-openmp %{ env OMP_NUM_THREADS=3 OMP_CANCELLATION=true OMP_NUM_TEAMS=3 OMP_TEAMS_THREAD_LIMIT=4 OMP_DEFAULT_DEVICE=2 OMP_NESTED=true %o2n-run %t.gomp 1 | FileCheck %s %}
// REQUIRES: translator
//
// The OpenMP 5.1 host routines as a program uses them, with the answers GCC's libgomp gives on a
// machine without offload devices (the same program, built with gcc -fopenmp, checks that):
// the host is the initial and only device, a league of one team, the teams and default-device
// ICVs as OMP_NUM_TEAMS, OMP_TEAMS_THREAD_LIMIT and OMP_DEFAULT_DEVICE set them, cancel-var,
// OMP_NESTED (max-active-levels 255 when true), pauses, hinted locks in a parallel loop (with
// omp2numa: GCC 12 lacks them), and the affinity format routines (the thread number and team
// size of each thread of a region).
//
// CHECK: ok

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void expect(int ok, const char *what, long got)
{
  if (!ok) {
    printf("MISMATCH %s: got %ld\n", what, got);
    failures++;
  }
}

int main(int argc, char **argv)
{
  const int set = argc > 1 && atoi(argv[1]);

  expect(omp_get_supported_active_levels() >= 1, "omp_get_supported_active_levels",
         omp_get_supported_active_levels());
  expect(omp_get_max_active_levels() == (set ? omp_get_supported_active_levels() : 1),
         "max-active-levels-var", omp_get_max_active_levels());
  expect(omp_get_cancellation() == set, "omp_get_cancellation", omp_get_cancellation());
  expect(omp_get_num_devices() == 0, "omp_get_num_devices", omp_get_num_devices());
  expect(omp_get_initial_device() == 0, "omp_get_initial_device", omp_get_initial_device());
  expect(omp_get_device_num() == 0, "omp_get_device_num", omp_get_device_num());
  expect(omp_is_initial_device() == 1, "omp_is_initial_device", omp_is_initial_device());
  expect(omp_get_default_device() == (set ? 2 : 0), "omp_get_default_device",
         omp_get_default_device());
  expect(omp_get_num_teams() == 1, "omp_get_num_teams", omp_get_num_teams());
  expect(omp_get_team_num() == 0, "omp_get_team_num", omp_get_team_num());
  expect(omp_get_max_teams() == (set ? 3 : 0), "omp_get_max_teams", omp_get_max_teams());
  expect(omp_get_teams_thread_limit() == (set ? 4 : 0), "omp_get_teams_thread_limit",
         omp_get_teams_thread_limit());
  omp_set_num_teams(5);
  omp_set_teams_thread_limit(6);
  omp_set_default_device(1);
  expect(omp_get_max_teams() == 5, "omp_set_num_teams", omp_get_max_teams());
  expect(omp_get_teams_thread_limit() == 6, "omp_set_teams_thread_limit",
         omp_get_teams_thread_limit());
  expect(omp_get_default_device() == 1, "omp_set_default_device", omp_get_default_device());
  expect(omp_pause_resource(omp_pause_soft, omp_get_initial_device()) == 0, "soft pause", 1);
  expect(omp_pause_resource_all(omp_pause_hard) == 0, "hard pause", 1);

  // Hinted locks guard a counter; each thread captures its affinity line.
  omp_lock_t lock;
  omp_nest_lock_t nest;
#ifdef OMP2NUMA_OMP_H
  omp_init_lock_with_hint(&lock, omp_sync_hint_contended);
  omp_init_nest_lock_with_hint(&nest, omp_sync_hint_uncontended | omp_sync_hint_nonspeculative);
#else
  /* GCC 12's omp.h declares the hinted initialisations, but its libgomp does not define them. */
  omp_init_lock(&lock);
  omp_init_nest_lock(&nest);
#endif
  long counter = 0;
  int team = 0, lines_ok = 0, in_region_pause = 0;
  omp_set_affinity_format("thread %n of %N at level %L");
#pragma omp parallel reduction(+ : lines_ok, in_region_pause)
  {
#pragma omp for
    for (int i = 0; i < 3000; i++) {
      omp_set_lock(&lock);
      omp_set_nest_lock(&nest);
      omp_set_nest_lock(&nest);
      counter++;
      omp_unset_nest_lock(&nest);
      omp_unset_nest_lock(&nest);
      omp_unset_lock(&lock);
    }
    char line[64], expected[64];
    size_t len = omp_capture_affinity(line, sizeof line, NULL);
    snprintf(expected, sizeof expected, "thread %d of %d at level 1", omp_get_thread_num(),
             omp_get_num_threads());
    lines_ok += len == strlen(expected) && strcmp(line, expected) == 0;
    in_region_pause += omp_pause_resource_all(omp_pause_soft) == -1;
    if (omp_get_thread_num() == 0)
      team = omp_get_num_threads();
  }
  omp_destroy_lock(&lock);
  omp_destroy_nest_lock(&nest);
  expect(counter == 3000, "counter under hinted locks", counter);
  expect(lines_ok == team, "omp_capture_affinity lines", lines_ok);
  expect(in_region_pause == team, "pauses refused in a region", in_region_pause);

  char format[64];
  size_t len = omp_get_affinity_format(format, sizeof format);
  expect(len == strlen("thread %n of %N at level %L") && strcmp(format, "thread %n of %N at level %L") == 0,
         "omp_get_affinity_format", (long)len);
  char small[4];
  expect(omp_capture_affinity(small, sizeof small, "%{thread_num}|%.3{num_threads}") == 5 &&
             strcmp(small, "0| ") == 0,
         "omp_capture_affinity truncated", 0);
  if (failures == 0)
    printf("ok\n");
  return failures != 0;
}
