// Errors of inscan reductions and scan directives, located as gcc locates them (and with its
// words where gcc has them): a scan outside a loop with inscan reductions, nested deeper than the
// loop's body, or twice; a loop with inscan reductions without a scan or without braces; list
// items in one of the two clauses only; the clauses gcc refuses beside inscan (schedule, ordered,
// linear of a variable other than the loop's, and plain reductions but on parallel for: on for,
// parallel for simd and parallel loop); inscan on a construct that is not a loop of for/simd, or
// inside target parallel for / target simd (gcc's words, for the inscan clause; with a scan in
// the body, the scan's error comes first, as it is checked first); array sections.  Not yet:
// arrays (gcc 12 crashes on them), cancel of such a loop.  One case per run: lowering stops at
// its first error.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=ORPHAN --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=NOT-INSCAN --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=NO-SCAN --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=TWO-SCANS --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=NESTED --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=NOT-LISTED --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=NOT-IN-SCAN --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=8 2>&1 | FileCheck %s --check-prefix=SCHEDULE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=9 2>&1 | FileCheck %s --check-prefix=ORDERED --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=10 2>&1 | FileCheck %s --check-prefix=SECTIONS --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=11 2>&1 | FileCheck %s --check-prefix=MIXED --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=12 2>&1 | FileCheck %s --check-prefix=NO-CLAUSE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=13 2>&1 | FileCheck %s --check-prefix=TWO-CLAUSES --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=14 2>&1 | FileCheck %s --check-prefix=SECTION --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=15 2>&1 | FileCheck %s --check-prefix=ARRAY --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=16 2>&1 | FileCheck %s --check-prefix=LINEAR --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=17 2>&1 | FileCheck %s --check-prefix=TASKLOOP --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=18 2>&1 | FileCheck %s --check-prefix=NO-BRACES --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=19 2>&1 | FileCheck %s --check-prefix=CANCEL --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=20 2>&1 | FileCheck %s --check-prefix=MIXED-SIMD --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=21 2>&1 | FileCheck %s --check-prefix=MIXED-LOOP --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=22 2>&1 | FileCheck %s --check-prefix=TARGET --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=23 2>&1 | FileCheck %s --check-prefix=TARGET-SCAN --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: %omp2numa %s -o %t.c -- -DCASE=24
// RUN: %cc -fsyntax-only -Werror -I%runtime_inc %t.c
// RUN: rm %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int n, int *a, int *b) {
  int x = 0, y = 0, arr[4] = {0};
  (void)arr;
#if CASE == 1
  // ORPHAN: :[[@LINE+1]]:13: error: '#pragma omp scan' may only be used in a loop construct with 'inscan' 'reduction' clause
#pragma omp scan inclusive(x)
#elif CASE == 2
#pragma omp parallel for reduction(+: x)
  for (int i = 0; i < n; i++) {
    x += a[i];
  // NOT-INSCAN: :[[@LINE+1]]:13: error: '#pragma omp scan' may only be used in a loop construct with 'inscan' 'reduction' clause
#pragma omp scan inclusive(x)
    b[i] = x;
  }
#elif CASE == 3
#pragma omp parallel for reduction(inscan, +: x)
  // NO-SCAN: :[[@LINE+1]]:31: error: expected '#pragma omp scan' in the body of a loop with an 'inscan' 'reduction' clause ({ input phase  #pragma omp scan ...  scan phase })
  for (int i = 0; i < n; i++) {
    x += a[i];
    b[i] = x;
  }
#elif CASE == 4
#pragma omp parallel for reduction(inscan, +: x)
  for (int i = 0; i < n; i++) {
    x += a[i];
#pragma omp scan inclusive(x)
    b[i] = x;
  // TWO-SCANS: :[[@LINE+1]]:13: error: the loop's body has more than one '#pragma omp scan'
#pragma omp scan inclusive(x)
    b[i] = x;
  }
#elif CASE == 5
#pragma omp parallel for reduction(inscan, +: x)
  for (int i = 0; i < n; i++) {
    x += a[i];
    if (n) {
  // NESTED: :[[@LINE+1]]:13: error: '#pragma omp scan' may only be used in a loop construct with 'inscan' 'reduction' clause, directly in the loop's body
#pragma omp scan inclusive(x)
    }
    b[i] = x;
  }
#elif CASE == 6
#pragma omp parallel for reduction(inscan, +: x)
  for (int i = 0; i < n; i++) {
    x += a[i];
  // NOT-LISTED: :[[@LINE+1]]:31: error: 'y' specified in 'inclusive' clause but not in 'inscan' 'reduction' clause on the containing construct
#pragma omp scan inclusive(x, y)
    b[i] = x;
  }
#elif CASE == 7
  // NOT-IN-SCAN: :[[@LINE+1]]:50: error: 'y' specified in 'inscan' 'reduction' clause but not in 'scan' directive clause
#pragma omp parallel for reduction(inscan, +: x, y)
  for (int i = 0; i < n; i++) {
    x += a[i];
#pragma omp scan inclusive(x)
    b[i] = x + y;
  }
#elif CASE == 8
  // SCHEDULE: :[[@LINE+1]]:50: error: 'schedule' clause specified together with 'inscan' 'reduction' clause
#pragma omp parallel for reduction(inscan, +: x) schedule(static, 2)
  for (int i = 0; i < n; i++) {
    x += a[i];
#pragma omp scan inclusive(x)
    b[i] = x;
  }
#elif CASE == 9
  // ORDERED: :[[@LINE+1]]:50: error: 'ordered' clause specified together with 'inscan' 'reduction' clause
