// affinity(name) storage: runs of values on one thread are stored as ranges and block-cyclic
// patterns (static,c) as one record (a block, cyclic or block-cyclic map costs a few records
// whatever its size), and an arbitrary map at most 2 bytes per recorded value (plus one record per
// dense segment).  Reaches the runtime's test hook o2n_affinity_footprint,
// hence the static link.  Also: values off the recorded loop's lattice run by their own schedule
// and are not added.
//
//   #pragma omp for schedule(static) affinity(block)
//   for (int64_t v = 0; v < 1000000; v++) ...
//   #pragma omp for schedule(static, 1) affinity(cyclic)
//   for (int64_t v = 0; v < 100000; v++) ...
//   #pragma omp for schedule(dynamic) affinity(arbitrary)
//   for (int64_t v = 0; v < 100000; v++) ...
//
// RUN: %rt-cc %s -Wl,-Bstatic %rt-link -Wl,-Bdynamic -lhwloc -lnuma -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP2NUMA_TOPOLOGY="node:3 core:1 pu:1" %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t
#include "Inputs/affinity.h"

#include <omp2numa.h>
#include <stdio.h>

/* runtime/internal.h's test hook (hidden in the shared library, linkable from the archive). */
int o2n_affinity_footprint(const char *name, size_t *nsegs, size_t *bytes, uint64_t *nvalues,
                           unsigned *nthreads);

enum { RECORD = 32 }; /* the size of one segment record, as the runtime documents it */

static void footprint(const char *name, size_t *nsegs, size_t *bytes, uint64_t *nvalues)
{
  unsigned nthreads;
  CHECK(o2n_affinity_footprint(name, nsegs, bytes, nvalues, &nthreads) == 0, "%s: no map", name);
  printf("%s: %zu segments, %zu bytes, %" PRIu64 " values, team %u\n", name, *nsegs, *bytes,
         *nvalues, nthreads);
}

int main(void)
{
  const int P = omp_get_max_threads() > 16 ? 16 : omp_get_max_threads();
  size_t nsegs, bytes;
  uint64_t nvalues;

  // A block map: at most one record per thread (equal blocks are one cyclic record).
  const uint64_t NB = 1000000;
  run1("block", __OMP2NUMA_SCHED_STATIC, 0, 0, 1, NB, P);
  footprint("block", &nsegs, &bytes, &nvalues);
  CHECK(nvalues == NB && nsegs <= (size_t)P && bytes <= (size_t)P * RECORD, "block map");
  // Reusing it costs no storage and keeps the owners.
  run1("block", __OMP2NUMA_SCHED_DYNAMIC, 1, 1, 1, NB - 1, P);
  for (uint64_t v = 1; v < NB; v++)
    CHECK(owner((int64_t)v) == (int)(v / ((NB + P - 1) / P)) ||
              owner((int64_t)v) == (int)(v * P / NB),
          "block reuse: value %" PRIu64 " on %d", v, owner((int64_t)v));
  const size_t block_segs = nsegs;
  footprint("block", &nsegs, &bytes, &nvalues);
  CHECK(nvalues == NB && nsegs == block_segs, "block map after reuse");

  // The same with step 2: the lattice is the recording loop's, so it is as compact.
  run1("block2", __OMP2NUMA_SCHED_STATIC, 0, 10, 2, NB / 2, P);
  footprint("block2", &nsegs, &bytes, &nvalues);
  CHECK(nvalues == NB / 2 && nsegs <= (size_t)P, "block map of step 2");
  // Odd values are off its lattice: they run by their own schedule and are not added.
  run1("block2", __OMP2NUMA_SCHED_DYNAMIC, 0, 11, 2, 1000, P);
  footprint("block2", &nsegs, &bytes, &nvalues);
  CHECK(nvalues == NB / 2, "off-lattice values were added");

  // A cyclic map: one record (a team of one: one range).
  const uint64_t NC = 100000;
  run1("cyclic", __OMP2NUMA_SCHED_STATIC, 1, 0, 1, NC, P);
  footprint("cyclic", &nsegs, &bytes, &nvalues);
  CHECK(nvalues == NC && nsegs == 1 && bytes == RECORD, "cyclic map");
  // A loop that counts down over part of it, by step 3, adds nothing.
  run1("cyclic", __OMP2NUMA_SCHED_DYNAMIC, 0, (int64_t)NC - 5, -3, NC / 4, P);
  footprint("cyclic", &nsegs, &bytes, &nvalues);
  CHECK(nvalues == NC && nsegs == 1, "cyclic map after a reuse");
  // A shifted static,1 loop adds its new values as a cyclic pattern too: the map grows by at most
  // two records (a short dense one where the two patterns meet out of phase, as they do when P
  // does not divide NC).
  run1("cyclic", __OMP2NUMA_SCHED_STATIC, 1, (int64_t)NC / 2, 1, NC, P);
  footprint("cyclic", &nsegs, &bytes, &nvalues);
  CHECK(nvalues == NC + NC / 2 && nsegs <= 3 && bytes <= 3 * RECORD + 2 * 16,
        "cyclic map grown by static,1");

  // Chunks of 16, and of 7 with a last short chunk: one record.
  run1("chunk16", __OMP2NUMA_SCHED_STATIC, 16, 0, 1, NC, P);
  footprint("chunk16", &nsegs, &bytes, &nvalues);
  CHECK(nvalues == NC && nsegs == 1 && bytes == RECORD, "static,16 map");
  run1("chunk7", __OMP2NUMA_SCHED_STATIC, 7, 3, 2, NC, P);
  footprint("chunk7", &nsegs, &bytes, &nvalues);
  CHECK(nvalues == NC && nsegs == 1 && bytes == RECORD, "static,7 map of step 2");

  // An arbitrary map (dynamic, whose runs depend on timing): 2 bytes per value at most, plus a
  // record per segment.
  run1("arbitrary", __OMP2NUMA_SCHED_DYNAMIC, 3, 0, 1, NC, P);
  footprint("arbitrary", &nsegs, &bytes, &nvalues);
  CHECK(nvalues == NC && bytes <= 2 * NC + nsegs * RECORD, "dynamic map");

  // Growing: a shifted loop adds its new values.
  run1("block", __OMP2NUMA_SCHED_DYNAMIC, 4096, (int64_t)NB / 2, 1, NB, P);
  footprint("block", &nsegs, &bytes, &nvalues);
  CHECK(nvalues == NB + NB / 2 && bytes <= (size_t)(NB / 2 / 4096 + 2 + P) * RECORD,
        "block map grown by dynamic,4096");

  // Reset empties it.
  CHECK(omp2numa_affinity_reset("block") == 0, "reset");
  footprint("block", &nsegs, &bytes, &nvalues);
  CHECK(nsegs == 0 && nvalues == 0, "block map after reset");

  return atomic_load(&num_failed);
}
