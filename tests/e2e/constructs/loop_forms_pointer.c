// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Loops whose index is a pointer, as C code walks buffers: `for (double *p = a; p < a + n; p++)`,
// `p != end`, pointers to structs with a step of 2, a `const char *` over a string, a pointer to
// a row of a 2-D array (`double (*row)[M]`), a pointer declared before the loop, and downwards
// walks that stop at the first element (`p > a`, reading p[-1]).  On `parallel for` and on `for`
// inside `parallel`, with static, dynamic and guided schedules, including zero-trip loops
// (an empty buffer).  Every element written is compared with the serial loop.

#include <omp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define N 5003
#define R 64
#define M 48

struct cell {
  double density;
  double pressure;
  int flags;
};

/* Margins around the buffers: loops that step by more than one may leave their pointer just past
   a + n (or, going down, just before a), which C allows only inside the same array object. */
#define PAD 4
static double buf[N + 2 * PAD], ref[N + 2 * PAD];
static struct cell cells[N + PAD], cells_ref[N + PAD];
static double mat[R][M], mat_ref[R][M];
static int failures;

#define EOS(rho) (0.4 * (rho) * (rho) + 1.0)

static void compare(const char *form, const double *got, const double *want, size_t n)
{
  size_t bad = 0;
  for (size_t k = 0; k < n; k++)
    if (got[k] != want[k] && bad++ < 3)
      printf("MISMATCH %s: [%zu] = %.17g, want %.17g\n", form, k, got[k], want[k]);
  failures += bad != 0;
  double s = 0.0;
  for (size_t k = 0; k < n; k++)
    s += want[k];
  printf("%-48s sum %.4f\n", form, s);
}

static void reset(void)
{
  for (int i = 0; i < N + 2 * PAD; i++)
    buf[i] = ref[i] = (double)(i % 37) * 0.25;
}

static void array_walks(double *a, double *r, size_t n)
{
  reset();
#pragma omp parallel for schedule(static)
  for (double *p = a; p < a + n; p++)
    *p = *p * 2.0 + 1.0;
  for (double *p = r; p < r + n; p++)
    *p = *p * 2.0 + 1.0;
  compare("for (double *p = a; p < a + n; p++)", a, r, n);

  reset();
  double *const end = a + n;
#pragma omp parallel for schedule(dynamic, 64)
  for (double *p = a; p != end; ++p)
    *p -= 3.0;
  for (double *p = r; p != r + n; ++p)
    *p -= 3.0;
  compare("for (double *p = a; p != end; ++p) dynamic,64", a, r, n);

  reset();
#pragma omp parallel for schedule(guided)
  for (double *p = a + n; p > a; p--)
    p[-1] = p[-1] * p[-1];
  for (double *p = r + n; p > r; p--)
    p[-1] = p[-1] * p[-1];
  compare("for (double *p = a + n; p > a; p--), p[-1]", a, r, n);

  reset();
  double *q;
#pragma omp parallel for schedule(static, 5)
  for (q = a + 1; q <= a + n - 2; q += 3)
    q[0] = q[-1] + q[1];
  for (q = r + 1; q <= r + n - 2; q += 3)
    q[0] = q[-1] + q[1];
  compare("for (q = a + 1; q <= a + n - 2; q += 3), static,5", a, r, n);

  reset();
#pragma omp parallel for
  for (double *p = a + n - 1; p >= a + 1; p -= 2)
    *p = -*p;
  for (double *p = r + n - 1; p >= r + 1; p -= 2)
    *p = -*p;
  compare("for (double *p = a + n - 1; p >= a + 1; p -= 2)", a, r, n);
}

static void struct_walks(struct cell *c, struct cell *cr, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    c[i].density = cr[i].density = 1.0 + (double)(i % 11) / 8.0;
    c[i].pressure = cr[i].pressure = 0.0;
    c[i].flags = cr[i].flags = 0;
  }
