// Clause expressions are re-spelled token by token where they are evaluated, with variables the
// region holds by reference written (*name).  Only identifiers that name variables may be
// rewritten: a member name after `.` or `->` that happens to equal a captured variable's name
// must stay as written.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

struct config { int chunk; int threads; };

// CHECK:      static void __o2n_region_[[INNER:[0-9]+]](void *__o2n_data);
// CHECK:      static void __o2n_region_[[R:[0-9]+]](void *__o2n_data);
// CHECK-LABEL: void members(int n, int *a, struct config cfg, const struct config *p)
void members(int n, int *a, struct config cfg, const struct config *p) {
  int chunk = 0, threads = 0;
#pragma omp parallel
  {
    chunk++;
    threads++;
    cfg.threads = 1;
#pragma omp for schedule(dynamic, cfg.chunk)
    for (int i = 0; i < n; i++)
      a[i] = i;
#pragma omp parallel num_threads(p->threads)
    a[0] = 1;
  }
}
// CHECK:      static void __o2n_region_[[R]](void *__o2n_data)
// CHECK:        const int64_t __o2n_chunk = (int64_t)((__typeof__(((*cfg){{ *}}.{{ *}}chunk) % 1))((*cfg){{ *}}.{{ *}}chunk));
// CHECK:        __omp2numa_parallel(&__o2n_site, __o2n_region_[[INNER]], {{.*}}, (int)((__typeof__((p{{ *}}->{{ *}}threads) % 1))(p{{ *}}->{{ *}}threads)), 1);
