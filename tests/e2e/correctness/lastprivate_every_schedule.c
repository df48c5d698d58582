// REQUIRES: translator
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=adaptive %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=dynamic,2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 OMP_SCHEDULE=fac2 %o2n-run %t
//
// lastprivate gives the value of the sequentially last iteration under every schedule, including
// those where a thread that ran the last iteration goes on to run earlier ones (stealing in
// adaptive and auto, nonmonotonic dynamic), and for collapsed loops.  The work is skewed so that
// threads steal.  A thread once copied back its private value at the end of the loop, after
// later-run earlier iterations had overwritten it (seen: 503 and 750 of 1001).
#include <omp.h>
#include <stdio.h>

enum { N = 1001 };
static int failures;

static void spin(int i) {
  if (i % 97 == 0 || i < 40)
    for (volatile int k = 0; k < 4000; k++)
      ;
}

static void check(const char *what, int value, int expected) {
#pragma omp single
  if (value != expected) {
    printf("%s: lastprivate %d, expected %d\n", what, value, expected);
    failures++;
  }
}

int main(void) {
  double weights[64];
  int blocks[64], owner[N];
  for (int t = 0; t < 64; t++)
    weights[t] = 1.0 + t % 3;
  int last, li, lj; // shared: lastprivate writes them back
  for (int rep = 0; rep < 20; rep++) {
#pragma omp parallel
    {
      const int nt = omp_get_num_threads();
#pragma omp single
      {
        for (int t = 0; t < nt; t++)
          blocks[t] = N / nt + (t < N % nt);
        for (int k = 0; k < N; k++)
          owner[k] = (k * 7) % nt;
      }
#pragma omp single
      last = -1;
#pragma omp for schedule(static) lastprivate(last)
      for (int i = 0; i < N; i++) {
        spin(i);
        last = i;
      }
      check("static", last, N - 1);
#pragma omp single
      last = -1;
#pragma omp for schedule(static, 3) lastprivate(last)
      for (int i = 0; i < N; i++) {
        spin(i);
        last = i;
      }
      check("static, 3", last, N - 1);
#pragma omp single
      last = -1;
#pragma omp for schedule(dynamic) lastprivate(last)
      for (int i = 0; i < N; i++) {
        spin(i);
        last = i;
      }
      check("dynamic", last, N - 1);
#pragma omp single
      last = -1;
#pragma omp for schedule(nonmonotonic: dynamic, 5) lastprivate(last)
      for (int i = 0; i < N; i++) {
        spin(i);
        last = i;
      }
      check("nonmonotonic: dynamic, 5", last, N - 1);
#pragma omp single
      last = -1;
#pragma omp for schedule(guided) lastprivate(last)
      for (int i = 0; i < N; i++) {
        spin(i);
        last = i;
      }
      check("guided", last, N - 1);
#pragma omp single
      last = -1;
#pragma omp for schedule(auto) lastprivate(last)
      for (int i = 0; i < N; i++) {
        spin(i);
        last = i;
      }
      check("auto", last, N - 1);
#pragma omp single
      last = -1;
#pragma omp for schedule(runtime) lastprivate(last)
      for (int i = 0; i < N; i++) {
        spin(i);
        last = i;
      }
      check("runtime", last, N - 1);
#pragma omp single
      last = -1;
#pragma omp for schedule(adaptive) lastprivate(last)
      for (int i = 0; i < N; i++) {
        spin(i);
        last = i;
      }
      check("adaptive", last, N - 1);
#pragma omp single
      last = -1;
#pragma omp for schedule(adaptive, 4) lastprivate(last)
      for (int i = 0; i < N; i++) {
        spin(i);
        last = i;
      }
      check("adaptive, 4", last, N - 1);
#pragma omp single
      last = -1;
#pragma omp for schedule(fac2) lastprivate(last)
      for (int i = 0; i < N; i++) {
        spin(i);
        last = i;
      }
      check("fac2", last, N - 1);
#pragma omp single
      last = -1;
#pragma omp for schedule(tss) lastprivate(last)
      for (int i = 0; i < N; i++) {
        spin(i);
        last = i;
      }
      check("tss", last, N - 1);
#pragma omp single
      last = -1;
#pragma omp for schedule(rand) lastprivate(last)
      for (int i = 0; i < N; i++) {
        spin(i);
        last = i;
      }
      check("rand", last, N - 1);
#pragma omp single
      last = -1;
#pragma omp for schedule(wf2(weights)) lastprivate(last)
      for (int i = 0; i < N; i++) {
        spin(i);
        last = i;
      }
      check("wf2(weights)", last, N - 1);
#pragma omp single
      last = -1;
#pragma omp for schedule(genblock(blocks)) lastprivate(last)
      for (int i = 0; i < N; i++) {
        spin(i);
        last = i;
      }
      check("genblock(blocks)", last, N - 1);
#pragma omp single
      last = -1;
#pragma omp for schedule(indirect(owner)) lastprivate(last)
      for (int i = 0; i < N; i++) {
        spin(i);
        last = i;
      }
      check("indirect(owner)", last, N - 1);
#pragma omp single
      last = -1;
#pragma omp for schedule(adaptive) lastprivate(last)
      for (int i = 0; i < 1; i++)
        last = i;
      check("adaptive, one iteration", last, 0);
#pragma omp for collapse(2) schedule(adaptive) lastprivate(last)
      for (int i = 0; i < 31; i++)
        for (int j = 0; j < 33; j++) {
          spin(j);
          last = 100 * i + j;
        }
      check("collapse(2) adaptive", last, 3032);
#pragma omp for collapse(2) schedule(auto) lastprivate(li, lj)
      for (li = 30; li >= 0; li--)
        for (lj = 0; lj < 33; lj += 2)
          spin(li);
      check("collapse(2) auto, outer variable", li, -1);
      check("collapse(2) auto, inner variable", lj, 34);
    }
  }
  return failures != 0;
}
