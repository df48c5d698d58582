//===- AllocateLowering.h - Private copies from the allocate clause's allocator -----===//
//
// A private copy that an allocate clause names lives in memory of the clause's allocator (the
// def-allocator-var ICV without one), aligned as its type and the align modifier ask:
//
//   int *const x = __omp2numa_private_alloc(sizeof(int), 64, (uintptr_t)(h));
//   (*x) = __o2n_first_x;                       a firstprivate's value
//   ... the body, where x is (*x) (DataSharing::spell) ...
//   __omp2numa_private_free(x);                 at the end of the block, region or task
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_ALLOCATELOWERING_H
#define OMP2NUMA_LOWERING_ALLOCATELOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// The allocate clause of C that names V; null if none does.
const Clause *allocateClauseFor(const Construct *C, const clang::VarDecl *V);

/// `__omp2numa_private_alloc(Size, alignment, allocator)` for V's copy in C, which Allocate (an
/// allocate clause of C) names; ElemAlign: the alignment the copy's type needs.
std::string privateAllocation(LoweringContext &L, const Construct *C, const Clause &Allocate,
                              const std::string &Size, uint64_t TypeAlign);

/// The statements that declare Name, V's private copy in C, of type T (variable-length
/// dimensions Dims), initialised to Init unless it is empty; with V's alignment.  A copy that an
/// allocate clause names is allocated: Name then points to it.
std::string declarePrivateCopy(LoweringContext &L, const Construct *C, const clang::VarDecl *V,
                               clang::QualType T, llvm::ArrayRef<std::string> Dims,
                               const std::string &Init);

/// Frees the allocated copies of C that are declared at Level (not a reduction's copy of a
/// section or variable-length array: ReductionLowering frees its buffer).
std::string freeAllocatedCopies(const LoweringContext &L, const Construct *C,
                                PrivateLevel Level);

/// Reports an error for each variable of C's allocate clauses whose private copy is not made by
/// declarePrivateCopy (task_reduction and inscan reduction variables, a taskloop's loop variables
/// and lastprivate, a simd part's copies: not supported yet).
bool checkAllocatedCopies(LoweringContext &L, const Construct *C);

} // namespace omp2numa

#endif
