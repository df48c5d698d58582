//===- DataSharing.cpp ----------------------------------------------------===//
#include "DataSharing.h"
#include "LoopForm.h"
#include "MacroExpansion.h"
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

/// Whether E is the variable an assignment, a compound assignment, ++ or -- writes.
bool isAssigned(const DeclRefExpr *E, ASTContext &Ctx) {
  const Stmt *Child = E;
  DynTypedNodeList Parents = Ctx.getParents(*E);
  while (!Parents.empty() && Parents[0].get<ParenExpr>()) {
    Child = Parents[0].get<ParenExpr>();
    Parents = Ctx.getParents(*Child);
  }
  const Stmt *P = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(P))
    return B->isAssignmentOp() && B->getLHS() == Child;
  const auto *U = dyn_cast_or_null<UnaryOperator>(P);
  return U && U->isIncrementDecrementOp();
}

} // namespace

std::vector<const VarDecl *> DataSharing::loopVariables(const Construct *C) {
  std::vector<const VarDecl *> Vars;
  if (const auto *For = dyn_cast_or_null<ForStmt>(C->Body); For && C->Dir.isLoop())
    for (const ForStmt *F : loopNest(For, C->Dir.associatedLoops()))
      if (const VarDecl *V = loopVariable(F))
        Vars.push_back(V);
  return Vars;
}

static bool isLoopVariable(const Construct *C, const VarDecl *V) {
  const std::vector<const VarDecl *> Vars = DataSharing::loopVariables(C);
  return std::find(Vars.begin(), Vars.end(), V) != Vars.end();
}

PrivateLevel DataSharing::privateLevel(const Construct *C, const VarDecl *V) const {
  // On a combined construct, the parallel privatises private/firstprivate in its region and the
  // worksharing part privatises reduction/lastprivate in its block.
  const bool Combined = C->Dir.isOutlined() && C->Dir.isWorksharing();
  if (C->has(V, ClauseKind::Private) || C->has(V, ClauseKind::Firstprivate))
    return C->Dir.isOutlined() ? PrivateLevel::Region : PrivateLevel::Loop;
  // A task's in_reduction copy, and a taskloop's lastprivate or linear copy, live in its
  // function.
  if (C->has(V, ClauseKind::InReduction) ||
      (C->Dir.isTask() &&
       (C->has(V, ClauseKind::Lastprivate) || C->has(V, ClauseKind::Linear))))
    return PrivateLevel::Region;
  if (C->has(V, ClauseKind::Lastprivate) || C->has(V, ClauseKind::Linear))
    return PrivateLevel::Loop;
  // Beside inscan reductions, which only the loop can make, a combined construct's plain
  // reductions are its parallel's, as gcc splits them (c_omp_split_clauses; of the combined
  // constructs, parallel for alone takes both kinds).
  if (Combined && C->Dir.hasInscanReduction() && C->has(V, ClauseKind::Reduction) &&
      !C->hasWithModifier(V, ClauseKind::Reduction, "inscan"))
    return PrivateLevel::Region;
  if (C->has(V, ClauseKind::Reduction))
    return C->Dir.isWorksharing() || Combined || C->Dir.isSimd() ? PrivateLevel::Loop
                                                                  : PrivateLevel::Region;
  for (const VarDecl *L : loopVariables(C))
    if (L == V)
      return PrivateLevel::Loop;
  return PrivateLevel::None;
}

