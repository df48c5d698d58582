//===- Translator.h - The whole pipeline for one file ---------------------===//
//
// pragma text (PragmaCapture) -> clause model (ClauseParser) -> AST binding (Binder) ->
// data environments (DataSharing) -> lowering (Lowering) -> emitted text (Emitter).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_TRANSLATOR_H
#define OMP2NUMA_TRANSLATOR_H

#include "Advice.h"
#include "clang/Tooling/Tooling.h"
#include <memory>
#include <string>

namespace omp2numa {

/// Creates the actions that translate a file; the translated text of the last file run is left in
/// Output (empty after an error).  DisplayName is the input's name as the user spelled it;
/// Advice says which of the translator's own warnings to give.  With Expanded, a file in which
/// macros expand to OpenMP directives is not translated: Expanded receives its text with those
/// macros written out (MacroExpansion.h), to translate instead; Output stays empty.
std::unique_ptr<clang::tooling::FrontendActionFactory>
newTranslateActionFactory(std::string DisplayName, std::string &Output, std::string *Expanded,
                          AdviceOptions Advice);

} // namespace omp2numa

#endif
