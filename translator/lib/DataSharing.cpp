//===- DataSharing.cpp ----------------------------------------------------===//
#include "DataSharing.h"
#include "LoopForm.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>
#include <set>

using namespace clang;

namespace omp2numa {

namespace {

enum class UseKind { Read, Decay, Other };

/// How an expression uses the variable it names: read its value, let an array decay, or
/// anything else (write, address, sizeof...).
UseKind useOf(const DeclRefExpr *E, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*E);
  while (!Parents.empty()) {
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P)
      return UseKind::Other;
    if (isa<ParenExpr>(P)) {
      Parents = Ctx.getParents(*P);
      continue;
    }
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P)) {
      if (Cast->getCastKind() == CK_LValueToRValue)
        return UseKind::Read;
      if (Cast->getCastKind() == CK_ArrayToPointerDecay)
        return UseKind::Decay;
    }
    return UseKind::Other;
  }
  return UseKind::Other;
}

} // namespace

bool DataSharing::isOutlined(const Construct *C) {
  return C->Dir.Kind == DirectiveKind::Parallel || C->Dir.Kind == DirectiveKind::ParallelFor ||
         C->Dir.Kind == DirectiveKind::ParallelSections;
}

bool DataSharing::isLoop(const Construct *C) {
  return C->Dir.Kind == DirectiveKind::For || C->Dir.Kind == DirectiveKind::ParallelFor;
}

bool DataSharing::isWorksharing(const Construct *C) {
  switch (C->Dir.Kind) {
  case DirectiveKind::For:
  case DirectiveKind::ParallelFor:
  case DirectiveKind::Sections:
  case DirectiveKind::ParallelSections:
  case DirectiveKind::Single:
    return true;
  default:
    return false;
  }
}

std::vector<const VarDecl *> DataSharing::loopVariables(const Construct *C) {
  std::vector<const VarDecl *> Vars;
  if (const auto *For = dyn_cast_or_null<ForStmt>(C->Body); For && isLoop(C))
    for (const ForStmt *F : loopNest(For, C->Dir.collapse()))
      if (const VarDecl *V = loopVariable(F))
        Vars.push_back(V);
  return Vars;
}

PrivateLevel DataSharing::privateLevel(const Construct *C, const VarDecl *V) const {
  // On a combined construct, the parallel privatises private/firstprivate in its region and the
  // worksharing part privatises reduction/lastprivate in its block.
  const bool Combined = isOutlined(C) && isWorksharing(C);
  if (C->has(V, ClauseKind::Private) || C->has(V, ClauseKind::Firstprivate))
    return isOutlined(C) ? PrivateLevel::Region : PrivateLevel::Loop;
  if (C->has(V, ClauseKind::Lastprivate))
    return PrivateLevel::Loop;
  if (C->has(V, ClauseKind::Reduction))
    return isWorksharing(C) || Combined ? PrivateLevel::Loop : PrivateLevel::Region;
  for (const VarDecl *L : loopVariables(C))
    if (L == V)
      return PrivateLevel::Loop;
  return PrivateLevel::None;
}

std::string DataSharing::originalAddress(const Construct *C, const VarDecl *V) const {
  const std::string Name = V->getName().str();
  if (!isOutlined(C))
    return "&" + spell(V, C->Parent);
  // In an outlined region the original is reached through its capture (by reference: results
  // are written back), under its own name unless a private copy of the region hides it.
  if (privateLevel(C, V) == PrivateLevel::Region)
    return "__o2n_ctx->" + Name;
  return Name;
}

