// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// A three-stage producer/consumer pipeline expressed only with `depend`, one task per stage and
// item, all created up front by one thread:
//  - produce(i): depend(out: buf[i % B]) and depend(inout: prod_state): a sequential generator
//    (each value depends on the previous one), writing into a ring of B = 4 slots, so that slot
//    reuse is ordered by the dependences (item i + B waits until item i was consumed);
//  - transform(i): depend(inout: buf[i % B]): items may be transformed concurrently;
//  - consume(i): depend(in: buf[i % B]) and depend(inout: cons_state): appends to the output
//    in item order.
// The output must equal the serial pipeline's, item for item, and each consumption must follow
// its production (logged sequence numbers).  Run with 500 items, from `single` and from
// `master`.

#define TEST_NAME "pipeline.c"
#include "Inputs/seqlog.h"

#include <omp.h>
#include <stdio.h>

#define ITEMS 500
#define B 4

static long buf[B], out[ITEMS], expect[ITEMS];
static long prod_state, cons_state;
static int nout;
static long produced_at[ITEMS], consumed_at[ITEMS];

static long gen(long prev)
{
  return (prev * 1103515245 + 12345) % 2147483648L;
}

static long transform(long v, int i)
{
  return v / 3 + i;
}

static void pipeline(void)
{
  prod_state = 1;
  cons_state = 0;
  nout = 0;
  for (int i = 0; i < ITEMS; i++) {
#pragma omp task depend(out: buf[i % B]) depend(inout: prod_state)
    {
      prod_state = gen(prod_state);
      buf[i % B] = prod_state;
      produced_at[i] = take();
    }
#pragma omp task depend(inout: buf[i % B])
    {
      spin((i % 7) * 2000);
      buf[i % B] = transform(buf[i % B], i);
    }
#pragma omp task depend(in: buf[i % B]) depend(inout: cons_state)
    {
      consumed_at[i] = take();
      out[nout++] = buf[i % B];
      cons_state += buf[i % B] % 1000;
    }
  }
#pragma omp taskwait
}

static void verify(const char *where)
{
  int bad = 0, order = 0;
  for (int i = 0; i < ITEMS; i++) {
    bad += out[i] != expect[i];
    order += consumed_at[i] < produced_at[i];
  }
  long cs = 0;
  for (int i = 0; i < ITEMS; i++)
    cs += expect[i] % 1000;
  CHECK(nout == ITEMS && !bad, "%s: %d outputs, %d wrong", where, nout, bad);
  CHECK(!order, "%s: %d items consumed before produced", where, order);
  CHECK(cons_state == cs, "%s: consumer state %ld, want %ld", where, cons_state, cs);
}

int main(void)
{
  long p = 1;
  for (int i = 0; i < ITEMS; i++) {
    p = gen(p);
    expect[i] = transform(p, i);
  }
#pragma omp parallel
#pragma omp single
  pipeline();
  verify("single");
#pragma omp parallel
  {
#pragma omp master
    pipeline();
  }
  verify("master");
  return failures != 0;
}
