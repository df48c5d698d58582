// The declare directives are not all device constructs: 'declare mapper' is rejected, and the
// error must name the directive as written and not call it a device construct.  ('declare simd'
// passes through to the compiler: lower/simd/declare-simd.c; 'declare reduction' is translated:
// lower/reduction/declare-reduction.c; 'declare variant' redirects calls:
// e2e/correctness/declare_variant.c, diagnostics/declare-variant.c.)
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

struct point { int x, y; };
// CHECK: :[[@LINE+1]]:13: error: '#pragma omp declare mapper': declare mapper is not supported by omp2numa
#pragma omp declare mapper(struct point p) map(p.x)
int twice(int x);
// CHECK-NOT: device