std::vector<const VarDecl *> DataSharing::privatisedOriginals(const Construct *C) const {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const VarDecl *> Out;
  // Inside an outlined region, an original declared outside it is not visible here: the
  // region's own call does this for it.
  const Construct *Region = C->Parent;
  while (Region && !isOutlined(Region))
    Region = Region->Parent;
  auto consider = [&](const VarDecl *V) {
    if (!V->isLocalVarDeclOrParm() || rangeContains(SM, C->Range, V->getLocation()) ||
        (Region && !rangeContains(SM, Region->Range, V->getLocation())) ||
        std::find(Out.begin(), Out.end(), V) != Out.end())
      return;
    if (isOutlined(C)) {
      for (const Capture &Cap : captures(C))
        if (Cap.Var == V)
          return;
    }
    Out.push_back(V);
  };
  std::vector<const Construct *> Work{C};
  while (!Work.empty()) {
    const Construct *K = Work.back();
    Work.pop_back();
    for (const ClauseVar &CV : K->Vars)
      if (CV.Kind == ClauseKind::Private || CV.Kind == ClauseKind::Firstprivate ||
          CV.Kind == ClauseKind::Reduction)
        if (isOutlined(C) || CV.Kind == ClauseKind::Private)
          consider(CV.Var);
    if (const auto *For = dyn_cast_or_null<ForStmt>(K->Body); For && isLoop(K))
      for (const ForStmt *F : loopNest(For, K->Dir.collapse()))
        if (const VarDecl *V = loopVariable(F); V && !isa<DeclStmt>(F->getInit()))
          consider(V);
    if (isOutlined(C))
      Work.insert(Work.end(), K->Children.begin(), K->Children.end());
  }
  return Out;
}

bool DataSharing::privateIn(const Construct *K, const VarDecl *V, bool InLoopHeader) const {
  switch (privateLevel(K, V)) {
  case PrivateLevel::None: return false;
  case PrivateLevel::Region:
    // A combined construct's loop bounds are evaluated as if before its parallel region.
    return !(InLoopHeader && isOutlined(K) && isWorksharing(K));
  case PrivateLevel::Loop: {
    if (!InLoopHeader)
      return true;
    std::vector<const VarDecl *> LoopVars = loopVariables(K);
    return std::find(LoopVars.begin(), LoopVars.end(), V) != LoopVars.end();
  }
  }
  return false;
}

const std::vector<Capture> &DataSharing::captures(const Construct *C) const {
  static const std::vector<Capture> None;
  auto It = Captures.find(C);
  return It == Captures.end() ? None : It->second;
}

std::string DataSharing::spell(const VarDecl *V, const Construct *From, bool InLoopHeader) const {
  const std::string Name = V->getName().str();
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Construct *C = From; C; C = C->Parent, InLoopHeader = false) {
    if (rangeContains(SM, C->Range, V->getLocation()))
      return Name;
    if (privateIn(C, V, InLoopHeader))
      return Name;
    if (isOutlined(C)) {
      // Where the region's private copy hides the name, the original is reached through the
      // context (a combined construct's loop header).
      const std::string Access =
          privateLevel(C, V) == PrivateLevel::Region ? "__o2n_ctx->" + Name : Name;
      for (const Capture &Cap : captures(C))
        if (Cap.Var == V)
          return Cap.Kind == CaptureKind::ByRef ? "(*" + Access + ")" : Access;
      return Name;
    }
  }
  return Name;
}

DataSharing::DataSharing(const BoundFile &File, ASTContext &Ctx, Diag &Diags)
    : Ctx(Ctx), Diags(Diags) {
  for (const auto &C : File.All)
    if (C->Dir.Kind == DirectiveKind::Threadprivate)
      for (const ClauseVar &CV : C->Vars)
        Threadprivate.insert(CV.Var->getCanonicalDecl());
  // Children before parents: an outer region captures what its nested regions capture.
  for (auto It = File.All.rbegin(); It != File.All.rend(); ++It)
    if (isOutlined(It->get()))
      analyze(It->get());
  for (const auto &C : File.All)
    collectRewrites(C.get());
}

/// The innermost construct under Root (or Root) whose range contains Loc.
static const Construct *innermostAt(const Construct *Root, SourceLocation Loc,
                                    const SourceManager &SM) {
  for (const Construct *Child : Root->Children)
    if (rangeContains(SM, Child->Range, Loc))
      return innermostAt(Child, Loc, SM);
  return Root;
}

