//===- Diag.h - The translator's diagnostics -----------------------------===//
//
// Errors and warnings go through Clang's DiagnosticsEngine so they print as the compiler's do:
// `file:line:col: error: message`, the source line, and a caret (plus macro expansion notes).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_DIAG_H
#define OMP2NUMA_DIAG_H

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringRef.h"

namespace omp2numa {

/// Reports translator diagnostics at source locations.
class Diag {
public:
  explicit Diag(clang::DiagnosticsEngine &Engine);

  void error(clang::SourceLocation Loc, llvm::StringRef Message);
  void warning(clang::SourceLocation Loc, llvm::StringRef Message,
               llvm::ArrayRef<clang::FixItHint> FixIts = {});
  void note(clang::SourceLocation Loc, llvm::StringRef Message);

  bool hasErrors() const { return Engine.hasErrorOccurred(); }

private:
  clang::DiagnosticsEngine &Engine;
  unsigned ErrorID, WarningID, NoteID;
};

} // namespace omp2numa

#endif