std::string DataSharing::originalAddress(const Construct *C, const VarDecl *V) const {
  const std::string Name = V->getName().str();
  if (!C->Dir.isOutlined())
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
  while (Region && !Region->Dir.isOutlined())
    Region = Region->Parent;
  auto consider = [&](const VarDecl *V) {
    if (!V->isLocalVarDeclOrParm() || rangeContains(SM, C->Range, V->getLocation()) ||
        (Region && !rangeContains(SM, Region->Range, V->getLocation())) ||
        std::find(Out.begin(), Out.end(), V) != Out.end())
      return;
    if (C->Dir.isOutlined()) {
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
        if (C->Dir.isOutlined() || CV.Kind == ClauseKind::Private)
          consider(CV.Var);
    if (const auto *For = dyn_cast_or_null<ForStmt>(K->Body); For && K->Dir.isLoop())
      for (const ForStmt *F : loopNest(For, K->Dir.associatedLoops()))
        if (const VarDecl *V = loopVariable(F); V && !isa<DeclStmt>(F->getInit()))
          consider(V);
    if (C->Dir.isOutlined())
      Work.insert(Work.end(), K->Children.begin(), K->Children.end());
  }
  return Out;
}

bool DataSharing::privateIn(const Construct *K, const VarDecl *V, bool InLoopHeader) const {
  switch (privateLevel(K, V)) {
  case PrivateLevel::None: return false;
  case PrivateLevel::Region:
    // A combined construct's loop bounds are evaluated as if before its parallel region, but an
    // inner bound's outer loop variable (a non-rectangular nest) is the one its evaluation
    // declares, also when a clause names it (private(i)).
    if (InLoopHeader && K->Dir.isOutlined() && K->Dir.isWorksharing())
      return isLoopVariable(K, V);
    return true;
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

bool DataSharing::isAllocatedCopy(const Construct *C, const VarDecl *V) {
  if (!C->has(V, ClauseKind::Allocate))
    return false;
  for (const ClauseVar &CV : C->Vars)
    if (CV.Var == V && (CV.Kind == ClauseKind::Reduction || CV.Kind == ClauseKind::InReduction) &&
        (CV.Sections || V->getType()->isVariableArrayType()))
      return false;
  return true;
}

bool DataSharing::privateThroughPointer(const Construct *C, const VarDecl *V) {
  const ClauseVar *CV = C->clauseFor(V);
  const QualType T = V->getType();
  return CV && (CV->Kind == ClauseKind::Reduction || CV->Kind == ClauseKind::InReduction) &&
         T->isArrayType() && (CV->Sections || T->isVariableArrayType());
}

std::string DataSharing::spell(const VarDecl *V, const Construct *From, bool InLoopHeader) const {
  const std::string Name = V->getName().str();
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Construct *C = From; C; C = C->Parent, InLoopHeader = false) {
    if (rangeContains(SM, C->Range, V->getLocation()))
      return ownSpelling(V);
    // A taskloop's bounds are evaluated where it is created; an inner bound's outer loop
    // variable (a non-rectangular nest) is the one its evaluation declares.
    if (InLoopHeader && C->Dir.isTask()) {
      if (isLoopVariable(C, V))
        return Name;
      continue;
    }
    // A reduction's section of an array, and an allocated copy, are reached through pointers.
    if (privateIn(C, V, InLoopHeader))
      return privateThroughPointer(C, V) || isAllocatedCopy(C, V) ? "(*" + Name + ")" : Name;
    if (C->Dir.isOutlined()) {
      // Where the region's private copy hides the name, the original is reached through the
      // context (a combined construct's loop header).
      const std::string Access =
          privateLevel(C, V) == PrivateLevel::Region ? "__o2n_ctx->" + Name : Name;
      for (const Capture &Cap : captures(C))
        if (Cap.Var == V)
          return Cap.Kind == CaptureKind::ByRef || Cap.Kind == CaptureKind::CopyInOut
                     ? "(*" + Access + ")"
                     : Access;
      return Name;
    }
  }
  return ownSpelling(V);
}

std::string DataSharing::ownSpelling(const VarDecl *V) const {
  const std::string Name = V->getName().str();
  return File.AllocatedVars.count(V) ? "(*" + Name + ")" : Name;
}

DataSharing::DataSharing(const BoundFile &File, ASTContext &Ctx, Diag &Diags,
                         const MacroExpansion *WriteOut)
    : File(File), Ctx(Ctx), Diags(Diags), WriteOut(WriteOut) {
  if (!checkThreadprivateUses() || !checkLoopVariableClauses() || !checkConstItems())
    return;
  // Children before parents: an outer region captures what its nested regions capture.
  for (auto It = File.All.rbegin(); It != File.All.rend(); ++It)
    if ((*It)->Dir.isOutlined())
      analyze(It->get());
  for (const auto &C : File.All)
    collectRewrites(C.get());
  collectAllocatedRewrites();
}

/// Whether Loc is in the header (init, condition, increment) of loop construct C, or of a loop of
/// its collapsed nest: outside the innermost body (the other loops of an ordered(n) nest are
/// copied with the body).
static bool inLoopHeader(const Construct *C, SourceLocation Loc, ASTContext &Ctx) {
  const auto *For = dyn_cast_or_null<ForStmt>(C->Body);
  if (!For || !C->Dir.isLoop())
    return false;
  const ForStmt *Innermost = loopNest(For, C->Dir.collapse()).back();
  CharSourceRange Body = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Innermost->getBody()->getSourceRange()),
      Ctx.getSourceManager(), Ctx.getLangOpts());
  return !rangeContains(Ctx.getSourceManager(), Body, Loc);
}

/// Per variable: the strongest use a region makes of the original, in order of first use.
struct DataSharing::UseMap {
  std::vector<const VarDecl *> Order;
  std::map<const VarDecl *, UseKind> Kind;

  void add(const VarDecl *V, UseKind U) {
    auto [It, New] = Kind.emplace(V, U);
    if (New)
      Order.push_back(V);
    else if (U == UseKind::Other || (U == UseKind::Decay && It->second == UseKind::Read))
      It->second = U;
  }
};

