// RUN: %o2n-compile %s -o %t
// RUN: echo '0.00 0.00 0.00 1/100 1' > %t.load
// RUN: env OMP_WAIT_POLICY=active OMP2NUMA_LOAD_FILE=%t.load %o2n-run %t %t.load
// REQUIRES: translator, multicpu
//
// OMP_DYNAMIC must not take the program's own threads for other programs' load.  The simulated
// machine runs exactly this program's team: one runnable thread per processor, the primary
// thread and its workers, which spin between back-to-back regions (OMP_WAIT_POLICY=active, so
// that a worker still spins when the primary thread is preempted for a while by the real
// machine's load: a worker asleep would be, by the file, another program's thread).  So
// every region must get the whole team, for 0.4 s of back-to-back regions: the load is sampled
// every 10 ms at the start of a region, just after the previous region's join, about 40 times.
// A worker that has left its team but is not flagged as spinning yet would count as another
// program's thread and cut the team: before that was fixed, about a third of the samples were.
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int team_size(void)
{
  int team = 0;
#pragma omp parallel
  {
#pragma omp single
    team = omp_get_num_threads();
  }
  return team;
}

int main(int argc, char **argv)
{
  cpu_set_t cpus;
  if (argc != 2 || sched_getaffinity(0, sizeof cpus, &cpus) != 0)
    return 2;
  const int nproc = CPU_COUNT(&cpus);
  FILE *load = fopen(argv[1], "w");
  if (!load)
    return 2;
  fprintf(load, "0.00 0.00 0.00 %d/100 4242\n", nproc);
  fclose(load);

  // A first region with dyn-var false creates the workers.
  if (team_size() != nproc)
    return 2;
  omp_set_dynamic(1);
  long regions = 0, cut = 0;
  for (double start = now(); now() < start + 0.4; regions++) {
    if (team_size() < nproc) {
      cut++;
      // A cut team leaves the other workers idle, and once they sleep the file says that
      // other programs run: wake them with a full region before going on.
      omp_set_dynamic(0);
      team_size();
      omp_set_dynamic(1);
    }
  }
  // About 40 samples: the bug cut about a third of them.  A few cuts are allowed for a worker
  // that spun out its budget while the real machine's load preempted the primary thread.
  printf("own_threads_not_load: %ld of %ld regions cut below %d threads\n", cut, regions, nproc);
  return cut > 4;
}
