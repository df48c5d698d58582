//===- OmpModel.h - What an OpenMP pragma says, independent of the AST ---===//
//
// The clause model: the output of ClauseParser and the input of Binder.  Plain data; every piece
// keeps the source location a diagnostic about it should point at.  The kinds of directives,
// clauses and schedules, and the facts other stages ask about them, come from the lists in
// OmpDirectives.def, OmpClauses.def and OmpSchedules.def.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_OMPMODEL_H
#define OMP2NUMA_OMPMODEL_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace omp2numa {

/// One token of a pragma line, after macro expansion.
struct PragmaToken {
  std::string Spelling;
  clang::SourceLocation Loc;
  bool IsIdentifier = false; ///< an identifier or a keyword
  bool IsKeyword = false;
};

/// A clause argument that is a C expression, kept as tokens so that lowering can re-spell it in
/// the scope where it is evaluated.
struct ExprTokens {
  std::vector<PragmaToken> Tokens;
  clang::SourceLocation loc() const {
    return Tokens.empty() ? clang::SourceLocation() : Tokens.front().Loc;
  }
  bool contains(const PragmaToken *T) const {
    return !Tokens.empty() && T >= Tokens.data() && T < Tokens.data() + Tokens.size();
  }
};

/// One dimension `[lower : length]` of an array section after a list item (reduction clauses);
/// Lower may be empty (0), Length too (to the end of an array).
struct ArraySection {
  ExprTokens Lower, Length;
  clang::SourceLocation Loc; ///< the '['
};

/// A variable named in a clause list.
struct VarName {
  std::string Name;
  clang::SourceLocation Loc;
  std::vector<ArraySection> Sections; ///< an array section's dimensions, outermost first
};

// Directive facts (OmpDirectives.def) and clause families (OmpClauses.def).
enum DirectiveFlag : unsigned {
  DF_ASSOC = 1u << 0,
  DF_LOOP = 1u << 1,
  DF_OUTLINED = 1u << 2,
  DF_WORKSHARING = 1u << 3,
  DF_COMBINED = 1u << 4,
  DF_TASK = 1u << 5, ///< outlined into a task (task, taskloop): captures by task rules
  DF_SIMD = 1u << 6,
  DF_ANYWHERE = 1u << 7,
  DF_SPLIT = 1u << 8,
  DF_ONE_THREAD = 1u << 9,
  DF_TARGET = 1u << 10, ///< a target region: a task the encountering thread runs at once, as
                        ///< the initial thread of a device (the host), with the target's rules
  DF_TEAMS = 1u << 11,  ///< a league of teams: the body outlined, run once per team
  DF_DISTRIBUTE = 1u << 12, ///< a loop shared among the teams of a league
};
enum ClauseFamily : unsigned {
  CF_PARALLEL = 1u << 0,
  CF_LOOP = 1u << 1,
  CF_SECTIONS = 1u << 2,
  CF_SINGLE = 1u << 3,
  CF_MASKED = 1u << 4,
  CF_NOWAIT = 1u << 5,
  CF_TASK = 1u << 6,      ///< task
  CF_TASKLOOP = 1u << 7,  ///< taskloop
  CF_TASKGROUP = 1u << 8, ///< taskgroup
  CF_TASKWAIT = 1u << 9,  ///< taskwait
  CF_DEPOBJ = 1u << 10,   ///< depobj
  CF_SIMD = 1u << 11,
  CF_SCOPE = 1u << 12,
  CF_ERROR = 1u << 13,
  CF_ORDERED = 1u << 14,  ///< the stand-alone ordered: depend(sink/source), doacross
  CF_CANCEL = 1u << 15,   ///< cancel
  CF_SCAN = 1u << 16,     ///< scan
  CF_GENERIC_LOOP = 1u << 17, ///< the loop construct (bind, order, collapse, data sharing)
  CF_CRITICAL = 1u << 18, ///< critical: hint
  CF_ALLOCATE = 1u << 19, ///< the allocate directive: allocator, align
  CF_TARGET = 1u << 20,   ///< target: map, device, defaultmap, is_device_ptr, thread_limit...
  CF_TARGET_DATA = 1u << 21,   ///< target data: map, device, if, use_device_ptr/addr
  CF_TARGET_MOTION = 1u << 22, ///< target enter/exit data, target update: device, if, nowait,
                               ///< depend (and map, or to/from)
  CF_TEAMS = 1u << 23,      ///< teams: num_teams, thread_limit, data sharing, reduction
  CF_DISTRIBUTE = 1u << 24, ///< distribute: dist_schedule, collapse, private, lastprivate...
  CF_LINEAR = 1u << 25, ///< linear on a worksharing loop; not on one combined with distribute,
                        ///< whose simd part alone takes it (gcc 12)
};

