//===- SectionsLowering.cpp - sections ------------------------------------===//
//
// A loop over the section numbers with a dynamic schedule, each number running one section
// through a switch; lastprivate values come from the last section.
//
//   if (__omp2numa_loop_start(&__o2n_loop, 3, 0, 0, &__o2n_lo, &__o2n_hi)) do {
//     for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k)
//       switch (__o2n_k) { case 0: <section 0> break; case 1: ... }
//   } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
//
//===----------------------------------------------------------------------===//
#include "SectionsLowering.h"
#include "CancelLowering.h"
#include "PrivateCopies.h"

using namespace clang;

namespace omp2numa {

namespace {

/// One section: its statement, and where its text starts: at a directive stacked on the
/// statement (`section` then `parallel for`), so that the construct comes along whole.
struct Section {
  const Stmt *Statement;
  SourceLocation TextBegin;
};

/// The start of the first construct among Siblings that applies to S, else S's own start.
SourceLocation textBegin(LoweringContext &L, const std::vector<Construct *> &Siblings,
                         const Stmt *S) {
  SourceLocation Begin = statementRange(S, L.Ctx).getBegin();
  for (const Construct *K : Siblings)
    if (K->Body == S && K->Dir.Kind != DirectiveKind::Section &&
        L.Ctx.getSourceManager().isBeforeInTranslationUnit(K->Range.getBegin(), Begin))
      Begin = K->Range.getBegin();
  return Begin;
}

/// The sections of C's block; nothing after an error.
std::optional<std::vector<Section>> sectionsOf(LoweringContext &L, const Construct *C) {
  const auto *Block = dyn_cast<CompoundStmt>(C->Body);
  if (!Block) {
    L.Diags.error(C->Body->getBeginLoc(),
                  C->Dir.quotedName() + " must be followed by a block { ... } of sections");
    return std::nullopt;
  }
  std::vector<Section> Sections;
  for (const Stmt *Child : Block->body()) {
    const Construct *Marker = nullptr;
    for (const Construct *K : C->Children)
      if (K->Dir.Kind == DirectiveKind::Section && K->Body == Child)
        Marker = K;
    if (!Marker && !Sections.empty()) {
      L.Diags.error(Child->getBeginLoc(), "each statement in " + C->Dir.quotedName() +
                                              " after the first must follow '#pragma omp "
                                              "section'");
      return std::nullopt;
    }
    Sections.push_back({Child, textBegin(L, Marker ? Marker->Children : C->Children, Child)});
  }
  return Sections;
}

/// `switch (__o2n_k) { case 0: ... }` over the sections.
Lowered switchOver(LoweringContext &L, const Construct *C, const std::vector<Section> &Sections) {
  std::string S = "      switch (__o2n_k) {\n";
  for (size_t I = 0; I < Sections.size(); ++I) {
    CharSourceRange Range = CharSourceRange::getCharRange(
        Sections[I].TextBegin, statementRange(Sections[I].Statement, L.Ctx).getEnd());
    if (!L.checkConditionalsNest(C, Range))
      return std::nullopt;
    S += "      case " + std::to_string(I) + ":\n" + L.Out.lineMarker(Sections[I].TextBegin) +
         L.Out.text(Range) + "\n        break;\n";
  }
  return S + "      }\n";
}

} // namespace

Lowered lowerSections(LoweringContext &L, const Construct *C, bool Nowait) {
  std::optional<std::vector<Section>> Sections = sectionsOf(L, C);
  if (!Sections)
    return std::nullopt;
  L.uniqueSuffix(C); // reserved before the nested names, which share the line
  const std::string Count = std::to_string(Sections->size());
  std::optional<WorksharingData> Data = worksharingData(L, C);
  Lowered Switch = Data ? switchOver(L, C, *Sections) : std::nullopt;
  if (!Switch)
    return std::nullopt;
  const PrivateCode &Priv = Data->Private;
  const ReductionCode &Red = Data->Reductions;
  std::string S = "{\n";
  if (!C->Dir.isOutlined())
    S += L.keepOriginals(C);
  S += "  static struct __omp2numa_loop_site __o2n_loop = {" + L.siteLocation(C) +
       ", __OMP2NUMA_SCHED_DYNAMIC, " +
       (Nowait && C->Dir.has(ClauseKind::Nowait) ? "__OMP2NUMA_LOOP_NOWAIT" : "0") + ", 0, 0};\n";
  S += "  uint64_t __o2n_lo, __o2n_hi;\n";
  S += Priv.Before + Red.Targets + L.withoutShadowWarnings(Priv.copiesAndBarrier() + Red.Privates);
  S += "  if (__omp2numa_loop_start(&__o2n_loop, " + Count +
       ", 0, (const void *)0, &__o2n_lo, &__o2n_hi)) do {\n";
  S += "    for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; " + Red.IterationEnd +
       "++__o2n_k) {\n" + *Switch + "    }\n";
  S += copyBackAfterLastChunk(Priv.CopyBack, Count);
  S += "  } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));\n";
  return S + loopEnd(L, C, Red.Combine + Priv.Frees, Red.ReplacesBarrier, Nowait) + "}";
}

} // namespace omp2numa
