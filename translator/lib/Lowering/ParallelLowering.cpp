//===- ParallelLowering.cpp - Outlined parallel regions --------------------===//
//
//   struct __o2n_ctx_12 { double *sum; int n; };            captured variables
//   static void __o2n_region_12(void *__o2n_data) {         runs on every thread of the team
//     struct __o2n_ctx_12 *const __o2n_ctx = ...;
//     double *const sum = __o2n_ctx->sum;  int n = __o2n_ctx->n;  <private copies>
//     <body>                                                uses of sum written (*sum)
//   }
//   ...at the construct:  { struct __o2n_ctx_12 __o2n_ctx = {.sum = &sum, .n = n};
//                           __omp2numa_parallel(&site, __o2n_region_12, &__o2n_ctx, nt, if); }
//
//===----------------------------------------------------------------------===//
#include "ParallelLowering.h"
#include "ReductionLowering.h"
#include "StructureChecks.h"

using namespace clang;

namespace omp2numa {

namespace {

const char *procBindName(const Directive &D) {
  const Clause *C = D.find(ClauseKind::ProcBind);
  if (!C)
    return "__OMP2NUMA_PROC_BIND_NONE";
  switch (C->ProcBind) {
  case ProcBindKind::Primary: return "__OMP2NUMA_PROC_BIND_PRIMARY";
  case ProcBindKind::Close: return "__OMP2NUMA_PROC_BIND_CLOSE";
  case ProcBindKind::Spread: return "__OMP2NUMA_PROC_BIND_SPREAD";
  }
  return "__OMP2NUMA_PROC_BIND_NONE";
}

/// The outlining of one region: the context struct's members and initialisers, and the
/// outlined function's prologue.
class RegionOutliner {
public:
  RegionOutliner(LoweringContext &L, const Construct *C)
      : L(L), C(C), Suffix(L.uniqueSuffix(C)), CtxType("struct __o2n_ctx_" + Suffix),
        Fn("__o2n_region_" + Suffix) {}

  bool run(const std::string &Body, const std::string &SiteText) {
    std::vector<const TypedefNameDecl *> Typedefs;
    if (!checkNoLocalDecls(L, C, &Typedefs))
      return false;
    // The function's own typedef may now be used by the region only: keep it used.
    for (const TypedefNameDecl *TD : Typedefs)
      KeepTypedefs += "  (void)sizeof(" + TD->getName().str() + ");\n";
    for (const Capture &Cap : L.Sharing.captures(C))
      if (!addCapture(Cap))
        return false;
    if (!addPrivates() || !addCopyin())
      return false;
    std::optional<ReductionCode> Red = lowerReductions(L, C, PrivateLevel::Region);
    if (!Red)
      return false;
    emitFunction(Body, *Red);
    L.Out.replace(C->Range, callSite(SiteText));
    return true;
  }

private:
  LoweringContext &L;
  const Construct *C;
  const std::string Suffix, CtxType, Fn;
  std::string Members, Init, Prologue, Copyin;
  std::string ShadowIn, ShadowOut; ///< register variables around the call
  std::string KeepTypedefs;        ///< uses of the function's typedefs the region uses

  void addMember(const std::string &Decl, const std::string &Name, const std::string &Value) {
    Members += "  " + Decl + ";\n";
    Init += (Init.empty() ? "." : ", .") + Name + " = " + Value;
  }

