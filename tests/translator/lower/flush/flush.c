// `flush`, `flush(list)` and `flush <memory order>` (OpenMP 5.0: seq_cst, acq_rel, release,
// acquire) are all a full, sequentially consistent fence, as strong as each order: the pragma line
// is replaced by a comment and a call of __omp2numa_flush(); the list only names variables.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

int flag, data;

// CHECK-LABEL: void producer(void)
// CHECK:        data = 42;
// CHECK-NEXT: /* omp2numa: #pragma omp flush */ __omp2numa_flush();
// CHECK-NEXT: #line [[@LINE+6]] "{{[^"]*}}flush.c"
// CHECK-EMPTY:
// CHECK-NEXT:   flag = 1;
// CHECK-NEXT: /* omp2numa: #pragma omp flush ( flag , data ) */ __omp2numa_flush();
void producer(void) {
  data = 42;
#pragma omp flush
  flag = 1;
#pragma omp flush(flag, data)
}

// In a region.
// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:      /* omp2numa: #pragma omp flush ( flag ) */ __omp2numa_flush();
void consumer(int *a) {
#pragma omp parallel
  {
    while (!flag) {
#pragma omp flush(flag)
    }
    a[0] = data;
  }
}

// CHECK-LABEL: void ordered_flushes(void)
// CHECK: /* omp2numa: #pragma omp flush seq_cst */ __omp2numa_flush();
// CHECK: /* omp2numa: #pragma omp flush acq_rel */ __omp2numa_flush();
// CHECK: /* omp2numa: #pragma omp flush release */ __omp2numa_flush();
// CHECK: /* omp2numa: #pragma omp flush acquire */ __omp2numa_flush();
void ordered_flushes(void) {
  data = 1;
#pragma omp flush seq_cst
#pragma omp flush acq_rel
#pragma omp flush release
  flag = 1;
#pragma omp flush acquire
}
