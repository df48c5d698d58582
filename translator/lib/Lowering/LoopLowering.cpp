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
//     <combine reductions>  __omp2numa_loop_end(); }   (_nowait after reductions: the combine
//                                                     holds the loop's barrier)
//
// All index arithmetic is done in uint64_t, where wrap-around is defined: the difference of two
// values of a type of at most 64 bits is exact modulo 2^64, so the trip count never overflows.
//
// ordered(n) (a doacross nest of n loops, collapse(c) of them distributed): the loops beyond the
// c collapsed ones stay in the body as written, and run sequentially in each logical iteration.
// `uint64_t __o2n_iv[n]` holds the collapsed loops' logical indices, and depend(source) and
// depend(sink: ...) compute the others' from their variables (DoacrossLowering.cpp); the runtime
// gets the n trip counts, evaluated before the loop like the collapsed loops' bounds.
//
//===----------------------------------------------------------------------===//
#include "LoopLowering.h"
#include "AllocateLowering.h"
#include "../LoopForm.h"
#include "CancelLowering.h"
#include "PrivateCopies.h"
#include "ScanLowering.h"
#include "SimdLowering.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>

using namespace clang;

namespace omp2numa {

namespace {

/// The references to Vars under E, in order.
std::vector<const DeclRefExpr *> refsTo(const Expr *E, const std::vector<const VarDecl *> &Vars) {
  std::vector<const DeclRefExpr *> Refs;
  for (const DeclRefExpr *Ref : varRefsIn(E))
    if (llvm::is_contained(Vars, Ref->getDecl()))
      Refs.push_back(Ref);
  return Refs;
}

/// The first reference to one of Vars under E, if any.
const DeclRefExpr *mentions(const Expr *E, const std::vector<const VarDecl *> &Vars) {
  const std::vector<const DeclRefExpr *> Refs = refsTo(E, Vars);
  return Refs.empty() ? nullptr : Refs.front();
}

/// Whether E is affine in the outer loop variables Vars, with the forms OpenMP 5.0 allows for
/// the bounds of a non-rectangular loop: `a1 * var-outer + a2` and the like, a1 and a2 invariant
/// (the caller checks that only one variable is referenced, once).
bool affine(const Expr *E, const std::vector<const VarDecl *> &Vars) {
  E = E->IgnoreParenImpCasts();
  if (!mentions(E, Vars) || isa<DeclRefExpr>(E))
    return true;
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return false;
  const Expr *Lhs = BO->getLHS(), *Rhs = BO->getRHS();
  switch (BO->getOpcode()) {
  case BO_Add:
  case BO_Sub:
    return mentions(Lhs, Vars) ? affine(Lhs, Vars) : affine(Rhs, Vars);
  case BO_Mul:
    return isa<DeclRefExpr>((mentions(Lhs, Vars) ? Lhs : Rhs)->IgnoreParenImpCasts());
  default:
    return false;
  }
}

/// E without the implicit integer conversions around it: a bound as computed, before its
/// conversion to the loop variable's type.
const Expr *withoutConversions(const Expr *E) {
  E = E->IgnoreParens();
  while (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    if (Cast->getCastKind() != CK_IntegralCast)
      break;
    E = Cast->getSubExpr()->IgnoreParens();
  }
  return E;
}

/// A bound of an inner loop of a taskloop's non-rectangular nest, `a1 * var + a2`, as values
/// computed where the taskloop is and carried by its tasks: A2, the bound at var = 0, and A1, its
/// change when var grows by 1 (as uint64_t: exact modulo 2^64).  Var null: the bound does not use
/// an outer loop variable, and A2 is its value.
struct Coefficients {
  unsigned Loop; ///< the loop of the nest whose bound this is
  const VarDecl *Var;
  QualType Type; ///< the bound's own type, before its conversion to the loop variable's
  std::string Text, A1, A2;
};

/// One loop of the nest, with the text of its bounds and step.
struct NestLoop {
  LoopForm Form;
  std::string Lower, Upper, Step; ///< parenthesised source text; Step empty for ++/--
};

/// The lowering of one loop construct: first the nest is analysed (plan), then the text emitted.
class LoopLowering {
public:
  LoopLowering(LoweringContext &L, const Construct *C, bool Nowait)
      : L(L), C(C), Nowait(Nowait), Depth(C->Dir.associatedLoops()),
        Collapsed(C->Dir.collapse()), Serial(!C->Dir.isWorksharing()),
        InTasks(C->Dir.isTaskloop()),
        Distributes(C->Dir.isDistribute() && !C->Dir.isOutlined()),
        TeamBlock(C->Dir.isDistribute() && C->Dir.isOutlined()) {}

