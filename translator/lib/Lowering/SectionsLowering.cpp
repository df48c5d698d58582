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
#include "PrivateCopies.h"

using namespace clang;

namespace omp2numa {

namespace {

/// The statements of C's block, one per section; nothing after an error.
std::optional<std::vector<const Stmt *>> sectionsOf(LoweringContext &L, const Construct *C) {
  const auto *Block = dyn_cast<CompoundStmt>(C->Body);
  if (!Block) {
    L.Diags.error(C->Body->getBeginLoc(),
                  C->Dir.quotedName() + " must be followed by a block { ... } of sections");
    return std::nullopt;
  }
  std::vector<const Stmt *> Sections;
  for (const Stmt *Child : Block->body()) {
    bool Marked = false;
    for (const Construct *K : C->Children)
      Marked |= K->Dir.Kind == DirectiveKind::Section && K->Body == Child;
    if (!Marked && !Sections.empty()) {
      L.Diags.error(Child->getBeginLoc(), "each statement in " + C->Dir.quotedName() +
                                              " after the first must follow '#pragma omp "
                                              "section'");
      return std::nullopt;
    }
    Sections.push_back(Child);
  }
  return Sections;
}

/// `switch (__o2n_k) { case 0: ... }` over the sections.
Lowered switchOver(LoweringContext &L, const std::vector<const Stmt *> &Sections) {
  std::string S = "      switch (__o2n_k) {\n";
  for (size_t I = 0; I < Sections.size(); ++I) {
    Lowered Text = L.sourceText(Sections[I], true);
    if (!Text)
      return std::nullopt;
    S += "      case " + std::to_string(I) + ":\n" + L.Out.lineMarker(Sections[I]->getBeginLoc()) +
         *Text + "\n        break;\n";
  }
  return S + "      }\n";
}

} // namespace

Lowered lowerSections(LoweringContext &L, const Construct *C, bool Nowait) {
  std::optional<std::vector<const Stmt *>> Sections = sectionsOf(L, C);
  if (!Sections)
    return std::nullopt;
  L.uniqueSuffix(C); // reserved before the nested names, which share the line
  const std::string Count = std::to_string(Sections->size());
  std::optional<WorksharingData> Data = worksharingData(L, C);
  Lowered Switch = Data ? switchOver(L, *Sections) : std::nullopt;
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
  S += Priv.Before + Red.Targets + Priv.Copies + Red.Privates;
  S += "  if (__omp2numa_loop_start(&__o2n_loop, " + Count +
       ", 0, (const void *)0, &__o2n_lo, &__o2n_hi)) do {\n";
  S += "    for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {\n" + *Switch +
       "    }\n";
  S += copyBackAfterLastChunk(Priv.CopyBack, Count);
  S += "  } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));\n";
  S += Red.Combine;
  return S + "  __omp2numa_loop_end" + (Nowait ? "_nowait" : "") + "();\n}";
}

} // namespace omp2numa
