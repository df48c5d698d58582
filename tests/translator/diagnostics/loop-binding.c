// The loop construct's errors, as gcc 12 gives them: no bind clause on a loop nested in no
// construct, lastprivate of a variable that is not a loop variable, clauses of worksharing loops
// (nowait, schedule), an unknown binding, bind(teams) on a loop not strictly nested in a teams
// region; and omp2numa's own: parallel loop bind(thread) (not supported yet), and a loop bound
// to the team closely nested in a task (named as written), and constructs other than parallel,
// loop and simd nested in a loop region (as gcc), a loop bound to the team in a loop or simd
// region (as gcc).
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case: the same loops with the bindings gcc accepts translate and compile.
// RUN: %omp2numa %s -o %t.ok.c -- -DVALID
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DVALID -I%runtime_inc %t.ok.c

#ifdef VALID
#define BIND bind(thread)
#define LAST i
#define TASKBIND bind(thread)
#else
#define BIND
#define LAST n
#define TASKBIND bind(parallel)
#endif

// The parser's errors come first.
void clauses(int n, int *a) {
#ifndef VALID
#pragma omp parallel
  {
    // CHECK: :[[@LINE+1]]:18: error: clause 'nowait' is not allowed on '#pragma omp loop'
#pragma omp loop nowait
    for (int i = 0; i < n; i++)
      a[i] = i;
    // CHECK: :[[@LINE+1]]:18: error: clause 'schedule' is not allowed on '#pragma omp loop'
#pragma omp loop schedule(static)
    for (int i = 0; i < n; i++)
      a[i] = i;
    // CHECK: :[[@LINE+1]]:23: error: expected 'thread' or 'parallel' or 'teams' in the 'bind' clause
#pragma omp loop bind(team)
    for (int i = 0; i < n; i++)
      a[i] = i;
  }
#else
  (void)n, (void)a;
#endif
}

void orphaned(int n, int *a) {
  // CHECK: :[[@LINE+1]]:13: error: 'bind' clause not specified on a '#pragma omp loop' construct not nested inside another OpenMP construct
#pragma omp loop BIND
  // CHECK-NEXT: {{^}}#pragma omp loop BIND{{$}}
  // CHECK-NEXT: {{^            \^$}}
  for (int i = 0; i < n; i++)
    a[i] = i;
}

void lastprivate(int n, int *a) {
  int i;
#pragma omp parallel
  // CHECK: :[[@LINE+1]]:30: error: 'lastprivate' on '#pragma omp loop' names 'n', which is not a loop variable of the construct
#pragma omp loop lastprivate(LAST)
  for (i = 0; i < n; i++)
    a[i] = i;
}

void unsupported(int n, int *a) {
#ifndef VALID
#pragma omp parallel
  // CHECK: :[[@LINE+1]]:13: error: 'bind(teams)' on a 'loop' region not strictly nested inside of a 'teams' region
#pragma omp loop bind(teams)
  for (int i = 0; i < n; i++)
    a[i] = i;
  // CHECK: :[[@LINE+1]]:27: error: 'bind(thread)' on '#pragma omp parallel loop' is not supported yet
#pragma omp parallel loop bind(thread)
  for (int i = 0; i < n; i++)
    a[i] = i;
#else
  (void)n, (void)a;
#endif
}

// Only parallel regions, loop and simd constructs may be nested in a loop region (gcc's rule).
void nesting(int n, int *a) {
#pragma omp parallel
#pragma omp loop
  for (int i = 0; i < n; i++) {
#pragma omp simd
    for (int j = 0; j < n; j++)
      a[j] += i;
#pragma omp parallel for
    for (int j = 0; j < n; j++)
      a[j] += i;
#ifndef VALID
    // CHECK: :[[@LINE+1]]:13: error: '#pragma omp critical' may not be nested inside a '#pragma omp loop' region: only parallel, loop and simd constructs may
#pragma omp critical
    a[i]++;
#endif
  }
}

// A loop construct in a loop region binds to its thread: bind(parallel) there is an error (gcc's
// rule); flush makes no region and may stand there (the nesting tester's findings).
void nested_binding(int n, int *a) {
#pragma omp loop bind(thread)
  for (int i = 0; i < n; i++) {
#ifndef VALID
    // CHECK: :[[@LINE+2]]:13: error: '#pragma omp loop bind(parallel)' may not be nested inside a '#pragma omp loop' region: a loop construct there binds to its thread
    // CHECK: :[[@LINE-4]]:13: note: the loop construct
#pragma omp loop bind(parallel)
#else
#pragma omp loop
#endif
    for (int j = 0; j < n; j++)
      a[j] += i;
#pragma omp flush
  }
}

// Nor in a simd region, which one thread runs (gcc's rule and message; a tester's finding).
void in_simd(int n, int *a) {
#pragma omp simd
  for (int i = 0; i < n; i++) {
    // CHECK: :[[@LINE+2]]:13: error: 'bind(parallel)' on a 'loop' construct nested inside 'simd' construct
    // CHECK: :[[@LINE-3]]:13: note: the simd construct
#pragma omp loop TASKBIND
    for (int j = 0; j < n; j++)
      a[j] += i;
  }
}

// (The binder checks tasks after it has resolved the loop constructs.)
void in_task(int n, int *a) {
#pragma omp parallel
#pragma omp single
#pragma omp task
  {
    // CHECK: :[[@LINE+1]]:13: error: '#pragma omp loop' may not be closely nested inside of '#pragma omp task'
#pragma omp loop TASKBIND
    for (int i = 0; i < n; i++)
      a[i] = i;
  }
}
