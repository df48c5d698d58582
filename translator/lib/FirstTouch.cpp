//===- FirstTouch.cpp -----------------------------------------------------===//
#include "FirstTouch.h"
#include "LoopForm.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/MapVector.h"

using namespace clang;

namespace omp2numa {

namespace {

/// Below this many bytes (64 pages) an array's placement matters little: not reported.
constexpr uint64_t LargeArrayBytes = 256 * 1024;

/// Whether E names V.
bool mentions(const Expr *E, const VarDecl *V) {
  for (const DeclRefExpr *Ref : varRefsIn(E))
    if (Ref->getDecl() == V)
      return true;
  return false;
}

/// Whether E is V, or V times, plus or minus terms without V: the element moves with V.
bool movesWith(const Expr *E, const VarDecl *V) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Ref->getDecl() == V;
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return false;
  const Expr *L = B->getLHS(), *R = B->getRHS();
  switch (B->getOpcode()) {
  case BO_Add:
  case BO_Mul:
    return (movesWith(L, V) && !mentions(R, V)) || (movesWith(R, V) && !mentions(L, V));
  case BO_Sub:
    return movesWith(L, V) && !mentions(R, V);
  default:
    return false;
  }
}

/// How a loop uses one array.
struct ArrayUse {
  bool Writes = false; ///< assigns an element it indexes by a loop variable
  bool Reads = false;  ///< reads an element
  bool Otherwise = false; ///< indexes it by something else than a loop variable
};

/// The arrays a loop indexes (the first subscript of `a[i][j]`), in source order, and whether
/// the loop could run in parallel as written: it calls no function but the compiler's builtins
/// (sqrt, sin, ...) and assigns only array elements, its loop variables and variables declared
/// inside it.
class ArrayUses : public RecursiveASTVisitor<ArrayUses> {
public:
  ArrayUses(const ForStmt *Loop, std::vector<const VarDecl *> Vars, const SourceManager &SM)
      : Vars(std::move(Vars)), Range(Loop->getSourceRange()), SM(SM) {}
  llvm::MapVector<const VarDecl *, ArrayUse> Arrays;
  bool Independent = true;

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    if (Inner.count(E))
      return true;
    const Expr *Base = E->getBase()->IgnoreParenImpCasts(), *First = E->getIdx();
    while (const auto *In = dyn_cast<ArraySubscriptExpr>(Base)) {
      Inner.insert(In);
      First = In->getIdx();
      Base = In->getBase()->IgnoreParenImpCasts();
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(Base);
    const auto *A = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!A)
      return true;
    ArrayUse &Use = Arrays[A];
    const bool ByLoop = llvm::any_of(Vars, [&](const VarDecl *V) { return movesWith(First, V); });
    Use.Otherwise |= !ByLoop;
    if (Stored.count(E))
      Use.Writes |= ByLoop;
    else
      Use.Reads = true;
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      wrote(B->getLHS(), B->getOpcode() == BO_Assign);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      wrote(U->getSubExpr(), false);
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    Independent &= E->getBuiltinCallee() != 0;
    return true;
  }

private:
  std::vector<const VarDecl *> Vars;
  SourceRange Range;
  const SourceManager &SM;
  std::set<const Expr *> Inner, Stored;

  /// An assignment (Plain: `=`, which does not read) to E.
  void wrote(const Expr *E, bool Plain) {
    E = E->IgnoreParens();
    if (Plain && isa<ArraySubscriptExpr>(E))
      Stored.insert(E);
    else if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) { // a loop variable, or declared inside
      const SourceLocation Decl = Ref->getDecl()->getLocation();
      Independent &= llvm::is_contained(Vars, Ref->getDecl()) ||
                     (SM.isBeforeInTranslationUnit(Range.getBegin(), Decl) &&
                      SM.isBeforeInTranslationUnit(Decl, Range.getEnd()));
    } else if (!isa<ArraySubscriptExpr>(E))
      Independent = false;
  }
};

/// The for statements under a statement, and their variables.
class LoopVariables : public RecursiveASTVisitor<LoopVariables> {
public:
  std::vector<const VarDecl *> Vars;
  bool VisitForStmt(ForStmt *F) {
    if (const VarDecl *V = loopVariable(F))
      Vars.push_back(V);
    return true;
  }
};

