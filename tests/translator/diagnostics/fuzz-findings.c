// Invalid or unsupported input that the translator fuzzer and the differential tester
// (tests/fuzz) found translated into C that did not compile, garbled, or silently wrong: each is
// now a located error, exit status 1, no output file.  CASE picks one.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=BETWEEN --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=SAME --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=SHADOW --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=INSIDE --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=REGISTER --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=TPCLAUSE --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=TLS --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=8 2>&1 | FileCheck %s --check-prefix=CRITICAL --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=10 2>&1 | FileCheck %s --check-prefix=GOTO --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=11 2>&1 | FileCheck %s --check-prefix=CASE --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=13 2>&1 | FileCheck %s --check-prefix=UNNAMED --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=15 2>&1 | FileCheck %s --check-prefix=CONDITION --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=16 2>&1 | FileCheck %s --check-prefix=REGMAP --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=17 2>&1 | FileCheck %s --check-prefix=LOCALFN --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=18 2>&1 | FileCheck %s --check-prefix=EXPR --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=19 2>&1 | FileCheck %s --check-prefix=INSIDE-MACRO --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=20 2>&1 | FileCheck %s --check-prefix=TLS-TASK --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=21 2>&1 | FileCheck %s --check-prefix=SECTION-TYPE --implicit-check-not=error:
// RUN: not test -e %t.c

int g(int);
int tp = 10;
#pragma omp threadprivate(tp)

