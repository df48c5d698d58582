// Data the translator cannot copy yet: a copyprivate array (error at the variable's name in the
// clause, no output).
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// STATUS: status=1

void f(int *a) {
#pragma omp parallel
  {
    int arr[4] = {0};
    // CHECK: :[[@LINE+1]]:32: error: copyprivate arrays are not supported yet
#pragma omp single copyprivate(arr)
    arr[0] = a[0];
    a[1] = arr[0];
  }
}
