//===- AllocateDirectiveLowering.h - The allocate directive ---------------===//
//
// `#pragma omp allocate(list) [allocator(a)] [align(n)]` (OpenMP 5.1).  An automatic variable it
// names lives in memory of the allocator (the def-allocator-var ICV without one) from its
// declaration to the end of its scope, as clang places it.  Its declarator becomes a pointer of
// the same name to that memory, every reference `(*x)` (DataSharing::spell), so `sizeof x`,
// `&x` and an array's decay keep their meaning; an initializer is copied in from a compound
// literal of one element; GNU C's cleanup attribute frees the memory on every way out of the
// scope (end of the block, return, break, continue, goto), as clang's cleanup does:
//
//   double a[n];               double (*a)[n] __attribute__((cleanup(__omp2numa_allocate_var_free)))
//                                  = __omp2numa_allocate_var(sizeof *a, 64, (uintptr_t)(h));
//   int x = 3;                 int (*x) __attribute__((cleanup(__omp2numa_allocate_var_free)))
//                                  = __builtin_memcpy(__omp2numa_allocate_var(sizeof *x, 4, 0),
//                                                     (__typeof__(*x)[1]){ 3 }, sizeof *x);
//   #pragma omp allocate(a) allocator(h) align(64)
//   #pragma omp allocate(x)
//
// A variable of static storage keeps it: its allocator must be a predefined one, and every
// predefined allocator is plain memory here (omp_high_bw_mem_space and the others fall back to
// the default memory, as OpenMP allows), so the storage the compiler gives it is already what
// the allocator would give; align(n) becomes an aligned attribute.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_ALLOCATEDIRECTIVELOWERING_H
#define OMP2NUMA_LOWERING_ALLOCATEDIRECTIVELOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// Rewrites the declarations of the directive's variables; the returned text replaces the
/// pragma line.
Lowered lowerAllocateDirective(LoweringContext &L, const Construct *C);

} // namespace omp2numa

#endif
