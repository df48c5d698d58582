// The back end vectorises the loop that runs each chunk of a translated `parallel for simd`:
// omp2numa-cc compiles with -fopenmp-simd, and the hint's reduction clause lets gcc reorder the
// float sum (without it, and without -ffast-math, gcc keeps the sequential order and does not
// vectorise the reduction).
//
// REQUIRES: translator
// RUN: env OMP2NUMA_CC=gcc %omp2numa-cc -std=c11 -O2 -Wall -Werror -fopt-info-vec-optimized -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: vectorised.c:{{[0-9]+}}:{{[0-9]+}}: optimized: loop vectorized
// (The line is the generated loop's, which counts on from the pragma's: the file has one loop.)
//
// Without the hint's clauses (the translated file compiled without -fopenmp-simd) the float
// reduction is not vectorised.
// RUN: %omp2numa %s -o %t.c
// RUN: gcc -std=c11 -O2 -Wall -Werror -I%runtime_inc -fopt-info-vec-optimized -c %t.c -o %t.plain.o 2>&1 | FileCheck %s --check-prefix=PLAIN --allow-empty
// PLAIN-NOT: loop vectorized

float dot(int n, const float *restrict x, const float *restrict y) {
  float s = 0;
#pragma omp parallel for simd reduction(+ : s) schedule(static)
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}
