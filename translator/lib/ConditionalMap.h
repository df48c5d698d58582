//===- ConditionalMap.h - The preprocessor conditionals of the user's files --===//
//
// A construct's text moves (into an outlined function, into a rebuilt loop).  Conditionals
// (#if/#ifdef/#ifndef ... #else ... #endif) that lie wholly inside or outside it move or stay
// with it; a conditional whose lines fall on both sides, as in
//
//   #ifdef OPENMP
//   #pragma omp parallel
//   {
//   #endif
//     ...
//   #ifdef OPENMP
//   }
//   #endif
//
// would be cut in two.  The translator saw which branches were taken, so such a conditional is
// resolved in the output as the preprocessor resolved it: its directive lines become comments
// and the lines of the branches not taken become empty (line numbers are kept).  The output
// then holds what the compiler would have compiled, for the macros it was translated with.
//
// ConditionalMap records each conditional while Clang preprocesses: its directive lines and the
// ranges it skipped.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_CONDITIONALMAP_H
#define OMP2NUMA_CONDITIONALMAP_H

#include "clang/Basic/SourceLocation.h"
#include <vector>

namespace clang {
class Preprocessor;
} // namespace clang

namespace omp2numa {

/// One #if ... #endif: its directive lines (a location on each) and the ranges it skipped.
struct Conditional {
  std::vector<clang::SourceLocation> DirectiveLines;
  std::vector<clang::SourceRange> Skipped;
};

/// The conditionals of the user's files, in the order their #if was met.
class ConditionalMap {
public:
  /// Installs the recording callbacks; call before the main file is read.
  void install(clang::Preprocessor &PP);

  const std::vector<Conditional> &conditionals() const { return All; }

private:
  class Recorder;
  std::vector<Conditional> All;
};

} // namespace omp2numa

#endif
