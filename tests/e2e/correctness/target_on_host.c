// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Device constructs on the host, as gcc runs them without an offload device, compared with gcc:
// a target region's scalars are firstprivate unless mapped (an assignment stays inside), its
// arrays and structs mapped tofrom (shared); defaultmap(tofrom: scalar), is_device_ptr,
// private and firstprivate arrays; the region runs as a new initial thread (omp_get_level() 0,
// omp_is_initial_device() 1, a parallel region in it has its own threads even inside a parallel
// region, thread_limit lowers omp_get_thread_limit()); worksharing directly in a target region;
// target nowait with depend between tasks; target data, enter/exit data and update; declare
// target; the combined target parallel for, target parallel loop and target simd with their
// reductions.  The program checks its own results too.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/expect.h"

#pragma omp declare target
static int counter = 0;
static int twice(int x) { return 2 * x; }
#pragma omp end declare target

struct pair { int u, v; };

static void data_sharing(void) {
  int x = 5, y = 0, z = 3, w = 1;
  struct pair s = {1, 2};
  int arr[4] = {1, 2, 3, 4}, copy[4] = {0, 0, 0, 0};
  int *q = &z;
#pragma omp target map(tofrom: y) firstprivate(arr) private(w)
  {
    x = 7;             // firstprivate by default: not seen after
    y = twice(21);     // mapped
    s.u = 10;          // a struct is mapped tofrom
    arr[0] = 100;      // the firstprivate array's copy
    w = 9;
    copy[0] = arr[0] + w;
    counter++;
  }
  EXPECT(x == 5 && y == 42 && s.u == 10 && arr[0] == 1 && copy[0] == 109 && counter == 1);
#pragma omp target defaultmap(tofrom: scalar)
  x = 8;
  EXPECT(x == 8);
#pragma omp target is_device_ptr(q) if(target: x > 1) device(0)
  *q = 4;
  EXPECT(z == 4);
  printf("data sharing: x %d y %d s.u %d arr[0] %d copy[0] %d z %d counter %d\n", x, y, s.u,
         arr[0], copy[0], z, counter);
}

static void initial_thread(void) {
  int level = -1, initial = -1, inner = 0, limit = 0, loop_sum = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp target map(tofrom: level, initial, inner, limit)
  {
    level = omp_get_level();
    initial = omp_is_initial_device();
#pragma omp parallel num_threads(2)
    {
#pragma omp atomic
      inner++;
    }
  }
#pragma omp target map(tofrom: limit, loop_sum) thread_limit(1)
  {
    limit = omp_get_thread_limit();
#pragma omp for reduction(+: loop_sum)
    for (int i = 0; i < 10; i++)
      loop_sum += i;
#pragma omp barrier
  }
  EXPECT(level == 0 && initial == 1 && inner == 2 && limit == 1 && loop_sum == 45);
  printf("initial thread: level %d initial %d inner %d limit %d loop_sum %d\n", level, initial,
         inner, limit, loop_sum);
}

static void dependences(void) {
  int order[3] = {0, 0, 0}, k = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out: k) shared(order, k)
    order[k++] = 1;
#pragma omp target nowait depend(inout: k) map(tofrom: order, k)
    order[k++] = 2;
#pragma omp task depend(in: k) shared(order, k)
    order[k++] = 3;
  }
  EXPECT(order[0] == 1 && order[1] == 2 && order[2] == 3 && k == 3);
  printf("dependences: %d %d %d\n", order[0], order[1], order[2]);
}

static void data_directives_and_combined(int n) {
  double *a = malloc(n * sizeof *a);
  long sum = 0;
  double total = 0;
  int squares = 0;
#pragma omp target data map(tofrom: a[0:n])
  {
#pragma omp target parallel for map(tofrom: a[0:n])
    for (int i = 0; i < n; i++)
      a[i] = i * 0.5;
  }
#pragma omp target enter data map(to: a[0:n])
#pragma omp target update from(a[0:n]) if(n > 0)
#pragma omp target exit data map(release: a[0:n])
#pragma omp target parallel for reduction(+: sum) num_threads(2)
  for (int i = 0; i < n; i++)
    sum += (long)(a[i] * 2);
#pragma omp target simd reduction(+: total)
  for (int i = 0; i < n; i++)
    total += a[i];
#pragma omp target parallel loop reduction(+: squares)
  for (int i = 0; i < 10; i++)
    squares += i * i;
  EXPECT(sum == (long)n * (n - 1) / 2 && total == 0.25 * n * (n - 1) && squares == 285);
  printf("data directives and combined: sum %ld total %g squares %d\n", sum, total, squares);
  free(a);
}

int main(void) {
  data_sharing();
  initial_thread();
  dependences();
  data_directives_and_combined(1000);
  printf("failures: %d\n", failures);
  return failures != 0;
}
