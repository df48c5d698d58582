// A child of fork() (outside any region) has only the forking thread: its regions must get new
// workers instead of waiting for the parent's, which do not exist in the child.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
#define _POSIX_C_SOURCE 200809L // fork, waitpid
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <sys/wait.h>
#include <unistd.h>

// #pragma omp parallel
// { ran++; }
static void region(void *data)
{
  atomic_fetch_add((atomic_int *)data, 1);
}

static int run_region(void)
{
  static const struct __omp2numa_region_site site = {"fork.c", __LINE__, 0};
  atomic_int ran = 0;
  __omp2numa_parallel(&site, region, &ran, 0, 1);
  return atomic_load(&ran);
}

int main(void)
{
  const int n = omp_get_max_threads();
  CHECK(run_region() == n, "parent: region before fork");
  pid_t child = fork();
  if (child == 0)
    _exit(run_region() == n && run_region() == n ? 0 : 1);
  int status = 0;
  CHECK(child > 0 && waitpid(child, &status, 0) == child, "fork or waitpid failed");
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %#x", status);
  CHECK(run_region() == n, "parent: region after fork");
  return atomic_load(&num_failed);
}
