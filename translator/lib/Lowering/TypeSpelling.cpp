//===- TypeSpelling.cpp ---------------------------------------------------===//
#include "TypeSpelling.h"
#include "clang/AST/Attr.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace omp2numa {

std::string TypeSpelling::declare(QualType T, llvm::StringRef Name) const {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = false;
  std::string S;
  llvm::raw_string_ostream OS(S);
  T.print(OS, Policy, Name);
  return OS.str();
}

std::vector<std::string> TypeSpelling::vlaDims(QualType T, const std::string &X) const {
  std::vector<std::string> Dims;
  std::string E = X;
  while (true) {
    if (const auto *P = T->getAs<PointerType>()) {
      T = P->getPointeeType();
      E = "(*" + E + ")";
    } else if (const ArrayType *A = Ctx.getAsArrayType(T)) {
      if (isa<VariableArrayType>(A))
        Dims.push_back("sizeof(" + E + ") / sizeof((" + E + ")[0])");
      T = A->getElementType();
      E = "(" + E + ")[0]";
    } else {
      return Dims;
    }
  }
}

std::string TypeSpelling::declareWithDims(QualType T, llvm::StringRef Name,
                                          llvm::ArrayRef<std::string> Dims) const {
  std::string Declarator = Name.str();
  bool AfterPointer = false;
  size_t Next = 0;
  while (true) {
    if (const auto *P = T->getAs<PointerType>()) {
      std::string Quals = T.isConstQualified() ? "const " : "";
      Declarator = "*" + Quals + Declarator;
      T = P->getPointeeType();
      AfterPointer = true;
    } else if (const ArrayType *A = Ctx.getAsArrayType(T)) {
      if (AfterPointer)
        Declarator = "(" + Declarator + ")";
      AfterPointer = false;
      std::string Size;
      if (const auto *CA = dyn_cast<ConstantArrayType>(A))
        Size = llvm::toString(CA->getSize(), 10, false);
      else if (isa<VariableArrayType>(A) && Next < Dims.size())
        Size = Dims[Next++];
      Declarator += "[" + Size + "]";
      T = A->getElementType();
    } else {
      return declare(T, Declarator);
    }
  }
}

std::string TypeSpelling::alignmentOf(const VarDecl *V) const {
  if (!V->hasAttr<AlignedAttr>())
    return "";
  return " __attribute__((aligned(" +
         std::to_string(Ctx.getDeclAlign(V).getQuantity()) + ")))";
}

std::string TypeSpelling::declareLocal(QualType T, llvm::StringRef Name,
                                       llvm::ArrayRef<std::string> Dims) const {
  return T->isVariablyModifiedType() ? declareWithDims(T, Name, Dims) : declare(T, Name);
}

bool TypeSpelling::hasUnnamedTag(QualType T) {
  while (true) {
    if (T->getAs<TypedefType>())
      return false;
    if (const TagDecl *Tag = T->getAsTagDecl())
      return Tag->getName().empty() && !Tag->getTypedefNameForAnonDecl();
    if (T->isPointerType())
      T = T->getPointeeType();
    else if (const ArrayType *A = T->getAsArrayTypeUnsafe())
      T = A->getElementType();
    else
      return false;
  }
}

const NamedDecl *TypeSpelling::localTypeIn(QualType T) {
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

} // namespace omp2numa
