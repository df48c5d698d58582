//===- SyncLowering.cpp - critical, master/masked, ordered, atomic, threadprivate -===//
//
// atomic uses the __atomic builtins of GCC and Clang on the variable's own storage: fetch-and-op
// for integer add/sub/and/or/xor, otherwise a compare-and-swap loop; read and write are atomic
// loads and stores.  Every form is sequentially consistent.
//
//===----------------------------------------------------------------------===//
#include "Lowering.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace omp2numa {

std::string Lowering::lowerCritical(const Construct *C) {
  const std::string &Name = C->Dir.CriticalName;
  return "{\n  static void *__o2n_lock;\n  __omp2numa_critical_start(&__o2n_lock, " +
         (Name.empty() ? std::string("(const char *)0") : "\"" + Name + "\"") + ");\n" +
         bodyText(C) + "\n  __omp2numa_critical_end(&__o2n_lock);\n}";
}

std::string Lowering::lowerMasked(const Construct *C) {
  const Clause *Filter = C->Dir.find(ClauseKind::Filter);
  std::string Thread = Filter ? "(int)" + exprText(C, C, Filter->Expr) : "0";
  // Braced, so that an else after the construct cannot bind to the generated if.
  return "{\n  if (__omp2numa_masked(" + Thread + ")) {\n" + bodyText(C) + "\n  }\n}";
}

std::string Lowering::lowerOrdered(const Construct *C) {
  // Inside a loop construct of this function, its ordered clause is checked here; an orphaned
  // region (in a function called from the loop) is checked by the runtime.
  const Construct *Loop = C->Parent;
  while (Loop && !DataSharing::isLoop(Loop) && !DataSharing::isOutlined(Loop))
    Loop = Loop->Parent;
  if (Loop && DataSharing::isLoop(Loop) && !Loop->Dir.has(ClauseKind::Ordered)) {
    Diags.error(C->Dir.NameLoc, "'#pragma omp ordered' is in a loop without the 'ordered' "
                                "clause");
    Diags.note(Loop->Dir.NameLoc, "the loop");
    return "";
  }
  return "{\n  __omp2numa_ordered_start();\n" + bodyText(C) + "\n  __omp2numa_ordered_end();\n}";
}

namespace {

/// One atomic statement, taken apart.
struct AtomicForm {
  const Expr *X = nullptr;     ///< the shared location
  const Expr *V = nullptr;     ///< where read/capture stores the value
  const Expr *E = nullptr;     ///< the operand (write, update); null for ++/--
  BinaryOperatorKind Op = BO_Add;
  bool OperandFirst = false;   ///< x = e op x
  bool CaptureOld = false;     ///< capture the value before the update
  bool Swap = false;           ///< {v = x; x = expr;}: exchange
};

const Expr *strip(const Expr *E) { return E ? E->IgnoreParenImpCasts() : nullptr; }

/// Whether A and B designate the same location, as written.
bool sameLocation(const Expr *A, const Expr *B, ASTContext &Ctx) {
  A = strip(A);
  B = strip(B);
  if (const auto *RA = dyn_cast<DeclRefExpr>(A))
    if (const auto *RB = dyn_cast<DeclRefExpr>(B))
      return RA->getDecl() == RB->getDecl();
  llvm::FoldingSetNodeID IA, IB;
  A->Profile(IA, Ctx, /*Canonical=*/true);
  B->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

/// x++, ++x, x--, --x, x op= e, x = x op e, x = e op x.
bool matchUpdate(const Expr *S, AtomicForm &F, ASTContext &Ctx, bool &Prefix) {
  S = S->IgnoreParens();
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp()) {
    F.X = U->getSubExpr();
    F.Op = U->isIncrementOp() ? BO_Add : BO_Sub;
    Prefix = U->isPrefix();
    return true;
  }
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(S)) {
    F.X = CA->getLHS();
    F.E = CA->getRHS();
    F.Op = BinaryOperator::getOpForCompoundAssignment(CA->getOpcode());
    Prefix = true;
    return true;
  }
  if (const auto *A = dyn_cast<BinaryOperator>(S); A && A->getOpcode() == BO_Assign) {
    const auto *Rhs = dyn_cast<BinaryOperator>(strip(A->getRHS()));
    if (!Rhs || !(Rhs->isAdditiveOp() || Rhs->isMultiplicativeOp() || Rhs->isBitwiseOp() ||
                  Rhs->isShiftOp()))
      return false;
    F.X = A->getLHS();
    F.Op = Rhs->getOpcode();
    if (sameLocation(Rhs->getLHS(), F.X, Ctx)) {
      F.E = Rhs->getRHS();
    } else if (sameLocation(Rhs->getRHS(), F.X, Ctx)) {
      F.E = Rhs->getLHS();
      F.OperandFirst = true;
    } else {
      return false;
    }
    Prefix = true;
    return true;
  }
  return false;
}

