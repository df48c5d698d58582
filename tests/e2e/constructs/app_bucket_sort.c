// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// A parallel bucket sort of records by key, the way it is written with atomics: one region with
// a histogram of bucket sizes (`atomic update`), an exclusive prefix sum over the buckets in a
// `single`, a scatter in which every record takes the next free slot of its bucket with `atomic
// capture` (`{ v = cursor[b]; cursor[b]++; }`), and a per-bucket insertion sort under
// schedule(dynamic, 1) because bucket sizes vary.  The result must equal the serial sort
// (records with equal keys are ordered by id, so the order is unique), and a checksum of the
// sorted keys is printed.

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 50000
#define NB 256
#define KEYBITS 20

struct record {
  unsigned key;
  int id;
  float payload;
};

static struct record in[N], out[N], ref[N];
static int bucket_size[NB], bucket_start[NB], cursor[NB];
static int failures;

static int bucket_of(unsigned key)
{
  return (int)(key >> (KEYBITS - 8));
}

static int before(const struct record *a, const struct record *b)
{
  return a->key < b->key || (a->key == b->key && a->id < b->id);
}

static int cmp_record(const void *pa, const void *pb)
{
  const struct record *a = pa, *b = pb;
  return before(a, b) ? -1 : before(b, a) ? 1 : 0;
}

static void insertion_sort(struct record *r, int n)
{
  for (int i = 1; i < n; i++) {
    struct record x = r[i];
    int j = i - 1;
    while (j >= 0 && before(&x, &r[j])) {
      r[j + 1] = r[j];
      j--;
    }
    r[j + 1] = x;
  }
}

static void bucket_sort(void)
{
#pragma omp parallel
  {
#pragma omp for
    for (int b = 0; b < NB; b++)
      bucket_size[b] = 0;
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++) {
      int b = bucket_of(in[i].key);
#pragma omp atomic update
      bucket_size[b]++;
    }
#pragma omp single
    {
      int run = 0;
      for (int b = 0; b < NB; b++) {
        bucket_start[b] = run;
        cursor[b] = run;
        run += bucket_size[b];
      }
    }
#pragma omp for schedule(static, 512)
    for (int i = 0; i < N; i++) {
      int b = bucket_of(in[i].key), slot;
#pragma omp atomic capture
      {
        slot = cursor[b];
        cursor[b]++;
      }
      out[slot] = in[i];
    }
#pragma omp for schedule(dynamic, 1)
    for (int b = 0; b < NB; b++)
      insertion_sort(out + bucket_start[b], bucket_size[b]);
  }
}

int main(void)
{
  unsigned seed = 777u;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    unsigned k = (seed >> 8) & ((1u << KEYBITS) - 1u);
    if (i % 5 == 0)
      k &= 0x3ffffu; /* a skew towards the low buckets */
    in[i].key = k;
    in[i].id = i;
    in[i].payload = (float)(i % 1000) * 0.5f;
    ref[i] = in[i];
  }
  bucket_sort();
  qsort(ref, N, sizeof ref[0], cmp_record);
  int bad = 0;
  unsigned long long h = 1469598103934665603ULL;
  for (int i = 0; i < N; i++) {
    if ((out[i].key != ref[i].key || out[i].id != ref[i].id ||
         out[i].payload != ref[i].payload) && bad++ < 3)
      printf("MISMATCH out[%d] = {%u, %d}, want {%u, %d}\n", i, out[i].key, out[i].id, ref[i].key,
             ref[i].id);
    h = (h ^ ref[i].key ^ ((unsigned long long)ref[i].id << 32)) * 1099511628211ULL;
  }
  failures += bad != 0;
  int largest = 0;
  for (int b = 0; b < NB; b++)
    largest = bucket_size[b] > largest ? bucket_size[b] : largest;
  printf("bucket sort: %d records, %d buckets, largest %d, hash %016llx\n", N, NB, largest, h);
  printf("app_bucket_sort: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
