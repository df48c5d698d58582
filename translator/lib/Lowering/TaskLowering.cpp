//===- TaskLowering.cpp - task, taskloop, taskwait, taskgroup, taskyield --===//
//
// A task's body moves into a function (Outliner.h); at the construct, the task's block is
// allocated by the runtime, filled with the firstprivate values and the addresses of shared
// variables, and submitted with its flags and dependences:
//
//   { static const struct __omp2numa_task_site __o2n_site = {"fib.c", 14};
//     struct __o2n_ctx_14 *const __o2n_task = (struct __o2n_ctx_14 *)__omp2numa_task_alloc(
//         &__o2n_site, sizeof(struct __o2n_ctx_14), _Alignof(struct __o2n_ctx_14));
//     __builtin_memcpy(__o2n_task, &(struct __o2n_ctx_14){.n = n, .x = &x},
//                      sizeof(struct __o2n_ctx_14));
//     struct __omp2numa_depend __o2n_deps[] = {{(void *)&(x), __OMP2NUMA_DEPEND_OUT}};
//     __omp2numa_task_submit(__o2n_task, __o2n_task_14, 0, 0, __o2n_deps, 1); }
//
// A target region is such a task, submitted by __omp2numa_target_submit, which runs it at once as a
// new initial thread (TargetLowering.h).
//
// A taskloop's tasks each run a range of logical iterations of the loop (LoopLowering), with
// their own copy of the context the construct fills on its stack.
//
//===----------------------------------------------------------------------===//
#include "TaskLowering.h"
#include "CancelLowering.h"
#include "DependLowering.h"
#include "LoopLowering.h"
#include "Outliner.h"
#include "SimdLowering.h"
#include "SyncLowering.h"
#include "TargetLowering.h"

using namespace clang;

namespace omp2numa {

namespace {

/// The flags argument: clause expressions evaluated where the construct is.
std::string taskFlags(LoweringContext &L, const Construct *C) {
  std::vector<std::string> Flags;
  if (const Clause *If = C->Dir.findIf(C->Dir.Kind == DirectiveKind::Task ? "task" : "taskloop"))
    Flags.push_back("(" + L.exprText(C, C->Parent, If->Expr) +
                    " ? 0 : __OMP2NUMA_TASK_UNDEFERRED)");
  if (const Clause *Final = C->Dir.find(ClauseKind::Final))
    Flags.push_back("(" + L.exprText(C, C->Parent, Final->Expr) + " ? __OMP2NUMA_TASK_FINAL : 0)");
  const std::pair<ClauseKind, const char *> Constant[] = {
      {ClauseKind::Untied, "__OMP2NUMA_TASK_UNTIED"},
      {ClauseKind::Mergeable, "__OMP2NUMA_TASK_MERGEABLE"},
      {ClauseKind::Priority, "__OMP2NUMA_TASK_PRIORITY"},
      {ClauseKind::Detach, "__OMP2NUMA_TASK_DETACH"},
      {ClauseKind::Nogroup, "__OMP2NUMA_TASKLOOP_NOGROUP"},
      {ClauseKind::Grainsize, "__OMP2NUMA_TASKLOOP_GRAINSIZE"},
      {ClauseKind::NumTasks, "__OMP2NUMA_TASKLOOP_NUM_TASKS"}};
  for (const auto &[Kind, Name] : Constant)
    if (C->Dir.has(Kind))
      Flags.push_back(Name);
  for (ClauseKind K : {ClauseKind::Grainsize, ClauseKind::NumTasks})
    if (const Clause *Count = C->Dir.find(K); Count && Count->Strict)
      Flags.push_back("__OMP2NUMA_TASKLOOP_STRICT");
  return joinFlags(Flags);
}

std::string priorityValue(LoweringContext &L, const Construct *C) {
  const Clause *Priority = C->Dir.find(ClauseKind::Priority);
  return Priority ? "(int)" + L.integerText(C, C->Parent, Priority->Expr) : "0";
}

std::string siteDecl(LoweringContext &L, const Construct *C) {
  return "  static const struct __omp2numa_task_site __o2n_site = {" + L.siteLocation(C) + "};\n";
}

/// One task construct: its outlined function and its creation at the construct.
class TaskCreation {
public:
  TaskCreation(LoweringContext &L, const Construct *C)
      : L(L), C(C), Out(L, C), Fn("__o2n_task_" + Out.Suffix) {}

