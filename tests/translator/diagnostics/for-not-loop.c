// The statement of a loop construct must be a for loop: a while loop, a block or an expression
// statement is an error at that statement.  (The exact wording of the message:
// for-not-loop-message.c.)  One case per run: lowering stops at its first error.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=WHILE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=BLOCK --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=EXPR --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int n, int *a) {
#if CASE == 1
#pragma omp for
  // WHILE: :[[@LINE+1]]:3: error: statement after {{.*}}#pragma omp for{{.*}} must be a for loop
  while (n--)
    // WHILE-NEXT: {{^}}  while (n--){{$}}
    // WHILE-NEXT: {{^  \^$}}
    a[n] = 0;
#elif CASE == 2
#pragma omp parallel for
  // BLOCK: :[[@LINE+1]]:3: error: statement after {{.*}}#pragma omp parallel for{{.*}} must be a for loop
  {
    for (int i = 0; i < n; i++)
      a[i] = i;
  }
#elif CASE == 3
#pragma omp for
  // EXPR: :[[@LINE+1]]:3: error: statement after {{.*}}#pragma omp for{{.*}} must be a for loop
  a[n] = 0;
#endif
}
