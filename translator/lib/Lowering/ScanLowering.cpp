//===- ScanLowering.cpp - reduction(inscan, op: list) and scan -------------===//
//
// A loop with inscan reductions runs its iterations twice, as gcc's lower_omp_for_scan does: a
// static schedule without a chunk gives each thread one block, the same in both passes.
//
//   for (i...) { { s += a[i]; }  #pragma omp scan inclusive(s)  { b[i] = s; } }
//
//   int s = 0;  int __o2n_scan_s = 0, __o2n_scantotal_s = 0;        (private, running, total)
//   <the thread's block [__o2n_lo, __o2n_hi)>
//   int *const __o2n_scanbuf_s = __omp2numa_scan_buffer(__o2n_hi - __o2n_lo, sizeof(int));
//   for (int __o2n_scan_pass_12 = 0; __o2n_scan_pass_12 < 2; ++__o2n_scan_pass_12) {
//     if (__o2n_scan_pass_12 == 1) { <total = running; running = the original's value
//                                     combined with the totals of the threads before> }
//     for (k...) {
//       if (__o2n_scan_pass_12 == 0) { s = 0; }
//       else { s = __o2n_scan_s; s = s + __o2n_scanbuf_s[k - lo]; }
//       if (__o2n_scan_pass_12 != 0) goto __o2n_scan_second_12;
//       { { s += a[i]; }
//         if (__o2n_scan_pass_12 == 0) goto __o2n_scan_end_12; __o2n_scan_second_12: ;
//         { b[i] = s; } }
//       __o2n_scan_end_12:
//       if (__o2n_scan_pass_12 == 0) { __o2n_scan_s = __o2n_scan_s + s;
//                                      __o2n_scanbuf_s[k - lo] = __o2n_scan_s; }
//     } }
//   s = __o2n_scantotal_s;  __omp2numa_scan_buffer_free(__o2n_scanbuf_s);  <the reduction>
//
// An exclusive scan has its scan phase first: the first pass jumps to the statements after the
// directive, the second runs those before it, and the first pass keeps the running value before
// combining the iteration's contribution.  The input phase runs once per iteration, whatever it
// does besides.
//
//===----------------------------------------------------------------------===//
#include "ScanLowering.h"
#include "../Cancellation.h"
#include "../LoopForm.h"
#include "ReductionLowering.h"

using namespace clang;

