//===- LoopForm.cpp -------------------------------------------------------===//
#include "LoopForm.h"
#include "clang/AST/ASTContext.h"

using namespace clang;

namespace omp2numa {

static const VarDecl *refTo(const Expr *E) {
  if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr))
    return dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

const VarDecl *loopVariable(const ForStmt *For) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit()))
    return DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(For->getInit()))
    if (BO->getOpcode() == BO_Assign)
      return refTo(BO->getLHS());
  return nullptr;
}

std::vector<const ForStmt *> loopNest(const ForStmt *For, unsigned Depth) {
  std::vector<const ForStmt *> Nest;
  for (const Stmt *S = For; S && Nest.size() < Depth;) {
    while (const auto *Block = dyn_cast_or_null<CompoundStmt>(S))
      S = Block->size() == 1 ? Block->body_front() : nullptr;
    const auto *F = dyn_cast_or_null<ForStmt>(S);
    if (!F)
      break;
    Nest.push_back(F);
    S = F->getBody();
  }
  return Nest;
}

namespace {

class Analyzer {
public:
  Analyzer(llvm::StringRef Directive, ASTContext &Ctx, Diag &Diags)
      : Directive(Directive), Ctx(Ctx), Diags(Diags) {}

  std::optional<LoopForm> run(const Stmt *S) {
    const auto *For = dyn_cast<ForStmt>(S);
    if (!For)
      return fail(S->getBeginLoc(), "statement after " + Directive + " must be a for loop");
    LoopForm L;
    L.For = For;
    if (!init(L) || !test(L) || !increment(L) || !invariant(L))
      return std::nullopt;
    return L;
  }

private:
  std::string Directive;
  ASTContext &Ctx;
  Diag &Diags;

  std::nullopt_t fail(SourceLocation Loc, const std::string &Message) {
    Diags.error(Loc, Message);
    return std::nullopt;
  }

