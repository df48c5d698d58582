// Every declaration of a variable names the same variable: a redeclaration after the
// threadprivate directive keeps it threadprivate, for copyin and for default(none) (where
// threadprivate variables are predetermined).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      {{^}}_Thread_local int counter;
// CHECK:      {{^}}_Thread_local extern int counter;
int counter;
#pragma omp threadprivate(counter)
extern int counter;

// CHECK-LABEL: int f(int n)
// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:        counter = *__o2n_ctx->__o2n_copyin_counter;
// CHECK-NEXT:   __omp2numa_barrier();
// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:        counter += n;
int f(int n) {
#pragma omp parallel copyin(counter)
  counter += n;
#pragma omp parallel default(none) shared(n)
  counter += n;
  return counter;
}
