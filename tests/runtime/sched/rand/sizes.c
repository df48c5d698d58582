// schedule(rand[, min]): chunk sizes are drawn uniformly in [max(N / (100P), min, 1),
// max(N / (2P), that)] from a per-thread generator that is seeded once per thread and loop, not
// per chunk: sizes vary within a loop and from one loop to the next, and a run is reproducible
// (one thread: the same sizes in every run of the program).
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t > %t.first
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t > %t.second
// RUN: diff %t.first %t.second
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > /dev/null
#include "../../Inputs/check.h"
#include "rule.h"

#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

enum { N = 1000000, MAX_CHUNKS = 4096 };

static _Atomic uint64_t sizes[2][MAX_CHUNKS];
static atomic_int count[2];

// #pragma omp for schedule(rand, min)
// for (uint64_t k = 0; k < N; k++) ...
static void region(void *data)
{
  const int64_t min = *(const int64_t *)data;
  static struct __omp2numa_loop_site site = {"sizes.c", __LINE__, __OMP2NUMA_SCHED_RAND, 0, 0, 0};
  const unsigned tid = (unsigned)omp_get_thread_num(), p = (unsigned)omp_get_num_threads();
  for (int rep = 0; rep < 2; rep++) {
    struct chunk_history history = {0, 0};
    uint64_t lo, hi;
    if (__omp2numa_loop_start(&site, N, min, NULL, &lo, &hi)) do {
        const char *error = chunk_error(&rand_rule, N, (uint64_t)min, p, tid, lo, hi, &history);
        CHECK(!error, "[%" PRIu64 ", %" PRIu64 "): %s", lo, hi, error);
        const int i = atomic_fetch_add(&count[rep], 1);
        if (i < MAX_CHUNKS)
          atomic_store(&sizes[rep][i], hi - lo);
      } while (__omp2numa_loop_next(&lo, &hi));
    __omp2numa_loop_end();
  }
}

static int distinct(int rep)
{
  int d = 0;
  for (int i = 0; i < count[rep] && i < MAX_CHUNKS; i++) {
    int seen = 0;
    for (int j = 0; j < i; j++)
      seen |= atomic_load(&sizes[rep][j]) == atomic_load(&sizes[rep][i]);
    d += !seen;
  }
  return d;
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"sizes.c", __LINE__, 0, 0};
  const int64_t mins[] = {0, 20000, 600000};
  for (int m = 0; m < 3; m++) {
    memset((void *)sizes, 0, sizeof sizes);
    atomic_store(&count[0], 0);
    atomic_store(&count[1], 0);
    int64_t min = mins[m];
    __omp2numa_parallel(&site, region, &min, 0, 1);
    if (m < 2) {
      // Many different sizes, and the second loop's are not the first's.
      CHECK(distinct(0) >= count[0] / 2 && count[0] >= 3, "min %" PRId64 ": %d distinct sizes in "
            "%d chunks", min, distinct(0), count[0]);
      int same = count[0] == count[1];
      for (int i = 0; same && i < count[0] && i < MAX_CHUNKS; i++)
        same = atomic_load(&sizes[0][i]) == atomic_load(&sizes[1][i]);
      CHECK(!same, "min %" PRId64 ": two loops drew the same sizes", min);
    } else {
      // min above N / (2P): every chunk has min iterations (the last one cut): 600000 and
      // 400000, recorded in whatever order their threads got to it.
      const uint64_t a = atomic_load(&sizes[0][0]), b = atomic_load(&sizes[0][1]);
      CHECK(count[0] == 2 && (a > b ? a : b) == 600000 && (a < b ? a : b) == 400000,
            "min 600000: %d chunks, the first two of %" PRIu64 " and %" PRIu64, count[0], a, b);
    }
    for (int i = 0; i < count[0] && i < MAX_CHUNKS; i++)
      printf("%" PRIu64 "\n", atomic_load(&sizes[0][i]));
  }
  return atomic_load(&num_failed);
}
