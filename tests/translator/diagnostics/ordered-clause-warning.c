// A loop with the ordered clause and no ordered region of its own may call one: no warning.
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

void out(int);

void step(int i) {
#pragma omp ordered
  out(i);
}

void f(int n) {
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++)
    step(i);
}
