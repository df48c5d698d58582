//===- DoacrossLowering.cpp - The stand-alone ordered of doacross loops ---===//
//
// A doacross loop (LoopLowering.cpp) keeps its collapsed loops' logical indices in
// `uint64_t __o2n_iv[n]`; the index of a loop J after them (in the body as written) is its
// variable's distance from its first value, over its step.  depend(source) completes the vector
// and posts it; depend(sink: v) waits for the iteration whose variables have v's values, as a
// vector of logical indices.  For ordered(2) without collapse:
//
//   __o2n_iv[1] = ((uint64_t)j - (uint64_t)__o2n_lb_1) / __o2n_step_1;
//   __omp2numa_doacross_post(__o2n_iv);
//   { const int64_t __o2n_sink[] = {(int64_t)__o2n_iv[0] - 1,
//         (int64_t)(((uint64_t)j - (uint64_t)__o2n_lb_1) / __o2n_step_1)};
//     __omp2numa_doacross_wait(__o2n_sink); }
//
// An offset o of a loop with step s moves its logical index by o / s (in the loop's direction),
// when s divides o: a sink vector that names no iteration is ignored, at translation time when s
// is a constant (with gcc's warning), at run time otherwise; the runtime ignores indices outside
// the iteration space.  A sink that is not lexicographically earlier than the current iteration
// would wait for ever: it is dropped, with gcc's warning.
//
//===----------------------------------------------------------------------===//
#include "DoacrossLowering.h"
#include "LoopLowering.h"
#include <cstdlib>

using namespace clang;

namespace omp2numa {

namespace {

/// The sink vector's part for loop J: the logical index `(int64_t)__o2n_iv[J] + shift`, and a
/// run-time condition that the offset names an iteration (empty when known at translation).
struct SinkIndex {
  std::string Index, Condition;
};

class DoacrossLowering {
public:
  DoacrossLowering(LoweringContext &L, const Construct *C, std::vector<LoopForm> Forms,
                   unsigned Collapsed)
      : L(L), C(C), Forms(std::move(Forms)), Collapsed(Collapsed) {}

  /// The statements that replace the pragma line, or nothing after an error.
  Lowered run() {
    std::string S;
    for (const Clause &Cl : C->Dir.Clauses) {
      if (Cl.Kind != ClauseKind::Doacross)
        continue;
      if (Cl.Keyword == "source") {
        for (unsigned J = Collapsed; J < Forms.size(); ++J)
          S += " __o2n_iv[" + std::to_string(J) + "] = " + index(J) + ";";
        S += " __omp2numa_doacross_post(__o2n_iv);";
        continue;
      }
      std::optional<std::string> Wait = sinkWait(Cl);
      if (!Wait)
        return std::nullopt;
      S += *Wait;
    }
    return S;
  }

private:
  LoweringContext &L;
  const Construct *C;
  const std::vector<LoopForm> Forms;
  const unsigned Collapsed; ///< the first loops, whose indices are in __o2n_iv

  std::string name(const char *Base, unsigned J) const {
    return loopNestName(Base, J, static_cast<unsigned>(Forms.size()));
  }

  /// The current logical index of loop J, which is not collapsed.
  std::string index(unsigned J) const {
    const LoopForm &F = Forms[J];
    const std::string Var = F.Var->getName().str(), Lb = name("__o2n_lb", J);
    return loopDistance(F, F.Increasing ? Lb : Var, F.Increasing ? Var : Lb) + " / " +
           name("__o2n_step", J);
  }

