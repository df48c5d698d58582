/*
 * affinity_format.c -- the affinity format (affinity-format-var: OMP_AFFINITY_FORMAT and
 * omp_set_affinity_format), its expansion for the calling thread (omp_capture_affinity,
 * omp_display_affinity), and the lines OMP_DISPLAY_AFFINITY prints.
 *
 * A format is text with fields, "%" ["0"] ["."] [width] (letter | "{" name "}"), and "%%" for a
 * '%'.  The fields, their letters and their long names are GCC's (the table below).  A width pads
 * a shorter value with spaces after it; "." pads before it (right-justifies), "0." with zeros
 * before it, after a sign or a "0x".  A longer value is never cut.  A format is checked when it is
 * set or given, so that expanding one never fails: GCC stops the program at the first display
 * instead, omp2numa warns where the format comes from and keeps the previous one.
 */
#include "internal.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------------------------------------- */
/* Fields                                                                                      */
/* ------------------------------------------------------------------------------------------- */

enum field {
  FIELD_TEAM_NUM,
  FIELD_NUM_TEAMS,
  FIELD_NESTING_LEVEL,
  FIELD_THREAD_NUM,
  FIELD_NUM_THREADS,
  FIELD_ANCESTOR_TNUM,
  FIELD_HOST,
  FIELD_PROCESS_ID,
  FIELD_NATIVE_THREAD_ID,
  FIELD_THREAD_AFFINITY,
  NFIELDS
};

/* Indexed by enum field. */
static const struct {
  char letter;
  const char *name;
} fields[NFIELDS] = {
    {'t', "team_num"},   {'T', "num_teams"},     {'L', "nesting_level"},
    {'n', "thread_num"}, {'N', "num_threads"},   {'a', "ancestor_tnum"},
    {'H', "host"},       {'P', "process_id"},    {'i', "native_thread_id"},
    {'A', "thread_affinity"},
};

/* Widths beyond this are taken for a mistake: padding of megabytes helps nobody. */
enum { MAX_WIDTH = 4096 };

/* One field of a format, as written. */
struct spec {
  enum field field;
  bool zero;    /* "0.": pad with zeros before the value */
  bool right;   /* ".": pad before the value */
  size_t width; /* 0: no width */
};

/* Why the last format checked on this thread is malformed (o2n_affinity_format_set returns it). */
static _Thread_local char why_buf[160];

/* Parses the field after a '%' (not "%%") at *p into *spec and advances *p past it.  Returns
   NULL, or why the field is malformed. */
static const char *parse_spec(const char **p, struct spec *spec)
{
  const char *s = *p;
  *spec = (struct spec){0};
  if (*s == '0') {
    spec->zero = true;
    if (*++s != '.')
      return "a field's '0' must be followed by '.'";
  }
  if (*s == '.') {
    spec->right = true;
    s++;
  }
  if (*s >= '1' && *s <= '9') {
    char *end;
    unsigned long width = strtoul(s, &end, 10);
    if (width > MAX_WIDTH) {
      snprintf(why_buf, sizeof why_buf, "a field's width is at most %d", MAX_WIDTH);
      return why_buf;
    }
    spec->width = width;
    s = end;
  } else if (spec->right) {
    return "a field with '.' or '0.' needs a width";
  }
  if (*s == '{') {
    const char *name = s + 1, *close = strchr(name, '}');
    if (!close)
      return "a field name without its '}'";
    for (int f = 0; f < NFIELDS; f++) {
      if (strlen(fields[f].name) == (size_t)(close - name) &&
          strncmp(fields[f].name, name, (size_t)(close - name)) == 0) {
        spec->field = (enum field)f;
        *p = close + 1;
        return NULL;
      }
    }
    snprintf(why_buf, sizeof why_buf, "unknown field name '%.*s'",
             (int)(close - name) < 64 ? (int)(close - name) : 64, name);
    return why_buf;
  }
  if (*s == '\0')
    return "a '%' at the end (write %% for a '%')";
  for (int f = 0; f < NFIELDS; f++) {
    if (fields[f].letter == *s) {
      spec->field = (enum field)f;
      *p = s + 1;
      return NULL;
    }
  }
  snprintf(why_buf, sizeof why_buf, "unknown field type '%c'", *s);
  return why_buf;
}

/* NULL if format is well-formed, else why not. */
static const char *check_format(const char *format)
{
  for (const char *p = strchr(format, '%'); p; p = strchr(p, '%')) {
    p++;
    if (*p == '%') {
      p++;
      continue;
    }
    struct spec spec;
    const char *why = parse_spec(&p, &spec);
    if (why)
      return why;
  }
  return NULL;
}

/* ------------------------------------------------------------------------------------------- */
/* Expansion                                                                                   */
/* ------------------------------------------------------------------------------------------- */

/* Text being built: like snprintf, it keeps what fits in buf[0 .. size) and counts the rest. */
struct out {
  char *buf;
  size_t size;
  size_t len;
};

static void put(struct out *o, const char *s, size_t n)
{
  if (o->len < o->size)
    memcpy(o->buf + o->len, s, n < o->size - o->len ? n : o->size - o->len);
  o->len += n;
}

