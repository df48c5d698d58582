/*
 * nbody.c -- the all-pairs gravitational n-body problem: each step computes every body's
 * acceleration from all the others (a parallel loop over bodies, O(n^2)), then moves the bodies
 * (leapfrog, a second parallel loop).
 * Usage: nbody [n=2048] [steps=10]. "result: OK" when the total momentum, zero at the start,
 * stays near zero (the forces are pairwise opposite).
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

struct body { double x, y, z, vx, vy, vz, ax, ay, az, m; };

static void accelerate(struct body *b, long n)
{
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) {
    double ax = 0, ay = 0, az = 0;
    for (long j = 0; j < n; j++) {
      double dx = b[j].x - b[i].x, dy = b[j].y - b[i].y, dz = b[j].z - b[i].z;
      double d2 = dx * dx + dy * dy + dz * dz + 1e-3;
      double f = b[j].m / (d2 * sqrt(d2));
      ax += f * dx, ay += f * dy, az += f * dz;
    }
    b[i].ax = ax, b[i].ay = ay, b[i].az = az;
  }
}

int main(int argc, char **argv)
{
  long n = argc > 1 ? atol(argv[1]) : 2048;
  int steps = argc > 2 ? atoi(argv[2]) : 10;
  const double dt = 1e-3;
  struct body *b = malloc(n * sizeof *b);
  if (!b)
    return 2;
  unsigned long long seed = 42;
  for (long i = 0; i < n; i++) {
    double r[3];
    for (int k = 0; k < 3; k++) {
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      r[k] = (double)(seed >> 11) / 9007199254740992.0 - 0.5;
    }
    b[i] = (struct body){r[0], r[1], r[2], 0, 0, 0, 0, 0, 0, 1.0 / n};
  }
  double t = omp_get_wtime();
  accelerate(b, n);
  for (int s = 0; s < steps; s++) {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) {
      b[i].vx += 0.5 * dt * b[i].ax, b[i].vy += 0.5 * dt * b[i].ay, b[i].vz += 0.5 * dt * b[i].az;
      b[i].x += dt * b[i].vx, b[i].y += dt * b[i].vy, b[i].z += dt * b[i].vz;
    }
    accelerate(b, n);
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) {
      b[i].vx += 0.5 * dt * b[i].ax, b[i].vy += 0.5 * dt * b[i].ay, b[i].vz += 0.5 * dt * b[i].az;
    }
  }
  t = omp_get_wtime() - t;
  double px = 0, py = 0, pz = 0, speed = 0;
  for (long i = 0; i < n; i++) {
    px += b[i].m * b[i].vx, py += b[i].m * b[i].vy, pz += b[i].m * b[i].vz;
    speed += fabs(b[i].vx) + fabs(b[i].vy) + fabs(b[i].vz);
  }
  int ok = speed > 0 && fabs(px) + fabs(py) + fabs(pz) < 1e-9 * (1.0 + speed);
  printf("nbody n=%ld steps=%d: %.3f s, momentum %.3g %.3g %.3g\nresult: %s\n", n, steps, t, px,
         py, pz, ok ? "OK" : "MISMATCH");
  free(b);
  return !ok;
}
