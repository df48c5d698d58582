// Doacross loops: gcc's rules for ordered(n) and for the stand-alone ordered with depend(source)
// or depend(sink: ...) (doacross(...)) are located errors, and no output file; sinks that name
// no iteration, or that wait for a later one, are dropped with gcc's warnings.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=PARSE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=NESTED --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=ORPHAN --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=LENGTH --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=VAR --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=REGION --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=DEPTH --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=8 2>&1 | FileCheck %s --check-prefix=PLAIN --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=10 2>&1 | FileCheck %s --check-prefix=BREAK --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=4 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Warnings: the file is translated.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=9 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=9 -I%runtime_inc %t.ok.c

void out(int);

void f(int n, int m) {
  int k = 0;
  (void)k;
#if CASE == 1
  // PARSE: :[[@LINE+1]]:25: error: the parameter of 'ordered' must be an integer constant expression between 1 and 64
#pragma omp for ordered(0)
  for (int i = 0; i < n; i++)
    out(i);
  // PARSE: :[[@LINE+1]]:17: error: the parameter of 'ordered' (1) is less than that of 'collapse' (2)
#pragma omp for ordered(1) collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      out(i);
  // PARSE: :[[@LINE+1]]:31: error: 'ordered' clause with a parameter may not be specified on '#pragma omp parallel for simd'
#pragma omp parallel for simd ordered(1)
  for (int i = 0; i < n; i++)
    out(i);
  // PARSE: :[[@LINE+1]]:28: error: 'linear' clause may not be specified together with an 'ordered' clause with a parameter
#pragma omp for ordered(1) linear(k)
  for (int i = 0; i < n; i++)
    out(i);
  // PARSE: :[[@LINE+1]]:28: error: 'nonmonotonic' schedule modifier specified together with 'ordered' clause
#pragma omp for ordered(1) schedule(nonmonotonic: dynamic)
  for (int i = 0; i < n; i++)
    out(i);
  // PARSE: :[[@LINE+1]]:25: error: 'nonmonotonic' schedule modifier specified together with 'ordered' clause
#pragma omp for ordered schedule(nonmonotonic: dynamic)
  for (int i = 0; i < n; i++)
    out(i);
  // order(concurrent) lets iterations run in any order, at once: no ordered (gcc's rule), with
  // or without a parameter, on either side.
  // PARSE: :[[@LINE+1]]:25: error: 'order' clause must not be used together with 'ordered'
#pragma omp for ordered order(concurrent)
  for (int i = 0; i < n; i++)
    out(i);
  // PARSE: :[[@LINE+1]]:26: error: 'order' clause must not be used together with 'ordered'
#pragma omp parallel for order(concurrent) ordered(1)
  for (int i = 0; i < n; i++)
    out(i);
  // PARSE: :[[@LINE+1]]:31: error: 'order' clause must not be used together with 'ordered'
#pragma omp parallel for simd order(reproducible: concurrent) ordered
  for (int i = 0; i < n; i++)
    out(i);
#pragma omp for ordered(1)
  for (int i = 0; i < n; i++) {
    // PARSE: :[[@LINE+1]]:36: error: more than one 'depend' clause with 'source' on '#pragma omp ordered'
#pragma omp ordered depend(source) depend(source)
    // PARSE: :[[@LINE+1]]:21: error: 'depend' clause with 'source' specified together with clauses with 'sink' on the same construct
#pragma omp ordered depend(source) depend(sink: i - 1)
    // PARSE: :[[@LINE+1]]:36: error: expected ')' to close the sink vector (items are 'var', 'var + n' or 'var - n'), found '*'
#pragma omp ordered depend(sink: i * 2)
    // PARSE: :[[@LINE+1]]:38: error: expected an integer constant as the offset of 'i' in the sink vector
#pragma omp ordered depend(sink: i - n)
    // PARSE: :[[@LINE+1]]:33: error: expected ':' after 'sink', found 'i'
#pragma omp ordered depend(sink i - 1)
    // PARSE: :[[@LINE+1]]:28: error: expected 'source' or 'sink' in the 'depend' clause of '#pragma omp ordered'
#pragma omp ordered depend(in: i)
    // PARSE: :[[@LINE+1]]:36: error: expected a loop variable in the sink vector
#pragma omp ordered doacross(sink: 1)
    // A source is the current iteration: `source:` takes omp_cur_iteration or nothing.
    // PARSE: :[[@LINE+1]]:38: error: expected 'omp_cur_iteration' or ')' after 'source:' (a source is the current iteration, it takes no vector)
#pragma omp ordered doacross(source: i - 1)
#pragma omp ordered doacross(source: omp_cur_iteration)
#pragma omp ordered doacross(source:)
    out(i);
  }
#elif CASE == 2
#pragma omp for ordered(1)
  for (int i = 0; i < n; i++) {
#pragma omp critical
    {
      // NESTED: :[[@LINE+1]]:21: error: '#pragma omp ordered' with 'depend' must be closely nested inside a loop with an 'ordered(n)' clause
#pragma omp ordered depend(source)
    }
  }
#elif CASE == 3
  // ORPHAN: :[[@LINE+1]]:21: error: '#pragma omp ordered' with 'doacross' must be closely nested inside a loop with an 'ordered(n)' clause
#pragma omp ordered doacross(sink: k - 1)
#elif CASE == 4
#pragma omp parallel for ordered(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      // LENGTH: :[[@LINE+1]]:21: error: the sink vector has 1 item, but the loop nest of 'ordered(2)' has 2 iteration variables
#pragma omp ordered depend(sink: i - 1)
      // LENGTH-NEXT: {{^}}#pragma omp ordered depend(sink: i - 1){{$}}
      // LENGTH-NEXT: {{^                    \^$}}
    }
