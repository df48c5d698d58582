//===- MacroState.cpp - Macros as they stand at an outlined construct -----===//

#include "MacroState.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace omp2numa {

namespace {

/// `NAME(params) body` as written (line continuations included).
std::string definitionText(const Preprocessor &PP, const MacroInfo &MI) {
  const SourceManager &SM = PP.getSourceManager();
  const CharSourceRange Range =
      CharSourceRange::getTokenRange(MI.getDefinitionLoc(), MI.getDefinitionEndLoc());
  return Lexer::getSourceText(Range, SM, PP.getLangOpts()).str();
}

} // namespace

std::pair<std::string, std::string> macrosAsAt(const LoweringContext &L, SourceLocation At,
                                               SourceLocation From, SourceLocation To) {
  if (!L.PP)
    return {};
  const Preprocessor &PP = *L.PP;
  const SourceManager &SM = PP.getSourceManager();
  At = SM.getExpansionLoc(At);
  From = SM.getExpansionLoc(From);
  To = SM.getExpansionLoc(To);
  if (SM.getFileID(From) != SM.getFileID(To))
    return {};
  std::string Before, After;
  for (const IdentifierInfo *Name : L.Macros.changedBetween(From, To)) {
    const std::string N = Name->getName().str();
    Before += "#pragma push_macro(\"" + N + "\")\n#undef " + N + "\n";
    const MacroDirective *History = PP.getLocalMacroDirectiveHistory(Name);
    if (const MacroInfo *MI = History ? History->findDirectiveAtLoc(At, SM).getMacroInfo() : nullptr)
      Before += "#define " + definitionText(PP, *MI) + "\n";
    After += "#pragma pop_macro(\"" + N + "\")\n";
  }
  return {Before, After};
}

std::pair<std::string, std::string> macrosAsAtConstruct(const LoweringContext &L,
                                                         const Construct *C) {
  if (!C->Function || !C->Function->getBody())
    return {};
  return macrosAsAt(L, C->Dir.Loc, C->Range.getEnd(), C->Function->getBody()->getEndLoc());
}

std::pair<std::string, std::string> macrosForMovedDeclaration(const LoweringContext &L,
                                                               const FunctionDecl *Fn,
                                                               SourceLocation At) {
  return macrosAsAt(L, At, Fn->getBeginLoc(), At);
}

SourceLocation macroOverName(const LoweringContext &L, llvm::StringRef Name, SourceLocation At) {
  if (!L.PP)
    return {};
  const Preprocessor &PP = *L.PP;
  const auto Found = PP.getIdentifierTable().find(Name);
  const IdentifierInfo *II = Found != PP.getIdentifierTable().end() ? Found->getValue() : nullptr;
  const MacroDirective *History = II ? PP.getLocalMacroDirectiveHistory(II) : nullptr;
  const MacroInfo *MI =
      History ? History->findDirectiveAtLoc(PP.getSourceManager().getExpansionLoc(At),
                                            PP.getSourceManager())
                    .getMacroInfo()
              : nullptr;
  if (!MI || MI->isFunctionLike() ||
      (MI->getNumTokens() == 1 && MI->getReplacementToken(0).getIdentifierInfo() == II))
    return {};
  return MI->getDefinitionLoc();
}

} // namespace omp2numa
