//===- WorksharingLowering.cpp - sections and single ----------------------===//
//
// sections: a loop over the section numbers with a dynamic schedule, each number running one
// section through a switch; lastprivate values come from the last section.
//
//   if (__omp2numa_loop_start(&__o2n_loop, 3, 0, 0, &__o2n_lo, &__o2n_hi)) do {
//     for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k)
//       switch (__o2n_k) { case 0: <section 0> break; case 1: ... }
//   } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
//
// single: the first thread to arrive runs the block; copyprivate hands its values to the others
// through the runtime (omp2numa-abi.h shows the protocol).
//
//===----------------------------------------------------------------------===//
#include "Lowering.h"

using namespace clang;

namespace omp2numa {

std::string Lowering::lowerSections(const Construct *C, bool Nowait) {
  const std::string Name = std::string("'#pragma omp ") + directiveSpelling(C->Dir.Kind) + "'";
  const auto *Block = dyn_cast<CompoundStmt>(C->Body);
  if (!Block) {
    Diags.error(C->Body->getBeginLoc(), Name + " must be followed by a block { ... } of sections");
    return "";
  }
  std::vector<const Stmt *> Sections;
  for (const Stmt *Child : Block->body()) {
    bool Marked = false;
    for (const Construct *K : C->Children)
      Marked |= K->Dir.Kind == DirectiveKind::Section && K->Body == Child;
    if (!Marked && !Sections.empty()) {
      Diags.error(Child->getBeginLoc(), "each statement in " + Name +
                                            " after the first must follow '#pragma omp section'");
      return "";
    }
    Sections.push_back(Child);
  }
  const std::string Suffix = uniqueSuffix(C);
  const std::string Count = std::to_string(Sections.size());
  PrivateCode Priv;
  ReductionCode Red;
  if (!worksharingData(C, Suffix, Priv, Red))
    return "";

  std::string S = "{\n";
  if (!DataSharing::isOutlined(C))
    S += keepOriginals(C);
  S += "  static struct __omp2numa_loop_site __o2n_loop = {" + Out.fileLiteral(C->Dir.Loc) + ", " +
       std::to_string(Out.line(C->Dir.Loc)) + ", __OMP2NUMA_SCHED_DYNAMIC, " +
       (Nowait && C->Dir.has(ClauseKind::Nowait) ? "__OMP2NUMA_LOOP_NOWAIT" : "0") + ", 0, 0};\n";
  S += "  uint64_t __o2n_lo, __o2n_hi;\n";
  S += Priv.Before + Red.Targets + Priv.Copies + Red.Privates;
  if (!Priv.CopyBack.empty())
    S += "  int __o2n_last = 0;\n";
  S += "  if (__omp2numa_loop_start(&__o2n_loop, " + Count +
       ", 0, (const void *)0, &__o2n_lo, &__o2n_hi)) do {\n";
  S += "    for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {\n";
  S += "      switch (__o2n_k) {\n";
  for (size_t I = 0; I < Sections.size(); ++I)
    S += "      case " + std::to_string(I) + ":\n" + Out.lineMarker(Sections[I]->getBeginLoc()) +
         sourceText(Sections[I], true) + "\n        break;\n";
  S += "      }\n    }\n";
  if (!Priv.CopyBack.empty())
    S += "    __o2n_last |= __o2n_hi == " + Count + ";\n";
  S += "  } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));\n";
  if (!Priv.CopyBack.empty())
    S += "  if (__o2n_last) {\n" + Priv.CopyBack + "  }\n";
  S += Red.Combine;
  S += std::string("  __omp2numa_loop_end") + (Nowait ? "_nowait" : "") + "();\n}";
  return S;
}

std::string Lowering::lowerSingle(const Construct *C) {
  const bool Nowait = C->Dir.has(ClauseKind::Nowait);
  std::vector<const ClauseVar *> Copies;
  for (const ClauseVar &CV : C->Vars)
    if (CV.Kind == ClauseKind::Copyprivate)
      Copies.push_back(&CV);
  if (!Copies.empty() && Nowait) {
    Diags.error(C->Dir.find(ClauseKind::Nowait)->Loc,
                "'copyprivate' and 'nowait' cannot be used together on '#pragma omp single'");
    return "";
  }
  PrivateCode Priv = privateCopies(C);
  if (Diags.hasErrors())
    return "";
  const std::string Body = bodyText(C);
  std::string S = "{\n" + keepOriginals(C) + Priv.Before + Priv.Copies;
  if (Copies.empty()) {
    S += "  if (__omp2numa_single_start()) {\n" + Body + "\n  }\n";
    if (!Nowait)
      S += "  __omp2numa_barrier();\n";
    return S + "}";
  }
  const std::string Type = "struct __o2n_copy_" + uniqueSuffix(C);
  std::string Members, Publish, Receive;
  for (const ClauseVar *CV : Copies) {
    const std::string Name = CV->Var->getName().str();
    QualType T = CV->Var->getType();
    if (T->isArrayType()) {
      Diags.error(CV->Loc, "copyprivate arrays are not supported yet");
      return "";
    }
    const std::string Here = Sharing.spell(CV->Var, C);
    Members += "    " + declare(Ctx.getPointerType(T), Name) + ";\n";
    Publish += (Publish.empty() ? "." : ", .") + Name + " = &" + Here;
    Receive += "    " + Here + " = *__o2n_src->" + Name + ";\n";
  }
  S += "  " + Type + " {\n" + Members + "  };\n";
  S += "  " + Type + " *const __o2n_src = (" + Type + " *)__omp2numa_single_copy_start();\n";
  S += "  if (!__o2n_src) {\n" + Body + "\n  " + Type + " __o2n_mine = {" + Publish +
       "};\n    __omp2numa_single_copy_end(&__o2n_mine);\n  } else {\n" + Receive +
       "    __omp2numa_barrier();\n  }\n}";
  return S;
}

} // namespace omp2numa
