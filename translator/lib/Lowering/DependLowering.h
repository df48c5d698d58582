//===- DependLowering.h - the items of depend clauses ---------------------===//
//
// The depend clauses of task and taskwait become an array of struct __omp2numa_depend, one per
// item, filled where the construct is; an item stands for its address (an array section's first
// element's).  Without the iterator modifier the array has a fixed size:
//
//   struct __omp2numa_depend __o2n_deps[] = {{(void *)&(x), __OMP2NUMA_DEPEND_OUT}};
//
// With it, each iterator's range is evaluated first, and its count of values is computed in
// uint64_t (exact, as a loop's trip count) in the step's direction; the array, on the stack up to 16
// items and else on the heap (__omp2numa_depend_alloc), gets one item per
// combination of the iterators' values, with the iterators declared under their names:
//
//   const int __o2n_itb_0_0 = (int)(0), __o2n_ite_0_0 = (int)(n);
//   const __typeof__((2) % 1) __o2n_its_0_0 = (2);
//   const uint64_t __o2n_itn_0_0 = __o2n_its_0_0 > 0 ? (...) : (...);
//   const size_t __o2n_ndeps = 1 + __o2n_itn_0_0 * 1;
//   struct __omp2numa_depend __o2n_depbuf[16];
//   struct __omp2numa_depend *const __o2n_deps = __o2n_ndeps <= 16 ? __o2n_depbuf
//       : __omp2numa_depend_alloc(__o2n_ndeps);
//   size_t __o2n_d = 0;
//   for (uint64_t __o2n_iti_0_0 = 0; __o2n_iti_0_0 < __o2n_itn_0_0; ++__o2n_iti_0_0) {
//     int k = (int)((uint64_t)__o2n_itb_0_0 + __o2n_iti_0_0 * (uint64_t)__o2n_its_0_0);
//     __o2n_deps[__o2n_d++] = (struct __omp2numa_depend){(void *)&(a[k]), __OMP2NUMA_DEPEND_IN};
//   }
//   ...  __omp2numa_task_submit(..., __o2n_deps, __o2n_ndeps);
//   if (__o2n_deps != __o2n_depbuf) __omp2numa_depend_free(__o2n_deps);
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_DEPENDLOWERING_H
#define OMP2NUMA_LOWERING_DEPENDLOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// The depend clauses of a construct, as the code that fills their array and the arguments that
/// pass it.
struct DependArray {
  std::string Fill;  ///< statements, after a #line marker of the pragma; empty without items
  std::string Array; ///< the array argument: `__o2n_deps`, or a null pointer without items
  std::string Count; ///< the count argument
  std::string Free;  ///< a statement after the call (a heap array is freed); may be empty
};
DependArray lowerDependClauses(LoweringContext &L, const Construct *C);

/// The address a depend item stands for, spelled where the construct is: the item's, or an
/// array section's first element's (`a[i:n]` is `&(a[i])`, `a[:n]` is `&(a[0])`).
std::string dependAddress(LoweringContext &L, const Construct *C, const ExprTokens &Item);

/// A task's affinity locators, for the compiler to check where the task is created (lvalues or
/// array sections, names declared) and never evaluated: one line of `(void)sizeof(&(a[i]));`,
/// each clause with iterators in a block that checks their ranges the same way and declares
/// them (uninitialised: their types are enough).  Empty without affinity clauses.
std::string affinityChecks(LoweringContext &L, const Construct *C);

/// The ABI's constant for dependence type K (`__OMP2NUMA_DEPEND_IN`, ...).
const char *dependKindName(DependKind K);

} // namespace omp2numa

#endif
