// The OpenMP part of a program linked from a C source, an object, an archive and an assembly file.
#include <math.h>
#include <stdio.h>

#include "wrapper-test.h"

int main(void) {
  int parts[4] = {0, 0, 0, 0};
#pragma omp parallel for
  for (int i = 0; i < 4; i++)
    parts[i] = i == 0 ? from_c() : i == 1 ? from_object() : i == 2 ? from_archive()
                                                                   : from_assembly();
  volatile double sixteen = 16.0;
  int total = parts[0] + parts[1] + parts[2] + parts[3] + (int)sqrt(sixteen);
  printf("total=%d\n", total);
  return total != 1 + 2 + 3 + 4 + 4;
}
