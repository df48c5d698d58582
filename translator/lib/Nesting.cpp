//===- Nesting.cpp - Which constructs may be closely nested in which -------===//
#include "Nesting.h"

namespace omp2numa {

namespace {

/// What an enclosing construct is to the nesting rules.
enum class Around {
  Team,      ///< parallel, teams, target: the rules look no further out
  Share,     ///< a worksharing loop, sections or one of its sections, single
  Master,    ///< master, masked
  Exclusive, ///< critical, ordered
  Task,      ///< task, taskloop
  Through,   ///< scope, taskgroup, target data, distribute, simd...: looked through
};

Around classify(const Directive &D) {
  if (D.isTask() && !D.isTarget())
    return Around::Task; // master taskloop too: its taskloop is the closer region
  // A combined parallel worksharing construct: its loop or sections are the closer region.
  if (D.sharesAmongThreads() || D.Kind == DirectiveKind::Section)
    return Around::Share;
  switch (D.Kind) {
  case DirectiveKind::Master:
  case DirectiveKind::Masked:
  case DirectiveKind::ParallelMaster:
  case DirectiveKind::ParallelMasked:
    return Around::Master;
  case DirectiveKind::Critical:
  case DirectiveKind::Ordered:
    return Around::Exclusive;
  default:
    return D.startsTeam() ? Around::Team : Around::Through;
  }
}

/// The closest construct around C that the rules name (not one looked through), or null.
const Construct *closestNamed(const Construct &C) {
  for (const Construct *Outer = C.Parent; Outer; Outer = Outer->Parent)
    if (classify(Outer->Dir) != Around::Through)
      return Outer;
  return nullptr;
}

void reject(const Construct &C, const Construct &Outer, const std::string &Why, Diag &Diags) {
  Diags.error(C.Dir.NameLoc, C.Dir.quotedName() + " may not be closely nested inside of " +
                                 Outer.Dir.quotedName() + " (" + Why + ")");
  Diags.note(Outer.Dir.NameLoc, "the enclosing construct");
}

/// A worksharing construct (not combined with parallel, which starts a team of its own) or a
/// barrier binds to the team: every thread of it must reach it, together.
void checkTeamBound(const Construct &C, Diag &Diags) {
  const Directive &D = C.Dir;
  const bool Worksharing = D.isWorksharing() && !D.isOutlined() && !D.isDistribute();
  if (!Worksharing && D.Kind != DirectiveKind::Barrier)
    return;
  const Construct *Outer = closestNamed(C);
  if (!Outer)
    return;
  switch (classify(Outer->Dir)) {
  case Around::Task:
    return reject(C, *Outer, "only the task's thread reaches it; enclose it in a parallel region",
                  Diags);
  case Around::Share:
  case Around::Master:
  case Around::Exclusive:
    return reject(C, *Outer, "it binds to the whole team, whose threads do not all reach it "
                             "together there",
                  Diags);
  default:
    return;
  }
}

/// master and masked: not in a worksharing, task or taskloop region (critical and ordered
/// regions are looked through).
void checkMasked(const Construct &C, Diag &Diags) {
  const Directive &D = C.Dir;
  if (D.Kind != DirectiveKind::Master && D.Kind != DirectiveKind::Masked &&
      !D.isMaskedCombination())
    return;
  for (const Construct *Outer = C.Parent; Outer; Outer = Outer->Parent) {
    const Around Kind = classify(Outer->Dir);
    if (Kind == Around::Share || Kind == Around::Task)
      return reject(C, *Outer, "OpenMP forbids a master or masked region in a worksharing, "
                               "task or taskloop region",
                    Diags);
    if (Outer->Dir.startsTeam())
      return;
  }
}

/// A block ordered region (not stand-alone, not simd alone) runs in the order of the iterations
/// of the loop around it, which needs the ordered clause.
void checkOrdered(const Construct &C, Diag &Diags) {
  const Directive &D = C.Dir;
  if (D.Kind != DirectiveKind::Ordered || !D.hasAssociatedStmt() ||
      (D.OrderedSimd && !D.OrderedThreads))
    return;
  for (const Construct *Outer = C.Parent; Outer; Outer = Outer->Parent) {
    const Around Kind = classify(Outer->Dir);
    if (Kind == Around::Exclusive || Kind == Around::Task)
      return reject(C, *Outer, "its thread could wait there for an iteration that waits for it",
                    Diags);
    // A distribute loop counts (gcc: any loop but simd), though it takes no ordered clause.
    if ((Kind == Around::Share && Outer->Dir.isLoop()) ||
        Outer->Dir.Kind == DirectiveKind::Distribute) {
      if (Outer->Dir.has(ClauseKind::Ordered))
        return;
      Diags.error(D.NameLoc, "'#pragma omp ordered' is in a loop without the 'ordered' clause");
      Diags.note(Outer->Dir.NameLoc, "the loop");
      return;
    }
    if (Outer->Dir.startsTeam()) {
      Diags.error(D.NameLoc, "'#pragma omp ordered' must be closely nested inside a loop region "
                             "with an 'ordered' clause");
      Diags.note(Outer->Dir.NameLoc, "the enclosing region");
      return;
    }
  }
}

/// A critical region inside one of the same name waits for itself forever.
void checkCritical(const Construct &C, Diag &Diags) {
  if (C.Dir.Kind != DirectiveKind::Critical)
    return;
  for (const Construct *Outer = C.Parent; Outer; Outer = Outer->Parent)
    if (Outer->Dir.Kind == DirectiveKind::Critical &&
        Outer->Dir.CriticalName == C.Dir.CriticalName) {
      Diags.error(C.Dir.NameLoc, C.Dir.quotedName() + " is nested in a critical region of the "
                                 "same name, which its thread already holds: it would wait "
                                 "forever");
      Diags.note(Outer->Dir.NameLoc, "the enclosing critical region");
      return;
    }
}

/// A teams construct is closely nested in a target construct or in none (its league runs on an
/// initial thread); a distribute loop in a teams construct, or orphaned in a function the teams
/// call.
void checkLeague(const Construct &C, Diag &Diags) {
  if (C.Dir.isTeams() && C.Parent && !C.Parent->Dir.isTarget()) {
    Diags.error(C.Dir.NameLoc, "'teams' construct must be closely nested inside of 'target' "
                               "construct or not nested in any OpenMP construct");
    Diags.note(C.Parent->Dir.NameLoc, "the enclosing construct");
  }
  if (C.Dir.isDistribute() && C.Parent && !C.Parent->Dir.isTeams())
    Diags.error(C.Dir.NameLoc, "'distribute' region must be strictly nested inside 'teams' "
                               "construct");
}

} // namespace

void checkNesting(const Construct &C, Diag &Diags) {
  checkTeamBound(C, Diags);
  checkMasked(C, Diags);
  checkOrdered(C, Diags);
  checkCritical(C, Diags);
  checkLeague(C, Diags);
}

} // namespace omp2numa
