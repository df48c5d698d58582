// A loop over a pointer in a file that includes no header: the translated file must compile on
// its own, whatever the user's file includes (the emitted index mapping uses ptrdiff_t).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: void clear(double *p, double *end)
void clear(double *p, double *end) {
  // CHECK: double *q = __o2n_lb + {{.*}}__o2n_k * __o2n_step{{.*}};
#pragma omp for
  for (double *q = p; q < end; q++)
    *q = 0;
}
