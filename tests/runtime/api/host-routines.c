// The OpenMP 5.1 routines that a host-only implementation answers with fixed values or plain ICVs,
// with the values GCC's libgomp gives on a machine without offload devices: supported active
// levels, cancel-var, the device routines (the host is device 0 and the only one), the teams
// routines outside a teams region (a league of one team) and the teams ICVs, default-device-var
// per task, omp_pause_resource* (which ends the idle workers: the next region has new ones),
// omp_control_tool, and locks initialised with a hint.  Invalid arguments print a warning and
// change nothing.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t 0 2>&1 | FileCheck %s --implicit-check-not=omp2numa:
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t 0 2>&1 | FileCheck %s --implicit-check-not=omp2numa:
// RUN: env OMP_NUM_THREADS=3 OMP_CANCELLATION=true %o2n-run %t 1 2>&1 | FileCheck %s --implicit-check-not=omp2numa:
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan 0 2>&1 | FileCheck %s --implicit-check-not=omp2numa: %}
//
// CHECK: omp2numa: warning: omp_set_num_teams(-1): the number of teams must not be negative; keeping 4
// CHECK: omp2numa: warning: omp_set_teams_thread_limit(-2): the thread limit must not be negative; keeping 8
// CHECK: omp2numa: warning: omp_set_default_device(-1): the device number must not be negative; keeping 2
// CHECK: omp2numa: warning: omp_pause_resource: 7 is not omp_pause_soft or omp_pause_hard
// CHECK: omp2numa: warning: omp_init_lock_with_hint(3): an invalid hint (contended and uncontended); the lock is initialised without it
// CHECK: omp2numa: warning: omp_init_nest_lock_with_hint(12): an invalid hint (speculative and nonspeculative); the lock is initialised without it
// CHECK: omp2numa: warning: omp_init_lock_with_hint(64): an invalid hint (not a combination of omp_sync_hint_t values); the lock is initialised without it
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <stdlib.h>

// #pragma omp parallel
// { <the device and teams routines>; omp_set_default_device(tid + 1) on the thread's own task;
//   omp_pause_resource(...) == -1 }
static void region(void *data)
{
  (void)data;
  CHECK(omp_get_num_teams() == 1 && omp_get_team_num() == 0, "teams in a region");
  CHECK(omp_is_initial_device() == 1 && omp_get_device_num() == 0, "device in a region");
  CHECK(omp_get_default_device() == 2, "inherited default device %d", omp_get_default_device());
  omp_set_default_device(omp_get_thread_num() + 10);
  CHECK(omp_get_default_device() == omp_get_thread_num() + 10, "own default device");
  CHECK(omp_pause_resource(omp_pause_soft, omp_get_initial_device()) == -1,
        "a pause inside a region succeeded");
  CHECK(omp_pause_resource_all(omp_pause_hard) == -1, "a pause-all inside a region succeeded");
}

// int mark = 0;
// #pragma omp threadprivate(mark)
// #pragma omp parallel
// { if (omp_get_thread_num() != 0) { fresh += mark == 0; mark = 1; } }
static _Thread_local int mark;

static void region_mark(void *data)
{
  if (omp_get_thread_num() != 0) {
    atomic_fetch_add((atomic_int *)data, mark == 0);
    mark = 1;
  }
}

static int fresh_workers(void)
{
  static const struct __omp2numa_region_site site = {"host-routines.c", __LINE__, 0, 0};
  atomic_int fresh = 0;
  __omp2numa_parallel(&site, region_mark, &fresh, 0, 1);
  return atomic_load(&fresh);
}

// #pragma omp parallel
// { omp_set_lock(&lock); counter++; omp_unset_lock(&lock); } with a hinted lock and nest lock
struct locked {
  omp_lock_t lock;
  omp_nest_lock_t nest;
  long counter;
};

static void region_locks(void *data)
{
  struct locked *l = data;
  for (int i = 0; i < 1000; i++) {
    omp_set_lock(&l->lock);
    omp_set_nest_lock(&l->nest);
    omp_set_nest_lock(&l->nest);
    l->counter++;
    omp_unset_nest_lock(&l->nest);
    omp_unset_nest_lock(&l->nest);
    omp_unset_lock(&l->lock);
  }
}

