/*
 * sched.c -- the schedule table: kind number <-> name <-> implementation.
 *
 * Loops (the kind in their site, from the translator), OMP_SCHEDULE, omp_set_schedule() and the
 * OMP2NUMA_STATS report all read this table.  Adding a kind takes:
 *  - one line in translator/lib/OmpSchedules.def, whose ABI constant __OMP2NUMA_SCHED_<KIND> is
 *    defined in include/omp2numa-abi.h's enum __omp2numa_sched_kind;
 *  - one runtime/sched_<kind>.c defining its struct o2n_sched_ops (declared in internal.h, the
 *    file listed in runtime/CMakeLists.txt), or its ops added to the file of its family;
 *  - one line in the table below;
 *  - one tests/runtime/sched/<kind>/ directory: rule.h, the definition its chunks are checked
 *    against (tests/runtime/sched/Inputs/chunks.h), and exactly-once.c;
 *  - one paragraph in docs/schedules.md.
 */
#include "internal.h"

#include <strings.h>

/* Sorted by kind.  The names are OpenMP's and DESIGN.md's (section 3.1). */
static const struct o2n_sched sched_table[] = {
    {__OMP2NUMA_SCHED_STATIC, "static", O2N_SCHED_ENV, &o2n_sched_static},
    {__OMP2NUMA_SCHED_DYNAMIC, "dynamic", O2N_SCHED_ENV, &o2n_sched_dynamic},
    {__OMP2NUMA_SCHED_GUIDED, "guided", O2N_SCHED_ENV, &o2n_sched_guided},
    /* Resolved by o2n_sched_resolve before any loop looks its ops up. */
    {__OMP2NUMA_SCHED_AUTO, "auto", O2N_SCHED_ENV, NULL},
    {__OMP2NUMA_SCHED_ADAPTIVE, "adaptive", O2N_SCHED_ENV, &o2n_sched_adaptive},
    {__OMP2NUMA_SCHED_FAC2, "fac2", O2N_SCHED_ENV, &o2n_sched_fac2},
    {__OMP2NUMA_SCHED_TSS, "tss", O2N_SCHED_ENV, &o2n_sched_tss},
    /* wf2, genblock and indirect take an array (the map argument): clauses only. */
    {__OMP2NUMA_SCHED_WF2, "wf2", 0, &o2n_sched_wf2},
    {__OMP2NUMA_SCHED_RAND, "rand", O2N_SCHED_ENV, &o2n_sched_rand},
    {__OMP2NUMA_SCHED_GENBLOCK, "genblock", 0, &o2n_sched_genblock},
    {__OMP2NUMA_SCHED_INDIRECT, "indirect", 0, &o2n_sched_indirect},
};

enum { SCHED_COUNT = sizeof sched_table / sizeof *sched_table };
_Static_assert(SCHED_COUNT <= O2N_SCHED_MAX, "the table has more lines than sets of kinds hold");

unsigned o2n_sched_count(void)
{
  return SCHED_COUNT;
}

const struct o2n_sched *o2n_sched_at(unsigned index)
{
  return &sched_table[index];
}

unsigned o2n_sched_index(const struct o2n_sched *sched)
{
  return (unsigned)(sched - sched_table);
}

/* OpenMP's kinds (1 to 4) come first in the table, omp2numa's (from 101) after them, each in the
   order of its numbers: a kind's line is found by arithmetic, as every loop start asks, and the
   line's own kind rejects a number that is no kind (or a line out of order). */
const struct o2n_sched *o2n_sched_by_kind(int kind)
{
  enum { OPENMP_KINDS = __OMP2NUMA_SCHED_AUTO };
  const unsigned index = kind >= __OMP2NUMA_SCHED_ADAPTIVE
                             ? (unsigned)(kind - __OMP2NUMA_SCHED_ADAPTIVE) + OPENMP_KINDS
                             : (unsigned)kind - 1;
  return index < SCHED_COUNT && sched_table[index].kind == kind ? &sched_table[index] : NULL;
}

const struct o2n_sched *o2n_sched_by_name(const char *name, size_t len)
{
  for (unsigned i = 0; i < SCHED_COUNT; i++) {
    const char *candidate = sched_table[i].name;
    if (strncasecmp(candidate, name, len) == 0 && candidate[len] == '\0')
      return &sched_table[i];
  }
  return NULL;
}

