// C that gcc 12 accepts with warnings and Clang 16 rejects by default: an implicit function
// declaration (inside a construct), implicit int, an int <-> pointer conversion, an incompatible
// function pointer, a `return;` in a non-void function.
#include <stdio.h>

static g(void) { return 1; }
static int f(int x) {
  if (x < 0)
    return;
  return x;
}
static void takes(void (*fp)(int)) { (void)fp; }
static void k(double d) { (void)d; }

int main(void) {
  long s = 0;
  int *p = 0;
  long bits = p;
  takes(k);
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < 10; i++)
    s += helper(i) + g() + f(1);
  printf("%ld %ld\n", s, bits);
  return s != 75;
}
int helper(int i) { return i + 1; }