/// v = x (read) as an assignment.
bool matchRead(const Expr *S, AtomicForm &F) {
  const auto *A = dyn_cast<BinaryOperator>(S->IgnoreParens());
  if (!A || A->getOpcode() != BO_Assign || !strip(A->getRHS())->isLValue())
    return false;
  F.V = A->getLHS();
  F.X = A->getRHS()->IgnoreParenImpCasts(); // v = x converts x's value to v's type
  return true;
}

bool matchAtomic(AtomicKind Kind, const Stmt *S, AtomicForm &F, ASTContext &Ctx) {
  bool Prefix = false;
  const auto *E = dyn_cast<Expr>(S);
  switch (Kind) {
  case AtomicKind::Read:
    return E && matchRead(E, F);
  case AtomicKind::Write: {
    const auto *A = E ? dyn_cast<BinaryOperator>(E->IgnoreParens()) : nullptr;
    if (!A || A->getOpcode() != BO_Assign)
      return false;
    F.X = A->getLHS();
    F.E = A->getRHS();
    return true;
  }
  case AtomicKind::Update:
    return E && matchUpdate(E, F, Ctx, Prefix);
  case AtomicKind::Capture:
    if (E) { // v = x++, v = ++x, v = x op= e, v = x = x op e
      const auto *A = dyn_cast<BinaryOperator>(E->IgnoreParens());
      if (!A || A->getOpcode() != BO_Assign ||
          !matchUpdate(A->getRHS()->IgnoreParenImpCasts(), F, Ctx, Prefix))
        return false;
      F.V = A->getLHS();
      F.CaptureOld = !Prefix;
      return true;
    }
    if (const auto *Block = dyn_cast<CompoundStmt>(S); Block && Block->size() == 2) {
      const auto *First = dyn_cast<Expr>(Block->body_front());
      const auto *Second = dyn_cast<Expr>(Block->body_back());
      AtomicForm Read;
      if (First && Second && matchRead(First, Read) && matchUpdate(Second, F, Ctx, Prefix) &&
          sameLocation(Read.X, F.X, Ctx)) { // {v = x; x op= e;}
        F.V = Read.V;
        F.CaptureOld = true;
        return true;
      }
      F = AtomicForm();
      if (First && Second && matchRead(First, Read)) { // {v = x; x = expr;}
        const auto *A = dyn_cast<BinaryOperator>(Second->IgnoreParens());
        if (A && A->getOpcode() == BO_Assign && sameLocation(A->getLHS(), Read.X, Ctx)) {
          F.X = A->getLHS();
          F.E = A->getRHS();
          F.V = Read.V;
          F.Swap = F.CaptureOld = true;
          return true;
        }
      }
      F = AtomicForm();
      if (First && Second && matchUpdate(First, F, Ctx, Prefix) && matchRead(Second, Read) &&
          sameLocation(Read.X, F.X, Ctx)) { // {x op= e; v = x;}
        F.V = Read.V;
        return true;
      }
    }
    return false;
  }
  return false;
}

const char *fetchBuiltin(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_Add: return "__atomic_fetch_add";
  case BO_Sub: return "__atomic_fetch_sub";
  case BO_And: return "__atomic_fetch_and";
  case BO_Or: return "__atomic_fetch_or";
  case BO_Xor: return "__atomic_fetch_xor";
  default: return nullptr;
  }
}

} // namespace

