//===- Cancellation.cpp ---------------------------------------------------===//
#include "Cancellation.h"
#include <algorithm>

namespace omp2numa {

namespace {

bool isOneOf(const Construct *C, std::initializer_list<DirectiveKind> Kinds) {
  return C && std::find(Kinds.begin(), Kinds.end(), C->Dir.Kind) != Kinds.end();
}

/// The directive a construct of kind K is closely nested in, for diagnostics.
const char *requiredDirective(CancelKind K) {
  switch (K) {
  case CancelKind::Parallel: return "'#pragma omp parallel'";
  case CancelKind::For: return "'#pragma omp for'";
  case CancelKind::Sections: return "'#pragma omp sections'";
  case CancelKind::Taskgroup: return "'#pragma omp task'";
  }
  return "";
}

/// The name as gcc writes it in diagnostics: `'#pragma omp cancel for'`.
std::string quotedWithKind(const Construct &C) {
  return std::string("'#pragma omp ") + directiveSpelling(C.Dir.Kind) + " " +
         cancelKindSpelling(*C.Dir.Cancel) + "'";
}

/// Whether the tasks of Task (a task or taskloop construct) belong to a taskgroup: a taskgroup
/// or a taskloop without nogroup around it before any parallel region, or none in this function
/// (the task may be called from one).
bool inTaskgroup(const Construct &Task) {
  if (Task.Dir.Kind != DirectiveKind::Task && !Task.Dir.has(ClauseKind::Nogroup))
    return true; // a taskloop's own taskgroup
  for (const Construct *Outer = Task.Parent; Outer; Outer = Outer->Parent) {
    if (Outer->Dir.Kind == DirectiveKind::Taskgroup ||
        (Outer->Dir.isTaskloop() && !Outer->Dir.has(ClauseKind::Nogroup)))
      return true;
    if (Outer->Dir.startsTeam())
      return false;
  }
  return true;
}

} // namespace

bool isCancellation(const Construct &C) {
  return C.Dir.Kind == DirectiveKind::Cancel || C.Dir.Kind == DirectiveKind::CancellationPoint;
}

const Construct *cancelTarget(const Construct &C) {
  const Construct *P = C.Parent;
  switch (*C.Dir.Cancel) {
  case CancelKind::Parallel:
    return isOneOf(P, {DirectiveKind::Parallel}) ? P : nullptr;
  case CancelKind::For:
    // (teams distribute parallel for and its target form: split, their inner part is this one.)
    return isOneOf(P, {DirectiveKind::For, DirectiveKind::ParallelFor,
                       DirectiveKind::DistributeParallelFor})
               ? P
               : nullptr;
  case CancelKind::Sections:
    if (isOneOf(P, {DirectiveKind::Section}))
      P = P->Parent;
    return isOneOf(P, {DirectiveKind::Sections, DirectiveKind::ParallelSections}) ? P : nullptr;
  case CancelKind::Taskgroup:
    return P && P->Dir.isTask() && !P->Dir.isTarget() ? P : nullptr;
  }
  return nullptr;
}

bool checkCancelNesting(const Construct &C, Diag &Diags) {
  const Construct *Target = cancelTarget(C);
  if (!Target) {
    Diags.error(C.Dir.NameLoc, quotedWithKind(C) + " construct not closely nested inside of " +
                                   requiredDirective(*C.Dir.Cancel));
    return false;
  }
  // A cancellation point too, as gcc: either names a taskgroup that is not there.
  if (*C.Dir.Cancel == CancelKind::Taskgroup && !inTaskgroup(*Target)) {
    Diags.error(C.Dir.NameLoc, quotedWithKind(C) + " construct not closely nested inside of "
                                                   "'taskgroup' region");
    return false;
  }
  if (C.Dir.Kind != DirectiveKind::Cancel)
    return true;
  if (*C.Dir.Cancel == CancelKind::For) {
    if (Target->Dir.has(ClauseKind::Nowait))
      Diags.warning(C.Dir.NameLoc, "'cancel for' inside 'nowait' for construct");
    if (Target->Dir.has(ClauseKind::Ordered))
      Diags.warning(C.Dir.NameLoc, "'cancel for' inside 'ordered' for construct");
  }
  return true;
}

bool isCancelledFrom(const Construct &Target, bool Activating) {
  auto Binds = [&](const Construct *D) {
    return isCancellation(*D) && cancelTarget(*D) == &Target &&
           (!Activating || D->Dir.Kind == DirectiveKind::Cancel);
  };
  for (const Construct *Child : Target.Children)
    // A section's cancel sections binds to the sections construct around it.
    if (Binds(Child) || (Child->Dir.Kind == DirectiveKind::Section &&
                         std::any_of(Child->Children.begin(), Child->Children.end(), Binds)))
      return true;
  return false;
}

const Construct *cancellableRegion(const Construct &C) {
  const Construct *Region = C.Parent;
  while (Region && !Region->Dir.isOutlined())
    Region = Region->Parent;
  return Region && Region->Dir.Kind == DirectiveKind::Parallel &&
                 isCancelledFrom(*Region, /*Activating=*/true)
             ? Region
             : nullptr;
}

} // namespace omp2numa
