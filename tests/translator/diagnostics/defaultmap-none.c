// defaultmap(none [: category]) on target: every variable of that category that the region
// references, that is declared outside it and that no clause names (map, firstprivate, private,
// is_device_ptr, has_device_addr; of a combined construct, any part's) is an error at its first
// reference, with a note at the clause, as gcc 12 says.  Like gcc 12, defaultmap(none: pointer)
// asks nothing of pointers (only an uncategorised none does), and nothing of declare target
// variables.  Two defaultmap clauses for one category are an error.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DTWICE -DOK 2>&1 | FileCheck %s --check-prefix=TWICE --implicit-check-not=error:
// RUN: not test -e %t.c
//
// Null cases: with every variable named, the same constructs translate and compile.
// RUN: %omp2numa %s -o %t.ok.c -- -DOK
// RUN: %cc -std=c11 -fsyntax-only -Wall -Werror -DOK -I%runtime_inc %t.ok.c

#ifdef OK
#define MORE_1 map(y, g, a) firstprivate(p)
#define MORE_2 firstprivate(y)
#define MORE_3 map(to: s, vla)
#else
#define MORE_1
#define MORE_2
#define MORE_3
#endif

struct pair { int a, b; };
int g;
#pragma omp declare target
int in_block;
#pragma omp end declare target
int listed;
#pragma omp declare target to(listed)

int f(int n) {
  int x = 1, y = 2, a[4] = {0}, *p = a, vla[n];
  struct pair s = {1, 2};
  vla[0] = 0;
#ifdef TWICE
  // TWICE: :[[@LINE+1]]:44: error: directive '#pragma omp target' cannot have more than one 'defaultmap' clause
#pragma omp target map(x) defaultmap(none) defaultmap(tofrom: pointer)
  x = *p;
#endif
#pragma omp target defaultmap(none) map(tofrom: x) MORE_1
  {
    int local = 3;
    // CHECK: :[[@LINE+1]]:10: error: 'y' not specified in enclosing '#pragma omp target'
    x += y + g + a[0] + *p + local;
    // CHECK-NEXT: {{^}}    x += y + g + a[0] + *p + local;{{$}}
    // CHECK-NEXT: {{^         \^$}}
    // CHECK-NEXT: :[[@LINE-7]]:20: note: 'defaultmap(none)' is here
    // CHECK: :[[@LINE-4]]:14: error: 'g' not specified in enclosing '#pragma omp target'
    // CHECK: note: 'defaultmap(none)' is here
    // CHECK: :[[@LINE-6]]:18: error: 'a' not specified in enclosing '#pragma omp target'
    // CHECK: note: 'defaultmap(none)' is here
    // CHECK: :[[@LINE-8]]:26: error: 'p' not specified in enclosing '#pragma omp target'
    // CHECK: note: 'defaultmap(none)' is here
  }
  // Scalars only: the array and the pointer are not asked for.
#pragma omp target defaultmap(none: scalar) map(x) MORE_2
  // CHECK: :[[@LINE+1]]:14: error: 'y' not specified in enclosing '#pragma omp target'
  x = a[1] + y + *p;
  // CHECK: note: 'defaultmap(none)' is here
  // Aggregates only; a pointer under none: pointer is not asked for (gcc 12).
#pragma omp target defaultmap(none: aggregate) defaultmap(none: pointer) MORE_3
  // CHECK: :[[@LINE+1]]:7: error: 's' not specified in enclosing '#pragma omp target'
  x = s.a + vla[0] + *p;
  // CHECK: note: 'defaultmap(none)' is here
  // CHECK: :[[@LINE-2]]:13: error: 'vla' not specified in enclosing '#pragma omp target'
  // CHECK: note: 'defaultmap(none)' is here
  // Combined: the loop variable is predetermined, and the clauses of every part count.
#pragma omp target teams distribute parallel for defaultmap(none) map(x) reduction(+: y) firstprivate(n)
  for (int i = 0; i < n; i++)
    y += i + x;
  // Declare target variables are not asked for.
#pragma omp target defaultmap(none) map(x)
  x = in_block + listed;
  return x + y;
}
