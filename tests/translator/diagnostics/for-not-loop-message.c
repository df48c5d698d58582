// The message for a loop construct whose statement is not a for loop names the directive once,
// in quotes, as every other message does: "statement after '#pragma omp for' must be a for loop".
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int n, int *a) {
#pragma omp for
  // CHECK: :[[@LINE+1]]:3: error: statement after '#pragma omp for' must be a for loop{{$}}
  while (n--)
    a[n] = 0;
}
