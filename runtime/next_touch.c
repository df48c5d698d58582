/*
 * next_touch.c -- a user-level next-touch policy (omp2numa_next_touch), as MaMI built it: the
 * pages of a marked range are protected, and the first thread that touches one of them moves it
 * to its own NUMA node, then unprotects it.  Linux has no next-touch policy of its own (hwloc's
 * HWLOC_MEMBIND_NEXTTOUCH is ENOSYS there).
 *
 * A marked range is cut into units of O2N_NEXT_TOUCH_PAGES pages (OMP2NUMA_NEXT_TOUCH_PAGES at
 * run time), aligned on the range's start; the unit, not the page, is what one fault moves, so a
 * thread streaming through a range takes one fault per unit.  Marking sets the range's policy to
 * MPOL_LOCAL (a page that was never touched goes where its first toucher runs, whatever binding
 * the range had), marks it MADV_NOHUGEPAGE (so no new huge page spans two units) and protects it
 * (PROT_NONE).  A huge page already in the range moves whole, with the toucher of any of its
 * units: its placement is exact at 2 MiB only.
 *
 * The fault handler.  A SIGSEGV whose address lies in a marked range, with si_code SEGV_ACCERR,
 * is ours: the handler claims the unit (a compare-and-swap on its state byte), unprotects it
 * (PROT_READ | PROT_WRITE), moves those of its pages that are on other nodes to the node of the
 * processor it runs on (getcpu, move_pages to query, then with MPOL_MF_MOVE) and returns, and
 * the touching instruction runs again.  A thread that
 * touches a unit another thread is moving returns at once and faults again until the unit is
 * unprotected.  Every other SIGSEGV goes to the handler that was installed before ours (the
 * default action if none was).  The handler calls only system calls (getcpu, move_pages,
 * mprotect, sigaction, raise) and atomics: it is async-signal-safe.
 *
 * The ranges.  A fixed table of O2N_NEXT_TOUCH_RANGES slots, which the handler reads without a
 * lock.  A slot whose units have all been touched stays in the table (a fault raised just before
 * another thread unprotected its unit still finds it) until a new mark needs the slot or overlaps
 * it; a thread that faults twice in a row at one address of a touched unit passes the second
 * fault on, as not ours.  Reusing a slot: its start is cleared, then the marker waits until no handler is reading it
 * (`readers`, sequentially consistent against the handler's increment-then-read), and only then
 * frees its state array and writes the new range, publishing it by storing its start (release).
 * Marks are serialised by a mutex.  A mark that overlaps a range whose units are not all touched
 * first cancels that range (unprotects it whole).
 *
 * If unprotecting one unit fails (Linux's vm.max_map_count: every protected stretch is a kernel
 * memory area), the handler unprotects the whole range, which leaves the rest where it is.
 */
#include "internal.h"

#include <errno.h>
#include <numaif.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

enum { UNIT_MARKED, UNIT_MOVING, UNIT_DONE };

/* Pages per move_pages call in the handler: 1 KiB of its frame. */
enum { BATCH = 64 };

struct range {
  _Atomic(char *) start;    /* NULL: a free slot */
  size_t len;               /* bytes: whole units but the last */
  _Atomic unsigned char *state; /* one byte per unit: UNIT_* */
  size_t nunits;
  _Atomic size_t left;      /* units not yet UNIT_DONE; 0: the range is a finished one */
  _Atomic unsigned readers; /* handlers reading this slot */
  uint64_t serial;          /* order of the marks, to reuse the oldest finished slot */
};

static struct range ranges[O2N_NEXT_TOUCH_RANGES];
static pthread_mutex_t mark_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t marks;             /* under mark_lock */
static bool installed;             /* under mark_lock */
static struct sigaction previous;  /* SIGSEGV's action before ours; read-only once installed */
static size_t page, unit_bytes;    /* set once, before the handler is installed */

/* ------------------------------------------------------------------------------------------- */
/* The fault handler (async-signal-safe)                                                        */
/* ------------------------------------------------------------------------------------------- */

/* Unprotects the whole of r and marks every unit done: a cancelled mark, or a unit that could not
   be unprotected alone. */
static void finish_all(struct range *r, char *start)
{
  mprotect(start, r->len, PROT_READ | PROT_WRITE);
  for (size_t u = 0; u < r->nunits; u++) {
    unsigned char s = UNIT_MARKED;
    if (atomic_compare_exchange_strong(&r->state[u], &s, UNIT_DONE))
      atomic_fetch_sub(&r->left, 1);
  }
}

