// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP2NUMA_TOPOLOGY="node:3 core:1 pu:1" %o2n-run %t
// REQUIRES: translator
//
// schedule(indirect(owner)) as application code uses it: a structured mesh of NX x NY cells,
// numbered row by row, is split into one part per thread by a partitioner (recursive coordinate
// bisection: the longer side of a rectangle is cut in proportion to the parts on each side, for
// any number of parts), and every loop over cells runs each cell on the thread that owns its part,
// so each thread keeps touching the same cells (and, with first-touch placement, the same pages).
// A part is a rectangle, so a thread's cells are runs of consecutive numbers, one per mesh row:
// the runtime hands each run out as one chunk.
//
//  - smooth(): a Jacobi smoothing sweep, `#pragma omp parallel for schedule(indirect(owner))`
//    with owner a global int array, repeated.
//  - push(): particles scattered over the mesh in random order, each run on the owner of its cell
//    (an int * map built from the cell map: mostly runs of one), with reduction(+:...).
//  - halo(): a loop that counts down over the cells of the mesh's boundary ring only: the map is
//    indexed by the loop's logical iteration (k = 0 for the first iteration the serial loop runs),
//    not by the cell number.
//
// Checks: every iteration ran on the thread the map gives it (omp_get_thread_num()), each thread
// in increasing logical order; the fields equal the serial ones bitwise; the reduction equals the
// serial sum.

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NX 300
#define NY 200
#define NCELLS (NX * NY)
#define NPARTICLES 50000
#define NHALO (2 * NX + 2 * NY - 4)
#define SWEEPS 5
#define MAX_THREADS 64
#define MAX_ITER NCELLS /* the longest loop */

static int owner[NCELLS]; /* the partition: owner[c] is the thread of cell c */
static double field[NCELLS], next[NCELLS], field_serial[NCELLS], next_serial[NCELLS];
static int cell_of[NPARTICLES];
static double pos[NPARTICLES], pos_serial[NPARTICLES];
static int halo_cell[NHALO];

static int ran_on[MAX_ITER];           /* thread that ran logical iteration k */
static int last_k[MAX_THREADS];        /* the last iteration thread t ran */
static int out_of_order[MAX_THREADS];  /* thread t ran an iteration before an earlier one */
static int failures;

/* Recursive coordinate bisection: the rectangle [x0, x1) x [y0, y1) gets parts first .. first +
   nparts - 1.  The longer side is cut so that each half's area is proportional to its parts. */
static void bisect(int x0, int x1, int y0, int y1, int first, int nparts)
{
  if (nparts == 1) {
    for (int y = y0; y < y1; y++)
      for (int x = x0; x < x1; x++)
        owner[y * NX + x] = first;
    return;
  }
  const int left = nparts / 2;
  if (x1 - x0 >= y1 - y0) {
    const int cut = x0 + (x1 - x0) * left / nparts;
    bisect(x0, cut, y0, y1, first, left);
    bisect(cut, x1, y0, y1, first + left, nparts - left);
  } else {
    const int cut = y0 + (y1 - y0) * left / nparts;
    bisect(x0, x1, y0, cut, first, left);
    bisect(x0, x1, cut, y1, first + left, nparts - left);
  }
}

static void record(int k)
{
  const int t = omp_get_thread_num();
  ran_on[k] = t;
  if (t < MAX_THREADS) {
    if (k <= last_k[t])
      out_of_order[t] = 1;
    last_k[t] = k;
  }
}

static void reset(void)
{
  for (int k = 0; k < MAX_ITER; k++)
    ran_on[k] = -1;
  for (int t = 0; t < MAX_THREADS; t++) {
    last_k[t] = -1;
    out_of_order[t] = 0;
  }
}

static void verify(const char *loop, const int *map, int n, int p)
{
  int bad = 0;
  for (int k = 0; k < n; k++)
    if (ran_on[k] != map[k] && bad++ == 0)
      printf("MISMATCH %s: iteration %d ran on thread %d, the map says %d\n", loop, k, ran_on[k],
             map[k]);
  for (int t = 0; t < p; t++)
    if (out_of_order[t] && bad++ == 0)
      printf("MISMATCH %s: thread %d ran its iterations out of order\n", loop, t);
  failures += bad != 0;
}

static double relax(const double *f, int c)
{
  const int x = c % NX, y = c / NX;
  double sum = f[c] * 4;
  int count = 4;
  if (x > 0) sum += f[c - 1], count++;
  if (x < NX - 1) sum += f[c + 1], count++;
  if (y > 0) sum += f[c - NX], count++;
  if (y < NY - 1) sum += f[c + NX], count++;
  return sum / count;
}

