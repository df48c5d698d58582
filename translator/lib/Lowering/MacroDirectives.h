//===- MacroDirectives.h - Every #define and #undef of a file, by position -===//
//
// MacroState.h asks, for each outlined construct and each moved declaration, which macros a
// stretch of the function's text #defines or #undefs.  Walking every macro's history for each
// question made a file with many macros and many constructs quadratic (20,000 macros and 3,200
// constructs: 5.5 s against 0.6 s without the macros); this index of the directives, sorted by
// position, answers in time proportional to the answer.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_MACRODIRECTIVES_H
#define OMP2NUMA_LOWERING_MACRODIRECTIVES_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Preprocessor.h"
#include <vector>

namespace omp2numa {

/// The positions of the macro directives the preprocessor read, as it left them at the end of
/// the file.
class MacroDirectives {
public:
  /// Empty without a preprocessor.
  explicit MacroDirectives(const clang::Preprocessor *PP);

  /// The macros named by a directive strictly between From and To (file locations in one file),
  /// each once, sorted by name.
  std::vector<const clang::IdentifierInfo *> changedBetween(clang::SourceLocation From,
                                                            clang::SourceLocation To) const;

private:
  struct Directive {
    clang::FileID File;
    unsigned Offset;
    const clang::IdentifierInfo *Name;
  };
  const clang::SourceManager *SM = nullptr;
  std::vector<Directive> Directives; ///< by file, then offset
};

} // namespace omp2numa

#endif
