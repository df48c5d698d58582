// The runtime's ABI header includes system headers (<stdint.h>, <stddef.h>), which fix the C
// library's feature set: a feature-test macro defined after them has no effect.  So the
// translator includes it after the user's own feature-test macros and includes, before the line
// of the file's first declaration, and a program that needs _GNU_SOURCE (sched_getaffinity,
// CPU_COUNT) compiles translated as it does with -fopenmp.
//
// RUN: %omp2numa %s -o %t.c
// RUN: FileCheck --input-file=%t.c %s
// RUN: %cc -std=c11 -Wall -Werror -I%runtime_inc -c %t.c -o %t.o
//
// CHECK:      {{^}}#define _GNU_SOURCE{{$}}
// CHECK:      {{^}}#include <sched.h>{{$}}
// CHECK:      {{^}}#include <omp2numa-abi.h>{{$}}
// CHECK-NEXT: {{^}}#line [[#@LINE+8]] "{{.*}}feature-test-macros.c"{{$}}
// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data);
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <time.h>

// The first declaration.
int allowed_cpus(void)
{
  cpu_set_t cpus;
  int n = 0;
  if (sched_getaffinity(0, sizeof cpus, &cpus) == 0)
    n = CPU_COUNT(&cpus);
#pragma omp parallel
  nanosleep(&(struct timespec){0, 1000}, NULL);
  return n;
}