/* Moves the pages of [base, base + len) that are on other nodes to the caller's node. */
static void move_here(char *base, size_t len)
{
  unsigned cpu, node;
  if (syscall(SYS_getcpu, &cpu, &node, NULL) == 0) {
    /* In batches, so that the handler's frame stays small on an alternate signal stack.  Each
       batch is queried first, and only the pages on other nodes are moved: a move costs far more
       than a query whatever its size (Linux drains every processor's page lists and waits for
       an RCU grace period at each move_pages call that moves), and pages never touched need no
       move (they are placed by their first touch, under MPOL_LOCAL, on the toucher's node). */
    void *pages[BATCH];
    int nodes[BATCH], status[BATCH];
    for (size_t done = 0, n; done < len / page; done += n) {
      n = len / page - done < BATCH ? len / page - done : BATCH;
      for (size_t i = 0; i < n; i++)
        pages[i] = base + (done + i) * page;
      if (syscall(SYS_move_pages, 0, n, pages, NULL, status, 0) != 0)
        continue;
      size_t away = 0;
      for (size_t i = 0; i < n; i++)
        if (status[i] >= 0 && status[i] != (int)node) {
          pages[away] = pages[i];
          nodes[away++] = (int)node;
        }
      /* Failures are per page and harmless: the page stays where it is. */
      if (away)
        syscall(SYS_move_pages, 0, away, pages, nodes, status, MPOL_MF_MOVE);
    }
  }
}

/* Unprotects unit u of r (claimed by the caller) and moves it to the caller's node.  In that
   order: Linux 6.1's move_pages neither finds nor moves the pages of a PROT_NONE mapping
   (ENOENT), later ones do.  Other threads may use the unit meanwhile: a page being moved is
   invisible to them until it is in place. */
static void move_unit(struct range *r, char *start, size_t u)
{
  char *base = start + u * unit_bytes;
  const size_t len = r->len - u * unit_bytes < unit_bytes ? r->len - u * unit_bytes : unit_bytes;
  if (mprotect(base, len, PROT_READ | PROT_WRITE) == 0)
    move_here(base, len);
  else
    finish_all(r, start); /* too many memory areas: the rest stays where it is */
  atomic_store_explicit(&r->state[u], UNIT_DONE, memory_order_release);
  atomic_fetch_sub(&r->left, 1);
}

/* The address of the calling thread's last fault in a unit already touched.  Such a fault is
   normally one raised just before another thread unprotected the unit, and the access succeeds
   when made again; a second fault there is not ours (the program protected the memory itself,
   or unmapped it and mapped something else there). */
static _Thread_local char *touched_fault __attribute__((tls_model(O2N_TLS_MODEL)));

/* Handles a fault at addr if it lies in r; false if it does not, or is not ours. */
static bool touch(struct range *r, char *addr)
{
  atomic_fetch_add(&r->readers, 1); /* seq_cst: before reading start; see the head comment */
  char *start = atomic_load(&r->start);
  bool ours = start && addr >= start && addr < start + r->len;
  if (ours) {
    const size_t u = (size_t)(addr - start) / unit_bytes;
    unsigned char s = UNIT_MARKED;
    if (atomic_compare_exchange_strong(&r->state[u], &s, UNIT_MOVING))
      move_unit(r, start, u);
    else if (s == UNIT_DONE)
      ours = touched_fault != addr;
    /* UNIT_MOVING: another thread moves it; touching again faults until it is done. */
    touched_fault = s == UNIT_DONE && ours ? addr : NULL;
  }
  atomic_fetch_sub(&r->readers, 1);
  return ours;
}

/* A SIGSEGV that is not ours: the previous handler's, or the default action's. */
static void chain(int sig, siginfo_t *info, void *context)
{
  if (previous.sa_flags & SA_SIGINFO) {
    previous.sa_sigaction(sig, info, context);
  } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
    previous.sa_handler(sig);
  } else {
    /* The default action (a fault cannot be ignored): ends the process when SIGSEGV is
       unblocked, at the handler's return. */
    struct sigaction dfl = {.sa_handler = SIG_DFL};
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    raise(sig);
  }
}

static void on_fault(int sig, siginfo_t *info, void *context)
{
  const int saved_errno = errno;
  bool ours = false;
  if (info->si_code == SEGV_ACCERR)
    for (unsigned i = 0; i < O2N_NEXT_TOUCH_RANGES && !ours; i++)
      ours = touch(&ranges[i], info->si_addr);
  errno = saved_errno;
  if (!ours)
    chain(sig, info, context);
}

/* ------------------------------------------------------------------------------------------- */
/* Marking (under mark_lock)                                                                   */
/* ------------------------------------------------------------------------------------------- */