static void smooth(const double *from, double *to)
{
#pragma omp parallel for schedule(indirect(owner))
  for (int c = 0; c < NCELLS; c++) {
    to[c] = relax(from, c);
    record(c);
  }
}

static long push(const int *particle_owner, const double *f)
{
  long crossings = 0;
#pragma omp parallel for schedule(indirect(particle_owner)) reduction(+ : crossings)
  for (int i = 0; i < NPARTICLES; i++) {
    const double before = pos[i];
    pos[i] += f[cell_of[i]] * 0.01;
    crossings += (long)pos[i] != (long)before;
    record(i);
  }
  return crossings;
}

static void halo(const int *halo_owner, double *f)
{
#pragma omp parallel for schedule(indirect(halo_owner))
  for (int h = NHALO - 1; h >= 0; h--) {
    f[halo_cell[h]] = 0.5 * f[halo_cell[h]];
    record(NHALO - 1 - h);
  }
}

int main(void)
{
  const int p = omp_get_max_threads();
  if (p > MAX_THREADS) {
    printf("more than %d threads: set OMP_NUM_THREADS\n", MAX_THREADS);
    return 1;
  }
  bisect(0, NX, 0, NY, 0, p);

  /* The data. */
  for (int c = 0; c < NCELLS; c++)
    field[c] = field_serial[c] = (double)((c * 7919) % 1000) / 10;
  unsigned seed = 12345;
  for (int i = 0; i < NPARTICLES; i++) {
    seed = seed * 1103515245u + 12345u;
    cell_of[i] = (int)((seed >> 8) % NCELLS);
    pos[i] = pos_serial[i] = (double)(seed % 1000) / 7;
  }
  int h = 0;
  for (int x = 0; x < NX; x++)
    halo_cell[h++] = x;
  for (int y = 1; y < NY - 1; y++) {
    halo_cell[h++] = y * NX;
    halo_cell[h++] = y * NX + NX - 1;
  }
  for (int x = 0; x < NX; x++)
    halo_cell[h++] = (NY - 1) * NX + x;

  /* Maps derived from the partition: one entry per logical iteration of each loop. */
  int *particle_owner = malloc(NPARTICLES * sizeof *particle_owner);
  for (int i = 0; i < NPARTICLES; i++)
    particle_owner[i] = owner[cell_of[i]];
  int *halo_owner = malloc(NHALO * sizeof *halo_owner);
  for (int k = 0; k < NHALO; k++)
    halo_owner[k] = owner[halo_cell[NHALO - 1 - k]];

  /* Parallel, checking the assignment of every loop. */
  double *from = field, *to = next;
  for (int s = 0; s < SWEEPS; s++) {
    reset();
    smooth(from, to);
    verify("smooth", owner, NCELLS, p);
    double *tmp = from;
    from = to;
    to = tmp;
  }
  reset();
  const long crossings = push(particle_owner, from);
  verify("push", particle_owner, NPARTICLES, p);
  reset();
  halo(halo_owner, from);
  verify("halo", halo_owner, NHALO, p);

  /* Serial. */
  double *sfrom = field_serial, *sto = next_serial;
  for (int s = 0; s < SWEEPS; s++) {
    for (int c = 0; c < NCELLS; c++)
      sto[c] = relax(sfrom, c);
    double *tmp = sfrom;
    sfrom = sto;
    sto = tmp;
  }
  long serial_crossings = 0;
  for (int i = 0; i < NPARTICLES; i++) {
    const double before = pos_serial[i];
    pos_serial[i] += sfrom[cell_of[i]] * 0.01;
    serial_crossings += (long)pos_serial[i] != (long)before;
  }
  for (int k = NHALO - 1; k >= 0; k--)
    sfrom[halo_cell[k]] = 0.5 * sfrom[halo_cell[k]];

  if (memcmp(from, sfrom, NCELLS * sizeof *from) != 0) {
    printf("MISMATCH: the field differs from the serial one\n");
    failures++;
  }
  if (memcmp(pos, pos_serial, sizeof pos) != 0 || crossings != serial_crossings) {
    printf("MISMATCH push: crossings %ld, serial %ld\n", crossings, serial_crossings);
    failures++;
  }

  int runs = 0;
  for (int c = 0; c < NCELLS; c++)
    runs += c == 0 || owner[c] != owner[c - 1];
  printf("indirect_mesh: %d thread(s), %d runs in the cell map: %s\n", p, runs,
         failures ? "FAILED" : "passed");
  free(particle_owner);
  free(halo_owner);
  return failures ? 1 : 0;
}