#pragma omp parallel for reduction(inscan, +: x) ordered
  for (int i = 0; i < n; i++) {
    x += a[i];
#pragma omp scan inclusive(x)
    b[i] = x;
  }
#elif CASE == 10
  // SECTIONS: :[[@LINE+1]]:31: error: 'inscan' 'reduction' clause on 'parallel sections' construct
#pragma omp parallel sections reduction(inscan, +: x)
  {
    x++;
  }
#elif CASE == 11
#pragma omp parallel
  // MIXED: :[[@LINE+1]]:41: error: 'inscan' and non-'inscan' 'reduction' clauses on the same construct
#pragma omp for reduction(inscan, +: x) reduction(+: y)
  for (int i = 0; i < n; i++) {
    x += a[i];
#pragma omp scan inclusive(x)
    b[i] = x; y++;
  }
#elif CASE == 12
#pragma omp parallel for reduction(inscan, +: x)
  for (int i = 0; i < n; i++) {
    x += a[i];
  // NO-CLAUSE: :[[@LINE+1]]:13: error: expected one 'inclusive' or 'exclusive' clause
#pragma omp scan
    b[i] = x;
  }
#elif CASE == 13
#pragma omp parallel for reduction(inscan, +: x, y)
  for (int i = 0; i < n; i++) {
    x += a[i];
  // TWO-CLAUSES: :[[@LINE+1]]:31: error: expected one 'inclusive' or 'exclusive' clause
#pragma omp scan inclusive(x) exclusive(y)
    b[i] = x;
  }
#elif CASE == 14
  // SECTION: :[[@LINE+1]]:48: error: 'inscan' 'reduction' clause with array section
#pragma omp parallel for reduction(inscan, +: a[0:4])
  for (int i = 0; i < n; i++) {
    a[0] += i;
#pragma omp scan inclusive(a)
    b[i] = a[0];
  }
#elif CASE == 15
  // ARRAY: :[[@LINE+1]]:47: error: 'inscan' reduction over the array 'arr' is not supported yet (scalars are)
#pragma omp parallel for reduction(inscan, +: arr)
  for (int i = 0; i < n; i++) {
    arr[0] += i;
#pragma omp scan inclusive(arr)
    b[i] = arr[0];
  }
#elif CASE == 16
  // LINEAR: :[[@LINE+1]]:57: error: 'inscan' 'reduction' clause used together with 'linear' clause for a variable other than loop iterator
#pragma omp parallel for reduction(inscan, +: x) linear(y)
  for (int i = 0; i < n; i++) {
    x += a[i]; y++;
#pragma omp scan inclusive(x)
    b[i] = x;
  }
#elif CASE == 17
#pragma omp parallel
  // TASKLOOP: :[[@LINE+1]]:22: error: 'inscan' 'reduction' clause on 'taskloop' construct
#pragma omp taskloop reduction(inscan, +: x)
  for (int i = 0; i < n; i++) {
    x += a[i];
  }
#elif CASE == 19
#pragma omp parallel
  // CANCEL: :[[@LINE+1]]:13: error: '#pragma omp cancel' of a loop with 'inscan' reductions is not supported yet
#pragma omp for reduction(inscan, +: x)
  for (int i = 0; i < n; i++) {
    x += a[i];
#pragma omp scan inclusive(x)
    b[i] = x;
#pragma omp cancel for
  }
#elif CASE == 18
#pragma omp parallel for reduction(inscan, +: x)
  for (int i = 0; i < n; i++)
    // NO-BRACES: :[[@LINE+1]]:5: error: expected '#pragma omp scan' in the body of a loop with an 'inscan' 'reduction' clause ({ input phase  #pragma omp scan ...  scan phase })
    x += a[i];
#elif CASE == 20
  // MIXED-SIMD: :[[@LINE+1]]:47: error: 'inscan' and non-'inscan' 'reduction' clauses on the same construct
#pragma omp parallel for simd reduction(+: y) reduction(inscan, +: x)
  for (int i = 0; i < n; i++) {
    y += a[i];
    x += a[i];
#pragma omp scan inclusive(x)
    b[i] = x;
  }
#elif CASE == 21
  // MIXED-LOOP: :[[@LINE+5]]:13: error: '#pragma omp scan' may not be nested inside a '#pragma omp parallel loop' region
#pragma omp parallel loop reduction(+: y) reduction(inscan, +: x)
  for (int i = 0; i < n; i++) {
    y += a[i];
    x += a[i];
#pragma omp scan inclusive(x)
    b[i] = x;
  }
#elif CASE == 22
  // TARGET: :[[@LINE+1]]:33: error: 'inscan' 'reduction' clause on construct other than 'for', 'simd', 'for simd', 'parallel for', 'parallel for simd'
#pragma omp target parallel for reduction(inscan, +: x) map(to: a[0:n]) map(from: b[0:n])
  for (int i = 0; i < n; i++) {
    x += a[i];
    b[i] = x;
  }
#elif CASE == 23
#pragma omp target parallel for reduction(+: y) reduction(inscan, +: x)
  for (int i = 0; i < n; i++) {
    y += a[i];
    x += a[i];
  // TARGET-SCAN: :[[@LINE+1]]:13: error: '#pragma omp scan' may only be used in a loop construct with 'inscan' 'reduction' clause
#pragma omp scan inclusive(x)
    b[i] = x;
  }
#elif CASE == 24
  // Null case: on parallel for, the plain reduction is the parallel's.
#pragma omp parallel for reduction(+: y) reduction(inscan, +: x)
  for (int i = 0; i < n; i++) {
    y += a[i];
    x += a[i];
#pragma omp scan inclusive(x)
    b[i] = x;
  }
#endif
}

