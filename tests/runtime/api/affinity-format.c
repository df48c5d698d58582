// The affinity format routines: omp_set/get_affinity_format (truncation, length), and
// omp_capture_affinity / omp_display_affinity with every field of GCC's format, short and long
// names, widths (left, right and zero padding), %%, the affinity-format-var when the format is
// NULL or empty, and the values inside a region (thread number, team size, level, ancestor,
// the place each thread is bound to).  A malformed format prints a warning: set, it is ignored;
// given, nothing is printed.  OMP_AFFINITY_FORMAT sets the initial format; a malformed one keeps
// GCC's default.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" OMP_NUM_THREADS=4 %o2n-run %t 2>%t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=omp2numa:
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" OMP_AFFINITY_FORMAT="T%%n of %%N" %o2n-run %t "T%%n of %%N" 2>&1 | FileCheck %s --check-prefix=ENV
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" OMP_AFFINITY_FORMAT="bad %%Z" %o2n-run %t 2>&1 | FileCheck %s --check-prefix=BAD-ENV
//
// (lit turns %% into %.)
//
// The bad formats, in the order main tries them.
// CHECK: omp2numa: warning: omp_set_affinity_format("x %q"): unknown field type 'q'; keeping the format
// CHECK: omp2numa: warning: omp_set_affinity_format("%{thread}"): unknown field name 'thread'; keeping the format
// CHECK: omp2numa: warning: omp_capture_affinity("%0n"): a field's '0' must be followed by '.'; nothing is printed
// CHECK: omp2numa: warning: omp_capture_affinity("%.n"): a field with '.' or '0.' needs a width; nothing is printed
// CHECK: omp2numa: warning: omp_capture_affinity("100%"): a '%' at the end (write %% for a '%'); nothing is printed
// CHECK: omp2numa: warning: omp_capture_affinity("%{num_threads"): a field name without its '}'; nothing is printed
// CHECK: omp2numa: warning: omp_display_affinity("%9999n"): a field's width is at most 4096; nothing is printed
// Each thread's line, from omp_display_affinity in the region: thread t is bound to processor t.
// CHECK-DAG: display 0/4 level 1 ancestor 0 place {0} affinity 0
// CHECK-DAG: display 1/4 level 1 ancestor 0 place {1} affinity 1
// CHECK-DAG: display 2/4 level 1 ancestor 0 place {2} affinity 2
// CHECK-DAG: display 3/4 level 1 ancestor 0 place {3} affinity 3
// CHECK: after: level 0 thread 0x{{[0-9a-f]+}} affinity 0
//
// ENV: after: T0 of 1
// BAD-ENV: omp2numa: warning: OMP_AFFINITY_FORMAT='bad %Z': unknown field type 'Z'; keeping the default 'level %L thread %i affinity %A'
// BAD-ENV: after: level 0 thread 0x{{[0-9a-f]+}} affinity 0
#define _GNU_SOURCE 1 // gethostname
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char default_format[] = "level %L thread %i affinity %A";

// The text of omp_capture_affinity(format), checked against its returned length.
static const char *capture(const char *format)
{
  static _Thread_local char buf[512];
  size_t len = omp_capture_affinity(buf, sizeof buf, format);
  CHECK(len == strlen(buf), "capture(\"%s\") returned %zu for \"%s\"", format, len, buf);
  return buf;
}

#define CHECK_CAPTURE(format, expected)                                                       \
  do {                                                                                        \
    const char *format_ = (format), *got_ = capture(format_);                                 \
    CHECK(strcmp(got_, (expected)) == 0, "capture(\"%s\"): \"%s\", expected \"%s\"",          \
          format_ ? format_ : "(null)", got_, (expected));                                    \
  } while (0)

// #pragma omp parallel
// { omp_display_affinity("display %n/%N level %L ancestor %a place {%{thread_affinity}} ...");
//   <checks of capture> }
static void region(void *data)
{
  (void)data;
  char expected[256];
  const int t = omp_get_thread_num(), n = omp_get_num_threads();
  snprintf(expected, sizeof expected, "%d %d %d 0 0 1 %d", t, n, 1, t);
  CHECK_CAPTURE("%n %N %L %a %{team_num} %{num_teams} %A", expected);
  snprintf(expected, sizeof expected, "0x%lx", (unsigned long)pthread_self());
  CHECK_CAPTURE("%i", expected);
  CHECK_CAPTURE("%{native_thread_id}", expected);
  snprintf(expected, sizeof expected, "[%-3d|%3d|%03d]", t, n, t);
  CHECK_CAPTURE("[%3n|%.3N|%0.3{thread_num}]", expected);
  omp_display_affinity("display %n/%N level %L ancestor %a place {%{thread_affinity}} affinity %A");
}

