//===- Lowering.cpp - Dispatch and helpers shared by the lowerings --------===//
#include "Lowering.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Transformer/SourceCode.h"

using namespace clang;

namespace omp2numa {

bool Lowering::run() {
  for (const Construct *Root : File.Roots)
    lower(Root);
  return !Diags.hasErrors();
}

void Lowering::lower(const Construct *C) {
  for (const Construct *Child : C->Children)
    lower(Child);
  if (Diags.hasErrors())
    return;
  switch (C->Dir.Kind) {
  case DirectiveKind::Barrier:
    Out.replace(C->PragmaRange, pragmaComment(C) + " __omp2numa_barrier();");
    break;
  case DirectiveKind::For: {
    std::string Loop = lowerLoop(C, C->Dir.has(ClauseKind::Nowait));
    if (!Loop.empty())
      Out.replace(C->Range, pragmaComment(C) + "\n" + Loop);
    break;
  }
  case DirectiveKind::ParallelFor: {
    // The loop's barrier would be followed at once by the join's: skip it.
    std::string Loop = lowerLoop(C, /*Nowait=*/true);
    if (!Loop.empty())
      lowerParallel(C, Loop);
    break;
  }
  case DirectiveKind::Parallel:
    lowerParallel(C, Out.lineMarker(C->Body->getBeginLoc()) + sourceText(C->Body, true));
    break;
  }
}

std::string Lowering::pragmaComment(const Construct *C, llvm::StringRef What) {
  std::string Text = C->Dir.Text;
  for (size_t P = Text.find("*/"); P != std::string::npos; P = Text.find("*/", P))
    Text.replace(P, 2, "* /");
  return "/* omp2numa: " + What.str() + "#pragma omp " + Text + " */";
}

std::string Lowering::uniqueSuffix(const Construct *C) {
  auto [It, New] = Suffixes.emplace(C, "");
  if (New) {
    unsigned Line = Out.line(C->Dir.Loc);
    unsigned N = NamesPerLine[Line]++;
    It->second = std::to_string(Line) + (N ? "_" + std::to_string(N) : "");
  }
  return It->second;
}

std::string Lowering::declare(QualType T, llvm::StringRef Name) {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = false;
  std::string S;
  llvm::raw_string_ostream OS(S);
  T.print(OS, Policy, Name);
  return OS.str();
}

/// Whether T (through pointers, arrays and typedefs) names a type declared inside a function,
/// which outlined code at file scope cannot see.
static const NamedDecl *localTypeIn(QualType T) {
  while (true) {
    if (const auto *TT = T->getAs<TypedefType>())
      if (TT->getDecl()->getDeclContext()->isFunctionOrMethod())
        return TT->getDecl();
    if (const TagDecl *Tag = T->getAsTagDecl())
      return Tag->getDeclContext()->isFunctionOrMethod() ? Tag : nullptr;
    if (T->isPointerType())
      T = T->getPointeeType();
    else if (const ArrayType *A = T->getAsArrayTypeUnsafe())
      T = A->getElementType();
    else
      return nullptr;
  }
}

bool Lowering::checkFileScopeType(QualType T, SourceLocation Loc, llvm::StringRef What) {
  const NamedDecl *Local = localTypeIn(T);
  if (!Local)
    return true;
  Diags.error(Loc, ("the type of " + What + " is declared inside a function; omp2numa outlines "
                                            "the region to file scope, where '" +
                    Local->getName() + "' is not visible: declare the type at file scope")
                       .str());
  Diags.note(Local->getLocation(), "type declared here");
  return false;
}

std::string Lowering::exprText(const Construct *Owner, const Construct *Scope,
                               const ExprTokens &E, bool InLoopHeader) {
  std::string Text;
  for (const PragmaToken &T : E.Tokens) {
    auto It = Owner->ExprVars.find(&T);
    Text += (Text.empty() ? "" : " ") +
            (It != Owner->ExprVars.end() ? Sharing.spell(It->second, Scope, InLoopHeader)
                                         : T.Spelling);
  }
  return "(" + Text + ")";
}

std::string Lowering::sourceText(const Stmt *S, bool WithSemicolon) {
  CharSourceRange R = WithSemicolon ? tooling::getExtendedRange(*S, tok::semi, Ctx)
                                    : CharSourceRange::getTokenRange(S->getSourceRange());
  R = Lexer::makeFileCharRange(R, Ctx.getSourceManager(), Ctx.getLangOpts());
  return Out.text(R);
}

} // namespace omp2numa
