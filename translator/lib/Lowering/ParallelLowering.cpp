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
#include "Lowering.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace omp2numa {

static int procBindValue(const Directive &D) {
  const Clause *C = D.find(ClauseKind::ProcBind);
  if (!C)
    return 0;
  switch (C->ProcBind) {
  case ProcBindKind::Primary: return 2;
  case ProcBindKind::Close: return 3;
  case ProcBindKind::Spread: return 4;
  }
  return 0;
}

namespace {

/// Finds uses of types, typedefs and enumerators declared inside the enclosing function but
/// outside the region: the outlined function at file scope cannot see them.
class LocalDeclFinder : public RecursiveASTVisitor<LocalDeclFinder> {
public:
  LocalDeclFinder(const SourceManager &SM, CharSourceRange Region) : SM(SM), Region(Region) {}
  std::vector<std::pair<SourceLocation, const NamedDecl *>> Found;

  bool VisitTypeLoc(TypeLoc TL) {
    const NamedDecl *D = nullptr;
    if (auto T = TL.getAs<TypedefTypeLoc>())
      D = T.getTypedefNameDecl();
    else if (auto T = TL.getAs<TagTypeLoc>())
      D = T.getDecl();
    check(TL.getBeginLoc(), D);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *EC = dyn_cast<EnumConstantDecl>(E->getDecl()))
      check(E->getLocation(), EC);
    return true;
  }

private:
  const SourceManager &SM;
  CharSourceRange Region;

  void check(SourceLocation Use, const NamedDecl *D) {
    if (!D)
      return;
    const DeclContext *Owner = D->getDeclContext();
    if (isa<EnumConstantDecl>(D))
      Owner = Owner->getParent();
    if (Owner->isFunctionOrMethod() && !rangeContains(SM, Region, D->getLocation()))
      Found.push_back({Use, D});
  }
};

} // namespace

bool Lowering::checkNoLocalDecls(const Construct *C) {
  LocalDeclFinder Finder(Ctx.getSourceManager(), C->Range);
  Finder.TraverseStmt(const_cast<Stmt *>(C->Body));
  for (const auto &[Use, D] : Finder.Found) {
    Diags.error(Use, "'" + D->getName().str() + "' is declared inside function '" +
                         C->Function->getName().str() + "', outside the parallel region; "
                         "omp2numa outlines the region to file scope, where it is not visible: "
                         "declare it at file scope or inside the region");
    Diags.note(D->getLocation(), "declared here");
    return false;
  }
  return true;
}

bool Lowering::isThreadprivate(const VarDecl *V) const {
  if (V->getTLSKind() != VarDecl::TLS_None)
    return true;
  for (const auto &K : File.All)
    if (K->Dir.Kind == DirectiveKind::Threadprivate)
      for (const ClauseVar &CV : K->Vars)
        if (CV.Var->getCanonicalDecl() == V->getCanonicalDecl())
          return true;
  return false;
}

