//===- LoopForm.h - OpenMP canonical loop form ---------------------------===//
//
// Recognises `for (init; test; incr)` in OpenMP's canonical form and describes it so that the
// loop can be normalised to a trip count and a logical iteration number.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOOPFORM_H
#define OMP2NUMA_LOOPFORM_H

#include "Diag.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <optional>

namespace clang {
class ASTContext;
}

namespace omp2numa {

/// A loop in canonical form:  for (var = Lower; var Test Upper; var += +-Step).
struct LoopForm {
  const clang::ForStmt *For = nullptr;
  const clang::VarDecl *Var = nullptr;
  bool DeclaredInInit = false; ///< `for (int i = ...`: the variable is local to the loop
  const clang::Expr *Lower = nullptr;
  const clang::Expr *Upper = nullptr;
  /// The test, with the variable on the left: <, <=, >, >=, or != .
  clang::BinaryOperatorKind Test = clang::BO_LT;
  /// The step expression; null for ++ and -- (a step of 1).
  const clang::Expr *Step = nullptr;
  /// Whether the increment subtracts Step (`i -= s`, `i = i - s`, `i--`).
  bool StepSubtracts = false;
  /// Whether the variable increases; for != this comes from the increment.
  bool Increasing = true;
  bool IsPointer = false;
  bool IsSigned = false;

  /// Whether the test admits the upper bound itself (<= or >=).
  bool inclusive() const { return Test == clang::BO_LE || Test == clang::BO_GE; }
};

/// The variable a for statement initialises, if the init has that shape.
const clang::VarDecl *loopVariable(const clang::ForStmt *For);

/// The loops of a perfectly nested nest of up to Depth loops starting at For (fewer if the nest is
/// shallower: each body must be a for statement, or a block holding only one).
std::vector<const clang::ForStmt *> loopNest(const clang::ForStmt *For, unsigned Depth);

/// Analyses S as the loop of a loop construct.  Reports an error (naming Directive, e.g.
/// "'#pragma omp for'") and returns nothing if S is not a loop in canonical form.
std::optional<LoopForm> analyzeLoop(const clang::Stmt *S, llvm::StringRef Directive,
                                    clang::ASTContext &Ctx, Diag &Diags);

} // namespace omp2numa

#endif
