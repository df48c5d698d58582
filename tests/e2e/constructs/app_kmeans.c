// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// A k-means clustering application in the common "one parallel region around the whole
// iteration" style: per-thread partial sums in arrays declared inside the region, a `for nowait`
// over the points (assignment step), a `critical` merge of the partial sums, a `barrier`, a
// `single` that updates the centroids and decides whether to continue (its implicit barrier
// publishes the decision), and a `for reduction(+)` counting reassigned points.  The points have
// integer coordinates and the sums are exact, so every team size reproduces the serial centroids
// and iteration count bitwise.

#include <omp.h>
#include <stdio.h>
#include <string.h>

#define NPOINTS 20000
#define K 6
#define DIM 3
#define MAXITER 50

struct point {
  double x[DIM];
  int cluster;
};

struct centroid {
  double x[DIM];
  long members;
};

static struct point pts[NPOINTS], pts_ref[NPOINTS];
static struct centroid cent[K], cent_ref[K];
static double sums[K][DIM];
static long counts[K];
static int failures;

static double dist2(const double *a, const double *b)
{
  double s = 0.0;
  for (int d = 0; d < DIM; d++)
    s += (a[d] - b[d]) * (a[d] - b[d]);
  return s;
}

static int nearest(const struct centroid *c, const double *x)
{
  int best = 0;
  double bd = dist2(c[0].x, x);
  for (int k = 1; k < K; k++) {
    double d = dist2(c[k].x, x);
    if (d < bd) { /* ties go to the lower index */
      bd = d;
      best = k;
    }
  }
  return best;
}

static void init_centroids(struct centroid *c, const struct point *p)
{
  for (int k = 0; k < K; k++) {
    memcpy(c[k].x, p[k * 997].x, sizeof c[k].x);
    c[k].members = 0;
  }
}

static int kmeans_serial(void)
{
  int it;
  init_centroids(cent_ref, pts_ref);
  for (it = 0; it < MAXITER; it++) {
    double s[K][DIM] = {{0}};
    long n[K] = {0};
    long changed = 0;
    for (int i = 0; i < NPOINTS; i++) {
      int k = nearest(cent_ref, pts_ref[i].x);
      changed += k != pts_ref[i].cluster;
      pts_ref[i].cluster = k;
      n[k]++;
      for (int d = 0; d < DIM; d++)
        s[k][d] += pts_ref[i].x[d];
    }
    for (int k = 0; k < K; k++) {
      cent_ref[k].members = n[k];
      if (n[k])
        for (int d = 0; d < DIM; d++)
          cent_ref[k].x[d] = s[k][d] / n[k];
    }
    if (changed == 0)
      break;
  }
  return it;
}

static int kmeans_parallel(void)
{
  int iterations = 0;
  int done = 0;
  long changed = 0;
  init_centroids(cent, pts);

#pragma omp parallel shared(iterations, done, changed)
  {
    while (!done) {
      double my_sums[K][DIM];
      long my_counts[K];
      memset(my_sums, 0, sizeof my_sums);
      memset(my_counts, 0, sizeof my_counts);

#pragma omp for schedule(static) reduction(+ : changed) nowait
      for (int i = 0; i < NPOINTS; i++) {
        int k = nearest(cent, pts[i].x);
        changed += k != pts[i].cluster;
        pts[i].cluster = k;
        my_counts[k]++;
        for (int d = 0; d < DIM; d++)
          my_sums[k][d] += pts[i].x[d];
      }
#pragma omp critical(merge)
      {
        for (int k = 0; k < K; k++) {
          counts[k] += my_counts[k];
          for (int d = 0; d < DIM; d++)
            sums[k][d] += my_sums[k][d];
        }
      }
#pragma omp barrier
#pragma omp single
      {
        for (int k = 0; k < K; k++) {
          cent[k].members = counts[k];
          if (counts[k])
            for (int d = 0; d < DIM; d++)
              cent[k].x[d] = sums[k][d] / counts[k];
          counts[k] = 0;
          for (int d = 0; d < DIM; d++)
            sums[k][d] = 0.0;
        }
        if (changed == 0 || iterations == MAXITER - 1)
          done = 1;
        else
          iterations++;
        changed = 0;
      }
      /* implicit barrier: everyone sees done and the new centroids */
    }
  }
  return iterations;
}

int main(void)
{
  unsigned seed = 4242u;
  for (int i = 0; i < NPOINTS; i++) {
    int blob = i % K;
    for (int d = 0; d < DIM; d++) {
      seed = seed * 1103515245u + 12345u;
      pts[i].x[d] = (double)(blob * 40 * (d + 1) % 170) + (double)((seed >> 16) % 61) - 30.0;
    }
    pts[i].cluster = -1;
    pts_ref[i] = pts[i];
  }
  int it_ref = kmeans_serial();
  int it = kmeans_parallel();
  if (it != it_ref) {
    printf("MISMATCH iterations %d, want %d\n", it, it_ref);
    failures++;
  }
  int bad = 0;
  for (int i = 0; i < NPOINTS; i++)
    if (pts[i].cluster != pts_ref[i].cluster && bad++ < 3)
      printf("MISMATCH point %d in cluster %d, want %d\n", i, pts[i].cluster, pts_ref[i].cluster);
  failures += bad != 0;
  printf("k-means: %d points, %d clusters, %d iterations\n", NPOINTS, K, it_ref);
  for (int k = 0; k < K; k++) {
    int same = cent[k].members == cent_ref[k].members;
    for (int d = 0; d < DIM; d++)
      same = same && cent[k].x[d] == cent_ref[k].x[d];
    if (!same) {
      printf("MISMATCH centroid %d\n", k);
      failures++;
    }
    printf("  centroid %d: (%.6f, %.6f, %.6f), %ld members\n", k, cent_ref[k].x[0],
           cent_ref[k].x[1], cent_ref[k].x[2], cent_ref[k].members);
  }
  printf("app_kmeans: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
