//===- ReductionLowering.cpp - reduction(op: list) -------------------------===//
//
// Each thread accumulates into a private copy initialised to the operator's identity.  At the end
// it hands its partials to the runtime, which combines them into the original variables in
// thread order (deterministic for a static schedule).  A task (in_reduction, and a taskloop's
// reduction) does the same at its own end, through __omp2numa_task_reduce:
//
//   struct __o2n_red_12 { double sum; };               one thread's partial results
//   struct __o2n_redtgt_12 { double *sum; };           where the results go
//   static void __o2n_combine_12(void *t, void *p) {   *t->sum = *t->sum + p->sum;  }
//   ...  struct __o2n_redtgt_12 __o2n_tgt = {&sum};  double sum = 0;  <loop>
//        struct __o2n_red_12 __o2n_part = {sum};
//        __omp2numa_reduce(&__o2n_part, __o2n_combine_12, &__o2n_tgt);
//
//===----------------------------------------------------------------------===//
#include "ReductionLowering.h"
#include "llvm/ADT/APInt.h"

using namespace clang;

namespace omp2numa {

namespace {

bool isBitwise(ReductionOp Op) {
  return Op == ReductionOp::BitAnd || Op == ReductionOp::BitOr || Op == ReductionOp::BitXor;
}

/// The identity of Op for type T, as a C expression.
std::string identity(ReductionOp Op, QualType T, ASTContext &Ctx, const std::string &TypeName) {
  switch (Op) {
  case ReductionOp::Add:
  case ReductionOp::Sub:
  case ReductionOp::BitOr:
  case ReductionOp::BitXor:
  case ReductionOp::LogOr:
    return "0";
  case ReductionOp::Mul:
  case ReductionOp::LogAnd:
    return "1";
  case ReductionOp::BitAnd:
    return "(" + TypeName + ")~(" + TypeName + ")0";
  case ReductionOp::Min:
  case ReductionOp::Max: {
    const bool Largest = Op == ReductionOp::Min;
    if (T->isRealFloatingType()) {
      // The identity is infinity, not the largest finite value, so that min/max of an original
      // value of -inf or +inf is kept.
      std::string Inf = Ctx.getTypeSize(T) == Ctx.getTypeSize(Ctx.FloatTy)
                            ? "__builtin_inff()"
                        : Ctx.getTypeSize(T) == Ctx.getTypeSize(Ctx.DoubleTy) ? "__builtin_inf()"
                                                                              : "__builtin_infl()";
      return Largest ? Inf : "-" + Inf;
    }
    const unsigned Bits = Ctx.getTypeSize(T);
    const bool Signed = T->isSignedIntegerType();
    if (!Signed)
      return Largest ? "(" + TypeName + ")~(" + TypeName + ")0" : "(" + TypeName + ")0";
    llvm::APInt Max = llvm::APInt::getSignedMaxValue(Bits);
    std::string MaxText = "(" + TypeName + ")" + llvm::toString(Max, 10, true) + "ULL";
    return Largest ? MaxText : "(-" + MaxText + " - 1)";
  }
  }
  return "0";
}

/// `*Target = *Target op Partial` for Op.
std::string combineStatement(ReductionOp Op, const std::string &Target, const std::string &Part) {
  switch (Op) {
  case ReductionOp::Min:
    return Target + " = " + Part + " < " + Target + " ? " + Part + " : " + Target + ";";
  case ReductionOp::Max:
    return Target + " = " + Part + " > " + Target + " ? " + Part + " : " + Target + ";";
  case ReductionOp::Sub: // partial results of '-' are added, as OpenMP specifies
    return Target + " = " + Target + " + " + Part + ";";
  default:
    return Target + " = " + Target + " " + reductionOpSpelling(Op) + " " + Part + ";";
  }
}

/// Reports a reduction variable of a type the operator is not defined for.  An array of
/// constant size (ArraysOk) reduces element by element.
bool checkReductionType(LoweringContext &L, const ClauseVar &CV, QualType T,
                        bool ArraysOk = false) {
  const std::string Name = CV.Var->getName().str();
  if (CV.Var->getType().isConstQualified() ||
      (T->isArrayType() && L.Ctx.getBaseElementType(T).isConstQualified())) {
    L.Diags.error(CV.Loc, "reduction variable '" + Name + "' is const");
    return false;
  }
  if (T->isArrayType()) {
    if (!ArraysOk || !T->isConstantArrayType() || T->isVariablyModifiedType()) {
      L.Diags.error(CV.Loc, "reduction over the array '" + Name + "' of type '" +
                                T.getAsString() + "' is not supported yet" +
                                (ArraysOk ? " (arrays of constant size are)" : " here"));
      return false;
    }
    T = L.Ctx.getBaseElementType(T);
  }
  // Complex values have + - * (and no order, so no min or max).
  const bool ComplexOk = CV.Op == ReductionOp::Add || CV.Op == ReductionOp::Sub ||
                         CV.Op == ReductionOp::Mul;
  if (!T->isArithmeticType() || (T->isAnyComplexType() && !ComplexOk) ||
      (isBitwise(CV.Op) && !T->isIntegerType())) {
    L.Diags.error(CV.Loc, std::string("reduction '") + reductionOpSpelling(CV.Op) +
                              "' is not defined for variable '" + Name + "' of type '" +
                              T.getAsString() + "'");
    return false;
  }
  return L.checkFileScopeType(T, CV.Loc, "reduction variable '" + Name + "'");
}

/// The pieces of one reduction variable, a scalar or an array (element by element).
struct ReductionItem {
  std::string PartMember, TargetMember, Private, PartInit, Combine;
};

ReductionItem scalarItem(LoweringContext &L, const ClauseVar &CV, QualType T) {
  const std::string Name = CV.Var->getName().str();
  ReductionItem I;
  I.PartMember = L.Types.declare(T, Name);
  I.TargetMember = L.Types.declare(L.Ctx.getPointerType(T), Name);
  I.Private = "  " + L.Types.declare(T, Name) + " = " +
              identity(CV.Op, T, L.Ctx, L.Types.declare(T, "")) + ";\n";
  I.PartInit = Name;
  I.Combine = "  " + combineStatement(CV.Op, "*__o2n_t->" + Name, "__o2n_p->" + Name) + "\n";
  return I;
}

/// An array: the private copy starts as identities, the partial and the target are its first
/// elements, and the combiner runs over every element (all dimensions, flattened).
ReductionItem arrayItem(LoweringContext &L, const ClauseVar &CV, QualType T) {
  const std::string Name = CV.Var->getName().str();
  const QualType Elem = L.Ctx.getBaseElementType(T).getUnqualifiedType();
  const std::string ElemName = L.Types.declare(Elem, "");
  const std::string Count = std::to_string(L.Ctx.getTypeSizeInChars(T).getQuantity() /
                                           L.Ctx.getTypeSizeInChars(Elem).getQuantity());
  ReductionItem I;
  I.PartMember = L.Types.declare(L.Ctx.getPointerType(Elem), Name);
  I.TargetMember = I.PartMember;
  I.Private = "  " + L.Types.declare(T, Name) + ";\n  for (size_t __o2n_e = 0; __o2n_e < " +
              Count + "; ++__o2n_e)\n    ((" + ElemName + " *)" + Name + ")[__o2n_e] = " +
              identity(CV.Op, Elem, L.Ctx, ElemName) + ";\n";
  I.PartInit = "(" + ElemName + " *)" + Name;
  I.Combine = "  for (size_t __o2n_e = 0; __o2n_e < " + Count + "; ++__o2n_e)\n    " +
              combineStatement(CV.Op, "__o2n_t->" + Name + "[__o2n_e]",
                               "__o2n_p->" + Name + "[__o2n_e]") +
              "\n";
  return I;
}

/// An array section a[lb : len] of an array or a pointer: a private buffer of len elements that
/// the name, shadowed, reaches as a[lb] .. a[lb + len - 1]; the target is the original's a[lb].
/// Its bounds are evaluated once, where the construct starts (Bounds: before the targets).
std::optional<ReductionItem> sectionItem(LoweringContext &L, const Construct *C,
                                         const ClauseVar &CV, std::string &Bounds) {
  const std::string Name = CV.Var->getName().str();
  const QualType T = CV.Var->getType().getUnqualifiedType();
  QualType Elem;
  if (T->isPointerType())
    Elem = T->getPointeeType();
  else if (T->isArrayType())
    Elem = L.Ctx.getAsArrayType(T)->getElementType();
  if (Elem.isNull() || !Elem->isArithmeticType() || Elem.isConstQualified()) {
    L.Diags.error(CV.Section->Loc, "a reduction over an array section needs a one-dimensional "
                                   "array or a pointer to a modifiable arithmetic type; '" +
                                       Name + "' has type '" + T.getAsString() + "'");
    return std::nullopt;
  }
  // A task reached through a pointer may be created in another in_reduction task whose private
  // copy the pointer then designates (gcc maps such addresses back at run time): not yet.
  if (CV.Kind == ClauseKind::InReduction && T->isPointerType()) {
    L.Diags.error(CV.Section->Loc, "'in_reduction' over an array section through the pointer '" +
                                       Name + "' is not supported yet (sections of arrays are)");
    return std::nullopt;
  }
  const QualType E = Elem.getUnqualifiedType();
  if (!checkReductionType(L, CV, E))
    return std::nullopt;
  const std::string ElemName = L.Types.declare(E, "");
  const std::string Pointer = L.Types.declare(L.Ctx.getPointerType(E), Name);
  const std::string Lb = "__o2n_lb_" + Name, Len = "__o2n_len_" + Name,
                    Buf = "__o2n_sec_" + Name;
  const std::string Lower = CV.Section->Lower.Tokens.empty()
                                ? "0"
                                : L.exprText(C, C, CV.Section->Lower, /*InLoopHeader=*/true);
  std::string Length;
  if (!CV.Section->Length.Tokens.empty()) {
    Length = L.exprText(C, C, CV.Section->Length, /*InLoopHeader=*/true);
  } else if (const auto *A = dyn_cast<ConstantArrayType>(L.Ctx.getAsArrayType(T))) {
    Length = "(" + std::to_string(A->getSize().getZExtValue()) + " - " + Lb + ")"; // to the end
  } else {
    L.Diags.error(CV.Section->Loc, "the array section of '" + Name + "' needs a length: its "
                                   "size is not known");
    return std::nullopt;
  }
  Bounds += "  const size_t " + Lb + " = (size_t)" + Lower + ";\n  const size_t " + Len +
            " = (size_t)" + Length + ";\n";
  ReductionItem I;
  I.PartMember = Pointer + ";\n  size_t " + Len;
  I.TargetMember = Pointer;
  I.Private = "  " + ElemName + " " + Buf + "[" + Len + " ? " + Len + " : 1];\n" +
              "  for (size_t __o2n_e = 0; __o2n_e < " + Len + "; ++__o2n_e)\n    " + Buf +
              "[__o2n_e] = " + identity(CV.Op, E, L.Ctx, ElemName) + ";\n  " + Pointer + " = " +
              Buf + " - " + Lb + ";\n";
  I.PartInit = Buf + ", ." + Len + " = " + Len;
  I.Combine = "  for (size_t __o2n_e = 0; __o2n_e < __o2n_p->" + Len + "; ++__o2n_e)\n    " +
              combineStatement(CV.Op, "__o2n_t->" + Name + "[__o2n_e]",
                               "__o2n_p->" + Name + "[__o2n_e]") +
              "\n";
  return I;
}

} // namespace

std::optional<ReductionCode> lowerReductions(LoweringContext &L, const Construct *C,
                                             PrivateLevel Level) {
  ReductionCode R;
  std::string PartMembers, TargetMembers, PartInit, TargetInit, Combines, Bounds;
  for (const ClauseVar &CV : C->Vars) {
    if ((CV.Kind != ClauseKind::Reduction && CV.Kind != ClauseKind::InReduction) ||
        L.Sharing.privateLevel(C, CV.Var) != Level)
      continue;
    const std::string Name = CV.Var->getName().str();
    QualType T = CV.Var->getType().getUnqualifiedType();
    std::optional<ReductionItem> Item;
    if (CV.Section)
      Item = sectionItem(L, C, CV, Bounds);
    else if (checkReductionType(L, CV, T, /*ArraysOk=*/true))
      Item = T->isArrayType() ? arrayItem(L, CV, T) : scalarItem(L, CV, T);
    if (!Item)
      return std::nullopt;
    const ReductionItem &I = *Item;
    PartMembers += "  " + I.PartMember + ";\n";
    TargetMembers += "  " + I.TargetMember + ";\n";
    R.Privates += I.Private;
    PartInit += (PartInit.empty() ? "." : ", .") + Name + " = " + I.PartInit;
    // The original as seen where the construct starts: the region's capture of it.
    Lowered Original = Level == PrivateLevel::Region
                           ? "__o2n_ctx->" + Name
                           : L.addressOf(C, CV.Var, L.Sharing.spell(CV.Var, C, true), CV.Loc);
    if (!Original)
      return std::nullopt;
    if (CV.Section) // the section's first element
      Original = "&(*" + *Original + ")[__o2n_lb_" + Name + "]";
    else if (T->isArrayType()) // the first element
      Original = "(" + L.Types.declare(L.Ctx.getPointerType(L.Ctx.getBaseElementType(T)), "") +
                 ")" + *Original;
    TargetInit += (TargetInit.empty() ? "." : ", .") + Name + " = " + *Original;
    Combines += I.Combine;
  }
  if (R.Privates.empty())
    return R;
  const std::string Suffix = L.uniqueSuffix(C);
  const std::string Part = "struct __o2n_red_" + Suffix;
  const std::string Target = "struct __o2n_redtgt_" + Suffix;
  const std::string Fn = "__o2n_combine_" + Suffix;
  R.Definitions = Part + " {\n" + PartMembers + "};\n" + Target + " {\n" + TargetMembers + "};\n" +
                  "static void " + Fn + "(void *__o2n_target, void *__o2n_partial)\n{\n  " +
                  Target + " *const __o2n_t = (" + Target + " *)__o2n_target;\n  " + Part +
                  " *const __o2n_p = (" + Part + " *)__o2n_partial;\n" + Combines + "}\n";
  R.Targets = Bounds + "  " + Target + " __o2n_tgt = {" + TargetInit + "};\n";
  // A task combines its own partials at its end, whichever thread runs it.
  const char *Reduce = C->Dir.isTask() ? "__omp2numa_task_reduce" : "__omp2numa_reduce";
  R.Combine = "  {\n    " + Part + " __o2n_part = {" + PartInit + "};\n    " + Reduce +
              "(&__o2n_part, " + Fn + ", &__o2n_tgt);\n  }\n";
  return R;
}

std::optional<ReductionCode> lowerSerialReductions(LoweringContext &L, const Construct *C) {
  ReductionCode R;
  for (const ClauseVar &CV : C->Vars) {
    if (CV.Kind != ClauseKind::Reduction)
      continue;
    const std::string Name = CV.Var->getName().str();
    QualType T = CV.Var->getType().getUnqualifiedType();
    if (!checkReductionType(L, CV, T))
      return std::nullopt;
    Lowered Original = L.addressOf(C, CV.Var, L.Sharing.spell(CV.Var, C, true), CV.Loc);
    if (!Original)
      return std::nullopt;
    const std::string Target = "__o2n_red_" + Name;
    R.Targets += "  " + L.Types.declare(L.Ctx.getPointerType(T).withConst(), Target) + " = " +
                 *Original + ";\n";
    R.Privates += "  " + L.Types.declare(T, Name) + " = " +
                  identity(CV.Op, T, L.Ctx, L.Types.declare(T, "")) + ";\n";
    R.Combine += "  " + combineStatement(CV.Op, "*" + Target, Name) + "\n";
  }
  return R;
}

std::string reductionIdentity(ReductionOp Op, QualType T, ASTContext &Ctx,
                              const std::string &TypeName) {
  return identity(Op, T, Ctx, TypeName);
}

std::string reductionCombine(ReductionOp Op, const std::string &Target, const std::string &Part) {
  return combineStatement(Op, Target, Part);
}

} // namespace omp2numa
