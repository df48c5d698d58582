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
#include <pthread.h>
#include <stdint.h>
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

/* The index of the word of length len among words[0..n-1] (NULL entries match nothing), or -1. */
static int find_word(const char *word, size_t len, const char *const *words, int n)
{
  for (int i = 0; i < n; i++)
    if (words[i] && word_is(word, len, words[i]))
      return i;
  return -1;
}

/* The whole value is one of words[0..n-1]; returns its index, or -1. */
static int whole_word(const char *value, const char *const *words, int n)
{
  const char *word;
  size_t len = take_word(&value, &word);
  return at_end(value) ? find_word(word, len, words, n) : -1;
}

/* ------------------------------------------------------------------------------------------- */
/* Parsers: store the value and return NULL, or return the reason and store nothing            */
/* ------------------------------------------------------------------------------------------- */

/* Reads `value` as a comma-separated list of items (spaces allowed around them): item() reads one
   at *s, advancing *s past it, and returns it, or -1 when there is none.  Returns the items in a
   new array of *len entries, or NULL when the list is malformed. */
static int *take_list(const char *value, int (*item)(const char **s), unsigned *len)
{
  int *list = NULL;
  const char *s = value;
  for (*len = 0;; s++) {
    const int v = item(&s);
    s = skip_space(s);
    if (v < 0 || (*s != '\0' && *s != ',')) {
      free(list);
      return NULL;
    }
    list = o2n_xrealloc(list, (*len + 1) * sizeof *list);
    list[(*len)++] = v;
    if (*s == '\0')
      return list;
  }
}

/* Returns list[0], the initial task's value, and keeps a list of more than one value, one per
   nesting level, in *levels_list (o2n_icv_for_level).  Such a list enables nesting, as in GCC,
   unless OMP_MAX_ACTIVE_LEVELS or OMP_NESTED (read before the lists) said otherwise. */
static int keep_levels(struct o2n_global_icv *g, int *list, unsigned len, int **levels_list,
                       unsigned *levels)
{
  const int first = list[0];
  if (len == 1) {
    free(list);
    return first;
  }
  *levels_list = list;
  *levels = len;
  if (!g->max_active_levels_set && !g->nested_set)
    atomic_store_explicit(&g->max_active_levels, O2N_SUPPORTED_ACTIVE_LEVELS,
                          memory_order_relaxed);
  return first;
}

static int num_threads_item(const char **s)
{
  long long n;
  return take_int(s, 1, INT_MAX, &n) ? (int)n : -1;
}

/* A list "4,2" gives one value per nesting level. */
static const char *parse_num_threads(const char *value, struct o2n_global_icv *g,
                                     struct o2n_icv *icv)
{
  unsigned len;
  int *list = take_list(value, num_threads_item, &len);
  if (!list)
    return "expected a list of positive integers";
  icv->nthreads = (unsigned)keep_levels(g, list, len, &g->nthreads_list, &g->nthreads_levels);
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
  g->max_active_levels_set = true;
  return NULL;
}

/* A policy: an omp_proc_bind_t, or -1. */
static int proc_bind_item(const char **s)
{
  /* Indexed by omp_proc_bind_t; "master" is the deprecated spelling of "primary". */
  static const char *const policies[] = {"false", "true", "primary", "close", "spread", "master"};
  const char *word;
  const size_t len = take_word(s, &word);
  for (int p = 0; p < (int)(sizeof policies / sizeof *policies); p++)
    if (word_is(word, len, policies[p]))
      return p == 5 ? omp_proc_bind_primary : p;
  return -1;
}

/* true, false, or a list of primary, close and spread, one per nesting level (as in GCC, true
   and false stand alone). */