/// A threadprivate variable is predetermined threadprivate: no data-sharing clause may name it
/// (OpenMP; gcc: "'x' is predetermined 'threadprivate' for 'reduction'"), only copyin,
/// copyprivate and expressions; and an outlined region must be able to see it.
bool DataSharing::checkThreadprivateUses() {
  bool Ok = true;
  for (const auto &C : File.All)
    for (const ClauseVar &CV : C->Vars)
      if ((CV.Kind == ClauseKind::Private || CV.Kind == ClauseKind::Firstprivate ||
           CV.Kind == ClauseKind::Lastprivate || CV.Kind == ClauseKind::Shared ||
           CV.Kind == ClauseKind::Reduction || CV.Kind == ClauseKind::Linear) &&
          File.isThreadprivate(CV.Var)) {
        Diags.error(CV.Loc, "'" + CV.Var->getName().str() + "' is threadprivate and cannot "
                                "appear in a '" + clauseSpelling(CV.Kind) + "' clause");
        Ok = false;
      }
  // A block-scope thread-local variable is threadprivate too, but an outlined region (a function
  // at file scope) cannot see it unless a threadprivate directive moves it there.
  std::set<const VarDecl *> Reported;
  for (const auto &C : File.All) {
    if (!C->Dir.isOutlined() || !C->Body)
      continue;
    for (const DeclRefExpr *E : varRefsIn(C->Body)) {
      const auto *V = cast<VarDecl>(E->getDecl());
      // Declared in the construct, it moves with the body; reported once, at its first use.
      if (!V->isStaticLocal() || V->getTLSKind() == VarDecl::TLS_None ||
          File.ThreadprivateVars.count(V->getCanonicalDecl()) ||
          rangeContains(Ctx.getSourceManager(), C->Range, V->getLocation()) ||
          !Reported.insert(V).second)
        continue;
      Diags.error(E->getLocation(), "'" + V->getName().str() + "' is a block-scope thread-local "
                                    "variable, which the outlined region cannot see: name it in "
                                    "'#pragma omp threadprivate' (it then moves to file scope)");
      Diags.note(V->getLocation(), "declared here");
      Ok = false;
    }
  }
  return Ok;
}

/// A loop construct's iteration variables (each loop of its collapsed nest) are predetermined
/// private, or linear in a simd loop: a clause may name them private or lastprivate, and linear
/// when the construct is a simd one (it takes simdlen) with a single associated loop (OpenMP 5.2,
/// 5.1.1), never firstprivate or reduction.  gcc's rule and message (gimplify.cc, omp_is_private:
/// "iteration variable 'i' should not be firstprivate"); the lowering would declare the variable
/// twice.  The firstprivate that teams distribute [simd] gives its distribute part (CombinedSplit)
/// is gcc's teams' alone, where the variable is not the iteration variable.
bool DataSharing::checkLoopVariableClauses() {
  bool Ok = true;
  for (const auto &C : File.All) {
    const Directive &D = C->Dir;
    const std::vector<const VarDecl *> LoopVars = loopVariables(C.get());
    const bool LinearAllowed =
        clauseAllowedOn(D.Kind, ClauseKind::Simdlen) && D.associatedLoops() <= 1;
    const bool FirstprivateOfTeams = D.InnerPart && D.isDistribute() && !D.isOutlined();
    for (const ClauseVar &CV : C->Vars) {
      const bool Forbidden =
          (CV.Kind == ClauseKind::Firstprivate && !FirstprivateOfTeams) ||
          CV.Kind == ClauseKind::Reduction || (CV.Kind == ClauseKind::Linear && !LinearAllowed);
      if (!Forbidden || !llvm::is_contained(LoopVars, CV.Var))
        continue;
      Diags.error(CV.Loc, "iteration variable '" + CV.Var->getName().str() +
                              "' should not be " + clauseSpelling(CV.Kind));
      Ok = false;
    }
  }
  return Ok;
}

/// A const-qualified variable (an array of const elements too) may be named in shared and
/// firstprivate, not in private or lastprivate, whose copy is written (OpenMP 5.2, 5.4.3, 5.4.5;
/// gcc's message; reduction and linear have their own).  Only the clauses as written: the copy
/// default(private) gives a const variable is taken, as gcc takes it.
bool DataSharing::checkConstItems() {
  bool Ok = true;
  for (const auto &C : File.All)
    for (const Clause &Cl : C->Dir.Clauses) {
      if (Cl.Kind != ClauseKind::Private && Cl.Kind != ClauseKind::Lastprivate)
        continue;
      for (const VarName &N : Cl.Vars) {
        auto CV = llvm::find_if(C->Vars, [&](const ClauseVar &V) { return V.Loc == N.Loc; });
        if (CV == C->Vars.end() || !Ctx.getBaseElementType(CV->Var->getType()).isConstQualified())
          continue;
        Diags.error(N.Loc, "'const' qualified '" + N.Name +
                               "' may appear only in 'shared' or 'firstprivate' clauses");
        Ok = false;
      }
    }
  return Ok;
}

