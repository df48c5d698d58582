// Which constructs may be closely nested in which (Nesting.h): gcc's rules, a located error at
// the inner directive and a note at the enclosing one.  Each case below is one gcc 12 rejects at
// the same line; the valid part (CASE=0) holds the forms gcc accepts, and compiles.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=TEAM --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=ONE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

#if CASE == 1
void team_bound(int n, int *a) {
#pragma omp parallel
  {
#pragma omp single
    {
      // TEAM: :[[@LINE+2]]:13: error: '#pragma omp for' may not be closely nested inside of '#pragma omp single' (it binds to the whole team, whose threads do not all reach it together there)
      // TEAM: :[[@LINE-3]]:13: note: the enclosing construct
#pragma omp for
      for (int i = 0; i < n; i++) a[i]++;
    }
#pragma omp critical
    {
      // TEAM: :[[@LINE+1]]:13: error: '#pragma omp single' may not be closely nested inside of '#pragma omp critical'
#pragma omp single
      a[0]++;
    }
#pragma omp master
    {
      // TEAM: :[[@LINE+1]]:13: error: '#pragma omp sections' may not be closely nested inside of '#pragma omp master'
#pragma omp sections
      {
        a[0]++;
      }
    }
#pragma omp for
    for (int i = 0; i < n; i++) {
      // TEAM: :[[@LINE+1]]:13: error: '#pragma omp barrier' may not be closely nested inside of '#pragma omp for'
#pragma omp barrier
      // TEAM: :[[@LINE+1]]:13: error: '#pragma omp single' may not be closely nested inside of '#pragma omp for'
#pragma omp single
      a[i]++;
    }
#pragma omp masked
    {
      // TEAM: :[[@LINE+1]]:13: error: '#pragma omp barrier' may not be closely nested inside of '#pragma omp masked'
#pragma omp barrier
    }
#pragma omp sections
    {
#pragma omp section
      {
        // TEAM: :[[@LINE+1]]:13: error: '#pragma omp single' may not be closely nested inside of '#pragma omp section'
#pragma omp single
        a[0]++;
      }
    }
#pragma omp for ordered
    for (int i = 0; i < n; i++) {
#pragma omp ordered
      {
        // TEAM: :[[@LINE+1]]:13: error: '#pragma omp barrier' may not be closely nested inside of '#pragma omp ordered'
#pragma omp barrier
      }
    }
#pragma omp single
    {
      // TEAM: :[[@LINE+1]]:13: error: '#pragma omp scope' may not be closely nested inside of '#pragma omp single'
#pragma omp scope
      a[0]++;
    }
#pragma omp task
    {
      // TEAM: :[[@LINE+1]]:13: error: '#pragma omp scope' may not be closely nested inside of '#pragma omp task' (only the task's thread reaches it; enclose it in a parallel region)
#pragma omp scope
      a[0]++;
    }
  }
#pragma omp parallel for
  for (int j = 0; j < n; j++) {
    // TEAM: :[[@LINE+1]]:13: error: '#pragma omp single' may not be closely nested inside of '#pragma omp parallel for'
#pragma omp single
    a[j]++;
  }
  // Between the loops of a collapsed nest too (a translator fuzzer's mutant).
#pragma omp parallel for collapse(2)
  for (int i = 0; i < 10; i++)
    // TEAM: :[[@LINE+1]]:13: error: '#pragma omp for' may not be closely nested inside of '#pragma omp parallel for'
#pragma omp for
    for (int j = 0; j < 10; j++)
      a[i] += j;
#pragma omp taskloop
  for (int j = 0; j < n; j++) {
    // TEAM: :[[@LINE+1]]:13: error: '#pragma omp single' may not be closely nested inside of '#pragma omp taskloop'
#pragma omp single
    a[j]++;
  }
#pragma omp parallel master
  {
    // TEAM: :[[@LINE+1]]:13: error: '#pragma omp scope' may not be closely nested inside of '#pragma omp parallel master'
#pragma omp scope
    a[0]++;
  }
#pragma omp parallel sections
  {
#pragma omp section
    // TEAM: :[[@LINE+1]]:13: error: '#pragma omp for' may not be closely nested inside of '#pragma omp section'
#pragma omp for
    for (int i = 0; i < n; i++) a[i]++;
  }
#pragma omp parallel
#pragma omp masked filter(1)
  {
    // TEAM: :[[@LINE+1]]:13: error: '#pragma omp for' may not be closely nested inside of '#pragma omp masked'
#pragma omp for
    for (int i = 0; i < n; i++) a[i]++;
  }
}

