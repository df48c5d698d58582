//===- AtomicLowering.cpp - atomic ----------------------------------------===//
//
// atomic uses the __atomic builtins of GCC and Clang on the variable's own storage: fetch-and-op
// for integer add/sub/and/or/xor, otherwise a compare-and-swap loop; read and write are atomic
// loads and stores; compare (OpenMP 5.1) a compare-and-swap loop that stops when the condition
// fails.  Every form is sequentially consistent.  Bit-fields and locations wider than
// 8 bytes run under a program-wide runtime lock instead (needsLock).
//
//===----------------------------------------------------------------------===//
#include "AtomicLowering.h"

using namespace clang;

namespace omp2numa {

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

/// Whether E reads location X anywhere (then `x = E` is no exchange: its value depends on x).
bool readsLocation(const Expr *E, const Expr *X, ASTContext &Ctx) {
  if (!E)
    return false;
  if (sameLocation(E, X, Ctx))
    return true;
  for (const Stmt *Child : E->children())
    if (readsLocation(dyn_cast_or_null<Expr>(Child), X, Ctx))
      return true;
  return false;
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
      if (First && Second && matchRead(First, Read)) { // {v = x; x = expr;}, expr without x
        const auto *A = dyn_cast<BinaryOperator>(Second->IgnoreParens());
        if (A && A->getOpcode() == BO_Assign && sameLocation(A->getLHS(), Read.X, Ctx) &&
            !readsLocation(A->getRHS(), Read.X, Ctx)) {
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

/// One `atomic compare [capture]` statement, taken apart: `x = e ordop x ? e : x`,
/// `x = x == e ? d : x` and their `if (cond) { x = ...; }` forms, with the captures of 5.1.
struct CompareForm {
  const Expr *X = nullptr, *E = nullptr;
  const Expr *D = nullptr;          ///< the new value of `x == e ? d : x`; null: e (ordop)
  BinaryOperatorKind Op = BO_LT;    ///< <, > or ==
  bool XFirst = true;               ///< `x ordop e` rather than `e ordop x`
  const Expr *V = nullptr, *R = nullptr;
  enum { None, Old, New, OldOnFail } Capture = None;
};

/// The `x = value` of a conditional update's branch (in braces or not): its value.  Sets X if
/// unset, else checks that the branch assigns X.
const Expr *assignedTo(const Stmt *S, CompareForm &F, ASTContext &Ctx) {
  if (const auto *Block = dyn_cast_or_null<CompoundStmt>(S))
    S = Block->size() == 1 ? Block->body_front() : nullptr;
  const auto *E = dyn_cast_or_null<Expr>(S);
  const auto *A = E ? dyn_cast<BinaryOperator>(E->IgnoreParens()) : nullptr;
  if (!A || A->getOpcode() != BO_Assign || (F.X && !sameLocation(A->getLHS(), F.X, Ctx)))
    return nullptr;
  F.X = A->getLHS();
  return A->getRHS();
}

/// The condition `x ordop e`, `e ordop x` or `x == e`, whose update assigns Value.
bool matchCondition(const Expr *Cond, const Expr *Value, CompareForm &F, ASTContext &Ctx) {
  const auto *B = dyn_cast<BinaryOperator>(strip(Cond));
  if (!Value || !B ||
      (B->getOpcode() != BO_LT && B->getOpcode() != BO_GT && B->getOpcode() != BO_EQ))
    return false;
  F.Op = B->getOpcode();
  if (sameLocation(B->getLHS(), F.X, Ctx)) {
    F.E = B->getRHS();
  } else if (sameLocation(B->getRHS(), F.X, Ctx)) {
    F.E = B->getLHS();
    F.XFirst = false;
  } else {
    return false;
  }
  if (F.Op == BO_EQ) {
    F.D = Value;
    return true;
  }
  return sameLocation(Value, F.E, Ctx); // min and max assign the value they compare with
}

/// `if (Cond) { x = value; }`, and WithElse, `else { v = x; }`: v gets x when Cond fails.
bool matchIfUpdate(const IfStmt *If, const Expr *Cond, CompareForm &F, ASTContext &Ctx,
                   bool WithElse) {
  if (If->getInit() || If->getConditionVariable() || !If->getElse() != !WithElse ||
      !matchCondition(Cond, assignedTo(If->getThen(), F, Ctx), F, Ctx))
    return false;
  if (!WithElse)
    return true;
  const auto *Else = dyn_cast<CompoundStmt>(If->getElse());
  const auto *Read = Else && Else->size() == 1 ? dyn_cast<Expr>(Else->body_front()) : nullptr;
  AtomicForm R;
  if (!Read || !matchRead(Read, R) || !sameLocation(R.X, F.X, Ctx) || F.Op != BO_EQ)
    return false;
  F.V = R.V;
  F.Capture = CompareForm::OldOnFail;
  return true;
}

/// `x = cond ? value : x;` or `if (cond) { x = value; }`.
bool matchConditionalUpdate(const Stmt *S, CompareForm &F, ASTContext &Ctx) {
  if (const auto *If = dyn_cast<IfStmt>(S))
    return matchIfUpdate(If, If->getCond(), F, Ctx, /*WithElse=*/false);
  const auto *E = dyn_cast<Expr>(S);
  const auto *A = E ? dyn_cast<BinaryOperator>(E->IgnoreParens()) : nullptr;
  const auto *Choice = A && A->getOpcode() == BO_Assign
                           ? dyn_cast<ConditionalOperator>(strip(A->getRHS()))
                           : nullptr;
  if (!Choice || !sameLocation(Choice->getFalseExpr(), A->getLHS(), Ctx))
    return false;
  F.X = A->getLHS();
  return matchCondition(Choice->getCond(), Choice->getTrueExpr(), F, Ctx);
}

/// `r = x == e` as an assignment: r.
const Expr *comparisonResult(const Stmt *S) {
  const auto *E = dyn_cast<Expr>(S);
  const auto *A = E ? dyn_cast<BinaryOperator>(E->IgnoreParens()) : nullptr;
  return A && A->getOpcode() == BO_Assign ? A->getLHS() : nullptr;
}

/// The forms of `atomic compare` (Capture: and capture), as OpenMP 5.1 lists them for C.
bool matchCompare(bool Capture, const Stmt *S, CompareForm &F, ASTContext &Ctx) {
  if (!Capture)
    return matchConditionalUpdate(S, F, Ctx);
  if (const auto *E = dyn_cast<Expr>(S)) { // v = x = cond ? value : x;
    const auto *A = dyn_cast<BinaryOperator>(E->IgnoreParens());
    F.Capture = CompareForm::New;
    F.V = A && A->getOpcode() == BO_Assign ? A->getLHS() : nullptr;
    return F.V && matchConditionalUpdate(A->getRHS()->IgnoreParenImpCasts(), F, Ctx);
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) // if (x == e) { x = d; } else { v = x; }
    return matchIfUpdate(If, If->getCond(), F, Ctx, /*WithElse=*/true);
  const auto *Block = dyn_cast<CompoundStmt>(S);
  if (!Block || Block->size() != 2)
    return false;
  const Stmt *First = Block->body_front(), *Second = Block->body_back();
  AtomicForm Read;
  const auto *FirstExpr = dyn_cast<Expr>(First), *SecondExpr = dyn_cast<Expr>(Second);
  if (FirstExpr && matchRead(FirstExpr, Read)) { // {v = x; update}
    F.V = Read.V;
    F.Capture = CompareForm::Old;
    return matchConditionalUpdate(Second, F, Ctx) && sameLocation(Read.X, F.X, Ctx);
  }
  if (SecondExpr && matchRead(SecondExpr, Read)) { // {update; v = x;}
    F.V = Read.V;
    F.Capture = CompareForm::New;
    return matchConditionalUpdate(First, F, Ctx) && sameLocation(Read.X, F.X, Ctx);
  }
  // {r = x == e; if (r) { x = d; } [else { v = x; }]}
  const auto *If = dyn_cast<IfStmt>(Second);
  F.R = comparisonResult(First);
  if (!F.R || !If || !sameLocation(If->getCond(), F.R, Ctx))
    return false;
  return matchIfUpdate(If, cast<BinaryOperator>(FirstExpr->IgnoreParens())->getRHS(), F, Ctx,
                       If->getElse() != nullptr) &&
         F.Op == BO_EQ;
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

/// Reports a statement that has none of the forms of its atomic construct.
void reportForm(LoweringContext &L, const Construct *C) {
  static const char *const Forms[] = {
      "'v = x;'", "'x = expr;'",
      "'x++;', 'x--;', '++x;', '--x;', 'x binop= expr;', 'x = x binop expr;' or "
      "'x = expr binop x;'",
      "'v = x++;', 'v = x binop= expr;', 'v = x = x binop expr;', '{v = x; x binop= expr;}' or "
      "'{x binop= expr; v = x;}' (or with ++/--)"};
  static const char *const Names[] = {" read", " write", "", " capture"};
  const int Kind = static_cast<int>(C->Dir.Atomic);
  L.Diags.error(C->Body->getBeginLoc(), std::string("statement after '#pragma omp atomic") +
                                            Names[Kind] + "' must have the form " + Forms[Kind]);
}

/// The text of the parts of an atomic statement, parenthesised.
struct AtomicText {
  std::string X, V, E;
};

/// The parts' texts, parenthesised, in Parts' order (null parts give empty texts).
std::optional<std::vector<std::string>> textsOf(LoweringContext &L,
                                                std::initializer_list<const Expr *> Parts) {
  std::vector<std::string> Texts;
  for (const Expr *Part : Parts) {
    Lowered Text = Part ? L.sourceText(Part, false) : std::string();
    if (!Text)
      return std::nullopt;
    Texts.push_back(Part ? "(" + *Text + ")" : "");
  }
  return Texts;
}

std::optional<AtomicText> textOf(LoweringContext &L, const AtomicForm &F) {
  std::optional<std::vector<std::string>> Texts = textsOf(L, {F.X, F.V, F.E});
  if (!Texts)
    return std::nullopt;
  return AtomicText{(*Texts)[0], (*Texts)[1], (*Texts)[2]};
}

/// An update (and capture): fetch-and-op where it computes `x = x op e`, else a CAS loop.
std::string update(LoweringContext &L, const Construct *C, const AtomicForm &F,
                   const AtomicText &Text, QualType T) {
  std::string S;
  const std::string Operand = F.E ? "__o2n_e" : "1";
  if (F.E)
    S += "  " + L.Types.declare(F.E->getType().getUnqualifiedType().withConst(), "__o2n_e") +
         " = " + Text.E + ";\n";
  const std::string Op = BinaryOperator::getOpcodeStr(F.Op).str();
  const std::string NewValue = F.OperandFirst ? Operand + " " + Op + " __o2n_old"
                                              : "__o2n_old " + Op + " " + Operand;
  S += "  " + L.Types.declare(T, "__o2n_old") + ";\n  " + L.Types.declare(T, "__o2n_new") + ";\n";
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
    S += "  " + Text.V + " = " + (F.CaptureOld ? "__o2n_old" : "__o2n_new") + ";\n";
  return S + "  (void)__o2n_new;\n";
}

/// Whether the builtins cannot make an atomic on X: a bit-field has no address, and a location
/// wider than 8 bytes (long double, __int128, _Complex double) needs libatomic, which programs
/// do not link.  As gcc does with libgomp's GOMP_atomic_start, such atomics run under one
/// program-wide runtime lock, which keeps them atomic with respect to each other: every atomic on
/// a location of the same type is lowered the same way, in every translation unit.
bool needsLock(const Expr *X, QualType T, ASTContext &Ctx) {
  if (X->refersToBitField())
    return true;
  if (T->isIncompleteType() || !T->isScalarType())
    return false; // reported by the caller
  const uint64_t Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
  return Bytes > 8 || !llvm::isPowerOf2_64(Bytes);
}

Lowered lockedAtomic(LoweringContext &L, const Construct *C) {
  Lowered Text = L.sourceText(C->Body, /*WithSemicolon=*/true);
  if (!Text)
    return std::nullopt;
  return "{\n  static void *__o2n_lock;\n  __omp2numa_critical_start(&__o2n_lock, "
         "\"__omp2numa.atomic\");\n" +
         L.Out.lineMarker(C->Body->getBeginLoc()) + *Text +
         "\n  __omp2numa_critical_end(&__o2n_lock);\n}";
}

/// The bytes of a value of floating type T that hold its value: an x87 long double's 10, not
/// its size's 16, whose padding an assignment leaves as it was.
uint64_t valueBytes(QualType T, ASTContext &Ctx) {
  return (llvm::APFloat::semanticsSizeInBits(Ctx.getFloatTypeSemantics(T)) + 7) / 8;
}

/// The operands of a compare (evaluated once, before the location is read), the old and new
/// values and the comparison's result __o2n_r; and in Cond, the comparison of __o2n_old.
/// Floating values compare equal by their value's bits, as if by memcmp (as gcc: -0.0 is not
/// 0.0).
std::string compareOperands(LoweringContext &L, const CompareForm &F, QualType T,
                            const std::vector<std::string> &Text, std::string &Cond) {
  std::string S = "  " + L.Types.declare(F.E->getType().getUnqualifiedType().withConst(),
                                         "__o2n_e") + " = " + Text[1] + ";\n";
  if (F.D)
    S += "  " + L.Types.declare(F.D->getType().getUnqualifiedType().withConst(), "__o2n_d") +
         " = " + Text[2] + ";\n";
  const std::string Op = BinaryOperator::getOpcodeStr(F.Op).str();
  Cond = F.XFirst ? "__o2n_old " + Op + " __o2n_e" : "__o2n_e " + Op + " __o2n_old";
  if (F.Op == BO_EQ && T->isRealFloatingType()) {
    S += "  " + L.Types.declare(T.withConst(), "__o2n_bits") + " = __o2n_e;\n";
    Cond = "__builtin_memcmp(&__o2n_old, &__o2n_bits, " + std::to_string(valueBytes(T, L.Ctx)) +
           ") == 0";
  }
  return S + "  " + L.Types.declare(T, "__o2n_old") + ";\n  " + L.Types.declare(T, "__o2n_new") +
         ";\n  _Bool __o2n_r;\n";
}

/// atomic compare [capture]: a compare-and-swap loop that stops when the condition fails; on a
/// location the builtins cannot reach (needsLock), a read and a conditional write under the
/// runtime's atomic lock.  Then the captures.
Lowered lowerCompare(LoweringContext &L, const Construct *C) {
  CompareForm F;
  if (!matchCompare(C->Dir.Atomic == AtomicKind::Capture, C->Body, F, L.Ctx)) {
    L.Diags.error(C->Body->getBeginLoc(),
                  "statement after '#pragma omp atomic compare' must have the form "
                  "'x = expr ordop x ? expr : x;', 'x = x ordop expr ? expr : x;', "
                  "'x = x == e ? d : x;' or 'if (cond) { x = ...; }' (ordop: < or >), with "
                  "capture also 'v = x' before or after it, 'v = x = ...', '... else { v = x; }' "
                  "or '{ r = x == e; if (r) { x = d; } }'");
    return std::nullopt;
  }
  const QualType T = F.X->getType().getUnqualifiedType();
  std::optional<std::vector<std::string>> Text = textsOf(L, {F.X, F.E, F.D, F.V, F.R});
  if (!Text)
    return std::nullopt;
  const std::string &X = (*Text)[0], &V = (*Text)[3];
  std::string Cond;
  std::string S = "{\n" + compareOperands(L, F, T, *Text, Cond);
  const std::string New = F.D ? "__o2n_d" : "__o2n_e";
  if (needsLock(F.X, T, L.Ctx))
    S += "  static void *__o2n_lock;\n  __omp2numa_critical_start(&__o2n_lock, "
         "\"__omp2numa.atomic\");\n  __o2n_old = " + X + ";\n  __o2n_r = " + Cond +
         ";\n  if (__o2n_r)\n    " + X + " = __o2n_new = " + New +
         ";\n  __omp2numa_critical_end(&__o2n_lock);\n";
  else
    S += "  " + L.Types.declare(L.originalPointer(F.X->getType()), "__o2n_x") + " = &" + X +
         ";\n  __atomic_load(__o2n_x, &__o2n_old, __ATOMIC_SEQ_CST);\n  do {\n    __o2n_r = " +
         Cond + ";\n    if (!__o2n_r)\n      break;\n    __o2n_new = " + New +
         ";\n  } while (!__atomic_compare_exchange(__o2n_x, &__o2n_old, &__o2n_new, 0, "
         "__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));\n";
  switch (F.Capture) {
  case CompareForm::None: break;
  case CompareForm::Old: S += "  " + V + " = __o2n_old;\n"; break;
  case CompareForm::New: S += "  " + V + " = __o2n_r ? __o2n_new : __o2n_old;\n"; break;
  case CompareForm::OldOnFail: S += "  if (!__o2n_r)\n    " + V + " = __o2n_old;\n"; break;
  }
  if (F.R)
    S += "  " + (*Text)[4] + " = __o2n_r;\n";
  return S + "  (void)__o2n_new;\n}";
}

} // namespace

Lowered lowerAtomic(LoweringContext &L, const Construct *C) {
  if (C->Dir.AtomicCompare)
    return lowerCompare(L, C);
  AtomicForm F;
  if (!matchAtomic(C->Dir.Atomic, C->Body, F, L.Ctx)) {
    reportForm(L, C);
    return std::nullopt;
  }
  QualType T = F.X->getType().getUnqualifiedType();
  if (needsLock(F.X, T, L.Ctx))
    return lockedAtomic(L, C);
  if (!T->isScalarType()) {
    L.Diags.error(F.X->getBeginLoc(), "the location updated by '#pragma omp atomic' must have a "
                                      "scalar type");
    return std::nullopt;
  }
  std::optional<AtomicText> Text = textOf(L, F);
  if (!Text)
    return std::nullopt;
  std::string S = "{\n  " + L.Types.declare(L.originalPointer(F.X->getType()), "__o2n_x") +
                  " = &" + Text->X + ";\n";
  if (C->Dir.Atomic == AtomicKind::Read)
    return S + "  " + L.Types.declare(T, "__o2n_v") + ";\n  __atomic_load(__o2n_x, &__o2n_v, " +
           "__ATOMIC_SEQ_CST);\n  " + Text->V + " = __o2n_v;\n}";
  if (C->Dir.Atomic == AtomicKind::Write)
    return S + "  " + L.Types.declare(T, "__o2n_v") + " = " + Text->E + ";\n  __atomic_store(" +
           "__o2n_x, &__o2n_v, __ATOMIC_SEQ_CST);\n}";
  if (F.Swap)
    return S + "  " + L.Types.declare(T, "__o2n_new") + " = " + Text->E + ";\n  " +
           L.Types.declare(T, "__o2n_old") + ";\n" +
           "  __atomic_exchange(__o2n_x, &__o2n_new, &__o2n_old, __ATOMIC_SEQ_CST);\n  " +
           Text->V + " = __o2n_old;\n}";
  return S + update(L, C, F, *Text, T) + "}";
}

} // namespace omp2numa
