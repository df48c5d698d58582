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
// `sections` / `section` inside `parallel`, and `parallel sections`: independent kernels run as one
// task each, the way a code computes several unrelated statistics of one data set or updates
// separate fields.  Covers more sections than threads and fewer, a first section without its
// `section` directive (allowed by the spec), sections that call helpers and contain loops, private,
// firstprivate (read-only in the sections: a firstprivate copy belongs to the thread, which may run
// several sections), lastprivate (the value from the lexically last section, on sections and on
// parallel sections), reduction(+ / max) across sections, nowait followed by an explicit barrier,
// and two sections constructs in one region.  Every section must run exactly once.

#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 6007
#define BINS 16
#define NSEC 6
#define FMAX(a, b) ((a) > (b) ? (a) : (b))
#define FABS(a) ((a) < 0 ? -(a) : (a))

static double data[N];
static int hist[BINS], hist_ref[BINS];
static int sec_runs[NSEC];
static double smoothed[N], sorted_prefix[64];
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static double mean_of(const double *v, int n)
{
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s / n;
}

static double variance_of(const double *v, int n, double mean)
{
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += (v[i] - mean) * (v[i] - mean);
  return s / (n - 1);
}

static void histogram(const double *v, int n, int *h)
{
  for (int b = 0; b < BINS; b++)
    h[b] = 0;
  for (int i = 0; i < n; i++) {
    int b = (int)(v[i] * BINS);
    h[b < 0 ? 0 : b >= BINS ? BINS - 1 : b]++;
  }
}

static void insertion_sort(double *v, int n)
{
  for (int i = 1; i < n; i++) {
    double key = v[i];
    int j = i - 1;
    while (j >= 0 && v[j] > key) {
      v[j + 1] = v[j];
      j--;
    }
    v[j + 1] = key;
  }
}

/* Statistics of one data set, one section each. */
static void statistics(void)
{
  double mean = 0.0, var = 0.0, maxdiff = 0.0;
  int last_stage = -1;
  double scratch[64];
  memset(sec_runs, 0, sizeof sec_runs);

#pragma omp parallel shared(mean, var, maxdiff)
  {
#pragma omp sections private(scratch) lastprivate(last_stage)
    {
      { /* the first section needs no `section` directive */
        mean = mean_of(data, N);
        sec_runs[0]++;
        last_stage = 0;
      }
#pragma omp section
      {
        histogram(data, N, hist);
        sec_runs[1]++;
        last_stage = 1;
      }
#pragma omp section
      {
        for (int i = 0; i < N; i++) /* a 3-point smoother */
          smoothed[i] = (data[i > 0 ? i - 1 : 0] + data[i] + data[i < N - 1 ? i + 1 : N - 1]) / 3.0;
        sec_runs[2]++;
        last_stage = 2;
      }
#pragma omp section
      {
        memcpy(scratch, data, sizeof scratch); /* the section's own scratch array */
        insertion_sort(scratch, 64);
        memcpy(sorted_prefix, scratch, sizeof scratch);
        sec_runs[3]++;
        last_stage = 3;
      }
#pragma omp section
      {
        double m = 0.0;
        for (int i = 1; i < N; i++)
          m = FMAX(m, FABS(data[i] - data[i - 1]));
        maxdiff = m;
        sec_runs[4]++;
        last_stage = 4;
      }
#pragma omp section
      {
        sec_runs[5]++;
        last_stage = 5; /* lexically last: its value survives */
      }
    }
    /* implicit barrier: mean is ready */
#pragma omp sections
    {
#pragma omp section
      var = variance_of(data, N, mean);
    }
  }

  for (int s = 0; s < NSEC; s++)
    CHECK(sec_runs[s] == 1, "statistics: section %d ran %d times", s, sec_runs[s]);
  CHECK(last_stage == 5, "statistics: lastprivate gives %d, want 5", last_stage);
  double mean_ref = mean_of(data, N);
  CHECK(mean == mean_ref, "mean %.17g, want %.17g", mean, mean_ref);
  CHECK(var == variance_of(data, N, mean_ref), "variance %.17g", var);
  histogram(data, N, hist_ref);
  for (int b = 0; b < BINS; b++)
    CHECK(hist[b] == hist_ref[b], "histogram bin %d: %d, want %d", b, hist[b], hist_ref[b]);
  double sm = 0.0;
  for (int i = 0; i < N; i++) {
    double want = (data[i > 0 ? i - 1 : 0] + data[i] + data[i < N - 1 ? i + 1 : N - 1]) / 3.0;
    CHECK(smoothed[i] == want, "smoothed[%d]", i);
    sm += want;
  }
  for (int i = 1; i < 64; i++)
    CHECK(sorted_prefix[i - 1] <= sorted_prefix[i], "sorted prefix not sorted at %d", i);
  printf("statistics: mean %.6f var %.6f max step %.6f smoothed sum %.4f min64 %.6f\n", mean_ref,
         var, maxdiff, sm, sorted_prefix[0]);
  printf("histogram:");
  for (int b = 0; b < BINS; b++)
    printf(" %d", hist_ref[b]);
  printf("\n");
}

