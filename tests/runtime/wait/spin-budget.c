// The spin budget of a wait under load (runtime/icv.c, docs/runtime.md "Waiting"): other
// programs' runnable threads up to as many again as the processors leave a short wait's budget
// (the default, 2^14 pauses) alone and cut a long one (OMP_WAIT_POLICY=active, 2^22) to it;
// more than twice as many runnable threads as processors, or more of this program's threads
// than processors, cut any budget to 64 pauses; passive stays 0.  Then the same through the load
// sampler: a simulated /proc/loadavg with this program's thread and P other runnable threads
// leaves the default budget of a team of P threads at 2^14 (it was cut to 64 before issue #22),
// and one more other thread cuts it to 64.  Reaches the runtime's internal functions, hence the
// static link.
//
// RUN: %rt-cc %s -Wl,-Bstatic %rt-link -Wl,-Bdynamic -lhwloc -lnuma -o %t
// RUN: %o2n-run %t %t.load
#define _POSIX_C_SOURCE 200809L
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../Inputs/load-file.h"

/* runtime/internal.h (hidden in the shared library, linkable from the archive). */
unsigned o2n_spin_cap(unsigned spins, unsigned nrunning, unsigned others);
unsigned o2n_spin_budget(unsigned nrunning);
unsigned o2n_spin_recheck(unsigned spins);

/* runtime/config.h's budgets. */
enum { ACTIVE = 1u << 22, DEFAULT = 1u << 14, THROTTLED = 64 };

static int failures;

static void expect(const char *what, unsigned got, unsigned want)
{
  if (got != want) {
    fprintf(stderr, "spin-budget: %s: %u pauses, expected %u\n", what, got, want);
    failures++;
  }
}

/* Three samples 12 ms apart (the sampler keeps the least of three, 10 ms apart). */
static void sample_load(void)
{
  for (int i = 0; i < 3; i++) {
    nanosleep(&(struct timespec){0, 12000000}, NULL);
    (void)o2n_spin_recheck(ACTIVE);
  }
}

int main(int argc, char **argv)
{
  if (argc != 2)
    return 2;
  /* Before the runtime starts: it opens the load file once. */
  setenv("OMP2NUMA_LOAD_FILE", argv[1], 1);
  write_load(argv[1], 1);
  const unsigned p = (unsigned)omp_get_num_procs();

  expect("active, quiet", o2n_spin_cap(ACTIVE, p, 0), ACTIVE);
  expect("default, quiet", o2n_spin_cap(DEFAULT, p, 0), DEFAULT);
  expect("active, P others", o2n_spin_cap(ACTIVE, p, p), DEFAULT);
  expect("default, P others", o2n_spin_cap(DEFAULT, p, p), DEFAULT);
  expect("default, one thread and 2P-1 others", o2n_spin_cap(DEFAULT, 1, 2 * p - 1), DEFAULT);
  expect("passive, P others", o2n_spin_cap(0, p, p), 0);
  expect("active, P+1 others", o2n_spin_cap(ACTIVE, p, p + 1), THROTTLED);
  expect("default, P+1 others", o2n_spin_cap(DEFAULT, p, p + 1), THROTTLED);
  expect("default, P+1 own threads", o2n_spin_cap(DEFAULT, p + 1, 0), THROTTLED);
  expect("passive, P+1 own threads", o2n_spin_cap(0, p + 1, 0), 0);

  /* This thread and p others runnable; no workers yet. */
  write_load(argv[1], 1 + p);
  sample_load();
  expect("a team of P next to P busy processes", o2n_spin_budget(p), DEFAULT);
  expect("an active spin next to P busy processes", o2n_spin_recheck(ACTIVE), DEFAULT);
  write_load(argv[1], 2 + p);
  sample_load();
  expect("a team of P next to P+1 busy processes", o2n_spin_budget(p), THROTTLED);
  if (failures)
    return 1;
  printf("spin-budget: passed (%u processors)\n", p);
  return 0;
}
