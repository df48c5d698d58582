// The runtime loads none of hwloc's I/O and libxml2 plugins (they cost milliseconds of start-up
// and it keeps no I/O object), and leaves the environment as it found it: after the runtime has
// started, no mapping of the process is an hwloc plugin and HWLOC_PLUGINS_BLACKLIST is unset, or,
// when the user set it (or another variable that chooses plugins), still holds the user's value,
// which hwloc then obeys.  The argument is the value expected in HWLOC_PLUGINS_BLACKLIST, or
// "unset".
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env -u HWLOC_PLUGINS_BLACKLIST %o2n-run %t unset
// RUN: env -u HWLOC_PLUGINS_BLACKLIST OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t unset
// RUN: env HWLOC_PLUGINS_BLACKLIST=hwloc_gl %o2n-run %t hwloc_gl
#include "../Inputs/check.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether a mapping of the process is a file whose name contains `part`. */
static int mapped(const char *part)
{
  FILE *maps = fopen("/proc/self/maps", "r");
  CHECK(maps != NULL, "cannot read /proc/self/maps");
  if (!maps)
    return 0;
  char line[4096];
  int found = 0;
  while (fgets(line, sizeof line, maps))
    found |= strstr(line, part) != NULL;
  fclose(maps);
  return found;
}

int main(int argc, char **argv)
{
  CHECK(argc == 2, "usage: %s EXPECTED|unset", argv[0]);
  if (argc != 2)
    return 1;
  CHECK(omp_get_num_procs() >= 1, "no processor"); /* starts the runtime and hwloc */
  const char *now = getenv("HWLOC_PLUGINS_BLACKLIST");
  if (strcmp(argv[1], "unset") == 0) {
    CHECK(now == NULL, "HWLOC_PLUGINS_BLACKLIST is left set to '%s'", now ? now : "");
    CHECK(!mapped("/hwloc_"), "an hwloc plugin was loaded");
    CHECK(!mapped("libxml2"), "libxml2 was loaded");
  } else {
    CHECK(now && strcmp(now, argv[1]) == 0, "HWLOC_PLUGINS_BLACKLIST is '%s', not '%s'",
          now ? now : "(unset)", argv[1]);
    CHECK(!mapped("/hwloc_gl"), "hwloc_gl was loaded although the user excluded it");
  }
  return num_failed != 0;
}