#elif CASE == 2
void masters(int n, int *a) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++) {
      // ONE: :[[@LINE+2]]:13: error: '#pragma omp master' may not be closely nested inside of '#pragma omp for' (OpenMP forbids a master or masked region in a worksharing, task or taskloop region)
      // ONE: :[[@LINE-3]]:13: note: the enclosing construct
#pragma omp master
      a[i]++;
    }
#pragma omp single
    {
      // ONE: :[[@LINE+1]]:13: error: '#pragma omp masked' may not be closely nested inside of '#pragma omp single'
#pragma omp masked
      a[0]++;
    }
#pragma omp task
    {
      // ONE: :[[@LINE+1]]:13: error: '#pragma omp master' may not be closely nested inside of '#pragma omp task'
#pragma omp master
      a[0]++;
    }
#pragma omp for
    for (int i = 0; i < n; i++) {
      // ONE: :[[@LINE+1]]:13: error: '#pragma omp master taskloop' may not be closely nested inside of '#pragma omp for'
#pragma omp master taskloop
      for (int j = 0; j < n; j++) a[j]++;
    }
  }
}

void ordered(int n, int *a) {
#pragma omp parallel
  {
    // ONE: :[[@LINE+2]]:13: error: '#pragma omp ordered' must be closely nested inside a loop region with an 'ordered' clause
    // ONE: :[[@LINE-3]]:13: note: the enclosing region
#pragma omp ordered
    a[0]++;
#pragma omp for ordered
    for (int i = 0; i < n; i++) {
#pragma omp critical
      {
        // ONE: :[[@LINE+1]]:13: error: '#pragma omp ordered' may not be closely nested inside of '#pragma omp critical'
#pragma omp ordered
        a[i]++;
      }
#pragma omp task
      {
        // ONE: :[[@LINE+1]]:13: error: '#pragma omp ordered' may not be closely nested inside of '#pragma omp task'
#pragma omp ordered
        a[i]++;
      }
    }
  }
#pragma omp parallel
#pragma omp single
  {
    // ONE: :[[@LINE+1]]:13: error: '#pragma omp ordered' must be closely nested inside a loop region with an 'ordered' clause
#pragma omp ordered
    a[0]++;
  }
  // An orphaned distribute loop is a loop without the clause too (the nesting tester's finding).
#pragma omp distribute
  for (int i = 0; i < n; i++) {
    // ONE: :[[@LINE+2]]:13: error: '#pragma omp ordered' is in a loop without the 'ordered' clause
    // ONE: :[[@LINE-3]]:13: note: the loop
#pragma omp ordered threads
    a[i]++;
  }
}

#else
// What gcc accepts: the rules look through scope, taskgroup and distribute, and stop at a
// parallel, teams or target region; a critical region may hold a master region, a task or a
// taskloop, and an ordered region a critical one.
void accepted(int n, int *a) {
#pragma omp parallel
  {
#pragma omp scope
    {
#pragma omp for
      for (int i = 0; i < n; i++) a[i]++;
#pragma omp scope
      a[0]++;
#pragma omp barrier
#pragma omp single
      a[0]++;
#pragma omp master
      a[0]++;
    }
#pragma omp taskgroup
    {
#pragma omp for
      for (int i = 0; i < n; i++) a[i]++;
    }
#pragma omp single
    {
#pragma omp parallel for
      for (int i = 0; i < n; i++) a[i]++;
#pragma omp parallel
      {
#pragma omp for
        for (int i = 0; i < n; i++) a[i]++;
      }
#pragma omp task
      {
#pragma omp parallel
#pragma omp single
        a[0]++;
      }
    }
#pragma omp critical
    {
#pragma omp master
      a[0]++;
#pragma omp task
      a[0]++;
#pragma omp taskloop
      for (int j = 0; j < n; j++) a[j]++;
    }
#pragma omp for ordered
    for (int i = 0; i < n; i++) {
#pragma omp ordered
      {
#pragma omp critical
        a[i]++;
      }
    }
  }
#pragma omp target
  {
#pragma omp for
    for (int i = 0; i < n; i++) a[i]++;
  }
#pragma omp teams
  {
#pragma omp distribute
    for (int j = 0; j < n; j++) {
#pragma omp parallel
#pragma omp for
      for (int i = 0; i < n; i++) a[i]++;
    }
  }
}

// Orphaned: nothing is known about the region that calls it (an ordered simd region's simd
// loop may be there too, as gcc takes it).
void orphaned(int n, int *a) {
#pragma omp for
  for (int i = 0; i < n; i++) a[i]++;
#pragma omp ordered
  a[0]++;
#pragma omp ordered simd
  a[0]++;
#pragma omp ordered threads simd
  a[0]++;
#pragma omp master
  a[0]++;
#pragma omp barrier
}
#endif
