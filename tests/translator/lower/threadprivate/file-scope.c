// `threadprivate` of file-scope variables: `_Thread_local` is inserted before every declaration
// of the variable in the file (the extern declaration, the definition, a redeclaration after the
// directive), whatever its storage class and declarator; the pragma line becomes a comment.
// A region uses the variable directly: it is never captured.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      {{^}}_Thread_local extern int counter;
// CHECK-NEXT: {{^}}_Thread_local int counter;
// CHECK-NEXT: /* omp2numa: #pragma omp threadprivate ( counter ) */ /* thread-local storage */
extern int counter;
int counter;
#pragma omp threadprivate(counter)

// CHECK:      {{^}}_Thread_local double buf[8];
// CHECK-NEXT: {{^}}_Thread_local static int (tab)[2][3];
// CHECK-NEXT: {{^}}_Thread_local static const char *name = "x";
// CHECK-NEXT: /* omp2numa: #pragma omp threadprivate ( buf , tab , name ) */ /* thread-local storage */
double buf[8];
static int (tab)[2][3];
static const char *name = "x";
#pragma omp threadprivate(buf, tab, name)

// A redeclaration after the directive.
// CHECK:      {{^}}_Thread_local extern int counter;
extern int counter;

// CHECK:      struct __o2n_ctx_[[#R:]] {
// CHECK-NEXT:   int n;
// CHECK-NEXT: };
// CHECK-LABEL: int f(int n)
// CHECK:        struct __o2n_ctx_[[#R]] __o2n_args = {.n = n};
// CHECK:      static void __o2n_region_[[#R]](void *__o2n_data){{$}}
// CHECK-NEXT: {
// CHECK-NEXT:   struct __o2n_ctx_[[#R]] *const __o2n_ctx = (struct __o2n_ctx_[[#R]] *)__o2n_data;
// CHECK-NEXT:   int n = __o2n_ctx->n;
// CHECK-EMPTY:
// CHECK-NEXT: #line
// CHECK-EMPTY:
// CHECK-NEXT:   {
// CHECK-NEXT:     counter += n;
// CHECK-NEXT:     buf[0] = counter + tab[1][2] + (name != 0);
// CHECK-NEXT:   }
int f(int n) {
#pragma omp parallel
  {
    counter += n;
    buf[0] = counter + tab[1][2] + (name != 0);
  }
  return counter;
}