  bool run(const std::string &Body, const std::string &SiteText) {
    if (!Out.addCaptures())
      return false;
    std::optional<ReductionCode> Red = lowerReductions(L, C, PrivateLevel::Region);
    if (!Red)
      return false;
    Out.emitFunction(Fn, "", Red->Definitions,
                     Red->Targets + Red->Privates + "\n" + Body + "\n" + cancelLabel(L, C) +
                         Red->Combine);
    L.Out.replace(C->Range, creation(SiteText));
    return true;
  }

private:
  LoweringContext &L;
  const Construct *C;
  Outliner Out;
  const std::string Fn;

  /// detach(event): the event is stored in the variable before the block copies it.
  std::string detachEvent() const {
    for (const ClauseVar &CV : C->Vars)
      if (CV.Kind == ClauseKind::Detach)
        return "  " + L.Sharing.spell(CV.Var, C->Parent) +
               " = (omp_event_handle_t)__omp2numa_task_event(__o2n_task);\n";
    return "";
  }

  std::string creation(const std::string &SiteText) const {
    std::string S = L.pragmaComment(C) + SiteText + "\n{\n" + L.keepOriginals(C) +
                    Out.KeepTypedefs + siteDecl(L, C);
    const std::string Type = Out.empty() ? "void" : Out.CtxType;
    const std::string Size = Out.empty() ? "0" : "sizeof(" + Out.CtxType + ")" + Out.extraBytes();
    const std::string Align = Out.empty() ? "1" : "_Alignof(" + Out.CtxType + ")";
    S += "  " + Type + " *const __o2n_task = (" + Type + " *)__omp2numa_task_alloc(&__o2n_site, " +
         Size + ", " + Align + ");\n";
    S += detachEvent();
    if (!Out.empty()) {
      // Copied from a compound literal, not assigned: a member may be a struct with a const
      // member (a firstprivate struct), which C does not assign.
      S += "  __builtin_memcpy(__o2n_task, &(" + Out.CtxType + ")" +
           (Out.initialiser().empty() ? "{0}" : Out.initialiser()) + ", sizeof(" + Out.CtxType +
           "));\n";
      const std::string Arrays = Out.copyArraysInto("__o2n_task->");
      if (Arrays.find("__o2n_extra") != std::string::npos)
        S += "  char *__o2n_extra = (char *)__o2n_task + sizeof(" + Out.CtxType + ");\n";
      S += Arrays;
    }
    const DependArray Deps = lowerDependClauses(L, C);
    // The compiler's messages about the clauses (affinity and depend items, flags) name the
    // pragma's line.
    const std::string Marker = L.Out.lineMarker(C->Dir.Loc);
    if (C->Dir.isTarget()) {
      S += deviceClauseChecks(L, C) + Marker + Deps.Fill;
      S += "  __omp2numa_target_submit(__o2n_task, " + Fn + ", " + targetThreadLimit(L, C) +
           ", " + Deps.Array + ", " + Deps.Count + ");\n";
      return S + Deps.Free + "}";
    }
    const std::string Affinity = affinityChecks(L, C);
    S += Marker + (Affinity.empty() ? "" : Affinity + Marker) + Deps.Fill;
    S += "  __omp2numa_task_submit(__o2n_task, " + Fn + ", " + taskFlags(L, C) + ", " +
         priorityValue(L, C) + ", " + Deps.Array + ", " + Deps.Count + ");\n";
    return S + Deps.Free + "}";
  }
};

/// One taskloop: the function its tasks run and the call at the construct.
class TaskloopLowering {
public:
  TaskloopLowering(LoweringContext &L, const Construct *C)
      : L(L), C(C), Out(L, C), Fn("__o2n_taskloop_" + Out.Suffix) {}

