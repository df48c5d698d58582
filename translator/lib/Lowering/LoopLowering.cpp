//===- LoopLowering.cpp - Worksharing loops -------------------------------===//
//
// A loop in canonical form is normalised to a trip count n and logical iterations k in [0, n);
// the runtime hands out chunks [lo, hi) and the emitted code maps k back to the user's index:
//
//   { static struct __omp2numa_loop_site __o2n_loop = {...};
//     const int __o2n_lb = (0), __o2n_ub = (n);  const uint64_t __o2n_step = 1, __o2n_n = ...;
//     <reduction targets, private copies>
//     if (__omp2numa_loop_start(&__o2n_loop, __o2n_n, chunk, map, &__o2n_lo, &__o2n_hi)) do {
//       for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {
//         int i = (int)((uint64_t)__o2n_lb + __o2n_k * __o2n_step);
//         <body> } } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
//     <combine reductions>  __omp2numa_loop_end(); }
//
// All index arithmetic is done in uint64_t, where wrap-around is defined: the difference of two
// values of a type of at most 64 bits is exact modulo 2^64, so the trip count never overflows.
//
//===----------------------------------------------------------------------===//
#include "Lowering.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>

using namespace clang;

namespace omp2numa {

static const char *scheduleKindName(const Directive &D) {
  const Clause *C = D.find(ClauseKind::Schedule);
  if (!C)
    return "__OMP2NUMA_SCHED_DEFAULT";
  switch (C->Schedule) {
  case ScheduleKind::Static: return "__OMP2NUMA_SCHED_STATIC";
  case ScheduleKind::Dynamic: return "__OMP2NUMA_SCHED_DYNAMIC";
  case ScheduleKind::Guided: return "__OMP2NUMA_SCHED_GUIDED";
  case ScheduleKind::Auto: return "__OMP2NUMA_SCHED_AUTO";
  case ScheduleKind::Runtime: return "__OMP2NUMA_SCHED_RUNTIME";
  case ScheduleKind::Adaptive: return "__OMP2NUMA_SCHED_ADAPTIVE";
  case ScheduleKind::Fac2: return "__OMP2NUMA_SCHED_FAC2";
  case ScheduleKind::Tss: return "__OMP2NUMA_SCHED_TSS";
  case ScheduleKind::Wf2: return "__OMP2NUMA_SCHED_WF2";
  case ScheduleKind::Rand: return "__OMP2NUMA_SCHED_RAND";
  case ScheduleKind::Genblock: return "__OMP2NUMA_SCHED_GENBLOCK";
  case ScheduleKind::Indirect: return "__OMP2NUMA_SCHED_INDIRECT";
  }
  return "__OMP2NUMA_SCHED_DEFAULT";
}

static std::string loopFlags(const Directive &D, bool Nowait) {
  std::vector<std::string> Flags;
  if (const Clause *C = D.find(ClauseKind::Schedule)) {
    if (!C->Expr.Tokens.empty())
      Flags.push_back("__OMP2NUMA_LOOP_CHUNK");
    if (C->Modifier == ScheduleModifier::Monotonic)
      Flags.push_back("__OMP2NUMA_LOOP_MONOTONIC");
    if (C->Modifier == ScheduleModifier::Nonmonotonic)
      Flags.push_back("__OMP2NUMA_LOOP_NONMONOTONIC");
  }
  if (Nowait && D.has(ClauseKind::Nowait))
    Flags.push_back("__OMP2NUMA_LOOP_NOWAIT");
  std::string S;
  for (const std::string &F : Flags)
    S += (S.empty() ? "" : " | ") + F;
  return S.empty() ? "0" : S;
}

/// Whether E refers to any of Vars.
static bool mentions(const Expr *E, const std::vector<const VarDecl *> &Vars) {
  if (!E)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (std::find(Vars.begin(), Vars.end(), Ref->getDecl()) != Vars.end())
      return true;
  for (const Stmt *Child : E->children())
    if (mentions(dyn_cast_or_null<Expr>(Child), Vars))
      return true;
  return false;
}

std::string Lowering::lowerLoop(const Construct *C, bool Nowait) {
  const std::string Directive = std::string("'#pragma omp ") + directiveSpelling(C->Dir.Kind) + "'";
  const unsigned Depth = C->Dir.collapse();
  std::optional<LoopForm> Outer = analyzeLoop(C->Body, Directive, Ctx, Diags);
  if (!Outer)
    return "";
  std::vector<const ForStmt *> Fors = loopNest(Outer->For, Depth);
  if (Fors.size() < Depth) {
    Diags.error(C->Dir.find(ClauseKind::Collapse)->Loc,
                "collapse(" + std::to_string(Depth) + ") needs " + std::to_string(Depth) +
                    " perfectly nested loops, but the nest has " + std::to_string(Fors.size()));
    return "";
  }
  std::vector<LoopForm> Nest{*Outer};
  std::vector<const VarDecl *> OuterVars{Outer->Var};
  for (unsigned J = 1; J < Depth; ++J) {
    std::optional<LoopForm> L = analyzeLoop(Fors[J], Directive, Ctx, Diags);
    if (!L)
      return "";
    if (mentions(L->Lower, OuterVars) || mentions(L->Upper, OuterVars) ||
        mentions(L->Step, OuterVars)) {
      Diags.error(Fors[J]->getBeginLoc(), "collapsed loops must be rectangular: the bounds and "
                                          "step of this loop depend on an outer loop's variable");
      return "";
    }
    OuterVars.push_back(L->Var);
    Nest.push_back(*L);
  }

  // affinity(name) keys its map by the loop variable's value: one integer variable.
  if (const Clause *Affinity = C->Dir.find(ClauseKind::Affinity)) {
    if (Depth > 1) {
      Diags.error(Affinity->Loc, "'affinity' cannot be combined with 'collapse(" +
                                     std::to_string(Depth) + ")': its map is keyed by one loop "
                                     "variable's value");
      return "";
    }
    if (Outer->IsPointer) {
      Diags.error(Affinity->Loc, "'affinity' needs an integer loop variable: its map is keyed "
                                 "by the variable's value, and '" +
                                     Outer->Var->getName().str() + "' is a pointer");
      return "";
    }
  }
  const std::string Suffix = uniqueSuffix(C);
  const bool Ordered = C->Dir.has(ClauseKind::Ordered);
  auto bound = [&](const Expr *E) { return "(" + sourceText(E, false) + ")"; };
  auto name = [&](const char *Base, unsigned J) {
    return std::string(Base) + (Depth > 1 ? "_" + std::to_string(J) : "");
  };

  std::string S = "{\n";
  if (!DataSharing::isOutlined(C)) // a combined construct does this at its call
    S += keepOriginals(C);
  std::string Flags = loopFlags(C->Dir, Nowait);
  if (Ordered)
    Flags = (Flags == "0" ? "" : Flags + " | ") + "__OMP2NUMA_LOOP_ORDERED";
  const Clause *Affinity = C->Dir.find(ClauseKind::Affinity);
  S += "  static struct __omp2numa_loop_site __o2n_loop = {" + Out.fileLiteral(C->Dir.Loc) + ", " +
       std::to_string(Out.line(C->Dir.Loc)) + ", " + scheduleKindName(C->Dir) + ", " + Flags +
       ", " + (Affinity ? "\"" + Affinity->Name + "\"" : std::string("0")) + ", 0};\n";

  // Per loop of the nest: bounds, step magnitude and trip count.
  std::string Total;
  for (unsigned J = 0; J < Depth; ++J) {
    const LoopForm &L = Nest[J];
    const QualType T = L.Var->getType().getUnqualifiedType();
    const std::string Lb = name("__o2n_lb", J), Ub = name("__o2n_ub", J),
                      Step = name("__o2n_step", J), N = name("__o2n_n", J);
    S += "  " + declare(T.withConst(), Lb) + " = " + bound(L.Lower) + ";\n";
    S += "  " + declare(T.withConst(), Ub) + " = " + bound(L.Upper) + ";\n";
    // The step's magnitude: a step that points against the loop's direction is negated.
    std::string Magnitude = "1";
    if (L.Step) {
      std::string Raw = "(uint64_t)" + bound(L.Step);
      Magnitude = (L.Increasing != L.StepSubtracts) ? Raw : "(uint64_t)0 - " + Raw;
    }
    S += "  const uint64_t " + Step + " = " + Magnitude + ";\n";
    // Distance from the first to the last value, in the loop's direction.
    std::string Distance =
        L.IsPointer ? (L.Increasing ? "(uint64_t)(" + Ub + " - " + Lb + ")"
                                    : "(uint64_t)(" + Lb + " - " + Ub + ")")
                    : (L.Increasing ? "((uint64_t)" + Ub + " - (uint64_t)" + Lb + ")"
                                    : "((uint64_t)" + Lb + " - (uint64_t)" + Ub + ")");
    const char *Cmp = L.Increasing ? (L.inclusive() ? "<=" : "<") : (L.inclusive() ? ">=" : ">");
    S += "  const uint64_t " + N + " = (" + Lb + " " + Cmp + " " + Ub + ") ? (" + Distance +
         (L.inclusive() ? "" : " - 1") + ") / " + Step + " + 1 : 0;\n";
    Total += (Total.empty() ? "" : " * ") + N;
  }
  if (Depth > 1)
    S += "  const uint64_t __o2n_n = " + Total + ";\n";

  const Clause *Sched = C->Dir.find(ClauseKind::Schedule);
  std::string Chunk = Sched && !Sched->Expr.Tokens.empty()
                          ? "(int64_t)" + exprText(C, C, Sched->Expr, /*InLoopHeader=*/true)
                          : "0";
  std::string Map = C->ScheduleMap ? "(const void *)" + Sharing.spell(C->ScheduleMap, C, true)
                                   : "(const void *)0";
  S += "  const int64_t __o2n_chunk = " + Chunk + ";\n";
  S += "  uint64_t __o2n_lo, __o2n_hi;\n";

  PrivateCode Priv;
  ReductionCode Red;
  if (!worksharingData(C, Suffix, Priv, Red))
    return "";

  // Loop variables declared before the loop are private to it: declared here, and with
  // lastprivate given the value they have after the sequential loop.
  std::string LoopVarDecls, LoopVarCopyBack;
  for (unsigned J = 0; J < Depth; ++J) {
    const LoopForm &L = Nest[J];
    if (L.DeclaredInInit)
      continue;
    const std::string Var = L.Var->getName().str();
    const QualType T = L.Var->getType().getUnqualifiedType();
    if (C->has(L.Var, ClauseKind::Lastprivate)) {
      Priv.Before += "  " + declare(Ctx.getPointerType(T).withConst(), "__o2n_last_" + Var) +
                     " = " + Sharing.originalAddress(C, L.Var) + ";\n";
      LoopVarCopyBack += "    *__o2n_last_" + Var + " = " +
                         (L.IsPointer ? name("__o2n_lb", J) + (L.Increasing ? " + " : " - ") +
                                            "(ptrdiff_t)(" + name("__o2n_n", J) + " * " +
                                            name("__o2n_step", J) + ")"
                                      : "(" + declare(T, "") + ")((uint64_t)" +
                                            name("__o2n_lb", J) + (L.Increasing ? " + " : " - ") +
                                            name("__o2n_n", J) + " * " + name("__o2n_step", J) +
                                            ")") +
                         ";\n";
    }
    LoopVarDecls += "  " + declare(T, Var) + ";\n";
  }
  const std::string CopyBack = Priv.CopyBack + LoopVarCopyBack;
  S += Priv.Before + Red.Targets + Priv.Copies + LoopVarDecls + Red.Privates;
  if (!CopyBack.empty())
    S += "  int __o2n_last = 0;\n";
  // An iteration that ran no ordered region still takes its turn, so later ones do not wait;
  // in the increment, so that continue does it too.
  std::string Increment = Ordered ? "__omp2numa_ordered_iteration_end(), ++__o2n_k" : "++__o2n_k";
  // affinity(name): the runtime keys its map by the loop variable's value, lb + k * step.
  std::string Start = "__omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, " + Map;
  if (Affinity)
    Start = "__omp2numa_loop_start_affinity(&__o2n_loop, __o2n_n, __o2n_chunk, " + Map +
            ", (int64_t)__o2n_lb, " + (Nest[0].Increasing ? "" : "-") + "(int64_t)__o2n_step";
  S += "  if (" + Start + ", &__o2n_lo, &__o2n_hi)) do {\n";
  S += "    for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; " + Increment + ") {\n";
  // Logical iteration -> each loop's value, innermost varying fastest.
  std::string Rest = "__o2n_k";
  if (Depth > 1)
    S += "      uint64_t __o2n_rest = __o2n_k;\n";
  for (unsigned J = Depth; J-- > 0;) {
    const LoopForm &L = Nest[J];
    const std::string Var = L.Var->getName().str();
    const QualType T = L.Var->getType().getUnqualifiedType();
    std::string K = Depth == 1 ? "__o2n_k"
                    : J == 0   ? "__o2n_rest"
                               : "(__o2n_rest % " + name("__o2n_n", J) + ")";
    std::string Offset = K + " * " + name("__o2n_step", J);
    std::string Value =
        L.IsPointer ? name("__o2n_lb", J) + (L.Increasing ? " + " : " - ") + "(ptrdiff_t)(" +
                          Offset + ")"
                    : "(" + declare(T, "") + ")((uint64_t)" + name("__o2n_lb", J) +
                          (L.Increasing ? " + " : " - ") + Offset + ")";
    S += "      " + (L.DeclaredInInit ? declare(T, Var) : Var) + " = " + Value + ";\n";
    S += "      (void)" + Var + ";\n";
    if (Depth > 1 && J > 0)
      S += "      __o2n_rest /= " + name("__o2n_n", J) + ";\n";
  }
  // The body from the end of the loop header, so that preprocessor lines before it come along.
  const Stmt *Body = Fors.back()->getBody();
  SourceLocation AfterHeader = Lexer::getLocForEndOfToken(
      Ctx.getSourceManager().getExpansionLoc(Fors.back()->getRParenLoc()), 0,
      Ctx.getSourceManager(), Ctx.getLangOpts());
  CharSourceRange BodyRange =
      CharSourceRange::getCharRange(AfterHeader, statementRange(Body, Ctx).getEnd());
  if (!checkConditionalsNest(C, BodyRange))
    return "";
  S += Out.lineMarker(AfterHeader) + Out.text(BodyRange) + "\n";
  S += "    }\n";
  if (!CopyBack.empty())
    S += "    __o2n_last |= __o2n_hi == __o2n_n;\n";
  S += "  } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));\n";
  if (!CopyBack.empty())
    S += "  if (__o2n_last) {\n" + CopyBack + "  }\n";
  S += Red.Combine;
  S += std::string("  __omp2numa_loop_end") + (Nowait ? "_nowait" : "") + "();\n}";
  return S;
}

} // namespace omp2numa
