//===- CancelLowering.cpp -------------------------------------------------===//
#include "CancelLowering.h"
#include "../Cancellation.h"

namespace omp2numa {

namespace {

const char *abiKind(CancelKind K) {
  switch (K) {
  case CancelKind::Parallel: return "__OMP2NUMA_CANCEL_PARALLEL";
  case CancelKind::For: return "__OMP2NUMA_CANCEL_FOR";
  case CancelKind::Sections: return "__OMP2NUMA_CANCEL_SECTIONS";
  case CancelKind::Taskgroup: return "__OMP2NUMA_CANCEL_TASKGROUP";
  }
  return "";
}

std::string labelName(LoweringContext &L, const Construct *Target) {
  return "__o2n_cancel_" + L.uniqueSuffix(Target);
}

} // namespace

Lowered lowerCancel(LoweringContext &L, const Construct *C) {
  const Construct *Target = cancelTarget(*C); // the binder has checked there is one
  const std::string Kind = abiKind(*C->Dir.Cancel);
  std::string Call;
  if (C->Dir.Kind == DirectiveKind::Cancel) {
    const Clause *If = C->Dir.findIf("cancel");
    Call = "__omp2numa_cancel(" + Kind + ", " +
           (If ? "!!(" + L.exprText(C, C->Parent, If->Expr) + ")" : "1") + ")";
  } else {
    Call = "__omp2numa_cancellation_point(" + Kind + ")";
  }
  return " if (" + Call + ") goto " + labelName(L, Target) + ";";
}

std::string cancelLabel(LoweringContext &L, const Construct *Target) {
  return isCancelledFrom(*Target, /*Activating=*/false) ? "  " + labelName(L, Target) + ":;\n"
                                                        : "";
}

std::string barrierStatement(LoweringContext &L, const Construct *C) {
  const Construct *Region = cancellableRegion(*C);
  return Region ? "if (__omp2numa_barrier_cancel()) goto " + labelName(L, Region) + ";"
                : "__omp2numa_barrier();";
}

std::string loopEnd(LoweringContext &L, const Construct *C, const std::string &Combine,
                    bool Reduces, bool Nowait) {
  const std::string Before = cancelLabel(L, C) + Combine;
  if (cancellableRegion(*C) && !Nowait) // the barrier is a cancellation point
    return Before + "  __omp2numa_loop_end_nowait();\n  " + barrierStatement(L, C) + "\n";
  if (Nowait || Reduces)
    return Before + "  __omp2numa_loop_end_nowait();\n";
  return Before + "  __omp2numa_loop_end();\n";
}

} // namespace omp2numa
