//===- ParallelLowering.cpp - Outlined parallel regions --------------------===//
//
// The body moves into a function (Outliner.h) that every thread of the new team runs:
//
//   static void __o2n_region_12(void *__o2n_data) { <prologue>  <copyin>  <body> }
//   ...at the construct:  { struct __o2n_ctx_12 __o2n_args = {.sum = &sum, .n = n};
//                           __omp2numa_parallel(&site, __o2n_region_12, &__o2n_args, nt, if); }
//
// A teams region is outlined the same way; the encountering thread runs the function once per
// team of the league (__omp2numa_teams), so each team's reductions combine into the originals
// at the end of its run, without the runtime.
//
//===----------------------------------------------------------------------===//
#include "ParallelLowering.h"
#include "CancelLowering.h"
#include "Outliner.h"

using namespace clang;

namespace omp2numa {

namespace {

const char *procBindName(const Directive &D) {
  const Clause *C = D.find(ClauseKind::ProcBind);
  if (!C)
    return "__OMP2NUMA_PROC_BIND_NONE";
  switch (C->ProcBind) {
  case ProcBindKind::Primary: return "__OMP2NUMA_PROC_BIND_PRIMARY";
  case ProcBindKind::Close: return "__OMP2NUMA_PROC_BIND_CLOSE";
  case ProcBindKind::Spread: return "__OMP2NUMA_PROC_BIND_SPREAD";
  }
  return "__OMP2NUMA_PROC_BIND_NONE";
}

/// One parallel region: its outlined function and the call at the construct.
class RegionLowering {
public:
  RegionLowering(LoweringContext &L, const Construct *C)
      : L(L), C(C), Out(L, C), Fn("__o2n_region_" + Out.Suffix) {}

  bool run(const std::string &Body, const std::string &SiteText) {
    if (!Out.addCaptures() || !addCopyin())
      return false;
    const bool Teams = C->Dir.isTeams();
    std::optional<ReductionCode> Red =
        lowerReductions(L, C, PrivateLevel::Region, /*Serial=*/Teams, /*EndsRegion=*/!Teams);
    if (!Red)
      return false;
    Out.emitFunction(Fn, "", Red->Definitions,
                     Copyin + Red->Targets + Red->Privates + "\n" + Body + "\n" +
                         regionCancelLabel() + Red->Combine);
    L.Out.replace(C->Range, callSite(SiteText));
    return true;
  }

private:
  LoweringContext &L;
  const Construct *C;
  Outliner Out;
  const std::string Fn;
  std::string Copyin;

  /// Where the threads of a cancelled region go (a combined construct's worksharing part has
  /// the label: cancel parallel does not bind to combined constructs).
  std::string regionCancelLabel() const {
    return C->Dir.Kind == DirectiveKind::Parallel ? cancelLabel(L, C) : "";
  }

  /// copyin: each thread's threadprivate copy starts with the primary thread's value; the
  /// barrier keeps the primary thread from changing it before everyone has copied it.
  bool addCopyin() {
    for (const ClauseVar &CV : C->Vars) {
      if (CV.Kind != ClauseKind::Copyin)
        continue;
      const std::string Name = CV.Var->getName().str();
      if (!L.File.isThreadprivate(CV.Var)) {
        L.Diags.error(CV.Loc, "copyin variable '" + Name + "' is not threadprivate");
        return false;
      }
      // A const variable's copies all hold its initial value already: nothing to copy.
      if (L.Ctx.getBaseElementType(CV.Var->getType()).isConstQualified())
        continue;
      // A type without a name is named by __typeof__ (the variable is at file scope).
      const std::string Member = "__o2n_copyin_" + Name;
      Out.addMember(TypeSpelling::hasUnnamedTag(CV.Var->getType())
                        ? "__typeof__(" + Name + ") *" + Member
                        : L.Types.declare(L.Ctx.getPointerType(CV.Var->getType()), Member),
                    Member, "&" + Name);
      Copyin += CV.Var->getType()->isArrayType()
                    ? "  __builtin_memcpy(" + Name + ", __o2n_ctx->__o2n_copyin_" + Name +
                          ", sizeof " + Name + ");\n"
                    : "  " + Name + " = *__o2n_ctx->__o2n_copyin_" + Name + ";\n";
    }
    if (!Copyin.empty())
      Copyin += "  __omp2numa_barrier();\n";
    return true;
  }

  /// The call at the construct.  Originals that only the region names (privatised there, or in
  /// constructs inside it) are no longer used where they are declared: keep the compiler from
  /// calling them unused.
  std::string callSite(const std::string &SiteText) const {
    const Clause *NumThreads = C->Dir.find(ClauseKind::NumThreads);
    const Clause *If = C->Dir.findIf("parallel");
    std::string Call =
        L.pragmaComment(C) + SiteText + "\n{\n" + L.keepOriginals(C) + Out.KeepTypedefs;
    Call += "  static const struct __omp2numa_region_site __o2n_site = {" + L.siteLocation(C) +
            ", " + procBindName(C->Dir) + ", " +
            (NumThreads ? "__OMP2NUMA_REGION_NUM_THREADS" : "0") + "};\n";
    Call += Out.ShadowIn;
    if (!Out.empty()) {
      const std::string Args = Out.CtxType + " __o2n_args = " + Out.initialiser() + ";";
      Call += "  " + (Out.CopiesIn ? L.withoutUninitializedWarnings(Args) : Args) + "\n";
    }
    if (NumThreads || If || C->Dir.isTeams()) // the compiler's messages about the clauses name
      Call += L.Out.lineMarker(C->Dir.Loc);  // the pragma's line
    const std::string Args = Out.empty() ? "(void *)0" : "&__o2n_args";
    if (C->Dir.isTeams())
      Call += "  __omp2numa_teams(&__o2n_site, " + Fn + ", " + Args + ", " + leagueSize() + ");\n";
    else
      Call += "  __omp2numa_parallel(&__o2n_site, " + Fn + ", " + Args + ", " +
              (NumThreads ? "(int)" + L.integerText(C, C->Parent, NumThreads->Expr) : "0") +
              ", " + (If ? "!!" + L.exprText(C, C->Parent, If->Expr) : "1") + ");\n";
    return Call + Out.ShadowOut + "}";
  }

  /// A teams region's num_teams bounds and thread_limit, as gcc chooses in the range OpenMP
  /// allows: in a target region, the lower bound (one team without num_teams); outside one, the
  /// upper bound (the runtime's default without num_teams).
  std::string leagueSize() const {
    const Clause *NumTeams = C->Dir.find(ClauseKind::NumTeams);
    const Clause *Limit = C->Dir.find(ClauseKind::ThreadLimit);
    const bool InTarget = C->Parent && C->Parent->Dir.isTarget();
    const std::string Lower =
        InTarget && NumTeams && !NumTeams->Lower.Tokens.empty()
            ? "(int)" + L.integerText(C, C->Parent, NumTeams->Lower)
            : "0";
    const std::string Upper = NumTeams   ? "(int)" + L.integerText(C, C->Parent, NumTeams->Expr)
                              : InTarget ? "1"
                                         : "0";
    return Lower + ", " + Upper + ", " +
           (Limit ? "(int)" + L.integerText(C, C->Parent, Limit->Expr) : "0");
  }
};

} // namespace

bool lowerParallel(LoweringContext &L, const Construct *C, const std::string &Body,
                   const std::string &SiteText) {
  return RegionLowering(L, C).run(Body, SiteText);
}

} // namespace omp2numa
