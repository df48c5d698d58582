// declare variant: what the host cannot decide or does not know is a located error, as are a
// variant that is not a function declared before the directive, one of another type, a missing
// match clause and two variants that match a call with the same score (gcc picks one).
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DTIE 2>&1 | FileCheck %s --check-prefix=TIE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DNO_MATCH 2>&1 | FileCheck %s --check-prefix=NO-MATCH --implicit-check-not=error:
// RUN: not test -e %t.c

int v_int(int x);
double v_double(double x);
int a(int x);
int b(int x);

#if defined(TIE)
// The two best tie; a third that scores less comes after them.
#pragma omp declare variant(v_int) match(user={condition(score(5): 1)})
#pragma omp declare variant(a) match(implementation={vendor(score(5): gnu)})
#pragma omp declare variant(b) match(device={kind(cpu)})
int tied(int x);
// TIE: :[[@LINE+1]]:22: error: several variants of 'tied' match this call equally (give them different score(n))
int f(void) { return tied(1); }
#elif defined(NO_MATCH)
// NO-MATCH: :[[@LINE+1]]:35: error: '#pragma omp declare variant' needs a 'match' clause
#pragma omp declare variant(v_int)
int base(int x);
#else
// CHECK: :[[@LINE+1]]:50: error: the selector device={isa(...)} is not supported yet
#pragma omp declare variant(v_int) match(device={isa(avx512f)})
int base1(int x);
// CHECK: :[[@LINE+1]]:50: error: unknown device kind 'quantum'
#pragma omp declare variant(v_int) match(device={kind(quantum)})
int base2(int x);
// CHECK: :[[@LINE+1]]:29: error: 'missing' is not a function declared before this '#pragma omp declare variant'
#pragma omp declare variant(missing) match(device={kind(host)})
int base3(int x);
// CHECK: :[[@LINE+1]]:29: error: variant 'v_double' and base 'base4' have incompatible types
#pragma omp declare variant(v_double) match(device={kind(host)})
int base4(int x);
// CHECK: :[[@LINE+1]]:48: error: a 'condition' that is not an integer constant is not supported yet
#pragma omp declare variant(v_int) match(user={condition(a(1))})
int base5(int x);
// CHECK: :[[@LINE+1]]:53: error: a construct selector with properties is not supported yet
#pragma omp declare variant(v_int) match(construct={parallel(x)})
int base6(int x);
#endif
