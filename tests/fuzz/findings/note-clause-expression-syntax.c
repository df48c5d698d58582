// Translator fuzzer note (tests/fuzz/run.py: the most frequent note, e.g. seed 1 mutants 4083,
// 5730, 12180; reduced by hand).  Classification: invalid-input-pragma-line -- NOT a finding
// under the fuzzer's rules (the input is invalid, and the compiler's errors on the output name
// the pragma's line), listed because the translator checks clause expressions for undeclared
// names but not for syntax.
//
//   build/bin/omp2numa tests/fuzz/findings/note-clause-expression-syntax.c -o out.c
//   gcc -std=gnu11 -fsyntax-only -Iinclude out.c
//
// Expected (ideally): a located error at `2` and at `for`, exit 1, no output (gcc -fopenmp:
// "expected ')' before numeric constant" at 17:35, "expected ')' before 'for'" at 19:26).
// Actual: exit 0; the expressions are copied into the runtime calls, and gcc reports on the
// output "expected ')' before numeric constant" and "expected ')' before 'for'" at the pragma
// lines 17 and 19, column 72 (a column of the generated call, past the end of the pragma).
void f(int n, int *a)
{
#pragma omp parallel num_threads(n 2)
  a[0] = 0;
#pragma omp parallel if(n for)
  a[1] = 0;
}

// Status (checked 2026-11-26 02:05): open in the tree of 02:00.
