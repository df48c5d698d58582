// declare simd passes through to the compiler unchanged: gcc and clang make the function's simd
// variants under -fopenmp-simd (omp2numa-cc passes it).  Its clauses name the function's
// parameters, which the translator only checks by name.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -fopenmp-simd -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      {{^}}#pragma omp declare simd uniform(b) linear(i: 1) simdlen(4) notinbranch{{$}}
// CHECK-NEXT: {{^}}#pragma omp declare simd inbranch{{$}}
// CHECK-NEXT: {{^}}int twice(const int *b, int i);
#pragma omp declare simd uniform(b) linear(i: 1) simdlen(4) notinbranch
#pragma omp declare simd inbranch
int twice(const int *b, int i);

// CHECK:      {{^}}#pragma omp declare simd{{$}}
// CHECK-NEXT: {{^}}int twice(const int *b, int i) { return 2 * b[i]; }
#pragma omp declare simd
int twice(const int *b, int i) { return 2 * b[i]; }

// CHECK:      __omp2numa_parallel
void use(int n, const int *b, int *out) {
#pragma omp parallel for simd
  for (int i = 0; i < n; i++)
    out[i] = twice(b, i);
}
