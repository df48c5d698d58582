// Malformed simd clauses and error directives: located errors, no output.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DLOWER 2>&1 | FileCheck %s --check-prefix=LOWER --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DLINEAR 2>&1 | FileCheck %s --check-prefix=LINEAR --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DFATAL 2>&1 | FileCheck %s --check-prefix=FATAL --implicit-check-not=error:
// RUN: not test -e %t.c

void f(int n, float *a, double d) {
#ifdef LOWER
  // LOWER: :[[@LINE+1]]:29: error: 'simdlen(8)' is greater than 'safelen(4)'
#pragma omp simd safelen(4) simdlen(8)
  for (int i = 0; i < n; i++) a[i] = 0;
#elif defined(LINEAR)
  // LINEAR: :[[@LINE+1]]:25: error: linear variable 'd' must be a modifiable integer or pointer, not 'double'
#pragma omp simd linear(d : 1)
  for (int i = 0; i < n; i++) a[i] = (float)d;
#elif defined(FATAL)
  // FATAL: :[[@LINE+1]]:13: error: '#pragma omp error' encountered: unsupported configuration
#pragma omp error message("unsupported " "configuration")
#else
  // CHECK: :[[@LINE+1]]:26: error: the argument of 'safelen' must be a positive integer constant expression
#pragma omp simd safelen(0)
  for (int i = 0; i < n; i++) a[i] = 0;
  // CHECK: :[[@LINE+1]]:26: error: the argument of 'simdlen' must be a positive integer constant expression
#pragma omp simd simdlen(n)
  for (int i = 0; i < n; i++) a[i] = 0;
  // CHECK: :[[@LINE+1]]:29: error: directive '#pragma omp simd' cannot have more than one 'safelen' clause
#pragma omp simd safelen(4) safelen(8)
  for (int i = 0; i < n; i++) a[i] = 0;
  // CHECK: :[[@LINE+1]]:18: error: clause 'schedule' is not allowed on '#pragma omp simd'
#pragma omp simd schedule(static)
  for (int i = 0; i < n; i++) a[i] = 0;
  // CHECK: :[[@LINE+1]]:21: error: if clause modifier 'parallel' does not apply here
#pragma omp simd if(parallel: n > 4)
  for (int i = 0; i < n; i++) a[i] = 0;
  // CHECK: :[[@LINE+1]]:41: error: directive '#pragma omp parallel for simd' cannot have more than one 'if' clause
#pragma omp parallel for simd if(n > 1) if(simd: n > 4)
  for (int i = 0; i < n; i++) a[i] = 0;
  // CHECK: :[[@LINE+1]]:25: error: linear modifier 'ref' is not supported (C takes 'val')
#pragma omp simd linear(ref(n))
  for (int i = 0; i < n; i++) a[i] = 0;
  // CHECK: :[[@LINE+1]]:24: error: expected 'concurrent' in the 'order' clause
#pragma omp simd order(serial)
  for (int i = 0; i < n; i++) a[i] = 0;
  // CHECK: :[[@LINE+1]]:37: error: unexpected 'private' in '#pragma omp declare simd' (expected simdlen, uniform, linear, aligned, inbranch or notinbranch)
#pragma omp declare simd uniform(n) private(n)
  // CHECK: :[[@LINE+1]]:22: error: expected 'compilation' or 'execution' in the 'at' clause
#pragma omp error at(runtime)
  // CHECK: :[[@LINE+1]]:21: error: '#pragma omp nothing' takes no clauses
#pragma omp nothing severity(warning)
  // (The binder's errors come after the parser's.)
  // CHECK: :[[@LINE+1]]:36: error: 'd' appears in more than one data-sharing clause
#pragma omp simd private(d) linear(d)
  for (int i = 0; i < n; i++) a[i] = 0;
  a[0] = (float)d;
#endif
}
