//===- SingleLowering.cpp - single and copyprivate ------------------------===//
#include "SingleLowering.h"
#include "CancelLowering.h"
#include "PrivateCopies.h"

using namespace clang;

namespace omp2numa {

namespace {

/// The copyprivate hand-over: the thread that ran the block publishes pointers to its values in
/// a struct; the others copy from it (arrays by their bytes), then wait until all have.
Lowered copyprivate(LoweringContext &L, const Construct *C, const std::string &Body,
                    const std::vector<const ClauseVar *> &Copies) {
  const std::string Type = "struct __o2n_copy_" + L.uniqueSuffix(C);
  std::string Members, Publish, Receive;
  for (const ClauseVar *CV : Copies) {
    const std::string Name = CV->Var->getName().str();
    QualType T = CV->Var->getType();
    const std::string Here = L.Sharing.spell(CV->Var, C);
    // The receiving threads write Here itself: a shadow would hand out a stale value.
    Lowered Address = L.addressOf(C, CV->Var, Here, CV->Loc, /*AllowShadow=*/false);
    if (!Address)
      return std::nullopt;
    Publish += (Publish.empty() ? "." : ", .") + Name + " = " + *Address;
    if (T->isArrayType()) {
      // Copied whole, by bytes (an array is not assignable; a variable-length one's pointer
      // type could not be a member).
      Members += "    const void *" + Name + ";\n";
      Receive += "    __builtin_memcpy(" + *Address + ", __o2n_src->" + Name + ", sizeof " + Here +
                 ");\n";
      continue;
    }
    Members += "    " + L.Types.declare(L.Ctx.getPointerType(T), Name) + ";\n";
    Receive += "    " + Here + " = *__o2n_src->" + Name + ";\n";
  }
  return "  " + Type + " {\n" + Members + "  };\n  " + Type + " *const __o2n_src = (" + Type +
         " *)__omp2numa_single_copy_start();\n  if (!__o2n_src) {\n" + Body + "\n  " + Type +
         " __o2n_mine = {" + Publish + "};\n    __omp2numa_single_copy_end(&__o2n_mine);\n  } " +
         "else {\n" + Receive + "    " + barrierStatement(L, C) + "\n  }\n";
}

} // namespace

Lowered lowerSingle(LoweringContext &L, const Construct *C) {
  const Clause *Nowait = C->Dir.find(ClauseKind::Nowait);
  std::vector<const ClauseVar *> Copies;
  for (const ClauseVar &CV : C->Vars)
    if (CV.Kind == ClauseKind::Copyprivate)
      Copies.push_back(&CV);
  if (!Copies.empty() && Nowait) {
    L.Diags.error(Nowait->Loc,
                  "'copyprivate' and 'nowait' cannot be used together on '#pragma omp single'");
    return std::nullopt;
  }
  const std::optional<PrivateCode> Priv = privateCopies(L, C);
  Lowered Body = Priv ? L.bodyText(C) : std::nullopt;
  if (!Body)
    return std::nullopt;
  std::string S = "{\n" + L.keepOriginals(C) + Priv->Before + L.withoutShadowWarnings(Priv->Copies);
  if (!Copies.empty()) {
    Lowered Hand = copyprivate(L, C, *Body, Copies);
    return Hand ? std::optional(S + *Hand + Priv->Frees + "}") : std::nullopt;
  }
  S += "  if (__omp2numa_single_start()) {\n" + *Body + "\n  __omp2numa_single_end();\n  }\n";
  if (!Nowait)
    S += "  " + barrierStatement(L, C) + "\n";
  return S + Priv->Frees + "}";
}

} // namespace omp2numa