bool DataSharing::isCapturable(const Construct *C, const VarDecl *V) const {
  // Each thread has its own threadprivate variable under the same name: nothing to capture.
  if (File.isThreadprivate(V) || rangeContains(Ctx.getSourceManager(), C->Range, V->getLocation()))
    return false;
  if (V->isLocalVarDeclOrParm())
    return true;
  // A file-scope variable that an enclosing construct privatises is, inside it, that
  // construct's local copy.
  for (const Construct *K = C->Parent; K; K = K->Parent)
    if (privateLevel(K, V) != PrivateLevel::None)
      return true;
  return false;
}

bool DataSharing::isClauseCapturedGlobal(const ClauseVar &CV) const {
  // A region's own firstprivate copy is initialised from a file-scope variable's value, and its
  // lastprivate, linear and reduction results are written to the variable: the region takes its
  // value or address at the call like a local's, so that the copy inside the region can have its
  // name.
  return CV.Var->hasGlobalStorage() && !CV.Var->isLocalVarDeclOrParm() &&
         !File.isThreadprivate(CV.Var) &&
         (CV.Kind == ClauseKind::Firstprivate || CV.Kind == ClauseKind::Lastprivate ||
          CV.Kind == ClauseKind::Linear || CV.Kind == ClauseKind::Reduction ||
          CV.Kind == ClauseKind::InReduction);
}

void DataSharing::analyze(const Construct *C) {
  UseMap Uses;
  collectDirectUses(C, Uses);
  collectNestedUses(C, Uses);
  Captures[C] = chooseCaptures(C, Uses);
}

void DataSharing::collectDirectUses(const Construct *C, UseMap &Uses) const {
  const SourceManager &SM = Ctx.getSourceManager();
  // A reference does not reach C when a construct between it and C privatises the variable, or
  // when a nested outlined region captures it (that region's capture is the use).
  for (const DeclRefExpr *E : varRefsIn(C->Body)) {
    const auto *V = cast<VarDecl>(E->getDecl());
    if (!isCapturable(C, V))
      continue;
    const Construct *In = innermostAt(C, E->getLocation(), SM);
    bool Header = inLoopHeader(In, E->getLocation(), Ctx);
    bool Reaches = true;
    for (const Construct *K = In; K && Reaches; K = K->Parent, Header = false) {
      // A taskloop's header is evaluated where the taskloop is, outside its tasks; its loop
      // variables are the tasks' own.
      const bool Outside = Header && K->Dir.isTask();
      if (Outside && isLoopVariable(K, V))
        Reaches = false;
      if (!Outside && (privateIn(K, V, Header) || (K != C && K->Dir.isOutlined())))
        Reaches = false;
      if (K == C) {
        Reaches &= !Outside;
        break;
      }
    }
    if (Reaches)
      Uses.add(V, useOf(E, Ctx));
  }
}