  Lowered run() {
    if (!analyzeNest() || !checkAffinity() || !checkSimdClauses(L, C))
      return std::nullopt;
    L.uniqueSuffix(C); // reserved before the nested names, which share the line
    std::string S = "{\n";
    if (!C->Dir.isOutlined()) // a combined construct does this at its call
      S += L.keepOriginals(C);
    if (TeamBlock && !checkTeamBlock())
      return std::nullopt;
    S += Serial        ? tripCounts() + "  const uint64_t __o2n_lo = 0, __o2n_hi = __o2n_n;\n"
         : Distributes ? tripCounts() + chunkArguments(ClauseKind::DistSchedule)
                       : site() + tripCounts() + teamBlockArguments() +
                             chunkArguments(ClauseKind::Schedule) + doacrossArguments();
    std::optional<WorksharingData> Data = Serial ? serialData() : worksharingData(L, C);
    Lowered Body = Data ? bodyText() : std::nullopt;
    std::optional<LinearCode> Linear = Body ? linearCode(L, C, declaredBefore()) : std::nullopt;
    if (!Linear)
      return std::nullopt;
    PrivateCode &Priv = Data->Private;
    const ReductionCode &Red = Data->Reductions;
    const Lowered LoopVars = loopVariablePrivates(Priv);
    if (!LoopVars)
      return std::nullopt;
    // The walk of a non-rectangular nest carries state from one iteration to the next.
    const SimdHint Hint = NonRect ? SimdHint() : simdHint(L, C, declaredBefore());
    // Every thread reads a linear variable's start value before the last iteration's thread
    // writes it back (as for firstprivate with lastprivate).
    Priv.BarrierAfterCopies |= !Serial && !Linear->CopyBack.empty();
    S += Priv.Before + Linear->Before + Red.Targets +
         L.withoutShadowWarnings(Linear->Copies + Priv.copiesAndBarrier() + *LoopVars +
                                 Red.Privates);
    const std::string CopyBack = Priv.CopyBack + Linear->CopyBack;
    const std::string Combine = Red.Combine + Priv.Frees;
    IterationEnd = Red.IterationEnd;
    Reduces = Red.ReplacesBarrier;
    if (C->Dir.hasInscanReduction())
      return scanLoop(S, *Body, Linear->PerIteration, CopyBack, Combine);
    // OpenMP's simd loop takes no second increment (gcc's -fopenmp-simd: "invalid increment").
    Stepped = Hint.Open.empty() && Collapsed == 1 && !NonRect && !C->Dir.doacross() &&
              !Nest[0].Form.IsPointer;
    if (Serial) {
      S += steppedStart() + Hint.Open + "  for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; " +
           increment() + steppedIncrement() +
           ") {\n";
      S += indexMapping() + Linear->PerIteration + *Body + "\n  }\n" + Hint.Close;
      S += copyBackAfterLastChunk(CopyBack, "__o2n_n") + LoopVarsFinal;
      return S + Combine + "}";
    }
    std::string Chunks = "  if (" + startCall() + ", &__o2n_lo, &__o2n_hi)) do {\n";
    if (TeamBlock) // the chunk of the team's block, in the whole loop's logical iterations
      Chunks += "    __o2n_lo += __o2n_dlo;\n    __o2n_hi += __o2n_dlo;\n";
    Chunks += steppedStart() + Hint.Open +
              "    for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; " + increment() +
              steppedIncrement() + ") {\n";
    Chunks += indexMapping() + Linear->PerIteration + *Body + "\n    }\n" + Hint.Close;
    Chunks += copyBackAfterLastChunk(CopyBack, "__o2n_n");
    Chunks += std::string("  } while (") +
              (Distributes ? "__omp2numa_distribute_next" : "__omp2numa_loop_next") +
              "(&__o2n_lo, &__o2n_hi));\n";
    if (TeamBlock)
      return S + teamBlocks(Chunks) + Combine + "}";
    // A distribute loop ends without a barrier, and has no reductions.
    return S + Chunks + (Distributes ? Combine : loopEnd(L, C, Combine, Reduces, Nowait)) + "}";
  }

  /// The forms of the nest's loops (errors reported when the nest is not canonical).
  std::optional<std::vector<LoopForm>> forms() {
    if (!analyzeNest())
      return std::nullopt;
    std::vector<LoopForm> Forms;
    for (const NestLoop &N : Nest)
      Forms.push_back(N.Form);
    return Forms;
  }

  std::optional<TaskloopNest> taskloop(const std::string &PerIteration) {
    if (!analyzeNest() || (NonRect && !takeCoefficients()))
      return std::nullopt;
    L.uniqueSuffix(C);
    TaskloopNest T;
    T.Header = tripCounts();
    auto carry = [&T](const std::string &Member, const std::string &Local,
                      const std::string &Name) { T.Carried.push_back({Member, Local, Name}); };
    for (unsigned J = 0; J < Depth; ++J) {
      const QualType Var = Nest[J].Form.Var->getType().getUnqualifiedType();
      const std::string Lb = name("__o2n_lb", J), Step = name("__o2n_step", J);
      carry(L.Types.declare(Var, Lb), L.Types.declare(Var.withConst(), Lb), Lb);
      carry("uint64_t " + Step, "const uint64_t " + Step, Step);
      if (Depth > 1)
        carry("uint64_t " + name("__o2n_n", J), "const uint64_t " + name("__o2n_n", J),
              name("__o2n_n", J));
    }
    carry("uint64_t __o2n_n", "const uint64_t __o2n_n", "__o2n_n");
    for (const Coefficients &Co : RowBounds) {
      carry(L.Types.declare(Co.Type, Co.A2), L.Types.declare(Co.Type.withConst(), Co.A2), Co.A2);
      if (Co.Var)
        carry("uint64_t " + Co.A1, "const uint64_t " + Co.A1, Co.A1);
    }
    for (unsigned J = 0; J < Depth; ++J) {
      const LoopForm &F = Nest[J].Form;
      if (F.DeclaredInInit)
        continue;
      const std::string Var = F.Var->getName().str();
      // Named in private(...), the task's private copy (the Outliner's) is the loop variable.
      if (!C->has(F.Var, ClauseKind::Private))
        T.Locals += "  " + L.Types.declare(F.Var->getType().getUnqualifiedType(), Var) + ";\n";
      if (C->has(F.Var, ClauseKind::Lastprivate) || C->has(F.Var, ClauseKind::Linear))
        T.LastValues += "    *__o2n_ctx->" + Var + " = " + valueAt(J, name("__o2n_n", J)) + ";\n";
    }
    Lowered Body = bodyText();
    if (!Body)
      return std::nullopt;
    T.Loop = (NonRect ? walkerState() : "") +
             "  for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {\n" +
             indexMapping() + PerIteration + *Body + "\n  }\n";
    return T;
  }

private:
  LoweringContext &L;
  const Construct *C;
  const bool Nowait;
  /// The loops associated with the construct; the first Collapsed of them are distributed, the
  /// others (ordered(n) beyond collapse) run sequentially in each logical iteration.
  const unsigned Depth;
  const unsigned Collapsed;
  /// A simd loop alone: the encountering thread runs every iteration, without the runtime.
  const bool Serial;
  /// A taskloop: the count is computed where the construct is, and each task maps its own range
  /// of logical iterations back.  A non-rectangular nest's inner bounds are evaluated there only,
  /// as gcc does: as coefficients (coefficientValues) from which the count and the tasks' walks
  /// rebuild each row's bounds (boundInRow).
  const bool InTasks;
  /// A distribute loop (or distribute simd): the team's initial thread runs the team's share,
  /// which __omp2numa_distribute_start and _next hand out.
  const bool Distributes;
  /// distribute parallel for [simd]: the team's threads share each of the team's blocks of the
  /// logical iterations, [__o2n_dlo, __o2n_dhi), as a loop of its own (teamBlocks).
  const bool TeamBlock;
  /// Whether an inner loop's bounds depend on an outer loop's variable: the iterations are
  /// counted by a pass over the outer loops, and each thread walks the nest (tripCounts).
  bool NonRect = false;
  /// Whether the loop variable is stepped with the logical iteration (steppedStart).
  bool Stepped = false;
  /// A taskloop's non-rectangular nest: its inner loops' bounds (takeCoefficients).
  std::vector<Coefficients> RowBounds;
  /// Serial: the values the sequential loop leaves in loop variables declared before it, set
  /// even when the loop runs no iteration (its init does).
  std::string LoopVarsFinal;
  /// What ends every logical iteration besides the increment (ReductionCode::IterationEnd).
  std::string IterationEnd;
  /// Whether the loop's reductions stand for its barrier (ReductionCode::ReplacesBarrier).
  bool Reduces = false;

