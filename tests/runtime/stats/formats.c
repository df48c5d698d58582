// OMP2NUMA_STATS=json:FILE and csv:FILE: the statistics as data (docs/runtime.md, "Statistics as
// data"), checked by tests/Inputs/o2n_stats.py against the schema (docs/omp2numa-stats.schema.json)
// and here against what the program knows: trip counts, per-thread shares of static schedules,
// executions, the topology's nodes, no waiting after nowait loops, and waiting for the thread
// that is late in a parallel for, whose barrier is the region's join (loop_end_nowait on a site
// without __OMP2NUMA_LOOP_NOWAIT: that waiting time was counted as 0).
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: rm -f %t.json %t.csv
// RUN: env OMP2NUMA_STATS=json:%t.json OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: python3 %S/Inputs/formats_check.py %t.json
// RUN: env OMP2NUMA_STATS=csv:%t.csv OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: python3 %S/Inputs/formats_check.py %t.csv
//
// Mistakes in the variable: a warning naming it, and the statistics (text) on stderr all the same.
// RUN: env OMP2NUMA_STATS=json: %o2n-run %t 2>&1 | FileCheck %s --check-prefixes=NOFILE,TEXT
// RUN: env OMP2NUMA_STATS=csv: %o2n-run %t 2>&1 | FileCheck %s --check-prefixes=NOFILE-CSV,TEXT
// RUN: env OMP2NUMA_STATS=xml:%t.xml %o2n-run %t 2>&1 | FileCheck %s --check-prefixes=UNKNOWN,TEXT
// RUN: not test -e %t.xml
// An unwritable file: the asked format on stderr.
// RUN: env OMP2NUMA_STATS=json:%t.missing/stats.json OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t 2>%t.stderr >/dev/null
// RUN: FileCheck %s --check-prefix=UNWRITABLE --input-file=%t.stderr
// RUN: sed 1d %t.stderr > %t.stderr.json
// RUN: python3 %S/Inputs/formats_check.py %t.stderr.json
// A file name that starts with a word and a colon: ./ in front.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && env OMP2NUMA_STATS=./plain:name %o2n-run %t && FileCheck %s --check-prefix=TEXT --input-file='plain:name'
//
// The same under ThreadSanitizer, which must report nothing.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP2NUMA_STATS=json:%t.tsan.json OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-tsan-run %t.tsan %}
// RUN: %if tsan %{ python3 %S/Inputs/formats_check.py %t.tsan.json %}
//
// QUIET-NOT: {{.}}
// NOFILE: omp2numa: warning: OMP2NUMA_STATS='json:': no file name after 'json:'; printing the text report on stderr
// NOFILE-CSV: omp2numa: warning: OMP2NUMA_STATS='csv:': no file name after 'csv:'; printing the text report on stderr
// UNKNOWN: omp2numa: warning: OMP2NUMA_STATS='xml:{{.*}}.xml': unknown format 'xml' (json:FILE, csv:FILE, 1 or a file name for text); printing the text report on stderr
// UNWRITABLE: omp2numa: warning: OMP2NUMA_STATS='json:{{.*}}.missing/stats.json': cannot write the statistics there; printing them on stderr
// UNWRITABLE-NEXT: {
// UNWRITABLE-NEXT: "schema": "omp2numa-stats",
// TEXT: omp2numa statistics: 3 loops
// TEXT: loop barrier:{{[0-9]+}}: schedule static, 3 executions
#include <omp2numa-abi.h>
#include <stddef.h>
#include <time.h>

enum { N = 1000, JOIN_N = 100 };

static void sleep_ms(long ms)
{
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0)
    ;
}

static void region(void *data)
{
  (void)data;
  uint64_t lo, hi;
  for (int rep = 0; rep < 3; rep++) {
    // #pragma omp for schedule(static)
    static struct __omp2numa_loop_site barrier = {"barrier", __LINE__, __OMP2NUMA_SCHED_STATIC,
                                                  0, 0, 0};
    if (__omp2numa_loop_start(&barrier, N, 0, 0, &lo, &hi)) do {
      } while (__omp2numa_loop_next(&lo, &hi));
    __omp2numa_loop_end();
  }
  for (int rep = 0; rep < 2; rep++) {
    // #pragma omp for schedule(static, 10) nowait: no waiting time
    static struct __omp2numa_loop_site nowait = {"nowait", __LINE__, __OMP2NUMA_SCHED_STATIC,
                                                 __OMP2NUMA_LOOP_NOWAIT, 0, 0};
    if (__omp2numa_loop_start(&nowait, N, 10, 0, &lo, &hi)) do {
      } while (__omp2numa_loop_next(&lo, &hi));
    __omp2numa_loop_end_nowait();
  }
  __omp2numa_barrier();
}

// #pragma omp parallel for num_threads(2) schedule(static), as the translator lowers it: the
// loop ends without its barrier, and the region's join waits.  Thread 0's half is slow.
static void join_region(void *data)
{
  (void)data;
  uint64_t lo, hi;
  static struct __omp2numa_loop_site join = {"join", __LINE__, __OMP2NUMA_SCHED_STATIC, 0, 0, 0};
  if (__omp2numa_loop_start(&join, JOIN_N, 0, 0, &lo, &hi)) do {
      if (lo == 0)
        sleep_ms(200);
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end_nowait();
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"formats.c", __LINE__, 0,
                                                     __OMP2NUMA_REGION_NUM_THREADS};
  __omp2numa_parallel(&site, region, NULL, 4, 1);
  for (int rep = 0; rep < 2; rep++)
    __omp2numa_parallel(&site, join_region, NULL, 2, 1);
  return 0;
}
