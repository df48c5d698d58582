// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// collapse(2) and collapse(3) over rectangular nests: a blocked matrix product over (i, j)
// tiles, a 3-D seven-point stencil over (i, j, k) whose innermost loop runs downwards, an image
// pass over tiles with non-unit steps, loops whose index types differ (int, long, unsigned), a
// nest with an empty inner loop (zero iterations in total) and one where the outer loop has fewer
// iterations than the team (the reason to collapse).  Under static, static with a chunk, dynamic
// and guided schedules, with a reduction and with lastprivate of the loop variables.  Every
// (i, j[, k]) must be visited exactly once, and the results equal the serial nest.

#include <omp.h>
#include <stdio.h>
#include <string.h>

#define NI 37
#define NJ 41
#define NK 29
#define MB 96
#define TILE 8
#define IMG 100

static double A[MB][MB], B[MB][MB], C[MB][MB], Cref[MB][MB];
static double g[NI][NJ][NK], gnew[NI][NJ][NK], gref[NI][NJ][NK];
static unsigned short visits[NI][NJ][NK];
static float img[IMG][IMG], img_ref[IMG][IMG];
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static void matmul_tiles(void)
{
  memset(C, 0, sizeof C);
#pragma omp parallel for collapse(2) schedule(dynamic)
  for (int ib = 0; ib < MB; ib += TILE)
    for (int jb = 0; jb < MB; jb += TILE)
      for (int i = ib; i < ib + TILE; i++)
        for (int j = jb; j < jb + TILE; j++) {
          double s = 0.0;
          for (int k = 0; k < MB; k++)
            s += A[i][k] * B[k][j];
          C[i][j] = s;
        }
  double sum = 0.0;
  int bad = 0;
  for (int i = 0; i < MB; i++)
    for (int j = 0; j < MB; j++) {
      double s = 0.0;
      for (int k = 0; k < MB; k++)
        s += A[i][k] * B[k][j];
      Cref[i][j] = s;
      if (C[i][j] != s && bad++ < 3)
        printf("MISMATCH C[%d][%d] = %.17g, want %.17g\n", i, j, C[i][j], s);
      sum += s;
    }
  failures += bad != 0;
  printf("collapse(2) tiled matmul: sum %.4f\n", sum);
}

#define STENCIL(src, i, j, k)                                                                      \
  (0.4 * src[i][j][k] +                                                                            \
   0.1 * (src[(i) - 1][j][k] + src[(i) + 1][j][k] + src[i][(j) - 1][k] + src[i][(j) + 1][k] +      \
          src[i][j][(k) - 1] + src[i][j][(k) + 1]))

static void stencil3d(void)
{
  double norm = 0.0;
  memset(visits, 0, sizeof visits);
  memcpy(gnew, g, sizeof g);
#pragma omp parallel for collapse(3) schedule(static) reduction(+ : norm)
  for (int i = 1; i < NI - 1; i++)
    for (int j = 1; j < NJ - 1; j++)
      for (int k = NK - 2; k >= 1; k--) {
        gnew[i][j][k] = STENCIL(g, i, j, k);
        norm += gnew[i][j][k] * gnew[i][j][k];
        visits[i][j][k]++;
      }
  double norm_ref = 0.0;
  int bad = 0;
  memcpy(gref, g, sizeof g);
  for (int i = 1; i < NI - 1; i++)
    for (int j = 1; j < NJ - 1; j++)
      for (int k = NK - 2; k >= 1; k--) {
        gref[i][j][k] = STENCIL(g, i, j, k);
        norm_ref += gref[i][j][k] * gref[i][j][k];
        if ((gnew[i][j][k] != gref[i][j][k] || visits[i][j][k] != 1) && bad++ < 3)
          printf("MISMATCH stencil (%d,%d,%d): %.17g (%d visits), want %.17g\n", i, j, k,
                 gnew[i][j][k], visits[i][j][k], gref[i][j][k]);
      }
  failures += bad != 0;
  double rel = (norm - norm_ref) / norm_ref;
  CHECK(rel < 1e-12 && rel > -1e-12, "stencil norm %.17g, want %.17g", norm, norm_ref);
  printf("collapse(3) stencil, k downwards: norm %.6f\n", norm_ref);
}

