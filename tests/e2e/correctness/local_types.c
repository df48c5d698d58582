// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Types and enumerators declared inside a function and used by its regions (outlined to file
// scope): an enumerator in a loop bound and an array size, a struct typedef of an unnamed struct,
// a struct declared with its variables (shared, firstprivate, private, a pointer to it; an
// unnamed one with bit-fields), a
// struct that points to itself, a struct nested in another, an enum type, sizeof of a local
// struct, a type declared in an outer region and used in a task inside it, and two functions
// with typedefs of the same name and type.  Each result is checked against the serial meaning.
#include <omp.h>
#include <stdio.h>

static int failures;
#define CHECK(c, ...)                                                                              \
  do {                                                                                             \
    if (!(c)) {                                                                                    \
      printf("FAIL line %d: ", __LINE__);                                                          \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static long enumerators(void) {
  enum { N = 100, M = N / 4 };
  typedef struct {
    int v[M];
  } box;
  long sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < N; i++) {
    box b = {{0}};
    b.v[i % M] = i;
    sum += b.v[i % M] + (long)sizeof(box) / (long)sizeof(int);
  }
  CHECK(sum == 4950 + 100L * 25, "sum %ld", sum);
  return sum;
}

static int structs_with_variables(void) {
  struct pt {
    int x, y;
  } p = {1, 2}, *pp = &p;
  struct pt shifted[4];
  enum color { RED, GREEN = 5, BLUE } col = GREEN;
#pragma omp parallel num_threads(2) firstprivate(p) shared(shifted)
  {
    p.x += omp_get_thread_num();
#pragma omp for
    for (int i = 0; i < 4; i++)
      shifted[i] = (struct pt){pp->x + i, pp->y * col};
  }
  int total = 0;
  for (int i = 0; i < 4; i++)
    total += shifted[i].x + shifted[i].y;
  CHECK(total == 4 + 6 + 40, "total %d", total);
  struct tmp {
    enum color c;
  } t;
  struct {
    unsigned low : 3, high : 5;
  } bits = {1, 2};
  int blues = 0;
#pragma omp parallel private(t) firstprivate(bits) reduction(+ : blues)
  {
    t.c = BLUE;
    bits.low += 1;
    blues += t.c == 6 && bits.low == 2 && bits.high == 2;
  }
  CHECK(blues == omp_get_max_threads(), "blues %d", blues);
  return total;
}

static int linked_and_nested(void) {
  struct node {
    struct node *next;
    struct payload {
      int value;
    } load;
  };
  struct node nodes[8];
  for (int i = 0; i < 8; i++)
    nodes[i] = (struct node){i + 1 < 8 ? &nodes[i + 1] : NULL, {i}};
  int found = 0;
#pragma omp parallel reduction(+ : found)
  {
    struct payload none = {-1};
#pragma omp single
    for (struct node *n = nodes; n; n = n->next)
      found += n->load.value + (none.value < 0);
  }
  CHECK(found == 28 + 8, "found %d", found);
  return found;
}

static int type_in_region_used_by_task(void) {
  int results[4] = {0};
#pragma omp parallel num_threads(2)
  {
    typedef struct {
      int index, square;
    } job;
#pragma omp single
    for (int i = 0; i < 4; i++) {
#pragma omp task firstprivate(i) shared(results)
      {
        job j = {i, i * i};
        results[j.index] = j.square;
      }
    }
  }
  CHECK(results[3] == 9 && results[2] == 4, "results %d %d", results[2], results[3]);
  return results[3];
}

static double same_typedef_twice(int n) {
  typedef double real;
  real s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += (real)i;
  return s;
}

static double same_typedef_again(int n) {
  typedef double real;
  real s = 1;
#pragma omp parallel for reduction(* : s)
  for (int i = 1; i <= n; i++)
    s *= (real)i;
  return s;
}

int main(void) {
  printf("%ld %d %d %d\n", enumerators(), structs_with_variables(), linked_and_nested(),
         type_in_region_used_by_task());
  printf("%g %g\n", same_typedef_twice(10), same_typedef_again(5));
  printf("failures: %d\n", failures);
  return failures != 0;
}