std::string Lowering::lowerAtomic(const Construct *C) {
  AtomicForm F;
  if (!matchAtomic(C->Dir.Atomic, C->Body, F, Ctx)) {
    static const char *Forms[] = {
        "'v = x;'", "'x = expr;'",
        "'x++;', 'x--;', '++x;', '--x;', 'x binop= expr;', 'x = x binop expr;' or "
        "'x = expr binop x;'",
        "'v = x++;', 'v = x binop= expr;', 'v = x = x binop expr;', '{v = x; x binop= expr;}' or "
        "'{x binop= expr; v = x;}' (or with ++/--)"};
    Diags.error(C->Body->getBeginLoc(),
                std::string("statement after '#pragma omp atomic") +
                    (C->Dir.Atomic == AtomicKind::Read      ? " read"
                     : C->Dir.Atomic == AtomicKind::Write   ? " write"
                     : C->Dir.Atomic == AtomicKind::Capture ? " capture"
                                                            : "") +
                    "' must have the form " + Forms[static_cast<int>(C->Dir.Atomic)]);
    return "";
  }
  QualType T = F.X->getType().getUnqualifiedType();
  if (!T->isScalarType()) {
    Diags.error(F.X->getBeginLoc(), "the location updated by '#pragma omp atomic' must have a "
                                    "scalar type");
    return "";
  }
  auto text = [&](const Expr *E) { return "(" + sourceText(E, false) + ")"; };
  std::string S = "{\n  " + declare(Ctx.getPointerType(T).withConst(), "__o2n_x") + " = &" +
                  text(F.X) + ";\n";
  if (C->Dir.Atomic == AtomicKind::Read)
    return S + "  " + declare(T, "__o2n_v") + ";\n  __atomic_load(__o2n_x, &__o2n_v, " +
           "__ATOMIC_SEQ_CST);\n  " + text(F.V) + " = __o2n_v;\n}";
  if (C->Dir.Atomic == AtomicKind::Write)
    return S + "  " + declare(T, "__o2n_v") + " = " + text(F.E) + ";\n  __atomic_store(" +
           "__o2n_x, &__o2n_v, __ATOMIC_SEQ_CST);\n}";

  if (F.Swap)
    return S + "  " + declare(T, "__o2n_new") + " = " + text(F.E) + ";\n  " +
           declare(T, "__o2n_old") + ";\n" +
           "  __atomic_exchange(__o2n_x, &__o2n_new, &__o2n_old, __ATOMIC_SEQ_CST);\n  " +
           text(F.V) + " = __o2n_old;\n}";
  const std::string Operand = F.E ? "__o2n_e" : "1";
  if (F.E)
    S += "  " + declare(F.E->getType().getUnqualifiedType().withConst(), "__o2n_e") + " = " +
         text(F.E) + ";\n";
  const std::string Op = BinaryOperator::getOpcodeStr(F.Op).str();
  const std::string NewValue = F.OperandFirst ? Operand + " " + Op + " __o2n_old"
                                              : "__o2n_old " + Op + " " + Operand;
  S += "  " + declare(T, "__o2n_old") + ";\n  " + declare(T, "__o2n_new") + ";\n";
  const bool Fetch = T->isIntegerType() && !T->isBooleanType() && fetchBuiltin(F.Op) &&
                     !F.OperandFirst && (!F.E || F.E->getType()->isIntegerType());
  if (Fetch) {
    // fetch-and-op converts the operand to x's type first; for integer operands that is what
    // `x = x op e` computes too, modulo 2^N.
    S += "  __o2n_old = " + std::string(fetchBuiltin(F.Op)) + "(__o2n_x, " + Operand +
         ", __ATOMIC_SEQ_CST);\n  __o2n_new = " + NewValue + ";\n";
  } else {
    S += "  __atomic_load(__o2n_x, &__o2n_old, __ATOMIC_RELAXED);\n  do {\n    __o2n_new = " +
         NewValue + ";\n  } while (!__atomic_compare_exchange(__o2n_x, &__o2n_old, &__o2n_new, 0, "
                    "__ATOMIC_SEQ_CST, __ATOMIC_RELAXED));\n";
  }
  if (C->Dir.Atomic == AtomicKind::Capture)
    S += "  " + text(F.V) + " = " + (F.CaptureOld ? "__o2n_old" : "__o2n_new") + ";\n";
  return S + "  (void)__o2n_new;\n}";
}

