/*
 * env.c -- the OMP_* environment variables.
 *
 * Each variable is one line of a table: a parser that either stores the value in the ICVs or
 * returns why it cannot, and a printer of the default that is kept in that case.  Values are
 * case-insensitive and may be surrounded by spaces, as OpenMP specifies.  OMP2NUMA_TOPOLOGY is
 * read by topology.c, which needs it first; OMP_PLACES is parsed by places.c, with the topology's
 * help, because only the topology knows what "cores" or processor 3 are.
 *
 * The end of the file prints the settings for OMP_DISPLAY_ENV and omp_display_env().
 */
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------------------------------- */
/* Lexical helpers                                                                             */
/* ------------------------------------------------------------------------------------------- */

static const char *skip_space(const char *s)
{
  while (isspace((unsigned char)*s))
    s++;
  return s;
}

/* The word at *s: letters, digits and '_'.  Advances *s past it and returns its length. */
static size_t take_word(const char **s, const char **word)
{
  const char *p = skip_space(*s);
  *word = p;
  while (isalnum((unsigned char)*p) || *p == '_')
    p++;
  *s = p;
  return (size_t)(p - *word);
}

static bool word_is(const char *word, size_t len, const char *expected)
{
  return strlen(expected) == len && strncasecmp(word, expected, len) == 0;
}

/* A decimal integer in [min, max] at *s (leading spaces allowed, no sign).  Advances *s past it. */
static bool take_int(const char **s, long long min, long long max, long long *out)
{
  const char *p = skip_space(*s);
  if (!isdigit((unsigned char)*p))
    return false;
  char *end;
  errno = 0;
  long long v = strtoll(p, &end, 10);
  if (errno == ERANGE || v < min || v > max)
    return false;
  *s = end;
  *out = v;
  return true;
}

static bool at_end(const char *s)
{
  return *skip_space(s) == '\0';
}

/* The whole value is one of words[0..n-1]; returns its index, or -1. */
static int whole_word(const char *value, const char *const *words, int n)
{
  const char *word;
  size_t len = take_word(&value, &word);
  if (!at_end(value))
    return -1;
  for (int i = 0; i < n; i++)
    if (word_is(word, len, words[i]))
      return i;
  return -1;
}

/* ------------------------------------------------------------------------------------------- */
/* Parsers: store the value and return NULL, or return the reason and store nothing            */
/* ------------------------------------------------------------------------------------------- */

/* A list "4,2" gives one value per nesting level; omp2numa uses the first for all levels. */
static const char *parse_num_threads(const char *value, struct o2n_global_icv *g,
                                     struct o2n_icv *icv)
{
  (void)g;
  long long first = 0, n;
  const char *s = value;
  for (;;) {
    if (!take_int(&s, 1, INT_MAX, &n))
      return "expected a list of positive integers";
    if (first == 0)
      first = n;
    s = skip_space(s);
    if (*s == '\0')
      break;
    if (*s++ != ',')
      return "expected a list of positive integers";
  }
  icv->nthreads = (unsigned)first;
  return NULL;
}

/* [monotonic:|nonmonotonic:]kind[,chunk], kind being any line of the schedule table that does
   not need an array argument. */
static const char *parse_schedule(const char *value, struct o2n_global_icv *g,
                                  struct o2n_icv *icv)
{
  (void)g;
  const char *s = value, *word;
  size_t len = take_word(&s, &word);
  bool monotonic = false;
  if (*skip_space(s) == ':') {
    if (word_is(word, len, "monotonic"))
      monotonic = true;
    else if (!word_is(word, len, "nonmonotonic"))
      return "unknown schedule modifier (expected monotonic or nonmonotonic)";
    s = skip_space(s) + 1;
    len = take_word(&s, &word);
  }
  const struct o2n_sched *sched = o2n_sched_by_name(word, len);
  if (!sched)
    return "unknown schedule kind";
  if (!(sched->flags & O2N_SCHED_ENV))
    return "this schedule kind needs an array argument, which an environment variable cannot give";
  long long chunk = 0;
  s = skip_space(s);
  if (*s == ',') {
    s++;
    if (!take_int(&s, 1, INT_MAX, &chunk))
      return "the chunk size must be a positive integer";
  }
  if (!at_end(s))
    return "expected [modifier:]kind[,chunk]";
  icv->run_sched = sched->kind;
  icv->run_chunk = chunk;
  icv->run_monotonic = monotonic;
  return NULL;
}

static const char *const booleans[] = {"false", "true"};

static const char *parse_dynamic(const char *value, struct o2n_global_icv *g,
                                 struct o2n_icv *icv)
{
  (void)g;
  int b = whole_word(value, booleans, 2);
  if (b < 0)
    return "expected true or false";
  icv->dyn = b;
  return NULL;
}

static const char *parse_wait_policy(const char *value, struct o2n_global_icv *g,
                                     struct o2n_icv *icv)
{
  (void)icv;
  static const char *const policies[] = {"passive", "active"};
  int p = whole_word(value, policies, 2);
  if (p < 0)
    return "expected active or passive";
  g->spins = p ? O2N_SPIN_ACTIVE : O2N_SPIN_PASSIVE;
  g->wait_policy = p;
  return NULL;
}

