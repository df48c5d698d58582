// A metadirective whose choice the host cannot make, or that is not well formed, is an error
// located at the cause, with no output (Metadirective.h).  One case per run.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=CONSTRUCT --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=DYNAMIC --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=CLAUSE --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=NESTED --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=COLON --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=TWICE --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=VARIANT --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int n, int *a) {
#if CASE == 1
  // CONSTRUCT: :[[@LINE+1]]:43: error: a construct selector in '#pragma omp metadirective' is not supported yet
#pragma omp metadirective when(construct={parallel}: for) default(parallel for)
  for (int i = 0; i < n; i++) a[i] = i;
#elif CASE == 2
  // DYNAMIC: :[[@LINE+1]]:38: error: a 'condition' that is not an integer constant is not supported yet
#pragma omp metadirective when(user={condition(n > 100)}: parallel for) default(for)
  for (int i = 0; i < n; i++) a[i] = i;
#elif CASE == 3
  // CLAUSE: :[[@LINE+1]]:55: error: unexpected 'if' in '#pragma omp metadirective' (expected 'when' or 'default')
#pragma omp metadirective when(device={kind(host)}: ) if(n)
  a[0] = n;
#elif CASE == 4
  // NESTED: :[[@LINE+1]]:53: error: a directive variant of '#pragma omp metadirective' cannot be another metadirective
#pragma omp metadirective when(device={kind(host)}: metadirective default(parallel))
  a[0] = n;
#elif CASE == 5
  // COLON: :[[@LINE+1]]:27: error: expected ':' and a directive variant after the context selector
#pragma omp metadirective when(device={kind(host)})
  a[0] = n;
#elif CASE == 6
  // TWICE: :[[@LINE+1]]:45: error: '#pragma omp metadirective' has more than one 'default' clause
#pragma omp metadirective default(parallel) default(single)
  a[0] = n;
#elif CASE == 7
  // The chosen variant is parsed as the directive it is, with its own errors.
  // VARIANT: :[[@LINE+1]]:62: error: unknown OpenMP clause 'colour'
#pragma omp metadirective when(device={kind(host)}: parallel colour(red))
  a[0] = n;
#endif
}