  /// A loop with inscan reductions: the thread's one block (none if the loop has fewer
  /// iterations than the team threads), run twice (ScanLowering.h); no simd hint, since the first
  /// pass carries a running value from iteration to iteration.
  Lowered scanLoop(std::string S, const std::string &Body, const std::string &PerIteration,
                   const std::string &CopyBack, const std::string &Combine) {
    std::optional<ScanPasses> Scan = scanPasses(L, C, Serial);
    if (!Scan)
      return std::nullopt;
    S += Scan->Before;
    if (!Serial)
      S += "  if (!" + startCall() + ", &__o2n_lo, &__o2n_hi))\n    __o2n_lo = __o2n_hi = 0;\n";
    S += Scan->Open + "    for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; " + increment() +
         ") {\n";
    S += indexMapping() + PerIteration + Scan->IterationOpen + Body + Scan->IterationClose +
         "\n    }\n" + Scan->Close + copyBackAfterLastChunk(CopyBack, "__o2n_n") + LoopVarsFinal;
    return S + (Serial ? Combine : loopEnd(L, C, Combine, Reduces, Nowait)) + "}";
  }

  /// The data environment of a serial loop: the private copies, and reductions into the
  /// originals.
  std::optional<WorksharingData> serialData() {
    std::optional<PrivateCode> Private = privateCopies(L, C);
    std::optional<ReductionCode> Red =
        Private ? lowerReductions(L, C, PrivateLevel::Loop, /*Serial=*/true) : std::nullopt;
    if (!Red)
      return std::nullopt;
    if (!Red->Definitions.empty())
      L.insertBeforeFunction(C, Red->Definitions);
    return WorksharingData{std::move(*Private), std::move(*Red)};
  }

  /// The loop variables of the nest declared before the loop (not in its init).
  std::vector<const VarDecl *> declaredBefore() const {
    std::vector<const VarDecl *> Vars;
    for (const NestLoop &N : Nest)
      if (!N.Form.DeclaredInInit)
        Vars.push_back(N.Form.Var);
    return Vars;
  }
  std::vector<NestLoop> Nest;
  std::vector<const ForStmt *> Fors;

  std::string name(const char *Base, unsigned J) const { return loopNestName(Base, J, Depth); }

  /// The clause that makes the nest deeper than one loop, as written for messages.
  const Clause *nestClause() const {
    return C->Dir.find(Depth > Collapsed ? ClauseKind::Ordered : ClauseKind::Collapse);
  }
  std::string nestName() const {
    return std::string(Depth > Collapsed ? "ordered(" : "collapse(") + std::to_string(Depth) +
           ")";
  }

  bool analyzeNest() {
    const std::string Directive = C->Dir.quotedName();
    std::optional<LoopForm> Outer = analyzeLoop(C->Body, Directive, L.Ctx, L.Diags);
    if (!Outer)
      return false;
    Fors = loopNest(Outer->For, Depth);
    if (Fors.size() < Depth) {
      L.Diags.error(nestClause()->Loc, nestName() + " needs " + std::to_string(Depth) +
                                           " perfectly nested loops, but the nest has " +
                                           std::to_string(Fors.size()));
      return false;
    }
    if (Depth > 1 && !checkPerfectNest())
      return false;
    std::vector<const VarDecl *> OuterVars;
    for (unsigned J = 0; J < Depth; ++J) {
      std::optional<LoopForm> F = J == 0 ? Outer : analyzeLoop(Fors[J], Directive, L.Ctx, L.Diags);
      if (!F || !checkDistinctVariable(*F, OuterVars, Fors[J]))
        return false;
      if (J >= Collapsed && (mentions(F->Lower, OuterVars) || mentions(F->Upper, OuterVars) ||
                             mentions(F->Step, OuterVars))) {
        L.Diags.error(Fors[J]->getBeginLoc(),
                      "the loops of an " + nestName() + " nest must be rectangular: the bounds and "
                      "step of this loop depend on an outer loop's variable");
        return false;
      }
      if (J < Collapsed && !checkOuterDependence(*F, OuterVars))
        return false;
      OuterVars.push_back(F->Var);
      if (!addLoop(*F))
        return false;
    }
    if (NonRect && C->Dir.doacross()) {
      L.Diags.error(C->Dir.find(ClauseKind::Ordered)->Loc,
                    "the collapsed loops of a doacross loop must be rectangular: the bounds of "
                    "an inner loop depend on an outer loop's variable");
      return false;
    }
    return !NonRect || InTasks || checkInnerBoundsShared(OuterVars);
  }

  /// A taskloop's non-rectangular nest: the coefficients of its inner loops' bounds (RowBounds,
  /// lower then upper bound of loops 1, 2, ...), or nothing after reporting a bound they cannot
  /// describe: an outer pointer variable, which has no value 0, or a bound that is not an
  /// integer or a pointer.
  bool takeCoefficients() {
    std::vector<const VarDecl *> OuterVars{Nest[0].Form.Var};
    for (unsigned J = 1; J < Depth; ++J) {
      for (const bool Upper : {false, true}) {
        const Expr *Bound = Upper ? Nest[J].Form.Upper : Nest[J].Form.Lower;
        const DeclRefExpr *Ref = mentions(Bound, OuterVars);
        const std::string Side = Upper ? "u" : "l";
        Coefficients Co{J, Ref ? cast<VarDecl>(Ref->getDecl()) : nullptr,
                        (Ref ? withoutConversions(Bound) : Bound)->getType().getUnqualifiedType(),
                        Upper ? Nest[J].Upper : Nest[J].Lower,
                        loopNestName("__o2n_a1" + Side, J, Depth),
                        loopNestName("__o2n_a2" + Side, J, Depth)};
        if (Co.Var && Co.Var->getType()->isPointerType()) {
          L.Diags.error(Ref->getLocation(), "the bounds of a non-rectangular nest of " +
                                                C->Dir.quotedName() + " cannot use the pointer "
                                                "loop variable '" + Co.Var->getName().str() +
                                                "' (not supported yet)");
          return false;
        }
        if (Co.Var && !Co.Type->isIntegerType() && !Co.Type->isPointerType()) {
          L.Diags.error(Bound->getBeginLoc(), "a bound of a non-rectangular nest of " +
                                                  C->Dir.quotedName() + " must be an integer or "
                                                  "a pointer (not supported yet)");
          return false;
        }
        RowBounds.push_back(std::move(Co));
      }
      OuterVars.push_back(Nest[J].Form.Var);
    }
    return true;
  }