/* collapse(3) with a chunked static schedule, mixed index types and steps, inside a region. */
static void mixed_types(void)
{
  long cells = 0;
  memset(visits, 0, sizeof visits);
#pragma omp parallel reduction(+ : cells)
  {
#pragma omp for collapse(3) schedule(static, 7)
    for (long i = NI - 1; i >= 0; i -= 2)
      for (unsigned j = 0; j < NJ; j += 3)
        for (int k = 0; k < NK; k++) {
          visits[i][j][k]++;
          cells++;
        }
  }
  long want = 0;
  int bad = 0;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++) {
        int v = (i % 2 == (NI - 1) % 2) && j % 3 == 0;
        want += v;
        if (visits[i][j][k] != v && bad++ < 3)
          printf("MISMATCH mixed types: (%d,%d,%d) visited %d times, want %d\n", i, j, k,
                 visits[i][j][k], v);
      }
  failures += bad != 0;
  CHECK(cells == want, "mixed types: %ld cells, want %ld", cells, want);
  printf("collapse(3) long/unsigned/int, steps -2 and 3: %ld cells\n", want);
}

/* Image tiles, step TILE in both loops, guided; and lastprivate of the collapsed variables. */
static void image_tiles(void)
{
  int ti, tj;
  for (int i = 0; i < IMG; i++)
    for (int j = 0; j < IMG; j++)
      img[i][j] = img_ref[i][j] = (float)((i * 3 + j * 5) % 17);
#pragma omp parallel for collapse(2) schedule(guided) lastprivate(ti, tj)
  for (ti = 0; ti < IMG; ti += TILE)
    for (tj = IMG - 1; tj >= 0; tj -= TILE) {
      float mx = 0.0f;
      for (int i = ti; i < ti + TILE && i < IMG; i++)
        for (int j = tj; j > tj - TILE && j >= 0; j--)
          mx = img[i][j] > mx ? img[i][j] : mx;
      for (int i = ti; i < ti + TILE && i < IMG; i++)
        for (int j = tj; j > tj - TILE && j >= 0; j--)
          img[i][j] = img[i][j] / (mx > 0.0f ? mx : 1.0f);
    }
  int ti_ref, tj_ref = 0;
  for (ti_ref = 0; ti_ref < IMG; ti_ref += TILE)
    for (tj_ref = IMG - 1; tj_ref >= 0; tj_ref -= TILE) {
      float mx = 0.0f;
      for (int i = ti_ref; i < ti_ref + TILE && i < IMG; i++)
        for (int j = tj_ref; j > tj_ref - TILE && j >= 0; j--)
          mx = img_ref[i][j] > mx ? img_ref[i][j] : mx;
      for (int i = ti_ref; i < ti_ref + TILE && i < IMG; i++)
        for (int j = tj_ref; j > tj_ref - TILE && j >= 0; j--)
          img_ref[i][j] = img_ref[i][j] / (mx > 0.0f ? mx : 1.0f);
    }
  double s = 0.0;
  int bad = 0;
  for (int i = 0; i < IMG; i++)
    for (int j = 0; j < IMG; j++) {
      if (img[i][j] != img_ref[i][j] && bad++ < 3)
        printf("MISMATCH img[%d][%d] = %g, want %g\n", i, j, (double)img[i][j],
               (double)img_ref[i][j]);
      s += img_ref[i][j];
    }
  failures += bad != 0;
  CHECK(ti == ti_ref && tj == tj_ref, "lastprivate ti %d tj %d, want %d %d", ti, tj, ti_ref,
        tj_ref);
  printf("collapse(2) image tiles: sum %.4f, indices after the loop %d %d\n", s, ti_ref, tj_ref);
}

/* Outer loop shorter than the team; an empty inner loop. */
static void short_and_empty(int ni, int nj)
{
  long count = 0, sum = 0;
#pragma omp parallel for collapse(2) reduction(+ : count, sum) schedule(static, 1)
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      count++;
      sum += i * 1000 + j;
    }
  long sum_ref = 0;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      sum_ref += i * 1000 + j;
  CHECK(count == (long)ni * nj && sum == sum_ref, "%d x %d: %ld iterations, sum %ld", ni, nj,
        count, sum);
  printf("collapse(2) %d x %d: %ld iterations, sum %ld\n", ni, nj, (long)ni * nj, sum_ref);
}

int main(void)
{
  for (int i = 0; i < MB; i++)
    for (int j = 0; j < MB; j++) {
      A[i][j] = (double)((i * 7 + j) % 13) / 4.0;
      B[i][j] = (double)((i + j * 3) % 11) - 5.0;
    }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        g[i][j][k] = (double)((i * j + k) % 10) / 10.0;
  matmul_tiles();
  stencil3d();
  mixed_types();
  image_tiles();
  short_and_empty(2, 500);
  short_and_empty(3, 1);
  short_and_empty(5, 0);
  short_and_empty(0, 5);
  printf("collapse: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
