// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// Tasks that run at once on the encountering thread (undeferred: if(0); included: below a final
// task; and every task of a team of one), which omp2numa runs without counting them in their
// parent or taskgroup:
//  - an undeferred task whose body creates deferred children and returns without waiting: its
//    children outlive it; a taskgroup around it and the barrier wait for them, its parent's
//    taskwait does not have to;
//  - taskwait inside an undeferred task waits for its own children;
//  - ICV changes in an undeferred or included task end with it, also nested; a task that
//    changes nothing sees its encountering task's changes;
//  - omp_in_final in final and included tasks, and not in an undeferred task that is not final;
//  - many at-once tasks in a row (their blocks are reused) with a firstprivate payload each.

#define TEST_NAME "at_once.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

static atomic_int done_children;

static void spin(int n)
{
  volatile double a = 0;
  for (int i = 0; i < n; i++)
    a += i * 0.5;
}

static void children_left_running(void)
{
  atomic_store(&done_children, 0);
#pragma omp taskgroup
  {
#pragma omp task if (0)
    {
      for (int i = 0; i < 8; i++) {
#pragma omp task
        {
          spin(20000);
          atomic_fetch_add(&done_children, 1);
        }
      }
    }
  }
  CHECK(atomic_load(&done_children) == 8, "taskgroup: %d of 8 grandchildren done",
        atomic_load(&done_children));

  atomic_store(&done_children, 0);
#pragma omp task if (0)
  {
    for (int i = 0; i < 8; i++) {
#pragma omp task
      {
        spin(20000);
        atomic_fetch_add(&done_children, 1);
      }
    }
  }
#pragma omp taskwait
}

static void taskwait_inside(void)
{
  int x = 0, y = 0;
#pragma omp task if (0) shared(x, y)
  {
#pragma omp task shared(x)
    {
      spin(20000);
      x = 1;
    }
#pragma omp task shared(y)
    y = 2;
#pragma omp taskwait
    CHECK(x == 1 && y == 2, "taskwait in an undeferred task: x %d y %d", x, y);
  }
}

static void icvs(void)
{
  const int before = omp_get_max_threads();
#pragma omp task if (0)
  {
    omp_set_num_threads(before + 3);
    CHECK(omp_get_max_threads() == before + 3, "in the task: %d", omp_get_max_threads());
#pragma omp task if (0)
    {
      CHECK(omp_get_max_threads() == before + 3, "nested, inherited: %d", omp_get_max_threads());
      omp_set_num_threads(before + 5);
      omp_set_dynamic(1);
    }
    CHECK(omp_get_max_threads() == before + 3, "after the nested task: %d",
          omp_get_max_threads());
    CHECK(!omp_get_dynamic(), "dyn-var of the nested task leaked");
  }
  CHECK(omp_get_max_threads() == before, "after the task: %d, want %d", omp_get_max_threads(),
        before);
#pragma omp task final(1)
  {
#pragma omp task
    omp_set_num_threads(before + 7);
    CHECK(omp_get_max_threads() == before, "after an included task: %d", omp_get_max_threads());
  }
#pragma omp taskwait
}

static void finals(void)
{
  int in_final = -1, included = -1, undeferred = -1;
#pragma omp task final(1) shared(in_final, included)
  {
    in_final = omp_in_final();
#pragma omp task shared(included)
    included = omp_in_final();
  }
#pragma omp task if (0) shared(undeferred)
  undeferred = omp_in_final();
#pragma omp taskwait
  CHECK(in_final == 1 && included == 1, "omp_in_final: final %d, included %d", in_final,
        included);
  CHECK(undeferred == 0, "omp_in_final in an undeferred task: %d", undeferred);
}

struct payload {
  char bytes[200];
};

static void many(void)
{
  long sum = 0;
  for (int i = 0; i < 10000; i++) {
    struct payload p;
    memset(p.bytes, i & 0x7f, sizeof p.bytes);
#pragma omp task if (0) firstprivate(p) shared(sum)
    {
      long s = 0;
      for (unsigned k = 0; k < sizeof p.bytes; k++)
        s += p.bytes[k];
      sum += s;
    }
  }
  long want = 0;
  for (int i = 0; i < 10000; i++)
    want += 200L * (i & 0x7f);
  CHECK(sum == want, "payloads: %ld, want %ld", sum, want);
}

int main(void)
{
#pragma omp parallel
  {
#pragma omp single
    {
      children_left_running();
      taskwait_inside();
      icvs();
      finals();
      many();
    }
  }
  CHECK(atomic_load(&done_children) == 8, "after the region: %d of 8 grandchildren done",
        atomic_load(&done_children));
  // Outside any region: a team of one runs every task at once.
  children_left_running();
  CHECK(atomic_load(&done_children) == 8, "team of one: %d of 8", atomic_load(&done_children));
  icvs();
  finals();
  return failures != 0;
}