static const char *parse_max_active_levels(const char *value, struct o2n_global_icv *g,
                                           struct o2n_icv *icv)
{
  (void)icv;
  long long n;
  if (!take_int(&value, 0, INT_MAX, &n) || !at_end(value))
    return "expected a non-negative integer";
  atomic_store_explicit(&g->max_active_levels,
                        n < O2N_SUPPORTED_ACTIVE_LEVELS ? (int)n : O2N_SUPPORTED_ACTIVE_LEVELS,
                        memory_order_relaxed);
  return NULL;
}

/* A policy, or a list of them (one per nesting level): omp2numa uses the first for all levels. */
static const char *parse_proc_bind(const char *value, struct o2n_global_icv *g,
                                   struct o2n_icv *icv)
{
  (void)g;
  /* Indexed by omp_proc_bind_t; "master" is the deprecated spelling of "primary". */
  static const char *const policies[] = {"false", "true", "primary", "close", "spread", "master"};
  const char *s = value, *word;
  size_t len = take_word(&s, &word);
  s = skip_space(s);
  if (*s != '\0' && *s != ',')
    return "expected true, false, primary, close or spread";
  for (int p = 0; p < (int)(sizeof policies / sizeof *policies); p++) {
    if (word_is(word, len, policies[p])) {
      icv->bind = p == 5 ? omp_proc_bind_primary : p;
      return NULL;
    }
  }
  return "expected true, false, primary, close or spread";
}

static const char *parse_places(const char *value, struct o2n_global_icv *g,
                                struct o2n_icv *icv)
{
  (void)g, (void)icv;
  return o2n_places_parse(value);
}

static const char *parse_display_env(const char *value, struct o2n_global_icv *g,
                                     struct o2n_icv *icv)
{
  (void)icv;
  static const char *const modes[] = {"false", "true", "verbose"};
  int mode = whole_word(value, modes, 3);
  if (mode < 0)
    return "expected true, false or verbose";
  g->display_env = mode;
  return NULL;
}

static const char *parse_thread_limit(const char *value, struct o2n_global_icv *g,
                                      struct o2n_icv *icv)
{
  (void)icv;
  long long n;
  if (!take_int(&value, 1, INT_MAX, &n) || !at_end(value))
    return "expected a positive integer";
  g->thread_limit = (int)n;
  return NULL;
}

/* ------------------------------------------------------------------------------------------- */
/* Printers of the defaults                                                                    */
/* ------------------------------------------------------------------------------------------- */

typedef void show_fn(char *buf, size_t size, const struct o2n_global_icv *g,
                     const struct o2n_icv *icv);

static void show_num_threads(char *buf, size_t size, const struct o2n_global_icv *g,
                             const struct o2n_icv *icv)
{
  (void)g;
  snprintf(buf, size, "%u", icv->nthreads);
}

static void show_schedule(char *buf, size_t size, const struct o2n_global_icv *g,
                          const struct o2n_icv *icv)
{
  (void)g;
  snprintf(buf, size, "'%s'", o2n_sched_by_kind(icv->run_sched)->name);
}

static void show_dynamic(char *buf, size_t size, const struct o2n_global_icv *g,
                         const struct o2n_icv *icv)
{
  (void)g;
  snprintf(buf, size, "%s", booleans[icv->dyn]);
}

static void show_wait_policy(char *buf, size_t size, const struct o2n_global_icv *g,
                             const struct o2n_icv *icv)
{
  (void)g, (void)icv;
  snprintf(buf, size, "(spin briefly, then sleep)");
}

static void show_max_active_levels(char *buf, size_t size, const struct o2n_global_icv *g,
                                   const struct o2n_icv *icv)
{
  (void)icv;
  snprintf(buf, size, "%d", atomic_load_explicit(&g->max_active_levels, memory_order_relaxed));
}

static void show_proc_bind(char *buf, size_t size, const struct o2n_global_icv *g,
                           const struct o2n_icv *icv)
{
  (void)g, (void)icv;
  snprintf(buf, size, "(close)");
}

static void show_places(char *buf, size_t size, const struct o2n_global_icv *g,
                        const struct o2n_icv *icv)
{
  (void)g, (void)icv;
  snprintf(buf, size, "threads");
}

static void show_display_env(char *buf, size_t size, const struct o2n_global_icv *g,
                             const struct o2n_icv *icv)
{
  (void)g, (void)icv;
  snprintf(buf, size, "false");
}

static void show_thread_limit(char *buf, size_t size, const struct o2n_global_icv *g,
                              const struct o2n_icv *icv)
{
  (void)icv;
  snprintf(buf, size, "%d", g->thread_limit);
}

/* ------------------------------------------------------------------------------------------- */
/* The table                                                                                   */
/* ------------------------------------------------------------------------------------------- */

