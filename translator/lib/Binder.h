//===- Binder.h - Bind parsed directives to the AST -----------------------===//
//
// Associates each directive with the statement that follows it, nests constructs, and resolves
// the names in clauses to declarations, the way the compiler would at the pragma's position.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_BINDER_H
#define OMP2NUMA_BINDER_H

#include "Diag.h"
#include "IncludeMap.h"
#include "OmpModel.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include <map>
#include <memory>
#include <set>
#include <vector>

namespace clang {
class ASTContext;
}

namespace omp2numa {

class MacroExpansion;

/// A variable named in a data-sharing clause, resolved.
struct ClauseVar {
  const clang::VarDecl *Var;
  ClauseKind Kind;
  ReductionOp Op = ReductionOp::Add;
  clang::SourceLocation Loc;
  /// A reduction over an array section of Var: its dimensions, outermost first.
  const std::vector<ArraySection> *Sections = nullptr;
  std::string ReductionId = {}; ///< the reduction's operator or `declare reduction` identifier

  /// An in_reduction over a section through a pointer: the task keeps the pointer's value (the
  /// section must outlive the task, the pointer need not), as gcc does.
  bool reducesThroughPointer() const {
    return Kind == ClauseKind::InReduction && Sections && Var->getType()->isPointerType();
  }
};

/// A directive bound to the AST.
struct Construct {
  Directive Dir;
  const clang::FunctionDecl *Function = nullptr;
  /// The statement the directive applies to; null for standalone directives (barrier).
  const clang::Stmt *Body = nullptr;
  /// Characters of the main file the construct occupies: the pragma through the end of its
  /// statement (inclusive of a trailing ';').  A half-open file range.
  clang::CharSourceRange Range;
  /// The pragma line alone (removed or replaced when lowering).
  clang::CharSourceRange PragmaRange;
  std::vector<ClauseVar> Vars;
  const clang::VarDecl *ScheduleMap = nullptr;
  /// Orders tokens by where they are written, so that what is made from the maps below (the
  /// order of a region's captures) is the same in every build, not the order of addresses.
  struct TokenOrder {
    bool operator()(const PragmaToken *A, const PragmaToken *B) const {
      const auto LocA = A->Loc.getRawEncoding(), LocB = B->Loc.getRawEncoding();
      return LocA != LocB ? LocA < LocB : A < B;
    }
  };
  /// Variables named by identifiers in clause expressions (num_threads, if, chunk), by token.
  std::map<const PragmaToken *, const clang::VarDecl *, TokenOrder> ExprVars;
  /// Types and enumerators declared in the function, named by identifiers in clause expressions:
  /// an outlined region needs them at file scope too (LocalTypes.h), by their current names.
  std::map<const PragmaToken *, const clang::NamedDecl *, TokenOrder> ExprLocalNames;
  Construct *Parent = nullptr;
  std::vector<Construct *> Children;
  /// declare reduction: the types of its list, and the block it is declared in (null at file
  /// scope).
  std::vector<clang::QualType> ReductionTypes;
  const clang::Stmt *Scope = nullptr;
  /// The types of the iterators of depend clauses (int when none is written).
  std::map<const DependIterator *, clang::QualType> IteratorTypes;

  /// How a clause expression's token not naming a variable is written: as itself, or a local
  /// type's or enumerator's current name (LocalTypes.h may have renamed it).
  std::string spelling(const PragmaToken &T) const {
    auto Local = ExprLocalNames.find(&T);
    return Local != ExprLocalNames.end() ? Local->second->getName().str() : T.Spelling;
  }