namespace omp2numa {

namespace {

/// The loop constructs gcc takes inscan reductions on; not as the inner part of target parallel
/// for [simd] or target simd, which gcc refuses them on.
bool takesInscan(const Directive &D) {
  const DirectiveKind K = D.Kind;
  return (K == DirectiveKind::For || K == DirectiveKind::ParallelFor ||
          K == DirectiveKind::ForSimd || K == DirectiveKind::ParallelForSimd ||
          K == DirectiveKind::Simd) &&
         !D.InnerPart;
}

/// Whether plain reductions may stand beside inscan ones on D: on parallel for as written (not
/// parallel loop), where they are the parallel's (DataSharing::privateLevel).  Elsewhere gcc
/// gives both to one construct, and refuses them there.
bool splitsPlainReductions(const Directive &D) {
  return D.Kind == DirectiveKind::ParallelFor && !D.Written && !D.InnerPart;
}

/// Whether CV is an item of an inscan reduction of C (not a plain one beside them).
bool isInscanItem(const Construct *C, const ClauseVar &CV) {
  return CV.Kind == ClauseKind::Reduction &&
         C->hasWithModifier(CV.Var, ClauseKind::Reduction, "inscan");
}

const Construct *scanOf(const Construct *Loop) {
  for (const Construct *K : Loop->Children)
    if (K->Dir.Kind == DirectiveKind::Scan)
      return K;
  return nullptr;
}

/// The reduction clauses: inscan and plain ones together (but on parallel for), inscan on a
/// construct that does not take it, schedule, ordered, linear (but of the loop variable) and
/// affinity beside it.
bool checkInscanClauses(LoweringContext &L, const Construct *C) {
  const Clause *First = nullptr;
  for (const Clause &Cl : C->Dir.Clauses) {
    if (Cl.Kind != ClauseKind::Reduction)
      continue;
    if (First && (First->Keyword == "inscan") != (Cl.Keyword == "inscan") &&
        !splitsPlainReductions(C->Dir)) {
      L.Diags.error(Cl.Loc, "'inscan' and non-'inscan' 'reduction' clauses on the same construct");
      return false;
    }
    First = First ? First : &Cl;
  }
  if (!takesInscan(C->Dir)) {
    // For a combined construct's part, gcc names the constructs that take it instead.
    L.Diags.error(First->Loc, C->Dir.InnerPart
                                  ? std::string("'inscan' 'reduction' clause on construct other "
                                                "than 'for', 'simd', 'for simd', 'parallel for', "
                                                "'parallel for simd'")
                                  : std::string("'inscan' 'reduction' clause on '") +
                                        directiveSpelling(C->Dir.Kind) + "' construct");
    return false;
  }
  for (ClauseKind K : {ClauseKind::Schedule, ClauseKind::Ordered, ClauseKind::Affinity})
    if (const Clause *Cl = C->Dir.find(K)) {
      L.Diags.error(Cl->Loc, std::string("'") + clauseSpelling(K) +
                                 "' clause specified together with 'inscan' 'reduction' clause");
      return false;
    }
  const std::vector<const VarDecl *> LoopVars = DataSharing::loopVariables(C);
  for (const ClauseVar &CV : C->Vars)
    if (CV.Kind == ClauseKind::Linear &&
        std::find(LoopVars.begin(), LoopVars.end(), CV.Var) == LoopVars.end()) {
      L.Diags.error(CV.Loc, "'inscan' 'reduction' clause used together with 'linear' clause for "
                            "a variable other than loop iterator");
      return false;
    }
  return true;
}

/// The list items: scalars (gcc's arrays are not supported yet), each named by the scan.
bool checkInscanItems(LoweringContext &L, const Construct *C, const Construct *Scan) {
  for (const ClauseVar &CV : C->Vars) {
    if (!isInscanItem(C, CV))
      continue;
    const std::string Name = CV.Var->getName().str();
    if (CV.Sections && !CV.Sections->empty()) {
      L.Diags.error(CV.Sections->front().Loc, "'inscan' 'reduction' clause with array section");
      return false;
    }
    if (CV.Var->getType()->isArrayType()) {
      L.Diags.error(CV.Loc, "'inscan' reduction over the array '" + Name +
                                "' is not supported yet (scalars are)");
      return false;
    }
    if (!Scan->has(CV.Var, ClauseKind::Inclusive) && !Scan->has(CV.Var, ClauseKind::Exclusive)) {
      L.Diags.error(CV.Loc, "'" + Name + "' specified in 'inscan' 'reduction' clause but not in "
                                         "'scan' directive clause");
      return false;
    }
  }
  return true;
}

/// The innermost loop body of the nest C applies to.
const Stmt *innermostBody(const Construct *C) {
  const auto *For = dyn_cast_or_null<ForStmt>(C->Body);
  if (!For)
    return nullptr;
  const std::vector<const ForStmt *> Nest = loopNest(For, C->Dir.collapse());
  return Nest.empty() ? nullptr : Nest.back()->getBody();
}

/// A loop with inscan reductions: its clauses, no cancellation (a cancelled thread would leave
/// the others waiting between the passes), and one scan directly in its body.
bool checkInscanLoop(LoweringContext &L, const Construct *C) {
  if (!checkInscanClauses(L, C))
    return false;
  if (isCancelledFrom(*C, /*Activating=*/false)) {
    L.Diags.error(C->Dir.NameLoc, "'#pragma omp cancel' of a loop with 'inscan' reductions is not "
                                  "supported yet");
    return false;
  }
  const Construct *Scan = scanOf(C);
  if (!Scan) {
    const Stmt *Body = innermostBody(C);
    L.Diags.error(Body ? Body->getBeginLoc() : C->Dir.NameLoc,
                  "expected '#pragma omp scan' in the body of a loop with an 'inscan' "
                  "'reduction' clause ({ input phase  #pragma omp scan ...  scan phase })");
    return false;
  }
  return checkInscanItems(L, C, Scan);
}

/// A scan directive: one clause naming inscan list items of its loop, directly in the loop's
/// body (a compound statement), once.
bool checkScanDirective(LoweringContext &L, const Construct *C) {
  const Construct *Loop = C->Parent;
  const char *Misplaced = "'#pragma omp scan' may only be used in a loop construct with "
                          "'inscan' 'reduction' clause";
  if (!Loop || !Loop->Dir.hasInscanReduction() || !takesInscan(Loop->Dir)) {
    L.Diags.error(C->Dir.NameLoc, Misplaced);
    return false;
  }
  const auto *Body = dyn_cast_or_null<CompoundStmt>(innermostBody(Loop));
  const SourceManager &SM = L.Ctx.getSourceManager();
  bool Direct = Body && rangeContains(SM, statementRange(Body, L.Ctx), C->Dir.Loc);
  for (unsigned I = 0; Direct && I < Body->size(); ++I)
    Direct = !rangeContains(SM, statementRange(Body->body_begin()[I], L.Ctx), C->Dir.Loc);
  if (!Direct) {
    L.Diags.error(C->Dir.NameLoc, std::string(Misplaced) + ", directly in the loop's body");
    return false;
  }
  if (scanOf(Loop) != C) {
    L.Diags.error(C->Dir.NameLoc, "the loop's body has more than one '#pragma omp scan'");
    return false;
  }
  if (C->Dir.Clauses.size() != 1) {
    L.Diags.error(C->Dir.Clauses.empty() ? C->Dir.NameLoc : C->Dir.Clauses[1].Loc,
                  "expected one 'inclusive' or 'exclusive' clause");
    return false;
  }
  for (const ClauseVar &CV : C->Vars)
    if (!Loop->has(CV.Var, ClauseKind::Reduction)) {
      L.Diags.error(CV.Loc, "'" + CV.Var->getName().str() + "' specified in '" +
                                clauseSpelling(CV.Kind) + "' clause but not in 'inscan' "
                                "'reduction' clause on the containing construct");
      return false;
    }
  return true;
}

/// The pass that runs the statements before the scan directive: the input phase (0) of an
/// inclusive scan, the scan phase (1) of an exclusive one.
const char *firstPass(const Construct *Scan) {
  return Scan->Dir.has(ClauseKind::Inclusive) ? "0" : "1";
}

} // namespace

bool checkScan(LoweringContext &L, const Construct *C) {
  if (C->Dir.Kind == DirectiveKind::Scan)
    return checkScanDirective(L, C);
  return !C->Dir.hasInscanReduction() || checkInscanLoop(L, C);
}

Lowered lowerScanDirective(LoweringContext &L, const Construct *C) {
  const std::string Suffix = L.uniqueSuffix(C->Parent);
  return "if (__o2n_scan_pass_" + Suffix + " == " + firstPass(C) + ") goto __o2n_scan_end_" +
         Suffix + "; __o2n_scan_second_" + Suffix + ": ;";
}

std::optional<ScanPasses> scanPasses(LoweringContext &L, const Construct *C, bool Serial) {
  const std::string Suffix = L.uniqueSuffix(C);
  const std::string Pass = "__o2n_scan_pass_" + Suffix;
  const Construct *ScanDirective = scanOf(C);
  const bool Inclusive = ScanDirective->Dir.has(ClauseKind::Inclusive);
  ScanPasses P;
  std::string Reset, Totals, Targets, Input, Scan, Close;
  for (const ClauseVar &CV : C->Vars) {
    if (!isInscanItem(C, CV))
      continue;
    const std::string Name = CV.Var->getName().str();
    const QualType T = CV.Var->getType().getUnqualifiedType();
    if (!L.checkFileScopeType(T, CV.Loc, "reduction variable '" + Name + "'"))
      return std::nullopt;
    const std::string Type = L.Types.declare(T, ""), Running = "__o2n_scan_" + Name,
                      Total = "__o2n_scantotal_" + Name, Buf = "__o2n_scanbuf_" + Name,
                      Kept = Buf + "[__o2n_k - __o2n_lo]";
    // As in gcc, the values the scan phase sees start from the original's (ReductionLowering's
    // pointer to it), which nobody changes before the reduction at the end.
    const std::string Original = "*__o2n_tgt." + Name;
    // One report if no reduction applies: once the first is found, the others are the same.
    Lowered InitRunning = reductionInitialiser(L, C, CV, Running, Original, true);
    if (!InitRunning)
      return std::nullopt;
    Lowered InitTotal = reductionInitialiser(L, C, CV, Total, Original, true);
    Lowered InitItem = reductionInitialiser(L, C, CV, Name, Original, false);
    Lowered ScanItem = reductionCombiner(L, C, CV, Name, Kept);
    Lowered InputItem = reductionCombiner(L, C, CV, Running, Name);
    P.Before += "  " + *InitRunning + "\n  " + *InitTotal + "\n";
    P.Open += "  " + L.Types.declare(L.Ctx.getPointerType(T).withConst(), Buf) + " = (" + Type +
              " *)__omp2numa_scan_buffer(__o2n_hi - __o2n_lo, sizeof(" + Type + "));\n";
    Reset += "      " + Total + " = " + Running + ";\n      " + Running + " = " + Original + ";\n";
    Totals += (Totals.empty() ? "." : ", .") + Name + " = " + Total;
    Targets += (Targets.empty() ? "." : ", .") + Name + " = &" + Running;
    P.IterationOpen += "        " + *InitItem + "\n";
    Scan += "        " + Name + " = " + Running + ";\n        " + *ScanItem + "\n";
    const std::string Combine = "        " + *InputItem + "\n",
                      Keep = "        " + Kept + " = " + Running + ";\n";
    Input += Inclusive ? Combine + Keep : Keep + Combine;
    Close += "  " + Name + " = " + Total + ";\n  __omp2numa_scan_buffer_free(" + Buf + ");\n";
  }
  if (!Serial)
    Reset += "      __omp2numa_scan_prefix(&(struct __o2n_red_" + Suffix + "){" + Totals +
             "}, __o2n_combine_" + Suffix + ", &(struct __o2n_redtgt_" + Suffix + "){" + Targets +
             "});\n";
  P.Open += "  for (int " + Pass + " = 0; " + Pass + " < 2; ++" + Pass + ") {\n    if (" + Pass +
            " == 1) {\n" + Reset + "    }\n";
  P.IterationOpen = "      if (" + Pass + " == 0) {\n" + P.IterationOpen + "      } else {\n" +
                    Scan + "      }\n      if (" + Pass + " != " + firstPass(ScanDirective) +
                    ")\n        goto __o2n_scan_second_" + Suffix + ";\n";
  P.IterationClose = "\n      __o2n_scan_end_" + Suffix + ":\n      if (" + Pass + " == 0) {\n" +
                     Input + "      }";
  P.Close = "  }\n" + Close;
  return P;
}

} // namespace omp2numa
