//===- Lowering.cpp - The driver: each directive kind to its lowering -----===//
#include "Lowering.h"
#include <set>
#include "AllocateDirectiveLowering.h"
#include "AllocateLowering.h"
#include "AtomicLowering.h"
#include "CancelLowering.h"
#include "DoacrossLowering.h"
#include "ErrorLowering.h"
#include "LocalTypes.h"
#include "LoopLowering.h"
#include "ParallelLowering.h"
#include "ScanLowering.h"
#include "ScopeLowering.h"
#include "SectionsLowering.h"
#include "SingleLowering.h"
#include "StructureChecks.h"
#include "SyncLowering.h"
#include "TargetLowering.h"
#include "TaskLowering.h"
#include "ThreadprivateLowering.h"
#include "../LoopForm.h"
#include "clang/Lex/Lexer.h"

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

/// parallel master, parallel masked: the region's body runs on the filter's thread only.
bool lowerParallelMasked(LoweringContext &L, const Construct *C) {
  const bool GapMoves = L.gapMovesWithBody(C);
  Lowered Body = L.bodyText(C, GapMoves);
  return Body && lowerParallel(L, C, maskedBlock(L, C, *Body), GapMoves ? "" : L.gapText(C));
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

/// task: the statement moves into the task's function, like a parallel region's.
bool lowerTaskConstruct(LoweringContext &L, const Construct *C) {
  const bool GapMoves = L.gapMovesWithBody(C);
  Lowered Body = L.bodyText(C, GapMoves);
  return Body && lowerTask(L, C, *Body, GapMoves ? "" : L.gapText(C));
}

/// The one list: every directive kind and its lowering.
bool lowerConstruct(LoweringContext &L, const Construct *C) {
  const bool Nowait = C->Dir.has(ClauseKind::Nowait);
  if (!checkAllocatedCopies(L, C))
    return false;
  switch (C->Dir.Kind) {
  case DirectiveKind::Atomic: return place(L, C, lowerAtomic(L, C), Placement::Rebuilt);
  case DirectiveKind::Barrier: return place(L, C, lowerStandalone(L, C), Placement::Pragma);
  case DirectiveKind::Critical: return place(L, C, lowerCritical(L, C), Placement::Construct);
  case DirectiveKind::Flush: return place(L, C, lowerStandalone(L, C), Placement::Pragma);
  case DirectiveKind::For: return place(L, C, lowerLoop(L, C, Nowait), Placement::Rebuilt);
  case DirectiveKind::Master: return place(L, C, lowerMasked(L, C), Placement::Construct);
  case DirectiveKind::Masked: return place(L, C, lowerMasked(L, C), Placement::Construct);
  case DirectiveKind::Ordered:
    if (C->Dir.has(ClauseKind::Doacross))
      return place(L, C, lowerDoacross(L, C), Placement::Pragma);
    return place(L, C, lowerOrdered(L, C), Placement::Construct);
  case DirectiveKind::Parallel: return lowerParallelConstruct(L, C);
  case DirectiveKind::ParallelFor: return lowerCombined(L, C);
  case DirectiveKind::ParallelSections: return lowerCombined(L, C);
  case DirectiveKind::Section: return true; // lowered by its sections construct
  case DirectiveKind::Sections:
    return place(L, C, lowerSections(L, C, Nowait), Placement::Rebuilt);
  case DirectiveKind::Single: return place(L, C, lowerSingle(L, C), Placement::Construct);
  case DirectiveKind::Threadprivate:
    return place(L, C, lowerThreadprivate(L, C), Placement::Pragma);
  case DirectiveKind::Allocate:
    return place(L, C, lowerAllocateDirective(L, C), Placement::Pragma);
  case DirectiveKind::Task: return lowerTaskConstruct(L, C);
  case DirectiveKind::Depobj: return place(L, C, lowerDepobj(L, C), Placement::Pragma);
  case DirectiveKind::Taskloop: return lowerTaskloop(L, C);
  case DirectiveKind::TaskloopSimd:
  case DirectiveKind::MasterTaskloop:
  case DirectiveKind::MasterTaskloopSimd:
  case DirectiveKind::MaskedTaskloop:
  case DirectiveKind::MaskedTaskloopSimd: return lowerTaskloop(L, C);
  case DirectiveKind::Taskwait: return place(L, C, lowerTaskwait(L, C), Placement::Pragma);
  case DirectiveKind::Taskyield: return place(L, C, lowerTaskwait(L, C), Placement::Pragma);
  case DirectiveKind::Taskgroup: return place(L, C, lowerTaskgroup(L, C), Placement::Construct);
  case DirectiveKind::Simd: return place(L, C, lowerLoop(L, C, false), Placement::Rebuilt);
  case DirectiveKind::ForSimd: return place(L, C, lowerLoop(L, C, Nowait), Placement::Rebuilt);
  case DirectiveKind::ParallelForSimd: return lowerCombined(L, C);
  case DirectiveKind::DeclareSimd: return true; // passes through to the compiler
  // Expanded where its reductions are lowered (ReductionLowering).
  case DirectiveKind::DeclareReduction: return place(L, C, std::string(), Placement::Pragma);
  case DirectiveKind::ParallelMaster:
  case DirectiveKind::ParallelMasked: return lowerParallelMasked(L, C);
  case DirectiveKind::Scan: return place(L, C, lowerScanDirective(L, C), Placement::Pragma);
  case DirectiveKind::Scope: return place(L, C, lowerScope(L, C), Placement::Construct);
  case DirectiveKind::Nothing: return place(L, C, std::string(), Placement::Pragma);
  case DirectiveKind::Error: return lowerError(L, C);
  case DirectiveKind::ParallelMasterTaskloop:
  case DirectiveKind::ParallelMasterTaskloopSimd:
  case DirectiveKind::ParallelMaskedTaskloop:
  case DirectiveKind::ParallelMaskedTaskloopSimd:
    llvm_unreachable("split into parallel and a masked taskloop before binding");
  case DirectiveKind::Cancel:
  case DirectiveKind::CancellationPoint:
    return place(L, C, lowerCancel(L, C), Placement::Pragma);
  case DirectiveKind::Loop:
  case DirectiveKind::ParallelLoop: break; // the binder replaced them (Binder.cpp)
  case DirectiveKind::Target: return lowerTaskConstruct(L, C);
  case DirectiveKind::Teams: return lowerParallelConstruct(L, C);
  case DirectiveKind::Distribute:
  case DirectiveKind::DistributeSimd:
    return place(L, C, lowerLoop(L, C, /*Nowait=*/true), Placement::Rebuilt);
  case DirectiveKind::DistributeParallelFor:
  case DirectiveKind::DistributeParallelForSimd: return lowerCombined(L, C);
  case DirectiveKind::TargetData:
    return place(L, C, lowerTargetData(L, C), Placement::Construct);
  case DirectiveKind::TargetEnterData:
  case DirectiveKind::TargetExitData:
  case DirectiveKind::TargetUpdate:
    return place(L, C, lowerTargetMotion(L, C), Placement::Pragma);
  // The host has nothing to declare for a device.
  case DirectiveKind::DeclareVariant: // its calls were redirected (Variants.h)
  case DirectiveKind::DeclareTarget:
  case DirectiveKind::BeginDeclareTarget:
  case DirectiveKind::EndDeclareTarget:
  case DirectiveKind::Requires:
  case DirectiveKind::Assume:
  case DirectiveKind::Assumes:
  case DirectiveKind::BeginAssumes:
  case DirectiveKind::EndAssumes:
  case DirectiveKind::Unroll:
  case DirectiveKind::Tile: return place(L, C, std::string(), Placement::Pragma);
  case DirectiveKind::TargetParallel:
  case DirectiveKind::TargetParallelFor:
  case DirectiveKind::TargetParallelForSimd:
  case DirectiveKind::TargetParallelLoop:
  case DirectiveKind::TargetSimd:
  case DirectiveKind::TargetTeams:
  case DirectiveKind::TargetTeamsDistribute:
  case DirectiveKind::TargetTeamsDistributeSimd:
  case DirectiveKind::TargetTeamsDistributeParallelFor:
  case DirectiveKind::TargetTeamsDistributeParallelForSimd:
  case DirectiveKind::TargetTeamsLoop:
  case DirectiveKind::TeamsDistribute:
  case DirectiveKind::TeamsDistributeSimd:
  case DirectiveKind::TeamsDistributeParallelFor:
  case DirectiveKind::TeamsDistributeParallelForSimd:
  case DirectiveKind::TeamsLoop:
    llvm_unreachable("split into target or teams and the construct in it before binding");
  }
  return false;
}

/// Replaces line Line of File (without its newline) by Text.
void replaceLine(LoweringContext &L, FileID File, unsigned Line, const std::string &Text) {
  const SourceManager &SM = L.Ctx.getSourceManager();
  L.ResolvedLines.insert({File, Line});
  SourceLocation Begin = SM.translateLineCol(File, Line, 1);
  const char *Chars = SM.getCharacterData(Begin);
  unsigned Length = 0;
  while (Chars[Length] && Chars[Length] != '\n' && Chars[Length] != '\r')
    ++Length;
  L.Out.replaceToken(CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(Length)), Text);
}

