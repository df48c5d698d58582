//===- UserReductions.cpp -------------------------------------------------===//
#include "UserReductions.h"
#include "llvm/ADT/StringMap.h"

using namespace clang;

namespace omp2numa {

namespace {

/// The builtin type a combination of specifier keywords names (`long unsigned int`), as C
/// allows them in any order; a null type if they do not make one.
QualType builtinType(const std::vector<std::string> &Words, ASTContext &Ctx) {
  llvm::StringMap<unsigned> N;
  for (const std::string &W : Words)
    ++N[W];
  const bool Unsigned = N.lookup("unsigned") > 0, Complex = N.lookup("_Complex") > 0;
  const unsigned Longs = N.lookup("long");
  if (N.lookup("unsigned") + N.lookup("signed") > 1 || Longs > 2)
    return QualType();
  QualType T;
  if (N.lookup("_Bool"))
    T = Ctx.BoolTy;
  else if (N.lookup("char"))
    T = Unsigned ? Ctx.UnsignedCharTy : N.lookup("signed") ? Ctx.SignedCharTy : Ctx.CharTy;
  else if (N.lookup("short"))
    T = Unsigned ? Ctx.UnsignedShortTy : Ctx.ShortTy;
  else if (N.lookup("float"))
    T = Ctx.FloatTy;
  else if (N.lookup("double"))
    T = Longs ? Ctx.LongDoubleTy : Ctx.DoubleTy;
  else if (Longs == 2)
    T = Unsigned ? Ctx.UnsignedLongLongTy : Ctx.LongLongTy;
  else if (Longs == 1)
    T = Unsigned ? Ctx.UnsignedLongTy : Ctx.LongTy;
  else
    T = Unsigned ? Ctx.UnsignedIntTy : Ctx.IntTy;
  return Complex ? Ctx.getComplexType(T) : T;
}

bool isSpecifierKeyword(llvm::StringRef W) {
  return W == "void" || W == "char" || W == "short" || W == "int" || W == "long" ||
         W == "float" || W == "double" || W == "signed" || W == "unsigned" || W == "_Bool" ||
         W == "_Complex";
}

} // namespace

std::optional<QualType> resolveTypeName(const ExprTokens &Tokens, ASTContext &Ctx,
                                        const TypeLookup &Lookup, Diag &Diags) {
  const std::vector<PragmaToken> &T = Tokens.Tokens;
  size_t End = T.size();
  while (End > 0 && T[End - 1].Spelling == "*")
    --End;
  const std::string First = T[0].Spelling;
  QualType Type;
  if (First == "const" || First == "volatile" || First == "restrict") {
    Diags.error(T[0].Loc, "const, volatile or restrict qualified type in '#pragma omp declare "
                          "reduction'");
    return std::nullopt;
  }
  if ((First == "struct" || First == "union" || First == "enum") && End == 2) {
    if (const auto *Tag = dyn_cast_or_null<TagDecl>(Lookup(T[1].Spelling, true)))
      Type = Ctx.getTagDeclType(Tag);
  } else if (End == 1 && !T[0].IsKeyword) {
    if (const auto *TD = dyn_cast_or_null<TypedefNameDecl>(Lookup(First, false)))
      Type = Ctx.getTypedefType(TD);
  } else if (End > 0) {
    std::vector<std::string> Words;
    for (size_t I = 0; I < End && isSpecifierKeyword(T[I].Spelling); ++I)
      Words.push_back(T[I].Spelling);
    if (Words.size() == End && First != "void")
      Type = builtinType(Words, Ctx);
  }
  if (Type.isNull()) {
    std::string Text;
    for (const PragmaToken &Tok : T)
      Text += (Text.empty() ? "" : " ") + Tok.Spelling;
    Diags.error(T[0].Loc, "'" + Text + "' does not name a type visible here");
    return std::nullopt;
  }
  for (size_t I = End; I < T.size(); ++I)
    Type = Ctx.getPointerType(Type);
  return Type;
}

bool declaresType(const Construct *D, QualType T, ASTContext &Ctx) {
  for (QualType U : D->ReductionTypes)
    if (Ctx.hasSameUnqualifiedType(U, T))
      return true;
  return false;
}

const Construct *findUserReduction(const BoundFile &File, const Construct *At, llvm::StringRef Id,
                                   QualType T, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Construct *Best = nullptr; // the latest visible one is the innermost
  for (const auto &D : File.All) {
    if (D->Dir.Kind != DirectiveKind::DeclareReduction || D->Dir.Reduction.Id != Id ||
        !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(D->Dir.Loc),
                                      SM.getExpansionLoc(At->Dir.Loc)) ||
        !declaresType(D.get(), T, Ctx))
      continue;
    if (D->Function && (D->Function != At->Function ||
                        !rangeContains(SM, statementRange(D->Scope, Ctx), At->Dir.Loc)))
      continue;
    Best = D.get();
  }
  return Best;
}

} // namespace omp2numa
