//===- ScopeLowering.cpp - scope -------------------------------------------===//
//
//   { <private copies>  <reduction targets and private copies>
//     <body>
//     <combine reductions (with the barrier)>  <free the allocate clause's copies>
//     __omp2numa_barrier(); (without nowait) }
//
//===----------------------------------------------------------------------===//
#include "ScopeLowering.h"
#include "CancelLowering.h"
#include "PrivateCopies.h"

using namespace clang;

namespace omp2numa {

Lowered lowerScope(LoweringContext &L, const Construct *C) {
  L.uniqueSuffix(C); // reserved before the nested names, which share the line
  std::optional<WorksharingData> Data = worksharingData(L, C);
  Lowered Body = Data ? L.bodyText(C) : std::nullopt;
  if (!Body)
    return std::nullopt;
  const PrivateCode &Priv = Data->Private;
  const ReductionCode &Red = Data->Reductions;
  std::string S = "{\n" + L.keepOriginals(C) + Priv.Before + Red.Targets +
                  L.withoutShadowWarnings(Priv.copiesAndBarrier() + Red.Privates) + *Body + "\n" +
                  Red.Combine + Priv.Frees;
  if (!C->Dir.has(ClauseKind::Nowait) && !Red.ReplacesBarrier)
    S += "  " + barrierStatement(L, C) + "\n";
  return S + "}";
}

} // namespace omp2numa
