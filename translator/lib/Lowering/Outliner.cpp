//===- Outliner.cpp - A construct's body as a function at file scope ------===//
#include "Outliner.h"
#include "AllocateLowering.h"
#include "MacroState.h"
#include "PredefinedNames.h"
#include "ReductionLowering.h"
#include "StructureChecks.h"

using namespace clang;

namespace omp2numa {

Outliner::Outliner(LoweringContext &L, const Construct *C)
    : Suffix(L.uniqueSuffix(C)), CtxType("struct __o2n_ctx_" + Suffix), L(L), C(C) {}

/// Lowering writes each captured or privatised variable's name in the code it generates; an
/// object-like macro of that name in force at the construct would expand it there.
bool Outliner::checkNamesNotMacros() {
  std::vector<const VarDecl *> Vars;
  for (const Capture &Cap : L.Sharing.captures(C))
    Vars.push_back(Cap.Var);
  for (const ClauseVar &CV : C->Vars)
    if (CV.Var)
      Vars.push_back(CV.Var);
  for (const VarDecl *V : Vars) {
    const SourceLocation Def = macroOverName(L, V->getName(), C->Dir.Loc);
    if (Def.isInvalid())
      continue;
    L.Diags.error(C->Dir.NameLoc, "the " + C->Dir.quotedName() + " construct uses '" +
                                      V->getName().str() + "', which is also the name of a "
                                      "macro here that expands to something else: omp2numa "
                                      "writes the variable's name in the code it generates, "
                                      "where the macro would expand; rename the macro or the "
                                      "variable");
    L.Diags.note(Def, "macro defined here");
    return false;
  }
  return true;
}

bool Outliner::addCaptures() {
  std::vector<const TypedefNameDecl *> Typedefs;
  if (!checkNoLocalDecls(L, C, &Typedefs) || !checkNamesNotMacros())
    return false;
  // The function's own typedef may now be used by the outlined body only: keep it used.
  for (const TypedefNameDecl *TD : Typedefs)
    KeepTypedefs += "  (void)sizeof(" + TD->getName().str() + ");\n";
  for (const Capture &Cap : L.Sharing.captures(C))
    if (!addCapture(Cap))
      return false;
  return addPrivates();
}

void Outliner::addMember(const std::string &Decl, const std::string &Name,
                         const std::string &Value) {
  Members += "  " + Decl + ";\n";
  if (!Value.empty())
    Init += (Init.empty() ? "." : ", .") + Name + " = " + Value;
}

/// A variably modified type cannot appear at file scope: such a variable travels as void *
/// with its variable-length dimensions, measured where it is declared.
std::vector<std::string> Outliner::addDims(const VarDecl *V) {
  std::vector<std::string> Dims;
  if (!V->getType()->isVariablyModifiedType())
    return Dims;
  const std::string Name = V->getName().str();
  std::vector<std::string> Sizes = L.Types.vlaDims(V->getType(), L.Sharing.spell(V, C->Parent));
  for (size_t K = 0; K < Sizes.size(); ++K) {
    const std::string Dim = "__o2n_dim_" + Name + "_" + std::to_string(K);
    addMember("size_t " + Dim, Dim, Sizes[K]);
    Dims.push_back("__o2n_ctx->" + Dim);
  }
  return Dims;
}

/// A register variable has no address: a region works on a shadow, copied in before and out
/// after (exact: the thread that owns the variable waits in the region).  A task may run after
/// the variable's thread has moved on, so it cannot share one.
bool Outliner::addRegisterShadow(const VarDecl *V, std::string &InitValue) {
  const std::string Name = V->getName().str();
  if (C->Dir.isTask()) {
    L.Diags.error(C->Dir.NameLoc, "the task shares '" + Name + "', a variable declared "
                                  "'register', which has no address: remove 'register' or make "
                                  "it firstprivate");
    L.Diags.note(V->getLocation(), "declared here");
    return false;
  }
  const QualType T = V->getType();
  ShadowIn += "  " + L.Types.declare(T.getUnqualifiedType(), "__o2n_reg_" + Name) + " = " +
              InitValue + ";\n";
  ShadowOut += "  " + InitValue + " = __o2n_reg_" + Name + ";\n";
  InitValue = "&__o2n_reg_" + Name;
  return true;
}

bool Outliner::addCapture(const Capture &Cap) {
  const VarDecl *V = Cap.Var;
  const std::string Name = V->getName().str();
  const QualType T = V->getType();
  const std::string What = C->Dir.isTask() ? "task" : "region";
  if (!L.checkFileScopeType(T, C->Dir.NameLoc, "variable '" + Name + "' used in the " + What))
    return false;
  const bool VM = T->isVariablyModifiedType();
  std::vector<std::string> Dims = addDims(V);
  QualType MemberType = T.getUnqualifiedType();
  std::string InitValue = L.Sharing.spell(V, C->Parent);
  std::vector<std::string> LocalDims = Dims;
  // An in_reduction task reduces into the original of a `reduction(task, ...)` around it: its
  // address, or for a section through a pointer (captured by value) the original pointer.
  const std::string Original =
      C->has(V, ClauseKind::InReduction) ? taskModifierTarget(L, C, V) : "";
  if (Cap.Kind == CaptureKind::ByRef && V->getStorageClass() == SC_Register) {
    MemberType = L.Ctx.getPointerType(T);
    if (!addRegisterShadow(V, InitValue))
      return false;
  } else if (Cap.Kind == CaptureKind::ByRef) {
    MemberType = L.Ctx.getPointerType(T);
    InitValue = !Original.empty()                 ? Original
                : reducesIntoEnclosingOriginal(V) ? "__o2n_ctx->" + Name
                                                  : "&" + InitValue;
  } else if (Cap.Kind == CaptureKind::CopyInOut) {
    ShadowOut += "  " + InitValue + " = __o2n_args." + Name + ";\n";
    CopiesIn = true;
  } else if (Cap.Kind == CaptureKind::ByValue && !Original.empty()) {
    InitValue = Original;
  } else if (Cap.Kind == CaptureKind::ArrayCopy) {
    ArrayValues.push_back({Name, InitValue, VM});
    InitValue.clear(); // copied by copyArraysInto
  } else if (Cap.Kind == CaptureKind::ArrayAlias) {
    if (V->getStorageClass() == SC_Register) {
      // C gives a register array no address, so the region cannot reach its elements.
      L.Diags.error(C->Dir.NameLoc, "the " + What + " uses '" + Name + "', an array declared "
                                    "'register', whose elements have no address: remove "
                                    "'register'");
      L.Diags.note(V->getLocation(), "declared here");
      return false;
    }
    MemberType = L.Ctx.getArrayDecayedType(T);
    if (isa<VariableArrayType>(L.Ctx.getAsArrayType(T))) // the decayed type drops the outer size
      LocalDims.erase(LocalDims.begin());
  }
  addMember(VM ? "void *" + Name : L.Types.declare(MemberType, Name), Name,
            VM && !InitValue.empty() ? "(void *)" + InitValue : InitValue);
  if (firstAndLast(V) && !addFirstValue(V))
    return false;
  addCaptureLocal(Cap, MemberType, Dims, LocalDims);
  return true;
}

bool Outliner::variableArrayAt(const Capture &Cap) const {
  return C->Dir.isTaskloop() && Cap.Kind == CaptureKind::ArrayCopy &&
         Cap.Var->getType()->isVariablyModifiedType();
}

bool Outliner::firstAndLast(const VarDecl *V) const {
  // A linear loop variable is the loop's: the nest sets it (TaskloopNest).
  return C->Dir.isTask() &&
         ((C->has(V, ClauseKind::Firstprivate) && C->has(V, ClauseKind::Lastprivate)) ||
          (C->has(V, ClauseKind::Linear) &&
           !llvm::is_contained(DataSharing::loopVariables(C), V)));
}

/// A taskloop's firstprivate and lastprivate variable, or linear one, travels twice: its
/// address, through which the task of the last iteration writes the value back, and its value
/// where the tasks are created (__o2n_first_x), which starts every task's copy (read through the
/// address, a task that starts after the last one has ended would see the last value).
bool Outliner::addFirstValue(const VarDecl *V) {
  const std::string Name = V->getName().str(), First = "__o2n_first_" + Name;
  const QualType T = V->getType().getUnqualifiedType();
  if (T->isVariablyModifiedType()) {
    L.Diags.error(C->Dir.NameLoc, "'" + Name + "', a variable-length array, both firstprivate "
                                  "and lastprivate on a taskloop is not supported yet");
    return false;
  }
  const std::string Original = L.Sharing.spell(V, C->Parent);
  addMember(L.Types.declare(T, First), First, T->isArrayType() ? "" : Original);
  if (T->isArrayType())
    ArrayValues.push_back({First, Original, false});
  return true;
}

/// An in_reduction task created in a task that has in_reduction on the same variable reduces
/// into the taskgroup's original, which the enclosing task reaches through its context: its own
/// private copy may be gone when the nested task ends.  Not when a taskgroup of the enclosing
/// task reduces that private copy (its task_reduction), which binds the nested task's clause.
bool Outliner::reducesIntoEnclosingOriginal(const VarDecl *V) const {
  if (!C->Dir.isTask() || !C->has(V, ClauseKind::InReduction))
    return false;
  const Construct *K = C->Parent;
  for (; K && !K->Dir.isOutlined(); K = K->Parent)
    if (K->has(V, ClauseKind::TaskReduction))
      return false;
  return K && K->Dir.isTask() && K->has(V, ClauseKind::InReduction);
}

/// The function's local for a captured variable; one the construct privatises is declared by the
/// privatisation.
void Outliner::addCaptureLocal(const Capture &Cap, QualType MemberType,
                               const std::vector<std::string> &Dims,
                               const std::vector<std::string> &LocalDims) {
  const VarDecl *V = Cap.Var;
  const std::string Name = V->getName().str();
  const QualType T = V->getType();
  const bool PrivateCopy = L.Sharing.privateLevel(C, V) == PrivateLevel::Region;
  const std::string Member = variableArrayAt(Cap)
                                 ? "(void *)((char *)__o2n_ctx + (__UINTPTR_TYPE__)__o2n_ctx->" +
                                       Name + ")"
                                 : "__o2n_ctx->" + (firstAndLast(V) ? "__o2n_first_" + Name : Name);
  if (T->isArrayType() &&
      (C->has(V, ClauseKind::Firstprivate) || Cap.Kind == CaptureKind::ArrayCopy)) {
    const std::string Copy = L.Sharing.spell(V, C);
    (allocateClauseFor(C, V) ? AllocatedCopies : Prologue) +=
        declarePrivateCopy(L, C, V, T, Dims, "") + "  __builtin_memcpy(" + Copy + ", " + Member +
        ", sizeof " + Copy + ");\n";
    return;
  }
  if (PrivateCopy && !C->has(V, ClauseKind::Firstprivate) && !firstAndLast(V))
    return;
  // The value the private copy starts with: the member, or what it points to.
  const std::string Value =
      (Cap.Kind == CaptureKind::ByRef && PrivateCopy && !firstAndLast(V) ? "*" : "") + Member;
  if (PrivateCopy && allocateClauseFor(C, V)) {
    AllocatedCopies += declarePrivateCopy(L, C, V, T, LocalDims, Value);
    return;
  }
  // A copy-in/copy-out member is reached through a pointer to it, as a ByRef original.
  const bool InContext = Cap.Kind == CaptureKind::CopyInOut;
  QualType Local = Cap.Kind == CaptureKind::ByValue || PrivateCopy ? T
                   : InContext ? L.Ctx.getPointerType(T).withConst()
                               : MemberType.withConst();
  Prologue += "  " + L.Types.declareLocal(Local, Name, LocalDims) +
              (PrivateCopy || Cap.Kind == CaptureKind::ByValue ? L.Types.alignmentOf(V) : "") +
              " = " +
              (PrivateCopy ? Value : std::string(InContext ? "&" : "") + "__o2n_ctx->" + Name) +
              ";\n";
  // A combined loop's bounds read the original, maybe the only use; a task's (or target's)
  // implicit firstprivate copy may only be assigned (gcc -Wall is silent on the original).
  if (PrivateCopy || (Cap.Kind == CaptureKind::ByValue && C->Dir.isTask()))
    Prologue += "  (void)" + Name + ";\n";
}

bool Outliner::addPrivates() {
  for (const ClauseVar &CV : C->Vars) {
    if (CV.Kind != ClauseKind::Private ||
        L.Sharing.privateLevel(C, CV.Var) != PrivateLevel::Region)
      continue;
    const std::string Name = CV.Var->getName().str();
    if (!L.checkFileScopeType(CV.Var->getType(), CV.Loc, "private variable '" + Name + "'"))
      return false;
    std::vector<std::string> Dims = addDims(CV.Var);
    (allocateClauseFor(C, CV.Var) ? AllocatedCopies : Prologue) +=
        declarePrivateCopy(L, C, CV.Var, CV.Var->getType(), Dims, "") + "  (void)" +
                Name + ";\n";
  }
  return true;
}

std::string Outliner::copyArraysInto(const std::string &Base) const {
  std::string S;
  for (const ArrayValue &A : ArrayValues) {
    if (A.Variable) // its place in the block, after the struct and the arrays before it
      S += "  " + Base + A.Name + " = __o2n_extra;\n  __o2n_extra += (sizeof " + A.Original +
           " + 15) & ~(size_t)15;\n";
    // An array the enclosing region reaches through a pointer is measured by the member.
    S += "  __builtin_memcpy(" + Base + A.Name + ", " + A.Original + ", sizeof " +
         (A.Variable ? A.Original : Base + A.Name) + ");\n";
  }
  return S;
}

std::string Outliner::copyArraysIntoBlock(const std::string &Base) const {
  std::string S;
  for (const ArrayValue &A : ArrayValues) {
    if (!A.Variable) {
      S += "  __builtin_memcpy(" + Base + A.Name + ", " + A.Original + ", sizeof " + Base +
           A.Name + ");\n";
      continue;
    }
    S += "  __builtin_memcpy(__o2n_extra, " + A.Original + ", sizeof " + A.Original + ");\n  " +
         Base + A.Name + " = (void *)(__UINTPTR_TYPE__)(__o2n_extra - __o2n_block);\n" +
         "  __o2n_extra += (sizeof " + A.Original + " + 15) & ~(size_t)15;\n";
  }
  return S;
}

std::string Outliner::extraBytes() const {
  std::string S;
  for (const ArrayValue &A : ArrayValues)
    if (A.Variable)
      S += " + ((sizeof " + A.Original + " + 15) & ~(size_t)15)";
  return S;
}

void Outliner::emitFunction(const std::string &Fn, const std::string &Params,
                            const std::string &Definitions, const std::string &Body) {
  const std::string Signature = "static void " + Fn + "(void *__o2n_data" + Params + ")";
  std::string Decls = Definitions;
  if (!Members.empty())
    Decls += CtxType + " {\n" + Members + "};\n";
  L.insertBeforeFunction(C, Decls + Signature + ";\n");
  // Errors in the generated prologue then point near the pragma, not past the function.
  const auto [DefineNames, UndefNames] = predefinedNamesAround(L, C);
  const auto [SetMacros, RestoreMacros] = macrosAsAtConstruct(L, C);
  std::string Def =
      SetMacros + DefineNames + L.Out.lineMarker(C->Dir.Loc) +
      L.pragmaComment(C, "outlined from line " + std::to_string(L.Out.line(C->Dir.Loc)) + ": ") +
      "\n" + Signature + "\n{\n";
  Def += Members.empty() ? "  (void)__o2n_data;\n"
                         : "  " + CtxType + " *const __o2n_ctx = (" + CtxType + " *)__o2n_data;\n";
  Def += Prologue + AllocatedCopies + Body + freeAllocatedCopies(L, C, PrivateLevel::Region) +
         "}\n" + UndefNames + RestoreMacros;
  L.Out.insertAfterToken(C->Function->getBody()->getEndLoc(), Def);
}

} // namespace omp2numa