void f(int n, int *a, int b[10][10])
{
  int i, j;
#if CASE == 1
  // A directive between the loops of a collapsed nest (the nest was rebuilt from wrong offsets).
  // The fuzzer's was a 'for', which is closely nested in the loop too: closely-nested.c.
#pragma omp parallel for collapse(2)
  for (i = 0; i < 10; i++)
  // BETWEEN: :[[@LINE+1]]:13: error: '#pragma omp simd' stands between the loops of the collapse(2) nest of '#pragma omp parallel for', which must be perfectly nested
#pragma omp simd
    for (j = 0; j < 10; j++)
      b[i][j] = i - j;
#elif CASE == 2
#pragma omp parallel for collapse(2)
  for (j = 0; j < n; j++)
    // SAME: :[[@LINE+1]]:5: error: the loops of the collapse(2) nest use the same variable 'j'
    for (j = 0; j < n; j++)
      a[j] = 0;
#elif CASE == 3
#pragma omp parallel for collapse(2)
  for (int k = 0; k < n; k++)
    // SHADOW: :[[@LINE+1]]:5: error: the loops of the collapse(2) nest declare two variables named 'k'; rename one
    for (int k = 0; k < n; k++)
      a[k] = 0;
#elif CASE == 4
  // A pragma between the arguments of a call (it was attached to the next statement).
  g(
  // INSIDE: :[[@LINE+1]]:13: error: '#pragma omp parallel' stands inside a statement, not before one
#pragma omp parallel
    n);
  g(n);
#elif CASE == 5
  register int owners[64] = {0};
  // REGISTER: :[[@LINE+1]]:44: error: the map 'owners' is declared 'register', and the schedule needs its address: remove 'register'
#pragma omp parallel for schedule(indirect(owners))
  for (i = 0; i < n; i++)
    a[i] = i;
#elif CASE == 6
  // TPCLAUSE: :[[@LINE+1]]:35: error: 'tp' is threadprivate and cannot appear in a 'reduction' clause
#pragma omp parallel reduction(+: tp)
  tp += 1;
#elif CASE == 7
  _Thread_local static double local[100];
#pragma omp parallel for
  for (i = 0; i < n; i++)
    // TLS: :[[@LINE+1]]:5: error: 'local' is a block-scope thread-local variable, which the outlined region cannot see
    local[i] = i;
#elif CASE == 8
#pragma omp parallel
  {
#pragma omp critical
    {
      // CRITICAL: :[[@LINE+1]]:13: error: '#pragma omp critical' is nested in a critical region of the same name
#pragma omp critical
      a[0]++;
    }
  }
#elif CASE == 10
  // Jumps into a structured block (the label was outlined away from its goto).
  if (n > 2)
    // GOTO: :[[@LINE+1]]:5: error: 'goto inside' enters the structured block of '#pragma omp parallel' from outside, which OpenMP does not allow
    goto inside;
#pragma omp parallel
  {
  inside:
    a[1] = 0;
  }
#elif CASE == 11
  switch (n) {
#pragma omp parallel
    {
    // CASE: :[[@LINE+1]]:5: error: a 'case' label enters the structured block of '#pragma omp parallel' from outside
    case 1:
      a[0] = 0;
    }
  }
#elif CASE == 13
  // An unnamed local struct type: the error named it ''.  (Without the attribute its definition
  // moves to file scope, named: local-type.c.)
  struct __attribute__((packed)) { int x; } st = {1};
  // UNNAMED: :[[@LINE+1]]:13: error: the type of variable 'st' used in the region is declared inside a function; omp2numa outlines the region to file scope, where 'struct (unnamed at {{.*}}fuzz-findings.c:[[@LINE-1]]:3)' is not visible
#pragma omp parallel firstprivate(st)
  a[0] = st.x;
#elif CASE == 15
  // A pragma inside an if's condition (it was attached to the next statement).
  if (n > 1 ||
  // CONDITION: :[[@LINE+1]]:13: error: '#pragma omp parallel' stands inside a statement, not before one
#pragma omp parallel
      n < -1)
    a[0] = 1;
#elif CASE == 16
  // A register array as the map of an orphaned loop (its address was taken in generated code).
  register int map16[64] = {0};
  // REGMAP: :[[@LINE+1]]:35: error: the map 'map16' is declared 'register', and the schedule needs its address: remove 'register'
#pragma omp for schedule(indirect(map16))
  for (i = 0; i < n; i++)
    a[i] = i;
#elif CASE == 17
  // A function declared only inside this function, called in a region (the outlined region
  // called it undeclared).
  void local_work(int);
#pragma omp parallel
  // LOCALFN: :[[@LINE+1]]:3: error: 'local_work' is declared inside function 'f', outside '#pragma omp parallel'; omp2numa outlines the region to file scope, where it is not visible
  local_work(n);
#elif CASE == 18
  // Clause expressions that are not C expressions (they were copied into the emitted calls, and
  // the compiler reported them on generated text).
  // EXPR: :[[@LINE+1]]:36: error: unexpected '2' in the expression of the 'num_threads' clause
#pragma omp parallel num_threads(n 2)
  a[0] = 0;
  // EXPR: :[[@LINE+1]]:27: error: unexpected 'for' in the expression of the 'if' clause
#pragma omp parallel if(n for)
  a[1] = 0;
  // EXPR: :[[@LINE+1]]:34: error: unexpected 'static' in the expression of the 'num_threads' clause
#pragma omp parallel num_threads(static n)
  a[2] = 0;
  // An operator without its operand: a depend iterator's step written `-` (the fuzzer's mutant
  // of `-2`), a condition that ends with `&&`.
  // EXPR: :[[@LINE+3]]:52: error: expected an operand after '-' in the expression of the 'depend' clause
#pragma omp parallel
#pragma omp single
#pragma omp task depend(iterator(int u = 28 : 20 : -), in : a[u])
  a[3] = 0;
  // EXPR: :[[@LINE+1]]:27: error: expected an operand after '&&' in the expression of the 'if' clause
#pragma omp parallel if(n &&)
  a[4] = 0;
  // An operand left out before an operator, or a '?' without its ':'.
  // EXPR: :[[@LINE+1]]:34: error: expected an operand before '/' in the expression of the 'num_threads' clause
#pragma omp parallel num_threads(/ 2)
  a[5] = 0;
  // EXPR: :[[@LINE+1]]:38: error: expected an operand before '/' in the expression of the 'num_threads' clause
#pragma omp parallel num_threads(2 * / 3)
  a[6] = 0;
  // EXPR: :[[@LINE+1]]:34: error: expected an operand before '[' in the expression of the 'num_threads' clause
#pragma omp parallel num_threads([n])
  a[7] = 0;
  // EXPR: :[[@LINE+1]]:27: error: expected ':' for the '?' in the expression of the 'if' clause
#pragma omp parallel if(n ? 2)
  a[8] = 0;
  // EXPR: :[[@LINE+1]]:34: error: expected an operand after 'sizeof' in the expression of the 'num_threads' clause
#pragma omp parallel num_threads(sizeof)
  a[9] = 0;
  // EXPR: :[[@LINE+1]]:52: error: expected an operand after the cast in the expression of the 'num_threads' clause
#pragma omp parallel num_threads(2 + (unsigned long))
  a[9] = 0;
  // Fine: expressions that end with `)`, `]`, a compound literal's `}` (with designators) or a
  // postfix operator, GNU's `?:`, nested conditionals, _Generic, array sections without bounds.
#pragma omp parallel num_threads(((int[]){[1] = 2, 3})[n > 0] + sizeof(long) + (int)n) if(a[0]++ ?: n ? 1 : 2)
  a[0] = _Generic(n, int: 1, default: 2);
#pragma omp parallel
#pragma omp single
#pragma omp task depend(in : a[:n], b[0:2][:])
  a[1] = 0;
#elif CASE == 19
  // A _Pragma from a macro between the arguments of a call.
#define PRAGMA_OF(x) _Pragma(x)
  g(
  // INSIDE-MACRO: :[[@LINE+1]]:3: error: '#pragma omp parallel' stands inside a statement, not before one
  PRAGMA_OF("omp parallel")
    n);
  g(n);
#elif CASE == 20
  // A block-scope thread-local declared in a region and used in a task in it: the region's
  // declaration was taken as the task's too, and the task's function could not see it (the
  // output did not compile).
#pragma omp parallel
  {
    _Thread_local static int counts[8];
#pragma omp task
    // TLS-TASK: :[[@LINE+1]]:5: error: 'counts' is a block-scope thread-local variable, which the outlined region cannot see
    counts[0] += n;
  }
#elif CASE == 21
  // A type error in an array section's bound (mutant 97500:462): `*1` dereferences an int.  The
  // bound was copied into the outlined region, where the compiler rejected it on a generated
  // line (clause-expression-types.c has the other forms).
  int(*p)[10] = b;
  // SECTION-TYPE: :[[@LINE+1]]:41: error: invalid type argument of unary '*' (have 'int')
#pragma omp parallel for reduction(+: p[*1:2][:])
  // SECTION-TYPE-NEXT: {{^}}#pragma omp parallel for reduction(+: p[*1:2][:]){{$}}
  for (int i = 0; i < n; i++)
    p[1][i % 10] += a[i];
#endif
}
