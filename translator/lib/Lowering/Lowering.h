//===- Lowering.h - Lower bound constructs to runtime calls ---------------===//
//
// The lowering stage: each construct becomes C that calls libomp2numa (omp2numa-abi.h),
// innermost first.  One file per construct family, all working through a LoweringContext:
//
//   Lowering.cpp              the driver: the one list from directive kind to its lowering
//   LoweringContext           the shared services: text, names, replacements, checks
//   TypeSpelling              declarations of copies, variably modified types included
//   StructureChecks           jumps out of blocks, local types, clauses without effect
//   PrivateCopies             private/firstprivate/lastprivate in a worksharing block
//   ReductionLowering         reduction clauses (private copies, combiner, runtime call)
//   AllocateLowering          private copies from an allocate clause's allocator
//   Outliner                  a body as a function at file scope, with its context struct
//   ParallelLowering          outlined regions: parallel and the parallel of combined ones
//   TaskLowering              task, taskloop, taskwait, taskgroup, taskyield
//   DependLowering            the items of depend clauses, with or without iterators
//   LoopLowering              worksharing loops: for and the for of parallel for
//   SectionsLowering          sections
//   SingleLowering            single, copyprivate
//   SyncLowering              critical, master/masked, ordered, barrier, flush
//   DoacrossLowering          the stand-alone ordered: depend(source), depend(sink: ...)
//   AtomicLowering            atomic in every form
//   ThreadprivateLowering     threadprivate
//   SimdLowering              simd loops: the `#pragma omp simd` hint, linear clauses
//   ScanLowering              inscan reductions: the scan directive, the loop's two passes
//   ScopeLowering             scope
//   ErrorLowering             error (nothing becomes a comment in Lowering.cpp)
//   CancelLowering            cancel, cancellation point, the jumps and cancellable barriers
//   LocalTypes                a function's types made visible at file scope for outlined code
//
// Adding a construct: a line in OmpDirectives.def, a XLowering.{h,cpp} pair (or a function in
// the family it belongs to), and its case in lowerConstruct() (Lowering.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_LOWERING_H
#define OMP2NUMA_LOWERING_LOWERING_H

#include "../Binder.h"
#include "../ConditionalMap.h"
#include "../DataSharing.h"
#include "../Diag.h"
#include "../Emitter.h"

namespace omp2numa {

/// Lowers every construct of File into Out; false after the first error (reported to Diags).
bool lowerFile(const BoundFile &File, const DataSharing &Sharing,
               const ConditionalMap &Conditionals, clang::ASTContext &Ctx, Emitter &Out,
               Diag &Diags, const clang::Preprocessor *PP = nullptr);

} // namespace omp2numa

#endif
