//===- MacroExpansion.h - Write out the macros that hold a directive ------===//
//
// A directive can come from a macro: `#define RUN(v) _Pragma("omp parallel") { v = 1; }`, or
// OpenMP_VV's OMPVV_TEST_OFFLOADING, whose one expansion holds `_Pragma("omp target ...")` and
// the statement it applies to.  Lowering edits the file's text, and the text of such a statement
// is in the macro's definition, shared by every use.  So the translator first rewrites each
// invocation in the main file whose expansion holds an OpenMP pragma and more tokens as the
// expansion itself (its tokens, the pragma on a line of its own), then translates that text as
// the main file.  (An invocation that is only a pragma, `PRAGMA(omp for)`, is replaced in place
// like a `#pragma` line: its statement follows it.)
// `#line` lines keep the invocation's line for the expanded text and for what follows it.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_MACROEXPANSION_H
#define OMP2NUMA_MACROEXPANSION_H

#include "PragmaCapture.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class LangOptions;
class Preprocessor;
class SourceManager;
} // namespace clang

namespace omp2numa {

/// Records the tokens of the macro expansions in the main file while Clang parses it.
class MacroExpansion {
public:
  /// Watches the tokens the preprocessor returns (it has one watcher: this one).
  void install(clang::Preprocessor &PP);

  /// The main file with every macro invocation whose expansion holds one of Pragmas written as
  /// that expansion; nullopt when there is none.  DisplayName names the file in `#line` lines.
  std::optional<std::string> expandedMainFile(const std::vector<CapturedPragma> &Pragmas,
                                              const clang::SourceManager &SM,
                                              const clang::LangOptions &LangOpts,
                                              const std::string &DisplayName) const;

private:
  struct ExpandedToken {
    unsigned Index;           ///< its number among the tokens the preprocessor returned
    unsigned InvocationBegin; ///< file offset of the invocation it comes from
    std::string Spelling;
  };
  std::vector<ExpandedToken> Tokens;

  /// Whether the invocation that starts at that file offset expands to tokens.
  bool holdsTokens(unsigned InvocationBegin) const;
  /// The text of that invocation's expansion with its Pragmas, numbered as Line.
  std::string expansionText(unsigned InvocationBegin, unsigned Line,
                            const std::vector<const CapturedPragma *> &Pragmas,
                            const std::string &DisplayName) const;
};

} // namespace omp2numa

#endif
