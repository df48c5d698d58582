//===- PragmaCapture.h - Record every `#pragma omp` while Clang parses ---===//
//
// Clang without -fopenmp discards `#pragma omp` lines, and with -fopenmp it rejects omp2numa's
// extended clauses.  PragmaCapture takes over the "omp" pragma namespace instead: it records the
// pragma's tokens after macro expansion (as the OpenMP specification requires) and lets parsing
// continue as if the pragma were not there.  `_Pragma("omp ...")` arrives through the same path.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_PRAGMACAPTURE_H
#define OMP2NUMA_PRAGMACAPTURE_H

#include "OmpModel.h"
#include "clang/Lex/Pragma.h"
#include <vector>

namespace clang {
class Preprocessor;
}

namespace omp2numa {

/// One captured pragma: where it is and its tokens after `omp`.
struct CapturedPragma {
  clang::SourceLocation Loc;    ///< `#` of `#pragma`, or `_Pragma`
  clang::SourceLocation EndLoc; ///< the end-of-directive token
  std::vector<PragmaToken> Tokens;
  /// How many tokens the preprocessor had returned before it (MacroExpansion.h places the
  /// pragma of a macro among the tokens of its expansion by it).
  unsigned TokenIndex = 0;
};

/// The handler of the "omp" pragma namespace.
class PragmaCapture : public clang::PragmaHandler {
public:
  PragmaCapture() : clang::PragmaHandler("omp") {}

  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override;

  /// Replaces the "omp" handler that clang::Parser installs.  Call after the Parser is constructed
  /// (SemaConsumer::InitializeSema) and before it reads the main file.  The parser keeps ownership
  /// of its own handler; when it removes "omp" at the end of parsing, it removes this one, which
  /// this object's owner still owns.
  void install(clang::Preprocessor &PP);

  const std::vector<CapturedPragma> &pragmas() const { return Pragmas; }

private:
  std::vector<CapturedPragma> Pragmas;
};

} // namespace omp2numa

#endif
