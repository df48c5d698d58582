// A firstprivate, lastprivate or reduction item of a worksharing construct (for, for simd,
// sections, single, scope, distribute, and the distribute of distribute parallel for) must be
// shared in the context around it (OpenMP 5.2, 5.4.4-5.4.6), as gcc 12 checks it when it lowers
// the construct ("lastprivate variable 'b' is private in outer context"), with gcc's rule: the
// constructs around it are looked at from the innermost out, through worksharing, simd,
// taskgroup and target data constructs, up to the first region (parallel, task, teams, target);
// the item is private there if the region declares it in its body (a static local too), names it
// in private, firstprivate, lastprivate or reduction, makes it private by default(private |
// firstprivate), or, for target, it is an unmapped local scalar (firstprivate).  An orphaned
// construct (no region around it in the function) may not name an automatic variable of the
// function: each thread that calls the function has its own (CASE 1).  Regions (CASE 2).
// Fine, as in gcc (CASE 3): globals and static locals of the function, copyprivate, a reduction
// of a section through a pointer, the combined constructs (their outer part shares the item), a
// loop construct, a variable a nested parallel region shares, a loop variable of an earlier
// loop (shared in the region), a mapped variable in target.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=ORPHANED --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=REGION --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | count 0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Werror -Wno-unused-but-set-variable -DCASE=3 -I%runtime_inc %t.c

int g;
void use(int);

