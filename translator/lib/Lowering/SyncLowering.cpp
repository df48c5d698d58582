//===- SyncLowering.cpp - critical, master/masked, ordered, barrier, flush -===//
#include "SyncLowering.h"
#include "CancelLowering.h"

using namespace clang;

namespace omp2numa {

Lowered lowerCritical(LoweringContext &L, const Construct *C) {
  const std::string &Name = C->Dir.CriticalName;
  Lowered Body = L.bodyText(C);
  if (!Body)
    return std::nullopt;
  return "{\n  static void *__o2n_lock;\n  __omp2numa_critical_start(&__o2n_lock, " +
         (Name.empty() ? std::string("(const char *)0") : "\"" + Name + "\"") + ");\n" + *Body +
         "\n  __omp2numa_critical_end(&__o2n_lock);\n}";
}

std::string maskedBlock(LoweringContext &L, const Construct *C, const std::string &Body) {
  const Clause *Filter = C->Dir.find(ClauseKind::Filter);
  std::string Thread = Filter ? "(int)" + L.integerText(C, C, Filter->Expr) : "0";
  // Braced, so that an else after the construct cannot bind to the generated if.
  return "{\n" + (Filter ? L.Out.lineMarker(C->Dir.Loc) : "") + "  if (__omp2numa_masked(" +
         Thread + ")) {\n" + Body + "\n  }\n}";
}

Lowered lowerMasked(LoweringContext &L, const Construct *C) {
  Lowered Body = L.bodyText(C);
  if (!Body)
    return std::nullopt;
  return maskedBlock(L, C, *Body);
}

Lowered lowerOrdered(LoweringContext &L, const Construct *C) {
  // Where it may stand is checked by the binder (Nesting.h); an orphaned region (in a function
  // called from the loop) by the runtime.  Here: the forms that depend on the loop.
  const Construct *Loop = C->Parent;
  while (Loop && !Loop->Dir.isLoop() && !Loop->Dir.isOutlined())
    Loop = Loop->Parent;
  // ordered simd: in the order of the simd loop's iterations, which the loop's thread runs in
  // order (the loop gets no simd hint: SimdLowering); with threads too, also across threads.
  // Orphaned (in no construct of its function), it is taken, as gcc takes it: the simd loop may
  // be in a function that calls it, whose thread runs the iterations in order.
  if (C->Dir.OrderedSimd && C->Parent && !(Loop && Loop->Dir.hasSimdPart())) {
    L.Diags.error(C->Dir.NameLoc, "'#pragma omp ordered simd' must be closely nested inside a "
                                  "'simd' region");
    return std::nullopt;
  }
  if (C->Dir.OrderedSimd && !C->Dir.OrderedThreads)
    return L.bodyText(C);
  // Across threads too: the simd loop's iterations are those of a worksharing loop (gcc's rule).
  if (C->Dir.OrderedSimd && Loop && !Loop->Dir.sharesAmongThreads()) {
    L.Diags.error(C->Dir.NameLoc, "'#pragma omp ordered threads simd' must be closely nested "
                                  "inside of a 'for simd' region");
    L.Diags.note(Loop->Dir.NameLoc, "the simd loop");
    return std::nullopt;
  }
  if (Loop && Loop->Dir.doacross()) {
    L.Diags.error(C->Dir.NameLoc, "an 'ordered' region without 'depend' may not be nested in a "
                                  "doacross loop, whose 'ordered' constructs are stand-alone "
                                  "(use 'depend(sink: ...)' and 'depend(source)')");
    L.Diags.note(Loop->Dir.NameLoc, "the loop");
    return std::nullopt;
  }
  Lowered Body = L.bodyText(C);
  if (!Body)
    return std::nullopt;
  return "{\n  __omp2numa_ordered_start();\n" + *Body + "\n  __omp2numa_ordered_end();\n}";
}

Lowered lowerStandalone(LoweringContext &L, const Construct *C) {
  return C->Dir.Kind == DirectiveKind::Barrier ? " " + barrierStatement(L, C)
                                                : std::string(" __omp2numa_flush();");
}

} // namespace omp2numa