  /// A taskloop's non-rectangular nest: the coefficients, where the construct is.  A bound that
  /// uses an outer loop variable is evaluated with the variable 0 and 1 (gcc evaluates its a1
  /// and a2, once, there too).
  std::string coefficientValues() const {
    std::string S;
    for (const Coefficients &Co : RowBounds) {
      if (!Co.Var) {
        S += "  " + L.Types.declare(Co.Type.withConst(), Co.A2) + " = " + Co.Text + ";\n";
        continue;
      }
      const std::string Var = L.Types.declare(Co.Var->getType().getUnqualifiedType().withConst(),
                                              Co.Var->getName().str());
      const std::string At = "    (void)" + Co.Var->getName().str() + ";\n    ";
      S += "  " + L.Types.declare(Co.Type, Co.A2) + ";\n  uint64_t " + Co.A1 + ";\n";
      S += "  {\n    " + Var + " = 0;\n" + At + Co.A2 + " = " + Co.Text + ";\n  }\n";
      S += "  {\n    " + Var + " = 1;\n" + At + Co.A1 + " = " +
           loopDistance(Nest[Co.Loop].Form, Co.A2, Co.Text) + ";\n  }\n";
    }
    return S;
  }

  /// Non-rectangular nest: loop J's lower or upper bound in a row, where the outer loops'
  /// variables are declared: as written, or in a taskloop from its coefficients.
  std::string boundInRow(unsigned J, bool Upper) const {
    if (!InTasks)
      return Upper ? Nest[J].Upper : Nest[J].Lower;
    const Coefficients &Co = RowBounds[2 * (J - 1) + Upper];
    if (!Co.Var)
      return Co.A2;
    const std::string Offset = Co.A1 + " * (uint64_t)" + Co.Var->getName().str();
    if (Nest[J].Form.IsPointer)
      return Co.A2 + " + (ptrdiff_t)(" + Offset + ")";
    return "(" + L.Types.declare(Co.Type, "") + ")((uint64_t)" + Co.A2 + " + " + Offset + ")";
  }

  /// A non-rectangular nest's inner bounds are read again as the walk enters each row, after
  /// the construct's private copies are made: a variable the construct privatises would be read
  /// as its copy, and the walk would disagree with the count.
  bool checkInnerBoundsShared(const std::vector<const VarDecl *> &LoopVars) {
    for (unsigned J = 1; J < Depth; ++J)
      for (const Expr *Bound : {Nest[J].Form.Lower, Nest[J].Form.Upper})
        for (const DeclRefExpr *Ref : varRefsIn(Bound)) {
          const auto *V = cast<VarDecl>(Ref->getDecl());
          const ClauseVar *CV = llvm::is_contained(LoopVars, V) ? nullptr : C->clauseFor(V);
          if (CV && CV->Kind != ClauseKind::Shared) {
            L.Diags.error(Ref->getLocation(),
                          "'" + V->getName().str() + "' is " + clauseSpelling(CV->Kind) +
                              " on " + C->Dir.quotedName() + ", and the bounds of the inner "
                              "loops of a non-rectangular nest are read in each row: use a "
                              "variable the construct does not privatise");
            return false;
          }
        }
    return true;
  }

  /// An inner loop's bounds may depend on one outer loop variable, affinely (a non-rectangular
  /// nest, OpenMP 5.0); its step may not.
  bool checkOuterDependence(const LoopForm &F, const std::vector<const VarDecl *> &OuterVars) {
    if (const DeclRefExpr *Ref = mentions(F.Step, OuterVars)) {
      L.Diags.error(Ref->getLocation(), "the step of a collapsed loop must not use the outer "
                                        "loop variable '" + Ref->getDecl()->getName().str() + "'");
      return false;
    }
    const DeclRefExpr *First = nullptr;
    for (const Expr *Bound : {F.Lower, F.Upper}) {
      const DeclRefExpr *Ref = mentions(Bound, OuterVars);
      if (!Ref)
        continue;
      if (refsTo(Bound, OuterVars).size() > 1 || !affine(Bound, OuterVars)) {
        L.Diags.error(Bound->getBeginLoc(), "a bound of a non-rectangular loop must have the form "
                                            "'a1 * var + a2', with one outer loop variable 'var' "
                                            "and loop-invariant 'a1' and 'a2'");
        return false;
      }
      if (First && First->getDecl() != Ref->getDecl()) {
        L.Diags.error(Ref->getLocation(), "the bounds of a non-rectangular loop use two outer loop "
                                          "variables, '" + First->getDecl()->getName().str() +
                                          "' and '" + Ref->getDecl()->getName().str() + "'");
        return false;
      }
      First = Ref;
      NonRect = true;
    }
    return true;
  }

  /// A collapsed nest is rebuilt from its loops' parts: nothing may stand between their headers
  /// (a directive, or a preprocessor conditional, which would be dropped with them).  A directive
  /// whose statement is the innermost body (`for (...) #pragma omp taskloop for ...`) is part
  /// of that body, which is kept whole; one before the outermost loop (a dropped `tile`) is not
  /// between them.
  bool checkPerfectNest() {
    const SourceManager &SM = L.Ctx.getSourceManager();
    const Stmt *Body = Fors.back()->getBody();
    const SourceLocation BodyBegin = statementRange(Body, L.Ctx).getBegin();
    const SourceLocation NestBegin = statementRange(Fors.front(), L.Ctx).getBegin();
    for (const Construct *K : C->Children)
      if (K->Body != Body &&
          SM.isBeforeInTranslationUnit(NestBegin, SM.getExpansionLoc(K->Dir.Loc)) &&
          SM.isBeforeInTranslationUnit(SM.getExpansionLoc(K->Dir.Loc), BodyBegin)) {
        L.Diags.error(K->Dir.NameLoc, K->Dir.quotedName() + " stands between the loops of the " +
                                          nestName() + " nest of " + C->Dir.quotedName() +
                                          ", which must be perfectly nested");
        return false;
      }
    return L.checkConditionalsNest(
        C, CharSourceRange::getCharRange(statementRange(Fors.front(), L.Ctx).getBegin(),
                                         BodyBegin));
  }

