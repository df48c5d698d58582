// Every OpenMP construct in the input is either lowered or rejected with an error: the output
// never contains a `#pragma omp` line (DESIGN.md: "never silently dropped").  One construct
// per run (-DCASE=...), each inside a parallel region; a run passes when the translator fails
// with an error (status 1) and writes nothing, or succeeds (status 0) and its output,
// preprocessed with the same CASE, has no `#pragma omp` and compiles.  Any other status fails.
//
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=1 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=1 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=2 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=2 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=2 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=3 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=3 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=3 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=4 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=4 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=4 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=5 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=5 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=5 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=6 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=6 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=6 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=7 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=7 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=7 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=8 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=8 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=8 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=9 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=9 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=9 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=10 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=10 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=10 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=11 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=11 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=11 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=12 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=12 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=12 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=13 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=13 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=13 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=14 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=14 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=14 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=15 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=15 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=15 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=16 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=16 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=16 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=17 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=17 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=17 -I%runtime_inc %t.c;; *) false;; esac'
// RUN: sh -c 'rm -f %t.c; %omp2numa %s -o %t.c -- -DCASE=18 2>/dev/null; case $? in 1) test ! -e %t.c;; 0) ! %cc -E -P -DCASE=18 -I%runtime_inc %t.c | grep -n "pragma omp" && %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=18 -I%runtime_inc %t.c;; *) false;; esac'

void work(int);

#if CASE == 15
static int file_tp;
#pragma omp threadprivate(file_tp)
#endif

void f(int n, int *a) {
  int x = 0;
  (void)x;
  (void)n;
#pragma omp parallel
  {
#if CASE == 1
  // sections
#pragma omp sections
  {
#pragma omp section
    a[0] = 1;
#pragma omp section
    a[1] = 1;
  }
#elif CASE == 2
  // single
#pragma omp single
  a[0] = 1;
#elif CASE == 3
  // single nowait
#pragma omp single nowait
  a[0] = 1;
#elif CASE == 4
  // master
#pragma omp master
  a[0] = 1;
#elif CASE == 5
  // masked
#pragma omp masked
  a[0] = 1;
#elif CASE == 6
  // critical
#pragma omp critical
  a[0] += 1;
#elif CASE == 7
  // critical(name)
#pragma omp critical(update)
  a[0] += 1;
#elif CASE == 8
  // atomic
#pragma omp atomic
  a[0] += 1;
#elif CASE == 9
  // atomic read
#pragma omp atomic read
  x = a[0];
#elif CASE == 10
  // flush
#pragma omp flush
  a[0] = 1;
#elif CASE == 11
  // ordered
#pragma omp for ordered
  for (int i = 0; i < n; i++) {
#pragma omp ordered
    a[i] = i;
  }
#elif CASE == 12
  // threadprivate
static int tp;
#pragma omp threadprivate(tp)
  a[0] = tp;
#elif CASE == 13
  // lastprivate
#pragma omp for lastprivate(x)
  for (int i = 0; i < n; i++) x = a[i];
#elif CASE == 14
  // collapse
#pragma omp for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) a[i] += j;
#elif CASE == 15
  // copyin (of a file-scope variable: block-scope ones are in lower/parallel/threadprivate-local.c)
#pragma omp parallel copyin(file_tp)
  a[0] = file_tp;
#elif CASE == 16
  // copyprivate
#pragma omp single copyprivate(x)
  x = a[0];
#elif CASE == 17
  // parallel sections
#pragma omp parallel sections
  {
    a[0] = 1;
  }
#elif CASE == 18
  // schedule affinity
#pragma omp for affinity(rows)
  for (int i = 0; i < n; i++) a[i] = i;
#endif
  }
}