/* The unit size: OMP2NUMA_NEXT_TOUCH_PAGES pages, or O2N_NEXT_TOUCH_PAGES. */
static size_t unit_pages(void)
{
  const char *value = getenv("OMP2NUMA_NEXT_TOUCH_PAGES");
  if (!value || !*value)
    return O2N_NEXT_TOUCH_PAGES;
  char *end;
  errno = 0;
  const unsigned long n = strtoul(value, &end, 10);
  if (errno == 0 && *end == '\0' && n >= 1 && n <= O2N_NEXT_TOUCH_MAX_PAGES && value[0] != '-')
    return n;
  o2n_warn("OMP2NUMA_NEXT_TOUCH_PAGES='%s': expected a number of pages from 1 to %d; keeping "
           "the default (%d)",
           value, O2N_NEXT_TOUCH_MAX_PAGES, O2N_NEXT_TOUCH_PAGES);
  return O2N_NEXT_TOUCH_PAGES;
}

/* Installs the handler once; -1 with errno if sigaction fails. */
static int install(void)
{
  if (installed)
    return 0;
  page = (size_t)sysconf(_SC_PAGESIZE);
  unit_bytes = unit_pages() * page;
  struct sigaction ours = {.sa_sigaction = on_fault, .sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK};
  sigemptyset(&ours.sa_mask);
  if (sigaction(SIGSEGV, &ours, &previous) != 0)
    return -1;
  installed = true;
  return 0;
}

/* Empties slot r: no handler reads it once this returns.  Its pages must be unprotected. */
static void release(struct range *r)
{
  if (!atomic_load(&r->start))
    return;
  atomic_store(&r->start, NULL); /* seq_cst: see the head comment */
  while (atomic_load(&r->readers) != 0)
    sched_yield();
  munmap((void *)r->state, r->nunits);
  r->state = NULL;
}

/* Cancels and empties the slots whose ranges overlap [start, start + len); returns an empty slot
   for a new range (a free one, else the oldest finished one emptied), or NULL if every slot holds
   a range still being touched. */
static struct range *make_room(char *start, size_t len)
{
  struct range *free_slot = NULL, *oldest = NULL;
  for (unsigned i = 0; i < O2N_NEXT_TOUCH_RANGES; i++) {
    struct range *r = &ranges[i];
    char *s = atomic_load(&r->start);
    if (s && s < start + len && start < s + r->len) {
      finish_all(r, s);
      release(r);
      s = NULL;
    }
    if (!s && !free_slot)
      free_slot = r;
    else if (s && atomic_load(&r->left) == 0 && (!oldest || r->serial < oldest->serial))
      oldest = r;
  }
  if (free_slot)
    return free_slot;
  if (oldest)
    release(oldest);
  return oldest;
}

/* Fills the empty slot r with [start, start + len), publishes it and protects the range. */
static int mark(struct range *r, char *start, size_t len)
{
  /* Checked first (ENOMEM), or the state array might be mapped in the hole. */
  if (msync(start, len, MS_ASYNC) != 0)
    return -1;
  const size_t nunits = (len + unit_bytes - 1) / unit_bytes;
  void *state = mmap(NULL, nunits, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (state == MAP_FAILED)
    return -1;
  /* Neither failure matters: without NUMA support there is no node to move to, without
     transparent huge pages none to avoid. */
  mbind(start, len, MPOL_LOCAL, NULL, 0, 0);
  madvise(start, len, MADV_NOHUGEPAGE);
  r->len = len;
  r->state = state; /* zero-filled: UNIT_MARKED */
  r->nunits = nunits;
  atomic_store(&r->left, nunits);
  r->serial = ++marks;
  atomic_store_explicit(&r->start, start, memory_order_release);
  if (mprotect(start, len, PROT_NONE) == 0)
    return 0;
  const int saved = errno; /* ENOMEM: not mapped, or too many memory areas */
  mprotect(start, len, PROT_READ | PROT_WRITE); /* a failed mprotect may have done a part */
  release(r);
  errno = saved;
  return -1;
}

int o2n_next_touch_span(char *start, size_t len)
{
  pthread_mutex_lock(&mark_lock);
  int err = install();
  if (err == 0) {
    struct range *r = make_room(start, len);
    err = r ? mark(r, start, len) : (errno = ENOMEM, -1);
  }
  pthread_mutex_unlock(&mark_lock);
  return err;
}

/* ------------------------------------------------------------------------------------------- */
/* API                                                                                         */
/* ------------------------------------------------------------------------------------------- */

O2N_API int omp2numa_next_touch(void *ptr, size_t size)
{
  char *start;
  size_t len;
  if (o2n_page_span(ptr, size, &start, &len) != 0)
    return -1;
  return o2n_next_touch_span(start, len);
}
