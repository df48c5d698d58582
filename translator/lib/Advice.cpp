//===- Advice.cpp ---------------------------------------------------------===//
#include "Advice.h"
#include "FirstTouch.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <set>

using namespace clang;

namespace omp2numa {

namespace {

/// The for statements under a statement, outermost first.
class ForCollector : public RecursiveASTVisitor<ForCollector> {
public:
  std::vector<const ForStmt *> Fors;
  bool VisitForStmt(ForStmt *F) {
    Fors.push_back(F);
    return true;
  }
};

/// The variable a for statement assigns in its init (`for (j = 0; ...)`), not one it declares.
const VarDecl *assignedLoopVariable(const ForStmt *F) {
  const auto *Init = dyn_cast_or_null<BinaryOperator>(F->getInit());
  if (!Init || Init->getOpcode() != BO_Assign)
    return nullptr;
  const auto *Ref = dyn_cast<DeclRefExpr>(Init->getLHS()->IgnoreParens());
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// Whether S is the then or else branch of an if whose condition asks for the thread's number:
/// `if (omp_get_thread_num() == 0) for (...)` is a loop of one thread.
bool underThreadTest(const Stmt *S, const Stmt *Top, ASTContext &Ctx) {
  for (DynTypedNodeList P = Ctx.getParents(*S); !P.empty(); P = Ctx.getParents(P[0])) {
    const Stmt *Parent = P[0].get<Stmt>();
    if (!Parent || Parent == Top)
      return false;
    const auto *If = dyn_cast<IfStmt>(Parent);
    if (!If)
      continue;
    struct CallFinder : RecursiveASTVisitor<CallFinder> {
      bool Found = false;
      bool VisitCallExpr(CallExpr *E) {
        if (const FunctionDecl *F = E->getDirectCallee())
          Found |= F->getName() == "omp_get_thread_num";
        return true;
      }
    } Finder;
    Finder.TraverseStmt(const_cast<Expr *>(If->getCond()));
    if (Finder.Found)
      return true;
  }
  return false;
}

class SharedLoopIndex {
public:
  SharedLoopIndex(const BoundFile &File, const DataSharing &Sharing, ASTContext &Ctx, Diag &Diags)
      : File(File), Sharing(Sharing), Ctx(Ctx), Diags(Diags) {}

  /// Region R: each sequential loop that R's threads run together, over a variable they share.
  void check(const Construct *R) {
    ForCollector Collector;
    Collector.TraverseStmt(const_cast<Stmt *>(R->Body));
    std::set<const VarDecl *> Reported;
    for (const ForStmt *F : Collector.Fors) {
      const VarDecl *V = assignedLoopVariable(F);
      if (V && sharedByTeam(R, F, V) && Reported.insert(V).second)
        report(R, F, V);
    }
  }

private:
  const BoundFile &File;
  const DataSharing &Sharing;
  ASTContext &Ctx;
  Diag &Diags;

  /// Whether every thread of R that reaches F updates the one V: V is declared outside R, not
  /// threadprivate, no construct from F's up to R privatises it (a loop construct's own loops
  /// included), and no construct between runs its block on one thread at a time or in tasks.
  bool sharedByTeam(const Construct *R, const ForStmt *F, const VarDecl *V) const {
    const SourceManager &SM = Ctx.getSourceManager();
    if (File.isThreadprivate(V) || V->getType().isConstQualified() ||
        rangeContains(SM, R->Range, V->getLocation()))
      return false;
    for (const Construct *K = innermostAt(R, F->getBeginLoc(), SM);; K = K->Parent) {
      if (Sharing.privateLevel(K, V) != PrivateLevel::None || K->Dir.isOneThreadAtATime() ||
          (K != R && K->Dir.isOutlined()))
        return false;
      if (K == R)
        break;
    }
    return !underThreadTest(F, R->Body, Ctx);
  }

  void report(const Construct *R, const ForStmt *F, const VarDecl *V) {
    const std::string Name = V->getName().str();
    const SourceLocation Loc = F->getInit()->getBeginLoc();
    std::vector<FixItHint> FixIts;
    if (Loc.isFileID())
      FixIts.push_back(FixItHint::CreateInsertion(
          Loc, V->getType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy()) + " "));
    Diags.warning(Loc,
                  "the threads of " + R->Dir.quotedName() + " all run this loop over '" + Name +
                      "', which they share: they race on it; declare it in the loop or make it "
                      "private [-Wshared-loop-index]",
                  FixIts);
    Diags.note(V->getLocation(), "'" + Name + "' is declared here, outside the region");
  }
};

} // namespace

void giveAdvice(const BoundFile &File, const DataSharing &Sharing, ASTContext &Ctx, Diag &Diags,
                const AdviceOptions &Options) {
  if (Options.SharedLoopIndex) {
    SharedLoopIndex Check(File, Sharing, Ctx, Diags);
    for (const auto &C : File.All)
      if (C->Dir.isOutlined() && !C->Dir.isTask() && C->Body)
        Check.check(C.get());
  }
  if (Options.FirstTouch)
    checkFirstTouch(File, Sharing, Ctx, Diags);
}

} // namespace omp2numa
