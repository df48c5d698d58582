// default(none): every variable the construct's statement references and that is declared
// outside it needs a data-sharing clause, file-scope variables included.  Each such variable is
// reported once, at its first reference, with a note at the clause.  Variables declared inside
// the construct and the loop variable of a parallel for are predetermined and need nothing.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null cases: with every variable listed, the same constructs translate.
// RUN: %omp2numa %s -o %t.ok.c -- -DOK
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DOK -I%runtime_inc %t.ok.c

#ifdef OK
#define MORE_1 firstprivate(x, y)
#define MORE_2 , n, counter
#else
#define MORE_1
#define MORE_2
#endif

int counter;

void f(int n, int *a) {
  int x = 1, y = 2;
#pragma omp parallel default(none) shared(a) MORE_1
  {
    int local = 3;
    // CHECK: :[[@LINE+1]]:12: error: variable 'x' must have its data-sharing attribute specified in a 'default(none)' construct
    a[0] = x + y + local + x;
    // CHECK-NEXT: {{^}}    a[0] = x + y + local + x;{{$}}
    // CHECK-NEXT: {{^           \^$}}
    // CHECK-NEXT: :[[@LINE-7]]:22: note: 'default(none)' is here
    // CHECK-NEXT: {{^}}#pragma omp parallel default(none) shared(a) MORE_1{{$}}
    // CHECK-NEXT: {{^                     \^$}}
    // CHECK-NEXT: :[[@LINE-6]]:16: error: variable 'y' must have its data-sharing attribute specified in a 'default(none)' construct
    // CHECK:      :[[@LINE-11]]:22: note: 'default(none)' is here
  }

#pragma omp parallel for default(none) shared(a MORE_2)
  // The bound n is referenced in the loop header, which is part of the construct.
  // CHECK: :[[@LINE+2]]:23: error: variable 'n' must have its data-sharing attribute specified in a 'default(none)' construct
  // CHECK: :[[@LINE-3]]:26: note: 'default(none)' is here
  for (int i = 0; i < n; i++)
    // CHECK: :[[@LINE+2]]:12: error: variable 'counter' must have its data-sharing attribute specified in a 'default(none)' construct
    // CHECK: :[[@LINE-6]]:26: note: 'default(none)' is here
    a[i] = counter + i;
}
