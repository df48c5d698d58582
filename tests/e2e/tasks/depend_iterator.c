// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// The iterator modifier of depend (OpenMP 5.0): `depend(iterator(k = b : e [: s]), type: list)`
// stands for one list item per value of k.  Slow producers (`out` on one element each) come
// first; a task or taskwait with an iterator over some of the elements must start after each
// of those producers has ended (sequence numbers, seqlog.h):
//  - gathers over 5 and 40 elements (an array of items on the stack, and one on the heap);
//  - a scatter (out over all elements) that later readers of single elements wait for;
//  - steps: 2, -2, an unsigned iterator with a negative step, a step known at run time,
//    pointer iterators (steps 13 and -3); two iterators (a 2-D block, a pointer and an index);
//    an iterator clause beside a plain one; each consumer also checks the values it reads;
//  - an empty range gives no item (the task still runs); the iterator's name hides a variable
//    only in the list items: the body sees the variable;
//  - taskwait depend(iterator(...), in: ...) returns after the producers.
//
// clang 16 gets iterators wrong: the empty range `k = 5 : 0` crashes the program, and the
// 2-D block `i = 1 : R, j = 0 : C : 2` does not wait for row 3.
// PEERS: gcc

#define TEST_NAME "depend_iterator.c"
#include "Inputs/seqlog.h"

#include <omp.h>

#define N 40
#define R 4
#define C 5

static int a[N];
static long produced[N];

/* One slow producer per element: a[i] = i + 1 + round. */
static void produce(int round)
{
  for (int i = 0; i < N; i++) {
#pragma omp task depend(out: a[i]) firstprivate(i, round)
    {
      spin((N - i) * 1500);
      a[i] = i + 1 + round;
      produced[i] = take();
    }
  }
}

/* Whether a consumer that started at start ran after the producers of lo, lo + step, ... (n
   of them), and read their values. */
static void check_after(const char *what, long start, int lo, int step, int n, long sum,
                        int round)
{
  long want = 0;
  for (int j = 0, i = lo; j < n; j++, i += step) {
    CHECK(start > produced[i], "%s started (%ld) before the producer of a[%d] ended (%ld)", what,
          start, i, produced[i]);
    want += i + 1 + round;
  }
  CHECK(sum == want, "%s read a sum of %ld, want %ld", what, sum, want);
}