enum class DirectiveKind {
#define OMP_DIRECTIVE(Enum, Spelling, Flags, Families) Enum,
#include "OmpDirectives.def"
};

enum class ClauseKind {
#define OMP_CLAUSE(Enum, Spelling, Form, Families, Unique) Enum,
#include "OmpClauses.def"
};

/// How a clause's argument is written, which decides how it is parsed.
enum class ClauseForm {
  None,      ///< nowait
  VarList,   ///< (a, b, c)
  Expr,      ///< (expression)
  IntExpr,   ///< (integer expression): num_threads, filter, priority
  If,        ///< ([parallel :] expression)
  Count,     ///< (positive integer constant)
  Name,      ///< (identifier)
  Reduction, ///< (op : list)
  Default,   ///< (shared | none | firstprivate | private)
  ProcBind,  ///< (primary | close | spread)
  Schedule,  ///< ([modifier :] kind [(map)] [, chunk])
  Ordered,   ///< nothing, or (n): a doacross loop nest of n loops
  Doacross,  ///< (source[:]) or (sink: var [+|- offset], ...): the stand-alone ordered
  Depend,    ///< (type : item, item...), items lvalues or array sections
  Count64,   ///< ([strict :] expression): grainsize, num_tasks
  DependType, ///< (in | out | inout | mutexinoutset | inoutset): depobj's update
  Linear,    ///< ([val(] list [)] [: step])
  Aligned,   ///< (list [: alignment])
  Length,    ///< (positive integer constant): safelen, simdlen
  Keyword,   ///< ([modifier :] word): order(concurrent), at(execution), severity(warning)
  Allocate,  ///< ([allocator :] list), ([allocator(expr)] [, align(n)] : list), in either order
  Align,     ///< (positive integer constant, a power of two): the allocate directive's align
  SyncHint,  ///< (constant omp_sync_hint_t expression): critical's hint
  Map,       ///< ([modifiers,] [type :] item, ...): map, to, from and the device address lists;
             ///< items are lvalues or array sections, kept as tokens (Clause::Depends)
  Defaultmap, ///< (behavior [: category])
  Device,    ///< ([ancestor | device_num :] expression)
  NumTeams,  ///< ([lower-bound :] upper-bound)
  DistSchedule, ///< (static [, chunk])
};

enum class ScheduleKind {
#define OMP_SCHEDULE(Enum, Spelling, Abi, TakesMap, TakesChunk) Enum,
#include "OmpSchedules.def"
};

/// The form of an atomic construct.
enum class AtomicKind { Read, Write, Update, Capture };

/// Reduction operators of the reduction clause; User: an identifier of `declare reduction`.
enum class ReductionOp { Add, Mul, Sub, BitAnd, BitOr, BitXor, LogAnd, LogOr, Min, Max, User };

/// Dependence types of the depend clause (the ABI's __OMP2NUMA_DEPEND_* in this order, from 1).
enum class DependKind { In = 1, Out, Inout, Mutexinoutset, Inoutset, Depobj };

/// One item of a depend clause: an lvalue expression or an array section, as tokens.
struct DependItem {
  DependKind Kind;
  ExprTokens Expr;
};

/// One iterator of depend's iterator modifier, `[type] name = begin : end [: step]`: the clause's
/// items stand for one item per value begin, begin + step, ... before end (after it, for a
/// negative step).
struct DependIterator {
  ExprTokens Type; ///< as written; empty for int
  std::string Name;
  clang::SourceLocation Loc; ///< the name
  ExprTokens Begin, End, Step; ///< Step empty: 1
};