  /// A variably modified type cannot appear at file scope: such a variable travels as void *
  /// with its variable-length dimensions, measured where it is declared.
  std::vector<std::string> addDims(const VarDecl *V) {
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

  bool addCapture(const Capture &Cap) {
    const VarDecl *V = Cap.Var;
    const std::string Name = V->getName().str();
    const QualType T = V->getType();
    if (!L.checkFileScopeType(T, C->Dir.NameLoc, "variable '" + Name + "' used in the region"))
      return false;
    const bool VM = T->isVariablyModifiedType();
    std::vector<std::string> Dims = addDims(V);
    QualType MemberType = T.getUnqualifiedType();
    std::string InitValue = L.Sharing.spell(V, C->Parent);
    std::vector<std::string> LocalDims = Dims;
    if (Cap.Kind == CaptureKind::ByRef && V->getStorageClass() == SC_Register) {
      // A register variable has no address: the region works on a shadow, copied in before
      // and out after (exact: the thread that owns the variable waits in the region).
      MemberType = L.Ctx.getPointerType(T);
      ShadowIn += "  " + L.Types.declare(T.getUnqualifiedType(), "__o2n_reg_" + Name) + " = " +
                  InitValue + ";\n";
      ShadowOut += "  " + InitValue + " = __o2n_reg_" + Name + ";\n";
      InitValue = "&__o2n_reg_" + Name;
    } else if (Cap.Kind == CaptureKind::ByRef) {
      MemberType = L.Ctx.getPointerType(T);
      InitValue = "&" + InitValue;
    } else if (Cap.Kind == CaptureKind::ArrayAlias) {
      if (V->getStorageClass() == SC_Register) {
        // C gives a register array no address, so the region cannot reach its elements.
        L.Diags.error(C->Dir.NameLoc, "the region uses '" + Name + "', an array declared "
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
              VM ? "(void *)" + InitValue : InitValue);
    addCaptureLocal(Cap, MemberType, Dims, LocalDims);
    return true;
  }

  /// The region's local for a captured variable; one this region privatises is declared by the
  /// privatisation.
  void addCaptureLocal(const Capture &Cap, QualType MemberType,
                       const std::vector<std::string> &Dims,
                       const std::vector<std::string> &LocalDims) {
    const VarDecl *V = Cap.Var;
    const std::string Name = V->getName().str();
    const QualType T = V->getType();
    const bool PrivateCopy = L.Sharing.privateLevel(C, V) == PrivateLevel::Region;
    if (T->isArrayType() && C->has(V, ClauseKind::Firstprivate)) {
      Prologue += "  " + L.Types.declareLocal(T, Name, Dims) + ";\n  __builtin_memcpy(" + Name +
                  ", __o2n_ctx->" + Name + ", sizeof " + Name + ");\n";
      return;
    }
    if (PrivateCopy && !C->has(V, ClauseKind::Firstprivate))
      return;
    QualType Local = Cap.Kind == CaptureKind::ByValue || PrivateCopy ? T : MemberType.withConst();
    Prologue += "  " + L.Types.declareLocal(Local, Name, LocalDims) + " = " +
                (PrivateCopy && Cap.Kind == CaptureKind::ByRef ? "*" : "") + "__o2n_ctx->" +
                Name + ";\n";
    if (PrivateCopy) // a combined loop's bounds read the original, maybe the only use
      Prologue += "  (void)" + Name + ";\n";
  }

  bool addPrivates() {
    for (const ClauseVar &CV : C->Vars) {
      if (CV.Kind != ClauseKind::Private ||
          L.Sharing.privateLevel(C, CV.Var) != PrivateLevel::Region)
        continue;
      const std::string Name = CV.Var->getName().str();
      if (!L.checkFileScopeType(CV.Var->getType(), CV.Loc, "private variable '" + Name + "'"))
        return false;
      std::vector<std::string> Dims = addDims(CV.Var);
      Prologue += "  " + L.Types.declareLocal(CV.Var->getType(), Name, Dims) + ";\n  (void)" +
                  Name + ";\n";
    }
    return true;
  }

  /// copyin: each thread's threadprivate copy starts with the primary thread's value; the
  /// barrier keeps the primary thread from changing it before everyone has copied it.
  bool addCopyin() {
    for (const ClauseVar &CV : C->Vars) {
      if (CV.Kind != ClauseKind::Copyin)
        continue;
      const std::string Name = CV.Var->getName().str();
      if (!L.File.isThreadprivate(CV.Var)) {
        L.Diags.error(CV.Loc, "copyin variable '" + Name + "' is not threadprivate");
        return false;
      }
      // A const variable's copies all hold its initial value already: nothing to copy.
      if (L.Ctx.getBaseElementType(CV.Var->getType()).isConstQualified())
        continue;
      // A type without a name is named by __typeof__ (the variable is at file scope).
      const std::string Member = "__o2n_copyin_" + Name;
      addMember(TypeSpelling::hasUnnamedTag(CV.Var->getType())
                    ? "__typeof__(" + Name + ") *" + Member
                    : L.Types.declare(L.Ctx.getPointerType(CV.Var->getType()), Member),
                Member, "&" + Name);
      Copyin += CV.Var->getType()->isArrayType()
                    ? "  __builtin_memcpy(" + Name + ", __o2n_ctx->__o2n_copyin_" + Name +
                          ", sizeof " + Name + ");\n"
                    : "  " + Name + " = *__o2n_ctx->__o2n_copyin_" + Name + ";\n";
    }
    if (!Copyin.empty())
      Copyin += "  __omp2numa_barrier();\n";
    return true;
  }

  /// Declarations before the enclosing function; the definition after it, so that the region can
  /// call the function it came from.
  void emitFunction(const std::string &Body, const ReductionCode &Red) {
    const std::string Signature = "static void " + Fn + "(void *__o2n_data)";
    std::string Decls = Red.Definitions;
    if (!Members.empty())
      Decls += CtxType + " {\n" + Members + "};\n";
    L.insertBeforeFunction(C, Decls + Signature + ";\n");
    // Errors in the generated prologue then point near the pragma, not past the function.
    std::string Def =
        L.Out.lineMarker(C->Dir.Loc) +
        L.pragmaComment(C, "outlined from line " + std::to_string(L.Out.line(C->Dir.Loc)) + ": ") +
        "\n" + Signature + "\n{\n";
    Def += Members.empty() ? "  (void)__o2n_data;\n"
                           : "  " + CtxType + " *const __o2n_ctx = (" + CtxType +
                                 " *)__o2n_data;\n";
    Def += Prologue + Copyin + Red.Targets + Red.Privates + "\n" + Body + "\n" + Red.Combine + "}\n";
    L.Out.insertAfterToken(C->Function->getBody()->getEndLoc(), Def);
  }

  /// The call at the construct.  Originals that only the region names (privatised there, or in
  /// constructs inside it) are no longer used where they are declared: keep the compiler from
  /// calling them unused.
  std::string callSite(const std::string &SiteText) const {
    const Clause *NumThreads = C->Dir.find(ClauseKind::NumThreads);
    const Clause *If = C->Dir.findIf("parallel");
    std::string Call =
        L.pragmaComment(C) + SiteText + "\n{\n" + L.keepOriginals(C) + KeepTypedefs;
    Call += "  static const struct __omp2numa_region_site __o2n_site = {" + L.siteLocation(C) +
            ", " + procBindName(C->Dir) + ", " +
            (NumThreads ? "__OMP2NUMA_REGION_NUM_THREADS" : "0") + "};\n";
    Call += ShadowIn;
    if (!Members.empty())
      Call += "  " + CtxType + " __o2n_ctx = {" + Init + "};\n";
    if (NumThreads || If) // the compiler's messages about the clauses name the pragma's line
      Call += L.Out.lineMarker(C->Dir.Loc);
    Call += "  __omp2numa_parallel(&__o2n_site, " + Fn + ", " +
            (Members.empty() ? "(void *)0" : "&__o2n_ctx") + ", " +
            (NumThreads ? "(int)" + L.exprText(C, C->Parent, NumThreads->Expr) : "0") + ", " +
            (If ? "!!" + L.exprText(C, C->Parent, If->Expr) : "1") + ");\n";
    return Call + ShadowOut + "}";
  }
};

} // namespace

bool lowerParallel(LoweringContext &L, const Construct *C, const std::string &Body,
                   const std::string &SiteText) {
  return RegionOutliner(L, C).run(Body, SiteText);
}

} // namespace omp2numa