  bool run() {
    std::optional<std::vector<LinearItem>> Linear =
        linearItems(L, C, DataSharing::loopVariables(C), C->Parent, /*InLoopHeader=*/false);
    if (!Linear)
      return false;
    std::optional<TaskloopNest> Nest = lowerTaskloopNest(L, C, linearValues(*Linear));
    if (!Nest || !Out.addCaptures())
      return false;
    std::optional<ReductionCode> Red = lowerReductions(L, C, PrivateLevel::Region);
    if (!Red)
      return false;
    std::string Carried;
    for (const TaskloopNest::CarriedValue &Part : Nest->Carried) {
      Out.addMember(Part.Member, Part.Name, Part.Name);
      Carried += "  " + Part.Local + " = __o2n_ctx->" + Part.Name + ";\n  (void)" + Part.Name +
                 ";\n";
    }
    const std::string Last = lastprivates(*Nest);
    Out.emitFunction(Fn, ", uint64_t __o2n_lo, uint64_t __o2n_hi", Red->Definitions,
                     Carried + LastLocals + Nest->Locals + Red->Targets + Red->Privates +
                         Nest->Loop + cancelLabel(L, C) + Last + Red->Combine);
    L.replaceRebuilt(C, C->Dir.isMaskedCombination() ? maskedBlock(L, C, call(*Nest))
                                                      : call(*Nest));
    return true;
  }

private:
  LoweringContext &L;
  const Construct *C;
  Outliner Out;
  const std::string Fn;
  std::string LastLocals;

  /// Linear variables (taskloop simd): each task's copy starts from the value where the tasks
  /// are created (__o2n_first_x, the Outliner's), and takes in each logical iteration k that
  /// value plus k times the step, evaluated there too; the task of the last iteration writes it
  /// back (lastprivates), as gcc does.
  std::string linearValues(const std::vector<LinearItem> &Items) {
    std::string S;
    for (const LinearItem &Item : Items) {
      const std::string Name = Item.CV->Var->getName().str(), Step = "__o2n_linstep_" + Name;
      Out.addMember("uint64_t " + Step, Step, "(uint64_t)" + Item.Step);
      S += "    " + L.Sharing.spell(Item.CV->Var, C) + " = " +
           linearValueAt(L, Item, "__o2n_ctx->__o2n_first_" + Name, "__o2n_ctx->" + Step) +
           ";\n";
    }
    return S;
  }

  /// Lastprivate and linear variables: private in each task; the task that ran the last
  /// iteration writes them back.
  std::string lastprivates(const TaskloopNest &Nest) {
    std::string Back = Nest.LastValues;
    const std::vector<const VarDecl *> LoopVars = DataSharing::loopVariables(C);
    for (const ClauseVar &CV : C->Vars) {
      if ((CV.Kind != ClauseKind::Lastprivate && CV.Kind != ClauseKind::Linear) ||
          std::find(LoopVars.begin(), LoopVars.end(), CV.Var) != LoopVars.end())
        continue;
      const std::string Name = CV.Var->getName().str();
      if (!C->has(CV.Var, ClauseKind::Firstprivate) && CV.Kind == ClauseKind::Lastprivate)
        LastLocals += "  " + L.Types.declare(CV.Var->getType().getUnqualifiedType(), Name) + ";\n";
      Back += CV.Var->getType()->isArrayType()
                  ? "    __builtin_memcpy(__o2n_ctx->" + Name + ", " + Name + ", sizeof " + Name +
                        ");\n"
                  : "    *__o2n_ctx->" + Name + " = " + Name + ";\n";
    }
    return Back.empty() ? ""
                        : "  if (__o2n_hi == __o2n_n && __o2n_lo < __o2n_hi) {\n" + Back + "  }\n";
  }

  std::string count() const {
    for (ClauseKind K : {ClauseKind::Grainsize, ClauseKind::NumTasks})
      if (const Clause *Count = C->Dir.find(K))
        return "(uint64_t)" + L.integerText(C, C->Parent, Count->Expr);
    return "0";
  }

  std::string call(const TaskloopNest &Nest) const {
    std::string S = "{\n" + L.keepOriginals(C) + Out.KeepTypedefs + siteDecl(L, C) + Nest.Header;
    // Linear steps are evaluated in the initialiser: the compiler's messages about them name the
    // pragma's line.
    if (C->Dir.has(ClauseKind::Linear))
      S += L.Out.lineMarker(C->Dir.Loc);
    // Not __o2n_ctx: inside an outlined region that names the region's own context.
    S += "  " + Out.CtxType + " __o2n_args = " + Out.initialiser() + ";\n";
    const std::string Extra = Out.extraBytes();
    std::string Block = "&__o2n_args", Size = "sizeof __o2n_args";
    if (Extra.empty()) {
      S += Out.copyArraysInto("__o2n_args.");
    } else {
      S += blockWithArrays(Extra);
      Block = "__o2n_block";
      Size = "sizeof(" + Out.CtxType + ")" + Extra;
    }
    S += L.Out.lineMarker(C->Dir.Loc) + "  __omp2numa_taskloop(&__o2n_site, " + Fn + ", " +
         Block + ", " + Size + ", _Alignof(" + Out.CtxType + "), __o2n_n, " + count() + ", " +
         taskFlags(L, C) + ", " + priorityValue(L, C) + ");\n";
    return S + "}";
  }

