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
// The same writing out serves a variable that lowering must rewrite (`(*nthread)` for a shared
// variable the region writes) when a macro's definition names it, as ParRes p2p's
// `#define flag(TID,j) flag[((TID)+(j)*nthread)*LINEWORDS]`: the definition is shared by every
// use, so DataSharing reports the uses instead, and the main file is translated again with just
// those invocations written out (usesWrittenOut), whose names are then in the file.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_MACROEXPANSION_H
#define OMP2NUMA_MACROEXPANSION_H

#include "PragmaCapture.h"
#include "clang/Basic/SourceLocation.h"
#include <map>
#include <optional>
#include <set>
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

  /// Whether the invocation in the main file that the token at macro location Loc comes from can
  /// be written out as its expansion: preprocessing that text again gives the same tokens (no
  /// identifier in it was left unexpanded as a macro's name inside that macro, except one that
  /// expands to itself, as glibc's `#define stdout stdout`).
  bool canWriteOut(clang::SourceLocation Loc, const clang::SourceManager &SM) const;

  /// The main file with the invocation of each of Uses (locations in macro expansions, each
  /// canWriteOut) written out as its expansion, on the invocation's first line; the lines the
  /// invocation spanned follow it empty, so every line keeps its number.
  std::string usesWrittenOut(const std::vector<clang::SourceLocation> &Uses,
                             const clang::SourceManager &SM,
                             const clang::LangOptions &LangOpts) const;

private:
  struct Invocation;
  struct ExpandedToken {
    unsigned Index;           ///< its number among the tokens the preprocessor returned
    unsigned InvocationBegin; ///< file offset of the invocation it comes from
    std::string Spelling;
  };
  std::vector<ExpandedToken> Tokens;
  /// Invocations (by file offset) that hold an identifier left unexpanded that would expand when
  /// preprocessed again.
  std::set<unsigned> Unfaithful;
  /// The invocation whose last token so far is a function-like macro's name left unexpanded.
  std::optional<unsigned> NameBeforeCall;

  /// Whether the invocation that starts at that file offset expands to tokens.
  bool holdsTokens(unsigned InvocationBegin) const;
  /// The text of that invocation's expansion with its Pragmas, numbered as Line.
  std::string expansionText(unsigned InvocationBegin, unsigned Line,
                            const std::vector<const CapturedPragma *> &Pragmas,
                            const std::string &DisplayName) const;
  /// The invocation in the main file that macro location Loc comes from (the outermost one),
  /// with the file offset where it starts; nullopt when it is in another file.
  static std::optional<std::pair<unsigned, Invocation>>
  invocationOf(clang::SourceLocation Loc, const clang::SourceManager &SM,
               const clang::LangOptions &LangOpts);
  /// The main file with Invocations written out.
  std::string writeOut(const std::map<unsigned, Invocation> &Invocations,
                       const clang::SourceManager &SM, const std::string &DisplayName) const;
};

} // namespace omp2numa

#endif
