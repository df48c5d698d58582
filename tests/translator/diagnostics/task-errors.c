// Tasks: what OpenMP forbids or omp2numa cannot do yet is a located error, and no output file.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=REG --implicit-check-not=error:
// RUN: not test -e %t.c

#if !CASE

void syntax(int n, int *a, int b) {
  // CHECK: :[[@LINE+1]]:25: error: expected a dependence type (in, out, inout, mutexinoutset, inoutset or depobj) in the 'depend' clause
#pragma omp task depend(a[0])
  a[0] = 1;
  // CHECK: :[[@LINE+1]]:25: error: 'depend(sink)' is only allowed on '#pragma omp ordered' (doacross loops)
#pragma omp task depend(sink : a[0])
  a[0] = 1;
  // CHECK: :[[@LINE+1]]:29: error: expected a list item in the 'depend' clause
#pragma omp task depend(in: )
  a[0] = 1;
  // CHECK: :[[@LINE+1]]:21: error: if clause modifier 'parallel' does not apply here
#pragma omp task if(parallel: b)
  a[0] = 1;
  // CHECK: :[[@LINE+1]]:27: error: clause 'num_threads' is not allowed on '#pragma omp task'
#pragma omp task final(b) num_threads(2)
  a[0] = 1;
  // CHECK: :[[@LINE+1]]:35: error: directive '#pragma omp taskloop' cannot have more than one 'grainsize' clause
#pragma omp taskloop grainsize(2) grainsize(3)
  for (int i = 0; i < n; i++)
    a[i] = i;
  // Names are resolved after every pragma is parsed.
  // CHECK: :[[@LINE+1]]:29: error: use of undeclared identifier 'c' in 'depend' clause
#pragma omp task depend(in: c)
  a[0] = 1;
}

void nesting(int n, int *a) {
#pragma omp parallel
#pragma omp task
  {
    // CHECK: :[[@LINE+1]]:13: error: '#pragma omp for' may not be closely nested inside of '#pragma omp task' (only the task's thread reaches it; enclose it in a parallel region)
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = i;
    // CHECK: :[[@LINE+1]]:13: error: '#pragma omp barrier' may not be closely nested inside of '#pragma omp task'
#pragma omp barrier
  }
}

#elif CASE == 2 // CASE 1, a taskloop's firstprivate variable-length array, is taken now
void shared_register(void) {
  register int r = 0;
#pragma omp parallel
#pragma omp single
  // REG: :[[@LINE+1]]:13: error: the task shares 'r', a variable declared 'register', which has no address: remove 'register' or make it firstprivate
#pragma omp task shared(r)
  r++;
}
#endif
