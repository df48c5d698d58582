// Difftest finding (seeds 84, 119, 161, 183 of `--kinds omp5` while the generator grew):
// linear() of a file-scope variable on an outlined construct (parallel for, parallel for
// simd) writes its final value through the variable's value instead of its address.
//
//   omp2numa-cc -O1 linear-global.c -o x && OMP_NUM_THREADS=2 ./x
//
// Expected (gcc -fopenmp, and without OpenMP): "20 20".
// Actual: the compiler warns "initialization of 'long int * const' from 'long int' makes
// pointer from integer without a cast" for `long *const __o2n_last_g = g;`, and the run dies
// with SIGSEGV (a file-scope pointer instead writes into whatever it points to: seed 183).
// Classification: wrong code (crash, wrong result); valid OpenMP 4.5.
//
// Cause: DataSharing::isClauseCapturedGlobal (translator/lib/DataSharing.cpp) captures a
// file-scope variable of firstprivate, lastprivate, reduction and in_reduction, but not of
// linear; linearCode (translator/lib/Lowering/SimdLowering.cpp) takes the original's address
// from LoweringContext::originalAddress, and DataSharing::originalAddress answers the bare name
// in an outlined region, as if it were a by-reference capture.  A static local, or a `for` in a
// region (not outlined), is right.
#include <stdio.h>

static long g;

int main(void)
{
  long l = 0;
  #pragma omp parallel for linear(g: 2) linear(l: 2)
  for (int i = 0; i < 10; i++) {
    g += 2;
    l += 2;
  }
  printf("%ld %ld\n", g, l);
  return 0;
}
