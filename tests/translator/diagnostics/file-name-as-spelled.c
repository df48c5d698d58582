// Diagnostics name the input file as it was spelled on the command line (a relative path stays
// relative), as a compiler's do, and the translator adds no "Error while processing" line of its
// own.  With the file given by an absolute path, the path stays absolute.
//
// RUN: rm -rf %t.dir && mkdir -p %t.dir/sub && cp %s %t.dir/sub/spelled.c
// RUN: cd %t.dir && not %omp2numa sub/spelled.c -o out.c 2>&1 | FileCheck %s --check-prefix=REL --implicit-check-not="Error while processing"
// RUN: not test -e %t.dir/out.c
// RUN: cd %t.dir/sub && not %omp2numa ./spelled.c -o out.c 2>&1 | FileCheck %s --check-prefix=DOT
// RUN: not %omp2numa %t.dir/sub/spelled.c -o %t.dir/out.c 2>&1 | FileCheck %s --check-prefix=ABS -DDIR=%t.dir
//
// REL: {{^}}sub/spelled.c:[[#@LINE+5]]:35: error: expected ')'
// DOT: {{^}}./spelled.c:[[#@LINE+4]]:35: error: expected ')'
// ABS: {{^}}[[DIR]]/sub/spelled.c:[[#@LINE+3]]:35: error: expected ')'
void f(void)
{
#pragma omp parallel num_threads(2
  ;
}
