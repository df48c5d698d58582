//===- StructureChecks.cpp ------------------------------------------------===//
#include "StructureChecks.h"
#include "../LoopForm.h"
#include "LocalTypes.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace omp2numa {

namespace {

/// Finds return, break, continue and goto statements that would leave a structured block.
class JumpFinder {
public:
  JumpFinder(const SourceManager &SM, CharSourceRange Block) : SM(SM), Block(Block) {}
  std::vector<std::pair<const Stmt *, const char *>> Found;

  /// Loops and switches already entered, inside the block.
  void visit(const Stmt *S, int Loops, int Switches) {
    if (!S)
      return;
    if (isa<ReturnStmt>(S))
      Found.push_back({S, "return"});
    else if (isa<BreakStmt>(S) && Loops == 0 && Switches == 0)
      Found.push_back({S, "break"});
    else if (isa<ContinueStmt>(S) && Loops == 0)
      Found.push_back({S, "continue"});
    else if (const auto *G = dyn_cast<GotoStmt>(S);
             G && !rangeContains(SM, Block, G->getLabel()->getLocation()))
      Found.push_back({S, "goto"});
    const bool Loop = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S);
    for (const Stmt *Child : S->children())
      visit(Child, Loops + Loop, Switches + isa<SwitchStmt>(S));
  }

private:
  const SourceManager &SM;
  CharSourceRange Block;
};

/// Finds uses of types, typedefs and enumerators declared inside the enclosing function but
/// outside the region.
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
    if (const auto *F = dyn_cast<FunctionDecl>(E->getDecl()))
      checkFunction(E->getLocation(), F);
    return true;
  }

  /// The local types and enumerators that the clauses of K and of the constructs in it name.
  void addClauseNames(const Construct *K) {
    for (const auto &[Tok, D] : K->ExprLocalNames)
      check(Tok->Loc, D);
    for (const Construct *Child : K->Children)
      addClauseNames(Child);
  }

private:
  const SourceManager &SM;
  CharSourceRange Region;

  /// A function declared only at block scope (`void work(int);` inside the function): the
  /// outlined region at file scope would call it undeclared.  A C89 implicit declaration (a call
  /// of an undeclared function, which gcc 12 takes with a warning) is none: the outlined call
  /// declares it implicitly again, as the original did.
  void checkFunction(SourceLocation Use, const FunctionDecl *F) {
    const FunctionDecl *Local = nullptr;
    for (const FunctionDecl *R : F->redecls()) {
      if (R->isImplicit())
        continue;
      if (R->getLexicalDeclContext()->isFileContext() &&
          SM.isBeforeInTranslationUnit(R->getLocation(), Use))
        return; // a file-scope declaration precedes the region
      if (R->getLexicalDeclContext()->isFunctionOrMethod() &&
          !rangeContains(SM, Region, R->getLocation()))
        Local = R;
    }
    if (Local)
      Found.push_back({Use, Local});
  }

  void check(SourceLocation Use, const NamedDecl *D) {
    if (!D)
      return;
    if (D->getParentFunctionOrMethod() && !rangeContains(SM, Region, D->getLocation()))
      Found.push_back({Use, D});
  }
};

} // namespace

bool bodyMayRun(const Construct *C, llvm::function_ref<bool(const Directive &)> Match) {
  std::vector<const Construct *> Work(C->Children.begin(), C->Children.end());
  while (!Work.empty()) {
    const Construct *K = Work.back();
    Work.pop_back();
    if (Match(K->Dir))
      return true;
    Work.insert(Work.end(), K->Children.begin(), K->Children.end());
  }
  class CallFinder : public RecursiveASTVisitor<CallFinder> {
  public:
    bool Found = false;
    bool VisitCallExpr(CallExpr *) { return !(Found = true); }
  } Calls;
  Calls.TraverseStmt(const_cast<Stmt *>(C->Body));
  return Calls.Found;
}