void DataSharing::collectClauseUses(const Construct *C, const Construct *K, UseMap &Uses) const {
  // A nested construct's use reaches C unless a construct in between privatises the variable.
  auto reaches = [&](const Construct *From, const VarDecl *V) {
    for (const Construct *P = From; P != C; P = P->Parent)
      if (privateLevel(P, V) != PrivateLevel::None)
        return false;
    return privateLevel(C, V) == PrivateLevel::None;
  };
  for (const ClauseVar &CV : K->Vars) {
    if (!(isCapturable(C, CV.Var) || (K == C && isClauseCapturedGlobal(CV))) ||
        (K != C && !reaches(K->Parent, CV.Var)))
      continue;
    // A nested construct's copy of a variable-length array is sized from the original, which
    // the region must then see with its whole type (a pointer to it), not decayed.
    const bool SizedFromOriginal = K != C && CV.Var->getType()->isVariablyModifiedType() &&
                                   (CV.Kind == ClauseKind::Private ||
                                    CV.Kind == ClauseKind::Firstprivate);
    if (SizedFromOriginal)
      Uses.add(CV.Var, UseKind::Other);
    else if (CV.Kind == ClauseKind::Firstprivate) // an array's copy reads it through a pointer
      Uses.add(CV.Var, CV.Var->getType()->isArrayType() ? UseKind::Decay : UseKind::Read);
    else if (CV.reducesThroughPointer())
      Uses.add(CV.Var, UseKind::Read);
    else if (CV.Kind == ClauseKind::Reduction || CV.Kind == ClauseKind::Lastprivate ||
             CV.Kind == ClauseKind::Copyprivate || CV.Kind == ClauseKind::InReduction ||
             CV.Kind == ClauseKind::Linear)
      Uses.add(CV.Var, UseKind::Other);
    else if (CV.Kind == ClauseKind::Detach && K != C) // set where the task is created
      Uses.add(CV.Var, UseKind::Other);
  }
  // Clause expressions evaluated inside C: a loop's chunk (distribute parallel for's
  // dist_schedule chunk too: each thread walks the team's blocks), a linear step, the if of a
  // simd hint, a masked filter (not a masked taskloop's: the creating thread's), an allocator
  // (where the copies are made), and everything of nested constructs.
  auto Inside = [&](const PragmaToken *Tok) {
    for (const ClauseVar &CV : K->Vars) // a reduction's array section
      for (size_t D = 0; CV.Sections && D < CV.Sections->size(); ++D)
        if ((*CV.Sections)[D].Lower.contains(Tok) || (*CV.Sections)[D].Length.contains(Tok))
          return true;
    for (const Clause &Cl : K->Dir.Clauses)
      if (Cl.Expr.contains(Tok))
        return Cl.Kind == ClauseKind::Schedule || Cl.Kind == ClauseKind::DistSchedule ||
               Cl.Kind == ClauseKind::Linear ||
               Cl.Kind == ClauseKind::Allocate ||
               (Cl.Kind == ClauseKind::Filter && !K->Dir.isTask()) ||
               (Cl.Kind == ClauseKind::If && K->Dir.isSimd() && Cl.Keyword != "parallel");
    return false;
  };
  for (const auto &[Tok, V] : K->ExprVars) {
    if (isCapturable(C, V) && (K != C || Inside(Tok)) && (K == C || reaches(K->Parent, V)))
      Uses.add(V, inDepend(K, Tok) ? UseKind::Other : UseKind::Read); // depend takes addresses
  }
  if (K->ScheduleMap && isCapturable(C, K->ScheduleMap))
    Uses.add(K->ScheduleMap,
             K->ScheduleMap->getType()->isArrayType() ? UseKind::Decay : UseKind::Read);
}

/// How an outlined construct's capture uses the variable where the construct is.  A task's copy
/// of a variable-length array is sized from the original, which must keep its whole type.
static UseKind captureUse(const Capture &Cap) {
  switch (Cap.Kind) {
  case CaptureKind::ByRef:
  case CaptureKind::CopyInOut: return UseKind::Other;
  case CaptureKind::ArrayAlias: return UseKind::Decay;
  case CaptureKind::ArrayCopy:
    return Cap.Var->getType()->isVariablyModifiedType() ? UseKind::Other : UseKind::Decay;
  case CaptureKind::ByValue: return UseKind::Read;
  }
  return UseKind::Other;
}

bool DataSharing::privatisedBetween(const Construct *C, const Construct *K,
                                    const VarDecl *V) const {
  for (const Construct *P = K->Parent; P && P != C->Parent; P = P->Parent)
    if (privateLevel(P, V) != PrivateLevel::None)
      return true;
  return false;
}

void DataSharing::collectNestedUses(const Construct *C, UseMap &Uses) const {
  collectClauseUses(C, C, Uses);
  std::vector<const Construct *> Work(C->Children.begin(), C->Children.end());
  while (!Work.empty()) {
    const Construct *K = Work.back();
    Work.pop_back();
    collectClauseUses(C, K, Uses);
    if (!K->Dir.isOutlined()) {
      Work.insert(Work.end(), K->Children.begin(), K->Children.end());
      continue;
    }
    // K's own body was analysed as K's captures; what a construct between them privatises,
    // K takes from that construct's copy.
    for (const Capture &Cap : captures(K))
      if (isCapturable(C, Cap.Var) && !privatisedBetween(C, K, Cap.Var))
        Uses.add(Cap.Var, captureUse(Cap));
  }
}

/// Variables of Uses whose address is taken anywhere in Function: they may change behind a
/// region's back, so they are never copied.
const std::set<const VarDecl *> &DataSharing::addressTaken(const FunctionDecl *Function) const {
  auto [It, New] = AddressTakenIn.try_emplace(Function);
  if (!New)
    return It->second;
  for (const DeclRefExpr *E : varRefsIn(Function->getBody()))
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl())) {
      DynTypedNodeList Parents = Ctx.getParents(*E);
      while (!Parents.empty() && Parents[0].get<ParenExpr>())
        Parents = Ctx.getParents(Parents[0]);
      if (!Parents.empty())
        if (const auto *U = Parents[0].get<UnaryOperator>(); U && U->getOpcode() == UO_AddrOf)
          It->second.insert(V);
    }
  return It->second;
}