  /// The loops of a collapsed nest each have their own variable (gcc: "the same loop iteration
  /// variables used in multiple associated loops"); one declared in an inner header under the
  /// name of an outer one would be declared twice in the rebuilt loop.
  bool checkDistinctVariable(const LoopForm &F, const std::vector<const VarDecl *> &OuterVars,
                             const ForStmt *For) {
    for (const VarDecl *Outer : OuterVars)
      if (Outer == F.Var || Outer->getName() == F.Var->getName()) {
        L.Diags.error(For->getBeginLoc(),
                      Outer == F.Var
                          ? "the loops of the " + nestName() + " nest use the same variable '" +
                                F.Var->getName().str() + "'"
                          : "the loops of the " + nestName() +
                                " nest declare two variables named '" + F.Var->getName().str() +
                                "'; rename one");
        return false;
      }
    return true;
  }

  bool addLoop(const LoopForm &F) {
    NestLoop N{F, "", "", ""};
    Lowered Lower = L.expressionText(F.Lower, C, true), Upper = L.expressionText(F.Upper, C, true);
    Lowered Step = F.Step ? L.expressionText(F.Step, C, true) : std::string();
    if (!Lower || !Upper || !Step)
      return false;
    N.Lower = "(" + *Lower + ")";
    N.Upper = "(" + *Upper + ")";
    N.Step = F.Step ? "(" + *Step + ")" : "";
    Nest.push_back(std::move(N));
    return true;
  }

  /// affinity(name) keys its map by the loop variable's value: one integer variable.
  bool checkAffinity() {
    const Clause *Affinity = C->Dir.find(ClauseKind::Affinity);
    if (!Affinity)
      return true;
    if (Depth > 1) {
      L.Diags.error(Affinity->Loc, "'affinity' cannot be combined with 'collapse(" +
                                       std::to_string(Depth) + ")': its map is keyed by one loop "
                                       "variable's value");
      return false;
    }
    // ordered runs iterations in order; the map places them by value on recorded threads.
    if (const Clause *Ordered = C->Dir.find(ClauseKind::Ordered)) {
      L.Diags.error(Ordered->Loc, "'affinity' cannot be combined with 'ordered': the map runs "
                                  "each recorded value on its thread, not in order");
      return false;
    }
    if (Nest[0].Form.IsPointer) {
      L.Diags.error(Affinity->Loc, "'affinity' needs an integer loop variable: its map is keyed "
                                   "by the variable's value, and '" +
                                       Nest[0].Form.Var->getName().str() + "' is a pointer");
      return false;
    }
    return true;
  }

  std::string flags() const {
    std::vector<std::string> Flags;
    if (const Clause *S = C->Dir.find(ClauseKind::Schedule)) {
      if (!S->Expr.Tokens.empty())
        Flags.push_back("__OMP2NUMA_LOOP_CHUNK");
      if (S->Modifier == ScheduleModifier::Monotonic)
        Flags.push_back("__OMP2NUMA_LOOP_MONOTONIC");
      if (S->Modifier == ScheduleModifier::Nonmonotonic)
        Flags.push_back("__OMP2NUMA_LOOP_NONMONOTONIC");
    }
    if (Nowait && C->Dir.has(ClauseKind::Nowait))
      Flags.push_back("__OMP2NUMA_LOOP_NOWAIT");
    if (C->Dir.orderedRegions())
      Flags.push_back("__OMP2NUMA_LOOP_ORDERED");
    if (C->Dir.doacross())
      Flags.push_back("__OMP2NUMA_LOOP_DOACROSS");
    return joinFlags(Flags);
  }

  std::string site() const {
    const Clause *Sched = C->Dir.find(ClauseKind::Schedule);
    const Clause *Affinity = C->Dir.find(ClauseKind::Affinity);
    // order(reproducible: concurrent): two such loops with the same iterations give each thread
    // the same ones (a nowait between them is safe), which a static schedule does.
    const Clause *Order = C->Dir.find(ClauseKind::Order);
    // Inscan reductions: each thread runs the same block of iterations in both passes, the
    // blocks in thread order (ScanLowering.h).
    const bool Reproducible =
        (Order && Order->Name == "reproducible") || C->Dir.hasInscanReduction();
    return "  static struct __omp2numa_loop_site __o2n_loop = {" + L.siteLocation(C) + ", " +
           (Reproducible ? "__OMP2NUMA_SCHED_STATIC"
            : Sched      ? scheduleAbiName(Sched->Schedule)
                         : "__OMP2NUMA_SCHED_DEFAULT") +
           ", " +
           flags() + ", " + (Affinity ? "\"" + Affinity->Name + "\"" : std::string("0")) +
           ", 0};\n";
  }

  /// Per loop of the nest: bounds, step magnitude and trip count; then the collapsed nest's.  In
  /// a non-rectangular nest, only the outermost loop's bounds are fixed: the count is the sum of
  /// the innermost loop's counts, over the outer loops' iterations.
  std::string tripCounts() const {
    std::string S, Total;
    for (unsigned J = 0; J < Depth; ++J) {
      const LoopForm &F = Nest[J].Form;
      const QualType T = F.Var->getType().getUnqualifiedType();
      const std::string Lb = name("__o2n_lb", J), Ub = name("__o2n_ub", J);
      if (J == 0 || !NonRect) {
        S += "  " + L.Types.declare(T.withConst(), Lb) + " = " + Nest[J].Lower + ";\n";
        S += "  " + L.Types.declare(T.withConst(), Ub) + " = " + Nest[J].Upper + ";\n";
      }
      // The step's magnitude: a step that points against the loop's direction is negated.
      std::string Magnitude = "1";
      if (F.Step) {
        std::string Raw = "(uint64_t)" + Nest[J].Step;
        Magnitude = (F.Increasing != F.StepSubtracts) ? Raw : "(uint64_t)0 - " + Raw;
      }
      S += "  const uint64_t " + name("__o2n_step", J) + " = " + Magnitude + ";\n";
      if (J == 0 || !NonRect)
        S += "  const uint64_t " + name("__o2n_n", J) + " = " + count(J, Lb, Ub) + ";\n";
      if (J < Collapsed)
        Total += (Total.empty() ? "" : " * ") + name("__o2n_n", J);
    }
    if (NonRect) // a taskloop's tasks each walk the nest: their walks start in them
      return S + coefficientValues() + nonRectangularCount() + (InTasks ? "" : walkerState());
    if (Depth > 1)
      S += "  const uint64_t __o2n_n = " + Total + ";\n";
    return S;
  }

