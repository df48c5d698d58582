/*
 * gomp_parallel.c -- libgomp's parallel regions (GOMP_parallel) and host teams (GOMP_teams_reg,
 * GOMP_teams4), on team.c's teams: a gcc-compiled region gets its threads from the one pool,
 * with the ICVs and binding of the encountering thread, as a translated region does.
 */
#include "gomp.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* What every thread of a GOMP region runs: the construct's entry (a combined loop or sections),
   then the outlined body.  `split`: a GOMP 1.0 region, whose block GOMP_parallel_end frees. */
struct region {
  o2n_gomp_fn fn;
  void *data;
  void (*enter)(void *);
  void *enter_arg;
  bool split;
};

static void region_body(void *arg)
{
  const struct region *r = arg;
  if (r->enter)
    r->enter(r->enter_arg);
  r->fn(r->data);
}

/* The team of a region: gcc passes num_threads 1 for if(false), 0 without a num_threads clause;
   the low three bits of flags are the proc_bind clause's omp_proc_bind_t (0 without one). */
static struct o2n_team *region_team(unsigned num_threads, unsigned flags)
{
  struct o2n_thread *parent = o2n_self();
  const int want = num_threads > INT_MAX ? INT_MAX : (int)num_threads;
  const int policy = (flags & 7) <= omp_proc_bind_spread ? (int)(flags & 7) : 0;
  return o2n_team_new(parent, o2n_team_request(parent, want, 1), policy);
}

void o2n_gomp_parallel(o2n_gomp_fn fn, void *data, unsigned num_threads, unsigned flags,
                       void (*enter)(void *), void *enter_arg)
{
  struct o2n_team *team = region_team(num_threads, flags);
  struct region r = {fn, data, enter, enter_arg, false};
  o2n_team_run(team, region_body, &r);
}

void o2n_gomp_parallel_start(o2n_gomp_fn fn, void *data, unsigned num_threads,
                             void (*enter)(void *), const void *enter_arg, size_t size)
{
  struct o2n_team *team = region_team(num_threads, 0);
  /* The workers read it until the join: a block of its own, with a copy of enter_arg. */
  struct region *r = o2n_xmalloc(sizeof *r + size);
  *r = (struct region){fn, data, enter, size ? r + 1 : NULL, true};
  if (size)
    memcpy(r + 1, enter_arg, size);
  o2n_team_start(team, region_body, r);
  if (enter)
    enter(r->enter_arg);
}

O2N_ABI void GOMP_parallel(o2n_gomp_fn fn, void *data, unsigned num_threads, unsigned flags)
{
  o2n_gomp_parallel(fn, data, num_threads, flags, NULL, NULL);
}

O2N_ABI void GOMP_parallel_start(o2n_gomp_fn fn, void *data, unsigned num_threads)
{
  o2n_gomp_parallel_start(fn, data, num_threads, NULL, NULL, 0);
}

O2N_ABI void GOMP_parallel_end(void)
{
  struct o2n_thread *self = o2n_self();
  struct o2n_team *team = self->team;
  struct region *r = team->data;
  if (self->tid != 0 || team->fn != region_body || !r->split)
    o2n_fatal("GOMP_parallel_end: the calling thread did not start its region with "
              "GOMP_parallel_start");
  o2n_team_join(team);
  free(r);
}

/* ------------------------------------------------------------------------------------------- */
/* Host teams: libgomp without an offload device runs the teams of a league one after the other */
/* on the encountering thread, and so does libomp2numa.                                         */
/* ------------------------------------------------------------------------------------------- */

O2N_ABI void GOMP_teams_reg(o2n_gomp_fn fn, void *data, unsigned num_teams,
                            unsigned thread_limit, unsigned flags)
{
  (void)flags;
  __omp2numa_teams(NULL, fn, data, 0, num_teams > INT_MAX ? INT_MAX : (int)num_teams,
                   thread_limit > INT_MAX ? INT_MAX : (int)thread_limit);
}

O2N_ABI bool GOMP_teams4(unsigned num_teams_low, unsigned num_teams_high, unsigned thread_limit,
                         bool first)
{
  (void)num_teams_high;
  struct o2n_thread *self = o2n_self();
  if (first) {
    /* libgomp: the lower bound of num_teams, at least one team. */
    o2n_teams_begin(self, num_teams_low ? num_teams_low : 1, thread_limit);
    return true;
  }
  if (self->league.team_num + 1 >= self->league.size) {
    o2n_teams_end(self);
    return false;
  }
  self->league.team_num++;
  return true;
}
