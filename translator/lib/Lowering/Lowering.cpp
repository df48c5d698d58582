//===- Lowering.cpp - The driver: each directive kind to its lowering -----===//
#include "Lowering.h"
#include "AtomicLowering.h"
#include "LoopLowering.h"
#include "ParallelLowering.h"
#include "SectionsLowering.h"
#include "SingleLowering.h"
#include "StructureChecks.h"
#include "SyncLowering.h"
#include "ThreadprivateLowering.h"

using namespace clang;

namespace omp2numa {

namespace {

/// What a lowering's text replaces.
enum class Placement {
  Construct, ///< the pragma and its statement
  Rebuilt,   ///< the same, keeping what stood between them (the statement was rebuilt)
  Pragma,    ///< the pragma line alone (stand-alone directives)
};

bool place(LoweringContext &L, const Construct *C, Lowered Text, Placement Where) {
  if (!Text)
    return false;
  switch (Where) {
  case Placement::Construct: L.replaceConstruct(C, *Text); break;
  case Placement::Rebuilt: L.replaceRebuilt(C, *Text); break;
  case Placement::Pragma: L.replacePragma(C, *Text); break;
  }
  return true;
}

/// parallel: the statement moves into the outlined function, with what stands between pragma
/// and statement unless that must stay in place (gapMovesWithBody).
bool lowerParallelConstruct(LoweringContext &L, const Construct *C) {
  const bool GapMoves = L.gapMovesWithBody(C);
  Lowered Body = L.bodyText(C, GapMoves);
  return Body && lowerParallel(L, C, *Body, GapMoves ? "" : L.gapText(C));
}

/// parallel for, parallel sections: the worksharing part's barrier would be followed at once by
/// the join's, so it is skipped.
bool lowerCombined(LoweringContext &L, const Construct *C) {
  Lowered Body = C->Dir.isLoop() ? lowerLoop(L, C, /*Nowait=*/true)
                                 : lowerSections(L, C, /*Nowait=*/true);
  if (!Body)
    return false;
  if (!L.gapMovesWithBody(C))
    return lowerParallel(L, C, *Body, L.gapText(C));
  return lowerParallel(L, C, L.Out.lineMarker(C->PragmaRange.getEnd()) + L.gapText(C) + "\n" + *Body,
                       "");
}

/// The one list: every directive kind and its lowering.
bool lowerConstruct(LoweringContext &L, const Construct *C) {
  const bool Nowait = C->Dir.has(ClauseKind::Nowait);
  switch (C->Dir.Kind) {
  case DirectiveKind::Atomic: return place(L, C, lowerAtomic(L, C), Placement::Rebuilt);
  case DirectiveKind::Barrier: return place(L, C, lowerStandalone(L, C), Placement::Pragma);
  case DirectiveKind::Critical: return place(L, C, lowerCritical(L, C), Placement::Construct);
  case DirectiveKind::Flush: return place(L, C, lowerStandalone(L, C), Placement::Pragma);
  case DirectiveKind::For: return place(L, C, lowerLoop(L, C, Nowait), Placement::Rebuilt);
  case DirectiveKind::Master: return place(L, C, lowerMasked(L, C), Placement::Construct);
  case DirectiveKind::Masked: return place(L, C, lowerMasked(L, C), Placement::Construct);
  case DirectiveKind::Ordered: return place(L, C, lowerOrdered(L, C), Placement::Construct);
  case DirectiveKind::Parallel: return lowerParallelConstruct(L, C);
  case DirectiveKind::ParallelFor: return lowerCombined(L, C);
  case DirectiveKind::ParallelSections: return lowerCombined(L, C);
  case DirectiveKind::Section: return true; // lowered by its sections construct
  case DirectiveKind::Sections:
    return place(L, C, lowerSections(L, C, Nowait), Placement::Rebuilt);
  case DirectiveKind::Single: return place(L, C, lowerSingle(L, C), Placement::Construct);
  case DirectiveKind::Threadprivate:
    return place(L, C, lowerThreadprivate(L, C), Placement::Pragma);
  }
  return false;
}

/// Lowers C after the constructs nested in it, so that C moves their lowered text.
bool lowerTree(LoweringContext &L, const Construct *C) {
  for (const Construct *Child : C->Children)
    if (!lowerTree(L, Child))
      return false;
  if (!checkNoJumpsOut(L, C) || !lowerConstruct(L, C))
    return false;
  warnNoEffect(L, C);
  return true;
}

} // namespace

bool lowerFile(const BoundFile &File, const DataSharing &Sharing, ASTContext &Ctx, Emitter &Out,
               Diag &Diags) {
  LoweringContext L(File, Sharing, Ctx, Out, Diags);
  for (const Construct *Root : File.Roots)
    if (!lowerTree(L, Root))
      return false;
  return true;
}

} // namespace omp2numa
