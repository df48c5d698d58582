/*
 * load-file.h -- a simulated /proc/loadavg for the tests of the runtime's load sampler (load.c,
 * which reads the file OMP2NUMA_LOAD_FILE names, when set).
 */
#ifndef O2N_TEST_LOAD_FILE_H
#define O2N_TEST_LOAD_FILE_H

#include <stdio.h>
#include <stdlib.h>

/* Writes a loadavg line whose fourth field says `runnable` threads are runnable now; stops the
   test (status 2) when the file cannot be written. */
static void write_load(const char *path, unsigned runnable)
{
  FILE *f = fopen(path, "w");
  if (!f || fprintf(f, "1.00 1.00 1.00 %u/300 4242\n", runnable) < 0 || fclose(f) != 0) {
    perror(path);
    exit(2);
  }
}

#endif
