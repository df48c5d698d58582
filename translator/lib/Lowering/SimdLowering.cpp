//===- SimdLowering.cpp ---------------------------------------------------===//
#include "SimdLowering.h"
#include "AllocateLowering.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>

using namespace clang;

namespace omp2numa {

namespace {

/// The variables of clause Cl of C, as ClauseVars (Cl's own, by their locations).
std::vector<const ClauseVar *> varsOf(const Construct *C, const Clause &Cl) {
  std::vector<const ClauseVar *> Out;
  for (const VarName &N : Cl.Vars)
    for (const ClauseVar &CV : C->Vars)
      if (CV.Loc == N.Loc && CV.Kind == Cl.Kind)
        Out.push_back(&CV);
  return Out;
}

/// A clause's list of names, each once: `a, b`.
class NameList {
public:
  void add(llvm::StringRef Name) {
    if (!llvm::is_contained(Names, Name))
      Names.push_back(Name.str());
  }
  bool empty() const { return Names.empty(); }
  std::string str() const { return llvm::join(Names, ", "); }

private:
  std::vector<std::string> Names;
};

} // namespace

bool checkSimdClauses(LoweringContext &L, const Construct *C) {
  const Clause *Safelen = C->Dir.find(ClauseKind::Safelen);
  const Clause *Simdlen = C->Dir.find(ClauseKind::Simdlen);
  if (Safelen && Simdlen && Simdlen->Count > Safelen->Count) {
    L.Diags.error(Simdlen->Loc, "'simdlen(" + std::to_string(Simdlen->Count) +
                                    ")' is greater than 'safelen(" +
                                    std::to_string(Safelen->Count) + ")'");
    return false;
  }
  return true;
}

/// Whether an ordered region is closely nested in C (no outlined construct in between).
static bool hasOrderedRegion(const Construct *C) {
  for (const Construct *K : C->Children)
    if (K->Dir.Kind == DirectiveKind::Ordered ||
        (!K->Dir.isOutlined() && hasOrderedRegion(K)))
      return true;
  return false;
}

SimdHint simdHint(LoweringContext &L, const Construct *C,
                  const std::vector<const VarDecl *> &LoopVars) {
  // An ordered loop's increment calls the runtime: not a loop a compiler takes for simd; an
  // ordered simd region must run in the iterations' order.
  if (!C->Dir.isSimd() || C->Dir.has(ClauseKind::Ordered) || hasOrderedRegion(C))
    return {};
  // A variable is named in the hint only where it has its own name (a private copy, or a
  // capture by value); elsewhere (`(*x)`) the clause is a hint that is dropped, or the variable
  // is one the emitted code privatises itself.
  auto plain = [&](const VarDecl *V) { return L.Sharing.spell(V, C) == V->getName(); };
  std::string Clauses;
  NameList Private, Last;
  for (const Clause &Cl : C->Dir.Clauses) {
    switch (Cl.Kind) {
    case ClauseKind::Safelen:
    case ClauseKind::Simdlen:
      Clauses += std::string(" ") + clauseSpelling(Cl.Kind) + "(" + std::to_string(Cl.Count) + ")";
      break;
    case ClauseKind::Aligned:
    case ClauseKind::Nontemporal: {
      NameList List;
      for (const ClauseVar *CV : varsOf(C, Cl))
        if (plain(CV->Var))
          List.add(CV->Var->getName());
      if (!List.empty())
        Clauses += std::string(" ") + clauseSpelling(Cl.Kind) + "(" + List.str() +
                   (Cl.Kind == ClauseKind::Aligned && Cl.Count
                        ? ": " + std::to_string(Cl.Count)
                        : std::string()) +
                   ")";
      break;
    }
    case ClauseKind::Reduction: {
      NameList List;
      // A declare reduction is the translator's to lower: the compiler would not know it.  A
      // section or a variable-length array is reached through a pointer (`(*v)`), which a
      // clause cannot name: without its reduction the hint would promise independent
      // iterations, so the loop gets none.
      for (const ClauseVar *CV : varsOf(C, Cl)) {
        if (CV->Sections || CV->Var->getType()->isVariablyModifiedType())
          return {};
        if (Cl.Op != ReductionOp::User &&
            L.Ctx.getBaseElementType(CV->Var->getType())->isArithmeticType())
          List.add(CV->Var->getName());
      }
      // Partial results of '-' are added, as OpenMP specifies.
      const char *Op = Cl.Op == ReductionOp::Sub ? "+" : reductionOpSpelling(Cl.Op);
      if (!List.empty())
        Clauses += std::string(" reduction(") + Op + ": " + List.str() + ")";
      break;
    }
    case ClauseKind::If:
      if (&Cl == C->Dir.findIf("simd"))
        Clauses += " if(" + L.exprText(C, C, Cl.Expr) + ")";
      break;
    default: break;
    }
  }
  for (const ClauseVar &CV : C->Vars) {
    if (llvm::is_contained(LoopVars, CV.Var))
      continue;
    if (CV.Kind == ClauseKind::Private && plain(CV.Var))
      Private.add(CV.Var->getName());
    else if (CV.Kind == ClauseKind::Lastprivate &&
             C->hasWithModifier(CV.Var, ClauseKind::Lastprivate, "conditional"))
      return {}; // each iteration's end reads the copy and a flag: no lanes of their own
    else if (CV.Kind == ClauseKind::Lastprivate || CV.Kind == ClauseKind::Linear)
      Last.add(CV.Var->getName());
  }
  for (const VarDecl *V : LoopVars)
    Private.add(V->getName());
  if (!Private.empty())
    Clauses += " private(" + Private.str() + ")";
  if (!Last.empty())
    Clauses += " lastprivate(" + Last.str() + ")";
  return {"#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored \"-Wunknown-pragmas\"\n"
          "#pragma omp simd" + Clauses + "\n",
          "#pragma GCC diagnostic pop\n"};
}

std::optional<std::vector<LinearItem>>
linearItems(LoweringContext &L, const Construct *C, const std::vector<const VarDecl *> &LoopVars,
            const Construct *StepScope, bool InLoopHeader) {
  std::vector<LinearItem> Items;
  for (const Clause &Cl : C->Dir.Clauses) {
    if (Cl.Kind != ClauseKind::Linear)
      continue;
    const std::string Step =
        Cl.Expr.Tokens.empty() ? "1" : L.integerText(C, StepScope, Cl.Expr, InLoopHeader);
    for (const ClauseVar *CV : varsOf(C, Cl)) {
      const VarDecl *V = CV->Var;
      if (llvm::is_contained(LoopVars, V))
        continue;
      if (C->Dir.isDistribute()) { // as gcc 12 refuses them
        L.Diags.error(CV->Loc, "'linear' clause for variable other than loop iterator specified "
                               "on construct combined with 'distribute'");
        return std::nullopt;
      }
      const QualType T = V->getType().getUnqualifiedType();
      if ((!T->isIntegerType() && !T->isPointerType()) || V->getType().isConstQualified()) {
        L.Diags.error(CV->Loc, "linear variable '" + V->getName().str() + "' must be a "
                               "modifiable integer or pointer, not '" +
                               V->getType().getAsString() + "'");
        return std::nullopt;
      }
      Items.push_back({CV, T, Step});
    }
  }
  return Items;
}

std::string linearValueAt(LoweringContext &L, const LinearItem &Item, const std::string &Start,
                          const std::string &StepName) {
  const std::string Offset = "__o2n_k * " + StepName;
  return Item.Type->isPointerType()
             ? Start + " + (ptrdiff_t)(" + Offset + ")"
             : "(" + L.Types.declare(Item.Type, "") + ")((uint64_t)" + Start + " + " + Offset + ")";
}

std::optional<LinearCode> linearCode(LoweringContext &L, const Construct *C,
                                     const std::vector<const VarDecl *> &LoopVars) {
  std::optional<std::vector<LinearItem>> Items =
      linearItems(L, C, LoopVars, C, /*InLoopHeader=*/true);
  if (!Items)
    return std::nullopt;
  LinearCode Code;
  for (const LinearItem &Item : *Items) {
    const VarDecl *V = Item.CV->Var;
    const QualType T = Item.Type;
    const std::string Name = V->getName().str();
    Lowered Address = L.originalAddress(C, V, Item.CV->Loc);
    if (!Address)
      return std::nullopt;
    const std::string Start = "__o2n_lin_" + Name, StepName = "__o2n_linstep_" + Name;
    Code.Before += "  " + L.Types.declare(L.originalPointer(V->getType()), "__o2n_last_" + Name) +
                   " = " + *Address + ";\n";
    Code.Before += "  " + L.Types.declare(T.withConst(), Start) + " = " +
                   L.Sharing.spell(V, C, /*InLoopHeader=*/true) + ";\n";
    // The compiler's messages about the step name the pragma's line.
    Code.Before += L.Out.lineMarker(C->Dir.Loc) + "  const uint64_t " + StepName +
                   " = (uint64_t)" + Item.Step + ";\n";
    // Defined before the first iteration, so that compilers do not call the copy back's read
    // uninitialized.
    Code.Copies += allocateClauseFor(C, V)
                       ? declarePrivateCopy(L, C, V, T, {}, Start)
                       : "  " + L.Types.declare(T, Name) + " = " + Start + ";\n";
    const std::string Copy = L.Sharing.spell(V, C);
    Code.PerIteration += "      " + Copy + " = " + linearValueAt(L, Item, Start, StepName) + ";\n";
    Code.CopyBack += "    *__o2n_last_" + Name + " = " + Copy + ";\n";
  }
  return Code;
}

} // namespace omp2numa
