// The declare directives are not all device constructs: 'declare reduction' (user-defined
// reductions) and 'declare simd' are host features.  The error must name the directive as
// written and not call it a device construct.
//
// Bug (current): no longer called a device construct, but every 'declare ...' gets the same
// "'#pragma omp declare': declare directives (declare reduction, declare simd, declare target,
// declare variant) are not supported by omp2numa", which does not name the directive as written.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

// CHECK: :[[@LINE+1]]:13: error: '#pragma omp declare reduction': {{.*}}not supported
#pragma omp declare reduction(merge : int : omp_out += omp_in)
// CHECK-NOT: device
// CHECK: :[[@LINE+1]]:13: error: '#pragma omp declare simd': {{.*}}not supported
#pragma omp declare simd
int twice(int x);
// CHECK-NOT: device