#if CASE == 1
void orphaned(int d, int *q) {
  int a[4] = {0}, b = 0;
  // ORPHANED: :[[@LINE+3]]:30: error: firstprivate variable 'b' is private in outer context
  // ORPHANED: note: 'b' is a local variable of 'orphaned', private to each thread that calls it
  // ORPHANED: :[[@LINE+1]]:45: error: lastprivate variable 'b' is private in outer context
#pragma omp for firstprivate(b) lastprivate(b)
  for (int i = 0; i < 4; i++)
    b = i;
  // ORPHANED: :[[@LINE+2]]:30: error: reduction variable 'd' is private in outer context
  // ORPHANED: note: 'd' is a local variable of 'orphaned'
#pragma omp for reduction(+: d) nowait
  for (int i = 0; i < 4; i++)
    d += i;
  // A section of an array (gcc checks the array; one through a pointer is not checked).
  // ORPHANED: :[[@LINE+1]]:30: error: reduction variable 'a' is private in outer context
#pragma omp for reduction(+: a[0:2], q[0:2])
  for (int i = 0; i < 4; i++)
    a[i % 2] += q[i % 2];
  // ORPHANED: :[[@LINE+1]]:35: error: firstprivate variable 'd' is private in outer context
#pragma omp sections firstprivate(d)
  {
    use(d);
  }
  // ORPHANED: :[[@LINE+1]]:33: error: firstprivate variable 'a' is private in outer context
#pragma omp single firstprivate(a)
  use(a[0]);
  // ORPHANED: :[[@LINE+1]]:34: error: lastprivate variable 'b' is private in outer context
#pragma omp for simd lastprivate(b)
  for (int i = 0; i < 4; i++)
    b = i;
  // ORPHANED: :[[@LINE+1]]:37: error: firstprivate variable 'b' is private in outer context
#pragma omp distribute firstprivate(b)
  for (int i = 0; i < 4; i++)
    use(b);
  // ORPHANED: :[[@LINE+1]]:50: error: firstprivate variable 'b' is private in outer context
#pragma omp distribute parallel for firstprivate(b)
  for (int i = 0; i < 4; i++)
    use(b);
  // Through taskgroup and target data, which have no data of their own to privatise.
#pragma omp taskgroup
  {
    // ORPHANED: :[[@LINE+1]]:33: error: firstprivate variable 'b' is private in outer context
#pragma omp single firstprivate(b)
    use(b);
  }
#pragma omp target data map(b)
  {
    // ORPHANED: :[[@LINE+1]]:30: error: firstprivate variable 'b' is private in outer context
#pragma omp for firstprivate(b)
    for (int i = 0; i < 4; i++)
      use(b);
  }
}
#elif CASE == 2
void regions(void) {
  int x = 0, y = 0;
#pragma omp parallel private(x)
  {
    // REGION: :[[@LINE+2]]:30: error: reduction variable 'x' is private in outer context
    // REGION: note: 'x' is made private by 'private' on '#pragma omp parallel'
#pragma omp for reduction(+: x)
    for (int i = 0; i < 4; i++)
      x += i;
    // REGION: :[[@LINE+1]]:32: error: reduction variable 'x' is private in outer context
#pragma omp scope reduction(+: x)
    x++;
    // REGION: :[[@LINE+1]]:35: error: reduction variable 'x' is private in outer context
#pragma omp for simd reduction(+: x)
    for (int i = 0; i < 4; i++)
      x += i;
#pragma omp taskgroup
    {
      // REGION: :[[@LINE+1]]:33: error: firstprivate variable 'x' is private in outer context
#pragma omp single firstprivate(x)
      use(x);
    }
  }
#pragma omp parallel
  {
    int z = 0;
    static int s;
    // REGION: :[[@LINE+2]]:30: error: firstprivate variable 'z' is private in outer context
    // REGION: note: 'z' is declared inside '#pragma omp parallel'
#pragma omp for firstprivate(z)
    for (int i = 0; i < 4; i++)
      use(z);
    // REGION: :[[@LINE+1]]:34: error: lastprivate variable 's' is private in outer context
#pragma omp sections lastprivate(s)
    {
      s = 1;
    }
  }
#pragma omp parallel firstprivate(y)
  {
    // copyprivate wants a private variable.
#pragma omp single copyprivate(y)
    y = 1;
    // REGION: :[[@LINE+1]]:29: error: lastprivate variable 'y' is private in outer context
#pragma omp for lastprivate(y)
    for (int i = 0; i < 4; i++)
      y = i;
  }
#pragma omp parallel default(private)
  {
    // REGION: :[[@LINE+2]]:30: error: firstprivate variable 'y' is private in outer context
    // REGION: note: 'y' is made private by 'default' on '#pragma omp parallel'
#pragma omp for firstprivate(y)
    for (int i = 0; i < 4; i++)
      ;
  }
#pragma omp teams private(x)
  {
    // REGION: :[[@LINE+1]]:37: error: firstprivate variable 'x' is private in outer context
#pragma omp distribute firstprivate(x)
    for (int i = 0; i < 4; i++)
      use(x);
  }
#pragma omp target
  {
    // REGION: :[[@LINE+2]]:30: error: firstprivate variable 'x' is private in outer context
    // REGION: note: 'x' is firstprivate in '#pragma omp target' (an unmapped scalar)
#pragma omp for firstprivate(x)
    for (int i = 0; i < 4; i++)
      use(x);
  }
}
#else
void fine(int *q) {
  static int s;
  int p = 0, i, k = 0, x = 0, y = 0, z = 0, arr[4] = {0};
#pragma omp for firstprivate(g, s) lastprivate(g) reduction(+: q[0:2])
  for (int j = 0; j < 4; j++)
    q[j % 2] += g + s;
#pragma omp single copyprivate(p)
  p = 1;
#pragma omp parallel shared(z)
  {
#pragma omp for firstprivate(z) lastprivate(z)
    for (int j = 0; j < 4; j++)
      z += j;
#pragma omp for
    for (i = 0; i < 4; i++)
      use(i);
#pragma omp single firstprivate(i)
    use(i);
  }
#pragma omp parallel private(x)
  {
#pragma omp parallel for firstprivate(x) lastprivate(x)
    for (int j = 0; j < 4; j++)
      x = j;
#pragma omp parallel sections reduction(+: x)
    {
      x++;
    }
#pragma omp parallel
    {
#pragma omp for lastprivate(x)
      for (int j = 0; j < 4; j++)
        x = j;
    }
#pragma omp loop lastprivate(k)
    for (k = 0; k < 4; k++)
      use(k);
#pragma omp simd reduction(+: x)
    for (int j = 0; j < 4; j++)
      x += j;
  }
#pragma omp parallel for
  for (int j = 0; j < 4; j++) {
#pragma omp parallel
    {
#pragma omp single firstprivate(j)
      use(j);
    }
  }
#pragma omp teams private(x)
  {
#pragma omp parallel
    {
#pragma omp for firstprivate(x)
      for (int j = 0; j < 4; j++)
        use(x);
    }
  }
#pragma omp teams distribute firstprivate(x) lastprivate(y)
  for (int j = 0; j < 4; j++)
    y = j + x;
#pragma omp teams
  {
#pragma omp distribute parallel for lastprivate(y) reduction(+: z)
    for (int j = 0; j < 4; j++)
      z += y = j;
  }
#pragma omp target map(x)
  {
#pragma omp for firstprivate(x, arr)
    for (int j = 0; j < 4; j++)
      use(x + arr[j]);
  }
#pragma omp target defaultmap(tofrom: scalar)
  {
#pragma omp for firstprivate(x)
    for (int j = 0; j < 4; j++)
      use(x);
  }
}
#endif
