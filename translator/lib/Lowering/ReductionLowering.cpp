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
// A taskgroup's task_reduction items get the same private copies, named __o2n_acc_x: the group's
// accumulators, which its in_reduction tasks combine into (the runtime finds them by the
// original's address) and which are combined into the originals at the group's end.
//
// A `declare reduction` is expanded in place: its initializer where the private copy is made,
// its combiner in the combine function, with omp_priv, omp_orig, omp_out and omp_in replaced by
// the lvalues they stand for, after a #line marker of the directive (the compiler's messages
// about them name the user's line).
//
//===----------------------------------------------------------------------===//
#include "ReductionLowering.h"
#include "AllocateLowering.h"
#include "../UserReductions.h"
#include "StructureChecks.h"
#include "clang/Basic/TargetInfo.h"
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
  case ReductionOp::User: // never asked: a declare reduction initialises its own copies
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

/// What reduces a variable's elements: a built-in operator, or a declare reduction (Udr).
struct Reducer {
  ReductionOp Op;
  const Construct *Udr = nullptr;
};

/// The reducer of CV, whose elements have type Elem: the declare reduction visible at C for an
/// identifier, or for an operator on a type that is not arithmetic; else the operator (whose
/// type checkReductionType checks).
std::optional<Reducer> reducerFor(LoweringContext &L, const Construct *C, const ClauseVar &CV,
                                  QualType Elem) {
  if (CV.Op != ReductionOp::User && Elem->isArithmeticType())
    return Reducer{CV.Op};
  if (const Construct *U = findUserReduction(L.File, C, CV.ReductionId, Elem, L.Ctx))
    return Reducer{CV.Op, U};
  if (CV.Op != ReductionOp::User)
    return Reducer{CV.Op};
  L.Diags.error(CV.Loc, "user defined reduction not found for '" + CV.Var->getName().str() + "'");
  return std::nullopt;
}

/// Expression E of a declare reduction, its special variables replaced (Names: omp_out, ...).
std::string udrText(const ExprTokens &E, size_t From,
                    const std::vector<std::pair<llvm::StringRef, std::string>> &Names) {
  std::string Text;
  for (size_t I = From; I < E.Tokens.size(); ++I) {
    const PragmaToken &T = E.Tokens[I];
    const bool IsMember =
        I > 0 && (E.Tokens[I - 1].Spelling == "." || E.Tokens[I - 1].Spelling == "->");
    std::string Spelled = T.Spelling;
    for (const auto &[Name, Replacement] : Names)
      if (!IsMember && T.Spelling == Name)
        Spelled = "(" + Replacement + ")";
    Text += (Text.empty() ? "" : " ") + Spelled;
  }
  return Text;
}

/// Statements that give Priv (of type Elem) its initial value for R; Orig is the original, an
/// lvalue.  With Declare, Priv is the name of a new variable declared here.  Without an
/// initializer, a declare reduction's copy is zero, as an object of static storage would be.
std::string initialise(LoweringContext &L, const Reducer &R, QualType Elem,
                       const std::string &Priv, const std::string &Orig, bool Declare) {
  const std::string ElemName = L.Types.declare(Elem, "");
  const std::string Decl = Declare ? L.Types.declare(Elem, Priv) : "";
  if (!R.Udr)
    return (Declare ? Decl : Priv) + " = " + identity(R.Op, Elem, L.Ctx, ElemName) + ";";
  const ExprTokens &Init = R.Udr->Dir.Reduction.Initializer;
  const std::string Marker = "\n" + L.Out.lineMarker(Init.loc());
  const std::string Declared = Declare ? Decl + ";\n  " : "";
  if (Init.Tokens.empty())
    return Declared + "__builtin_memset(&" + Priv + ", 0, sizeof " + Priv + ");";
  const std::vector<std::pair<llvm::StringRef, std::string>> Names = {{"omp_priv", Priv},
                                                                      {"omp_orig", Orig}};
  const bool Assigns = Init.Tokens.size() > 2 && Init.Tokens[0].Spelling == "omp_priv" &&
                       Init.Tokens[1].Spelling == "=";
  if (!Assigns) // a call, with &omp_priv among its arguments
    return Declared + Marker + udrText(Init, 0, Names) + ";";
  const std::string Value = udrText(Init, 2, Names);
  if (Declare) // `omp_priv = { ... }` initialises the declaration
    return Marker + Decl + " = " + Value + ";";
  const bool Braced = Init.Tokens[2].Spelling == "{";
  return Marker + Priv + " = " + (Braced ? "(" + ElemName + ")" : "") + Value + ";";
}

/// `Target = Target op Partial` for R (Target and Partial are lvalues).
std::string combine(LoweringContext &L, const Reducer &R, const std::string &Target,
                    const std::string &Part) {
  if (!R.Udr)
    return combineStatement(R.Op, Target, Part);
  const ExprTokens &Combiner = R.Udr->Dir.Reduction.Combiner;
  return "\n" + L.Out.lineMarker(Combiner.loc()) +
         udrText(Combiner, 0, {{"omp_out", Target}, {"omp_in", Part}}) + ";";
}


