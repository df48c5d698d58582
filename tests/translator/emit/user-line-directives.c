// A file with #line directives of its own (generated code: yacc, templates) keeps them, and the
// translator's sites and markers use the presumed file and line they establish, so messages and
// run-time reports point where the user's own markers point.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      {{^}}#line 100 "grammar.y"{{$}}
// CHECK:      static void __o2n_region_101(void *__o2n_data);
// CHECK-NEXT: {{^}}#line 100 "grammar.y"{{$}}
// CHECK-NEXT: {{^}}void action(int n, int *a) {{[{]}}{{$}}
// CHECK:        static const struct __omp2numa_region_site __o2n_site = {"grammar.y", 101, {{.*}}};
// CHECK:      {{^}}#line 102 "grammar.y"{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  a[1] = n;{{$}}
// CHECK:      static void __o2n_region_101(void *__o2n_data)
// CHECK:      {{^}}#line 101 "grammar.y"{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  a[0] = n;{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: {{^}}#line 104 "grammar.y"{{$}}
#line 100 "grammar.y"
void action(int n, int *a) {
#pragma omp parallel
  a[0] = n;
  a[1] = n;
}
