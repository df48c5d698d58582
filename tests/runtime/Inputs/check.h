/*
 * check.h -- failure counting for the hand-lowered runtime tests.
 *
 * CHECK(cond, fmt, ...) counts a failure and reports it (the first few of them) when cond is
 * false; it may be called from any thread.  A test's main returns num_failed, so that every
 * failure makes it fail.
 */
#ifndef O2N_TEST_CHECK_H
#define O2N_TEST_CHECK_H

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>

/* Enough reports to diagnose; more would only flood the log of a badly broken run. */
enum { MAX_REPORTS = 20 };

static atomic_int num_failed;

__attribute__((format(printf, 4, 5))) static void check_failed(const char *file, int line,
                                                              const char *expr,
                                                              const char *fmt, ...)
{
  if (atomic_fetch_add(&num_failed, 1) >= MAX_REPORTS)
    return;
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fprintf(stderr, "%s:%d: check failed: %s: %s\n", file, line, expr, msg);
}

#define CHECK(cond, ...) ((cond) ? (void)0 : check_failed(__FILE__, __LINE__, #cond, __VA_ARGS__))

#endif /* O2N_TEST_CHECK_H */
