// The declare directives are not all device constructs: 'declare variant' is a host feature.
// The error must name the directive as written and not call it a device construct.  ('declare
// simd' passes through to the compiler: lower/simd/declare-simd.c; 'declare reduction' is
// translated: lower/reduction/declare-reduction.c.)
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

// CHECK: :[[@LINE+1]]:13: error: '#pragma omp declare variant': {{.*}}not supported
#pragma omp declare variant(twice) match(construct={parallel})
int twice(int x);
// CHECK-NOT: device