/// A loop of the function that indexes arrays by its variable: a worksharing loop of a parallel
/// region (Loop), or a sequential loop outside every construct (Loop null).
struct Site {
  const ForStmt *For;
  const Construct *Loop;
  llvm::MapVector<const VarDecl *, ArrayUse> Arrays;
  bool Independent; ///< could run in parallel as written (ArrayUses)
};

/// The loops of a function that Sites describes, in source order.
class SiteFinder : public RecursiveASTVisitor<SiteFinder> {
public:
  SiteFinder(std::vector<const Construct *> Constructs, ASTContext &Ctx)
      : Constructs(std::move(Constructs)), Ctx(Ctx) {}
  std::vector<Site> Sites;

  bool TraverseForStmt(ForStmt *F) {
    if (const Construct *C = worksharingLoop(F)) {
      if (const VarDecl *V = loopVariable(F))
        add(F, C, {V});
      return true;
    }
    if (within(F) || holdsConstruct(F))
      return RecursiveASTVisitor::TraverseForStmt(F);
    LoopVariables Nest;
    Nest.TraverseStmt(F);
    add(F, nullptr, std::move(Nest.Vars));
    return true;
  }

private:
  std::vector<const Construct *> Constructs;
  ASTContext &Ctx;

  /// The worksharing loop construct of a parallel region whose loop F is.
  const Construct *worksharingLoop(const ForStmt *F) const {
    for (const Construct *C : Constructs)
      if (C->Body == F && C->Dir.isLoop() && C->Dir.isWorksharing() && !C->Dir.isTask())
        for (const Construct *K = C; K; K = K->Parent)
          if (K->Dir.isOutlined())
            return K->Dir.isTask() ? nullptr : C;
    return nullptr;
  }
  bool within(const ForStmt *F) const {
    for (const Construct *C : Constructs)
      if (rangeContains(Ctx.getSourceManager(), C->Range, F->getBeginLoc()))
        return true;
    return false;
  }
  bool holdsConstruct(const ForStmt *F) const {
    const CharSourceRange R = statementRange(F, Ctx);
    for (const Construct *C : Constructs)
      if (rangeContains(Ctx.getSourceManager(), R, C->Dir.Loc))
        return true;
    return false;
  }
  void add(const ForStmt *F, const Construct *C, std::vector<const VarDecl *> Vars) {
    ArrayUses Uses(F, std::move(Vars), Ctx.getSourceManager());
    Uses.TraverseStmt(const_cast<ForStmt *>(F));
    Sites.push_back({F, C, std::move(Uses.Arrays), Uses.Independent});
  }
};

/// The statement that uses E, through parentheses and casts.
const Stmt *userOf(const Expr *E, ASTContext &Ctx) {
  const Stmt *S = E;
  for (DynTypedNodeList P = Ctx.getParents(*S); !P.empty(); P = Ctx.getParents(*S)) {
    S = P[0].get<Stmt>();
    if (!S || !(isa<ParenExpr>(S) || isa<CastExpr>(S)))
      return S;
  }
  return nullptr;
}

/// Whether E is the operand of sizeof or _Alignof (`malloc(n * sizeof *x)`), which touches
/// nothing.
bool inSizeof(const Expr *E, ASTContext &Ctx) {
  for (DynTypedNodeList P = Ctx.getParents(*E); !P.empty(); P = Ctx.getParents(P[0])) {
    const auto *Parent = P[0].get<Expr>();
    if (!Parent)
      return false;
    if (isa<UnaryExprOrTypeTraitExpr>(Parent))
      return true;
  }
  return false;
}

/// A call to an allocation function (malloc, calloc, aligned_alloc, numa_alloc_onnode, ...; not
/// realloc, which copies), through casts.
const CallExpr *allocation(const Expr *E) {
  const auto *Call = E ? dyn_cast<CallExpr>(E->IgnoreParenCasts()) : nullptr;
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F)
    return nullptr;
  const StringRef Name = F->getName();
  return (Name.contains_insensitive("alloc") && Name != "realloc") || Name.contains("memalign")
             ? Call
             : nullptr;
}

