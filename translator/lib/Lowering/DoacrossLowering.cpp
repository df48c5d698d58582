//===- DoacrossLowering.cpp - The stand-alone ordered of doacross loops ---===//
//
// A doacross loop (LoopLowering.cpp) keeps each of its n loops' logical index in
// `uint64_t __o2n_iv[n]`.  depend(source) posts that vector; depend(sink: v) waits for the
// iteration whose variables have v's values, as a vector of logical indices:
//
//   __omp2numa_doacross_post(__o2n_iv);
//   { const int64_t __o2n_sink[] = {(int64_t)__o2n_iv[0] - 1, (int64_t)__o2n_iv[1]};
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
  DoacrossLowering(LoweringContext &L, const Construct *C, std::vector<LoopForm> Forms)
      : L(L), C(C), Forms(std::move(Forms)) {}

  /// The statements that replace the pragma line, or nothing after an error.
  Lowered run() {
    std::string S;
    for (const Clause &Cl : C->Dir.Clauses) {
      if (Cl.Kind != ClauseKind::Doacross)
        continue;
      if (Cl.Keyword == "source") {
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

  /// The wait for one sink vector; empty when it is dropped.
  std::optional<std::string> sinkWait(const Clause &Cl) {
    if (Cl.Sink.size() != Forms.size()) {
      L.Diags.error(Cl.Loc, "the sink vector has " + std::to_string(Cl.Sink.size()) +
                                " items, but the loop nest of 'ordered(" +
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
    const std::string Current = "(int64_t)__o2n_iv[" + std::to_string(J) + "]";
    if (Logical == 0)
      return SinkIndex{Current, ""};
    const std::string Offset = "(int64_t)" + std::to_string(Logical);
    const Expr *Step = Forms[J].Step;
    Expr::EvalResult R;
    if (Step && !Step->EvaluateAsInt(R, L.Ctx)) {
      const std::string Size =
          "(int64_t)" + loopNestName("__o2n_step", J, static_cast<unsigned>(Forms.size()));
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
  return DoacrossLowering(L, C, std::move(*Forms)).run();
}

} // namespace omp2numa
