/* An execution log for the task ordering tests (depend_order.c, depend_diamond.c, depobj.c),
   with CHECK (check.h): take() hands out sequence numbers, one per call, so that a task that records
   take() when it starts and when it ends shows the actual execution order ("A before B" is
   end(A) < start(B)); spin(n) is a slow body, so that a runtime that ignored a dependence would
   let a later task overtake it. */
#ifndef SEQLOG_H
#define SEQLOG_H

#include "check.h"

static long ticket;

static long take(void)
{
  long t;
#pragma omp atomic capture
  t = ticket++;
  return t;
}

static void spin(int n)
{
  volatile double a = 0;
  for (int i = 0; i < n; i++)
    a += i;
}

#endif
