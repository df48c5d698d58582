// The next-touch fault handler passes every SIGSEGV that is not a first touch of a marked range
// to the handler installed before it: here the program's own, which unprotects its own
// PROT_NONE page and counts, while marked pages are moved and unprotected without reaching it.
// A page of a marked range that was touched and that the program then protects itself is the
// program's again: its faults reach the program's handler.
// With no handler before it (the default action), a fault outside marked ranges still ends the
// process with SIGSEGV, as it would have without omp2numa.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t 2>&1 | FileCheck %s --implicit-check-not=omp2numa: --implicit-check-not=failed
//
// CHECK: own faults: 3, marked pages read: 4
// CHECK: default action: killed by signal 11
// CHECK: done
#define _GNU_SOURCE 1
#include "../Inputs/check.h"

#include <errno.h>
#include <omp2numa.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

static size_t page;
static char *own, *mine_again;
static volatile sig_atomic_t own_faults;

static void own_handler(int sig, siginfo_t *info, void *context)
{
  (void)sig, (void)context;
  char *p = (char *)((uintptr_t)info->si_addr & ~(page - 1));
  if (p != own && p != mine_again)
    _exit(3);
  own_faults++;
  mprotect(p, page, PROT_READ | PROT_WRITE);
}

// In a child: the default action, then a touch of a protected page that nobody marked.
static int child_status(void)
{
  pid_t pid = fork();
  if (pid == 0) {
    signal(SIGSEGV, SIG_DFL);
    char *m = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (omp2numa_next_touch(m, page) != 0)
      _exit(4);
    m[0] = 1; // marked: fine
    mprotect(m + page, page, PROT_NONE);
    m[page] = 1; // not marked: the default action
    _exit(0);
  }
  int status;
  waitpid(pid, &status, 0);
  return status;
}

int main(void)
{
  page = (size_t)sysconf(_SC_PAGESIZE);
  struct sigaction sa = {.sa_sigaction = own_handler, .sa_flags = SA_SIGINFO};
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, NULL);
  own = mmap(NULL, page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

  char *m = mmap(NULL, 4 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  memset(m, 5, 4 * page);
  CHECK(omp2numa_next_touch(m, 4 * page) == 0, "next_touch: %s", strerror(errno));
  int read = 0;
  own[0] = 1; // the program's own fault
  for (int i = 0; i < 4; i++)
    read += m[i * page] == 5;
  mprotect(own, page, PROT_NONE);
  own[1] = 2; // and again, after marked pages were moved
  CHECK(own[0] == 1 && own[1] == 2, "own page lost its data");
  mine_again = m + page;
  mprotect(mine_again, page, PROT_NONE);
  mine_again[0] = 6; // touched since the mark, protected by the program: the program's fault
  CHECK(mine_again[0] == 6 && m[0] == 5, "marked pages lost their data");
  printf("own faults: %d, marked pages read: %d\n", (int)own_faults, read);

  const int status = child_status();
  if (WIFSIGNALED(status))
    printf("default action: killed by signal %d\n", WTERMSIG(status));
  else
    printf("default action: FAILED: exit status %d\n", WEXITSTATUS(status));
  printf("done\n");
  return atomic_load(&num_failed);
}