/// The construct a cancel or cancellation point construct names (its construct-type clause).
enum class CancelKind { Parallel, For, Sections, Taskgroup };
/// `parallel`, `for`, `sections`, `taskgroup`.
const char *cancelKindSpelling(CancelKind Kind);
std::optional<CancelKind> cancelKindOf(llvm::StringRef Spelling);

/// One loop's part of a sink vector: `var`, `var + offset` or `var - offset` (offset an integer
/// literal, signed here).
struct SinkItem {
  std::string Var;
  clang::SourceLocation Loc; ///< the variable
  long long Offset = 0;
};

enum class ScheduleModifier { None, Monotonic, Nonmonotonic };
enum class DefaultKind { Shared, None, Firstprivate, Private };
enum class ProcBindKind { Primary, Close, Spread };

// Facts from the lists.
const char *directiveSpelling(DirectiveKind Kind);
unsigned directiveFlags(DirectiveKind Kind);
/// Whether directive D accepts clause C.
bool clauseAllowedOn(DirectiveKind D, ClauseKind C);
std::optional<DirectiveKind> directiveKindOf(llvm::StringRef Spelling);
/// The reason a directive OpenMP has is rejected; null for directives omp2numa does not reject.
const char *unsupportedDirectiveReason(llvm::StringRef Spelling);
/// Whether First Second is a two-word directive name (`declare reduction`).
bool isTwoWordDirective(llvm::StringRef First, llvm::StringRef Second);

const char *clauseSpelling(ClauseKind Kind);
ClauseForm clauseForm(ClauseKind Kind);
/// Whether the clause's expression must have an integer type (gcc: "expected integer
/// expression"): IntExpr clauses, grainsize and num_tasks, a schedule's chunk, a linear step.
bool wantsIntegerExpr(ClauseKind Kind);
bool clauseIsUnique(ClauseKind Kind);
std::optional<ClauseKind> clauseKindOf(llvm::StringRef Spelling);
bool isUnsupportedClause(llvm::StringRef Spelling);

const char *scheduleSpelling(ScheduleKind Kind);
/// The kind's constant in omp2numa-abi.h, as emitted.
const char *scheduleAbiName(ScheduleKind Kind);
bool scheduleTakesMap(ScheduleKind Kind);
bool scheduleTakesChunk(ScheduleKind Kind);
std::optional<ScheduleKind> scheduleKindOf(llvm::StringRef Spelling);

const char *reductionOpSpelling(ReductionOp Op);
std::optional<ReductionOp> reductionOpOf(llvm::StringRef Spelling);

struct Clause {
  ClauseKind Kind;
  clang::SourceLocation Loc; ///< the clause name
  std::vector<VarName> Vars; ///< variable-list clauses
  ReductionOp Op = ReductionOp::Add;
  std::string ReductionId; ///< the reduction's operator or identifier, as written
  ExprTokens Lower; ///< num_teams' lower bound (empty: none)
  ExprTokens Expr; ///< num_threads, if, schedule chunk, dist_schedule chunk, num_teams, filter, linear step, message, final,
                   ///< priority, grainsize, num_tasks, allocate's allocator (empty: the
                   ///< default), allocator
  std::vector<DependItem> Depends; ///< depend; a task's affinity: its locators (kind In); the
                                   ///< items of map, to, from and the device address lists
  std::vector<DependIterator> Iterators; ///< depend(iterator(...), type: list),
                                         ///< affinity(iterator(...): list)
  bool Strict = false; ///< grainsize(strict: n), num_tasks(strict: n)
  DependKind Dependence = DependKind::In; ///< depobj's update(type)
  unsigned Count = 0; ///< collapse(n), ordered(n) (0: no argument), safelen(n), simdlen(n),
                      ///< aligned(list: n), allocate's align(n) (0: none), align(n)
  std::vector<SinkItem> Sink; ///< doacross(sink: ...); empty for doacross(source)
  /// hint(expr): its value, when the parser could compute it (ClauseParser's parseSyncHint)
  std::optional<long long> SyncHint;
  /// if's modifier (parallel, simd, task, taskloop, target, target data...); reduction's
  /// (inscan, default); the word of a Keyword clause; map's type; defaultmap's behavior; device's
  /// modifier
  std::string Keyword;
  std::string Name; ///< a loop's affinity(name); order's modifier; doacross as written (depend,
                    ///< doacross); defaultmap's category (empty: all)
  DefaultKind Default = DefaultKind::Shared;
  ProcBindKind ProcBind = ProcBindKind::Close;
  ScheduleKind Schedule = ScheduleKind::Static;
  ScheduleModifier Modifier = ScheduleModifier::None;
  std::optional<VarName> ScheduleMap; ///< genblock/indirect/wf2 array argument
  clang::SourceLocation ScheduleKindLoc;
};

