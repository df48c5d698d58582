// `sections` is a worksharing loop over the section numbers 0..n-1: a loop site with the dynamic
// schedule (sections are handed out one at a time, to whichever thread asks first), a trip count
// that is the number of sections, and a `switch` with one `case` per section, each ending with
// `break`.  The first section may omit `#pragma omp section`.  Without nowait the construct ends
// with __omp2numa_loop_end() (the implicit barrier).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

void work(int);

// CHECK-LABEL: static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:      /* omp2numa: #pragma omp sections */
// CHECK:      {
// CHECK-NEXT:   static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}", [[#S:]], __OMP2NUMA_SCHED_DYNAMIC, 0, 0, 0};
// CHECK-NEXT:   uint64_t __o2n_lo, __o2n_hi;
// CHECK-NEXT:   if (__omp2numa_loop_start(&__o2n_loop, 3, 0, (const void *)0, &__o2n_lo, &__o2n_hi)) do {
// CHECK-NEXT:     for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {
// CHECK-NEXT:       switch (__o2n_k) {
// CHECK-NEXT:       case 0:
// CHECK-NEXT: #line [[#S+3]] "{{[^"]*}}switch.c"
// CHECK-NEXT: work(0);
// CHECK-NEXT:         break;
// CHECK-NEXT:       case 1:
// CHECK-NEXT: #line [[#S+5]] "{{[^"]*}}switch.c"
// CHECK-NEXT: { work(1); work(11); }
// CHECK-NEXT:         break;
// CHECK-NEXT:       case 2:
// CHECK-NEXT: #line [[#S+7]] "{{[^"]*}}switch.c"
// CHECK-NEXT: work(2);
// CHECK-NEXT:         break;
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   __omp2numa_loop_end();
// CHECK-NEXT: }
void explicit_first(void) {
#pragma omp parallel
  {
#pragma omp sections
    {
#pragma omp section
      work(0);
#pragma omp section
      { work(1); work(11); }
#pragma omp section
      work(2);
    }
  }
}

// The first section without its `#pragma omp section`: the same two cases.
// CHECK-LABEL: static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:        static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}", [[#S:]], __OMP2NUMA_SCHED_DYNAMIC, 0, 0, 0};
// CHECK:        if (__omp2numa_loop_start(&__o2n_loop, 2, 0, (const void *)0, &__o2n_lo, &__o2n_hi)) do {
// CHECK:              switch (__o2n_k) {
// CHECK-NEXT:       case 0:
// CHECK-NEXT: #line [[#S+2]] "{{[^"]*}}switch.c"
// CHECK-NEXT: work(0);
// CHECK-NEXT:         break;
// CHECK-NEXT:       case 1:
// CHECK-NEXT: #line [[#S+4]] "{{[^"]*}}switch.c"
// CHECK-NEXT: work(1);
// CHECK-NEXT:         break;
// CHECK-NEXT:       }
// CHECK:        __omp2numa_loop_end();
void implicit_first(void) {
#pragma omp parallel
  {
#pragma omp sections
    {
      work(0);
#pragma omp section
      work(1);
    }
  }
}

// A single section, orphaned (in a function called from a region): one case.
// CHECK-LABEL: void orphaned(void)
// CHECK:        if (__omp2numa_loop_start(&__o2n_loop, 1, 0, (const void *)0, &__o2n_lo, &__o2n_hi)) do {
// CHECK:              switch (__o2n_k) {
// CHECK-NEXT:       case 0:
// CHECK-NEXT: #line
// CHECK-NEXT: work(7);
// CHECK-NEXT:         break;
// CHECK-NEXT:       }
// CHECK:        __omp2numa_loop_end();
void orphaned(void) {
#pragma omp sections
  {
    work(7);
  }
}