void Lowering::lowerParallel(const Construct *C, const std::string &Body) {
  if (!checkNoLocalDecls(C))
    return;
  const std::string Suffix = uniqueSuffix(C);
  const std::string CtxType = "struct __o2n_ctx_" + Suffix;
  const std::string Fn = "__o2n_region_" + Suffix;
  const std::vector<Capture> &Caps = Sharing.captures(C);

  std::string Members, Prologue, Init;
  auto addMember = [&](const std::string &Decl, const std::string &Name, const std::string &Value) {
    Members += "  " + Decl + ";\n";
    Init += (Init.empty() ? "." : ", .") + Name + " = " + Value;
  };
  // A variably modified type cannot appear at file scope: such a variable travels as void * with
  // its variable-length dimensions, measured where it is declared.
  auto dimsOf = [&](const VarDecl *V) {
    std::vector<std::string> Dims;
    const std::string Name = V->getName().str();
    std::vector<std::string> Sizes = vlaDims(V->getType(), Sharing.spell(V, C->Parent));
    for (size_t K = 0; K < Sizes.size(); ++K) {
      const std::string Dim = "__o2n_dim_" + Name + "_" + std::to_string(K);
      addMember("size_t " + Dim, Dim, Sizes[K]);
      Dims.push_back("__o2n_ctx->" + Dim);
    }
    return Dims;
  };
  auto declareLocal = [&](QualType T, const std::string &Name,
                          const std::vector<std::string> &Dims) {
    return T->isVariablyModifiedType() ? declareWithDims(T, Name, Dims) : declare(T, Name);
  };

  for (const Capture &Cap : Caps) {
    const VarDecl *V = Cap.Var;
    const std::string Name = V->getName().str();
    QualType T = V->getType();
    if (!checkFileScopeType(T, C->Dir.NameLoc, "variable '" + Name + "' used in the region"))
      return;
    const bool VM = T->isVariablyModifiedType();
    std::vector<std::string> Dims = VM ? dimsOf(V) : std::vector<std::string>();
    QualType MemberType = T;
    std::string InitValue = Sharing.spell(V, C->Parent);
    std::vector<std::string> LocalDims = Dims;
    if (Cap.Kind == CaptureKind::ByRef) {
      MemberType = Ctx.getPointerType(T);
      InitValue = "&" + InitValue;
    } else if (Cap.Kind == CaptureKind::ArrayAlias) {
      MemberType = Ctx.getArrayDecayedType(T);
      if (isa<VariableArrayType>(Ctx.getAsArrayType(T))) // the decayed type drops the outer size
        LocalDims.erase(LocalDims.begin());
    } else {
      MemberType = T.getUnqualifiedType();
    }
    addMember(VM ? "void *" + Name : declare(MemberType, Name), Name,
              VM ? "(void *)" + InitValue : InitValue);
    // A variable this region privatises is declared by the privatisation, not here.
    if (T->isArrayType() && C->has(V, ClauseKind::Firstprivate)) {
      Prologue += "  " + declareLocal(T, Name, Dims) + ";\n  __builtin_memcpy(" + Name +
                  ", __o2n_ctx->" + Name + ", sizeof " + Name + ");\n";
    } else if (Sharing.privateLevel(C, V) != PrivateLevel::Region ||
               C->has(V, ClauseKind::Firstprivate)) {
      const bool PrivateCopy = Sharing.privateLevel(C, V) == PrivateLevel::Region;
      QualType Local = Cap.Kind == CaptureKind::ByValue || PrivateCopy ? T : MemberType.withConst();
      Prologue += "  " + declareLocal(Local, Name, LocalDims) + " = " +
                  (PrivateCopy && Cap.Kind == CaptureKind::ByRef ? "*" : "") + "__o2n_ctx->" +
                  Name + ";\n";
      if (PrivateCopy) // a combined loop's bounds read the original, maybe the only use
        Prologue += "  (void)" + Name + ";\n";
    }
  }

  for (const ClauseVar &CV : C->Vars) {
    if (CV.Kind != ClauseKind::Private || Sharing.privateLevel(C, CV.Var) != PrivateLevel::Region)
      continue;
    const std::string Name = CV.Var->getName().str();
    if (!checkFileScopeType(CV.Var->getType(), CV.Loc, "private variable '" + Name + "'"))
      return;
    std::vector<std::string> Dims =
        CV.Var->getType()->isVariablyModifiedType() ? dimsOf(CV.Var) : std::vector<std::string>();
    Prologue += "  " + declareLocal(CV.Var->getType(), Name, Dims) + ";\n  (void)" + Name + ";\n";
  }

  // copyin: each thread's threadprivate copy starts with the primary thread's value; the barrier
  // keeps the primary thread from changing it before everyone has copied it.
  std::string Copyin;
  for (const ClauseVar &CV : C->Vars) {
    if (CV.Kind != ClauseKind::Copyin)
      continue;
    const std::string Name = CV.Var->getName().str();
    if (!isThreadprivate(CV.Var)) {
      Diags.error(CV.Loc, "copyin variable '" + Name + "' is not threadprivate");
      return;
    }
    addMember(declare(Ctx.getPointerType(CV.Var->getType()), "__o2n_copyin_" + Name),
              "__o2n_copyin_" + Name, "&" + Name);
    Copyin += CV.Var->getType()->isArrayType()
                  ? "  __builtin_memcpy(" + Name + ", __o2n_ctx->__o2n_copyin_" + Name +
                        ", sizeof " + Name + ");\n"
                  : "  " + Name + " = *__o2n_ctx->__o2n_copyin_" + Name + ";\n";
  }
  if (!Copyin.empty())
    Copyin += "  __omp2numa_barrier();\n";

  ReductionCode Red = lowerReductions(C, PrivateLevel::Region, Suffix);
  if (Diags.hasErrors())
    return;

  // Declarations before the enclosing function; the definition after it, so that the region can
  // call the function it came from.
  const std::string Signature = "static void " + Fn + "(void *__o2n_data)";
  std::string Decls = Red.Definitions;
  const bool HasCtx = !Members.empty();
  if (HasCtx)
    Decls += CtxType + " {\n" + Members + "};\n";
  Decls += Signature + ";\n";
  Out.insertBeforeLineOf(C->Function->getBeginLoc(), Decls);

  // Errors in the generated prologue then point near the pragma, not past the function.
  std::string Def = Out.lineMarker(C->Dir.Loc) + pragmaComment(C, "outlined from line " + std::to_string(Out.line(C->Dir.Loc)) +
                                         ": ") + "\n" + Signature + "\n{\n";
  if (HasCtx)
    Def += "  " + CtxType + " *const __o2n_ctx = (" + CtxType + " *)__o2n_data;\n";
  else
    Def += "  (void)__o2n_data;\n";
  Def += Prologue + Copyin + Red.Targets + Red.Privates + "\n" + Body + "\n" + Red.Combine + "}\n";
  Out.insertAfterToken(C->Function->getBody()->getEndLoc(), Def);

  // Originals that only the region names (privatised there, or in constructs inside it) are no
  // longer used where they are declared: keep the compiler from calling them unused.
  std::string KeepOriginals = keepOriginals(C);

  const Clause *NumThreads = C->Dir.find(ClauseKind::NumThreads);
  const Clause *If = C->Dir.find(ClauseKind::If);
  std::string Call = pragmaComment(C) + "\n{\n" + KeepOriginals;
  Call += "  static const struct __omp2numa_region_site __o2n_site = {" +
          Out.fileLiteral(C->Dir.Loc) + ", " + std::to_string(Out.line(C->Dir.Loc)) + ", " +
          std::to_string(procBindValue(C->Dir)) + ", " +
          (C->Dir.has(ClauseKind::NumThreads) ? "__OMP2NUMA_REGION_NUM_THREADS" : "0") + "};\n";
  if (HasCtx)
    Call += "  " + CtxType + " __o2n_ctx = {" + Init + "};\n";
  Call += "  __omp2numa_parallel(&__o2n_site, " + Fn + ", " +
          (HasCtx ? "&__o2n_ctx" : "(void *)0") + ", " +
          (NumThreads ? "(int)" + exprText(C, C->Parent, NumThreads->Expr) : "0") + ", " +
          (If ? "!!" + exprText(C, C->Parent, If->Expr) : "1") + ");\n}";
  Out.replace(C->Range, Call);
}

} // namespace omp2numa