int main(int argc, char **argv)
{
  const int cancel = argc > 1 && atoi(argv[1]);

  // Levels and cancellation.
  CHECK(omp_get_supported_active_levels() == 255, "supported levels %d",
        omp_get_supported_active_levels());
  CHECK(omp_get_cancellation() == cancel, "cancel-var %d, expected %d", omp_get_cancellation(),
        cancel);

  // Devices: the host only.
  CHECK(omp_get_num_devices() == 0, "%d devices", omp_get_num_devices());
  CHECK(omp_get_initial_device() == omp_get_num_devices(), "initial device %d",
        omp_get_initial_device());
  CHECK(omp_get_device_num() == omp_get_initial_device(), "device num %d", omp_get_device_num());
  CHECK(omp_is_initial_device() == 1, "not the initial device");

  // Teams: a league of one; the ICVs as set.
  CHECK(omp_get_num_teams() == 1 && omp_get_team_num() == 0, "teams %d/%d",
        omp_get_team_num(), omp_get_num_teams());
  CHECK(omp_get_max_teams() == 0 && omp_get_teams_thread_limit() == 0, "teams ICVs %d, %d",
        omp_get_max_teams(), omp_get_teams_thread_limit());
  omp_set_num_teams(4);
  omp_set_num_teams(-1); // ignored, with a warning
  omp_set_teams_thread_limit(8);
  omp_set_teams_thread_limit(-2); // ignored, with a warning
  CHECK(omp_get_max_teams() == 4 && omp_get_teams_thread_limit() == 8, "teams ICVs %d, %d",
        omp_get_max_teams(), omp_get_teams_thread_limit());
  CHECK(omp_get_num_teams() == 1, "the teams ICVs changed the league");
  omp_set_num_teams(0);
  CHECK(omp_get_max_teams() == 0, "nteams-var reset to %d", omp_get_max_teams());

  // default-device-var: per task, inherited by the tasks of a region, not given back.
  CHECK(omp_get_default_device() == 0, "default device %d", omp_get_default_device());
  omp_set_default_device(2);
  omp_set_default_device(-1); // ignored, with a warning
  CHECK(omp_get_default_device() == 2, "default device %d", omp_get_default_device());
  static const struct __omp2numa_region_site site = {"host-routines.c", __LINE__, 0, 0};
  __omp2numa_parallel(&site, region, NULL, 0, 1);
  CHECK(omp_get_default_device() == 2, "a thread's default device leaked: %d",
        omp_get_default_device());

  // Pauses: nothing to release on the host outside a region; other devices do not exist.
  CHECK(omp_pause_resource(omp_pause_soft, omp_get_initial_device()) == 0, "soft pause");
  CHECK(omp_pause_resource(omp_pause_hard, 0) == 0, "hard pause");
  CHECK(omp_pause_resource_all(omp_pause_soft) == 0, "pause all");
  CHECK(omp_pause_resource(omp_pause_soft, 1) == -1, "pause of device 1");
  CHECK(omp_pause_resource(omp_pause_soft, -3) == -1, "pause of device -3");
  CHECK(omp_pause_resource((omp_pause_resource_t)7, 0) == -1, "pause of kind 7");
  // The runtime works after a pause.
  __omp2numa_parallel(&site, region, NULL, 0, 1);

  // A pause ends the idle workers: the next region's workers are new threads, whose threadprivate
  // data starts afresh; without a pause, the same workers come back.  Many times over.
  const int workers = omp_get_max_threads() - 1;
  for (int i = 0; i < 100; i++) {
    int first = fresh_workers(), again = fresh_workers();
    CHECK(omp_pause_resource(i % 2 ? omp_pause_soft : omp_pause_hard, 0) == 0, "pause %d", i);
    int after = fresh_workers();
    CHECK(again == 0, "%d workers were new without a pause", again);
    CHECK(after == workers, "%d of %d workers were new after a pause", after, workers);
    if (i == 0)
      CHECK(first == workers, "%d of %d workers new at first", first, workers);
    omp_pause_resource_all(omp_pause_soft);
  }

  // No tool.
  CHECK(omp_control_tool(omp_control_tool_start, 0, NULL) == omp_control_tool_notool,
        "control tool start");
  CHECK(omp_control_tool(omp_control_tool_flush, 1, argv) == omp_control_tool_notool,
        "control tool flush");

  // Locks with hints: valid ones (the deprecated names too), and invalid ones with a warning;
  // every lock works.
  static struct locked l;
  omp_init_lock_with_hint(&l.lock, omp_sync_hint_contended | omp_sync_hint_speculative);
  omp_init_nest_lock_with_hint(&l.nest, omp_lock_hint_uncontended);
  __omp2numa_parallel(&site, region_locks, &l, 0, 1);
  CHECK(l.counter == 1000L * omp_get_max_threads(), "counter %ld", l.counter);
  CHECK(omp_test_lock(&l.lock) == 1 && omp_test_nest_lock(&l.nest) == 1, "hinted locks held");
  omp_unset_lock(&l.lock);
  omp_unset_nest_lock(&l.nest);
  omp_destroy_lock(&l.lock);
  omp_destroy_nest_lock(&l.nest);
  omp_lock_t bad;
  omp_nest_lock_t bad_nest;
  omp_init_lock_with_hint(&bad, omp_sync_hint_contended | omp_sync_hint_uncontended);
  omp_init_nest_lock_with_hint(&bad_nest,
                               omp_sync_hint_speculative | omp_sync_hint_nonspeculative);
  CHECK(omp_test_lock(&bad) == 1 && omp_test_nest_lock(&bad_nest) == 1, "locks with bad hints");
  omp_unset_lock(&bad);
  omp_unset_nest_lock(&bad_nest);
  omp_destroy_lock(&bad);
  omp_init_lock_with_hint(&bad, (omp_sync_hint_t)64);
  omp_destroy_lock(&bad);
  omp_lock_hint_t none = omp_lock_hint_none;
  omp_init_lock_with_hint(&bad, none);
  omp_destroy_lock(&bad);
  return atomic_load(&num_failed);
}