int main(void)
{
  int k = 42, m[R][C];
  long mdone[R][C];
#pragma omp parallel
#pragma omp single
  {
    /* gathers: 5 items (on the stack), 40 (on the heap) */
    long start5 = 0, start40 = 0, sum5 = 0, sum40 = 0;
    int five = 5;
    produce(0);
#pragma omp task depend(iterator(k = 0 : five), in: a[k]) shared(start5, sum5)
    {
      start5 = take();
      for (int i = 0; i < five; i++)
        sum5 += a[i];
    }
#pragma omp task depend(iterator(int k = 0 : N), in: a[k]) shared(start40, sum40)
    {
      start40 = take();
      for (int i = 0; i < N; i++)
        sum40 += a[i];
    }
#pragma omp taskwait
    check_after("gather of 5", start5, 0, 1, 5, sum5, 0);
    check_after("gather of 40", start40, 0, 1, N, sum40, 0);

    /* a scatter, then readers of one element each */
    long scattered = 0, rstart[N];
    int rseen[N];
#pragma omp task depend(iterator(i = 0 : N), out: a[i]) shared(scattered)
    {
      spin(200000);
      for (int i = 0; i < N; i++)
        a[i] = -i;
      scattered = take();
    }
    for (int i = 0; i < N; i += 7) {
#pragma omp task depend(in: a[i]) shared(rstart, rseen)
      {
        rstart[i] = take();
        rseen[i] = a[i];
      }
    }
#pragma omp taskwait
    for (int i = 0; i < N; i += 7) {
      CHECK(rstart[i] > scattered, "reader of a[%d] started before the scatter ended", i);
      CHECK(rseen[i] == -i, "reader of a[%d] saw %d", i, rseen[i]);
    }

    /* steps */
    long s_even = 0, s_down = 0, s_uns = 0, s_run = 0, s_ptr = 0, s_pdown = 0;
    long t_even = 0, t_down = 0, t_uns = 0, t_run = 0, t_ptr = 0, t_pdown = 0;
    int three = 3;
    produce(1);
#pragma omp task depend(iterator(int i = 0 : 10 : 2), in: a[i]) shared(s_even, t_even)
    {
      t_even = take();
      for (int i = 0; i < 10; i += 2)
        s_even += a[i];
    }
#pragma omp task depend(iterator(long i = 19 : 10 : -2), in: a[i]) shared(s_down, t_down)
    {
      t_down = take();
      for (int i = 19; i > 10; i -= 2)
        s_down += a[i];
    }
#pragma omp task depend(iterator(unsigned u = 28 : 20 : -2), in: a[u]) shared(s_uns, t_uns)
    {
      t_uns = take();
      for (int i = 28; i > 20; i -= 2)
        s_uns += a[i];
    }
#pragma omp task depend(iterator(i = 30 : N : three), in: a[i]) shared(s_run, t_run)
    {
      t_run = take();
      for (int i = 30; i < N; i += three)
        s_run += a[i];
    }
#pragma omp task depend(iterator(int *p = &a[1] : &a[N] : 13), in: *p) shared(s_ptr, t_ptr)
    {
      t_ptr = take();
      s_ptr = a[1] + a[14] + a[27];
    }
#pragma omp task depend(iterator(int *p = &a[39] : &a[30] : -3), in: p[0]) \
    shared(s_pdown, t_pdown)
    {
      t_pdown = take();
      s_pdown = a[39] + a[36] + a[33];
    }
#pragma omp taskwait
    check_after("step 2", t_even, 0, 2, 5, s_even, 1);
    check_after("step -2", t_down, 19, -2, 5, s_down, 1);
    check_after("unsigned, step -2", t_uns, 28, -2, 4, s_uns, 1);
    check_after("step three", t_run, 30, 3, 4, s_run, 1);
    check_after("pointer, step 13", t_ptr, 1, 13, 3, s_ptr, 1);
    check_after("pointer, step -3", t_pdown, 39, -3, 3, s_pdown, 1);

    /* two iterators: a block of m; a pointer and an index; beside a plain clause */
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++) {
#pragma omp task depend(out: m[i][j]) shared(m, mdone)
        {
          spin((R * C - i * C - j) * 2000);
          m[i][j] = i * C + j;
          mdone[i][j] = take();
        }
      }
    long tblock = 0, sblock = 0, tpair = 0, spair = 0;
    produce(2);
#pragma omp task depend(iterator(int i = 1 : R, j = 0 : C : 2), in: m[i][j]) \
    depend(in: a[N - 1]) shared(tblock, sblock)
    {
      tblock = take();
      for (int i = 1; i < R; i++)
        for (int j = 0; j < C; j += 2)
          sblock += m[i][j];
      sblock += a[N - 1];
    }
#pragma omp task depend(iterator(int *p = a : a + 2, i = 10 : 12), in: p[i]) \
    shared(tpair, spair)
    {
      tpair = take();
      spair = a[10] + a[11] + a[12];
    }
#pragma omp taskwait
    long want = a[N - 1];
    for (int i = 1; i < R; i++)
      for (int j = 0; j < C; j += 2) {
        CHECK(tblock > mdone[i][j], "2-D iterator: started before m[%d][%d] was written", i, j);
        want += i * C + j;
      }
    CHECK(tblock > produced[N - 1], "the plain clause beside the iterator was not waited for");
    CHECK(sblock == want, "2-D iterator: sum %ld, want %ld", sblock, want);
    check_after("pointer and index", tpair, 10, 1, 3, spair, 2);

    /* an empty range; the iterator's name in the body */
    int ran = 0, seen = 0, n = 0;
#pragma omp task depend(iterator(k = 0 : n), out: a[k]) depend(iterator(k = 5 : 0), in: a[k]) \
    shared(ran, seen)
    {
      ran = 1;
      seen = k;
    }
#pragma omp taskwait
    CHECK(ran == 1, "the task with empty iterators did not run");
    CHECK(seen == 42 + n, "the body saw k = %d, want the variable's 42", seen);

    /* taskwait with an iterator */
    produce(3);
#pragma omp taskwait depend(iterator(i = 0 : N : 5), in: a[i])
    long now = take(), sum = 0;
    for (int i = 0; i < N; i += 5)
      sum += a[i];
    check_after("taskwait depend(iterator)", now, 0, 5, N / 5, sum, 3);
#pragma omp taskwait
  }
  return failures != 0;
}
