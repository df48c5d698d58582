//===- TargetLowering.cpp -------------------------------------------------===//
#include "TargetLowering.h"
#include "DependLowering.h"

namespace omp2numa {

namespace {

bool isListItemClause(ClauseKind K) {
  switch (K) {
  case ClauseKind::Map:
  case ClauseKind::To:
  case ClauseKind::From:
  case ClauseKind::IsDevicePtr:
  case ClauseKind::HasDeviceAddr:
  case ClauseKind::UseDevicePtr:
  case ClauseKind::UseDeviceAddr: return true;
  default: return false;
  }
}

} // namespace

std::string deviceClauseChecks(LoweringContext &L, const Construct *C) {
  std::string Text;
  for (const Clause &Cl : C->Dir.Clauses) {
    if (Cl.Kind == ClauseKind::If || Cl.Kind == ClauseKind::Device)
      Text += " (void)(" + L.exprText(C, C->Parent, Cl.Expr) + ");";
    if (isListItemClause(Cl.Kind))
      for (const DependItem &Item : Cl.Depends)
        Text += " (void)sizeof(" + dependAddress(L, C, Item.Expr) + ");";
  }
  return Text.empty() ? Text : L.Out.lineMarker(C->Dir.Loc) + Text + "\n";
}

std::string targetThreadLimit(LoweringContext &L, const Construct *C) {
  const Clause *Limit = C->Dir.find(ClauseKind::ThreadLimit);
  return Limit ? "(int)" + L.integerText(C, C->Parent, Limit->Expr) : "0";
}

Lowered lowerTargetData(LoweringContext &L, const Construct *C) {
  Lowered Body = L.bodyText(C);
  if (!Body)
    return std::nullopt;
  return "{\n" + deviceClauseChecks(L, C) + *Body + "\n}";
}

Lowered lowerTargetMotion(LoweringContext &L, const Construct *C) {
  const DependArray Deps = lowerDependClauses(L, C);
  std::string S = "{\n" + deviceClauseChecks(L, C);
  if (!Deps.Fill.empty())
    S += L.Out.lineMarker(C->Dir.Loc) + Deps.Fill + "  __omp2numa_taskwait_depend(" + Deps.Array +
         ", " + Deps.Count + ");\n" + Deps.Free;
  return S + "}";
}

} // namespace omp2numa