/// Reports a reduction variable of a type the operator is not defined for (a declare
/// reduction is defined for its element type).  An array of constant size (ArraysOk) reduces
/// element by element.  T may be the element type of an array section, with its qualifiers.
bool checkReductionType(LoweringContext &L, const ClauseVar &CV, QualType T, const Reducer &R,
                        bool ArraysOk = false) {
  const std::string Name = CV.Var->getName().str();
  if (CV.Var->getType().isConstQualified() || L.Ctx.getBaseElementType(T).isConstQualified()) {
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
  if (R.Udr)
    return L.checkFileScopeType(T, CV.Loc, "reduction variable '" + Name + "'");
  // Complex values have + - *, and && || (they are scalars); no order, so no min or max.
  const bool ComplexOk = CV.Op == ReductionOp::Add || CV.Op == ReductionOp::Sub ||
                         CV.Op == ReductionOp::Mul || CV.Op == ReductionOp::LogAnd ||
                         CV.Op == ReductionOp::LogOr;
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
  std::string Free; ///< after the combination: the private copy's memory, if on the heap
  /// The private copy's first byte and its size in bytes (a taskgroup registers them).
  std::string CopyAddress, CopySize;
  /// Reduced by a declare reduction, whose combiner may expect omp_out to be the original.
  bool Declared = false;
  /// The private copy combined into the original by one atomic read-modify-write, where the
  /// region's end may do that (atomicCombine); empty otherwise.
  std::string AtomicCombine;
};

/// The GCC atomic built-in that combines with Op in one read-modify-write: the integer
/// operators whose result does not depend on the order of the threads' partials (`-` adds them);
/// empty for the others (min and max have none in GCC; `*`, `&&` and `||` would need a loop).
llvm::StringRef atomicBuiltin(ReductionOp Op) {
  switch (Op) {
  case ReductionOp::Add:
  case ReductionOp::Sub: return "__atomic_fetch_add";
  case ReductionOp::BitAnd: return "__atomic_fetch_and";
  case ReductionOp::BitOr: return "__atomic_fetch_or";
  case ReductionOp::BitXor: return "__atomic_fetch_xor";
  default: return "";
  }
}

/// `__atomic_fetch_op(target, copy, relaxed);` for a scalar of type T (the original's own,
/// qualifiers and all) reduced by R, when that is the same as the ordered combination: a
/// standard integer type of at most 64 bits other than _Bool (not an enumeration, _BitInt or
/// __int128, which the built-ins refuse, convert, or leave to libatomic), not volatile or
/// _Atomic, with a built-in operator.  Relaxed: the region's join orders every thread's update
/// before the code after the region.  Empty otherwise.
std::string atomicCombine(ASTContext &Ctx, QualType T, const Reducer &R, const std::string &Target,
                          const std::string &Copy) {
  const llvm::StringRef Fetch = R.Udr ? "" : atomicBuiltin(R.Op);
  const auto *Int = T->getAs<BuiltinType>();
  if (Fetch.empty() || !Int || !Int->isInteger() || T->isBooleanType() ||
      Ctx.getTypeSize(T) > 64 || T.isVolatileQualified())
    return "";
  return "    " + Fetch.str() + "(" + Target + ", " + Copy + ", __ATOMIC_RELAXED);\n";
}

/// A scalar, whose private copy is named Copy; one an allocate clause names is reached through
/// its pointer (AllocateLowering.h).
ReductionItem scalarItem(LoweringContext &L, const Construct *C, const ClauseVar &CV, QualType T,
                         const Reducer &R, std::string Copy) {
  const std::string Name = CV.Var->getName().str();
  const bool Allocated = allocateClauseFor(C, CV.Var);
  if (Allocated)
    Copy = "(*" + Copy + ")";
  ReductionItem I;
  I.Declared = R.Udr != nullptr;
  I.PartMember = L.Types.declare(T, Name);
  // The target keeps the original's qualifiers (volatile), which its address carries.
  I.TargetMember = L.Types.declare(
      L.Ctx.getPointerType(T.withCVRQualifiers(CV.Var->getType().getCVRQualifiers())), Name);
  I.Private = (Allocated ? declarePrivateCopy(L, C, CV.Var, T, {}, "") : "") + "  " +
              initialise(L, R, T, Copy, "*__o2n_tgt." + Name, /*Declare=*/!Allocated) + "\n";
  I.PartInit = Copy;
  I.CopyAddress = "&" + Copy;
  I.CopySize = "sizeof " + Copy;
  I.Combine = "  " + combine(L, R, "*__o2n_t->" + Name, "__o2n_p->" + Name) + "\n";
  I.AtomicCombine = atomicCombine(L.Ctx, CV.Var->getType(), R, "__o2n_tgt." + Name, Copy);
  return I;
}

/// An array: the private copy (Copy) starts as identities, the partial and the target are its
/// first elements, and the combiner runs over every element (all dimensions, flattened).
ReductionItem arrayItem(LoweringContext &L, const Construct *C, const ClauseVar &CV, QualType T,
                        const Reducer &R, const std::string &Copy) {
  const std::string Name = CV.Var->getName().str();
  const QualType Elem = L.Ctx.getBaseElementType(T).getUnqualifiedType();
  const std::string ElemName = L.Types.declare(Elem, "");
  const std::string Count = std::to_string(L.Ctx.getTypeSizeInChars(T).getQuantity() /
                                           L.Ctx.getTypeSizeInChars(Elem).getQuantity());
  ReductionItem I;
  I.Declared = R.Udr != nullptr;
  I.PartMember = L.Types.declare(L.Ctx.getPointerType(Elem), Name);
  I.TargetMember = I.PartMember;
  I.Private = (allocateClauseFor(C, CV.Var) ? declarePrivateCopy(L, C, CV.Var, T, {}, "")
                                              : "  " + L.Types.declare(T, Copy) + ";\n") +
              "  for (size_t __o2n_e = 0; __o2n_e < " + Count + "; ++__o2n_e) {\n    " +
              initialise(L, R, Elem, "((" + ElemName + " *)" + Copy + ")[__o2n_e]",
                         "__o2n_tgt." + Name + "[__o2n_e]", /*Declare=*/false) +
              "\n  }\n";
  I.PartInit = "(" + ElemName + " *)" + Copy;
  I.CopyAddress = Copy;
  I.CopySize = "sizeof " + Copy;
  I.Combine = "  for (size_t __o2n_e = 0; __o2n_e < " + Count + "; ++__o2n_e) {\n    " +
              combine(L, R, "__o2n_t->" + Name + "[__o2n_e]", "__o2n_p->" + Name + "[__o2n_e]") +
              "\n  }\n";
  return I;
}

/// lastprivate(conditional: x): the private copy is the lastprivate one; each thread keeps the
/// value x had at the end of the last (highest) iteration that assigned it, as the iteration
/// ends (IterationEnd: the body's assignments set __o2n_lpc_hit_x, DataSharing), and the combiner
/// keeps the partial of the highest iteration over all threads.  Without any assignment the
/// original keeps its value.
ReductionItem conditionalLastprivateItem(LoweringContext &L, const Construct *C,
                                         const ClauseVar &CV, std::string &IterationEnd) {
  const QualType T = CV.Var->getType().getUnqualifiedType();
  const std::string Name = CV.Var->getName().str(); // a scalar (Binder)
  const std::string Hit = "__o2n_lpc_hit_" + Name, It = "__o2n_lpc_it_" + Name,
                    Val = "__o2n_lpc_val_" + Name, Member = "__o2n_it_" + Name;
  ReductionItem I;
  I.PartMember = L.Types.declare(T, Name) + ";\n  uint64_t " + Member;
  // The target keeps the original's qualifiers (volatile), which its address carries.
  I.TargetMember = L.Types.declare(L.Ctx.getPointerType(T.withCVRQualifiers(
                                       CV.Var->getType().getCVRQualifiers())),
                                   Name) +
                   ";\n  uint64_t " + Member;
  I.Private = "  _Bool " + Hit + " = 0;\n  uint64_t " + It + " = 0;\n  " +
              L.Types.declare(T, Val) + " = {0};\n  (void)" + Hit + ";\n";
  I.PartInit = Val + ", ." + Member + " = " + It;
  I.Combine = "  if (__o2n_p->" + Member + " > __o2n_t->" + Member + ") {\n    __o2n_t->" +
              Member + " = __o2n_p->" + Member + ";\n    *__o2n_t->" + Name + " = __o2n_p->" +
              Name + ";\n  }\n";
  // An iteration may run twice (the two passes of a scan loop): >=, so its second pass counts.
  IterationEnd += "(" + Hit + " ? (void)(" + Hit + " = 0, __o2n_k + 1 >= " + It + " ? (void)(" +
                  It + " = __o2n_k + 1, " + Val + " = " + L.Sharing.spell(CV.Var, C) +
                  ") : (void)0) : (void)0), ";
  return I;
}

/// The types of V after 0, 1, ... Dims subscripts: the first through a pointer or an array, the
/// others through arrays (of constant or variable length); fewer if V does not have them.
std::vector<QualType> subscriptedTypes(ASTContext &Ctx, QualType T, size_t Dims) {
  std::vector<QualType> Levels{T};
  for (size_t D = 0; D < Dims; ++D) {
    const ArrayType *A = Ctx.getAsArrayType(Levels.back());
    if (D == 0 && Levels.back()->isPointerType())
      Levels.push_back(Levels.back()->getPointeeType());
    else if (A && (isa<ConstantArrayType>(A) || isa<VariableArrayType>(A)))
      Levels.push_back(A->getElementType());
    else
      break;
  }
  return Levels;
}

/// The variable-length dimensions of Levels[K] (subscriptedTypes), from those of the variable
/// (Dims): the ones the K subscripts before it leave.
llvm::ArrayRef<std::string> levelDims(const std::vector<QualType> &Levels, size_t K,
                                      llvm::ArrayRef<std::string> Dims) {
  size_t Subscripted = 0;
  for (size_t D = 0; D < K; ++D)
    Subscripted += Levels[D]->isVariableArrayType();
  return Dims.drop_front(Subscripted);
}

/// The element type of a section of a variable of type T (an array, or a pointer to arrays).
QualType sectionElement(ASTContext &Ctx, QualType T) {
  return Ctx.getBaseElementType(T->isPointerType() ? T->getPointeeType() : T).getUnqualifiedType();
}

/// One dimension's bounds, evaluated once where the construct starts: `__o2n_lb<D>_x` and
/// `__o2n_len<D>_x`.  An omitted length runs to the end of an array (Level; VlaLength: the
/// length of a variable-length one, empty for others).  A task's items at the region's level
/// are evaluated in its outlined function, from what it captured: spelled as the task sees them
/// (its firstprivate copy of a bound, where the enclosing region may share the original).
bool sectionBounds(LoweringContext &L, const Construct *C, const ClauseVar &CV,
                   const ArraySection &S, size_t D, QualType Level, const std::string &VlaLength,
                   PrivateLevel At, std::string &Bounds) {
  const std::string Name = CV.Var->getName().str(), Index = std::to_string(D);
  const std::string Lb = "__o2n_lb" + Index + "_" + Name;
  const bool AtCreation = !(At == PrivateLevel::Region && C->Dir.isTask());
  const std::string Lower =
      S.Lower.Tokens.empty() ? "0" : L.exprText(C, C, S.Lower, AtCreation);
  std::string Length;
  if (!S.Length.Tokens.empty())
    Length = L.exprText(C, C, S.Length, AtCreation);
  else if (const ConstantArrayType *A = L.Ctx.getAsConstantArrayType(Level))
    Length = "(" + std::to_string(A->getSize().getZExtValue()) + " - " + Lb + ")"; // to the end
  else if (!VlaLength.empty())
    Length = "(" + VlaLength + " - " + Lb + ")";
  else {
    L.Diags.error(S.Loc, "the array section of '" + Name + "' needs a length: its size is not "
                         "known");
    return false;
  }
  Bounds += "  const ptrdiff_t " + Lb + " = (ptrdiff_t)" + Lower + ";\n  const ptrdiff_t __o2n_len" +
            Index + "_" + Name + " = (ptrdiff_t)" + Length + ";\n";
  return true;
}

/// The value of a bound written as one integer literal.
std::optional<long long> literal(const ExprTokens &E) {
  long long V;
  if (E.Tokens.size() != 1 || llvm::StringRef(E.Tokens[0].Spelling).rtrim("uUlL").getAsInteger(0, V))
    return std::nullopt;
  return V;
}

/// Whether a section written with integer literals leaves gaps between its elements (gcc: "array
/// section is not contiguous"): a dimension after the first that is not whole (a lower bound
/// other than 0, or a length other than its array's constant size), within an outer one of more
/// than one element.  Bounds of other expressions are taken to be contiguous.
bool leavesGaps(ASTContext &Ctx, const std::vector<ArraySection> &Dims,
                const std::vector<QualType> &Levels) {
  bool OuterMany = false;
  for (size_t D = 0; D < Dims.size(); ++D) {
    const bool ToEnd = Dims[D].Length.Tokens.empty();
    const std::optional<long long> Lb =
        Dims[D].Lower.Tokens.empty() ? std::optional(0LL) : literal(Dims[D].Lower);
    const std::optional<long long> Len = literal(Dims[D].Length);
    const ConstantArrayType *A = Ctx.getAsConstantArrayType(Levels[D]);
    const bool Partial =
        Lb && (*Lb != 0 || (Len && A && *Len != (long long)A->getSize().getZExtValue()));
    if (D > 0 && OuterMany && Partial)
      return true;
    OuterMany |= (Len && *Len > 1) || (ToEnd && Lb && A && (long long)A->getSize().getZExtValue() > *Lb + 1);
  }
  return false;
}

/// The element type of CV's section (Dims, over the subscripted types Levels) and its reducer,
/// checked (Loc: where errors point); nothing after an error.
std::optional<std::pair<QualType, Reducer>>
sectionElementOf(LoweringContext &L, const Construct *C, const ClauseVar &CV,
                 const std::vector<ArraySection> &Dims, const std::vector<QualType> &Levels,
                 SourceLocation Loc) {
  const std::string Name = CV.Var->getName().str();
  const QualType T = CV.Var->getType().getUnqualifiedType();
  QualType Elem;
  if (Levels.size() == Dims.size() + 1)
    Elem = L.Ctx.getBaseElementType(Levels.back());
  std::optional<Reducer> R;
  if (!Elem.isNull() && !(R = reducerFor(L, C, CV, Elem.getUnqualifiedType())))
    return std::nullopt;
  // A whole array's element type is checked as a scalar's (checkReductionType).
  if (Elem.isNull() || (CV.Sections && ((!Elem->isArithmeticType() && !R->Udr) ||
                                        Elem.isConstQualified()))) {
    L.Diags.error(Loc,
                  "a reduction over an array section needs an array or a pointer with as many "
                  "dimensions, of a modifiable arithmetic type or one with a 'declare "
                  "reduction'; '" + Name + "' has type '" + T.getAsString() + "'");
    return std::nullopt;
  }
  if (leavesGaps(L.Ctx, Dims, Levels)) {
    L.Diags.error(Loc, "array section is not contiguous in '" +
                           std::string(clauseSpelling(CV.Kind)) + "' clause");
    return std::nullopt;
  }
  if (!checkReductionType(L, CV, Elem, *R))
    return std::nullopt;
  return std::make_pair(Elem.getUnqualifiedType(), *R);
}

/// The number of elements E in Levels[K]: a constant, or computed from its variable-length
/// dimensions (VarDims: the variable's).
std::string elementCount(LoweringContext &L, const std::vector<QualType> &Levels, size_t K,
                         llvm::ArrayRef<std::string> VarDims, QualType E) {
  if (!Levels[K]->isVariablyModifiedType())
    return std::to_string(L.Ctx.getTypeSizeInChars(Levels[K]).getQuantity() /
                          L.Ctx.getTypeSizeInChars(E).getQuantity());
  return "(ptrdiff_t)(sizeof(" +
         L.Types.declareWithDims(Levels[K], "", levelDims(Levels, K, VarDims)) + ") / sizeof(" +
         L.Types.declare(E, "") + "))";
}

/// The section's first element (`__o2n_lb_x`, an offset in elements E from the first of the
/// variable) and the number of elements to its last (`__o2n_len_x`), after each dimension's
/// bounds (sectionBounds); each dimension's stride is the size of what one subscript more
/// designates.  VarDims: the variable's variable-length dimensions.
bool sectionSpan(LoweringContext &L, const Construct *C, const ClauseVar &CV,
                 const std::vector<ArraySection> &Dims, const std::vector<QualType> &Levels,
                 llvm::ArrayRef<std::string> VarDims, QualType E, PrivateLevel At,
                 std::string &Bounds) {
  const std::string Name = CV.Var->getName().str();
  std::string First, Span, NonEmpty;
  for (size_t D = 0; D < Dims.size(); ++D) {
    const std::string VlaLength =
        Levels[D]->isVariableArrayType() ? levelDims(Levels, D, VarDims).front() : "";
    if (!sectionBounds(L, C, CV, Dims[D], D, Levels[D], VlaLength, At, Bounds))
      return false;
    const std::string Stride = elementCount(L, Levels, D + 1, VarDims, E);
    const std::string Index = std::to_string(D);
    First += (D ? " + " : "") + ("__o2n_lb" + Index + "_" + Name) + " * " + Stride;
    Span += "(__o2n_len" + Index + "_" + Name + " - 1) * " + Stride + " + ";
    NonEmpty += (D ? " && " : "") + ("__o2n_len" + Index + "_" + Name) + " > 0";
    if (D + 1 == Dims.size())
      Span += Stride;
  }
  Bounds += "  const ptrdiff_t __o2n_lb_" + Name + " = " + First + ";\n  const size_t __o2n_len_" +
            Name + " = " + NonEmpty + " ? (size_t)(" + Span + ") : 0;\n";
  return true;
}

/// The sizes of V's variable-length dimensions where C privatises it at Level: as the region's
/// context carries them, or as sectionItem measures them where the construct starts.
std::vector<std::string> vlaDimsAt(LoweringContext &L, const Construct *C, const VarDecl *V,
                                   PrivateLevel Level) {
  std::vector<std::string> Dims = L.Types.vlaDims(V->getType(), "");
  for (size_t K = 0; K < Dims.size(); ++K)
    Dims[K] = (Level == PrivateLevel::Region ? "__o2n_ctx->" : "") + ("__o2n_dim_" +
              V->getName().str() + "_" + std::to_string(K));
  return Dims;
}

/// Outside a region's prologue, declares the sizes vlaDimsAt names, measured on the original.
std::string measureVlaDims(LoweringContext &L, const Construct *C, const VarDecl *V,
                           PrivateLevel Level) {
  if (Level == PrivateLevel::Region)
    return "";
  std::string Decls;
  const std::vector<std::string> Names = vlaDimsAt(L, C, V, Level),
                                 Sizes = L.Types.vlaDims(V->getType(),
                                                         L.Sharing.spell(V, C, true));
  for (size_t K = 0; K < Names.size(); ++K)
    Decls += "  const size_t " + Names[K] + " = " + Sizes[K] + ";\n";
  return Decls;
}

/// Declares Name, a const pointer to an object of type T (VlaDims: its variable lengths) at
/// Address.
std::string pointerTo(LoweringContext &L, QualType T, const std::string &Name,
                      const std::vector<std::string> &VlaDims, const std::string &Address) {
  const QualType Pointer = L.Ctx.getPointerType(T);
  return "  " + L.Types.declareLocal(Pointer.withConst(), Name, VlaDims) + " = (" +
         L.Types.declareLocal(Pointer, "", VlaDims) + ")(" + Address + ");\n";
}

/// Declares Name to reach, as the variable of type T does, elements of a section, a
/// variable-length array or an array whose element 0 would be at First: a pointer to an array T
/// (spelled `(*Name)`: DataSharing::privateThroughPointer), or a pointer T.
std::string privateName(LoweringContext &L, QualType T, const std::string &Name,
                        const std::vector<std::string> &VlaDims, const std::string &First) {
  // Used by the construct's body, maybe only by tasks that reduce into the original.
  const std::string Unused = "  (void)" + Name + ";\n";
  if (T->isArrayType())
    return pointerTo(L, T, Name, VlaDims, First) + Unused;
  return "  " + L.Types.declareLocal(T, Name, VlaDims) + " = (" +
         L.Types.declareLocal(T, "", VlaDims) + ")(" + First + ");\n" + Unused;
}

/// An array section a[lb0 : len0][lb1 : len1]... of an array or a pointer, or a whole
/// variable-length array: a private buffer on the heap of the elements from the section's first
/// to its last, in memory order, that Copy (the name, shadowed: a pointer to the original's rows)
/// reaches as the original; the target is the original's first element of the section.
/// Sections are contiguous (leavesGaps); the span of one with bounds not known while translating
/// may hold elements outside it, which start as identities and leave the original as it was.
/// Bounds: before the targets.
std::optional<ReductionItem> sectionItem(LoweringContext &L, const Construct *C,
                                         const ClauseVar &CV, PrivateLevel Level,
                                         const std::string &Copy, std::string &Bounds) {
  const std::string Name = CV.Var->getName().str();
  const QualType T = CV.Var->getType().getUnqualifiedType();
  static const std::vector<ArraySection> Whole(1); // a variable-length array: all of it
  const std::vector<ArraySection> &Dims = CV.Sections ? *CV.Sections : Whole;
  const std::vector<QualType> Levels = subscriptedTypes(L.Ctx, T, Dims.size());
  const auto Element =
      sectionElementOf(L, C, CV, Dims, Levels, CV.Sections ? Dims.front().Loc : CV.Loc);
  if (!Element)
    return std::nullopt;
  const auto &[E, R] = *Element;
  Bounds += measureVlaDims(L, C, CV.Var, Level);
  const std::vector<std::string> VlaDims = vlaDimsAt(L, C, CV.Var, Level);
  if (!sectionSpan(L, C, CV, Dims, Levels, VlaDims, E, Level, Bounds))
    return std::nullopt;
  const std::string Lb = "__o2n_lb_" + Name, Len = "__o2n_len_" + Name,
                    Buf = "__o2n_sec_" + Name;
  const std::string ElemName = L.Types.declare(E, "");
  const std::string Target = L.Types.declare(L.Ctx.getPointerType(E), Name);
  ReductionItem I;
  I.Declared = R.Udr != nullptr;
  I.PartMember = Target + ";\n  size_t " + Len;
  I.TargetMember = Target;
  // From an allocate clause's allocator, the buffer's first element aligned as it asks.
  const Clause *Allocate = allocateClauseFor(C, CV.Var);
  const std::string Alloc =
      Allocate ? privateAllocation(L, C, *Allocate, Len + " * sizeof(" + ElemName + ")",
                                   L.Ctx.getTypeAlignInChars(E).getQuantity())
               : "__omp2numa_reduction_alloc(" + Len + ", sizeof(" + ElemName + "))";
  I.Private = "  " + L.Types.declare(L.Ctx.getPointerType(E).withConst(), Buf) + " = (" +
              ElemName + " *)" + Alloc + ";\n" +
              "  for (size_t __o2n_e = 0; __o2n_e < " + Len + "; ++__o2n_e) {\n    " +
              initialise(L, R, E, Buf + "[__o2n_e]", "__o2n_tgt." + Name + "[__o2n_e]",
                         /*Declare=*/false) +
              "\n  }\n" + privateName(L, T, Copy, VlaDims, Buf + " - " + Lb);
  I.PartInit = Buf + ", ." + Len + " = " + Len;
  I.CopyAddress = Buf;
  I.CopySize = Len + " * sizeof(" + ElemName + ")";
  I.Free = std::string("    ") +
           (Allocate ? "__omp2numa_private_free(" : "__omp2numa_reduction_free(") + Buf + ");\n";
  I.Combine = "  for (size_t __o2n_e = 0; __o2n_e < __o2n_p->" + Len + "; ++__o2n_e) {\n    " +
              combine(L, R, "__o2n_t->" + Name + "[__o2n_e]", "__o2n_p->" + Name + "[__o2n_e]") +
              "\n  }\n";
  return I;
}

/// Whether a reduction clause of K with the task modifier names V.
bool hasTaskModifier(const Construct *K, const VarDecl *V) {
  return K->hasWithModifier(V, ClauseKind::Reduction, "task");
}

/// The pointer to V's original that K declares for the in_reduction tasks created in it.
std::string taskTargetName(LoweringContext &L, const Construct *K, const VarDecl *V) {
  return "__o2n_taskred_" + L.uniqueSuffix(K) + "_" + V->getName().str();
}

/// `T *const __o2n_taskred_...` for a reduction(task, ...) item of C at Level: what a task's
/// capture of the variable holds (the parser has checked the construct): the original's address,
/// or for a section through a pointer, which tasks capture by value, the original pointer.
std::string taskModifierPointer(LoweringContext &L, const Construct *C, const ClauseVar &CV,
                                PrivateLevel Level) {
  const QualType T = CV.Var->getType().getUnqualifiedType();
  const std::string Name = taskTargetName(L, C, CV.Var), Var = CV.Var->getName().str();
  if (!T->isArrayType() && !CV.Sections) // a scalar
    return pointerTo(L, T, Name, {}, "__o2n_tgt." + Var) + "  (void)" + Name + ";\n";
  // The target is the first element of the section (of all the array, without one).
  const std::string First = "__o2n_tgt." + Var +
                            (CV.Sections || T->isVariableArrayType() ? " - __o2n_lb_" + Var : "");
  return privateName(L, T, Name, vlaDimsAt(L, C, CV.Var, Level), First);
}

/// The original that CV's section subscripts, where C starts, from its address (Original; a
/// task's pointer captured by value: the pointer): an array, which decays to a pointer to its
/// first row, or a pointer.  In a region that privatises
/// it, the context holds a variably modified variable's address as a void *: an array's is its
/// first row's, a pointer is read through its own type.
std::string sectionBase(LoweringContext &L, const Construct *C, const ClauseVar &CV,
                        PrivateLevel Level, const std::string &Original) {
  const QualType T = CV.Var->getType().getUnqualifiedType();
  if (CV.reducesThroughPointer()) // a task's capture by value: the pointer itself
    return Original;
  if (Level != PrivateLevel::Region || !T->isVariablyModifiedType())
    return "(*" + Original + ")";
  if (T->isArrayType())
    return Original;
  return "(*(" +
         L.Types.declareWithDims(L.Ctx.getPointerType(T), "", vlaDimsAt(L, C, CV.Var, Level)) +
         ")" + Original + ")";
}

/// Whether an object of type T may be copied to the runtime and combined after the thread has
/// left its region (__omp2numa_reduce_at_join): it holds only arithmetic values, no pointer
/// (which might reach the thread's stack, or a private copy freed after the call), and needs no
/// more than a fundamental alignment, which the runtime's slots have.
bool holdsOnlyValues(ASTContext &Ctx, QualType T) {
  T = Ctx.getBaseElementType(T);
  if (Ctx.getTypeAlign(T) > Ctx.getTargetInfo().getSuitableAlign())
    return false;
  if (const RecordDecl *Record = T->getAsRecordDecl())
    return std::all_of(Record->field_begin(), Record->field_end(), [&](const FieldDecl *F) {
      return holdsOnlyValues(Ctx, F->getType());
    });
  return T->isArithmeticType();
}

/// Whether C's body creates tasks of C's team (a nested region's tasks complete at its own
/// join): they may still use the thread's private copies after its reduction, which therefore
/// must keep the thread in the region until they are done.
bool createsTasks(const Construct *C) {
  return std::any_of(C->Children.begin(), C->Children.end(), [](const Construct *K) {
    return K->Dir.isTask() || (!K->Dir.isOutlined() && createsTasks(K));
  });
}

/// Whether a cancel construct in C's body binds to C or to a construct in it (not in a nested
/// region or task).  A cancelled construct leaves its reduction items undefined, and the join
/// does not combine a cancelled region's partials: its atomic updates would, in part.
bool cancels(const Construct *C) {
  return std::any_of(C->Children.begin(), C->Children.end(), [](const Construct *K) {
    return K->Dir.Kind == DirectiveKind::Cancel || (!K->Dir.isOutlined() && cancels(K));
  });
}

/// Whether a reduction clause of C has the inscan modifier: the scan's prefixes combine the
/// partials through the construct's combiner (ScanLowering).
bool scans(const Construct *C) {
  return std::any_of(C->Vars.begin(), C->Vars.end(), [&](const ClauseVar &CV) {
    return C->hasWithModifier(CV.Var, ClauseKind::Reduction, "inscan");
  });
}

/// The call that hands the thread's partials to the runtime, or combines them (Serial).  AtJoin:
/// the region's join combines copies of them (__omp2numa_reduce_at_join).
std::string reduceCall(const Construct *C, const std::string &Fn, bool Serial, bool AtJoin) {
  if (Serial)
    return Fn + "(&__o2n_tgt, &__o2n_part)";
  if (C->Dir.isTask())
    return "__omp2numa_task_reduce(&__o2n_part, " + Fn + ", &__o2n_tgt)";
  if (AtJoin)
    return "__omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, " + Fn +
           ", &__o2n_tgt, sizeof __o2n_tgt)";
  return "__omp2numa_reduce(&__o2n_part, " + Fn + ", &__o2n_tgt)";
}

/// CV's reduction item at Level (a reduction, not a conditional lastprivate), its private copy
/// named Copy; Bounds gets a section's bounds.  Nothing after an error.
std::optional<ReductionItem> reductionItem(LoweringContext &L, const Construct *C,
                                           const ClauseVar &CV, PrivateLevel Level,
                                           const std::string &Copy, std::string &Bounds) {
  const QualType T = CV.Var->getType().getUnqualifiedType();
  if (CV.Sections || T->isVariableArrayType())
    return sectionItem(L, C, CV, Level, Copy, Bounds);
  std::optional<Reducer> Red =
      reducerFor(L, C, CV, L.Ctx.getBaseElementType(T).getUnqualifiedType());
  if (!Red || !checkReductionType(L, CV, T, *Red, /*ArraysOk=*/true))
    return std::nullopt;
  return T->isArrayType() ? arrayItem(L, C, CV, T, *Red, Copy)
                          : scalarItem(L, C, CV, T, *Red, Copy);
}

/// Where CV's results go: the original as seen where C starts (the region's capture of it), or
/// its first element for an array or a section (after the section's bounds).
Lowered originalAddress(LoweringContext &L, const Construct *C, const ClauseVar &CV,
                        PrivateLevel Level) {
  const std::string Name = CV.Var->getName().str();
  const QualType T = CV.Var->getType().getUnqualifiedType();
  Lowered Original = Level == PrivateLevel::Region
                         ? "__o2n_ctx->" + Name
                         : L.addressOf(C, CV.Var, L.Sharing.spell(CV.Var, C, true), CV.Loc);
  if (!Original)
    return std::nullopt;
  if (CV.Sections || T->isVariableArrayType())
    return "(" + L.Types.declare(L.Ctx.getPointerType(sectionElement(L.Ctx, T)), "") + ")" +
           sectionBase(L, C, CV, Level, *Original) + " + __o2n_lb_" + Name;
  if (T->isArrayType())
    return "(" + L.Types.declare(L.Ctx.getPointerType(L.Ctx.getBaseElementType(T)), "") + ")" +
           *Original;
  return Original;
}

/// A construct's items, gathered in order: its private copies, the members and initialisers of
/// its partials (struct __o2n_red_N) and targets (struct __o2n_redtgt_N), and its combiner.
struct ItemList {
  std::string Privates, PartMembers, TargetMembers, PartInit, TargetInit, Combines, Frees;
  std::string AtomicCombines;
  bool AllAtomic = true; ///< every item has an AtomicCombine

  void add(const std::string &Name, const ReductionItem &I, const std::string &Original) {
    AtomicCombines += I.AtomicCombine;
    AllAtomic = AllAtomic && !I.AtomicCombine.empty();
    Privates += I.Private;
    PartMembers += "  " + I.PartMember + ";\n";
    TargetMembers += "  " + I.TargetMember + ";\n";
    PartInit += (PartInit.empty() ? "." : ", .") + Name + " = " + I.PartInit;
    TargetInit += (TargetInit.empty() ? "." : ", .") + Name + " = " + Original;
    Combines += I.Combine;
    Frees += I.Free;
  }

  /// The structs and __o2n_combine_N, N being Suffix, the construct's.
  std::string definitions(const std::string &Suffix) const {
    const std::string Part = "struct __o2n_red_" + Suffix, Target = "struct __o2n_redtgt_" + Suffix;
    return Part + " {\n" + PartMembers + "};\n" + Target + " {\n" + TargetMembers + "};\n" +
           "static void __o2n_combine_" + Suffix +
           "(void *__o2n_target, void *__o2n_partial)\n{\n  " + Target +
           " *const __o2n_t = (" + Target + " *)__o2n_target;\n  " + Part +
           " *const __o2n_p = (" + Part + " *)__o2n_partial;\n" + Combines + "}\n";
  }

  /// The struct of the originals' addresses alone (AtomicCombines needs no partials).
  std::string targetDefinition(const std::string &Suffix) const {
    return "struct __o2n_redtgt_" + Suffix + " {\n" + TargetMembers + "};\n";
  }

  /// The originals' addresses, __o2n_tgt.
  std::string targets(const std::string &Suffix) const {
    return "  struct __o2n_redtgt_" + Suffix + " __o2n_tgt = {" + TargetInit + "};\n";
  }

  /// A block that makes the partials, __o2n_part, runs Before and Reduce (which combines
  /// __o2n_part into __o2n_tgt), and frees the private copies.
  std::string reduce(const std::string &Suffix, const std::string &Before,
                     const std::string &Reduce) const {
    return "  {\n    struct __o2n_red_" + Suffix + " __o2n_part = {" + PartInit + "};\n" +
           Before + "    " + Reduce + ";\n" + Frees + "  }\n";
  }
};

/// For an in_reduction item I of a task: the statement that points its target at the
/// accumulator of the taskgroup whose task_reduction the item belongs to (the task's original,
/// or a taskgroup's private copy, has the original's address), when the task combines.  None
/// for an item of a `reduction(task, ...)`, whose original the tasks update, or of a declare
/// reduction (taskgroups keep no accumulator for those: lowerTaskReductions).
std::string accumulatorTarget(LoweringContext &L, const Construct *C, const ClauseVar &CV,
                              const ReductionItem &I) {
  if (CV.Kind != ClauseKind::InReduction || I.Declared ||
      !taskModifierTarget(L, C, CV.Var).empty())
    return "";
  const std::string Target = "__o2n_tgt." + CV.Var->getName().str();
  return "    " + Target + " = __omp2numa_task_reduction_target(" + Target + ");\n";
}

} // namespace