  /// Firstprivate variable-length arrays: the runtime copies the block it is given for each
  /// task, so their values go after the struct in it, as in a task's block; each member holds its
  /// array's offset, since an address would point into this block, which the tasks may outlive
  /// (nogroup).  The block is a variable-length array of the struct, for its alignment, freed
  /// at the end of the construct's block even in a loop.
  std::string blockWithArrays(const std::string &Extra) const {
    const std::string Size = "sizeof(" + Out.CtxType + ")";
    return "  " + Out.CtxType + " __o2n_blockv[(" + Size + Extra + " + " + Size + " - 1) / " +
           Size + "];\n  char *const __o2n_block = (char *)__o2n_blockv;\n" +
           "  char *__o2n_extra = __o2n_block + " + Size + ";\n" +
           Out.copyArraysIntoBlock("__o2n_args.") +
           "  __builtin_memcpy(__o2n_block, &__o2n_args, sizeof __o2n_args);\n";
  }
};

} // namespace

bool lowerTask(LoweringContext &L, const Construct *C, const std::string &Body,
               const std::string &SiteText) {
  return TaskCreation(L, C).run(Body, SiteText);
}

bool lowerTaskloop(LoweringContext &L, const Construct *C) { return TaskloopLowering(L, C).run(); }

Lowered lowerTaskwait(LoweringContext &L, const Construct *C) {
  if (C->Dir.Kind == DirectiveKind::Taskyield)
    return std::string(" __omp2numa_taskyield();");
  const DependArray Deps = lowerDependClauses(L, C);
  if (Deps.Fill.empty())
    return std::string(" __omp2numa_taskwait();");
  return "{\n" + L.Out.lineMarker(C->Dir.Loc) + Deps.Fill + "  __omp2numa_taskwait_depend(" +
         Deps.Array + ", " + Deps.Count + ");\n" + Deps.Free + "}";
}

Lowered lowerDepobj(LoweringContext &L, const Construct *C) {
  const std::string Address =
      "(void *)&" + L.exprText(C, C->Parent, C->Dir.find(ClauseKind::DirectiveList)->Expr);
  if (const Clause *Depend = C->Dir.find(ClauseKind::Depend))
    return " __omp2numa_depobj_init(" + Address + ", " +
           dependAddress(L, C, Depend->Depends[0].Expr) + ", " +
           dependKindName(Depend->Depends[0].Kind) + ");";
  if (const Clause *Update = C->Dir.find(ClauseKind::Update))
    return " __omp2numa_depobj_update(" + Address + ", " + dependKindName(Update->Dependence) +
           ");";
  return " __omp2numa_depobj_destroy(" + Address + ");";
}

Lowered lowerTaskgroup(LoweringContext &L, const Construct *C) {
  Lowered Body = L.bodyText(C);
  std::optional<ReductionCode> Red = lowerTaskReductions(L, C);
  if (!Body || !Red)
    return std::nullopt;
  if (Red->Privates.empty())
    return "{\n  __omp2numa_taskgroup_start();\n" + *Body + "\n  __omp2numa_taskgroup_end();\n}";
  // task_reduction: the group's tasks combine their in_reduction copies into its accumulators,
  // and the accumulators are combined into the originals at its end, which the body may use
  // meanwhile.
  L.insertBeforeFunction(C, Red->Definitions);
  return "{\n" + Red->Targets + Red->Privates +
         "  __omp2numa_taskgroup_start_reduction(__o2n_taskred, sizeof __o2n_taskred / sizeof "
         "*__o2n_taskred);\n" +
         *Body + "\n  __omp2numa_taskgroup_end();\n" + Red->Combine + "}";
}

} // namespace omp2numa
