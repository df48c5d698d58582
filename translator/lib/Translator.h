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

/// Which macro invocations in the main file a translation run may write out as their expansions
/// (MacroExpansion.h) instead of translating the file, and the text it wrote instead.
struct MacroWriteOut {
  bool Directives = true; ///< those whose expansion holds an OpenMP directive and more
  bool Uses = true;       ///< those whose expansion names, from a macro's definition, a variable
                          ///< lowering rewrites (DataSharing::macroUses)
  std::string Text;       ///< the file with one kind written out (that kind then false), to
                          ///< translate instead; empty when the run needed none
};

/// Creates the actions that translate a file; the translated text of the last file run is left in
/// Output (empty after an error, or when a run wrote macros out).  DisplayName is the input's name
/// as the user spelled it; Advice says which of the translator's own warnings to give.  With
/// WriteOut, a run may write macros out instead of translating.
std::unique_ptr<clang::tooling::FrontendActionFactory>
newTranslateActionFactory(std::string DisplayName, std::string &Output, MacroWriteOut *WriteOut,
                          AdviceOptions Advice);

} // namespace omp2numa

#endif
