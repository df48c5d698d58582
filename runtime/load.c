/*
 * load.c -- how many processors other programs are using: the input of dynamic team sizing
 * (OMP_DYNAMIC) and of the waits' spin budgets.
 *
 * The kernel counts runnable threads machine-wide in /proc/loadavg's fourth field ("R/T": R
 * runnable now, T in all).  Threads of this program that may be runnable at that moment -- the
 * initial thread, workers reserved by teams, idle workers still spinning -- are subtracted; what
 * remains are the "other" runnable threads.  When the process may run on fewer processors than
 * are online (a cpuset), the others are assumed to spread evenly and only their share on our
 * processors counts.
 *
 * Reading the file costs a few microseconds, so it is read at most once per O2N_LOAD_INTERVAL_NS
 * by whichever thread first finds the last sample stale; everyone else reads the cached count.
 * The count is the smallest of the last O2N_LOAD_SAMPLES samples, so that a process running for
 * a moment does not shrink teams.
 * OMP2NUMA_LOAD_FILE names another file in the same format (tests simulate load with it).
 */
#include "internal.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static struct {
  const char *path;                /* the load source */
  int fd;                          /* the open loadavg file, or -1 when it cannot be read */
  unsigned nonline;                /* processors online */
  _Atomic uint64_t next_sample_ns; /* when the cached count becomes stale */
  _Atomic bool sampling;           /* a thread is in sample(): it owns raw[] */
  long raw[O2N_LOAD_SAMPLES - 1];  /* the previous samples' counts, unfiltered */
  _Atomic unsigned others;         /* other runnable threads on our processors, filtered */
} load = {.fd = -1};

static uint64_t coarse_now_ns(void)
{
  /* CLOCK_MONOTONIC_COARSE is read from the vDSO without a system call; its tick (1 to 4 ms) is
     fine enough for a sampling interval of O2N_LOAD_INTERVAL_NS. */
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A fork() during a sample leaves the child's flag set: only the forking thread goes on. */
static void load_reset_after_fork(void)
{
  atomic_store_explicit(&load.sampling, false, memory_order_relaxed);
}

void o2n_load_init(void)
{
  if (pthread_atfork(NULL, NULL, load_reset_after_fork) != 0)
    o2n_fatal("cannot register the load sampler's fork handler");
  const char *path = getenv("OMP2NUMA_LOAD_FILE");
  if (!path || !*path)
    path = "/proc/loadavg";
  load.path = path;
  load.fd = open(path, O_RDONLY | O_CLOEXEC);
  if (load.fd < 0)
    o2n_warn("cannot read %s: dynamic team sizes and spin budgets ignore other programs", path);
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  load.nonline = n > 0 ? (unsigned)n : 1;
}

/* The runnable threads of the machine, or -1 when the file cannot be read or parsed. */
static long runnable_threads(void)
{
  char buf[128];
  /* procfs regenerates the text on every read from offset 0, so one open file serves for good. */
  ssize_t len = pread(load.fd, buf, sizeof buf - 1, 0);
  if (len <= 0)
    return -1;
  buf[len] = '\0';
  long runnable;
  if (sscanf(buf, "%*s %*s %*s %ld/", &runnable) != 1 || runnable < 0)
    return -1;
  return runnable;
}

/* Takes a sample; one thread at a time (o2n_load_others). */
static void sample(void)
{
  long runnable = runnable_threads();
  if (runnable < 0)
    return;
  long raw = runnable - (long)o2n_pool_runnable();
  if (raw < 0)
    raw = 0;
  /* The count is instantaneous: a shell command or a kernel thread that runs for a moment shows
     up in it.  The smallest of the last O2N_LOAD_SAMPLES counts: a rise counts once every
     sample in that window shows it, a fall at once. */
  long others = raw;
  for (unsigned i = 0; i < O2N_LOAD_SAMPLES - 1; i++) {
    others = load.raw[i] < others ? load.raw[i] : others;
    load.raw[i] = i + 1 < O2N_LOAD_SAMPLES - 1 ? load.raw[i + 1] : raw;
  }
  const unsigned nreal = o2n_topology()->nreal;
  if (nreal < load.nonline)
    others = (others * nreal + load.nonline - 1) / load.nonline;
  atomic_store_explicit(&load.others, (unsigned)others, memory_order_relaxed);
}

unsigned o2n_load_others(void)
{
  if (load.fd < 0)
    return 0;
  uint64_t now = coarse_now_ns();
  uint64_t next = atomic_load_explicit(&load.next_sample_ns, memory_order_relaxed);
  /* One sampler per interval: the thread whose exchange moves the deadline, if no other is
     still sampling (one preempted for a whole interval, say).  The flag's acquire and release
     order one sampler's use of raw[] before the next one's. */
  if (now >= next &&
      atomic_compare_exchange_strong_explicit(&load.next_sample_ns, &next,
                                              now + O2N_LOAD_INTERVAL_NS, memory_order_relaxed,
                                              memory_order_relaxed) &&
      !atomic_exchange_explicit(&load.sampling, true, memory_order_acquire)) {
    sample();
    atomic_store_explicit(&load.sampling, false, memory_order_release);
  }
  return atomic_load_explicit(&load.others, memory_order_relaxed);
}

unsigned o2n_load_others_cached(void)
{
  return atomic_load_explicit(&load.others, memory_order_relaxed);
}

void o2n_load_refresh_before_sleep(void)
{
  /* Only while other programs were seen: a thread on its way to sleep is usually in a region, and
     a sample there takes the team's sleeping threads for runnable ones of this program, so it
     under-counts the others.  That must not hide a rise, which region starts and long spins
     notice; a fall it may notice early, which only lengthens spins. */
  if (o2n_load_others_cached() > 0)
    (void)o2n_load_others();
}

bool o2n_load_crowded(void)
{
  return o2n_pool_runnable() + o2n_load_others() > o2n_topology()->nreal;
}

bool o2n_load_own_crowd(void)
{
  return o2n_pool_runnable() > o2n_topology()->nreal;
}

void o2n_load_policy(char *buf, size_t size)
{
  const unsigned nreal = o2n_topology()->nreal;
  if (load.fd < 0)
    snprintf(buf, size, "threads <= max(1, %u processors - running threads of this program)",
             nreal);
  else
    snprintf(buf, size,
             "threads <= max(1, %u processors - running threads of this program - runnable "
             "threads of others (%s%s, the least of %u samples %u ms apart))",
             nreal, load.path, nreal < load.nonline ? ", their share of our cpuset" : "",
             O2N_LOAD_SAMPLES, (unsigned)(O2N_LOAD_INTERVAL_NS / 1000000u));
}
