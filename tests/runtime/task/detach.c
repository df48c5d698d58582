// detach, hand-lowered: a detached task completes when its body has returned and its event is
// fulfilled, in either order, and taskwait, taskgroup and barriers wait for it.  The event is
// fulfilled by another task, by the encountering thread later in the region (before or after the
// body ran), by a thread the program created, and outside any region.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: env OMP_NUM_THREADS=7 OMP_WAIT_POLICY=passive %o2n-run %t
//
// Under ThreadSanitizer, which must report nothing.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=2 %o2n-tsan-run %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
#define _POSIX_C_SOURCE 200809L
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <pthread.h>
#include <time.h>

enum { REPS = 50 };

static atomic_int body_done, fulfilled;

struct ctx {
  int dummy;
};

static void detached_body(void *data)
{
  (void)data;
  atomic_fetch_add(&body_done, 1);
}

// #pragma omp task detach(ev)  { body_done++; }
static omp_event_handle_t detached_task(void)
{
  static const struct __omp2numa_task_site site = {"detach.c", __LINE__};
  struct ctx *t = __omp2numa_task_alloc(&site, sizeof *t, _Alignof(struct ctx));
  omp_event_handle_t ev = (omp_event_handle_t)__omp2numa_task_event(t);
  __omp2numa_task_submit(t, detached_body, __OMP2NUMA_TASK_DETACH, 0, NULL, 0);
  return ev;
}

static void fulfil(omp_event_handle_t ev)
{
  atomic_fetch_add(&fulfilled, 1);
  omp_fulfill_event(ev);
}

static void fulfil_task_body(void *data)
{
  fulfil(*(omp_event_handle_t *)data);
}

static void *fulfil_thread(void *arg)
{
  nanosleep(&(struct timespec){0, 2000000}, NULL);
  fulfil(*(omp_event_handle_t *)arg);
  return NULL;
}

static void check_done(const char *what, int n)
{
  CHECK(atomic_load(&body_done) == n && atomic_load(&fulfilled) == n,
        "%s: %d bodies, %d events fulfilled, expected %d", what, atomic_load(&body_done),
        atomic_load(&fulfilled), n);
}

static _Atomic omp_event_handle_t shared_ev;

static void region(void *data)
{
  (void)data;
  if (__omp2numa_single_start()) {
    // Fulfilled by another task, created after it.
    atomic_store(&body_done, 0);
    atomic_store(&fulfilled, 0);
    omp_event_handle_t ev = detached_task();
    static const struct __omp2numa_task_site site = {"detach.c", __LINE__};
    omp_event_handle_t *t = __omp2numa_task_alloc(&site, sizeof *t, _Alignof(omp_event_handle_t));
    *t = ev;
    __omp2numa_task_submit(t, fulfil_task_body, 0, 0, NULL, 0);
    __omp2numa_taskwait();
    check_done("fulfilled by a task", 1);

    // Fulfilled by the encountering thread before the taskwait: maybe before the body ran.
    ev = detached_task();
    fulfil(ev);
    __omp2numa_taskwait();
    check_done("fulfilled by the creator", 2);

    // Fulfilled by a pthread while the creator waits in a taskgroup.
    __omp2numa_taskgroup_start();
    ev = detached_task();
    pthread_t thread;
    pthread_create(&thread, NULL, fulfil_thread, &ev);
    __omp2numa_taskgroup_end();
    check_done("fulfilled by a pthread, taskgroup", 3);
    pthread_join(thread, NULL);
    __omp2numa_single_end();
  }
  __omp2numa_barrier();

  // Pending at a barrier: thread 0 reaches it with the task incomplete; the last thread fulfils
  // the event before it arrives (in a team of one, thread 0 fulfils it itself, first).
  if (omp_get_thread_num() == 0) {
    atomic_store(&shared_ev, detached_task());
    if (omp_get_num_threads() == 1)
      fulfil(atomic_exchange(&shared_ev, 0));
  }
  if (omp_get_thread_num() == omp_get_num_threads() - 1 && omp_get_num_threads() > 1) {
    omp_event_handle_t ev;
    while (!(ev = atomic_exchange(&shared_ev, 0)))
      ;
    nanosleep(&(struct timespec){0, 1000000}, NULL);
    fulfil(ev);
  }
  __omp2numa_barrier();
  CHECK(atomic_load(&fulfilled) == 4, "barrier: %d events fulfilled", atomic_load(&fulfilled));
  // Every thread has looked before thread 0 starts the next event (a slow thread saw 5).
  __omp2numa_barrier();

  // Pending at the end of the region: fulfilled by a pthread.
  if (omp_get_thread_num() == 0) {
    static omp_event_handle_t ev;
    static pthread_t thread;
    ev = detached_task();
    pthread_create(&thread, NULL, fulfil_thread, &ev);
    pthread_detach(thread);
  }
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"detach.c", __LINE__, 0, 0};
  for (int rep = 0; rep < REPS; rep++) {
    __omp2numa_parallel(&site, region, NULL, 0, 1);
    // The region's end waited for the last task.
    check_done("end of the region", 5);
  }
  // Outside any region: the body runs at once; the task completes when fulfilled, later.
  atomic_store(&body_done, 0);
  atomic_store(&fulfilled, 0);
  omp_event_handle_t ev = detached_task();
  CHECK(atomic_load(&body_done) == 1, "outside a region: the body did not run at once");
  fulfil(ev);
  __omp2numa_taskwait();
  check_done("outside a region", 1);
  ev = detached_task();
  pthread_t thread;
  pthread_create(&thread, NULL, fulfil_thread, &ev);
  __omp2numa_taskwait();
  check_done("outside a region, fulfilled by a pthread", 2);
  pthread_join(thread, NULL);
  return atomic_load(&num_failed);
}
