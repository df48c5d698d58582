// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// PEERS: gcc
//
// What third-party programs (GCC's libgomp tests among them) rely on, as gcc -fopenmp does it:
//  - a scalar the task shares implicitly and only reads, that no task writes, no depend clause
//    names and whose address is never taken, is passed by value (gcc's behaviour): the classic
//    `for (i = 0; i < n; i++) { #pragma omp task ... i ... }` with i declared at the top of the
//    function gives each task its own i (pr80809);
//  - a variable another task writes stays shared (ordered by depend);
//  - an in_reduction task created in an in_reduction task reduces into the taskgroup's
//    original, even when it ends after its creator (task-reduction-1);
//  - private copies keep the original's alignment attribute (pr68960);
//  - ICVs set in a task end with it (icv-1); a nestable lock belongs to a task (lock-2);
//  - taskloop simd runs as a taskloop (its simd clauses are hints);
//  - a combined parallel for in a task starts a team of its own (valid; difftest finding);
//  - a taskloop over a pointer loop variable compiles cleanly (difftest finding);
//  - a firstprivate struct with a const member (translator fuzz finding).
// Checked against gcc only: clang shares such an i (the spec's letter), and its loop vectoriser
// warns about the taskloop simd loop under -Werror.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int failures;
#define CHECK(ok, ...)                                                                             \
  do {                                                                                             \
    if (!(ok)) {                                                                                   \
      printf("FAIL gcc_compat.c:%d: ", __LINE__);                                                 \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static void loop_variable(void)
{
  int i, seen[16] = {0}, *slots[16], v[8];
  for (i = 0; i < 16; i++)
    slots[i] = 0;
#pragma omp parallel
#pragma omp single
  for (i = 0; i < 16; i++)
#pragma omp task
  {
    seen[i]++;
    slots[i] = v;
  }
  for (i = 0; i < 16; i++)
    CHECK(seen[i] == 1 && slots[i] == v, "task %d ran %d times", i, seen[i]);
}

static void written_by_a_task(void)
{
  int d = 0, x = 0, y = 0;
  (void)d;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: d)
    x = 5;
#pragma omp task depend(in: d)
    y = x;
  }
  CHECK(y == 5, "y = %d, want 5 (x is shared: a task writes it)", y);
}

static int a;
static long b = 1;

static void nested_in_reduction(void)
{
  int c = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+: a, c) task_reduction(*: b)
  for (int i = 0; i < 4; i++)
#pragma omp task in_reduction(+: a, c) in_reduction(*: b)
  {
    a += 7;
    b *= 2;
    for (int j = 0; j < 2; j++)
#pragma omp task in_reduction(+: a, c) in_reduction(*: b)
    {
      volatile int spin = 0;
      while (spin < 20000)
        spin++;
      a += 7;
      b *= 2;
      c += 9;
    }
    c += 9;
  }
  CHECK(a == 12 * 7 && b == (1L << 12) && c == 12 * 9, "a=%d b=%ld c=%d", a, b, c);
}

static void alignment(void)
{
  int temp[257] __attribute__((aligned(256))) = {0};
  int bad = 0;
#pragma omp parallel private(temp) reduction(+: bad)
  bad += ((__UINTPTR_TYPE__)&temp[0]) & 255 ? 1 : 0;
#pragma omp parallel
#pragma omp single
#pragma omp task firstprivate(temp) shared(bad)
  bad += ((__UINTPTR_TYPE__)&temp[0]) & 255 ? 1 : 0;
  CHECK(bad == 0, "%d copies lost the 256-byte alignment", bad);
}

static void task_icvs_and_locks(void)
{
  int err = 0;
  omp_nest_lock_t lock;
  omp_init_nest_lock(&lock);
#pragma omp parallel num_threads(1) shared(err)
  {
    omp_set_num_threads(6);
    CHECK(omp_test_nest_lock(&lock) == 1, "the implicit task takes the free lock");
#pragma omp task if(0) shared(err, lock)
    {
      omp_set_num_threads(5);
      if (omp_get_max_threads() != 5)
        err++;
      if (omp_test_nest_lock(&lock) != 0) // held by another task
        err++;
    }
    CHECK(omp_get_max_threads() == 6, "the task's ICV leaked: %d", omp_get_max_threads());
    omp_unset_nest_lock(&lock);
  }
  CHECK(err == 0, "%d errors in the task", err);
  omp_destroy_nest_lock(&lock);
}

static void taskloop_simd(void)
{
  long sum = 0;
  int x[100];
#pragma omp parallel
#pragma omp single
#pragma omp taskloop simd reduction(+: sum) simdlen(4) grainsize(8) if(simd: 1)
  for (int i = 0; i < 100; i++) {
    x[i] = i;
    sum += i;
  }
  CHECK(sum == 4950 && x[99] == 99, "taskloop simd: sum = %ld", sum);
}

static void parallel_for_in_task(void)
{
  long s = 0;
#pragma omp parallel
#pragma omp single
#pragma omp task shared(s)
  {
    long ps = 0;
#pragma omp parallel for reduction(+: ps)
    for (int q = 0; q < 10; q++)
      ps += 2 * q;
    s = ps;
  }
  CHECK(s == 90, "parallel for in a task: %ld", s);
}

static void pointer_taskloop(void)
{
  int base[20];
  for (int q = 0; q < 20; q++)
    base[q] = q;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop num_tasks(3)
  for (int *p = base; p < base + 20; p += 3)
    *p += 100;
  long sum = 0;
  for (int q = 0; q < 20; q++)
    sum += base[q];
  CHECK(sum == 890 && base[18] == 118, "pointer taskloop: sum %ld", sum);
}

/* A firstprivate struct with a const member: copied into the task, never assigned. */
struct stamp {
  const int id;
  int value;
};

static void const_member(void)
{
  long sum = 0;
#pragma omp parallel
#pragma omp single
  for (int q = 0; q < 50; q++) {
    struct stamp st = {q, 2 * q};
#pragma omp task firstprivate(st) shared(sum)
    {
#pragma omp atomic
      sum += st.id + st.value;
    }
  }
  CHECK(sum == 3 * 1225, "firstprivate struct with a const member: sum %ld", sum);
}

int main(void)
{
  const_member();
  pointer_taskloop();
  parallel_for_in_task();
  taskloop_simd();
  loop_variable();
  written_by_a_task();
  nested_in_reduction();
  alignment();
  task_icvs_and_locks();
  return failures != 0;
}
