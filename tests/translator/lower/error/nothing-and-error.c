// nothing is dropped wherever it stands (file scope, a struct, the body of an if: the statement
// after it is the if's body).  error at(compilation) severity(warning) is a located warning and
// a comment; error at(execution) becomes a call that prints the message with the site at run
// time (and stops the program for severity(fatal), the default).
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK: /* omp2numa: #pragma omp nothing */
#pragma omp nothing

struct s {
// CHECK: /* omp2numa: #pragma omp nothing */
#pragma omp nothing
  int v;
};

int f(int i, const char *msg) {
// CHECK:      {{^}}  if (i){{$}}
// CHECK:      /* omp2numa: #pragma omp nothing */
// CHECK:        i++;
  if (i)
#pragma omp nothing
    i++;
// WARN: :[[@LINE+2]]:13: warning: '#pragma omp error' encountered: check the sizes
// WARN-NOT: error:
#pragma omp error at(compilation) severity(warning) message("check the sizes")
  i += 2;
// CHECK:      /* omp2numa: #pragma omp error at ( execution ) severity ( warning ) message ( msg + 1 ) */
// CHECK:      { __omp2numa_error("{{[^"]*}}nothing-and-error.c", [[@LINE+1]], (const char *)(msg + 1), 0); }
#pragma omp error at(execution) severity(warning) message(msg + 1)
// CHECK:      { __omp2numa_error("{{[^"]*}}nothing-and-error.c", [[@LINE+1]], (const char *)0, 1); }
#pragma omp error at(execution)
  return i;
}
