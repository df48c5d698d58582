//===- OmpModel.h - What an OpenMP pragma says, independent of the AST ---===//
//
// The clause model: the output of ClauseParser and the input of Binder.  Plain data; every piece
// keeps the source location a diagnostic about it should point at.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_OMPMODEL_H
#define OMP2NUMA_OMPMODEL_H

#include "clang/Basic/SourceLocation.h"
#include <optional>
#include <string>
#include <vector>

namespace omp2numa {

/// One token of a pragma line, after macro expansion.
struct PragmaToken {
  std::string Spelling;
  clang::SourceLocation Loc;
  bool IsIdentifier = false;
};

/// A clause argument that is a C expression, kept as tokens so that lowering can re-spell it in
/// the scope where it is evaluated.
struct ExprTokens {
  std::vector<PragmaToken> Tokens;
  clang::SourceLocation loc() const {
    return Tokens.empty() ? clang::SourceLocation() : Tokens.front().Loc;
  }
};

/// A variable named in a clause list.
struct VarName {
  std::string Name;
  clang::SourceLocation Loc;
};

enum class DirectiveKind {
  Parallel,
  For,
  ParallelFor,
  Sections,
  ParallelSections,
  Section,
  Single,
  Master,
  Masked,
  Critical,
  Atomic,
  Ordered,
  Barrier,
  Flush,
  Threadprivate,
};

/// The form of an atomic construct.
enum class AtomicKind { Read, Write, Update, Capture };

/// The spelling of a directive kind, as written after `#pragma omp`.
const char *directiveSpelling(DirectiveKind Kind);

enum class ClauseKind {
  Private,
  Firstprivate,
  Shared,
  Default,
  Reduction,
  NumThreads,
  If,
  Nowait,
  ProcBind,
  Schedule,
  Lastprivate,
  Copyprivate,
  Copyin,
  Collapse,
  Ordered,
  Filter,
  Affinity,
  ThreadprivateList, ///< the variable list of `threadprivate(list)` (and of `flush(list)`)
};

const char *clauseSpelling(ClauseKind Kind);

/// Reduction operators of the reduction clause.
enum class ReductionOp { Add, Mul, Sub, BitAnd, BitOr, BitXor, LogAnd, LogOr, Min, Max };

const char *reductionOpSpelling(ReductionOp Op);

/// Schedule kinds of the schedule clause, with the runtime's values (omp2numa-abi.h).
enum class ScheduleKind {
  Static,
  Dynamic,
  Guided,
  Auto,
  Runtime,
  Adaptive,
  Fac2,
  Tss,
  Wf2,
  Rand,
  Genblock,
  Indirect,
};

enum class ScheduleModifier { None, Monotonic, Nonmonotonic };
enum class DefaultKind { Shared, None };
enum class ProcBindKind { Primary, Close, Spread };

struct Clause {
  ClauseKind Kind;
  clang::SourceLocation Loc; ///< the clause name
  std::vector<VarName> Vars; ///< variable-list clauses
  ReductionOp Op = ReductionOp::Add;
  ExprTokens Expr; ///< num_threads, if, schedule chunk, filter
  unsigned Count = 0; ///< collapse(n)
  std::string Name; ///< affinity(name)
  DefaultKind Default = DefaultKind::Shared;
  ProcBindKind ProcBind = ProcBindKind::Close;
  ScheduleKind Schedule = ScheduleKind::Static;
  ScheduleModifier Modifier = ScheduleModifier::None;
  std::optional<VarName> ScheduleMap; ///< genblock/indirect/wf2 array argument
  clang::SourceLocation ScheduleKindLoc;
};

/// One `#pragma omp ...` line (or `_Pragma("omp ...")`), parsed.
struct Directive {
  DirectiveKind Kind;
  clang::SourceLocation Loc;     ///< `#` of `#pragma`, or `_Pragma`
  clang::SourceLocation NameLoc; ///< the directive name
  clang::SourceLocation EndLoc;  ///< end of the pragma line
  std::vector<Clause> Clauses;
  std::string Text; ///< the pragma as written after macro expansion, for comments
  std::string CriticalName; ///< critical(name); empty for the unnamed critical
  AtomicKind Atomic = AtomicKind::Update;

  const Clause *find(ClauseKind K) const {
    for (const Clause &C : Clauses)
      if (C.Kind == K)
        return &C;
    return nullptr;
  }
  bool has(ClauseKind K) const { return find(K) != nullptr; }
  /// True for directives that apply to the statement that follows them.
  bool hasAssociatedStmt() const {
    return Kind != DirectiveKind::Barrier && Kind != DirectiveKind::Flush &&
           Kind != DirectiveKind::Threadprivate;
  }
  /// The collapse(n) count, 1 without the clause.
  unsigned collapse() const {
    const Clause *C = find(ClauseKind::Collapse);
    return C ? C->Count : 1;
  }
};

} // namespace omp2numa

#endif
