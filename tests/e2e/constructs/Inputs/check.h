/* CHECK(ok, what) for the self-checking construct tests: prints `FAIL: what` when ok is false and
   counts it; the test returns `failures != 0`. */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>

static int failures;
#define CHECK(ok, what)                                                                            \
  do {                                                                                             \
    if (!(ok)) {                                                                                   \
      printf("FAIL: %s\n", what);                                                                  \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

#endif