static const struct env_var {
  const char *name;
  const char *(*parse)(const char *value, struct o2n_global_icv *g, struct o2n_icv *icv);
  show_fn *show_default;
} env_vars[] = {
    {"OMP_DISPLAY_ENV", parse_display_env, show_display_env},
    {"OMP_DYNAMIC", parse_dynamic, show_dynamic},
    {"OMP_MAX_ACTIVE_LEVELS", parse_max_active_levels, show_max_active_levels},
    {"OMP_NUM_THREADS", parse_num_threads, show_num_threads},
    {"OMP_PLACES", parse_places, show_places},
    {"OMP_PROC_BIND", parse_proc_bind, show_proc_bind},
    {"OMP_SCHEDULE", parse_schedule, show_schedule},
    {"OMP_THREAD_LIMIT", parse_thread_limit, show_thread_limit},
    {"OMP_WAIT_POLICY", parse_wait_policy, show_wait_policy},
};

void o2n_env_read(struct o2n_global_icv *global, struct o2n_icv *icv)
{
  for (size_t i = 0; i < sizeof env_vars / sizeof *env_vars; i++) {
    const struct env_var *var = &env_vars[i];
    const char *value = getenv(var->name);
    if (!value)
      continue;
    const char *why = var->parse(value, global, icv);
    if (why) {
      char kept[64];
      var->show_default(kept, sizeof kept, global, icv);
      o2n_warn("%s='%s': %s; keeping the default %s", var->name, value, why, kept);
    }
  }
}

/* ------------------------------------------------------------------------------------------- */
/* OMP_DISPLAY_ENV, omp_display_env()                                                          */
/* ------------------------------------------------------------------------------------------- */

/* The names of bind-var's values, indexed by omp_proc_bind_t, as OMP_DISPLAY_ENV prints them. */
static const char *const bind_names[] = {"FALSE", "TRUE", "PRIMARY", "CLOSE", "SPREAD"};

static void display_upper(FILE *out, const char *s)
{
  for (; *s; s++)
    fputc(toupper((unsigned char)*s), out);
}

void o2n_env_display(const struct o2n_icv *icv, bool verbose)
{
  const struct o2n_global_icv *g = &o2n_global;
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  if (!out)
    return;
  const int levels = atomic_load_explicit(&g->max_active_levels, memory_order_relaxed);
  fprintf(out, "OPENMP DISPLAY ENVIRONMENT BEGIN\n");
  fprintf(out, "  _OPENMP = '201511'\n");
  fprintf(out, "  OMP_DYNAMIC = '%s'\n", icv->dyn ? "TRUE" : "FALSE");
  fprintf(out, "  OMP_NESTED = '%s'\n", levels > 1 ? "TRUE" : "FALSE");
  fprintf(out, "  OMP_NUM_THREADS = '%u'\n", icv->nthreads);
  fprintf(out, "  OMP_SCHEDULE = '%s", icv->run_monotonic ? "MONOTONIC:" : "");
  display_upper(out, o2n_sched_by_kind(icv->run_sched)->name);
  if (icv->run_chunk > 0)
    fprintf(out, ",%lld", (long long)icv->run_chunk);
  fprintf(out, "'\n");
  fprintf(out, "  OMP_PROC_BIND = '%s'\n", bind_names[icv->bind]);
  char places[4096];
  o2n_places_format(places, sizeof places);
  fprintf(out, "  OMP_PLACES = '%s'\n", places);
  fprintf(out, "  OMP_WAIT_POLICY = '%s'\n", g->wait_policy == 1 ? "ACTIVE" : "PASSIVE");
  fprintf(out, "  OMP_THREAD_LIMIT = '%d'\n", g->thread_limit);
  fprintf(out, "  OMP_MAX_ACTIVE_LEVELS = '%d'\n", levels);
  if (verbose || icv->dyn) {
    /* What OMP_DYNAMIC=true does here: the spec leaves it to the implementation. */
    char policy[256];
    o2n_load_policy(policy, sizeof policy);
    fprintf(out, "  OMP2NUMA_DYNAMIC_POLICY = '%s'\n", policy);
  }
  if (verbose) {
    /* The processors the runtime plans with: the affinity mask at start-up (topology.c). */
    char mask[1024];
    o2n_topology_mask_format(mask, sizeof mask);
    fprintf(out, "  OMP2NUMA_AFFINITY_MASK = '%s'\n", mask);
    /* omp2numa's own variables, as they are set in the environment. */
    static const char *const own[] = {"OMP2NUMA_TOPOLOGY", "OMP2NUMA_TOPOLOGY_MASK",
                                      "OMP2NUMA_STATS"};
    for (size_t i = 0; i < sizeof own / sizeof *own; i++) {
      const char *value = getenv(own[i]);
      fprintf(out, "  %s = '%s'\n", own[i], value ? value : "");
    }
  }
  fprintf(out, "OPENMP DISPLAY ENVIRONMENT END\n");
  fclose(out);
  /* One write, so that it never interleaves with another thread's output. */
  fputs(text, stderr);
  fflush(stderr);
  free(text);
}
