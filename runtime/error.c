/*
 * error.c -- fatal errors and warnings.
 *
 * One message is one write to stderr (formatted into a buffer first), so that messages of
 * different threads never interleave.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* Long enough for any message the runtime formats (they quote short environment values and file
   names); a longer one is truncated, never overflowed. */
enum { MESSAGE_MAX = 1024 };

static void emit(const char *prefix, const char *file, unsigned line, const char *fmt,
                 va_list ap)
{
  char buf[MESSAGE_MAX];
  int len = file ? snprintf(buf, sizeof buf, "omp2numa: %s%s:%u: ", prefix, file, line)
                 : snprintf(buf, sizeof buf, "omp2numa: %s", prefix);
  if (len >= 0 && (size_t)len < sizeof buf)
    vsnprintf(buf + len, sizeof buf - (size_t)len, fmt, ap);
  fprintf(stderr, "%s\n", buf);
}

noreturn void o2n_fatal(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  emit("", NULL, 0, fmt, ap);
  va_end(ap);
  exit(EXIT_FAILURE);
}

noreturn void o2n_fatal_at(const char *file, unsigned line, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  emit("", file, line, fmt, ap);
  va_end(ap);
  exit(EXIT_FAILURE);
}

void o2n_warn(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  emit("warning: ", NULL, 0, fmt, ap);
  va_end(ap);
}

static void warn_at(const char *file, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void warn_at(const char *file, unsigned line, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  emit("warning: ", file, line, fmt, ap);
  va_end(ap);
}

O2N_ABI void __omp2numa_error(const char *file, unsigned line, const char *message, int fatal)
{
  const char *sep = message ? ": " : "";
  if (!message)
    message = "";
  if (fatal)
    o2n_fatal_at(file, line, "fatal error: error directive encountered%s%s", sep, message);
  warn_at(file, line, "error directive encountered%s%s", sep, message);
}