static void put_repeat(struct out *o, char c, size_t n)
{
  if (o->len < o->size)
    memset(o->buf + o->len, c, n < o->size - o->len ? n : o->size - o->len);
  o->len += n;
}

/* A value, padded as spec says.  Zeros go after a leading '-' or "0x" (numbers only). */
static void put_padded(struct out *o, const struct spec *spec, const char *value, bool number)
{
  size_t len = strlen(value);
  size_t pad = spec->width > len ? spec->width - len : 0;
  if (pad && spec->zero && number) {
    size_t prefix = value[0] == '-' ? 1 : strncmp(value, "0x", 2) == 0 ? 2 : 0;
    put(o, value, prefix);
    put_repeat(o, '0', pad);
    put(o, value + prefix, len - prefix);
  } else if (pad && spec->right) {
    put_repeat(o, ' ', pad);
    put(o, value, len);
  } else {
    put(o, value, len);
    put_repeat(o, ' ', pad);
  }
}

static int compare_int(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* The processors the calling thread may run on, as "0-3,8" (runs of consecutive numbers as
   first-last, as GCC writes them), in a malloc'ed string: those of its place when it is bound,
   else every processor of the topology.  The numbers are those of omp_get_place_proc_ids. */
static char *affinity_text(void)
{
  const struct o2n_topology *topo = o2n_topology();
  int place = o2n_topology_bound_place();
  int *ids = o2n_xmalloc(topo->npus * sizeof *ids);
  unsigned n;
  if (place >= 0) {
    n = o2n_place_proc_ids((unsigned)place, ids);
  } else {
    n = topo->npus;
    for (unsigned p = 0; p < n; p++)
      ids[p] = (int)o2n_topology_pu_os(p);
    qsort(ids, n, sizeof *ids, compare_int);
  }
  /* Each number takes at most 11 characters and a separator. */
  char *text = o2n_xmalloc((size_t)n * 12 + 1);
  size_t len = 0;
  text[0] = '\0';
  for (unsigned i = 0; i < n;) {
    unsigned j = i + 1;
    while (j < n && ids[j] <= ids[j - 1] + 1)
      j++;
    len += (size_t)sprintf(text + len, "%s%d", len ? "," : "", ids[i]);
    if (ids[j - 1] != ids[i])
      len += (size_t)sprintf(text + len, "-%d", ids[j - 1]);
    i = j;
  }
  free(ids);
  return text;
}

/* Expands a well-formed format for the calling thread into o. */
static void expand(struct out *o, const char *format, const struct o2n_thread *self)
{
  for (;;) {
    const char *p = strchr(format, '%');
    if (!p) {
      put(o, format, strlen(format));
      return;
    }
    put(o, format, (size_t)(p - format));
    p++;
    if (*p == '%') {
      put(o, "%", 1);
      format = p + 1;
      continue;
    }
    struct spec spec;
    parse_spec(&p, &spec); /* checked before */
    format = p;
    char num[32];
    long long value = 0;
    switch (spec.field) {
    case FIELD_TEAM_NUM:
      value = 0; /* one team: omp_get_team_num() */
      break;
    case FIELD_NUM_TEAMS:
      value = 1;
      break;
    case FIELD_NESTING_LEVEL:
      value = self->team->level;
      break;
    case FIELD_THREAD_NUM:
      value = self->tid;
      break;
    case FIELD_NUM_THREADS:
      value = self->team->nthreads;
      break;
    case FIELD_ANCESTOR_TNUM:
      value = self->team->parent ? (long long)self->team->parent->tid : -1;
      break;
    case FIELD_PROCESS_ID:
      value = getpid();
      break;
    case FIELD_HOST: {
      char host[256];
      if (gethostname(host, sizeof host) != 0)
        strcpy(host, "node");
      host[sizeof host - 1] = '\0';
      put_padded(o, &spec, host, false);
      continue;
    }
    case FIELD_NATIVE_THREAD_ID:
      /* GCC prints the pthread_t, in hexadecimal. */
      snprintf(num, sizeof num, "0x%lx", (unsigned long)pthread_self());
      put_padded(o, &spec, num, true);
      continue;
    case FIELD_THREAD_AFFINITY: {
      char *text = affinity_text();
      put_padded(o, &spec, text, false);
      free(text);
      continue;
    }
    case NFIELDS:
      break;
    }
    snprintf(num, sizeof num, "%lld", value);
    put_padded(o, &spec, num, true);
  }
}

/* ------------------------------------------------------------------------------------------- */
/* affinity-format-var                                                                         */
/* ------------------------------------------------------------------------------------------- */

/* The format: the default (static) or a malloc'ed copy of the last one set, under the lock. */
static pthread_mutex_t format_lock = PTHREAD_MUTEX_INITIALIZER;
static char *format_var = (char *)O2N_AFFINITY_FORMAT_DEFAULT;

const char *o2n_affinity_format_set(const char *format)
{
  const char *why = check_format(format);
  if (why)
    return why;
  char *copy = o2n_xstrdup(format);
  pthread_mutex_lock(&format_lock);
  char *old = format_var;
  format_var = copy;
  pthread_mutex_unlock(&format_lock);
  if (old != (char *)O2N_AFFINITY_FORMAT_DEFAULT)
    free(old);
  return NULL;
}

size_t o2n_affinity_format_get(char *buf, size_t size)
{
  pthread_mutex_lock(&format_lock);
  size_t len = strlen(format_var);
  if (size) {
    size_t n = len < size - 1 ? len : size - 1;
    memcpy(buf, format_var, n);
    buf[n] = '\0';
  }
  pthread_mutex_unlock(&format_lock);
  return len;
}

/* A malloc'ed copy of the format to expand: `format`, or the ICV's when it is NULL or "". */
static char *format_to_use(const char *format)
{
  if (format && *format)
    return o2n_xstrdup(format);
  size_t len = o2n_affinity_format_get(NULL, 0);
  char *copy = o2n_xmalloc(len + 1);
  /* Another thread may set a longer format meanwhile: it is then cut, which is harmless. */
  o2n_affinity_format_get(copy, len + 1);
  return copy;
}

/* Expands fmt for the calling thread into o.  Malformed: a warning naming `entry`, nothing
   written, and false. */
static bool expand_checked(struct out *o, const char *fmt, const char *entry)
{
  const char *why = check_format(fmt);
  if (why) {
    o2n_warn("%s(\"%s\"): %s; nothing is printed", entry, fmt, why);
    return false;
  }
  expand(o, fmt, o2n_self());
  return true;
}

/* omp_capture_affinity: `format`, or the ICV's, into buffer[0 .. size), terminated when size is
   not 0; returns the length of the whole text. */
static size_t capture(char *buffer, size_t size, const char *format, const char *entry)
{
  o2n_self();
  char *fmt = format_to_use(format);
  struct out o = {buffer, size, 0};
  expand_checked(&o, fmt, entry);
  free(fmt);
  if (size)
    buffer[o.len < size ? o.len : size - 1] = '\0';
  return o.len;
}

/* Prints the calling thread's line in one write, so that threads' lines never interleave. */
static void display(const char *format, const char *entry)
{
  o2n_self();
  char *fmt = format_to_use(format);
  char small[512];
  struct out o = {small, sizeof small - 1, 0};
  if (expand_checked(&o, fmt, entry)) {
    char *line = small;
    if (o.len > o.size) {
      line = o2n_xmalloc(o.len + 1);
      o = (struct out){line, o.len, 0};
      expand(&o, fmt, o2n_self());
      if (o.len > o.size) /* never: the same thread expands the same format */
        o.len = o.size;
    }
    line[o.len] = '\n';
    fwrite(line, 1, o.len + 1, stderr);
    if (line != small)
      free(line);
  }
  free(fmt);
}

/* ------------------------------------------------------------------------------------------- */
/* OMP_DISPLAY_AFFINITY                                                                        */
/* ------------------------------------------------------------------------------------------- */

/* What the calling thread last printed about itself: it prints again when any of it changes. */
static _Thread_local struct {
  bool shown;
  pid_t pid; /* a forked child's threads print again */
  unsigned level, tid, nthreads;
  int ancestor, place;
} last_shown;

void o2n_affinity_display_changed(const struct o2n_thread *self)
{
  const int ancestor = self->team->parent ? (int)self->team->parent->tid : -1;
  const int place = o2n_topology_bound_place();
  const pid_t pid = getpid();
  if (last_shown.shown && last_shown.pid == pid && last_shown.level == self->team->level &&
      last_shown.tid == self->tid && last_shown.nthreads == self->team->nthreads &&
      last_shown.ancestor == ancestor && last_shown.place == place)
    return;
  last_shown.shown = true;
  last_shown.pid = pid;
  last_shown.level = self->team->level;
  last_shown.tid = self->tid;
  last_shown.nthreads = self->team->nthreads;
  last_shown.ancestor = ancestor;
  last_shown.place = place;
  display(NULL, "OMP_AFFINITY_FORMAT");
}

/* ------------------------------------------------------------------------------------------- */
/* The routines                                                                                */
/* ------------------------------------------------------------------------------------------- */

O2N_API void omp_set_affinity_format(const char *format)
{
  /* The environment first, so that OMP_AFFINITY_FORMAT never overrides a later call. */
  o2n_init();
  if (!format) {
    o2n_warn("omp_set_affinity_format(NULL): the format must be a string; keeping the format");
    return;
  }
  const char *why = o2n_affinity_format_set(format);
  if (why)
    o2n_warn("omp_set_affinity_format(\"%s\"): %s; keeping the format", format, why);
}

O2N_API size_t omp_get_affinity_format(char *buffer, size_t size)
{
  o2n_init();
  return o2n_affinity_format_get(buffer, buffer ? size : 0);
}

O2N_API void omp_display_affinity(const char *format)
{
  display(format, "omp_display_affinity");
}

O2N_API size_t omp_capture_affinity(char *buffer, size_t size, const char *format)
{
  return capture(buffer, buffer ? size : 0, format, "omp_capture_affinity");
}
