//===- PrivateCopies.cpp --------------------------------------------------===//
#include "PrivateCopies.h"
#include "AllocateLowering.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>

using namespace clang;

namespace omp2numa {

namespace {

/// One variable's private copy in a worksharing block.
class PrivateCopy {
public:
  PrivateCopy(LoweringContext &L, const Construct *C, const VarDecl *V, PrivateCode &Out)
      : L(L), C(C), V(V), Name(V->getName().str()), T(V->getType()), Out(Out),
        Copy(L.Sharing.spell(V, C)), Allocated(allocateClauseFor(C, V)) {}

  bool emit() {
    // firstprivate + lastprivate on a combined construct: the region's copy is the private one,
    // and only the copy back happens here.
    const bool RegionCopy = L.Sharing.privateLevel(C, V) == PrivateLevel::Region;
    const bool Last = C->has(V, ClauseKind::Lastprivate);
    // A conditional one's value goes back through the reductions (ReductionLowering).
    const bool Conditional = C->hasWithModifier(V, ClauseKind::Lastprivate, "conditional");
    const bool First = C->has(V, ClauseKind::Firstprivate) && !RegionCopy;
    measureDims();
    if (Last && !Conditional && !emitCopyBack())
      return false;
    if (RegionCopy)
      return true;
    if (First)
      emitFirstprivate();
    else if (Allocated)
      Out.Copies += declarePrivateCopy(L, C, V, T, Dims, "");
    else // a lastprivate's value is unspecified until assigned; a defined one keeps compilers
         // from warning about the copy back
      Out.Copies += "  " + declareCopy(Name) + (Last && !T->isArrayType() ? " = {0};\n" : ";\n");
    Out.Copies += "  (void)" + Name + ";\n";
    return true;
  }

private:
  LoweringContext &L;
  const Construct *C;
  const VarDecl *V;
  const std::string Name;
  const QualType T;
  PrivateCode &Out;
  /// The copy as the body names it: Name, or (*Name) for an allocated one.
  const std::string Copy;
  const bool Allocated;
  std::vector<std::string> Dims;

  /// The original as seen before the block's copies hide it.
  std::string original() const { return L.Sharing.spell(V, C, /*InLoopHeader=*/true); }

  std::string declareCopy(const std::string &N) const {
    return L.Types.declareLocal(T, N, Dims) + L.Types.alignmentOf(V);
  }

  /// Variable-length copies get the original's sizes, measured before the copy hides it.
  void measureDims() {
    if (!T->isVariablyModifiedType())
      return;
    std::vector<std::string> Sizes = L.Types.vlaDims(T, original());
    for (size_t K = 0; K < Sizes.size(); ++K) {
      Dims.push_back("__o2n_dim_" + Name + "_" + std::to_string(K));
      Out.Before += "  const size_t " + Dims.back() + " = " + Sizes[K] + ";\n";
    }
  }

  bool emitCopyBack() {
    Lowered Address = L.originalAddress(C, V, C->clauseFor(V)->Loc);
    if (!Address)
      return false;
    Out.Before +=
        "  " + L.Types.declare(L.originalPointer(T), "__o2n_last_" + Name) +
        " = " + *Address + ";\n";
    Out.CopyBack += T->isArrayType() ? "    __builtin_memcpy(__o2n_last_" + Name + ", " + Copy +
                                           ", sizeof " + Copy + ");\n"
                                     : "    *__o2n_last_" + Name + " = " + Copy + ";\n";
    return true;
  }

  /// Arrays are copied whole, from a pointer to the original taken first.
  void emitFirstprivate() {
    if (T->isArrayType()) {
      Out.Before += "  const void *const __o2n_first_" + Name + " = " + original() + ";\n";
      Out.Copies += (Allocated ? declarePrivateCopy(L, C, V, T, Dims, "")
                               : "  " + declareCopy(Name) + ";\n") +
                    "  __builtin_memcpy(" + Copy + ", __o2n_first_" + Name + ", sizeof " + Copy +
                    ");\n";
      return;
    }
    Out.Before += "  " + L.Types.declare(T, "__o2n_first_" + Name) + " = " + original() + ";\n";
    Out.Copies += Allocated ? declarePrivateCopy(L, C, V, T, Dims, "__o2n_first_" + Name)
                            : "  " + L.Types.declare(T, Name) + " = __o2n_first_" + Name + ";\n";
  }
};

} // namespace

std::optional<PrivateCode> privateCopies(LoweringContext &L, const Construct *C) {
  PrivateCode P;
  std::vector<const VarDecl *> Done = DataSharing::loopVariables(C);
  for (const ClauseVar &CV : C->Vars) {
    const VarDecl *V = CV.Var;
    const PrivateLevel Level = L.Sharing.privateLevel(C, V);
    const bool RegionLast = Level == PrivateLevel::Region && C->has(V, ClauseKind::Lastprivate);
    if ((Level != PrivateLevel::Loop && !RegionLast) || CV.Kind == ClauseKind::Reduction ||
        CV.Kind == ClauseKind::Linear || // LinearLowering
        CV.Kind == ClauseKind::Aligned || CV.Kind == ClauseKind::Nontemporal ||
        CV.Kind == ClauseKind::Allocate || // the privatising clause's entry makes the copy
        std::find(Done.begin(), Done.end(), V) != Done.end())
      continue;
    Done.push_back(V);
    if (!PrivateCopy(L, C, V, P).emit())
      return std::nullopt;
    P.BarrierAfterCopies |=
        C->has(V, ClauseKind::Firstprivate) && C->has(V, ClauseKind::Lastprivate);
  }
  P.Frees = freeAllocatedCopies(L, C, PrivateLevel::Loop);
  return P;
}

std::string copyBackAfterLastChunk(const std::string &CopyBack, const std::string &Count) {
  if (CopyBack.empty())
    return "";
  std::string Indented; // one level deeper than at the end of the block
  for (llvm::StringRef Line : llvm::split(llvm::StringRef(CopyBack).rtrim('\n'), '\n'))
    Indented += "  " + Line.str() + "\n";
  return "    if (__o2n_hi == " + Count + " && __o2n_lo < __o2n_hi) {\n" + Indented + "    }\n";
}

std::optional<WorksharingData> worksharingData(LoweringContext &L, const Construct *C) {
  WorksharingData D;
  std::optional<PrivateCode> Private = privateCopies(L, C);
  // A combined construct's loop or sections end its region (lowerCombined), unless the region
  // reduces items of its own after them (plain reductions beside inscan ones).
  const bool EndsRegion = C->Dir.isCombined() && !reducesAt(L, C, PrivateLevel::Region);
  std::optional<ReductionCode> Red =
      Private ? lowerReductions(L, C, PrivateLevel::Loop, /*Serial=*/false, EndsRegion)
              : std::nullopt;
  if (!Red)
    return std::nullopt;
  D.Private = std::move(*Private);
  D.Reductions = std::move(*Red);
  if (!D.Reductions.Definitions.empty())
    L.insertBeforeFunction(C, D.Reductions.Definitions);
  return D;
}

} // namespace omp2numa