int main(int argc, char **argv)
{
  const char *initial_format = argc > 1 ? argv[1] : default_format;
  char buf[256];

  // The format ICV.
  CHECK(omp_get_affinity_format(buf, sizeof buf) == strlen(initial_format) &&
            strcmp(buf, initial_format) == 0,
        "initial format \"%s\"", buf);
  CHECK(omp_get_affinity_format(NULL, 0) == strlen(initial_format), "length without a buffer");
  CHECK(omp_get_affinity_format(buf, 4) == strlen(initial_format) &&
            strncmp(buf, initial_format, 3) == 0 && buf[3] == '\0',
        "truncated format \"%s\"", buf);
  omp_set_affinity_format("tid=%n");
  CHECK(omp_get_affinity_format(buf, sizeof buf) == 6 && strcmp(buf, "tid=%n") == 0,
        "format \"%s\"", buf);
  omp_set_affinity_format("x %q");       // ignored, with a warning
  omp_set_affinity_format("%{thread}");  // ignored, with a warning
  CHECK(omp_get_affinity_format(buf, sizeof buf) == 6 && strcmp(buf, "tid=%n") == 0,
        "format \"%s\" after bad ones", buf);
  CHECK_CAPTURE(NULL, "tid=0");
  CHECK_CAPTURE("", "tid=0");

  // Every field outside any region.  The initial thread is not bound before its first region.
  char host[256], fields[600];
  CHECK(gethostname(host, sizeof host) == 0, "gethostname");
  snprintf(fields, sizeof fields, "%s %s %d %d", host, host, (int)getpid(), (int)getpid());
  CHECK_CAPTURE("%H %{host} %P %{process_id}", fields);
  CHECK_CAPTURE("%t %T %L %n %N %a", "0 1 0 0 1 -1");
  CHECK_CAPTURE("%{team_num} %{num_teams} %{nesting_level} %{thread_num} %{num_threads} "
                "%{ancestor_tnum}",
                "0 1 0 0 1 -1");
  CHECK_CAPTURE("%A|%{thread_affinity}", "0-3|0-3");
  CHECK_CAPTURE("100%% of %N", "100% of 1");
  CHECK_CAPTURE("plain text", "plain text");

  // Widths: spaces after, spaces before ('.'), zeros before after a sign ('0.'); never cut.
  CHECK_CAPTURE("[%4n]", "[0   ]");
  CHECK_CAPTURE("[%.4n]", "[   0]");
  CHECK_CAPTURE("[%0.4n]", "[0000]");
  CHECK_CAPTURE("[%0.4a]", "[-001]");
  CHECK_CAPTURE("[%.6{ancestor_tnum}]", "[    -1]");
  CHECK_CAPTURE("[%1a]", "[-1]");
  CHECK_CAPTURE("[%6A]", "[0-3   ]");
  CHECK_CAPTURE("[%.6A]", "[   0-3]");
  CHECK_CAPTURE("[%0.6A]", "[   0-3]");
  snprintf(buf, sizeof buf, "0x%016lx", (unsigned long)pthread_self());
  CHECK_CAPTURE("%0.18i", buf);

  // Truncation: the whole length is returned, the text is cut and terminated.
  char small[5] = "wxyz";
  CHECK(omp_capture_affinity(small, sizeof small, "abcdefgh") == 8 && strcmp(small, "abcd") == 0,
        "truncated capture \"%s\"", small);
  CHECK(omp_capture_affinity(NULL, 0, "abc%N") == 4, "capture without a buffer");
  small[0] = 'w';
  CHECK(omp_capture_affinity(small, 1, "abc") == 3 && small[0] == '\0', "capture into 1 byte");

  // Malformed formats given to capture and display: a warning, nothing printed.
  CHECK_CAPTURE("%0n", "");
  CHECK_CAPTURE("%.n", "");
  CHECK_CAPTURE("100%", "");
  CHECK_CAPTURE("%{num_threads", "");
  omp_display_affinity("%9999n");

  // In a region: each thread's values; each thread bound to its own processor.
  static const struct __omp2numa_region_site site = {"affinity-format.c", __LINE__, 0, 0};
  __omp2numa_parallel(&site, region, NULL, 0, 1);

  // Back to the initial format; the initial thread stays bound to the first place.
  omp_set_affinity_format(initial_format);
  fflush(stderr);
  char line[512];
  omp_capture_affinity(line, sizeof line, NULL);
  fprintf(stderr, "after: %s\n", line);
  return atomic_load(&num_failed);
}
