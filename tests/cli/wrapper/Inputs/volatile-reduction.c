// A reduction into a volatile variable, on a combined and on a separate worksharing loop: gcc
// -Wall -Wextra -Wshadow has nothing to say about it, and neither must the translated code.
#include <stdio.h>

int main(void)
{
  volatile int s = 0;
  volatile long t = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < 100; i++)
    s += i;
#pragma omp parallel
  {
#pragma omp for reduction(+ : t)
    for (int i = 0; i < 10; i++)
      t += i;
  }
  printf("s=%d t=%ld\n", s, t);
  return !(s == 4950 && t == 45);
}
