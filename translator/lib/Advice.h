//===- Advice.h - Warnings no compiler gives --------------------------------===//
//
// Valid OpenMP that is almost surely a mistake, on which gcc and clang say nothing; each warning
// has a switch (tool/omp2numa.cpp, docs/man/omp2numa.1):
//  - shared-loop-index: the variable of a sequential loop that the threads of a parallel region
//    run together is shared by them (the data race every OpenMP course warns about), with a note
//    at its declaration and a fix-it that declares it in the loop.
//  - first-touch: a worksharing loop that uses an array whose first loop in the function placed
//    its pages for another partition among the threads (FirstTouch.h), with a note at that loop.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_ADVICE_H
#define OMP2NUMA_ADVICE_H

#include "DataSharing.h"

namespace omp2numa {

/// Which warnings to give.
struct AdviceOptions {
  bool SharedLoopIndex = true; ///< -Wno-shared-loop-index turns it off
  bool FirstTouch = true;      ///< -Wno-first-touch turns it off
};

/// Reports the warnings Options asks for on File's constructs.
void giveAdvice(const BoundFile &File, const DataSharing &Sharing, clang::ASTContext &Ctx,
                Diag &Diags, const AdviceOptions &Options);

} // namespace omp2numa

#endif
