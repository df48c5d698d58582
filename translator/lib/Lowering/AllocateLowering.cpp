//===- AllocateLowering.cpp -----------------------------------------------===//
#include "AllocateLowering.h"
#include <algorithm>

using namespace clang;

namespace omp2numa {

const Clause *allocateClauseFor(const Construct *C, const VarDecl *V) {
  for (const Clause &Cl : C->Dir.Clauses)
    if (Cl.Kind == ClauseKind::Allocate)
      for (const VarName &N : Cl.Vars)
        for (const ClauseVar &CV : C->Vars)
          if (CV.Kind == ClauseKind::Allocate && CV.Var == V && CV.Loc == N.Loc)
            return &Cl;
  return nullptr;
}

std::string privateAllocation(LoweringContext &L, const Construct *C, const Clause &Allocate,
                              const std::string &Size, uint64_t TypeAlign) {
  const std::string Allocator =
      Allocate.Expr.Tokens.empty() ? "0" : "(uintptr_t)(" + L.exprText(C, C, Allocate.Expr) + ")";
  return "__omp2numa_private_alloc(" + Size + ", " +
         std::to_string(std::max<uint64_t>(Allocate.Count, TypeAlign)) + ", " + Allocator + ")";
}

std::string declarePrivateCopy(LoweringContext &L, const Construct *C, const VarDecl *V,
                               QualType T, llvm::ArrayRef<std::string> Dims,
                               const std::string &Init) {
  const std::string Name = V->getName().str();
  const Clause *Allocate = allocateClauseFor(C, V);
  if (!Allocate)
    return "  " + L.Types.declareLocal(T, Name, Dims) + L.Types.alignmentOf(V) +
           (Init.empty() ? "" : " = " + Init) + ";\n";
  const QualType Copy = T.getUnqualifiedType();
  std::string S = "  " +
                  L.Types.declareLocal(L.Ctx.getPointerType(Copy).withConst(), Name, Dims) +
                  " = " +
                  privateAllocation(L, C, *Allocate,
                                    "sizeof(" + L.Types.declareLocal(Copy, "", Dims) + ")",
                                    L.Ctx.getDeclAlign(V).getQuantity()) +
                  ";\n";
  if (!Init.empty())
    S += "  (*" + Name + ") = " + Init + ";\n";
  return S;
}

std::string freeAllocatedCopies(const LoweringContext &L, const Construct *C,
                                PrivateLevel Level) {
  std::string S;
  std::vector<const VarDecl *> Done;
  for (const ClauseVar &CV : C->Vars)
    if (CV.Kind == ClauseKind::Allocate && L.Sharing.privateLevel(C, CV.Var) == Level &&
        std::find(Done.begin(), Done.end(), CV.Var) == Done.end() &&
        DataSharing::isAllocatedCopy(C, CV.Var)) {
      Done.push_back(CV.Var);
      S += "  __omp2numa_private_free(" + CV.Var->getName().str() + ");\n";
    }
  return S;
}

/// Why the copy of V that C makes is not allocated yet; null when it is.
static const char *unsupportedCopy(const Construct *C, const VarDecl *V) {
  for (const VarDecl *Loop : DataSharing::loopVariables(C))
    if (Loop == V && C->Dir.isTask())
      return "a loop variable of a taskloop";
  if (C->has(V, ClauseKind::TaskReduction))
    return "a task_reduction variable";
  for (const Clause &Cl : C->Dir.Clauses)
    if (Cl.Kind == ClauseKind::Reduction && Cl.Keyword == "inscan")
      for (const VarName &N : Cl.Vars)
        if (N.Name == V->getName())
          return "an inscan reduction variable";
  if (C->Dir.hasSimdPart())
    return "a private variable of a simd loop";
  if (C->Dir.isTask() && C->has(V, ClauseKind::Lastprivate))
    return "a lastprivate variable of a taskloop";
  return nullptr;
}

bool checkAllocatedCopies(LoweringContext &L, const Construct *C) {
  bool Ok = true;
  for (const ClauseVar &CV : C->Vars)
    if (CV.Kind == ClauseKind::Allocate)
      if (const char *Why = unsupportedCopy(C, CV.Var)) {
        L.Diags.error(CV.Loc, "'allocate' clause for '" + CV.Var->getName().str() + "', " + Why +
                                  ", is not supported yet");
        Ok = false;
      }
  return Ok;
}

} // namespace omp2numa
