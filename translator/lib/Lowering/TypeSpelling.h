//===- TypeSpelling.h - Declarations spelled as C text --------------------===//
//
// Emitted code declares copies of user variables: private copies, context members, pointers to
// originals.  TypeSpelling prints a declaration of a given type and name, including the
// variably modified types whose variable-length sizes must come from the original variable.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_TYPESPELLING_H
#define OMP2NUMA_LOWERING_TYPESPELLING_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>
#include <vector>

namespace omp2numa {

class TypeSpelling {
public:
  explicit TypeSpelling(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// `T Name` as a C declaration (Name may be empty: the type's spelling).
  std::string declare(clang::QualType T, llvm::StringRef Name) const;

  /// The run-time sizes of the variable-length dimensions of T (outermost first), computed from
  /// an expression X of type T with sizeof, so the variable's own sizes are used.
  std::vector<std::string> vlaDims(clang::QualType T, const std::string &X) const;

  /// Declares Name with a variably modified type T whose variable-length dimensions are Dims.
  std::string declareWithDims(clang::QualType T, llvm::StringRef Name,
                              llvm::ArrayRef<std::string> Dims) const;

  /// declare(), or declareWithDims() when T is variably modified.
  std::string declareLocal(clang::QualType T, llvm::StringRef Name,
                           llvm::ArrayRef<std::string> Dims) const;

  /// ` __attribute__((aligned(N)))` when V's declaration asks for an alignment, so that a copy
  /// of V keeps it; otherwise empty.
  std::string alignmentOf(const clang::VarDecl *V) const;

  /// Whether T (through pointers and arrays) is a struct, union or enum without a name, which
  /// cannot be spelled again (the declaration must then use `__typeof__`).
  static bool hasUnnamedTag(clang::QualType T);

  /// The type (through pointers, arrays and typedefs) declared inside a function that T names,
  /// which outlined code at file scope cannot see; null if none.
  static const clang::NamedDecl *localTypeIn(clang::QualType T);

private:
  clang::ASTContext &Ctx;
};

} // namespace omp2numa

#endif
