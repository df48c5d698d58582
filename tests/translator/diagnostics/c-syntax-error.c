// Input that is not valid C gets Clang's own diagnostics, as the compiler would print them, and
// no translation: exit status 1, no output file, no error of the translator's own.  The file
// also contains a valid construct, which is not translated either.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// A type error, not only a parse error, stops translation too.
// RUN: not %omp2numa %s -o %t.c -- -DTYPE_ERROR 2>&1 | FileCheck %s --check-prefix=TYPE --implicit-check-not=error:
// RUN: not test -e %t.c

void f(int n, int *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
#ifndef TYPE_ERROR
  // CHECK: :[[@LINE+1]]:11: error: expected ';' after expression
  a[0] = 1
  // CHECK-NEXT: {{^}}  a[0] = 1{{$}}
  a[1] = 2;
  // CHECK: :[[@LINE+1]]:10: error: use of undeclared identifier 'undeclared'
  a[2] = undeclared;
#else
  // TYPE: :[[@LINE+1]]:8: error: assigning to 'int' from incompatible type 'struct s'
  a[0] = (struct s { int x; }){1};
#endif
}
