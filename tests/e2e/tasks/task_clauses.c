// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// The clauses that change how a task is run, and omp_in_final():
//  - if(0): the task is undeferred, so it has finished when the construct returns (a flag it
//    sets is already set); if(1) and an if with a run-time expression; an if(0) task with
//    depend(in: x) still waits for the earlier depend(out: x) writer;
//  - final(1): omp_in_final() is true in the task and in every descendant; descendants are
//    included tasks: they run immediately, on the encountering thread, so they have finished
//    when their construct returns; final(0) and a task with no final clause see false;
//    omp_in_final() is false in implicit tasks and outside any region;
//  - mergeable: the result is the same whether the runtime merges the task or not (the test
//    never depends on merging: the mergeable task writes only shared data);
//  - untied: tasks that taskwait and create children in the middle still compute the right
//    results (they may resume on another thread, so they keep no thread number);
//  - priority(p), with p from 0 to omp_get_max_task_priority() and beyond: every task runs
//    once (priorities are hints; no order is checked).

#define TEST_NAME "task_clauses.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>

static void spin(int n)
{
  volatile double a = 0;
  for (int i = 0; i < n; i++)
    a += i;
}

static int final_errors;

static void final_tree(int depth, int *count)
{
  if (!omp_in_final()) {
#pragma omp atomic
    final_errors++;
  }
#pragma omp atomic
  (*count)++;
  if (depth == 0)
    return;
  for (int c = 0; c < 3; c++) {
    int done = 0;
    int me = omp_get_thread_num();
#pragma omp task shared(done) firstprivate(me)
    {
      if (omp_get_thread_num() != me) {
#pragma omp atomic
        final_errors += 1000; /* an included task ran on another thread */
      }
      final_tree(depth - 1, count);
      done = 1;
    }
    /* included: finished already, and so are its own (included) descendants */
    if (!done) {
#pragma omp atomic
      final_errors += 1000000;
    }
  }
}

static long untied_sum(int n)
{
  if (n < 2)
    return n;
  long a, b;
#pragma omp task untied shared(a)
  a = untied_sum(n - 1);
#pragma omp task untied shared(b)
  b = untied_sum(n - 2);
#pragma omp taskwait
  return a + b;
}

int main(int argc, char **argv)
{
  (void)argv;
  CHECK(!omp_in_final(), "omp_in_final() outside any region");
#pragma omp parallel
  {
    CHECK(!omp_in_final(), "omp_in_final() in an implicit task");
#pragma omp single
    {
      for (int k = 0; k < 20; k++) {
        int flag = 0;
#pragma omp task if (0) shared(flag)
        {
          spin(10000);
          flag = 1;
        }
        CHECK(flag == 1, "if(0) task %d not finished when the construct returned", k);
        int rt = 0;
#pragma omp task if (argc > 100) shared(rt)
        rt = 1;
        CHECK(rt == 1, "if(false expression) task not finished");
      }
      int late = 0;
#pragma omp task if (1) shared(late)
      late = 1;
#pragma omp taskwait
      CHECK(late == 1, "if(1) task");

      int x = 0, got = -1;
#pragma omp task depend(out: x) shared(x)
      {
        spin(200000);
        x = 9;
      }
#pragma omp task if (0) depend(in: x) shared(x, got)
      got = x;
      CHECK(got == 9, "if(0) task with depend(in) read %d before the writer finished", got);

      int count = 0;
#pragma omp task final(1) shared(count)
      final_tree(3, &count);
#pragma omp taskwait
      CHECK(count == 1 + 3 + 9 + 27, "final tree ran %d tasks", count);
      CHECK(final_errors == 0, "final: %d errors (1: not in final, 1000: other thread, "
            "1000000: included task not finished)", final_errors);

      int f0 = -1, fn = -1;
#pragma omp task final(0) shared(f0)
      f0 = omp_in_final();
#pragma omp task shared(fn)
      fn = omp_in_final();
#pragma omp taskwait
      CHECK(f0 == 0 && fn == 0, "omp_in_final(): final(0) %d, no clause %d", f0, fn);

      int m[50] = {0};
#pragma omp taskgroup
      for (int k = 0; k < 50; k++) {
#pragma omp task mergeable shared(m)
        {
#pragma omp atomic
          m[k] += k + 1;
        }
#pragma omp task mergeable final(k % 2) shared(m)
        {
#pragma omp task mergeable shared(m)
          {
#pragma omp atomic
            m[k] += 1000;
          }
        }
      }
      int mbad = 0;
      for (int k = 0; k < 50; k++)
        mbad += m[k] != k + 1001;
      CHECK(!mbad, "mergeable: %d results wrong", mbad);
      long u = 0;
#pragma omp task untied shared(u)
      u = untied_sum(18);
#pragma omp taskwait
      CHECK(u == 2584, "untied fib(18) = %ld", u);

      int maxp = omp_get_max_task_priority();
      CHECK(maxp >= 0, "omp_get_max_task_priority() = %d", maxp);
      int prio_hits[64] = {0};
      for (int k = 0; k < 64; k++) {
#pragma omp task priority(k % 8) shared(prio_hits)
        prio_hits[k]++;
      }
#pragma omp taskwait
      int bad = 0;
      for (int k = 0; k < 64; k++)
        bad += prio_hits[k] != 1;
      CHECK(!bad, "priority: %d tasks did not run once", bad);
    }
  }
  return failures != 0;
}