/// Whether a clause of kind K of target T names V as a whole, or a part of it that is not
/// reached through V's value (a pointer's elements are not the pointer).
static bool targetNames(const Construct *T, const VarDecl *V, ClauseKind K) {
  for (const Clause &Cl : T->Dir.Clauses)
    if (Cl.Kind == K)
      for (const DependItem &Item : Cl.Depends) {
        bool Whole = false;
        if (T->itemBase(Item, Whole) == V && (Whole || !V->getType()->isPointerType()))
          return true;
      }
  return false;
}

bool DataSharing::sharedInTarget(const Construct *T, const VarDecl *V) const {
  if (T->has(V, ClauseKind::Firstprivate) || T->has(V, ClauseKind::Private) ||
      targetNames(T, V, ClauseKind::IsDevicePtr))
    return false;
  // An in_reduction item is mapped tofrom (OpenMP 5.0), reached through the task's copy.
  if (T->has(V, ClauseKind::InReduction) || targetNames(T, V, ClauseKind::Map) ||
      targetNames(T, V, ClauseKind::HasDeviceAddr))
    return true;
  const llvm::StringRef Category = defaultmapCategory(V->getType());
  for (const Clause &Cl : T->Dir.Clauses)
    if (Cl.Kind == ClauseKind::Defaultmap && (Cl.Name.empty() || Cl.Name == Category) &&
        Cl.Keyword != "default" && Cl.Keyword != "none")
      return Cl.Keyword != "firstprivate";
  return Category == "aggregate";
}

bool DataSharing::sharedInTask(const Construct *T, const VarDecl *V) const {
  if (T->Dir.isTarget())
    return sharedInTarget(T, V);
  for (ClauseKind K : {ClauseKind::Shared, ClauseKind::InReduction, ClauseKind::Lastprivate,
                       ClauseKind::Linear, ClauseKind::Reduction})
    if (T->has(V, K))
      return true;
  for (ClauseKind K : {ClauseKind::Firstprivate, ClauseKind::Private, ClauseKind::Detach})
    if (T->has(V, K))
      return false;
  if (const Clause *Default = T->Dir.find(ClauseKind::Default))
    if (Default->Default != DefaultKind::None)
      return Default->Default == DefaultKind::Shared;
  return sharedWhereCreated(T, V);
}

bool DataSharing::sharedWhereCreated(const Construct *T, const VarDecl *V) const {
  // Shared only if shared by every implicit task of the team (OpenMP: a variable a parent task
  // shares but the team does not is firstprivate in the child).
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Construct *K = T->Parent; K; K = K->Parent) {
    // Private to the thread or task that creates T: privatised, or declared in the construct.
    if (privateLevel(K, V) != PrivateLevel::None ||
        (!V->hasGlobalStorage() && rangeContains(SM, K->Range, V->getLocation())))
      return false;
    if (K->Dir.isTarget()) // the initial thread of the target's team shares what it maps
      return sharedInTarget(K, V);
    if (K->Dir.isTask()) {
      const Clause *Default = K->Dir.find(ClauseKind::Default);
      if (Default && (Default->Default == DefaultKind::Firstprivate ||
                      Default->Default == DefaultKind::Private) && !sharedInTask(K, V))
        return false;
      continue;
    }
    if (K->Dir.isOutlined()) // declared outside the parallel region: shared by its team
      return true;
  }
  // Outside every region: a local belongs to the implicit task of the thread.
  return V->hasGlobalStorage();
}

std::vector<Capture> DataSharing::chooseCaptures(const Construct *C, const UseMap &Uses) const {
  const std::set<const VarDecl *> &AddressTaken = addressTaken(C->Function);
  std::vector<Capture> Out;
  for (const VarDecl *V : Uses.Order) {
    if (C->Dir.isTask()) {
      const bool Copyable = !AddressTaken.count(V) && Uses.Kind.at(V) == UseKind::Read;
      Out.push_back({V, taskCapture(C, V, static_cast<int>(Uses.Kind.at(V)), Copyable)});
      continue;
    }
    // The region's own firstprivate copy needs only the value (an array's copy is filled through
    // a pointer to the original).  A private variable gets here only when a combined construct's
    // loop header reads the original: it is captured like any shared variable.
    if (C->has(V, ClauseKind::Firstprivate) && !C->has(V, ClauseKind::Lastprivate)) {
      Out.push_back({V, V->getType()->isArrayType() ? CaptureKind::ArrayAlias
                                                    : CaptureKind::ByValue});
      continue;
    }
    QualType T = V->getType();
    UseKind U = Uses.Kind.at(V);
    CaptureKind K = CaptureKind::ByRef;
    if (!V->hasGlobalStorage() && !AddressTaken.count(V)) {
      if (T->isArrayType() && !T->isIncompleteArrayType() && U == UseKind::Decay)
        K = CaptureKind::ArrayAlias;
      else if (T->isScalarType() && U == UseKind::Read)
        K = CaptureKind::ByValue;
      else if (copyInOut(C, V))
        K = CaptureKind::CopyInOut;
    }
    Out.push_back({V, K});
  }
  return Out;
}

