// linear on a loop combined with distribute, as gcc 12 takes it: not at all without simd
// (distribute parallel for, and its teams / target teams forms: the clause is not allowed, at
// the clause, naming the construct as written), and with simd only for the loop iterator
// (distribute simd, distribute parallel for simd and their combined forms: at the variable).
// One case per run: translation stops at its first error.  Null cases: linear(i) of the loop
// iterator on the simd forms, and linear(j) on parallel for and target parallel for, which
// translate.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=DPF --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=TDPF --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=TTDPF --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=DPFS --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=TTDPFS --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=DS --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
// RUN: %omp2numa %s -o %t.c -- -DCASE=0
// RUN: %cc -fsyntax-only -Werror -I%runtime_inc %t.c

void f(int n, int *a) {
  int i, j = 0;
  (void)i;
#if CASE == 1
#pragma omp teams
  // DPF: :[[@LINE+2]]:37: error: clause 'linear' is not allowed on '#pragma omp distribute parallel for'
  // DPF-NEXT: {{^}}#pragma omp distribute parallel for linear(j: 2)
#pragma omp distribute parallel for linear(j: 2)
  for (int k = 0; k < n; k++) {
    a[k] = j;
    j += 2;
  }
#elif CASE == 2
  // TDPF: :[[@LINE+1]]:43: error: clause 'linear' is not allowed on '#pragma omp teams distribute parallel for'
#pragma omp teams distribute parallel for linear(j: 2)
  for (int k = 0; k < n; k++) {
    a[k] = j;
    j += 2;
  }
#elif CASE == 3
  // TTDPF: :[[@LINE+1]]:50: error: clause 'linear' is not allowed on '#pragma omp target teams distribute parallel for'
#pragma omp target teams distribute parallel for linear(i) map(from: a[0:n])
  for (i = 0; i < n; i++)
    a[i] = i;
#elif CASE == 4
#pragma omp teams
  // DPFS: :[[@LINE+1]]:49: error: 'linear' clause for variable other than loop iterator specified on construct combined with 'distribute'
#pragma omp distribute parallel for simd linear(j: 2)
  for (int k = 0; k < n; k++) {
    a[k] = j;
    j += 2;
  }
#elif CASE == 5
  // TTDPFS: :[[@LINE+1]]:62: error: 'linear' clause for variable other than loop iterator specified on construct combined with 'distribute'
#pragma omp target teams distribute parallel for simd linear(j: 2) map(from: a[0:n])
  for (int k = 0; k < n; k++) {
    a[k] = j;
    j += 2;
  }
#elif CASE == 6
  // DS: :[[@LINE+1]]:42: error: 'linear' clause for variable other than loop iterator specified on construct combined with 'distribute'
#pragma omp teams distribute simd linear(j)
  for (int k = 0; k < n; k++)
    a[k] = j++;
#else
#pragma omp teams distribute parallel for simd linear(i)
  for (i = 0; i < n; i++)
    a[i] = i;
#pragma omp target teams distribute parallel for simd linear(i) map(from: a[0:n])
  for (i = 0; i < n; i++)
    a[i] = i;
#pragma omp teams
#pragma omp distribute simd linear(i)
  for (i = 0; i < n; i++)
    a[i] = i;
#pragma omp parallel for linear(j: 2)
  for (int k = 0; k < n; k++) {
    a[k] = j;
    j += 2;
  }
#pragma omp target parallel for linear(j: 2) map(from: a[0:n])
  for (int k = 0; k < n; k++) {
    a[k] = j;
    j += 2;
  }
#endif
}