/* parallel sections with firstprivate, lastprivate and reductions. */
static void field_updates(void)
{
  double dt = 0.01;            /* firstprivate: every section starts from 0.01 */
  int substeps = 4;            /* firstprivate, modified in a section */
  double energy = 1.0;         /* reduction(+) */
  double peak = -1.0;          /* reduction(max) */
  double final_dt = 0.0;       /* lastprivate */
  static double u[N], v[N], w[N];
  for (int i = 0; i < N; i++)
    u[i] = v[i] = w[i] = data[i];

#pragma omp parallel sections firstprivate(dt, substeps) lastprivate(final_dt) reduction(+ : energy) reduction(max : peak) num_threads(3)
  {
#pragma omp section
    {
      for (int s = 0; s < substeps; s++)
        for (int i = 0; i < N; i++)
          u[i] += dt * (1.0 - u[i]);
      for (int i = 0; i < N; i++) {
        energy += u[i];
        peak = FMAX(peak, u[i]);
      }
      final_dt = dt;
    }
#pragma omp section
    {
      /* Firstprivate copies belong to the thread, not to the section: a thread that runs
         another section afterwards would see changes, so this one works on locals. */
      int steps = substeps * 2;
      double half = dt / 2.0;
      for (int s = 0; s < steps; s++)
        for (int i = 0; i < N; i++)
          v[i] -= half * v[i];
      for (int i = 0; i < N; i++) {
        energy += v[i];
        peak = FMAX(peak, v[i]);
      }
      final_dt = half;
    }
#pragma omp section
    {
      for (int i = 0; i < N; i++) {
        w[i] = w[i] / (1.0 + w[i]) + dt * substeps; /* sees the original dt and substeps */
        energy += w[i];
        peak = FMAX(peak, w[i]);
      }
      final_dt = dt * 3.0; /* lexically last section */
    }
  }

  double e_ref = 1.0, p_ref = -1.0;
  for (int i = 0; i < N; i++) {
    double a = data[i], b = data[i], c = data[i];
    for (int s = 0; s < 4; s++)
      a += 0.01 * (1.0 - a);
    for (int s = 0; s < 8; s++)
      b -= 0.005 * b;
    c = c / (1.0 + c) + 0.01 * 4;
    CHECK(u[i] == a && v[i] == b && w[i] == c, "field updates: element %d", i);
    p_ref = FMAX(p_ref, FMAX(a, FMAX(b, c)));
  }
  for (int i = 0; i < N; i++)
    e_ref += u[i];
  double e2 = 0.0, e3 = 0.0;
  for (int i = 0; i < N; i++) {
    e2 += v[i];
    e3 += w[i];
  }
  e_ref += e2 + e3;
  double rel = (energy - e_ref) / e_ref;
  CHECK(rel < 1e-12 && rel > -1e-12, "energy %.17g, want %.17g", energy, e_ref);
  CHECK(peak == p_ref, "peak %.17g, want %.17g", peak, p_ref);
  CHECK(final_dt == 0.01 * 3.0, "lastprivate final_dt %.17g, want 0.03", final_dt);
  CHECK(dt == 0.01 && substeps == 4, "firstprivate originals changed");
  printf("field updates: energy %.6f peak %.6f final dt %.2f\n", e_ref, p_ref, final_dt);
}

/* Two short sections with nowait, then a barrier before a loop that reads both results. */
static void nowait_then_barrier(void)
{
  static double left[N], right[N], both[N];
#pragma omp parallel
  {
#pragma omp sections nowait
    {
#pragma omp section
      for (int i = 0; i < N; i++)
        left[i] = data[i] * 2.0;
#pragma omp section
      for (int i = 0; i < N; i++)
        right[i] = data[N - 1 - i] + 1.0;
    }
#pragma omp barrier
#pragma omp for
    for (int i = 0; i < N; i++)
      both[i] = left[i] - right[i];
  }
  double s = 0.0;
  for (int i = 0; i < N; i++) {
    CHECK(both[i] == data[i] * 2.0 - (data[N - 1 - i] + 1.0), "nowait sections: both[%d]", i);
    s += both[i];
  }
  printf("sections nowait + barrier: sum %.6f\n", s);
}

int main(void)
{
  unsigned seed = 7u;
  for (int i = 0; i < N; i++) {
    seed = seed * 69069u + 1u;
    data[i] = (double)(seed >> 8) / 16777216.0; /* [0, 1) */
  }
  statistics();
  field_updates();
  nowait_then_barrier();
  printf("sections: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
