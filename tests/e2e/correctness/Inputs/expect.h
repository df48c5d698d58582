/*
 * expect.h -- the self-checks of the programs that are compared with gcc's build: EXPECT(c)
 * prints the line of a check that fails and counts it; main returns failures != 0.  The line goes
 * to stdout, so the comparison with gcc's output shows it too.
 */
#ifndef O2N_TEST_EXPECT_H
#define O2N_TEST_EXPECT_H

#include <stdio.h>

static int failures;
#define EXPECT(c)                                                                                \
  do {                                                                                           \
    if (!(c)) {                                                                                  \
      printf("failed at line %d: %s\n", __LINE__, #c);                                           \
      failures++;                                                                                \
    }                                                                                            \
  } while (0)

#endif