/// `declare reduction(id : type, ... : combiner) [initializer(...)]`, as tokens.
struct DeclaredReduction {
  std::string Id; ///< an operator (`+`) or an identifier
  clang::SourceLocation IdLoc;
  std::vector<ExprTokens> Types; ///< one per type of the list
  ExprTokens Combiner;           ///< over omp_out and omp_in
  ExprTokens Initializer; ///< `omp_priv = expr` or a call, over omp_priv and omp_orig; or empty
};

/// One trait of a declare variant's context selector, as written: `kind(host)` of the device
/// set, `vendor(score(5): gnu)` of the implementation set, `parallel` of the construct set.
struct SelectorTrait {
  std::string Set;  ///< construct, device, implementation or user
  std::string Name; ///< kind, arch, isa, vendor, extension, condition, target, parallel...
  clang::SourceLocation Loc;
  std::vector<ExprTokens> Properties; ///< the comma-separated items in its parentheses
  std::optional<long> Score;          ///< its score(n)
};

/// declare variant(variant) match(context selector).
struct DeclaredVariant {
  std::string Name; ///< the variant function
  clang::SourceLocation NameLoc;
  std::vector<SelectorTrait> Traits;
};

/// One `#pragma omp ...` line (or `_Pragma("omp ...")`), parsed.
struct Directive {
  DirectiveKind Kind;
  /// The directive as written, when the binder replaced Kind by the one it lowers to (loop).
  std::optional<DirectiveKind> Written;
  clang::SourceLocation Loc;     ///< `#` of `#pragma`, or `_Pragma`
  clang::SourceLocation NameLoc; ///< the directive name
  clang::SourceLocation EndLoc;  ///< end of the pragma line
  std::vector<Clause> Clauses;
  std::string Text; ///< the pragma as written after macro expansion, for comments
  std::string CriticalName; ///< critical(name); empty for the unnamed critical
  AtomicKind Atomic = AtomicKind::Update;
  bool AtomicCompare = false; ///< atomic compare (OpenMP 5.1), with update or capture
  DeclaredReduction Reduction; ///< declare reduction
  DeclaredVariant Variant;     ///< declare variant
  std::optional<CancelKind> Cancel; ///< cancel, cancellation point: the construct named
  bool OrderedThreads = false, OrderedSimd = false; ///< ordered's threads and simd words
  /// The inner part of a combined construct split in two (CombinedSplit.h): it shares the
  /// pragma with the outer part, and its text starts at the end of the pragma line.
  bool InnerPart = false;

  const Clause *find(ClauseKind K) const {
    for (const Clause &C : Clauses)
      if (C.Kind == K)
        return &C;
    return nullptr;
  }
  bool has(ClauseKind K) const { return find(K) != nullptr; }
  /// Whether a reduction clause has the inscan modifier: the loop runs a scan's two passes.
  bool hasInscanReduction() const {
    for (const Clause &C : Clauses)
      if (C.Kind == ClauseKind::Reduction && C.Keyword == "inscan")
        return true;
    return false;
  }