std::string taskModifierTarget(LoweringContext &L, const Construct *Task, const VarDecl *V) {
  for (const Construct *K = Task->Parent; K; K = K->Parent)
    if (K->clauseFor(V))
      return hasTaskModifier(K, V) ? taskTargetName(L, K, V) : "";
  return "";
}

std::optional<ReductionCode> lowerReductions(LoweringContext &L, const Construct *C,
                                             PrivateLevel Level, bool Serial, bool EndsRegion) {
  ReductionCode R;
  ItemList Items;
  std::string Bounds, TaskTargets, Retargets;
  // Whether the partials are values that nothing but the combine reads: no task the body
  // creates may update them later, and they hold no pointer to free.
  bool Values = !createsTasks(C);
  for (const ClauseVar &CV : C->Vars) {
    const bool Conditional = CV.Kind == ClauseKind::Lastprivate && Level == PrivateLevel::Loop &&
                             C->hasWithModifier(CV.Var, ClauseKind::Lastprivate, "conditional");
    if (!Conditional && ((CV.Kind != ClauseKind::Reduction && CV.Kind != ClauseKind::InReduction) ||
                         L.Sharing.privateLevel(C, CV.Var) != Level))
      continue;
    const std::string Name = CV.Var->getName().str();
    const QualType T = CV.Var->getType().getUnqualifiedType();
    std::optional<ReductionItem> Item =
        Conditional ? conditionalLastprivateItem(L, C, CV, R.IterationEnd)
                    : reductionItem(L, C, CV, Level, Name, Bounds);
    if (!Item)
      return std::nullopt;
    // A section's, a variable-length or other array's partial is a pointer to the private copy;
    // tasks reduce into a task modifier's original until the region's end.
    Values = Values && (Conditional || (!CV.Sections && !T->isArrayType() &&
                                        !hasTaskModifier(C, CV.Var) &&
                                        holdsOnlyValues(L.Ctx, T)));
    const Lowered Original = originalAddress(L, C, CV, Level);
    if (!Original)
      return std::nullopt;
    Items.add(Name, *Item, *Original);
    if (CV.Kind == ClauseKind::Reduction && hasTaskModifier(C, CV.Var))
      TaskTargets += taskModifierPointer(L, C, CV, Level);
    Retargets += accumulatorTarget(L, C, CV, *Item);
  }
  if (Items.Privates.empty())
    return R;
  // A combined construct's parallel reduces apart from its loop, after it (plain reductions
  // beside inscan ones): its structs and combiner get names of their own.
  const bool OwnNames = Level == PrivateLevel::Region && C->Dir.isWorksharing();
  const std::string Suffix = L.uniqueSuffix(C) + (OwnNames ? "_region" : "");
  R.Targets = Bounds + Items.targets(Suffix) + TaskTargets;
  R.Privates = Items.Privates;
  // The region's join combines copies of the partials, in thread order.
  const bool AtJoin = EndsRegion && Values;
  // Integer sums and bit operations go straight into the originals, as gcc's code does: at the
  // region's end, the join's wait orders the updates before the code after the region; in a
  // worksharing construct, the construct's barrier does (the result is the same in any order).
  const bool Worksharing = Level == PrivateLevel::Loop && !Serial && C->Dir.isWorksharing() &&
                           !C->Dir.isDistribute();
  if ((AtJoin || (Values && Worksharing)) && Items.AllAtomic && !scans(C) && !cancels(C)) {
    R.Definitions = Items.targetDefinition(Suffix);
    R.Combine = "  {\n" + Items.AtomicCombines + Items.Frees + "  }\n";
    R.ReplacesBarrier = AtJoin;
    return R;
  }
  R.ReplacesBarrier = true;
  R.Definitions = Items.definitions(Suffix);
  // A task combines its own partials at its end, whichever thread runs it; a serial loop's
  // thread combines them into the originals itself.
  const std::string Reduce = reduceCall(C, "__o2n_combine_" + Suffix, Serial, AtJoin);
  // A task its body creates may reduce into a private copy here, through a pointer (gcc maps
  // such addresses to the original): the copies are combined once the child tasks are done.
  const bool Children = C->Dir.isTask() && bodyMayRun(C, [](const Directive &D) {
    return D.isTask();
  });
  R.Combine = std::string(Children ? "  __omp2numa_taskwait();\n" : "") +
              Items.reduce(Suffix, Retargets, Reduce);
  return R;
}