static const char *parse_proc_bind(const char *value, struct o2n_global_icv *g,
                                   struct o2n_icv *icv)
{
  unsigned len;
  int *list = take_list(value, proc_bind_item, &len);
  bool alone = true; /* true and false only as the whole value */
  for (unsigned l = 0; list && len > 1 && l < len; l++)
    alone &= list[l] > omp_proc_bind_true;
  if (!list || !alone) {
    free(list);
    return strchr(value, ',') ? "expected true, false, or a list of primary, close and spread"
                              : "expected true, false, primary, close or spread";
  }
  icv->bind = keep_levels(g, list, len, &g->bind_list, &g->bind_levels);
  g->bind_set = true;
  return NULL;
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

/* OMP_NESTED is deprecated (OpenMP 5.0) but still read, as GCC reads it: true allows every
   supported level, false one.  OMP_MAX_ACTIVE_LEVELS, when valid, takes precedence. */
static const char *parse_nested(const char *value, struct o2n_global_icv *g, struct o2n_icv *icv)
{
  (void)icv;
  int b = whole_word(value, booleans, 2);
  if (b < 0)
    return "expected true or false";
  if (!g->max_active_levels_set)
    atomic_store_explicit(&g->max_active_levels, b ? O2N_SUPPORTED_ACTIVE_LEVELS : 1,
                          memory_order_relaxed);
  g->nested_set = true;
  return NULL;
}

/* A size: a number, in kilobytes unless a suffix B, K, M or G (any case, spaces allowed around)
   says bytes, kilobytes, megabytes or gigabytes (powers of 1024), as GCC reads it.  The system
   decides the smallest stack (PTHREAD_STACK_MIN). */
static const char *parse_stacksize(const char *value, struct o2n_global_icv *g,
                                   struct o2n_icv *icv)
{
  (void)icv;
  static const char syntax[] = "expected a size: a number with an optional suffix B, K, M or G";
  const char *s = value;
  long long n;
  if (!take_int(&s, 0, LLONG_MAX, &n))
    return syntax;
  s = skip_space(s);
  unsigned shift = 10;
  if (*s) {
    const char *suffix = strchr("bkmg", tolower((unsigned char)*s));
    if (!suffix || !*suffix)
      return syntax;
    shift = (unsigned)(suffix - "bkmg") * 10;
    s++;
  }
  if (!at_end(s))
    return syntax;
  if ((unsigned long long)n > (SIZE_MAX >> shift))
    return "too large";
  size_t bytes = (size_t)n << shift;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  int err = pthread_attr_setstacksize(&attr, bytes);
  pthread_attr_destroy(&attr);
  if (err) {
    /* The reason is built once, during the single-threaded initialisation. */
    static char why[96];
    snprintf(why, sizeof why, "the system's smallest thread stack is %luK",
             ((unsigned long)PTHREAD_STACK_MIN + 1023) / 1024);
    return bytes < (size_t)PTHREAD_STACK_MIN ? why : "the system refuses this stack size";
  }
  g->stacksize = bytes;
  return NULL;
}

static const char *parse_cancellation(const char *value, struct o2n_global_icv *g,
                                      struct o2n_icv *icv)
{
  (void)icv;
  int b = whole_word(value, booleans, 2);
  if (b < 0)
    return "expected true or false";
  g->cancel = b;
  return NULL;
}

static const char *parse_display_affinity(const char *value, struct o2n_global_icv *g,
                                          struct o2n_icv *icv)
{
  (void)icv;
  int b = whole_word(value, booleans, 2);
  if (b < 0)
    return "expected true or false";
  g->display_affinity = b;
  return NULL;
}

/* Taken as it is, spaces included: they are part of the text the format prints. */
static const char *parse_affinity_format(const char *value, struct o2n_global_icv *g,
                                         struct o2n_icv *icv)
{
  (void)g, (void)icv;
  return o2n_affinity_format_set(value);
}

static const char *parse_default_device(const char *value, struct o2n_global_icv *g,
                                        struct o2n_icv *icv)
{
  (void)g;
  long long n;
  if (!take_int(&value, 0, INT_MAX, &n) || !at_end(value))
    return "expected a non-negative integer";
  icv->default_device = (int)n;
  return NULL;
}

static const char *parse_num_teams(const char *value, struct o2n_global_icv *g,
                                   struct o2n_icv *icv)
{
  (void)icv;
  long long n;
  if (!take_int(&value, 1, INT_MAX, &n) || !at_end(value))
    return "expected a positive integer";
  atomic_store_explicit(&g->nteams, (int)n, memory_order_relaxed);
  return NULL;
}

static const char *parse_teams_thread_limit(const char *value, struct o2n_global_icv *g,
                                            struct o2n_icv *icv)
{
  (void)icv;
  long long n;
  if (!take_int(&value, 1, INT_MAX, &n) || !at_end(value))
    return "expected a positive integer";
  atomic_store_explicit(&g->teams_thread_limit, (int)n, memory_order_relaxed);
  return NULL;
}

/* Indexed by enum o2n_target_offload. */
static const char *const offload_policies[] = {"default", "mandatory", "disabled"};

/* With the host as the only device, every policy runs everything on the host. */
static const char *parse_target_offload(const char *value, struct o2n_global_icv *g,
                                        struct o2n_icv *icv)
{
  (void)icv;
  int p = whole_word(value, offload_policies, 3);
  if (p < 0)
    return "expected mandatory, disabled or default";
  g->target_offload = p;
  return NULL;
}

/* The predefined allocators' names, indexed by handle - 1 (omp_default_mem_alloc is 1). */
static const char *const allocator_names[] = {
    "omp_default_mem_alloc", "omp_large_cap_mem_alloc", "omp_const_mem_alloc",
    "omp_high_bw_mem_alloc", "omp_low_lat_mem_alloc",   "omp_cgroup_mem_alloc",
    "omp_pteam_mem_alloc",   "omp_thread_mem_alloc"};
enum { N_PREDEFINED_ALLOCATORS = sizeof allocator_names / sizeof *allocator_names };

/* The name of a predefined allocator, "" for any other (OMP_DISPLAY_ENV prints it so, as GCC's). */
static const char *allocator_name(omp_allocator_handle_t allocator)
{
  return allocator >= omp_default_mem_alloc && allocator <= omp_thread_mem_alloc
             ? allocator_names[allocator - omp_default_mem_alloc]
             : "";
}

/* The memory spaces' names, indexed by omp_memspace_handle_t. */
static const char *const memspace_names[] = {"omp_default_mem_space", "omp_large_cap_mem_space",
                                             "omp_const_mem_space", "omp_high_bw_mem_space",
                                             "omp_low_lat_mem_space"};
/* The allocator traits' names, indexed by omp_alloctrait_key_t - 1. */
static const char *const trait_names[] = {"sync_hint", "alignment", "access", "pool_size",
                                          "fallback",  "fb_data",   "pinned", "partition"};
/* The names of the traits' values, indexed by omp_alloctrait_value_t (2 has none). */
static const char *const trait_value_names[] = {
    "false",       "true",        NULL,         "contended",      "uncontended",
    "serialized",  "private",     "all",        "thread",         "pteam",
    "cgroup",      "default_mem_fb", "null_fb", "abort_fb",       "allocator_fb",
    "environment", "nearest",     "blocked",    "interleaved"};
enum { MAX_ENV_TRAITS = 16 };

/* One trait `key=value` at *s: the value a number (alignment, pool_size), the name of an
   omp_alloctrait_value_t without its omp_atv_ prefix, or a predefined allocator (fb_data). */
static bool take_trait(const char **s, omp_alloctrait_t *trait)
{
  const char *word;
  size_t len = take_word(s, &word);
  int key = find_word(word, len, trait_names, sizeof trait_names / sizeof *trait_names);
  const char *p = skip_space(*s);
  if (key < 0 || *p != '=')
    return false;
  *s = p + 1;
  trait->key = (omp_alloctrait_key_t)(key + 1);
  long long n;
  if (take_int(s, 1, LLONG_MAX, &n)) {
    trait->value = (uintptr_t)n;
    return true;
  }
  len = take_word(s, &word);
  int v = find_word(word, len, trait_value_names,
                    sizeof trait_value_names / sizeof *trait_value_names);
  int a = find_word(word, len, allocator_names, N_PREDEFINED_ALLOCATORS);
  if (v < 0 && a < 0)
    return false;
  trait->value = v >= 0 ? (uintptr_t)v : (uintptr_t)(omp_default_mem_alloc + a);
  return true;
}

/* The name of a predefined allocator, or (OpenMP 5.1) a memory space with optional traits,
   `omp_default_mem_space:partition=blocked,alignment=64`, which make a new allocator. */
static const char *parse_allocator(const char *value, struct o2n_global_icv *g,
                                   struct o2n_icv *icv)
{
  (void)g;
  int a = whole_word(value, allocator_names, N_PREDEFINED_ALLOCATORS);
  if (a >= 0) {
    icv->def_allocator = (omp_allocator_handle_t)(omp_default_mem_alloc + a);
    return NULL;
  }
  const char *s = value, *word;
  size_t len = take_word(&s, &word);
  int space = find_word(word, len, memspace_names, sizeof memspace_names / sizeof *memspace_names);
  if (space < 0)
    return "expected a predefined allocator, or a memory space and its traits";
  omp_alloctrait_t traits[MAX_ENV_TRAITS];
  int n = 0;
  s = skip_space(s);
  if (*s == ':')
    do {
      s++;
      if (n == MAX_ENV_TRAITS || !take_trait(&s, &traits[n++]))
        return "expected traits as name=value, separated by commas";
      s = skip_space(s);
    } while (*s == ',');
  if (!at_end(s))
    return "expected traits as name=value, separated by commas";
  omp_allocator_handle_t h = omp_init_allocator((omp_memspace_handle_t)space, n, traits);
  if (h == omp_null_allocator)
    return "the memory space and traits make no allocator";
  icv->def_allocator = h;
  return NULL;
}

/* OMP_TOOL: omp2numa loads no OMPT tool, so the variable is checked and has no effect. */
static const char *parse_tool(const char *value, struct o2n_global_icv *g, struct o2n_icv *icv)
{
  (void)g, (void)icv;
  static const char *const modes[] = {"enabled", "disabled"};
  return whole_word(value, modes, 2) < 0 ? "expected enabled or disabled" : NULL;
}

/* OMP_TOOL_LIBRARIES and OMP_TOOL_VERBOSE_INIT: any value, ignored (no tool is loaded). */
static const char *parse_ignored(const char *value, struct o2n_global_icv *g,
                                 struct o2n_icv *icv)
{
  (void)value, (void)g, (void)icv;
  return NULL;
}

static const char *parse_max_task_priority(const char *value, struct o2n_global_icv *g,
                                           struct o2n_icv *icv)
{
  (void)icv;
  long long n;
  if (!take_int(&value, 0, INT_MAX, &n) || !at_end(value))
    return "expected a non-negative integer";
  g->max_task_priority = (int)n;
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

/* OMP_PROC_BIND comes after OMP_MAX_ACTIVE_LEVELS, OMP_NESTED and OMP_NUM_THREADS in the table:
   whether the default is the nested one is known when it is read. */
static void show_proc_bind(char *buf, size_t size, const struct o2n_global_icv *g,
                           const struct o2n_icv *icv)
{
  (void)icv;
  snprintf(buf, size, "%s",
           atomic_load_explicit(&g->max_active_levels, memory_order_relaxed) > 1
               ? "(spread,close)"
               : "(close)");
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

static void show_max_task_priority(char *buf, size_t size, const struct o2n_global_icv *g,
                                   const struct o2n_icv *icv)
{
  (void)icv;
  snprintf(buf, size, "%d", g->max_task_priority);
}

static void show_thread_limit(char *buf, size_t size, const struct o2n_global_icv *g,
                              const struct o2n_icv *icv)
{
  (void)icv;
  snprintf(buf, size, "%d", g->thread_limit);
}

static void show_false(char *buf, size_t size, const struct o2n_global_icv *g,
                       const struct o2n_icv *icv)
{
  (void)g, (void)icv;
  snprintf(buf, size, "false");
}

static void show_zero(char *buf, size_t size, const struct o2n_global_icv *g,
                      const struct o2n_icv *icv)
{
  (void)g, (void)icv;
  snprintf(buf, size, "0");
}

static void show_nested(char *buf, size_t size, const struct o2n_global_icv *g,
                        const struct o2n_icv *icv)
{
  (void)icv;
  snprintf(buf, size, "%s",
           atomic_load_explicit(&g->max_active_levels, memory_order_relaxed) > 1 ? "true"
                                                                                 : "false");
}

/* The stack size threads get when OMP_STACKSIZE does not say: the system's default (glibc's
   follows `ulimit -s`), as GCC leaves it. */
static size_t system_stacksize(void)
{
  size_t size = 0;
  pthread_attr_t attr;
  if (pthread_getattr_default_np(&attr) == 0) {
    pthread_attr_getstacksize(&attr, &size);
    pthread_attr_destroy(&attr);
  }
  return size;
}

static void show_stacksize(char *buf, size_t size, const struct o2n_global_icv *g,
                           const struct o2n_icv *icv)
{
  (void)g, (void)icv;
  snprintf(buf, size, "(the system's, %zuK)", system_stacksize() / 1024);
}

static void show_affinity_format(char *buf, size_t size, const struct o2n_global_icv *g,
                                 const struct o2n_icv *icv)
{
  (void)g, (void)icv;
  snprintf(buf, size, "'%s'", O2N_AFFINITY_FORMAT_DEFAULT);
}

static void show_target_offload(char *buf, size_t size, const struct o2n_global_icv *g,
                                const struct o2n_icv *icv)
{
  (void)g, (void)icv;
  snprintf(buf, size, "'default'");
}

static void show_allocator(char *buf, size_t size, const struct o2n_global_icv *g,
                           const struct o2n_icv *icv)
{
  (void)g;
  snprintf(buf, size, "'%s'", allocator_name(icv->def_allocator));
}

static void show_no_tool(char *buf, size_t size, const struct o2n_global_icv *g,
                         const struct o2n_icv *icv)
{
  (void)g, (void)icv;
  snprintf(buf, size, "(no tool)");
}

/* ------------------------------------------------------------------------------------------- */
/* The table                                                                                   */
/* ------------------------------------------------------------------------------------------- */

static const struct env_var {
  const char *name;
  const char *(*parse)(const char *value, struct o2n_global_icv *g, struct o2n_icv *icv);
  show_fn *show_default;
} env_vars[] = {
    /* Read in this order: OMP_NESTED after OMP_MAX_ACTIVE_LEVELS, which takes precedence. */
    {"OMP_AFFINITY_FORMAT", parse_affinity_format, show_affinity_format},
    {"OMP_ALLOCATOR", parse_allocator, show_allocator},
    {"OMP_CANCELLATION", parse_cancellation, show_false},
    {"OMP_DEFAULT_DEVICE", parse_default_device, show_zero},
    {"OMP_DISPLAY_AFFINITY", parse_display_affinity, show_false},
    {"OMP_DISPLAY_ENV", parse_display_env, show_display_env},
    {"OMP_DYNAMIC", parse_dynamic, show_dynamic},
    {"OMP_MAX_ACTIVE_LEVELS", parse_max_active_levels, show_max_active_levels},
    {"OMP_MAX_TASK_PRIORITY", parse_max_task_priority, show_max_task_priority},
    {"OMP_NESTED", parse_nested, show_nested},
    {"OMP_NUM_TEAMS", parse_num_teams, show_zero},
    {"OMP_NUM_THREADS", parse_num_threads, show_num_threads},
    {"OMP_PLACES", parse_places, show_places},
    {"OMP_PROC_BIND", parse_proc_bind, show_proc_bind},
    {"OMP_SCHEDULE", parse_schedule, show_schedule},
    {"OMP_STACKSIZE", parse_stacksize, show_stacksize},
    {"OMP_TARGET_OFFLOAD", parse_target_offload, show_target_offload},
    {"OMP_TEAMS_THREAD_LIMIT", parse_teams_thread_limit, show_zero},
    {"OMP_THREAD_LIMIT", parse_thread_limit, show_thread_limit},
    {"OMP_TOOL", parse_tool, show_no_tool},
    {"OMP_TOOL_LIBRARIES", parse_ignored, show_no_tool},
    {"OMP_TOOL_VERBOSE_INIT", parse_ignored, show_no_tool},
    {"OMP_WAIT_POLICY", parse_wait_policy, show_wait_policy},
};

/* The OMP_ variables as the program started (o2n_env_snapshot, called by icv.c's constructor):
   OpenMP ignores changes made after that, the program's own setenv() included, and libgomp reads
   them when it is loaded.  NULL without a snapshot: the environment as it is. */
static char **start_vars;

void o2n_env_snapshot(void)
{
  extern char **environ;
  size_t n = 0;
  for (char **e = environ; e && *e; e++)
    n += strncmp(*e, "OMP_", 4) == 0;
  char **vars = o2n_xcalloc(n + 1, sizeof *vars);
  size_t k = 0;
  for (char **e = environ; e && *e && k < n; e++)
    if (strncmp(*e, "OMP_", 4) == 0)
      vars[k++] = o2n_xstrdup(*e);
  start_vars = vars;
}

/* The value of OMP_ variable name at start-up, or NULL. */
static const char *start_value(const char *name)
{
  if (!start_vars || strncmp(name, "OMP_", 4) != 0)
    return getenv(name);
  const size_t len = strlen(name);
  for (char **v = start_vars; *v; v++)
    if (strncmp(*v, name, len) == 0 && (*v)[len] == '=')
      return *v + len + 1;
  return NULL;
}

void o2n_env_read(struct o2n_global_icv *global, struct o2n_icv *icv)
{
  for (size_t i = 0; i < sizeof env_vars / sizeof *env_vars; i++) {
    const struct env_var *var = &env_vars[i];
    const char *value = start_value(var->name);
    if (!value)
      continue;
    const char *why = var->parse(value, global, icv);
    if (why) {
      char kept[64];
      var->show_default(kept, sizeof kept, global, icv);
      o2n_warn("%s='%s': %s; keeping the default %s", var->name, value, why, kept);
    }
  }
  /* Nesting without OMP_PROC_BIND: the outermost team spreads over the places, and each inner
     team stays close to its primary thread, in the part of the places it spread to (its NUMA
     node when the outer team has one thread per node). */
  const int levels = atomic_load_explicit(&global->max_active_levels, memory_order_relaxed);
  if (!global->bind_set && levels > 1) {
    global->bind_list = o2n_xmalloc(2 * sizeof *global->bind_list);
    global->bind_list[0] = icv->bind = omp_proc_bind_spread;
    global->bind_list[1] = omp_proc_bind_close;
    global->bind_levels = 2;
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
  /* The calling task's values, then the lists' entries for the levels below the first. */
  fprintf(out, "  OMP_NUM_THREADS = '%u", icv->nthreads);
  for (unsigned l = 1; l < g->nthreads_levels; l++)
    fprintf(out, ",%d", g->nthreads_list[l]);
  fprintf(out, "'\n");
  fprintf(out, "  OMP_SCHEDULE = '%s", icv->run_monotonic ? "MONOTONIC:" : "");
  display_upper(out, o2n_sched_by_kind(icv->run_sched)->name);
  if (icv->run_chunk > 0)
    fprintf(out, ",%lld", (long long)icv->run_chunk);
  fprintf(out, "'\n");
  fprintf(out, "  OMP_PROC_BIND = '%s", bind_names[icv->bind]);
  for (unsigned l = 1; l < g->bind_levels; l++)
    fprintf(out, ",%s", bind_names[g->bind_list[l]]);
  fprintf(out, "'\n");
  char places[4096];
  o2n_places_format(places, sizeof places);
  fprintf(out, "  OMP_PLACES = '%s'\n", places);
  fprintf(out, "  OMP_STACKSIZE = '%zu'\n", g->stacksize ? g->stacksize : system_stacksize());
  fprintf(out, "  OMP_WAIT_POLICY = '%s'\n", g->wait_policy == 1 ? "ACTIVE" : "PASSIVE");
  fprintf(out, "  OMP_THREAD_LIMIT = '%d'\n", g->thread_limit);
  fprintf(out, "  OMP_MAX_ACTIVE_LEVELS = '%d'\n", levels);
  fprintf(out, "  OMP_NUM_TEAMS = '%d'\n",
          atomic_load_explicit(&g->nteams, memory_order_relaxed));
  fprintf(out, "  OMP_TEAMS_THREAD_LIMIT = '%d'\n",
          atomic_load_explicit(&g->teams_thread_limit, memory_order_relaxed));
  fprintf(out, "  OMP_CANCELLATION = '%s'\n", g->cancel ? "TRUE" : "FALSE");
  fprintf(out, "  OMP_DEFAULT_DEVICE = '%d'\n", icv->default_device);
  fprintf(out, "  OMP_MAX_TASK_PRIORITY = '%d'\n", g->max_task_priority);
  fprintf(out, "  OMP_DISPLAY_AFFINITY = '%s'\n", g->display_affinity ? "TRUE" : "FALSE");
  size_t format_len = o2n_affinity_format_get(NULL, 0);
  char *format = o2n_xmalloc(format_len + 1);
  o2n_affinity_format_get(format, format_len + 1);
  fprintf(out, "  OMP_AFFINITY_FORMAT = '%s'\n", format);
  free(format);
  fprintf(out, "  OMP_ALLOCATOR = '%s'\n", allocator_name(icv->def_allocator));
  fprintf(out, "  OMP_TARGET_OFFLOAD = '");
  display_upper(out, offload_policies[g->target_offload]);
  fprintf(out, "'\n");
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