/// Resolves Cond as the preprocessor did (ConditionalMap.h): its directive lines become
/// comments, the lines of the branches it skipped become empty.
void resolveConditional(LoweringContext &L, const Conditional &Cond) {
  const SourceManager &SM = L.Ctx.getSourceManager();
  const FileID File = SM.getFileID(Cond.DirectiveLines.front());
  std::set<unsigned> Directives;
  for (SourceLocation Loc : Cond.DirectiveLines)
    Directives.insert(SM.getSpellingLineNumber(Loc));
  for (unsigned Line : Directives)
    replaceLine(L, File, Line, "/* omp2numa: a conditional resolved as translated */");
  for (SourceRange Range : Cond.Skipped)
    for (unsigned Line = SM.getSpellingLineNumber(Range.getBegin()),
                  Last = SM.getSpellingLineNumber(Range.getEnd());
         Line <= Last; ++Line)
      if (!Directives.count(Line))
        replaceLine(L, File, Line, "");
}

/// The text of C that moves as written.  A loop construct's headers are rebuilt and only the body
/// of its innermost collapsed loop moves (LoopLowering.cpp, bodyText); any other construct moves
/// whole.
CharSourceRange keptText(LoweringContext &L, const Construct &C) {
  const auto *For = C.Dir.isLoop() ? dyn_cast_or_null<ForStmt>(C.Body) : nullptr;
  const std::vector<const ForStmt *> Nest =
      For ? loopNest(For, C.Dir.collapse()) : std::vector<const ForStmt *>();
  if (Nest.empty() || Nest.size() < C.Dir.collapse())
    return C.Range; // not a loop the lowering rebuilds (it reports the malformed nest)
  const SourceManager &SM = L.Ctx.getSourceManager();
  const ForStmt *Innermost = Nest.back();
  const SourceLocation AfterHeader = Lexer::getLocForEndOfToken(
      SM.getExpansionRange(Innermost->getRParenLoc()).getEnd(), 0, SM, L.Ctx.getLangOpts());
  return CharSourceRange::getCharRange(AfterHeader,
                                       statementRange(Innermost->getBody(), L.Ctx).getEnd());
}