#pragma omp parallel
  {
#pragma omp for schedule(static)
    for (struct cell *p = c; p < c + n; p += 2) /* even cells */
      p->pressure = EOS(p->density);
#pragma omp for schedule(dynamic, 3)
    for (struct cell *p = c + 1; p < c + n; p += 2) { /* odd cells */
      p->pressure = EOS(p->density);
      p->flags |= 1;
    }
  }
  for (struct cell *p = cr; p < cr + n; p += 2)
    p->pressure = EOS(p->density);
  for (struct cell *p = cr + 1; p < cr + n; p += 2) {
    p->pressure = EOS(p->density);
    p->flags |= 1;
  }
  size_t bad = 0;
  double s = 0.0;
  long flags = 0;
  for (size_t i = 0; i < n; i++) {
    if ((c[i].pressure != cr[i].pressure || c[i].flags != cr[i].flags) && bad++ < 3)
      printf("MISMATCH struct walk: cell %zu pressure %.17g flags %d, want %.17g %d\n", i,
             c[i].pressure, c[i].flags, cr[i].pressure, cr[i].flags);
    s += cr[i].pressure;
    flags += cr[i].flags;
  }
  failures += bad != 0;
  printf("%-48s sum %.4f, %ld flagged\n", "for (struct cell *p = c; p < c + n; p += 2)", s, flags);
}

static void string_walk(const char *text)
{
  size_t len = strlen(text);
  long vowels = 0, digits = 0, vowels_ref = 0, digits_ref = 0;
#pragma omp parallel for reduction(+ : vowels, digits)
  for (const char *s = text; s < text + len; s++) {
    if (strchr("aeiouAEIOU", *s))
      vowels++;
    else if (*s >= '0' && *s <= '9')
      digits++;
  }
  for (const char *s = text; s < text + len; s++) {
    if (strchr("aeiouAEIOU", *s))
      vowels_ref++;
    else if (*s >= '0' && *s <= '9')
      digits_ref++;
  }
  if (vowels != vowels_ref || digits != digits_ref) {
    printf("MISMATCH string walk: %ld vowels %ld digits, want %ld %ld\n", vowels, digits,
           vowels_ref, digits_ref);
    failures++;
  }
  printf("%-48s %ld vowels, %ld digits\n", "for (const char *s = text; s < text + len; s++)",
         vowels_ref, digits_ref);
}

static void row_walk(void)
{
  for (int i = 0; i < R; i++)
    for (int j = 0; j < M; j++)
      mat[i][j] = mat_ref[i][j] = (double)(i - j) / 4.0;
#pragma omp parallel for schedule(static, 2)
  for (double(*row)[M] = mat; row < mat + R; row++) {
    double mx = (*row)[0];
    for (int j = 1; j < M; j++)
      mx = (*row)[j] > mx ? (*row)[j] : mx;
    for (int j = 0; j < M; j++)
      (*row)[j] -= mx;
  }
  for (double(*row)[M] = mat_ref; row < mat_ref + R; row++) {
    double mx = (*row)[0];
    for (int j = 1; j < M; j++)
      mx = (*row)[j] > mx ? (*row)[j] : mx;
    for (int j = 0; j < M; j++)
      (*row)[j] -= mx;
  }
  compare("for (double (*row)[M] = mat; row < mat + R; row++)", &mat[0][0], &mat_ref[0][0],
          (size_t)R * M);
}

static void empty_buffers(double *a, size_t n) /* n == 0 */
{
  long visits = 0;
#pragma omp parallel reduction(+ : visits)
  {
#pragma omp for
    for (double *p = a; p < a + n; p++)
      visits++;
#pragma omp for schedule(dynamic)
    for (double *p = a + n; p > a; p--)
      visits++;
#pragma omp for schedule(guided)
    for (double *p = a; p != a + n; p++)
      visits++;
  }
  if (visits != 0) {
    printf("MISMATCH zero-trip pointer loops ran %ld iterations\n", visits);
    failures++;
  }
  printf("%-48s %ld iterations\n", "zero-trip pointer loops", visits);
}

int main(void)
{
  static const size_t sizes[] = {N, 17, 2, 1};
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    printf("n = %zu\n", sizes[k]);
    array_walks(buf + PAD, ref + PAD, sizes[k]);
    struct_walks(cells, cells_ref, sizes[k]);
  }
  string_walk("OpenMP 5.2 was released in November 2021; omp2numa translates a subset of it "
              "into C11 and pthreads, version 0.1.0 of 2024.");
  row_walk();
  empty_buffers(buf + PAD, 0);
  printf("loop_forms_pointer: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