#elif CASE == 5
#pragma omp parallel for ordered(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      // VAR: :[[@LINE+1]]:34: error: 'j' is not the iteration variable of loop 1 of the nest; expected 'i'
#pragma omp ordered depend(sink: j - 1, i)
    }
#elif CASE == 6
#pragma omp parallel for ordered(1)
  for (int i = 0; i < n; i++) {
    // REGION: :[[@LINE+2]]:13: error: an 'ordered' region without 'depend' may not be nested in a doacross loop, whose 'ordered' constructs are stand-alone (use 'depend(sink: ...)' and 'depend(source)')
    // REGION: :[[@LINE-3]]:13: note: the loop
#pragma omp ordered
    out(i);
  }
#elif CASE == 7
  // DEPTH: :[[@LINE+1]]:26: error: ordered(2) needs 2 perfectly nested loops, but the nest has 1
#pragma omp parallel for ordered(2)
  for (int i = 0; i < n; i++) {
    out(i);
  }
#elif CASE == 8
  // 'ordered' without argument around a stand-alone 'ordered depend' is ordered(1) (OpenMP 5.2):
  // a plain 'ordered' region may not be in the same loop.
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++) {
#pragma omp ordered depend(source)
    // PLAIN: :[[@LINE+2]]:13: error: an 'ordered' region without 'depend' may not be nested in a doacross loop
    // PLAIN: :[[@LINE-4]]:13: note: the loop
#pragma omp ordered
    out(i);
  }
#elif CASE == 10
  // The loops of the nest beyond the collapsed ones are associated loops too: no break (gcc:
  // "break statement used with OpenMP for loop").
#pragma omp parallel for ordered(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      if (j == 3)
        // BREAK: :[[@LINE+1]]:9: error: 'break' leaves the structured block of '#pragma omp parallel for', which OpenMP does not allow
        break;
#pragma omp ordered depend(source)
    }
#elif CASE == 9
#pragma omp parallel for ordered(2)
  for (int i = 0; i < n; i += 3)
    for (int j = 0; j < m; ++j) {
      // WARN: :[[@LINE+1]]:21: warning: 'depend' clause with 'sink' modifier refers to iteration never in the iteration space (ignored)
#pragma omp ordered depend(sink: i - 8, j - 1)
      // WARN: :[[@LINE+1]]:21: warning: 'depend' clause with 'sink' modifier waiting for lexically later iteration (ignored)
#pragma omp ordered depend(sink: i + 3, j - 1)
      // WARN: :[[@LINE+1]]:21: warning: 'depend' clause with 'sink' modifier waiting for lexically later iteration (ignored)
#pragma omp ordered depend(sink: i, j + 1)
#pragma omp ordered depend(sink: i, j) depend(sink: i - 3, j + 1)
      out(i);
#pragma omp ordered depend(source)
    }
#endif
}
