// Delimited declare target regions must pair up, as gcc requires: an 'end declare target'
// closes the 'declare target' (without a list) or 'begin declare target' open before it (nested
// ones too), and each of those is closed in the file.  Located errors, exit 1, no output file;
// the well-formed file translates.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=UNCLOSED --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=STRAY --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | count 0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Werror -DCASE=3 -I%runtime_inc %t.c

int g(int x);
#pragma omp declare target(g)
#pragma omp declare target enter(g) device_type(host)

#if CASE == 1
#pragma omp begin declare target
#pragma omp declare target
int f(int x) { return x + 1; }
#pragma omp end declare target
// UNCLOSED: :[[@LINE-4]]:13: error: '#pragma omp begin declare target' without a matching '#pragma omp end declare target'
#elif CASE == 2
#pragma omp declare target
int f(int x) { return x + 1; }
#pragma omp end declare target
// STRAY: :[[@LINE+1]]:13: error: '#pragma omp end declare target' without a matching '#pragma omp declare target' or '#pragma omp begin declare target'
#pragma omp end declare target
#else
#pragma omp begin declare target device_type(any)
#pragma omp declare target
int f(int x) { return x + 1; }
#pragma omp end declare target
int h(int x) { return x - 1; }
#pragma omp end declare target
#endif

int g(int x) { return f(x) * 2; }
