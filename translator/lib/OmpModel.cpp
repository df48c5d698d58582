//===- OmpModel.cpp - Facts about kinds, from the .def lists ---------------===//
#include "OmpModel.h"
#include "llvm/ADT/StringSwitch.h"

namespace omp2numa {

namespace {

struct DirectiveInfo {
  const char *Spelling;
  unsigned Flags;
  unsigned Families;
};
const DirectiveInfo Directives[] = {
#define OMP_DIRECTIVE(Enum, Spelling, Flags, Families) {Spelling, Flags, Families},
#include "OmpDirectives.def"
};

struct ClauseInfo {
  const char *Spelling;
  ClauseForm Form;
  unsigned Families;
  bool Unique;
};
const ClauseInfo Clauses[] = {
#define OMP_CLAUSE(Enum, Spelling, Form, Families, Unique)                                         \
  {Spelling, ClauseForm::Form, Families, Unique},
#include "OmpClauses.def"
};

struct ScheduleInfo {
  const char *Spelling;
  const char *AbiName;
  bool TakesMap;
  bool TakesChunk;
};
const ScheduleInfo Schedules[] = {
#define OMP_SCHEDULE(Enum, Spelling, Abi, TakesMap, TakesChunk) {Spelling, #Abi, TakesMap, TakesChunk},
#include "OmpSchedules.def"
};

const char *const ReductionOps[] = {"+", "*", "-", "&", "|", "^", "&&", "||", "min", "max", ""};

const DirectiveInfo &info(DirectiveKind K) { return Directives[static_cast<unsigned>(K)]; }
const ClauseInfo &info(ClauseKind K) { return Clauses[static_cast<unsigned>(K)]; }
const ScheduleInfo &info(ScheduleKind K) { return Schedules[static_cast<unsigned>(K)]; }

/// The index of Spelling in a table of entries with a Spelling member.
/// A table entry's spelling: an info struct's, or a plain string's.
template <typename Info> const char *spellingOf(const Info &I) { return I.Spelling; }
const char *spellingOf(const char *S) { return S; }

template <typename Table> std::optional<unsigned> indexOf(const Table &T, llvm::StringRef Spelling) {
  for (unsigned I = 0; I < std::size(T); ++I)
    if (Spelling == spellingOf(T[I]))
      return I;
  return std::nullopt;
}

} // namespace

const char *directiveSpelling(DirectiveKind K) { return info(K).Spelling; }
unsigned directiveFlags(DirectiveKind K) { return info(K).Flags; }

bool clauseAllowedOn(DirectiveKind D, ClauseKind C) {
  return (info(D).Families & info(C).Families) != 0;
}

std::optional<DirectiveKind> directiveKindOf(llvm::StringRef Spelling) {
  if (std::optional<unsigned> I = indexOf(Directives, Spelling))
    return static_cast<DirectiveKind>(*I);
  return std::nullopt;
}

const char *unsupportedDirectiveReason(llvm::StringRef Spelling) {
  return llvm::StringSwitch<const char *>(Spelling)
#define OMP_DIRECTIVE_UNSUPPORTED(Spelling, Reason) .Case(Spelling, Reason)
#include "OmpDirectives.def"
      .Default(nullptr);
}

bool isTwoWordDirective(llvm::StringRef First, llvm::StringRef Second) {
#define OMP_DIRECTIVE_SECOND_WORD(A, B)                                                            \
  if (First == A && Second == B)                                                                   \
    return true;
#include "OmpDirectives.def"
  return false;
}

const char *clauseSpelling(ClauseKind K) { return info(K).Spelling; }
ClauseForm clauseForm(ClauseKind K) { return info(K).Form; }

bool wantsIntegerExpr(ClauseKind K) {
  const ClauseForm F = clauseForm(K);
  return F == ClauseForm::IntExpr || F == ClauseForm::Count64 || F == ClauseForm::Schedule ||
         F == ClauseForm::Linear || F == ClauseForm::NumTeams || F == ClauseForm::DistSchedule;
}

bool clauseIsUnique(ClauseKind K) { return info(K).Unique; }

std::optional<ClauseKind> clauseKindOf(llvm::StringRef Spelling) {
  std::optional<unsigned> I = indexOf(Clauses, Spelling);
  // A directive's own list is not a clause that can be written.
  if (!I || Clauses[*I].Families == 0)
    return std::nullopt;
  return static_cast<ClauseKind>(*I);
}

bool isUnsupportedClause(llvm::StringRef Spelling) {
  return llvm::StringSwitch<bool>(Spelling)
#define OMP_CLAUSE_UNSUPPORTED(Spelling) .Case(Spelling, true)
#include "OmpClauses.def"
      .Default(false);
}

const char *scheduleSpelling(ScheduleKind K) { return info(K).Spelling; }
const char *scheduleAbiName(ScheduleKind K) { return info(K).AbiName; }
bool scheduleTakesMap(ScheduleKind K) { return info(K).TakesMap; }
bool scheduleTakesChunk(ScheduleKind K) { return info(K).TakesChunk; }

std::optional<ScheduleKind> scheduleKindOf(llvm::StringRef Spelling) {
  if (std::optional<unsigned> I = indexOf(Schedules, Spelling))
    return static_cast<ScheduleKind>(*I);
  return std::nullopt;
}

const char *reductionOpSpelling(ReductionOp Op) { return ReductionOps[static_cast<unsigned>(Op)]; }

std::optional<ReductionOp> reductionOpOf(llvm::StringRef Spelling) {
  if (std::optional<unsigned> I = indexOf(ReductionOps, Spelling))
    return static_cast<ReductionOp>(*I);
  return std::nullopt;
}

/// In the order of CancelKind.
static const char *const CancelKinds[] = {"parallel", "for", "sections", "taskgroup"};

const char *cancelKindSpelling(CancelKind Kind) { return CancelKinds[static_cast<unsigned>(Kind)]; }

std::optional<CancelKind> cancelKindOf(llvm::StringRef Spelling) {
  if (std::optional<unsigned> I = indexOf(CancelKinds, Spelling))
    return static_cast<CancelKind>(*I);
  return std::nullopt;
}

} // namespace omp2numa