/// gcc's copy-in/copy-out (omp-low.c, use_pointer_for_field): while the region runs, nothing
/// but the region can reach a scalar local whose address is never taken, unless an enclosing
/// region or task shares it with other threads or a task created outside the region may run
/// meanwhile.  Such a variable lives in the context struct during the region: every thread of
/// the team reaches that one member through a pointer, as it would the original, and the
/// encountering thread copies it back when the region ends.  The back end knows that members of
/// one struct do not overlap, which it cannot know of two pointers: it keeps a shared inner loop
/// index in a register and vectorises the loop.
bool DataSharing::copyInOut(const Construct *C, const VarDecl *V) const {
  const QualType T = V->getType();
  if (C->Dir.isTask() || V->getStorageClass() == SC_Register || !T->isScalarType() ||
      T->isVariablyModifiedType() || T->isAtomicType() || T.isConstQualified() ||
      T.isVolatileQualified())
    return false;
  for (const ClauseVar &CV : C->Vars)
    if (CV.Var == V && CV.Kind != ClauseKind::Shared)
      return false;
  const SourceManager &SM = Ctx.getSourceManager();
  const Construct *Enclosing = C->Parent;
  while (Enclosing && !Enclosing->Dir.isOutlined())
    Enclosing = Enclosing->Parent;
  if (Enclosing && !rangeContains(SM, Enclosing->Range, V->getLocation()))
    return false;
  auto Mentions = [V](const Construct &K) {
    return std::any_of(K.Vars.begin(), K.Vars.end(),
                       [V](const ClauseVar &CV) { return CV.Var == V; }) ||
           std::any_of(K.ExprVars.begin(), K.ExprVars.end(),
                       [V](const auto &TV) { return TV.second == V; }) ||
           (K.Body && llvm::any_of(varRefsIn(K.Body),
                                   [V](const DeclRefExpr *E) { return E->getDecl() == V; }));
  };
  for (const auto &K : File.All)
    if (K->Dir.isTask() && K->Function == C->Function &&
        !rangeContains(SM, C->Range, K->Dir.Loc) && Mentions(*K))
      return false;
  return true;
}

CaptureKind DataSharing::taskCapture(const Construct *T, const VarDecl *V, int Use,
                                     bool Copyable) const {
  const QualType Type = V->getType();
  if (const ClauseVar *CV = T->clauseFor(V); CV && CV->reducesThroughPointer())
    return CaptureKind::ByValue;
  if (!sharedInTask(T, V))
    return Type->isArrayType() ? CaptureKind::ArrayCopy : CaptureKind::ByValue;
  if (Copyable && readOnlyForTasks(T, V))
    return CaptureKind::ByValue;
  // Shared: the original, which may change while the task waits to run.
  if (!V->hasGlobalStorage() && Type->isArrayType() && !Type->isIncompleteArrayType() &&
      static_cast<UseKind>(Use) == UseKind::Decay)
    return CaptureKind::ArrayAlias;
  return CaptureKind::ByRef;
}

/// gcc passes a task the value of a scalar it shares implicitly and only reads, when no task of
/// the function writes the variable, no depend clause names it and its address is never taken
/// (as if firstprivate): `for (i = 0; i < n; i++) { #pragma omp task use(i); }` with i declared
/// outside the region gives each task its own i.  The same here, so that such programs behave
/// as they do with gcc.
bool DataSharing::readOnlyForTasks(const Construct *T, const VarDecl *V) const {
  if (V->hasGlobalStorage() || !V->getType()->isScalarType())
    return false;
  for (ClauseKind K : {ClauseKind::Shared, ClauseKind::InReduction, ClauseKind::Lastprivate,
                       ClauseKind::Linear, ClauseKind::Reduction})
    if (T->has(V, K))
      return false;
  if (const Clause *Default = T->Dir.find(ClauseKind::Default);
      Default && Default->Default == DefaultKind::Shared)
    return false;
  for (const auto &K : File.All) {
    if (!K->Dir.isTask() || K->Function != T->Function)
      continue;
    for (const auto &[Tok, Var] : K->ExprVars)
      if (Var == V && inDepend(K.get(), Tok))
        return false;
    for (const DeclRefExpr *E : varRefsIn(K->Body))
      if (E->getDecl() == V && useOf(E, Ctx) != UseKind::Read)
        return false;
  }
  return true;
}