  /// The wait for one sink vector; empty when it is dropped.
  std::optional<std::string> sinkWait(const Clause &Cl) {
    if (Cl.Sink.size() != Forms.size()) {
      L.Diags.error(Cl.Loc, "the sink vector has " + std::to_string(Cl.Sink.size()) +
                                (Cl.Sink.size() == 1 ? " item" : " items") +
                                ", but the loop nest of 'ordered(" +
                                std::to_string(Forms.size()) + ")' has " +
                                std::to_string(Forms.size()) + " iteration variables");
      return std::nullopt;
    }
    std::string Items, Conditions;
    bool Earlier = false;
    for (unsigned J = 0; J < Forms.size(); ++J) {
      const SinkItem &Item = Cl.Sink[J];
      const std::string Var = Forms[J].Var->getName().str();
      if (Item.Var != Var) {
        L.Diags.error(Item.Loc, "'" + Item.Var + "' is not the iteration variable of loop " +
                                    std::to_string(J + 1) + " of the nest; expected '" + Var +
                                    "'");
        return std::nullopt;
      }
      // The offset in the direction of the loop's logical iterations.
      const long long Logical = Forms[J].Increasing ? Item.Offset : -Item.Offset;
      if (!Earlier && Logical > 0) {
        warn(Cl, "waiting for lexically later iteration");
        return std::string();
      }
      Earlier |= Logical < 0;
      std::optional<SinkIndex> Index = sinkIndex(J, Logical);
      if (!Index) {
        warn(Cl, "refers to iteration never in the iteration space");
        return std::string();
      }
      Items += (J ? ", " : "") + Index->Index;
      if (!Index->Condition.empty())
        Conditions += (Conditions.empty() ? "" : " && ") + Index->Condition;
    }
    if (!Earlier) // the current iteration itself
      return std::string();
    const std::string Wait = "__omp2numa_doacross_wait(__o2n_sink);";
    return " { const int64_t __o2n_sink[] = {" + Items + "}; " +
           (Conditions.empty() ? Wait : "if (" + Conditions + ") " + Wait) + " }";
  }

  /// Loop J's index Logical iterations' worth of values away; nothing when a constant step does
  /// not divide the offset.
  std::optional<SinkIndex> sinkIndex(unsigned J, long long Logical) const {
    const std::string Current = J < Collapsed ? "(int64_t)__o2n_iv[" + std::to_string(J) + "]"
                                              : "(int64_t)(" + index(J) + ")";
    if (Logical == 0)
      return SinkIndex{Current, ""};
    const std::string Offset = "(int64_t)" + std::to_string(Logical);
    const Expr *Step = Forms[J].Step;
    Expr::EvalResult R;
    if (Step && !Step->EvaluateAsInt(R, L.Ctx)) {
      const std::string Size = "(int64_t)" + name("__o2n_step", J);
      return SinkIndex{Current + " + " + Offset + " / " + Size,
                       Offset + " % " + Size + " == 0"};
    }
    const long long Size = Step ? R.Val.getInt().abs().getLimitedValue(INT64_MAX) : 1;
    if (Size == 0 || Logical % Size != 0)
      return std::nullopt;
    const long long Shift = Logical / Size;
    return SinkIndex{Current + (Shift < 0 ? " - " : " + ") + std::to_string(std::llabs(Shift)),
                     ""};
  }

  void warn(const Clause &Cl, const std::string &What) {
    L.Diags.warning(Cl.Loc, "'" + Cl.Name + "' clause with 'sink' modifier " + What +
                                " (ignored)");
  }
};

} // namespace

Lowered lowerDoacross(LoweringContext &L, const Construct *C) {
  const Construct *Loop = C->Parent;
  if (!Loop || !Loop->Dir.isLoop() || !Loop->Dir.doacross()) {
    L.Diags.error(C->Dir.find(ClauseKind::Doacross)->Loc,
                  "'#pragma omp ordered' with '" + C->Dir.find(ClauseKind::Doacross)->Name +
                      "' must be closely nested inside a loop with an 'ordered(n)' clause");
    return std::nullopt;
  }
  std::optional<std::vector<LoopForm>> Forms = loopNestForms(L, Loop);
  if (!Forms)
    return std::nullopt;
  return DoacrossLowering(L, C, std::move(*Forms), Loop->Dir.collapse()).run();
}

} // namespace omp2numa
