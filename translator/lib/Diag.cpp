//===- Diag.cpp -----------------------------------------------------------===//
#include "Diag.h"

using namespace clang;

namespace omp2numa {

Diag::Diag(DiagnosticsEngine &Engine)
    : Engine(Engine),
      ErrorID(Engine.getCustomDiagID(DiagnosticsEngine::Error, "%0")),
      WarningID(Engine.getCustomDiagID(DiagnosticsEngine::Warning, "%0")),
      NoteID(Engine.getCustomDiagID(DiagnosticsEngine::Note, "%0")) {}

void Diag::error(SourceLocation Loc, llvm::StringRef Message) { Engine.Report(Loc, ErrorID) << Message; }
void Diag::warning(SourceLocation Loc, llvm::StringRef Message,
                   llvm::ArrayRef<FixItHint> FixIts) {
  Engine.Report(Loc, WarningID) << Message << FixIts;
}
void Diag::note(SourceLocation Loc, llvm::StringRef Message) { Engine.Report(Loc, NoteID) << Message; }

} // namespace omp2numa