bool DataSharing::inDepend(const Construct *K, const PragmaToken *Tok) {
  if (K->Dir.Kind == DirectiveKind::Depobj) // the depend object too is written by address
    return true;
  for (const Clause &Cl : K->Dir.Clauses) // not affinity's locators: never evaluated
    for (const DependItem &Item : Cl.Depends)
      if (Cl.Kind == ClauseKind::Depend && Item.Expr.contains(Tok))
        return true;
  return false;
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
    if (isAssigned(E, Ctx) && !noteConditionalAssignment(C, V, E->getLocation(), Text))
      continue;
    if (Text == V->getName())
      continue;
    SourceLocation Loc = E->getLocation();
    // A loop construct's header is rebuilt, printed with spell() where a macro wrote it.
    if (Loc.isMacroID() && C->Dir.isLoop() && inLoopHeader(C, Loc, Ctx))
      continue;
    addRewrite(V, Loc, Text, "is shared by reference in this region", Done);
  }
}

/// References outside every construct to an automatic variable of an allocate directive: the
/// variable's name is a pointer to its storage.
void DataSharing::collectAllocatedRewrites() {
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<const Stmt *> Bodies;
  for (const VarDecl *V : File.AllocatedVars)
    Bodies.insert(cast<FunctionDecl>(V->getParentFunctionOrMethod())->getBody());
  std::set<unsigned> Done;
  for (const Stmt *Body : Bodies)
    for (const DeclRefExpr *E : varRefsIn(Body)) {
      const auto *V = cast<VarDecl>(E->getDecl());
      if (File.AllocatedVars.count(V) &&
          std::none_of(File.All.begin(), File.All.end(), [&](const auto &C) {
            return C->Body && rangeContains(SM, C->Range, SM.getExpansionLoc(E->getLocation()));
          }))
        addRewrite(V, E->getLocation(), ownSpelling(V),
                   "is allocated by an 'allocate' directive", Done);
    }
}

/// Whether the token at macro location Loc is spelled in the file, in an argument of the
/// invocation it comes from: rewriting it there changes this use only.  (`#define G F(x)` passes
/// F an argument spelled in G's definition.)
static bool spelledInArgument(SourceLocation Loc, const SourceManager &SM) {
  if (!SM.isMacroArgExpansion(Loc))
    return false;
  const CharSourceRange Invocation = SM.getExpansionRange(Loc);
  const SourceLocation Spelling = SM.getSpellingLoc(Loc);
  return SM.getFileID(Spelling) == SM.getFileID(Invocation.getBegin()) &&
         rangeContains(SM, CharSourceRange::getCharRange(Invocation.getAsRange()), Spelling);
}

void DataSharing::addRewrite(const VarDecl *V, SourceLocation Loc, const std::string &Text,
                             llvm::StringRef Why, std::set<unsigned> &Done) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (Loc.isMacroID() && spelledInArgument(Loc, SM)) {
    Loc = SM.getSpellingLoc(Loc);
  } else if (Loc.isMacroID()) {
    if (WriteOut && WriteOut->canWriteOut(Loc, SM)) {
      MacroUses.push_back(Loc);
      return;
    }
    Diags.error(Loc, "variable '" + V->getName().str() + "' " + Why.str() +
                         " and used inside a macro definition; omp2numa cannot rewrite macro "
                         "bodies (pass the variable as a macro argument)");
    return;
  }
  if (!Done.insert(Loc.getRawEncoding()).second) // unique among all files
    return;
  RefRewrites.push_back({CharSourceRange::getTokenRange(Loc, Loc), Text});
}

bool DataSharing::noteConditionalAssignment(const Construct *C, const VarDecl *V,
                                            SourceLocation Loc, std::string &Text) {
  bool Crossed = false; // an enclosing region shares the copy: its function cannot note it
  for (const Construct *K = C; K; K = K->Parent) {
    if (K->hasWithModifier(V, ClauseKind::Lastprivate, "conditional")) {
      if (Crossed) {
        Diags.error(Loc, "assignment to '" + V->getName().str() +
                             "', a conditional lastprivate variable, in a nested region that "
                             "shares it is not supported yet");
        return false;
      }
      Text = "(*(__o2n_lpc_hit_" + V->getName().str() + " = 1, &" + Text + "))";
      return true;
    }
    const ClauseVar *CV = K->clauseFor(V);
    if (CV && CV->Kind != ClauseKind::Shared)
      return true; // a copy of K's own
    if (K->Dir.isTask() && !CV)
      return true; // firstprivate, as the variable is private where the task is
    Crossed |= K->Dir.isOutlined();
  }
  return true;
}

} // namespace omp2numa