  /// The (first) data-sharing clause that names V on this construct, if any.
  const ClauseVar *clauseFor(const clang::VarDecl *V) const {
    for (const ClauseVar &C : Vars)
      if (C.Var == V && C.Kind != ClauseKind::DirectiveList && C.Kind != ClauseKind::Aligned &&
          C.Kind != ClauseKind::Nontemporal && C.Kind != ClauseKind::Allocate)
        return &C;
    return nullptr;
  }
  /// Whether a clause of kind K names V.
  bool has(const clang::VarDecl *V, ClauseKind K) const {
    for (const ClauseVar &C : Vars)
      if (C.Var == V && C.Kind == K)
        return true;
    return false;
  }
  /// The variable a map-like item (map, is_device_ptr, depend...) names first: `a` in
  /// `a[0:n]`, `s` in `s.x`, `p` in `*p`; Whole: the item is that variable alone.
  const clang::VarDecl *itemBase(const DependItem &Item, bool &Whole) const {
    for (const PragmaToken &Tok : Item.Expr.Tokens)
      if (auto Found = ExprVars.find(&Tok); Found != ExprVars.end()) {
        Whole = Item.Expr.Tokens.size() == 1;
        return Found->second;
      }
    return nullptr;
  }
  /// Whether a clause of kind K with modifier Keyword (reduction's `task`, lastprivate's
  /// `conditional`) names V.
  bool hasWithModifier(const clang::VarDecl *V, ClauseKind K, llvm::StringRef Keyword) const {
    for (const Clause &Cl : Dir.Clauses)
      if (Cl.Kind == K && Cl.Keyword == Keyword)
        for (const VarName &N : Cl.Vars)
          if (N.Name == V->getName())
            return true;
    return false;
  }
};

/// All constructs of the main file, outermost first in source order.
struct BoundFile {
  std::vector<std::unique_ptr<Construct>> All; ///< in source order
  std::vector<Construct *> Roots;
  /// Canonical declarations named by a threadprivate directive.
  std::set<const clang::VarDecl *> ThreadprivateVars;

  /// Automatic variables named by an allocate directive: their storage comes from its
  /// allocator, and their name is a pointer to it (AllocateDirectiveLowering.h).
  std::set<const clang::VarDecl *> AllocatedVars;

  /// Macro invocations of the main file that write a loop construct's body, to be written out
  /// (MacroExpansion::usesWrittenOut) and the file translated again; only when binding was given
  /// a MacroExpansion.
  std::vector<clang::SourceLocation> MacroUses;

  /// Whether every thread has its own V: named by a threadprivate directive, or thread-local.
  bool isThreadprivate(const clang::VarDecl *V) const {
    return V->getTLSKind() != clang::VarDecl::TLS_None ||
           ThreadprivateVars.count(V->getCanonicalDecl());
  }
};

/// The defaultmap category of a variable of type T: "pointer", "scalar" or "aggregate".
inline llvm::StringRef defaultmapCategory(clang::QualType T) {
  return T->isPointerType() ? "pointer" : T->isScalarType() ? "scalar" : "aggregate";
}

/// Binds Directives (in source order) to the AST of the main file and the user files it
/// includes.  Reports errors through Diags.  With WriteOut, a loop body that a macro invocation
/// writes is noted in BoundFile::MacroUses instead, when WriteOut can write the invocation out.
BoundFile bindDirectives(std::vector<Directive> Directives, clang::ASTContext &Ctx,
                         const IncludeMap &Includes, Diag &Diags,
                         const MacroExpansion *WriteOut = nullptr);

/// The characters of the main file a statement occupies, with its trailing ';': from the start of
/// the macro expansion its first token comes from to the end of the one its last token comes from.
clang::CharSourceRange statementRange(const clang::Stmt *S, clang::ASTContext &Ctx);

/// Every reference to a variable under S (null: none).
std::vector<const clang::DeclRefExpr *> varRefsIn(const clang::Stmt *S);

/// Whether Loc lies inside the half-open file range R.
bool rangeContains(const clang::SourceManager &SM, clang::CharSourceRange R,
                   clang::SourceLocation Loc);

/// The innermost construct under Root (or Root) whose range contains Loc.
const Construct *innermostAt(const Construct *Root, clang::SourceLocation Loc,
                             const clang::SourceManager &SM);

} // namespace omp2numa

#endif