/// Whether Loc is in the header (init, condition, increment) of loop construct C, or of a loop of
/// its collapsed nest: outside the innermost body.
static bool inLoopHeader(const Construct *C, SourceLocation Loc, ASTContext &Ctx) {
  const auto *For = dyn_cast_or_null<ForStmt>(C->Body);
  if (!For || !DataSharing::isLoop(C))
    return false;
  const ForStmt *Innermost = loopNest(For, C->Dir.collapse()).back();
  CharSourceRange Body = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Innermost->getBody()->getSourceRange()),
      Ctx.getSourceManager(), Ctx.getLangOpts());
  return !rangeContains(Ctx.getSourceManager(), Body, Loc);
}

void DataSharing::analyze(const Construct *C) {
  const SourceManager &SM = Ctx.getSourceManager();
  // Per variable: the strongest use the region makes of the original.
  std::vector<const VarDecl *> Order;
  std::map<const VarDecl *, UseKind> Uses;
  auto addUse = [&](const VarDecl *V, UseKind U) {
    auto [It, New] = Uses.emplace(V, U);
    if (New)
      Order.push_back(V);
    else if (U == UseKind::Other || (U == UseKind::Decay && It->second == UseKind::Read))
      It->second = U;
  };
  // Each thread has its own threadprivate variable under the same name: nothing to capture.
  auto isCapturable = [&](const VarDecl *V) {
    return V->isLocalVarDeclOrParm() && !Threadprivate.count(V->getCanonicalDecl()) &&
           V->getTLSKind() == VarDecl::TLS_None && !rangeContains(SM, C->Range, V->getLocation());
  };

  // Direct references, unless a construct between the reference and C privatises the variable
  // or a nested outlined region captures it (then that region's capture is the use).
  for (const DeclRefExpr *E : varRefsIn(C->Body)) {
    const auto *V = cast<VarDecl>(E->getDecl());
    if (!isCapturable(V))
      continue;
    const Construct *In = innermostAt(C, E->getLocation(), SM);
    bool Header = inLoopHeader(In, E->getLocation(), Ctx);
    bool Reaches = true;
    for (const Construct *K = In; K && Reaches; K = K->Parent, Header = false) {
      if (privateIn(K, V, Header))
        Reaches = false;
      else if (K != C && isOutlined(K))
        Reaches = false; // accounted for through K's captures below
      if (K == C)
        break;
    }
    if (Reaches)
      addUse(V, useOf(E, Ctx));
  }

  // Uses made by clauses of C and of constructs nested in C, and by nested outlined regions.
  // A nested construct's use reaches C unless a construct in between privatises the variable.
  auto reaches = [&](const Construct *From, const VarDecl *V) {
    for (const Construct *K = From; K != C; K = K->Parent)
      if (privateLevel(K, V) != PrivateLevel::None)
        return false;
    return privateLevel(C, V) == PrivateLevel::None;
  };
  std::vector<const Construct *> Work(C->Children.begin(), C->Children.end());
  auto clauseUses = [&](const Construct *K) {
    for (const ClauseVar &CV : K->Vars) {
      if (!isCapturable(CV.Var) || (K != C && !reaches(K->Parent, CV.Var)))
        continue;
      if (CV.Kind == ClauseKind::Firstprivate) // an array's copy reads it through a pointer
        addUse(CV.Var, CV.Var->getType()->isArrayType() ? UseKind::Decay : UseKind::Read);
      else if (CV.Kind == ClauseKind::Reduction || CV.Kind == ClauseKind::Lastprivate ||
               CV.Kind == ClauseKind::Copyprivate)
        addUse(CV.Var, UseKind::Other);
    }
    // Clause expressions evaluated inside C: a loop's chunk, and everything of nested constructs.
    for (const auto &[Tok, V] : K->ExprVars) {
      const Clause *Sched = K->Dir.find(ClauseKind::Schedule);
      bool IsChunk = Sched && Tok >= Sched->Expr.Tokens.data() &&
                     Tok < Sched->Expr.Tokens.data() + Sched->Expr.Tokens.size();
      if (isCapturable(V) && (K != C || IsChunk) && (K == C || reaches(K->Parent, V)))
        addUse(V, UseKind::Read);
    }
    if (K->ScheduleMap && isCapturable(K->ScheduleMap))
      addUse(K->ScheduleMap, K->ScheduleMap->getType()->isArrayType() ? UseKind::Decay
                                                                        : UseKind::Read);
  };
  clauseUses(C);
  while (!Work.empty()) {
    const Construct *K = Work.back();
    Work.pop_back();
    clauseUses(K);
    if (isOutlined(K)) {
      for (const Capture &Cap : captures(K))
        if (isCapturable(Cap.Var))
          addUse(Cap.Var, Cap.Kind == CaptureKind::ByRef      ? UseKind::Other
                          : Cap.Kind == CaptureKind::ArrayAlias ? UseKind::Decay
                                                                : UseKind::Read);
      continue; // K's own body was analysed as K's captures
    }
    Work.insert(Work.end(), K->Children.begin(), K->Children.end());
  }

  // Variables whose address is taken anywhere in the function may change behind the region's
  // back: they are never copied.
  std::set<const VarDecl *> AddressTaken;
  for (const DeclRefExpr *E : varRefsIn(C->Function->getBody()))
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()); V && Uses.count(V)) {
      DynTypedNodeList Parents = Ctx.getParents(*E);
      while (!Parents.empty() && Parents[0].get<ParenExpr>())
        Parents = Ctx.getParents(Parents[0]);
      if (!Parents.empty())
        if (const auto *U = Parents[0].get<UnaryOperator>(); U && U->getOpcode() == UO_AddrOf)
          AddressTaken.insert(V);
    }

  std::vector<Capture> &Out = Captures[C];
  for (const VarDecl *V : Order) {
    // The region's own firstprivate copy needs only the value; its reduction, the address.
    // (A private variable gets here only when a combined construct's loop header reads the
    // original: it is captured like any shared variable.)
    if (const ClauseVar *CV = C->clauseFor(V)) {
      if (CV->Kind == ClauseKind::Firstprivate && !C->has(V, ClauseKind::Lastprivate)) {
        // An array's private copy is filled from the original through a pointer to it.
        Out.push_back({V, V->getType()->isArrayType() ? CaptureKind::ArrayAlias
                                                      : CaptureKind::ByValue});
        continue;
      }
    }
    QualType T = V->getType();
    UseKind U = Uses[V];
    CaptureKind K = CaptureKind::ByRef;
    if (!V->hasGlobalStorage() && !AddressTaken.count(V)) {
      if (T->isArrayType() && !T->isIncompleteArrayType() && U == UseKind::Decay)
        K = CaptureKind::ArrayAlias;
      else if (T->isScalarType() && U == UseKind::Read)
        K = CaptureKind::ByValue;
    }
    Out.push_back({V, K});
  }
}

void DataSharing::collectRewrites(const Construct *C) {
  if (!C->Body)
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<unsigned> Done;
  for (const DeclRefExpr *E : varRefsIn(C->Body)) {
    const auto *V = cast<VarDecl>(E->getDecl());
    if (innermostAt(C, E->getLocation(), SM) != C)
      continue; // a nested construct rewrites its own references
    std::string Text = spell(V, C, inLoopHeader(C, E->getLocation(), Ctx));
    if (Text == V->getName())
      continue;
    SourceLocation Loc = E->getLocation();
    if (Loc.isMacroID()) {
      if (!SM.isMacroArgExpansion(Loc)) {
        Diags.error(Loc, "variable '" + V->getName().str() +
                             "' is shared by reference in this region and used inside a macro "
                             "definition; omp2numa cannot rewrite macro bodies (pass the variable "
                             "as a macro argument)");
        continue;
      }
      Loc = SM.getSpellingLoc(Loc);
    }
    if (!Done.insert(SM.getFileOffset(Loc)).second)
      continue;
    RefRewrites.push_back({CharSourceRange::getTokenRange(Loc, Loc), Text});
  }
}

} // namespace omp2numa