  /// `'#pragma omp <name>'`, for diagnostics.
  std::string quotedName() const {
    return std::string("'#pragma omp ") + directiveSpelling(Written.value_or(Kind)) + "'";
  }
  /// True for directives that apply to the statement that follows them (an ordered directive
  /// with depend(source/sink) or doacross clauses stands alone).
  bool hasAssociatedStmt() const {
    return (directiveFlags(Kind) & DF_ASSOC) && !has(ClauseKind::Doacross);
  }
  /// A loop construct (for, parallel for): its statement is a canonical loop nest.
  bool isLoop() const { return directiveFlags(Kind) & DF_LOOP; }
  /// Outlined into a function: run by a new team (parallel and the combined constructs) or as
  /// tasks (isTask).
  bool isOutlined() const { return directiveFlags(Kind) & DF_OUTLINED; }
  /// Shares work and privatises in its own block (for, sections, single, and the worksharing
  /// part of the combined constructs).
  bool isWorksharing() const { return directiveFlags(Kind) & DF_WORKSHARING; }
  /// Outlined into a task (task, taskloop, target).
  bool isTask() const { return directiveFlags(Kind) & DF_TASK; }
  /// A target region: a task whose body runs as the initial thread of a new team, so that
  /// worksharing constructs and barriers in it bind to that team of one.
  bool isTarget() const { return directiveFlags(Kind) & DF_TARGET; }
  /// Starts the implicit task of a new team: a parallel region (alone or combined), a target
  /// region or a teams region.
  bool startsTeam() const { return isOutlined() && (!isTask() || isTarget()); }
  /// A teams region: its body runs once per team of the league, on the encountering thread.
  bool isTeams() const { return directiveFlags(Kind) & DF_TEAMS; }
  /// A distribute loop (alone, with simd, or with parallel for): its iterations are shared
  /// among the teams of the league.
  bool isDistribute() const { return directiveFlags(Kind) & DF_DISTRIBUTE; }
  /// A simd loop or a composite construct with a simd part (taskloop simd): it takes the simd
  /// clauses, and its loop variables are linear or lastprivate.
  bool hasSimdPart() const { return clauseAllowedOn(Kind, ClauseKind::Simdlen); }
  /// A taskloop, alone or combined (taskloop simd, master taskloop, ...).
  bool isTaskloop() const { return isTask() && isLoop(); }
  /// Run by the filter's thread only: master or masked, alone or combined.
  bool isMaskedCombination() const {
    return Kind == DirectiveKind::MasterTaskloop || Kind == DirectiveKind::MasterTaskloopSimd ||
           Kind == DirectiveKind::MaskedTaskloop || Kind == DirectiveKind::MaskedTaskloopSimd;
  }
  /// A parallel construct combined with a worksharing one.
  bool isCombined() const { return directiveFlags(Kind) & DF_COMBINED; }
  /// Shares its work among the threads of a team: for, sections, single, alone or combined with
  /// parallel (distribute parallel for too); not distribute alone (its teams share it) nor scope.
  bool sharesAmongThreads() const {
    return isWorksharing() && Kind != DirectiveKind::Scope && (!isDistribute() || isCombined());
  }
  /// A simd loop: a `#pragma omp simd` hint stays on the loop that runs its iterations.
  bool isSimd() const { return directiveFlags(Kind) & DF_SIMD; }
  /// Its block runs on one thread at a time (single, master, critical, a section, ...).
  bool isOneThreadAtATime() const { return directiveFlags(Kind) & DF_ONE_THREAD; }
  /// Not a statement (nothing, error at compilation, declare simd): may stand anywhere.
  bool isAnywhere() const {
    const Clause *At = find(ClauseKind::At);
    return (directiveFlags(Kind) & DF_ANYWHERE) && !(At && At->Keyword == "execution");
  }
  /// The if clause that applies to the construct Name names (parallel, simd): the one with that
  /// modifier, else the one without.
  const Clause *findIf(llvm::StringRef Name) const {
    const Clause *Plain = nullptr;
    for (const Clause &C : Clauses)
      if (C.Kind == ClauseKind::If && C.Keyword == Name)
        return &C;
      else if (C.Kind == ClauseKind::If && C.Keyword.empty())
        Plain = &C;
    return Plain;
  }
  /// The collapse(n) count, 1 without the clause.
  unsigned collapse() const {
    const Clause *C = find(ClauseKind::Collapse);
    return C ? C->Count : 1;
  }
  /// The n of ordered(n): the loops of a doacross nest; 0 without it (no clause, or `ordered`).
  unsigned doacross() const {
    const Clause *C = find(ClauseKind::Ordered);
    return C ? C->Count : 0;
  }
  /// The loops associated with a loop construct: collapse(n)'s, or ordered(n)'s (n >= collapse).
  unsigned associatedLoops() const { return std::max(collapse(), doacross()); }
  /// An ordered clause without argument: ordered regions run in the order of the iterations.
  bool orderedRegions() const { return has(ClauseKind::Ordered) && !doacross(); }
};

} // namespace omp2numa

#endif
