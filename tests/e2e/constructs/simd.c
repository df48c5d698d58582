// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
// The translated file compiles and gives the same results without the simd hints too.
// RUN: %omp2numa %s -o %t.c
// RUN: %cc -std=c11 -O2 -Wall -Werror -I%runtime_inc %t.c -o %t.nosimd -L%obj_root/lib -Wl,-rpath,%obj_root/lib -lomp2numa
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.nosimd > %t.nosimd.out
// RUN: diff %t.o2n.out %t.nosimd.out
//
// simd, for simd, parallel for simd with safelen, simdlen, aligned, linear, reduction,
// lastprivate, private, nontemporal, if, collapse and order(concurrent): each result is checked
// against the loop run serially (integer sums, so every order of the reduction gives the same
// result), and printed for the comparison with gcc -fopenmp.  linear variables that the body
// advances itself (gcc and clang agree there).

#include <stdio.h>

#define N 1000

static int a[N] __attribute__((aligned(64))), b[N] __attribute__((aligned(64))), c[N];
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static long serial_dot(void) {
  long s = 0;
  for (int i = 0; i < N; i++)
    s += (long)a[i] * b[i];
  return s;
}

static void standalone(void) {
  long s = 0;
  int i, last = -1, tmp;
#pragma omp simd reduction(+ : s) safelen(16) simdlen(8) aligned(a, b : 64) lastprivate(last) private(tmp)
  for (i = 0; i < N; i++) {
    tmp = a[i] * b[i];
    s += tmp;
    last = tmp;
  }
  CHECK(s == serial_dot(), "simd reduction %ld", s);
  CHECK(i == N, "simd loop variable %d", i);
  CHECK(last == a[N - 1] * b[N - 1], "simd lastprivate %d", last);
  printf("simd: s=%ld i=%d last=%d\n", s, i, last);

  int j = 3, k;
  int *p = c;
#pragma omp simd linear(j : 2) linear(p) if(simd : j > 0) order(concurrent)
  for (k = 0; k < N; k += 2) {
    *p = j;
    j += 2;
    p++;
  }
  CHECK(j == 3 + N, "simd linear j %d", j);
  CHECK(p == c + N / 2 && c[N / 2 - 1] == 3 + N - 2, "simd linear p");
  printf("simd linear: j=%d k=%d c=%d\n", j, k, c[N / 2 - 1]);

  int m[8][8], mm = 0;
#pragma omp simd collapse(2) reduction(max : mm) nontemporal(c)
  for (int r = 0; r < 8; r++)
    for (int q = 0; q < 8; q++) {
      m[r][q] = r * q;
      c[r * 8 + q] = m[r][q];
      if (m[r][q] > mm)
        mm = m[r][q];
    }
  CHECK(mm == 49 && c[63] == 49, "simd collapse max %d", mm);
  printf("simd collapse: max=%d\n", mm);
}

static void worksharing(void) {
  long s = 0;
  int i, last = -1;
#pragma omp parallel
  {
#pragma omp for simd reduction(+ : s) schedule(static, 32) lastprivate(last) aligned(a : 64)
    for (i = 0; i < N; i++) {
      s += (long)a[i] * b[i];
      last = i * 2;
    }
  }
  CHECK(s == serial_dot() && i == N && last == 2 * (N - 1), "for simd %ld %d %d", s, i, last);
  printf("for simd: s=%ld i=%d last=%d\n", s, i, last);

  long t = 0;
  int j = 7;
#pragma omp parallel for simd reduction(+ : t) linear(j : 3) schedule(dynamic, 50) safelen(8)
  for (int k = 0; k < N; k++) {
    c[k] = j;
    t += j;
    j += 3;
  }
  long want = 0;
  for (int k = 0; k < N; k++)
    want += 7 + 3 * k;
  CHECK(t == want && j == 7 + 3 * N && c[N - 1] == 7 + 3 * (N - 1), "parallel for simd %ld %d",
        t, j);
  printf("parallel for simd: t=%ld j=%d\n", t, j);

  int mx = 0;
#pragma omp parallel for simd collapse(2) reduction(max : mx) if(parallel : N > 10) if(simd : 1)
  for (int r = 0; r < 40; r++)
    for (int q = 0; q < 25; q++)
      if (a[r * 25 + q] > mx)
        mx = a[r * 25 + q];
  CHECK(mx == N - 1, "collapse max %d", mx);
  printf("parallel for simd collapse: max=%d\n", mx);
}

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = (i % 7) - 3;
  }
  standalone();
  worksharing();
  printf("simd: %s\n", failures ? "FAILED" : "passed");
  return failures != 0;
}
