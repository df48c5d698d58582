/*
 * pi.c -- pi by the midpoint rule on 4 / (1 + x^2) over [0, 1], the classic first OpenMP program:
 * one parallel loop with a sum reduction.
 * Usage: pi [steps=200000000]. "result: OK" when the value is within 1e-9 of pi.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  long steps = argc > 1 ? atol(argv[1]) : 200000000;
  double h = 1.0 / (double)steps, sum = 0.0;
  double t = omp_get_wtime();
#pragma omp parallel for reduction(+ : sum)
  for (long i = 0; i < steps; i++) {
    double x = ((double)i + 0.5) * h;
    sum += 4.0 / (1.0 + x * x);
  }
  t = omp_get_wtime() - t;
  double pi = h * sum;
  int ok = fabs(pi - 3.14159265358979323846) < 1e-9;
  printf("pi steps=%ld: %.12f, %.3f s\nresult: %s\n", steps, pi, t, ok ? "OK" : "MISMATCH");
  return !ok;
}
