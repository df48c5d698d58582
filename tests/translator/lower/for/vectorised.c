// Loops that gcc -fopenmp vectorises vectorise after translation too, with the same back end
// (issue #22): a worksharing loop's variable is stepped in its own type (gcc sees no evolution
// through `(int)((uint64_t)__o2n_lb + __o2n_k * __o2n_step)`), a region's read-only scalars are
// copies, written ones are members of the context (two pointers could overlap), and restrict
// pointers keep restrict.  Each kernel has one loop to vectorise; the count of distinct loops
// that the back end reports vectorised is the number of kernels, for gcc -fopenmp on the source,
// for gcc on the translation and for clang-16 on the translation.  Not yet: an unsigned loop
// variable narrower than 64 bits, which gcc vectorises in its own lowering (the loop's test is on
// the variable there) but not after translation (the stepped variable may wrap, for all gcc knows).
//
/*
 RUN: %omp2numa %s -o %t.c
 RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
 RUN: gcc -std=c11 -O3 -fopenmp-simd -fopt-info-vec-optimized -I%runtime_inc -c %t.c -o /dev/null 2>&1 \
 RUN:   | sed -n 's/^.*vectorised\.c:\([0-9]*\):[0-9]*: optimized: loop vectorized.*$/\1/p' | sort -u | wc -l \
 RUN:   | FileCheck --check-prefix=COUNT %s
 RUN: %if gcc-openmp %{ gcc -std=c11 -O3 -fopenmp -fopt-info-vec-optimized -c %s -o /dev/null 2>&1 \
 RUN:   | sed -n 's/^.*vectorised\.c:\([0-9]*\):[0-9]*: optimized: loop vectorized.*$/\1/p' | sort -u | wc -l \
 RUN:   | FileCheck --check-prefix=COUNT %s %}
 RUN: %if clang-openmp %{ clang-16 -std=c11 -O3 -fopenmp-simd -Rpass=loop-vectorize -I%runtime_inc -c %t.c -o /dev/null 2>&1 \
 RUN:   | grep -c 'remark: vectorized loop' | FileCheck --check-prefix=COUNT %s %}
   COUNT: {{^ *}}7{{$}}
*/

#define N 128
static double A[N][N], B[N][N], C[N][N];
static float x[4096], y[4096];

// The inner indices of a matrix product left shared: gcc vectorises the j loop.
void gemm_shared_indices(void) {
  int i, j, k;
#pragma omp parallel for
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
}

void saxpy(int n, float a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

// A region's own loop variable, declared before the loop; a and n only read.
void saxpy_in_region(int n, float a) {
  int i;
#pragma omp parallel
  {
#pragma omp for schedule(static)
    for (i = 0; i < n; i++)
      y[i] += a * x[i];
  }
}

void triad_restrict(long n, double *restrict a, const double *restrict b,
                    const double *restrict c, double q) {
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    a[i] = b[i] + q * c[i];
}

void decreasing(int n, float *restrict a) {
#pragma omp parallel for schedule(dynamic, 64)
  for (int i = n - 1; i >= 0; i--)
    a[i] = a[i] * 2.0f;
}

void stride_two(int n, float *restrict a) {
#pragma omp parallel for
  for (int i = 0; i < n; i += 2)
    a[i] = a[i] * 2.0f;
}

void simd_alone(int n, float *restrict a) {
#pragma omp simd
  for (int i = 0; i < n; i++)
    a[i] = a[i] * 2.0f;
}