bool reducesAt(LoweringContext &L, const Construct *C, PrivateLevel Level) {
  return std::any_of(C->Vars.begin(), C->Vars.end(), [&](const ClauseVar &CV) {
    return CV.Kind == ClauseKind::Reduction && L.Sharing.privateLevel(C, CV.Var) == Level;
  });
}

std::optional<ReductionCode> lowerTaskReductions(LoweringContext &L, const Construct *C) {
  ReductionCode R;
  ItemList Items;
  std::string Bounds, Registered;
  for (const ClauseVar &CV : C->Vars) {
    if (CV.Kind != ClauseKind::TaskReduction)
      continue;
    const std::string Name = CV.Var->getName().str();
    std::string ItemBounds;
    const std::optional<ReductionItem> Item =
        reductionItem(L, C, CV, PrivateLevel::Loop, "__o2n_acc_" + Name, ItemBounds);
    if (!Item)
      return std::nullopt;
    // A declare reduction's combiner may expect omp_out to be the original (GCC's
    // task-reduction-2.c checks it), which libgomp gives it: its tasks combine into the original.
    if (Item->Declared)
      continue;
    Bounds += ItemBounds;
    const Lowered Original = originalAddress(L, C, CV, PrivateLevel::Loop);
    if (!Original)
      return std::nullopt;
    Items.add(Name, *Item, *Original);
    Registered += "    {(void *)__o2n_tgt." + Name + ", (void *)" + Item->CopyAddress + ", " +
                  Item->CopySize + "},\n";
  }
  if (Items.Privates.empty())
    return R;
  const std::string Suffix = L.uniqueSuffix(C);
  R.Definitions = Items.definitions(Suffix);
  R.Targets = Bounds + Items.targets(Suffix);
  R.Privates = Items.Privates + "  const struct __omp2numa_task_reduction __o2n_taskred[] = {\n" +
               Registered + "  };\n";
  // Under the task reductions' lock: groups of other tasks may reduce into the same variable.
  R.Combine = Items.reduce(
      Suffix, "", "__omp2numa_task_reduce(&__o2n_part, __o2n_combine_" + Suffix + ", &__o2n_tgt)");
  return R;
}

Lowered reductionInitialiser(LoweringContext &L, const Construct *C, const ClauseVar &CV,
                             const std::string &Var, const std::string &Orig, bool Declare) {
  const QualType T = CV.Var->getType().getUnqualifiedType();
  std::optional<Reducer> R = reducerFor(L, C, CV, T);
  if (!R)
    return std::nullopt;
  return initialise(L, *R, T, Var, Orig, Declare);
}

Lowered reductionCombiner(LoweringContext &L, const Construct *C, const ClauseVar &CV,
                          const std::string &Target, const std::string &Part) {
  std::optional<Reducer> R = reducerFor(L, C, CV, CV.Var->getType().getUnqualifiedType());
  if (!R)
    return std::nullopt;
  return combine(L, *R, Target, Part);
}

} // namespace omp2numa