  /// The trip count of loop J from its bounds' values Lb and Ub.
  std::string count(unsigned J, const std::string &Lb, const std::string &Ub) const {
    const LoopForm &F = Nest[J].Form;
    // Distance from the first to the last value, in the loop's direction.
    const std::string From = F.Increasing ? Lb : Ub, To = F.Increasing ? Ub : Lb;
    const std::string Distance = loopDistance(F, From, To);
    const char *Cmp = F.Increasing ? (F.inclusive() ? "<=" : "<") : (F.inclusive() ? ">=" : ">");
    return "(" + Lb + " " + Cmp + " " + Ub + ") ? (" + Distance + (F.inclusive() ? "" : " - 1") +
           ") / " + name("__o2n_step", J) + " + 1 : 0";
  }

  /// Non-rectangular nest: sets loop J's first value and count (the variables LbVar and NVar)
  /// from the outer loops' values, which the bounds see under the variables' names: loop O's is
  /// its first value FirstValue(O) plus its iteration Iteration(O) times its step.
  template <typename IterationOf, typename FirstValueOf>
  std::string enterLoop(unsigned J, const std::string &LbVar, const std::string &NVar,
                        IterationOf Iteration, FirstValueOf FirstValue,
                        const std::string &Indent) const {
    std::string S = Indent + "{\n";
    for (unsigned O = 0; O < J; ++O) {
      const VarDecl *V = Nest[O].Form.Var;
      S += Indent + "  " +
           L.Types.declare(V->getType().getUnqualifiedType().withConst(), V->getName().str()) +
           " = " + valueAt(O, Iteration(O), FirstValue(O)) + ";\n";
      S += Indent + "  (void)" + V->getName().str() + ";\n";
    }
    const QualType T = Nest[J].Form.Var->getType().getUnqualifiedType().withConst();
    S += Indent + "  " + L.Types.declare(T, "__o2n_l") + " = " + boundInRow(J, false) + ";\n";
    S += Indent + "  " + L.Types.declare(T, "__o2n_u") + " = " + boundInRow(J, true) + ";\n";
    S += Indent + "  " + LbVar + " = __o2n_l;\n";
    S += Indent + "  " + NVar + " = " + count(J, "__o2n_l", "__o2n_u") + ";\n";
    return S + Indent + "}\n";
  }

  /// Non-rectangular nest: __o2n_n by a pass over the outer loops.  It leaves in __o2n_lb_J and
  /// __o2n_n_J the bounds of loop J's last run, the ones its variable's final value is made of.
  std::string nonRectangularCount() const {
    std::string S;
    for (unsigned J = 1; J < Depth; ++J)
      S += "  " + L.Types.declare(Nest[J].Form.Var->getType().getUnqualifiedType(),
                                  name("__o2n_lb", J)) +
           " = 0;\n  uint64_t " + name("__o2n_n", J) + " = 0;\n";
    S += "  uint64_t __o2n_n = 0;\n";
    auto Counter = [this](unsigned J) { return name("__o2n_c", J); };
    auto FirstValue = [this](unsigned J) { return name("__o2n_lb", J); };
    std::string Indent = "  ";
    for (unsigned J = 0; J + 1 < Depth; ++J) {
      S += Indent + "for (uint64_t " + Counter(J) + " = 0; " + Counter(J) + " < " +
           name("__o2n_n", J) + "; ++" + Counter(J) + ") {\n";
      Indent += "  ";
      S += enterLoop(J + 1, name("__o2n_lb", J + 1), name("__o2n_n", J + 1), Counter, FirstValue,
                     Indent);
    }
    S += Indent + "__o2n_n += " + name("__o2n_n", Depth - 1) + ";\n";
    for (unsigned J = 0; J + 1 < Depth; ++J) {
      Indent.resize(Indent.size() - 2);
      S += Indent + "}\n";
    }
    for (unsigned J = 1; J < Depth; ++J) // read only by lastprivate
      S += "  (void)" + name("__o2n_lb", J) + ";\n";
    return S;
  }

  /// Non-rectangular nest: the position of the thread's walk through the nest.  __o2n_t[J] is
  /// loop J's iteration, __o2n_r[J] its count (in the current iterations of the outer loops),
  /// __o2n_wlb_J its first value; __o2n_at the logical iteration the walk is at; __o2n_d the
  /// loop the next row starts by advancing.  The walk starts before the first row.
  std::string walkerState() const {
    std::string S = "  uint64_t __o2n_t[" + std::to_string(Depth) + "], __o2n_r[" +
                    std::to_string(Depth) + "], __o2n_at;\n  int __o2n_d;\n";
    for (unsigned J = 1; J < Depth; ++J)
      S += "  " + L.Types.declare(Nest[J].Form.Var->getType().getUnqualifiedType(),
                                  rowFirstValue(J)) + " = 0;\n";
    return S + "  __o2n_r[0] = __o2n_n_0;\n" + restartWalk("  ");
  }

  /// Non-rectangular nest: the variable holding loop J's first value in the walk's row.
  static std::string rowFirstValue(unsigned J) {
    return J == 0 ? "__o2n_lb_0" : "__o2n_wlb_" + std::to_string(J);
  }

  /// Puts the walk before the first row: advancing loop 0 from iteration -1 enters it.
  std::string restartWalk(const std::string &Indent) const {
    const std::string Last = std::to_string(Depth - 1);
    return Indent + "__o2n_at = 0, __o2n_d = 0, __o2n_t[0] = (uint64_t)-1, __o2n_t[" + Last +
           "] = 0, __o2n_r[" + Last + "] = 0;\n";
  }

  /// Non-rectangular nest: moves the walk to logical iteration __o2n_k, forward a row at a time
  /// (from the start if __o2n_k is behind it).  A thread's chunks come in increasing order under
  /// every schedule but stealing ones, so a thread walks each row about once.
  std::string seek() const {
    const std::string Last = std::to_string(Depth - 1), Indent = "      ";
    const std::string Rest = "__o2n_r[" + Last + "] - __o2n_t[" + Last + "]";
    std::string S = Indent + "if (__o2n_k < __o2n_at)\n" + restartWalk(Indent + "  ");
    S += Indent + "while (__o2n_k - __o2n_at >= " + Rest + ") {\n";
    S += Indent + "  __o2n_at += " + Rest + ";\n" + nextRow(Indent + "  ");
    S += Indent + "}\n";
    return S + Indent + "__o2n_t[" + Last + "] += __o2n_k - __o2n_at;\n" + Indent +
           "__o2n_at = __o2n_k;\n";
  }