namespace {

/// Collects a function's gotos and switches, in the order of its text.
class JumpCollector : public RecursiveASTVisitor<JumpCollector> {
public:
  std::vector<const Stmt *> Found;
  bool VisitGotoStmt(GotoStmt *G) { return Found.push_back(G), true; }
  bool VisitSwitchStmt(SwitchStmt *S) { return Found.push_back(S), true; }
};

/// The jumps of a function that may enter a block from outside: a goto to a label inside, a case
/// or default label inside whose switch is outside.  Each function's gotos and switches are
/// collected once (L.FunctionJumps): walking the whole function for each of its constructs made
/// a function with thousands of constructs quadratic.
std::vector<std::pair<const Stmt *, std::string>>
jumpsInto(LoweringContext &L, const FunctionDecl *F, CharSourceRange Block) {
  auto [It, New] = L.FunctionJumps.try_emplace(F);
  if (New) {
    JumpCollector Collector;
    Collector.TraverseStmt(F->getBody());
    It->second = std::move(Collector.Found);
  }
  const SourceManager &SM = L.Ctx.getSourceManager();
  auto Inside = [&](SourceLocation Loc) { return rangeContains(SM, Block, Loc); };
  std::vector<std::pair<const Stmt *, std::string>> Found;
  for (const Stmt *S : It->second) {
    if (const auto *G = dyn_cast<GotoStmt>(S)) {
      if (!Inside(G->getBeginLoc()) && G->getLabel()->getStmt() &&
          Inside(G->getLabel()->getStmt()->getBeginLoc()))
        Found.push_back({G, "'goto " + G->getLabel()->getName().str() + "'"});
      continue;
    }
    const auto *Switch = cast<SwitchStmt>(S);
    if (Inside(Switch->getBeginLoc()))
      continue;
    for (const SwitchCase *Case = Switch->getSwitchCaseList(); Case;
         Case = Case->getNextSwitchCase())
      if (Inside(Case->getBeginLoc()))
        Found.push_back({Case, isa<DefaultStmt>(Case) ? "a 'default' label" : "a 'case' label"});
  }
  return Found;
}

} // namespace

bool checkNoJumpsIn(LoweringContext &L, const Construct *C) {
  if (!C->Body || !C->Function || !C->Function->getBody())
    return true;
  for (const auto &[S, What] : jumpsInto(L, C->Function, C->Range)) {
    L.Diags.error(S->getBeginLoc(), What + " enters the structured block of " +
                                        C->Dir.quotedName() + " from outside, which OpenMP "
                                        "does not allow");
    return false;
  }
  return true;
}

bool checkNoJumpsOut(LoweringContext &L, const Construct *C) {
  if (!C->Body || C->Dir.Kind == DirectiveKind::Atomic)
    return true;
  const Stmt *Block = C->Body;
  bool ContinueAllowed = false;
  if (C->Dir.isLoop()) {
    // A loop construct's body may continue its own loop, but not leave it (the loops of an
    // ordered(n) nest, which stay in the body as written, included).
    const auto *For = dyn_cast<ForStmt>(C->Body);
    std::vector<const ForStmt *> Nest = For ? loopNest(For, C->Dir.associatedLoops())
                                            : std::vector<const ForStmt *>();
    if (Nest.empty())
      return true; // the loop's lowering reports the malformed loop
    Block = Nest.back()->getBody();
    ContinueAllowed = true;
  }
  JumpFinder Finder(L.Ctx.getSourceManager(), C->Range);
  Finder.visit(Block, 0, 0);
  bool Ok = true;
  for (const auto &[S, What] : Finder.Found) {
    if (ContinueAllowed && llvm::StringRef(What) == "continue")
      continue;
    L.Diags.error(S->getBeginLoc(), std::string("'") + What + "' leaves the structured block of " +
                                        C->Dir.quotedName() + ", which OpenMP does not allow");
    Ok = false;
  }
  return Ok;
}

bool checkNoLocalDecls(LoweringContext &L, const Construct *C,
                       std::vector<const TypedefNameDecl *> *Repeated) {
  LocalDeclFinder Finder(L.Ctx.getSourceManager(), C->Range);
  Finder.TraverseStmt(const_cast<Stmt *>(C->Body));
  Finder.addClauseNames(C);
  for (const auto &[Use, D] : Finder.Found) {
    std::string Why;
    if (makeVisibleAtFileScope(L, D, Why)) { // LocalTypes.h
      // A repeated typedef also stays in the function, where only the region may use it.
      if (const auto *TD = dyn_cast<TypedefNameDecl>(D);
          TD && Repeated && !llvm::is_contained(*Repeated, TD))
        Repeated->push_back(TD);
      continue;
    }
    L.Diags.error(Use, "'" + D->getName().str() + "' is declared inside function '" +
                           C->Function->getName().str() + "', outside " + C->Dir.quotedName() +
                           "; omp2numa outlines the region to file scope, where it is not "
                           "visible, and cannot make it visible (" + Why + "): declare it at "
                           "file scope or inside the region");
    L.Diags.note(D->getLocation(), "declared here");
    return false;
  }
  return true;
}

void warnNoEffect(LoweringContext &L, const Construct *C) {
  if (const Clause *Collapse = C->Dir.find(ClauseKind::Collapse); Collapse && Collapse->Count == 1)
    L.Diags.warning(Collapse->Loc, "'collapse(1)' has no effect");
  if (const Clause *Ordered = C->Dir.find(ClauseKind::Ordered);
      Ordered && C->Dir.orderedRegions() && !bodyMayRun(C, [](const Directive &D) { return D.Kind == DirectiveKind::Ordered; }))
    L.Diags.warning(Ordered->Loc, "'ordered' clause has no effect: the loop contains no "
                                  "'#pragma omp ordered' region and calls no function");
}

} // namespace omp2numa
