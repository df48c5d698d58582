//===- AllocateDirectiveLowering.cpp - The allocate directive -------------===//
#include "AllocateDirectiveLowering.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>
#include <map>

using namespace clang;

namespace omp2numa {

namespace {

/// Insertions into one declaration, by position: several at one place keep their order.
class DeclarationEdits {
public:
  explicit DeclarationEdits(LoweringContext &L) : L(L) {}
  void add(SourceLocation Loc, const std::string &Text) { Texts[Loc.getRawEncoding()] += Text; }
  void apply() {
    for (const auto &[Loc, Text] : Texts)
      L.Out.insertBefore(SourceLocation::getFromRawEncoding(Loc), Text);
  }

private:
  LoweringContext &L;
  std::map<unsigned, std::string> Texts;
};

SourceLocation endOfToken(const LoweringContext &L, SourceLocation Loc) {
  return Lexer::getLocForEndOfToken(Loc, 0, L.Ctx.getSourceManager(), L.Ctx.getLangOpts());
}

/// Where V's declarator ends: after its name or after its type's last token (`[n]`, `(int)`),
/// before its initializer's `=`, where GNU C takes attributes of V alone.
SourceLocation declaratorEnd(const LoweringContext &L, const VarDecl *V) {
  const SourceLocation TypeEnd = L.Ctx.getSourceManager().getExpansionRange(
      V->getTypeSourceInfo()->getTypeLoc().getEndLoc()).getEnd();
  const bool TypeAfterName =
      TypeEnd.isValid() &&
      L.Ctx.getSourceManager().isBeforeInTranslationUnit(V->getLocation(), TypeEnd);
  return endOfToken(L, TypeAfterName ? TypeEnd : V->getLocation());
}

/// `__omp2numa_allocate_var(sizeof *x, alignment, allocator)` for V.
std::string allocation(LoweringContext &L, const Construct *C, const VarDecl *V) {
  const std::string Name = V->getName().str();
  const Clause *Allocator = C->Dir.find(ClauseKind::Allocator);
  const Clause *Align = C->Dir.find(ClauseKind::Align);
  const uint64_t Alignment = std::max<uint64_t>(Align ? Align->Count : 0,
                                                L.Ctx.getDeclAlign(V).getQuantity());
  return "__omp2numa_allocate_var(sizeof *" + Name + ", " + std::to_string(Alignment) + ", " +
         (Allocator ? "(uintptr_t)(" + L.exprText(C, C->Parent, Allocator->Expr) + ")" : "0") +
         ")";
}

/// V's declarator becomes a pointer to its storage from the allocator, freed by its cleanup.
void allocateAutomatic(LoweringContext &L, const Construct *C, const VarDecl *V) {
  const std::string Name = V->getName().str();
  DeclarationEdits Edits(L);
  // `char s[] = "abc"`: the pointer needs the size the initializer gives the array.
  if (auto Incomplete = V->getTypeSourceInfo()->getTypeLoc().getAs<IncompleteArrayTypeLoc>())
    if (const auto *Complete = L.Ctx.getAsConstantArrayType(V->getType()))
      Edits.add(endOfToken(L, Incomplete.getLBracketLoc()),
                std::to_string(Complete->getSize().getZExtValue()));
  Edits.add(V->getLocation(), "(*");
  Edits.add(endOfToken(L, V->getLocation()), ")");
  const std::string Cleanup = " __attribute__((cleanup(__omp2numa_allocate_var_free)))";
  const Expr *Init = V->getInit();
  if (!Init) {
    Edits.add(declaratorEnd(L, V), Cleanup + " = " + allocation(L, C, V));
  } else {
    Edits.add(declaratorEnd(L, V), Cleanup);
    // An initializer may be (or end with) a macro: the insertions go around its expansion.
    const SourceManager &SM = L.Ctx.getSourceManager();
    Edits.add(SM.getExpansionLoc(Init->getBeginLoc()),
              "__builtin_memcpy(" + allocation(L, C, V) + ", (__typeof__(*" + Name + ")[1]){ ");
    Edits.add(endOfToken(L, SM.getExpansionRange(Init->getEndLoc()).getEnd()),
              " }, sizeof *" + Name + ")");
  }
  // `sizeof *x` of a variable-length array evaluates `*x` in x's own initializer, where gcc
  // sees x read before it is set (it only measures the type).
  if (V->getType()->isVariablyModifiedType())
    if (const auto *Declaration = L.Ctx.getParents(*V)[0].get<DeclStmt>()) {
      const CharSourceRange Range = statementRange(Declaration, L.Ctx);
      Edits.add(Range.getBegin(), LoweringContext::uninitializedWarningsOff() + " ");
      Edits.add(Range.getEnd(), std::string(" ") + LoweringContext::WarningsBack);
    }
  Edits.apply();
}

} // namespace

Lowered lowerAllocateDirective(LoweringContext &L, const Construct *C) {
  const Clause *Align = C->Dir.find(ClauseKind::Align);
  for (const ClauseVar &CV : C->Vars)
    if (L.File.AllocatedVars.count(CV.Var))
      allocateAutomatic(L, C, CV.Var);
    else if (Align) // static storage, kept
      L.Out.insertBefore(declaratorEnd(L, CV.Var),
                         " __attribute__((aligned(" + std::to_string(Align->Count) + ")))");
  return std::string();
}

} // namespace omp2numa