/// A conditional whose directive lines fall both inside and outside the text of a construct that
/// moves would be cut in two (`#pragma omp for` / `#if` / a loop header / `#else` / another header
/// / `#endif`: the headers are rebuilt, the body moves), and one inside a sections block would
/// lose the lines between the sections: it is resolved instead.
void resolveCrossingConditionals(LoweringContext &L, const ConditionalMap &Conditionals) {
  const SourceManager &SM = L.Ctx.getSourceManager();
  std::vector<CharSourceRange> Kept;
  for (const auto &C : L.File.All)
    Kept.push_back(keptText(L, *C));
  for (const Conditional &Cond : Conditionals.conditionals())
    for (size_t I = 0; I < L.File.All.size(); ++I) {
      const Construct *C = L.File.All[I].get();
      if (!C->Dir.hasAssociatedStmt())
        continue;
      size_t Inside = 0, InKept = 0;
      for (SourceLocation Line : Cond.DirectiveLines) {
        Inside += rangeContains(SM, C->Range, Line);
        InKept += rangeContains(SM, Kept[I], Line);
      }
      // sections moves its block piecewise (each section's statement; the rest is dropped), so
      // no conditional in it can stay as written.
      const bool Piecewise = C->Dir.Kind == DirectiveKind::Sections ||
                             C->Dir.Kind == DirectiveKind::ParallelSections;
      if (Inside > 0 && (Piecewise || InKept < Cond.DirectiveLines.size())) {
        resolveConditional(L, Cond);
        break;
      }
    }
}

/// Lowers C after the constructs nested in it, so that C moves their lowered text.
bool lowerTree(LoweringContext &L, const Construct *C) {
  for (const Construct *Child : C->Children)
    if (!lowerTree(L, Child))
      return false;
  if (!checkNoJumpsOut(L, C) || !checkNoJumpsIn(L, C) || !checkScan(L, C) ||
      !lowerConstruct(L, C))
    return false;
  warnNoEffect(L, C);
  return true;
}

} // namespace

bool lowerFile(const BoundFile &File, const DataSharing &Sharing,
               const ConditionalMap &Conditionals, ASTContext &Ctx, Emitter &Out, Diag &Diags,
               const Preprocessor *PP) {
  LoweringContext L(File, Sharing, Ctx, Out, Diags, PP);
  resolveCrossingConditionals(L, Conditionals);
  renameClashingLocalNames(L); // LocalTypes.h
  for (const Construct *Root : File.Roots)
    if (!lowerTree(L, Root))
      return false;
  return true;
}

} // namespace omp2numa