/// Whether an allocation is known to be small: calloc's product or the last argument constant
/// and under LargeArrayBytes.
bool smallAllocation(const CallExpr *Call, const ASTContext &Ctx) {
  if (Call->getNumArgs() == 0)
    return false;
  const Expr *Size = Call->getArg(Call->getNumArgs() - 1);
  std::optional<llvm::APSInt> Last = Size->getIntegerConstantExpr(Ctx);
  if (!Last)
    return false;
  uint64_t Bytes = Last->getLimitedValue();
  if (Call->getDirectCallee()->getName() == "calloc") {
    std::optional<llvm::APSInt> Count = Call->getArg(0)->getIntegerConstantExpr(Ctx);
    if (!Count)
      return false;
    Bytes *= Count->getLimitedValue();
  }
  return Bytes < LargeArrayBytes;
}

/// Where function Body first touches array V: its first reference other than the allocations
/// that set a pointer; invalid when V is not a large array the function places itself.
SourceLocation firstTouch(const VarDecl *V, const Stmt *Body, ASTContext &Ctx) {
  const QualType T = V->getType();
  if (isa<ParmVarDecl>(V) || (T->isPointerType() && !V->isLocalVarDecl()))
    return {};
  if (const auto *Constant = Ctx.getAsConstantArrayType(T))
    if (Ctx.getTypeSizeInChars(Constant).getQuantity() < int64_t(LargeArrayBytes))
      return {};
  bool Allocated = false;
  if (const Expr *Init = V->getInit()) {
    const CallExpr *Call = allocation(Init);
    if (!Call && !Init->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      return {};
    Allocated = Call && !smallAllocation(Call, Ctx);
  }
  for (const DeclRefExpr *Ref : varRefsIn(Body)) {
    if (Ref->getDecl() != V || inSizeof(Ref, Ctx))
      continue;
    if (!T->isPointerType())
      return Ref->getLocation();
    const Stmt *User = userOf(Ref, Ctx);
    const auto *Set = dyn_cast_or_null<BinaryOperator>(User);
    const auto *Address = dyn_cast_or_null<UnaryOperator>(User);
    const bool Assigned =
        Set && Set->getOpcode() == BO_Assign && Set->getLHS()->IgnoreParens() == Ref;
    const CallExpr *Call = Assigned ? allocation(Set->getRHS())
                           : Address && Address->getOpcode() == UO_AddrOf
                               ? allocation(dyn_cast_or_null<Expr>(userOf(Address, Ctx)))
                               : nullptr;
    if (!Call)
      return Allocated ? Ref->getLocation() : SourceLocation();
    if (smallAllocation(Call, Ctx))
      return {};
    Allocated = true;
  }
  return {};
}

/// A worksharing loop's chunk size as written, without spaces; empty without one.
std::string chunkText(const Construct *Loop) {
  std::string Text;
  if (const Clause *S = Loop->Dir.find(ClauseKind::Schedule))
    for (const PragmaToken &T : S->Expr.Tokens)
      Text += T.Spelling;
  return Text;
}

/// How a worksharing loop hands out its iterations, for messages: `schedule(dynamic, 4)`.
std::string scheduleText(const Construct *Loop) {
  const Clause *S = Loop->Dir.find(ClauseKind::Schedule);
  if (!S)
    return "schedule(static) (no schedule clause)";
  const std::string Chunk = chunkText(Loop);
  return std::string("schedule(") + scheduleSpelling(S->Schedule) + (Chunk.empty() ? "" : ", ") +
         Chunk + ")";
}

/// The static-ness of a loop's partition: Blocks (static, a map of iterations to threads fixed
/// by the chunk), Moving (dynamic, guided and the other kinds that deal chunks on demand), or
/// Unknown (auto, runtime, genblock, indirect, affinity: the program or the runtime decides).
enum class Dealing { Blocks, Moving, Unknown };

Dealing dealing(const Construct *Loop) {
  const Clause *S = Loop->Dir.find(ClauseKind::Schedule);
  if (Loop->Dir.has(ClauseKind::Affinity))
    return Dealing::Unknown;
  switch (S ? S->Schedule : ScheduleKind::Static) {
  case ScheduleKind::Static:
    return Dealing::Blocks;
  case ScheduleKind::Auto:
  case ScheduleKind::Runtime:
  case ScheduleKind::Genblock:
  case ScheduleKind::Indirect:
    return Dealing::Unknown;
  default:
    return Dealing::Moving;
  }
}

/// Whether the loop that first touched an array (First) and a later worksharing loop that uses it
/// (Use) are known to give its elements to different threads.
bool differ(const Site &First, const Site &Use) {
  if (!First.Loop)
    return true;
  const Dealing A = dealing(First.Loop), B = dealing(Use.Loop);
  if (A == Dealing::Unknown || B == Dealing::Unknown || (A == Dealing::Moving && B == A))
    return false;
  return A != B || chunkText(First.Loop) != chunkText(Use.Loop);
}

/// Where a diagnostic about a worksharing loop points: its schedule clause, else its name.
SourceLocation scheduleLoc(const Construct *Loop) {
  const Clause *S = Loop->Dir.find(ClauseKind::Schedule);
  return S ? S->ScheduleKindLoc : Loop->Dir.NameLoc;
}

void report(const VarDecl *A, const Site &First, const Site &Use, Diag &Diags) {
  const std::string Name = "'" + A->getName().str() + "'";
  if (!First.Loop) {
    Diags.warning(scheduleLoc(Use.Loop),
                  "this loop shares " + Name + " out among the threads, but a sequential loop "
                      "touches it first, which places all its pages on one NUMA node; initialise "
                      "it in a parallel loop with this loop's schedule [-Wfirst-touch]");
    Diags.note(First.For->getBeginLoc(), Name + " is first touched here, by one thread");
    return;
  }
  Diags.warning(scheduleLoc(Use.Loop),
                "this loop shares " + Name + " out with " + scheduleText(Use.Loop) +
                    ", but the loop that first touches it placed its pages with " +
                    scheduleText(First.Loop) +
                    ", so threads use elements on other threads' NUMA nodes; give both loops the "
                    "same static schedule, or affinity(name) [-Wfirst-touch]");
  Diags.note(scheduleLoc(First.Loop), Name + " is first touched here");
}

/// Whether worksharing site S uses the team's A, through its loop's partition alone.
bool sharesOut(const Site &S, const VarDecl *A, const DataSharing &Sharing) {
  const auto Use = S.Arrays.find(A);
  if (!S.Loop || Use == S.Arrays.end() || Use->second.Otherwise)
    return false;
  for (const Construct *K = S.Loop; K; K = K->Parent) {
    if (Sharing.privateLevel(K, A) != PrivateLevel::None)
      return false;
    if (K->Dir.isOutlined())
      break;
  }
  return true;
}

/// Whether site S can be the loop that places A's pages: a worksharing loop that shares A out
/// and writes it, or a sequential loop that writes it, does not read it and could run in
/// parallel as written (so that the advice to make it parallel applies).
bool places(const Site &S, const VarDecl *A, const DataSharing &Sharing) {
  const ArrayUse &Use = S.Arrays.find(A)->second;
  if (!Use.Writes)
    return false;
  return S.Loop ? sharesOut(S, A, Sharing) : S.Independent && !Use.Reads && !Use.Otherwise;
}

/// Function F: each array whose first loop and a later worksharing loop partition it differently.
void checkFunction(const FunctionDecl *F, std::vector<const Construct *> Constructs,
                   const DataSharing &Sharing, ASTContext &Ctx, Diag &Diags) {
  SiteFinder Finder(std::move(Constructs), Ctx);
  Finder.TraverseStmt(F->getBody());
  const std::vector<Site> &Sites = Finder.Sites;
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<const VarDecl *> Done;
  for (size_t K = 0; K < Sites.size(); ++K)
    for (const auto &Entry : Sites[K].Arrays) {
      const VarDecl *A = Entry.first;
      if (!places(Sites[K], A, Sharing) || !Done.insert(A).second)
        continue;
      const SourceLocation Touch = firstTouch(A, F->getBody(), Ctx);
      if (Touch.isInvalid() || !rangeContains(SM, statementRange(Sites[K].For, Ctx), Touch))
        continue;
      for (size_t L = K + 1; L < Sites.size(); ++L)
        if (sharesOut(Sites[L], A, Sharing) && differ(Sites[K], Sites[L])) {
          report(A, Sites[K], Sites[L], Diags);
          break;
        }
    }
}

} // namespace

void checkFirstTouch(const BoundFile &File, const DataSharing &Sharing, ASTContext &Ctx,
                     Diag &Diags) {
  llvm::MapVector<const FunctionDecl *, std::vector<const Construct *>> ByFunction;
  for (const auto &C : File.All)
    if (C->Function && C->Function->hasBody())
      ByFunction[C->Function].push_back(C.get());
  for (auto &[F, Constructs] : ByFunction)
    checkFunction(F, std::move(Constructs), Sharing, Ctx, Diags);
}

} // namespace omp2numa
