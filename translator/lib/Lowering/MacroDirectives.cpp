//===- MacroDirectives.cpp - Every #define and #undef of a file, by position -===//

#include "MacroDirectives.h"
#include "clang/Lex/MacroInfo.h"
#include <algorithm>
#include <tuple>

using namespace clang;

namespace omp2numa {

MacroDirectives::MacroDirectives(const Preprocessor *PP) {
  if (!PP)
    return;
  SM = &PP->getSourceManager();
  for (const auto &Macro : PP->macros(/*IncludeExternalMacros=*/false))
    for (const MacroDirective *MD = PP->getLocalMacroDirectiveHistory(Macro.first); MD;
         MD = MD->getPrevious()) {
      const SourceLocation Loc = MD->getLocation();
      if (Loc.isInvalid() || !Loc.isFileID())
        continue;
      const auto [File, Offset] = SM->getDecomposedLoc(Loc);
      Directives.push_back({File, Offset, Macro.first});
    }
  std::sort(Directives.begin(), Directives.end(), [](const Directive &A, const Directive &B) {
    return std::tie(A.File, A.Offset) < std::tie(B.File, B.Offset);
  });
}

std::vector<const IdentifierInfo *> MacroDirectives::changedBetween(SourceLocation From,
                                                                    SourceLocation To) const {
  std::vector<const IdentifierInfo *> Names;
  if (!SM)
    return Names;
  const auto [File, Begin] = SM->getDecomposedLoc(From);
  const unsigned End = SM->getFileOffset(To);
  auto It = std::upper_bound(Directives.begin(), Directives.end(), std::make_pair(File, Begin),
                             [](const std::pair<FileID, unsigned> &Key, const Directive &D) {
                               return std::tie(Key.first, Key.second) < std::tie(D.File, D.Offset);
                             });
  for (; It != Directives.end() && It->File == File && It->Offset < End; ++It)
    Names.push_back(It->Name);
  std::sort(Names.begin(), Names.end(), [](const IdentifierInfo *A, const IdentifierInfo *B) {
    return A->getName() < B->getName();
  });
  Names.erase(std::unique(Names.begin(), Names.end()), Names.end());
  return Names;
}

} // namespace omp2numa
