// lastprivate(conditional: list) where gcc takes it; elsewhere, a located error (gcc's words)
// and no output file.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DNESTED 2>&1 | FileCheck %s --check-prefix=NESTED --implicit-check-not=error:
// RUN: not test -e %t.c

struct S { int a; };

#ifndef NESTED
int not_here(int n) {
  int x = 0, arr[4] = {0};
  struct S s = {0};
  // CHECK: :[[@LINE+1]]:34: error: conditional 'lastprivate' clause on 'taskloop' construct
#pragma omp taskloop lastprivate(conditional: x)
  for (int i = 0; i < n; i++)
    if (i & 1)
      x = i;
  // CHECK: :[[@LINE+1]]:51: error: non-scalar variable 'arr' in conditional 'lastprivate' clause
#pragma omp parallel for lastprivate(conditional: arr)
  for (int i = 0; i < n; i++)
    arr[0] = i;
  // CHECK: :[[@LINE+1]]:51: error: non-scalar variable 's' in conditional 'lastprivate' clause
#pragma omp parallel for lastprivate(conditional: s)
  for (int i = 0; i < n; i++)
    s.a = i;
  return x + arr[0] + s.a;
}
#else
int nested(int n) {
  int x = 0;
  // A nested region shares the private copy: its assignments cannot be noted (yet).
#pragma omp parallel for lastprivate(conditional: x)
  for (int i = 0; i < n; i++) {
#pragma omp parallel num_threads(2)
    // NESTED: :[[@LINE+1]]:5: error: assignment to 'x', a conditional lastprivate variable, in a nested region that shares it is not supported yet
    x = i;
  }
  // A task's copy is its own (firstprivate): fine.
#pragma omp parallel for lastprivate(conditional: x)
  for (int i = 0; i < n; i++) {
#pragma omp task
    x = i;
  }
  return x;
}
#endif