  /// Non-rectangular nest: the next row (iterations of the outer loops) in which every outer
  /// loop runs: advances loop __o2n_d, then enters the loops inside it; an empty one sends the
  /// walk back to advance the loop around it.  The innermost loop's row may be empty.
  std::string nextRow(const std::string &Indent) const {
    const std::string D = std::to_string(Depth), Last = std::to_string(Depth - 1);
    std::string S = Indent + "for (;;) {\n";
    S += Indent + "  if (++__o2n_t[__o2n_d] >= __o2n_r[__o2n_d]) {\n";
    S += Indent + "    --__o2n_d;\n" + Indent + "    continue;\n" + Indent + "  }\n";
    S += Indent + "  while (++__o2n_d < " + D + ") {\n";
    S += Indent + "    __o2n_t[__o2n_d] = 0;\n" + Indent + "    switch (__o2n_d) {\n";
    auto Iteration = [](unsigned J) { return "__o2n_t[" + std::to_string(J) + "]"; };
    auto FirstValue = [](unsigned J) { return rowFirstValue(J); };
    for (unsigned J = 1; J < Depth; ++J) {
      S += Indent + "    case " + std::to_string(J) + ":\n";
      S += enterLoop(J, rowFirstValue(J), "__o2n_r[" + std::to_string(J) + "]", Iteration,
                     FirstValue, Indent + "      ");
      S += Indent + "      break;\n";
    }
    S += Indent + "    }\n";
    S += Indent + "    if (__o2n_d < " + Last + " && __o2n_r[__o2n_d] == 0)\n";
    S += Indent + "      break;\n" + Indent + "  }\n";
    S += Indent + "  if (__o2n_d == " + D + ")\n" + Indent + "    break;\n";
    S += Indent + "  --__o2n_d;\n" + Indent + "}\n";
    return S + Indent + "__o2n_d = " + std::to_string(Depth - 2) + ";\n";
  }

  /// distribute parallel for: dist_schedule's chunk, and the team's current block.
  std::string teamBlockArguments() const {
    if (!TeamBlock)
      return "";
    return chunkDeclaration(ClauseKind::DistSchedule, "__o2n_dchunk") +
           "  uint64_t __o2n_dlo, __o2n_dhi;\n";
  }

  /// distribute parallel for: the loop Chunks, which shares one block, run for each of the
  /// team's blocks (a chunked dist_schedule deals a team several), each thread walking them by
  /// itself.  gcc runs each block as a parallel region of its own; here the team's threads go on
  /// to the next block without a barrier (no ordered regions: checkTeamBlock).  The reductions
  /// combine after the last block.  A cancel for cancels the loop of one block, as in gcc, where
  /// each block's loop is the for region.
  std::string teamBlocks(const std::string &Chunks) const {
    const std::string Blocks = "(__o2n_n, __o2n_dchunk, &__o2n_dlo, &__o2n_dhi)";
    return "  if (__omp2numa_distribute_block_start" + Blocks + ") do {\n" + Chunks +
           cancelLabel(L, C) + "  __omp2numa_loop_end_nowait();\n  } while (" +
           "__omp2numa_distribute_block_next" + Blocks + ");\n";
  }

  /// distribute parallel for takes no ordered clause (OpenMP 5.0; gcc's message): its
  /// iterations run in blocks, each a loop of its own.
  bool checkTeamBlock() const {
    const Clause *Ordered = C->Dir.find(ClauseKind::Ordered);
    if (!Ordered)
      return true;
    L.Diags.error(Ordered->Loc, "'ordered' is not valid for " + C->Dir.quotedName());
    return false;
  }

  /// The chunk of clause Kind (schedule, or a distribute loop's dist_schedule) and the chunk
  /// bounds the runtime hands out.
  std::string chunkArguments(ClauseKind Kind) const {
    return chunkDeclaration(Kind, "__o2n_chunk") + "  uint64_t __o2n_lo, __o2n_hi;\n";
  }

  /// Constant Name, the chunk of clause Kind (0 without one), under the pragma's line number, so
  /// that the compiler's messages about it name the pragma.
  std::string chunkDeclaration(ClauseKind Kind, const std::string &Name) const {
    const Clause *Sched = C->Dir.find(Kind);
    if (!Sched || Sched->Expr.Tokens.empty())
      return "  const int64_t " + Name + " = 0;\n";
    return L.Out.lineMarker(C->Dir.Loc) + "  const int64_t " + Name + " = (int64_t)" +
           L.integerText(C, C, Sched->Expr, /*InLoopHeader=*/true) + ";\n";
  }

  /// A doacross loop: every loop's trip count for the runtime, and the iteration vector.
  std::string doacrossArguments() const {
    if (!C->Dir.doacross())
      return "";
    std::string Counts;
    for (unsigned J = 0; J < Depth; ++J)
      Counts += (J ? ", " : "") + name("__o2n_n", J);
    return "  const uint64_t __o2n_counts[] = {" + Counts + "};\n  uint64_t __o2n_iv[" +
           std::to_string(Depth) + "];\n";
  }

  /// The value of loop J's variable at logical iteration K of that loop, whose first value is
  /// Lb (by default __o2n_lb_J).
  std::string valueAt(unsigned J, const std::string &K, std::string Lb = "") const {
    const LoopForm &F = Nest[J].Form;
    const std::string Offset = K + " * " + name("__o2n_step", J);
    const char *Sign = F.Increasing ? " + " : " - ";
    if (Lb.empty())
      Lb = name("__o2n_lb", J);
    if (F.IsPointer)
      return Lb + Sign + "(ptrdiff_t)(" + Offset + ")";
    return "(" + L.Types.declare(F.Var->getType().getUnqualifiedType(), "") + ")((uint64_t)" +
           Lb + Sign + Offset + ")";
  }

  /// Loop variables declared before the loop are private to it: declared in the block, and with
  /// lastprivate given the value they have after the sequential loop.
  Lowered loopVariablePrivates(PrivateCode &Priv) {
    std::string Decls;
    for (unsigned J = 0; J < Depth; ++J) {
      const LoopForm &F = Nest[J].Form;
      if (F.DeclaredInInit)
        continue;
      const std::string Var = F.Var->getName().str();
      const QualType T = F.Var->getType().getUnqualifiedType();
      if (C->has(F.Var, ClauseKind::Lastprivate) || C->has(F.Var, ClauseKind::Linear)) {
        Lowered Address = L.originalAddress(C, F.Var, C->clauseFor(F.Var)->Loc);
        if (!Address)
          return std::nullopt;
        Priv.Before += "  " + L.Types.declare(L.originalPointer(F.Var->getType()),
                                              "__o2n_last_" + Var) +
                       " = " + *Address + ";\n";
        (Serial ? LoopVarsFinal : Priv.CopyBack) +=
            "    *__o2n_last_" + Var + " = " + valueAt(J, name("__o2n_n", J)) + ";\n";
      }
      Decls += allocateClauseFor(C, F.Var) ? declarePrivateCopy(L, C, F.Var, T, {}, "")
                                           : "  " + L.Types.declare(T, Var) + ";\n";
    }
    return Decls;
  }

