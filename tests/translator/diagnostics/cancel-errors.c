// cancel and cancellation point: a construct kind is required, and they must be closely nested
// in a construct of that kind (gcc's rule and wording); cancelling a nowait or ordered loop is
// a warning, as in gcc.  Errors leave no output file.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not test -e %t.c
// RUN: %omp2numa %s -o %t.c -- -DWARNINGS 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=error:

void use(int);

#ifndef WARNINGS
void errors(int n) {
  // CHECK: :[[@LINE+1]]:19: error: '#pragma omp cancel' must name the construct it cancels: 'parallel', 'for', 'sections' or 'taskgroup'
#pragma omp cancel
  // CHECK: :[[@LINE+1]]:36: error: '#pragma omp cancellation point' names more than one construct
#pragma omp cancellation point for parallel
  // CHECK: :[[@LINE+1]]:28: error: if clause modifier 'parallel' does not apply here
#pragma omp cancel for if (parallel: n)
  // CHECK: :[[@LINE+1]]:36: error: clause 'if' is not allowed on '#pragma omp cancellation point'
#pragma omp cancellation point for if (n)
#pragma omp parallel
  {
    // CHECK: :[[@LINE+1]]:13: error: '#pragma omp cancel for' construct not closely nested inside of '#pragma omp for'
#pragma omp cancel for
#pragma omp for
    for (int i = 0; i < n; i++) {
      // CHECK: :[[@LINE+1]]:13: error: '#pragma omp cancel parallel' construct not closely nested inside of '#pragma omp parallel'
#pragma omp cancel parallel
    }
#pragma omp master
    {
      // CHECK: :[[@LINE+1]]:13: error: '#pragma omp cancellation point parallel' construct not closely nested inside of '#pragma omp parallel'
#pragma omp cancellation point parallel
    }
    // CHECK: :[[@LINE+1]]:13: error: '#pragma omp cancel taskgroup' construct not closely nested inside of '#pragma omp task'
#pragma omp cancel taskgroup
#pragma omp task
    {
      // CHECK: :[[@LINE+1]]:13: error: '#pragma omp cancel taskgroup' construct not closely nested inside of 'taskgroup' region
#pragma omp cancel taskgroup
      // A cancellation point too (gcc's rule; the nesting tester's finding).
      // CHECK: :[[@LINE+1]]:13: error: '#pragma omp cancellation point taskgroup' construct not closely nested inside of 'taskgroup' region
#pragma omp cancellation point taskgroup
    }
  }
  // A target region ends the search for the taskgroup, as a parallel one does.
#pragma omp taskgroup
#pragma omp target
  {
#pragma omp task
    {
      // CHECK: :[[@LINE+1]]:13: error: '#pragma omp cancellation point taskgroup' construct not closely nested inside of 'taskgroup' region
#pragma omp cancellation point taskgroup
    }
  }
#pragma omp parallel sections
  {
#pragma omp section
    {
      // CHECK: :[[@LINE+1]]:13: error: '#pragma omp cancel for' construct not closely nested inside of '#pragma omp for'
#pragma omp cancel for
    }
  }
  // Orphaned: a cancel binds to the construct around it in the same function.
  // CHECK: :[[@LINE+1]]:13: error: '#pragma omp cancel sections' construct not closely nested inside of '#pragma omp sections'
#pragma omp cancel sections
}
#else
void warnings(int n) {
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < n; i++) {
      // WARN: :[[@LINE+1]]:13: warning: 'cancel for' inside 'nowait' for construct
#pragma omp cancel for
      use(i);
    }
#pragma omp for ordered
    for (int i = 0; i < n; i++) {
      // WARN: :[[@LINE+1]]:13: warning: 'cancel for' inside 'ordered' for construct
#pragma omp cancel for
#pragma omp ordered
      use(i);
    }
  }
}

// A task in a taskgroup of the same region, or in none of this function (it may be called
// from a taskgroup): a cancellation point of the taskgroup may stand in it, as in gcc.
void in_taskgroup(int n) {
#pragma omp parallel
#pragma omp taskgroup
  {
#pragma omp task
    {
#pragma omp cancellation point taskgroup
      use(n);
    }
  }
#pragma omp task
  {
#pragma omp cancellation point taskgroup
    use(n);
  }
}

// The loop of teams distribute parallel for (of its inner part, distribute parallel for) is a
// for construct's (the nesting tester's finding).
void distribute_for(int n) {
#pragma omp teams distribute parallel for
  for (int i = 0; i < n; i++) {
#pragma omp cancel for
#pragma omp cancellation point for
    use(i);
  }
}
#endif
