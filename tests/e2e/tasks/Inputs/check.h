/* CHECK(ok, fmt, ...) for the self-checking task tests: reports a failure with the test's name
   (TEST_NAME, which the test defines) and line, once at a time; the test returns
   `failures != 0`. */
#ifndef CHECK_H
#define CHECK_H

#include <stdarg.h>
#include <stdio.h>

static int failures;

static void check(int ok, const char *file, int line, const char *fmt, ...)
{
  if (ok)
    return;
  va_list ap;
  va_start(ap, fmt);
#pragma omp critical(report)
  {
    printf("FAIL %s:%d: ", file, line);
    vprintf(fmt, ap);
    printf("\n");
    failures++;
  }
  va_end(ap);
}
#define CHECK(ok, ...) check((ok), TEST_NAME, __LINE__, __VA_ARGS__)

#endif