/// A block-scope static made threadprivate moves to file scope as _Thread_local, so that the
/// regions outlined from its function see it; its name must not clash there.
void Lowering::hoistStaticLocal(const VarDecl *V, SourceLocation ClauseLoc) {
  const std::string Name = V->getName().str();
  const DeclStmt *Declaration = nullptr;
  for (const DynTypedNode &P : Ctx.getParents(*V))
    Declaration = P.get<DeclStmt>();
  if (!Declaration || !Declaration->isSingleDecl()) {
    Diags.error(V->getLocation(), "threadprivate variable '" + Name +
                                      "' must be declared on its own");
    return;
  }
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *Other = dyn_cast<NamedDecl>(D); Other && Other->getName() == Name) {
      Diags.error(ClauseLoc, "threadprivate block-scope variable '" + Name + "' must move to "
                             "file scope, where '" + Name + "' already names something else: "
                             "rename one of them");
      Diags.note(Other->getLocation(), "declared here");
      return;
    }
  for (const auto &[Moved, Fn] : Hoisted)
    if (Moved->getName() == Name && Moved != V) {
      Diags.error(ClauseLoc, "two threadprivate block-scope variables named '" + Name +
                             "' would both move to file scope: rename one of them");
      return;
    }
  if (!checkFileScopeType(V->getType(), V->getLocation(), "threadprivate variable '" + Name + "'"))
    return;
  const FunctionDecl *Fn = dyn_cast<FunctionDecl>(V->getDeclContext());
  CharSourceRange Range = statementRange(Declaration, Ctx);
  Out.insertBeforeLineOf(Fn->getBeginLoc(),
                         "/* omp2numa: threadprivate '" + Name + "' moved here from '" +
                             Fn->getName().str() + "' */\n_Thread_local " + Out.text(Range) + "\n");
  Out.replace(Range, "/* omp2numa: '" + Name + "' moved to file scope (threadprivate) */");
  Hoisted.push_back({V, Fn});
}

void Lowering::lowerThreadprivate(const Construct *C) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const ClauseVar &CV : C->Vars) {
    const VarDecl *V = CV.Var;
    const std::string Name = V->getName().str();
    if (!V->hasGlobalStorage()) {
      Diags.error(CV.Loc, "threadprivate variable '" + Name +
                              "' must be a file-scope or static variable");
      continue;
    }
    if (V->getTLSKind() != VarDecl::TLS_None)
      continue;
    if (V->isStaticLocal()) {
      hoistStaticLocal(V, CV.Loc);
      continue;
    }
    for (const VarDecl *R : V->redecls()) {
      SourceLocation Begin = SM.getExpansionLoc(R->getBeginLoc());
      if (!SM.isInMainFile(Begin)) {
        Diags.error(CV.Loc, "threadprivate variable '" + Name + "' is declared in an included "
                                                               "file, which omp2numa cannot change");
        Diags.note(R->getLocation(), "declared here");
        break;
      }
      // The storage class applies to a whole declaration: it must declare this variable alone.
      for (const Decl *Other : R->getDeclContext()->decls())
        if (Other != R && isa<VarDecl>(Other) &&
            SM.getExpansionLoc(Other->getBeginLoc()) == Begin) {
          Diags.error(R->getLocation(), "threadprivate variable '" + Name +
                                            "' shares its declaration with '" +
                                            cast<VarDecl>(Other)->getName().str() +
                                            "': declare it on its own");
          return;
        }
      Out.insertBefore(Begin, "_Thread_local ");
    }
  }
  if (!Diags.hasErrors())
    Out.replace(C->PragmaRange, pragmaComment(C) + " /* thread-local storage */");
}

} // namespace omp2numa
