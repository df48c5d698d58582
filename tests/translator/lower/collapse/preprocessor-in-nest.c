// Conditional compilation that cuts across the statement of a loop construct: `#ifdef` / one body
// / `#else` / the other body / `#endif` as the unbraced body of the innermost loop of a collapsed
// nest (CASE 1) or of a single loop (CASE 2).  The statement moves as a whole, so the conditional
// is resolved as the preprocessor resolved it (ConditionalMap.h): its directive lines become
// comments (the #endif after the statement stays where the construct was), the branch not taken
// becomes empty lines, and the output compiles with either setting, holding the chosen body.
// (It was an error.)
//
// RUN: %omp2numa %s -o %t.c -- -DCASE=1
// RUN: %strip-checks %t.c | FileCheck %s --check-prefix=NEST
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=1 -I%runtime_inc %t.c
// RUN: %omp2numa %s -o %t.c -- -DCASE=1 -DSLOW
// RUN: %strip-checks %t.c | FileCheck %s --check-prefix=NEST-SLOW
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=1 -DSLOW -I%runtime_inc %t.c
// RUN: %omp2numa %s -o %t.c -- -DCASE=2 -DSLOW
// RUN: %strip-checks %t.c | FileCheck %s --check-prefix=SINGLE-SLOW
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=2 -DSLOW -I%runtime_inc %t.c

#if CASE == 1
void f(int n, int m, int *a) {
  // NEST:      static void __o2n_region_[[@LINE+1]](void *__o2n_data){{$}}
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
  // NEST:      /* omp2numa: a conditional resolved as translated */
  // NEST-EMPTY:
  // NEST-NEXT: /* omp2numa: a conditional resolved as translated */
  // NEST-NEXT: {{^      a\[i \* m \+ j\] = i \+ j;$}}
  // NEST-NEXT: {{^    }$}}
  // NEST-SLOW: {{^      a\[i \* m \+ j\] = 2 \* \(i \+ j\);$}}
  // NEST-SLOW-NEXT: {{^    }$}}
#ifdef SLOW
      a[i * m + j] = 2 * (i + j);
#else
      a[i * m + j] = i + j;
#endif
}
#elif CASE == 2
void g(int n, int *a) {
#pragma omp for
  for (int i = 0; i < n; i++)
  // SINGLE-SLOW: {{^    a\[i\] = 2 \* i;$}}
  // SINGLE-SLOW-NEXT: {{^    }$}}
#ifdef SLOW
    a[i] = 2 * i;
#else
    a[i] = i;
#endif
}
#endif
