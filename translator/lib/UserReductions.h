//===- UserReductions.h - declare reduction: types and scopes -------------===//
//
// What the binder and the reduction lowering need to know of `declare reduction`: the types of
// its list (resolved from their tokens, as the compiler would at the directive) and which
// declaration a reduction clause names (OpenMP's scoping: a block-scope declaration is visible
// in its block after it, and hides one of the same identifier and type outside the block).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_USERREDUCTIONS_H
#define OMP2NUMA_USERREDUCTIONS_H

#include "Binder.h"
#include "Diag.h"
#include "clang/AST/ASTContext.h"
#include <functional>
#include <optional>

namespace omp2numa {

/// Finds the tag (Tag true: `struct Name`, `union Name`, `enum Name`) or typedef named Name
/// visible at the directive.
using TypeLookup = std::function<const clang::NamedDecl *(llvm::StringRef Name, bool Tag)>;

/// The type Tokens name: a builtin type (`unsigned long`), `struct/union/enum tag`, a typedef
/// name, followed by `*`s.  Reports an error and returns nothing for anything else.
std::optional<clang::QualType> resolveTypeName(const ExprTokens &Tokens, clang::ASTContext &Ctx,
                                               const TypeLookup &Lookup, Diag &Diags);

/// The `declare reduction` of identifier Id for type T that the reduction clauses of construct
/// At see: the innermost visible one; null if none.
const Construct *findUserReduction(const BoundFile &File, const Construct *At, llvm::StringRef Id,
                                   clang::QualType T, clang::ASTContext &Ctx);

/// Whether declare reduction D lists type T.
bool declaresType(const Construct *D, clang::QualType T, clang::ASTContext &Ctx);

} // namespace omp2numa

#endif
