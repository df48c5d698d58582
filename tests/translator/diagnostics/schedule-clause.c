// Errors in a schedule clause: an unknown kind or modifier, a missing kind, a chunk on a kind
// that takes none, an empty chunk, and the array argument of genblock/indirect/wf2 missing or
// naming nothing.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int n, int *a) {
  // CHECK: :[[@LINE+1]]:26: error: unknown schedule kind 'fac3'
#pragma omp for schedule(fac3)
  // CHECK-NEXT: {{^}}#pragma omp for schedule(fac3){{$}}
  // CHECK-NEXT: {{^                         \^$}}
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:35: error: unknown schedule kind 'Static'
#pragma omp parallel for schedule(Static, 4)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:26: error: unknown schedule modifier 'steady' (expected 'monotonic', 'nonmonotonic' or 'simd')
#pragma omp for schedule(steady: static)
  for (int i = 0; i < n; i++) a[i] = i;

  // At most two modifiers, not both monotonic and nonmonotonic (gcc's rules); a repeated one and
  // simd with either are taken.
  // CHECK: :[[@LINE+1]]:26: error: both 'monotonic' and 'nonmonotonic' modifiers specified
#pragma omp for schedule(monotonic, nonmonotonic: dynamic)
  for (int i = 0; i < n; i++) a[i] = i;
  // CHECK: :[[@LINE+1]]:41: error: expected ':' after the second schedule modifier (a schedule takes at most two)
#pragma omp for schedule(simd, monotonic, simd: dynamic)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp for schedule(monotonic, monotonic: dynamic)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp for schedule(simd, nonmonotonic: dynamic)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:26: error: expected a schedule kind
#pragma omp for schedule()
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:37: error: expected a schedule kind
#pragma omp for schedule(monotonic: 4)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:26: error: schedule kind 'auto' does not take a chunk size
#pragma omp for schedule(auto, 2)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:26: error: schedule kind 'runtime' does not take a chunk size
#pragma omp for schedule(runtime, 2)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:26: error: schedule kind 'genblock' does not take a chunk size
#pragma omp for schedule(genblock(a), 2)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:34: error: expected an expression in the 'schedule' clause
#pragma omp for schedule(static, )
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:34: error: expected '(' after 'genblock': it takes an array argument, found ')'
#pragma omp for schedule(genblock)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:30: error: expected the name of an array in 'wf2(...)'
#pragma omp for schedule(wf2(), 2)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:34: error: expected '(' after 'indirect': it takes an array argument, found ','
#pragma omp for schedule(indirect, 2)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:33: error: expected ')' to close the schedule clause, found end of pragma
#pragma omp for schedule(dynamic
  for (int i = 0; i < n; i++) a[i] = i;
}

// Binding errors come after the syntax errors of the whole file.
void g(int n, int *a) {
  // CHECK: :[[@LINE+1]]:35: error: use of undeclared identifier 'nomap'
#pragma omp for schedule(genblock(nomap))
  for (int i = 0; i < n; i++) a[i] = i;
}