  /// A reference to V under E, if any.
  static const DeclRefExpr *refToVar(const Expr *E, const VarDecl *V) {
    if (!E)
      return nullptr;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E); Ref && Ref->getDecl() == V)
      return Ref;
    for (const Stmt *Child : E->children())
      if (const DeclRefExpr *Found = refToVar(dyn_cast_or_null<Expr>(Child), V))
        return Found;
    return nullptr;
  }

  /// The bounds and the step are evaluated once, before the loop: they cannot use its variable.
  bool invariant(const LoopForm &L) {
    const std::pair<const Expr *, const char *> Parts[] = {
        {L.Lower, "initializer"}, {L.Upper, "condition"}, {L.Step, "increment"}};
    for (const auto &[E, What] : Parts)
      if (const DeclRefExpr *Ref = refToVar(E, L.Var)) {
        Diags.error(Ref->getLocation(), std::string("the loop's ") + What + " must not use the "
                                        "loop variable '" + L.Var->getName().str() +
                                        "': OpenMP evaluates it once, before the loop");
        return false;
      }
    return true;
  }

  bool init(LoopForm &L) {
    const Stmt *Init = L.For->getInit();
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
      const auto *V = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      if (!V || !V->getInit()) {
        fail(DS->getBeginLoc(), "initialization of a canonical loop must declare one variable "
                                "with an initial value");
        return false;
      }
      L.Var = V;
      L.DeclaredInInit = true;
      L.Lower = V->getInit();
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Init);
               BO && BO->getOpcode() == BO_Assign && refTo(BO->getLHS())) {
      L.Var = refTo(BO->getLHS());
      L.Lower = BO->getRHS();
    } else {
      fail(Init ? Init->getBeginLoc() : L.For->getLParenLoc(),
           "initialization of a canonical loop must have the form 'var = lb' or 'T var = lb'");
      return false;
    }
    QualType T = L.Var->getType();
    if (T->isPointerType()) {
      L.IsPointer = true;
    } else if (T->isIntegerType() && !T->isBooleanType() && !T->isEnumeralType()) {
      if (Ctx.getTypeSize(T) > 64) {
        fail(L.Var->getLocation(), "loop variable wider than 64 bits is not supported");
        return false;
      }
      L.IsSigned = T->isSignedIntegerType();
    } else {
      fail(L.Var->getLocation(), "loop variable '" + L.Var->getName().str() +
                                     "' must have an integer or pointer type");
      return false;
    }
    return true;
  }

  bool test(LoopForm &L) {
    const auto *BO = dyn_cast_or_null<BinaryOperator>(
        L.For->getCond() ? L.For->getCond()->IgnoreParenImpCasts() : nullptr);
    SourceLocation Loc = L.For->getCond() ? L.For->getCond()->getBeginLoc() : L.For->getLParenLoc();
    if (!BO || !(BO->isRelationalOp() || BO->getOpcode() == BO_NE)) {
      fail(Loc, "condition of a canonical loop must compare the loop variable with <, <=, >, "
                ">= or !=");
      return false;
    }
    if (refTo(BO->getLHS()) == L.Var) {
      L.Test = BO->getOpcode();
      L.Upper = BO->getRHS();
    } else if (refTo(BO->getRHS()) == L.Var) {
      L.Upper = BO->getLHS();
      switch (BO->getOpcode()) {
      case BO_LT: L.Test = BO_GT; break;
      case BO_LE: L.Test = BO_GE; break;
      case BO_GT: L.Test = BO_LT; break;
      case BO_GE: L.Test = BO_LE; break;
      default: L.Test = BO->getOpcode(); break;
      }
    } else {
      fail(Loc, "condition of a canonical loop must test the loop variable '" +
                    L.Var->getName().str() + "'");
      return false;
    }
    return true;
  }

  bool increment(LoopForm &L) {
    const Expr *Inc = L.For->getInc() ? L.For->getInc()->IgnoreParens() : nullptr;
    SourceLocation Loc = Inc ? Inc->getBeginLoc() : L.For->getRParenLoc();
    bool Known = false;
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc);
        UO && UO->isIncrementDecrementOp() && refTo(UO->getSubExpr()) == L.Var) {
      L.StepSubtracts = UO->isDecrementOp();
      Known = true;
    } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc);
               CA && refTo(CA->getLHS()) == L.Var &&
               (CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign)) {
      L.Step = CA->getRHS();
      L.StepSubtracts = CA->getOpcode() == BO_SubAssign;
      Known = true;
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Inc);
               BO && BO->getOpcode() == BO_Assign && refTo(BO->getLHS()) == L.Var) {
      const auto *Rhs = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
      if (Rhs && Rhs->getOpcode() == BO_Add && refTo(Rhs->getLHS()) == L.Var) {
        L.Step = Rhs->getRHS();
        Known = true;
      } else if (Rhs && Rhs->getOpcode() == BO_Add && refTo(Rhs->getRHS()) == L.Var) {
        L.Step = Rhs->getLHS();
        Known = true;
      } else if (Rhs && Rhs->getOpcode() == BO_Sub && refTo(Rhs->getLHS()) == L.Var) {
        L.Step = Rhs->getRHS();
        L.StepSubtracts = true;
        Known = true;
      }
    }
    if (!Known) {
      fail(Loc, "increment of a canonical loop must be ++, --, +=, -=, or 'var = var +/- step' "
                "on the loop variable '" + L.Var->getName().str() + "'");
      return false;
    }
    if (L.Step && !L.Step->getType()->isIntegerType()) {
      fail(L.Step->getBeginLoc(), "step of a canonical loop must be an integer expression");
      return false;
    }
    // A constant step of 0 never reaches the bound; the trip count would divide by it (gcc:
    // "invalid increment expression", clang rejects it too).  A variable step is the program's.
    if (Expr::EvalResult R; L.Step && L.Step->EvaluateAsInt(R, Ctx) && R.Val.getInt() == 0) {
      fail(L.Step->getBeginLoc(), "step of a canonical loop must not be zero (invalid increment "
                                  "expression)");
      return false;
    }
    switch (L.Test) {
    case BO_LT:
    case BO_LE: L.Increasing = true; break;
    case BO_GT:
    case BO_GE: L.Increasing = false; break;
    default: {
      // !=: the direction is the sign of the step, which must then be known at compile time.
      int Sign = L.StepSubtracts ? -1 : 1;
      if (L.Step) {
        Expr::EvalResult R;
        if (!L.Step->EvaluateAsInt(R, Ctx) || R.Val.getInt() == 0) {
          fail(L.Step->getBeginLoc(), "with '!=' in the condition, the step must be a non-zero "
                                      "integer constant");
          return false;
        }
        if (R.Val.getInt().isNegative())
          Sign = -Sign;
      }
      L.Increasing = Sign > 0;
      L.Test = L.Increasing ? BO_LT : BO_GT;
      break;
    }
    }
    return true;
  }
};

} // namespace

std::optional<LoopForm> analyzeLoop(const Stmt *S, llvm::StringRef Directive, ASTContext &Ctx,
                                    Diag &Diags) {
  return Analyzer(Directive, Ctx, Diags).run(S);
}

} // namespace omp2numa