  std::string startCall() const {
    const std::string Map = C->ScheduleMap
                                ? "(const void *)" + L.Sharing.spell(C->ScheduleMap, C, true)
                                : "(const void *)0";
    if (Distributes)
      return "__omp2numa_distribute_start(__o2n_n, __o2n_chunk";
    if (C->Dir.doacross())
      return "__omp2numa_doacross_start(&__o2n_loop, __o2n_n, __o2n_chunk, " + Map + ", " +
             std::to_string(Depth) + ", __o2n_counts";
    if (TeamBlock)
      return "__omp2numa_loop_start(&__o2n_loop, __o2n_dhi - __o2n_dlo, __o2n_chunk, " + Map;
    if (!C->Dir.has(ClauseKind::Affinity))
      return "__omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, " + Map;
    // affinity(name): the runtime keys its map by the loop variable's value, lb + k * step.
    return "__omp2numa_loop_start_affinity(&__o2n_loop, __o2n_n, __o2n_chunk, " + Map +
           ", (int64_t)__o2n_lb, " + (Nest[0].Form.Increasing ? "" : "-") + "(int64_t)__o2n_step";
  }

  /// An iteration that ran no ordered region still takes its turn, so later ones do not wait;
  /// in the increment, so that continue does it too.
  std::string increment() const {
    return IterationEnd +
           (C->Dir.orderedRegions() ? "__omp2numa_ordered_iteration_end(), ++__o2n_k"
                                    : "++__o2n_k");
  }

  /// The loop variable of a single integer loop without a simd hint is stepped with the logical
  /// iteration, in its own type (__o2n_var, from the chunk's first value), rather than computed
  /// from it: the back end then sees an affine index, as in gcc's own lowering, where it sees no
  /// evolution through the conversion of `__o2n_lb + __o2n_k * __o2n_step` (gcc 12 vectorises no
  /// loop so written).  The last step goes one step past the loop's last value, as the serial
  /// loop's increment does.
  std::string steppedStart() const {
    if (!Stepped)
      return "";
    return "    " + L.Types.declare(Nest[0].Form.Var->getType().getUnqualifiedType(), "__o2n_var") +
           " = " + valueAt(0, "__o2n_lo") + ";\n";
  }
  std::string steppedIncrement() const {
    if (!Stepped)
      return "";
    return std::string(", __o2n_var ") + (Nest[0].Form.Increasing ? "+= (" : "-= (") +
           L.Types.declare(Nest[0].Form.Var->getType().getUnqualifiedType(), "") + ")__o2n_step";
  }

  /// Logical iteration -> each collapsed loop's value, innermost varying fastest; in a doacross
  /// loop, each one's logical index goes to __o2n_iv too.  A non-rectangular nest's walk is moved
  /// to the iteration, and each loop's value is its walk position's.
  std::string indexMapping() const {
    std::string S = NonRect       ? seek()
                    : Collapsed > 1 ? "      uint64_t __o2n_rest = __o2n_k;\n"
                                    : "";
    for (unsigned J = Collapsed; J-- > 0;) {
      const LoopForm &F = Nest[J].Form;
      const std::string Var = F.Var->getName().str();
      std::string K = NonRect         ? "__o2n_t[" + std::to_string(J) + "]"
                      : Collapsed == 1 ? "__o2n_k"
                      : J == 0         ? "__o2n_rest"
                                       : "(__o2n_rest % " + name("__o2n_n", J) + ")";
      if (C->Dir.doacross()) {
        S += "      __o2n_iv[" + std::to_string(J) + "] = " + K + ";\n";
        K = "__o2n_iv[" + std::to_string(J) + "]";
      }
      const std::string Declared = F.DeclaredInInit
                                       ? L.Types.declare(F.Var->getType().getUnqualifiedType(), Var)
                                       : L.Sharing.spell(F.Var, C); // (*Var) if allocated
      S += "      " + Declared + " = " +
           (Stepped ? "__o2n_var" : valueAt(J, K, NonRect ? rowFirstValue(J) : "")) + ";\n";
      S += "      (void)" + Var + ";\n";
      if (Collapsed > 1 && J > 0 && !NonRect)
        S += "      __o2n_rest /= " + name("__o2n_n", J) + ";\n";
    }
    return S;
  }

  /// The body from the end of the innermost collapsed loop's header (the end of the macro
  /// invocation that wrote it, for `FOR_ALL(i) body`), so that preprocessor lines before it come
  /// along; the other loops of an ordered(n) nest are part of it.
  Lowered bodyText() {
    const SourceManager &SM = L.Ctx.getSourceManager();
    const ForStmt *Innermost = Fors[Collapsed - 1];
    SourceLocation AfterHeader = Lexer::getLocForEndOfToken(
        SM.getExpansionRange(Innermost->getRParenLoc()).getEnd(), 0, SM, L.Ctx.getLangOpts());
    CharSourceRange Range = CharSourceRange::getCharRange(
        AfterHeader, statementRange(Innermost->getBody(), L.Ctx).getEnd());
    if (!L.checkConditionalsNest(C, Range))
      return std::nullopt;
    return L.Out.lineMarker(AfterHeader) + L.Out.text(Range);
  }
};

} // namespace

Lowered lowerLoop(LoweringContext &L, const Construct *C, bool Nowait) {
  return LoopLowering(L, C, Nowait).run();
}

std::optional<std::vector<LoopForm>> loopNestForms(LoweringContext &L, const Construct *C) {
  return LoopLowering(L, C, /*Nowait=*/false).forms();
}

std::string loopDistance(const LoopForm &F, const std::string &From, const std::string &To) {
  return loopDistance(F.IsPointer, From, To);
}

std::string loopDistance(bool IsPointer, const std::string &From, const std::string &To) {
  return IsPointer ? "(uint64_t)(" + To + " - " + From + ")"
                   : "((uint64_t)" + To + " - (uint64_t)" + From + ")";
}

std::string loopNestName(llvm::StringRef Base, unsigned J, unsigned Depth) {
  return Base.str() + (Depth > 1 ? "_" + std::to_string(J) : "");
}

std::optional<TaskloopNest> lowerTaskloopNest(LoweringContext &L, const Construct *C,
                                              const std::string &PerIteration) {
  return LoopLowering(L, C, /*Nowait=*/false).taskloop(PerIteration);
}

} // namespace omp2numa
