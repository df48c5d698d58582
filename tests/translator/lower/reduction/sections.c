// The reduction of an array section or a variable-length array privatises the span from the
// section's first element to its last on the heap; the name becomes a pointer to an array of the
// original's type whose element 0 is where the original's would be, and every use is spelled
// `(*name)`, so that sizeof and nested constructs see the original's type (as in gcc).  Outside a
// region's prologue the variable lengths are measured on the original first.  A construct with
// the task modifier points its nested in_reduction tasks at the original, whole.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

void sections(int n, long *out) {
  long a[8] = {0};
  double v[n];
  for (int i = 0; i < n; i++)
    v[i] = 0;
#pragma omp parallel reduction(+ : a[2:4])
  {
    a[2] += 1;
    out[0] = sizeof a;
  }
#pragma omp parallel
#pragma omp for reduction(task, + : v)
  for (int i = 0; i < n; i++) {
#pragma omp task in_reduction(+ : v)
    v[i] += 1;
    out[1] = sizeof v;
  }
}

// CHECK-LABEL: outlined from line 17:
// CHECK:         long *const __o2n_sec_a = (long *)__omp2numa_reduction_alloc(__o2n_len_a, sizeof(long));
// CHECK:         long (*const a)[8] = (long (*)[8])(__o2n_sec_a - __o2n_lb_a);
// CHECK-NEXT:    (void)a;
// CHECK:         (*a)[2] += 1;
// CHECK-NEXT:    out[0] = sizeof (*a);

// The task's own private copy, with the lengths its context carries.
// CHECK-LABEL: outlined from line 25:
// CHECK:         double (*const v)[__o2n_ctx->__o2n_dim_v_0] = (double (*)[__o2n_ctx->__o2n_dim_v_0])(__o2n_sec_v - __o2n_lb_v);
// CHECK:         (*v)[i] += 1;

// CHECK-LABEL: outlined from line 22:
// CHECK:         const size_t __o2n_dim_v_0 = sizeof((*v)) / sizeof(((*v))[0]);
// CHECK:         double (*const __o2n_taskred_23_v)[__o2n_dim_v_0] = (double (*)[__o2n_dim_v_0])(__o2n_tgt.v - __o2n_lb_v);
// CHECK:         double (*const v)[__o2n_dim_v_0] = (double (*)[__o2n_dim_v_0])(__o2n_sec_v - __o2n_lb_v);
// CHECK:         .v = (void *)__o2n_taskred_23_v};
// CHECK:         out[1] = sizeof (*v);
