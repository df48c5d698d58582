//===- Binder.cpp ---------------------------------------------------------===//
#include "Binder.h"
#include "MacroExpansion.h"
#include "Nesting.h"
#include "Cancellation.h"
#include "RegionContents.h"
#include "LoopForm.h"
#include "UserReductions.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Transformer/SourceCode.h"
#include "llvm/ADT/StringMap.h"
#include <algorithm>
#include <cctype>
#include <iterator>
#include <map>
#include <optional>
#include <set>

using namespace clang;

namespace omp2numa {

bool rangeContains(const SourceManager &SM, CharSourceRange R, SourceLocation Loc) {
  Loc = SM.getExpansionLoc(Loc);
  return R.isValid() && !SM.isBeforeInTranslationUnit(Loc, R.getBegin()) &&
         SM.isBeforeInTranslationUnit(Loc, R.getEnd());
}

const Construct *innermostAt(const Construct *Root, SourceLocation Loc, const SourceManager &SM) {
  for (const Construct *Child : Root->Children)
    if (rangeContains(SM, Child->Range, Loc))
      return innermostAt(Child, Loc, SM);
  return Root;
}

std::vector<const DeclRefExpr *> varRefsIn(const Stmt *S) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    std::vector<const DeclRefExpr *> Refs;
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (isa<VarDecl>(E->getDecl()))
        Refs.push_back(E);
      return true;
    }
  } F;
  if (S)
    F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Refs;
}

CharSourceRange statementRange(const Stmt *S, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  SourceLocation Begin = SM.getExpansionRange(S->getBeginLoc()).getBegin();
  SourceLocation Last = SM.getExpansionRange(S->getEndLoc()).getEnd();
  if (Begin.isInvalid() || Last.isInvalid() || SM.getFileID(Begin) != SM.getFileID(Last))
    return {};
  SourceLocation End = Lexer::getLocForEndOfToken(Last, 0, SM, LO);
  Token Next;
  if (!isa<CompoundStmt>(S) && !Lexer::getRawToken(End, Next, SM, LO, /*IgnoreWhiteSpace=*/true) &&
      Next.is(tok::semi))
    End = Next.getEndLoc();
  return CharSourceRange::getCharRange(Begin, End);
}

namespace {

/// A statement in statement position (what a directive can apply to) and its container.
struct StmtSlot {
  const Stmt *Container;
  const Stmt *Child;
  const FunctionDecl *Function;
};

/// Collects the statement slots and functions of the main file.
class SlotCollector : public RecursiveASTVisitor<SlotCollector> {
public:
  SlotCollector(ASTContext &Ctx, const IncludeMap &Includes)
      : SM(Ctx.getSourceManager()), Includes(Includes) {}

  std::vector<StmtSlot> Slots;
  /// Every statement that holds statements (an empty block too), with its function.
  std::vector<std::pair<const Stmt *, const FunctionDecl *>> Containers;
  std::vector<const FunctionDecl *> Functions;

  bool TraverseFunctionDecl(FunctionDecl *F) {
    if (!F->hasBody() || !F->doesThisDeclarationHaveABody() ||
        !Includes.translated(F->getBeginLoc()))
      return true;
    const FunctionDecl *Saved = Current;
    Current = F;
    Functions.push_back(F);
    bool R = RecursiveASTVisitor::TraverseFunctionDecl(F);
    Current = Saved;
    return R;
  }

  bool VisitCompoundStmt(CompoundStmt *S) {
    if (Current)
      Containers.push_back({S, Current});
    for (Stmt *Child : S->body())
      add(S, Child);
    return true;
  }
  bool VisitForStmt(ForStmt *S) { return add(S, S->getBody()); }
  bool VisitWhileStmt(WhileStmt *S) { return add(S, S->getBody()); }
  bool VisitDoStmt(DoStmt *S) { return add(S, S->getBody()); }
  bool VisitIfStmt(IfStmt *S) { return add(S, S->getThen()) && add(S, S->getElse()); }
  bool VisitSwitchStmt(SwitchStmt *S) { return add(S, S->getBody()); }
  bool VisitSwitchCase(SwitchCase *S) { return add(S, S->getSubStmt()); }
  bool VisitLabelStmt(LabelStmt *S) { return add(S, S->getSubStmt()); }

private:
  const SourceManager &SM;
  const IncludeMap &Includes;
  const FunctionDecl *Current = nullptr;

  bool add(const Stmt *Container, const Stmt *Child) {
    if (Child && Current) {
      Slots.push_back({Container, Child, Current});
      if (!isa<CompoundStmt>(Container))
        Containers.push_back({Container, Current});
    }
    return true;
  }
};

/// What of a clause expression is not made of C expressions and names of the function: GNU
/// statement expressions (`({ __typeof__(a) _a = (a); _a; })`, the min/max macros), where
/// declarations and statements may stand, the names they declare, and __builtin_offsetof's
/// member.
struct ExprShape {
  std::vector<bool> InStatementExpr;
  std::vector<bool> NotAName; ///< declared in a statement expression, or a member

  explicit ExprShape(const std::vector<PragmaToken> &T)
      : InStatementExpr(T.size()), NotAName(T.size()) {
    for (size_t I = 0; I + 1 < T.size(); ++I) {
      if (T[I].Spelling == "(" && T[I + 1].Spelling == "{")
        std::fill(InStatementExpr.begin() + I, InStatementExpr.begin() + closing(T, I) + 1, true);
      if ((T[I].Spelling == "__builtin_offsetof" || T[I].Spelling == "offsetof") &&
          T[I + 1].Spelling == "(")
        markMember(T, I + 1);
    }
    std::set<std::string> Declared; // in the statement expressions, where they are visible
    for (size_t I = 1; I + 1 < T.size(); ++I) {
      if (!InStatementExpr[I])
        Declared.clear();
      else if (Declared.count(T[I].Spelling))
        NotAName[I] = true;
      else if (declares(T, I))
        Declared.insert(T[I].Spelling), NotAName[I] = true;
    }
  }

private:
  /// The index of the `)` that closes the `(` at Open (the last token if none does).
  static size_t closing(const std::vector<PragmaToken> &T, size_t Open) {
    int Depth = 0;
    for (size_t I = Open; I < T.size(); ++I) {
      Depth += T[I].Spelling == "(" ? 1 : T[I].Spelling == ")" ? -1 : 0;
      if (Depth == 0)
        return I;
    }
    return T.size() - 1;
  }
  /// The name after the first comma of offsetof's parentheses at Open.
  void markMember(const std::vector<PragmaToken> &T, size_t Open) {
    int Depth = 0;
    for (size_t I = Open; I + 1 < T.size(); ++I) {
      Depth += T[I].Spelling == "(" ? 1 : T[I].Spelling == ")" ? -1 : 0;
      if (Depth == 1 && T[I].Spelling == ",") {
        NotAName[I + 1] = T[I + 1].IsIdentifier;
        return;
      }
    }
  }
  /// Whether T[I] is the name a declaration declares: before `=`, `;`, `,` or `[`, after a type
  /// keyword or `__typeof__(...)` and `*`s, or a typedef's name (`sizeof x;` and `n * m;` declare
  /// nothing).
  static bool declares(const std::vector<PragmaToken> &T, size_t I) {
    static const llvm::StringRef After[] = {"=", ";", ",", "["};
    if (!T[I].IsIdentifier || T[I].IsKeyword ||
        !llvm::is_contained(After, llvm::StringRef(T[I + 1].Spelling)))
      return false;
    size_t Type = I - 1;
    while (Type > 0 && T[Type].Spelling == "*")
      --Type;
    static const llvm::StringRef TypeWords[] = {
        "int",      "char",  "short",    "long",  "float",    "double",   "signed",
        "unsigned", "_Bool", "_Complex", "const", "volatile", "restrict", "__int128"};
    if (T[Type].Spelling == ")")
      return isTypeof(T, Type);
    return T[Type].IsKeyword ? llvm::is_contained(TypeWords, llvm::StringRef(T[Type].Spelling))
                             : T[Type].IsIdentifier && Type == I - 1; // a typedef's name
  }
  /// Whether the `)` at Close ends `__typeof__(...)`.
  static bool isTypeof(const std::vector<PragmaToken> &T, size_t Close) {
    int Depth = 0;
    for (size_t I = Close + 1; I-- > 0;) {
      Depth += T[I].Spelling == ")" ? 1 : T[I].Spelling == "(" ? -1 : 0;
      if (Depth == 0)
        return I > 0 && llvm::StringRef(T[I - 1].Spelling).contains("typeof");
    }
    return false;
  }
};

/// Binds one file's directives.
class Binder {
public:
  Binder(ASTContext &Ctx, const IncludeMap &Includes, Diag &Diags, const MacroExpansion *WriteOut)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Includes(Includes), Diags(Diags),
        WriteOut(WriteOut) {
    SlotCollector Collector(Ctx, Includes);
    Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
    // Per function, so that binding a directive looks at its own function only; functions by the
    // offset of their body, for a binary search (translation stays near-linear in file size).
    for (const StmtSlot &S : Collector.Slots)
      SlotsOf[S.Function].push_back(S);
    for (const auto &[Container, Function] : Collector.Containers)
      ContainersOf[Function].push_back({Container, fileRange(Container->getSourceRange())});
    for (const FunctionDecl *F : Collector.Functions) {
      CharSourceRange R = fileRange(F->getBody()->getSourceRange());
      if (R.isValid())
        Bodies.push_back({R.getBegin().getRawEncoding(), R.getEnd().getRawEncoding(), F});
    }
    std::sort(Bodies.begin(), Bodies.end(),
              [](const FunctionBody &A, const FunctionBody &B) { return A.Begin < B.Begin; });
  }

  BoundFile bind(std::vector<Directive> Directives) {
    BoundFile File;
    for (Directive &D : Directives) {
      auto C = std::make_unique<Construct>();
      C->Dir = std::move(D);
      if (bindOne(*C))
        File.All.push_back(std::move(C));
    }
    nest(File);
    for (auto &C : File.All)
      countDoacrossLoops(*C);
    for (auto &C : File.All)
      if (resolveLoopConstruct(*C))
        addSimdLoopVariables(*C);
    checkDeclareTargetPairs(File);
    for (auto &C : File.All)
      checkStacked(*C);
    for (auto &C : File.All) {
      if (!Stacked.count(C.get()))
        checkNesting(*C, Diags);
      checkRegionContents(*C, SM, Diags);
      if (isCancellation(*C))
        checkCancelNesting(*C, Diags);
    }
    for (auto &C : File.All)
      if (C->Dir.Kind == DirectiveKind::Threadprivate)
        for (const ClauseVar &CV : C->Vars)
          File.ThreadprivateVars.insert(CV.Var->getCanonicalDecl());
    for (auto &C : File.All)
      if (C->Dir.Kind == DirectiveKind::Allocate)
        checkAllocateDirective(*C, File);
    for (auto &C : File.All) {
      applyDefault(*C, File);
      checkDefaultmapNone(*C, File);
    }
    for (auto &C : File.All) {
      checkPrivateInOuterContext(*C, File);
      checkCopyprivate(*C, File);
    }
    File.MacroUses = std::move(MacroUses);
    return File;
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const IncludeMap &Includes;
  Diag &Diags;
  const MacroExpansion *WriteOut; ///< null: no macro invocation may be written out this run
  std::vector<SourceLocation> MacroUses; ///< BoundFile::MacroUses
  /// Directives reported as standing where their parent needs its statement (checkStacked):
  /// where else they stand is not reported again.
  std::set<const Construct *> Stacked;
  struct FunctionBody {
    unsigned Begin, End; ///< the body's positions (raw encodings of its file locations)
    const FunctionDecl *Function;
  };
  std::map<const FunctionDecl *, std::vector<StmtSlot>> SlotsOf;
  /// A statement that holds others, and its text (found once: innermostContainer looks at every
  /// container of the function for each directive).
  struct Container {
    const Stmt *S;
    CharSourceRange Range;
  };
  std::map<const FunctionDecl *, std::vector<Container>> ContainersOf;
  /// Named declarations by name (namedIn, fileScopeNamed).
  using NamedDecls = llvm::StringMap<std::vector<const NamedDecl *>>;
  std::map<const FunctionDecl *, NamedDecls> NamedIn;
  std::optional<NamedDecls> FileScope;
  std::vector<FunctionBody> Bodies; ///< sorted by Begin; bodies do not overlap
  std::vector<const Construct *> Declared; ///< the declare reductions bound so far

  bool before(SourceLocation A, SourceLocation B) const {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A), SM.getExpansionLoc(B));
  }

  CharSourceRange fileRange(SourceRange R) const {
    return R.isValid() ? Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM,
                                                  Ctx.getLangOpts())
                       : CharSourceRange();
  }

  /// The characters of the pragma: `#pragma ... \n` or `_Pragma("...")`, or the macro
  /// invocation that produced it.
  CharSourceRange pragmaRange(const Directive &D) const {
    if (D.Loc.isMacroID())
      return fileRange(SM.getExpansionRange(D.Loc).getAsRange());
    bool Invalid = false;
    const char *Text = SM.getCharacterData(D.Loc, &Invalid);
    if (Invalid)
      return {};
    if (Text[0] == '#' || (Text[0] == '%' && Text[1] == ':')) // %: is the digraph of #
      return CharSourceRange::getCharRange(D.Loc, SM.getExpansionLoc(D.EndLoc));
    // _Pragma ( "..." ): the range ends after the closing parenthesis.
    SourceLocation Loc = D.Loc;
    for (int I = 0; I < 3; ++I) {
      std::optional<Token> Next = Lexer::findNextToken(Loc, SM, Ctx.getLangOpts());
      if (!Next)
        return {};
      Loc = Next->getLocation();
    }
    return CharSourceRange::getCharRange(D.Loc, Lexer::getLocForEndOfToken(Loc, 0, SM,
                                                                            Ctx.getLangOpts()));
  }

  /// The function whose body holds Loc: in Loc's own file, or, for a file included inside a
  /// function body (a .inc file of statements), in the file that includes it.
  const FunctionDecl *functionAt(SourceLocation Loc) const {
    for (Loc = SM.getExpansionLoc(Loc); Loc.isValid();) {
      const unsigned Position = Loc.getRawEncoding();
      auto After = std::upper_bound(Bodies.begin(), Bodies.end(), Position,
                                    [](unsigned P, const FunctionBody &B) { return P < B.Begin; });
      if (After != Bodies.begin() && Position < std::prev(After)->End)
        return std::prev(After)->Function;
      const IncludeDirective *D = Includes.directiveOf(SM.getFileID(Loc));
      Loc = D ? D->Line.getBegin() : SourceLocation();
    }
    return nullptr;
  }

  bool bindOne(Construct &C) {
    Directive &D = C.Dir;
    const std::string Name = D.quotedName();
    if (!Includes.translated(D.Loc)) {
      Diags.error(D.NameLoc, Name + " in a file that no #include of the translated file reaches "
                                    "(a command line's -include) cannot be translated; include "
                                    "the file with #include");
      return false;
    }
    C.PragmaRange = pragmaRange(D);
    C.Function = functionAt(D.Loc);
    if (!C.PragmaRange.isValid()) {
      Diags.error(D.NameLoc, "cannot locate the text of " + Name);
      return false;
    }
    if (!C.Function && D.Kind != DirectiveKind::Threadprivate &&
        D.Kind != DirectiveKind::Allocate && !D.isAnywhere()) {
      Diags.error(D.NameLoc, Name + " must appear inside a function body");
      return false;
    }
    if (const Stmt *Around = statementAround(C.Function, D.Loc)) {
      Diags.error(D.NameLoc, Name + " stands inside a statement, not before one");
      Diags.note(Around->getBeginLoc(), "the statement");
      return false;
    }
    if (!D.hasAssociatedStmt()) {
      // The directive's text is the whole macro invocation: code expanded with it would go too.
      if (D.Loc.isMacroID() && (statementWithin(C.Function, C.PragmaRange) ||
                                declarationWithin(C.PragmaRange))) {
        Diags.error(D.Loc, Name + " comes from an expansion of macro '" +
                               Lexer::getImmediateMacroName(D.Loc, SM, Ctx.getLangOpts()).str() +
                               "' that holds a statement or declaration too; write it outside "
                               "the macro");
        return false;
      }
      C.Range = C.PragmaRange;
      return (D.isAnywhere() || checkInCompound(C)) && resolveClauses(C) &&
             (D.Kind != DirectiveKind::DeclareReduction || bindDeclaredReduction(C));
    }
    const StmtSlot *Slot = slotAfter(C.Function, C.PragmaRange.getEnd());
    // A pragma from a macro whose expansion also holds a statement: that statement is the one
    // it applies to, not the next one after the macro.
    if (D.Loc.isMacroID() && statementWithin(C.Function, C.PragmaRange))
      Slot = nullptr;
    if (!Slot && D.Loc.isMacroID()) {
      Diags.error(D.Loc, Name + " and its statement come from one expansion of macro '" +
                             Lexer::getImmediateMacroName(D.Loc, SM, Ctx.getLangOpts()).str() +
                             "'; write the statement outside the macro");
      return false;
    }
    if (!Slot) {
      Diags.error(D.NameLoc, "expected a statement after " + Name);
      return false;
    }
    C.Body = Slot->Child;
    if (isa<DeclStmt>(C.Body)) {
      Diags.error(D.NameLoc, Name + " must be followed by a statement, not a declaration "
                                    "(enclose it in braces)");
      Diags.note(C.Body->getBeginLoc(), "the declaration");
      return false;
    }
    CharSourceRange BodyRange = statementRange(C.Body, Ctx);
    // A loop is rebuilt from its parts: its header may come from a macro (`FOR_ALL(i) body`,
    // printed from the AST), its body must be written in the file (LoopLowering checks).
    if (!BodyRange.isValid()) {
      Diags.error(D.NameLoc, "the statement after " + Name +
                                 " is produced by a macro expansion and cannot be outlined; "
                                 "write the statement outside the macro");
      return false;
    }
    if (D.isLoop() && !checkLoopBodyInFile(C))
      return false;
    if (before(BodyRange.getBegin(), C.PragmaRange.getEnd())) {
      Diags.error(D.NameLoc, Name + " and its statement come from one macro expansion; "
                                    "write the statement outside the macro");
      return false;
    }
    // The inner part of a split combined construct stands where a stacked directive's pragma
    // would: at the end of the pragma line, with no text of its own.
    if (D.InnerPart)
      C.PragmaRange = CharSourceRange::getCharRange(C.PragmaRange.getEnd(), C.PragmaRange.getEnd());
    C.Range = CharSourceRange::getCharRange(C.PragmaRange.getBegin(), BodyRange.getEnd());
    return resolveClauses(C) && checkClauseVarTypes(C) && addSimdLoopVariables(C);
  }

  /// Whether T is omp_event_handle_t, or a typedef of it.
  static bool isEventHandle(QualType T) {
    while (const auto *Typedef = T->getAs<TypedefType>()) {
      if (Typedef->getDecl()->getName() == "omp_event_handle_t")
        return true;
      T = Typedef->desugar();
    }
    return false;
  }

  /// Clauses whose list items need a type: lastprivate(conditional: x) keeps the value of one
  /// assignment, so x is a scalar (gcc); detach(e) sets e, an omp_event_handle_t that is not
  /// const (clang; gcc forgets the qualifier).
  bool checkClauseVarTypes(const Construct &C) {
    for (const ClauseVar &CV : C.Vars) {
      const QualType T = CV.Var->getType();
      const std::string Name = CV.Var->getName().str();
      if (CV.Kind == ClauseKind::Lastprivate && !T->isScalarType() &&
          C.hasWithModifier(CV.Var, ClauseKind::Lastprivate, "conditional")) {
        Diags.error(CV.Loc, "non-scalar variable '" + Name + "' in conditional 'lastprivate' "
                                                           "clause");
        return false;
      }
      if (CV.Kind == ClauseKind::Detach && (T.isConstQualified() || !isEventHandle(T))) {
        Diags.error(CV.Loc, "expected variable of the 'omp_event_handle_t' type, not '" +
                                T.getAsString() + "'");
        return false;
      }
    }
    return true;
  }

  /// The loop variables of a simd loop are linear (one loop) or lastprivate (collapse): one
  /// declared before the loop ends with the value the sequential loop leaves in it, as if
  /// lastprivate, unless a clause says otherwise.
  bool addSimdLoopVariables(Construct &C) {
    const auto *For = dyn_cast<ForStmt>(C.Body);
    if (!C.Dir.hasSimdPart() || !For)
      return true;
    for (const ForStmt *F : loopNest(For, C.Dir.collapse()))
      if (const VarDecl *V = loopVariable(F);
          V && F->getInit() && !isa<DeclStmt>(F->getInit()) && !C.clauseFor(V))
        C.Vars.push_back({V, ClauseKind::Lastprivate, ReductionOp::Add, C.Dir.NameLoc});
    return true;
  }

  /// The loop construct (OpenMP 5.0) becomes the construct it binds to, as gcc 12 lowers it:
  /// `for` (with its barrier) under bind(parallel), or without bind closely nested in a parallel
  /// region; `distribute parallel for` (the league's teams share the iterations, and each team's
  /// threads its share) under bind(teams), or without bind closely nested in a teams region
  /// (`teams loop`), or orphaned with bind(teams); `simd` (each thread runs every iteration)
  /// under bind(thread), or without bind in another construct.  `parallel loop` is `parallel
  /// for`.  Returns whether C was replaced.
  bool resolveLoopConstruct(Construct &C) {
    Directive &D = C.Dir;
    if (D.Kind != DirectiveKind::Loop && D.Kind != DirectiveKind::ParallelLoop)
      return false;
    const Clause *Bind = D.find(ClauseKind::Bind);
    std::string Binding = Bind ? Bind->Keyword : "";
    if (Binding == "teams" &&
        (D.Kind == DirectiveKind::ParallelLoop || (C.Parent && !C.Parent->Dir.isTeams()))) {
      Diags.error(D.NameLoc, "'bind(teams)' on a 'loop' region not strictly nested inside of a "
                             "'teams' region");
      return false;
    }
    // gcc: a loop bound to a team may not be in a simd region, which one thread runs (a loop
    // construct bound to the thread, which takes the simd part, excepted).
    for (const Construct *Outer = C.Parent; Binding == "parallel" && Outer; Outer = Outer->Parent)
      if (Outer->Dir.hasSimdPart() && !Outer->Dir.Written) {
        Diags.error(D.NameLoc, "'bind(parallel)' on a 'loop' construct nested inside 'simd' "
                               "construct");
        Diags.note(Outer->Dir.NameLoc, "the simd construct");
        return false;
      }
    if (Binding == "thread" && D.Kind == DirectiveKind::ParallelLoop) {
      Diags.error(Bind->Loc, "'bind(thread)' on " + D.quotedName() + " is not supported yet");
      return false;
    }
    if (Binding.empty() && D.Kind == DirectiveKind::Loop) {
      if (!C.Parent) {
        Diags.error(D.NameLoc, "'bind' clause not specified on a " + D.quotedName() +
                                   " construct not nested inside another OpenMP construct");
        return false;
      }
      Binding = C.Parent->Dir.Kind == DirectiveKind::Parallel ? "parallel"
                : C.Parent->Dir.isTeams()                     ? "teams"
                                                              : "thread";
    }
    if (!checkLoopLastprivate(C) || !checkLoopRegionNesting(C))
      return false;
    D.Written = D.Kind;
    D.Kind = D.Kind == DirectiveKind::ParallelLoop ? DirectiveKind::ParallelFor
             : Binding == "parallel"               ? DirectiveKind::For
             : Binding == "teams"                  ? DirectiveKind::DistributeParallelFor
                                                   : DirectiveKind::Simd;
    return true;
  }

  /// Only parallel regions, loop and simd constructs may be nested in a loop region (gcc: "OpenMP
  /// constructs other than 'parallel', 'loop' or 'simd' may not be nested inside a 'loop'
  /// region"); directives that make no region (flush, nothing) may stand anywhere.  A loop
  /// construct there binds to its thread: gcc rejects bind(parallel), whose loop would be shared
  /// by a team that does not reach it together.
  bool checkLoopRegionNesting(const Construct &C) {
    for (const Construct *K : C.Children) {
      const DirectiveKind Kind = K->Dir.Written.value_or(K->Dir.Kind);
      const Clause *Bind = K->Dir.find(ClauseKind::Bind);
      if (Kind == DirectiveKind::Loop && Bind && Bind->Keyword == "parallel") {
        Diags.error(K->Dir.NameLoc, "'#pragma omp loop bind(parallel)' may not be nested inside "
                                    "a " + C.Dir.quotedName() + " region: a loop construct "
                                    "there binds to its thread");
        Diags.note(C.Dir.NameLoc, "the loop construct");
        return false;
      }
      if (Kind == DirectiveKind::Loop || Kind == DirectiveKind::ParallelLoop ||
          Kind == DirectiveKind::Simd ||
          (K->Dir.isOutlined() && !K->Dir.isTask()) || makesNoRegion(K->Dir))
        continue;
      Diags.error(K->Dir.NameLoc, K->Dir.quotedName() + " may not be nested inside a " +
                                      C.Dir.quotedName() + " region: only parallel, loop and "
                                      "simd constructs may");
      Diags.note(C.Dir.NameLoc, "the loop construct");
      return false;
    }
    return true;
  }

  /// lastprivate on a loop construct names only loop variables of its nest (gcc: "refers to a
  /// variable which is not the loop iterator").
  bool checkLoopLastprivate(const Construct &C) {
    const auto *For = dyn_cast<ForStmt>(C.Body);
    std::vector<const VarDecl *> LoopVars;
    if (For)
      for (const ForStmt *F : loopNest(For, C.Dir.collapse()))
        LoopVars.push_back(loopVariable(F));
    for (const ClauseVar &CV : C.Vars)
      if (CV.Kind == ClauseKind::Lastprivate && !llvm::is_contained(LoopVars, CV.Var)) {
        Diags.error(CV.Loc, "'lastprivate' on " + C.Dir.quotedName() + " names '" +
                                CV.Var->getName().str() + "', which is not a loop variable of "
                                "the construct");
        return false;
      }
    return true;
  }

  /// A loop construct's header may come from a macro (`FOR_ALL(i) body`: it is rebuilt from its
  /// parts), but its body is moved as text, so the file must hold it: an invocation in the main
  /// file that writes the body is noted to be written out, others are an error.
  bool checkLoopBodyInFile(const Construct &C) {
    const auto *For = dyn_cast<ForStmt>(C.Body);
    if (!For)
      return true; // LoopForm reports it
    const ForStmt *Innermost = loopNest(For, C.Dir.collapse()).back();
    const Stmt *Body = Innermost->getBody();
    if (!Body || !Body->getBeginLoc().isMacroID())
      return true;
    // A body that is a whole macro invocation of its own (`VISIT(i);`), after the header (or the
    // macro invocation that wrote the header), is written in the file.
    CharSourceRange BodyRange = statementRange(Body, Ctx);
    SourceLocation HeaderEnd = SM.getExpansionRange(Innermost->getRParenLoc()).getEnd();
    if (BodyRange.isValid() && before(HeaderEnd, BodyRange.getBegin()))
      return true;
    // Written out, the invocation's loop is in the file (MacroExpansion.h).
    if (WriteOut && WriteOut->canWriteOut(Body->getBeginLoc(), SM)) {
      MacroUses.push_back(Body->getBeginLoc());
      return true;
    }
    Diags.error(Body->getBeginLoc(),
                "the body of the loop of " + C.Dir.quotedName() + " is produced by macro '" +
                    Lexer::getImmediateMacroName(Body->getBeginLoc(), SM, Ctx.getLangOpts()).str() +
                    "' and cannot be outlined; write the body outside the macro");
    return false;
  }

  /// A stand-alone directive (barrier, flush) is a statement of its own only in a block: as the
  /// body of if/while/for/else or after a label it would take the place of the statement that
  /// follows, which would then run unconditionally.  OpenMP forbids it, as gcc does.
  bool checkInCompound(const Construct &C) {
    if (C.Dir.Kind == DirectiveKind::Threadprivate)
      return true;
    const Stmt *Container = innermostContainer(C.Function, C.Dir.Loc);
    if (!Container || isa<CompoundStmt>(Container))
      return true;
    Diags.error(C.Dir.NameLoc, C.Dir.quotedName() + " may only be used in compound statements; "
                               "enclose it in braces");
    return false;
  }

  /// The innermost statement of F holding statements (block, loop, if, label...) that contains
  /// Loc.
  const Stmt *innermostContainer(const FunctionDecl *F, SourceLocation Loc) const {
    auto It = ContainersOf.find(F);
    if (It == ContainersOf.end())
      return nullptr;
    const Container *Innermost = nullptr;
    for (const Container &C : It->second) {
      if (!rangeContains(SM, C.Range, Loc))
        continue;
      if (!Innermost || before(Innermost->S->getBeginLoc(), C.S->getBeginLoc()))
        Innermost = &C;
    }
    return Innermost ? Innermost->S : nullptr;
  }

  /// The statement a directive ending at Loc applies to: the first statement after Loc in the
  /// innermost statement that contains Loc.
  /// The statement of F in statement position around Loc, if Loc lies inside it rather than in
  /// one of its statement positions (a pragma between the arguments of a call).
  const Stmt *statementAround(const FunctionDecl *F, SourceLocation Loc) const {
    auto It = SlotsOf.find(F);
    if (It == SlotsOf.end())
      return nullptr;
    Loc = SM.getExpansionLoc(Loc); // a _Pragma from a macro stands where the macro is used
    const Stmt *Innermost = innermostContainer(F, Loc);
    if (Innermost && inHeader(Innermost, Loc))
      return Innermost;
    for (const StmtSlot &S : It->second)
      if (S.Container == Innermost && before(S.Child->getBeginLoc(), Loc) &&
          before(Loc, S.Child->getEndLoc()))
        return S.Child;
    return nullptr;
  }

  /// Whether Loc lies in the parenthesised header of control statement S (if, for, while, switch,
  /// do ... while), where no directive can stand.
  bool inHeader(const Stmt *S, SourceLocation Loc) const {
    SourceLocation Begin = S->getBeginLoc(), End;
    if (const auto *If = dyn_cast<IfStmt>(S))
      End = If->getRParenLoc();
    else if (const auto *For = dyn_cast<ForStmt>(S))
      End = For->getRParenLoc();
    else if (const auto *While = dyn_cast<WhileStmt>(S))
      End = While->getRParenLoc();
    else if (const auto *Switch = dyn_cast<SwitchStmt>(S))
      End = Switch->getRParenLoc();
    else if (const auto *Do = dyn_cast<DoStmt>(S))
      Begin = Do->getWhileLoc(), End = Do->getRParenLoc();
    return End.isValid() && before(Begin, Loc) && before(Loc, End);
  }

  /// Whether a statement of F begins inside Range (of the file): one produced by the macro
  /// invocation that Range covers.
  bool statementWithin(const FunctionDecl *F, CharSourceRange Range) const {
    auto It = SlotsOf.find(F);
    if (It == SlotsOf.end())
      return false;
    for (const StmtSlot &S : It->second) {
      SourceLocation Begin = SM.getExpansionLoc(S.Child->getBeginLoc());
      if (!before(Begin, Range.getBegin()) && before(Begin, Range.getEnd()))
        return true;
    }
    return false;
  }

  /// Whether a file-scope declaration begins inside Range (of the file).
  bool declarationWithin(CharSourceRange Range) const {
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
      SourceLocation Begin = SM.getExpansionLoc(D->getBeginLoc());
      if (!D->isImplicit() && !before(Begin, Range.getBegin()) && before(Begin, Range.getEnd()))
        return true;
    }
    return false;
  }

  const StmtSlot *slotAfter(const FunctionDecl *F, SourceLocation Loc) const {
    auto It = SlotsOf.find(F);
    if (It == SlotsOf.end())
      return nullptr;
    const std::vector<StmtSlot> &Slots = It->second;
    const Stmt *Innermost = innermostContainer(F, Loc);
    const StmtSlot *Best = nullptr;
    for (const StmtSlot &S : Slots) {
      if (S.Container != Innermost || before(S.Child->getBeginLoc(), Loc))
        continue;
      if (!Best || before(S.Child->getBeginLoc(), Best->Child->getBeginLoc()))
        Best = &S;
    }
    return Best;
  }

  /// The variable Name means at Loc, as C's scoping rules find it: none when the innermost
  /// ordinary identifier of that name is not a variable (a local enumerator hides a global).
  const VarDecl *lookup(llvm::StringRef Name, const FunctionDecl *F, SourceLocation Loc) {
    return dyn_cast_or_null<VarDecl>(lookupOrdinary(Name, F, Loc));
  }

  /// The innermost ordinary identifier (variable, function, enumerator, typedef) Name means at
  /// Loc.  A block-scope extern with no declaration before it is one too, though Clang puts it in
  /// a namespace of its own (IDNS_LocalExtern).
  const NamedDecl *lookupOrdinary(llvm::StringRef Name, const FunctionDecl *F,
                                  SourceLocation Loc) {
    return lookupNamed(Name, F, Loc, [](const NamedDecl *D) {
      return D->isInIdentifierNamespace(Decl::IDNS_Ordinary | Decl::IDNS_LocalExtern);
    });
  }

  /// The same for any declaration that Accept takes (variables, tags, typedefs).
  template <typename Predicate>
  const NamedDecl *lookupNamed(llvm::StringRef Name, const FunctionDecl *F, SourceLocation Loc,
                               Predicate Accept) {
    const NamedDecl *Best = nullptr;
    if (F)
      for (const NamedDecl *D : namedIn(F).lookup(Name)) {
        if (!Accept(D) || !before(D->getLocation(), Loc) || !visibleAt(D, F, Loc))
          continue;
        if (!Best || before(Best->getLocation(), D->getLocation()))
          Best = D;
      }
    if (Best)
      return Best;
    for (const NamedDecl *N : fileScopeNamed().lookup(Name))
      if (Accept(N) && before(N->getLocation(), Loc))
        Best = N;
    return Best;
  }

  /// Every named declaration of F (F, its parameters, its locals, tags, typedefs, labels...), by
  /// name, in the order of a traversal: collected once per function (a walk of the function for
  /// each name looked up made a function with thousands of clauses quadratic).
  const NamedDecls &namedIn(const FunctionDecl *F) {
    auto [It, New] = NamedIn.try_emplace(F);
    if (New) {
      struct Collector : RecursiveASTVisitor<Collector> {
        NamedDecls &Out;
        explicit Collector(NamedDecls &Out) : Out(Out) {}
        bool VisitNamedDecl(NamedDecl *D) { return Out[D->getName()].push_back(D), true; }
      } Names(It->second);
      Names.TraverseDecl(const_cast<FunctionDecl *>(F));
    }
    return It->second;
  }
  /// The file-scope declarations by name, in the order of the file (collected once).
  const NamedDecls &fileScopeNamed() {
    if (!FileScope) {
      FileScope.emplace();
      for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
        if (const auto *N = dyn_cast<NamedDecl>(D))
          (*FileScope)[N->getName()].push_back(N);
    }
    return *FileScope;
  }

  /// Whether local V's scope (the block or statement declaring it) contains Loc.
  bool visibleAt(const Decl *V, const FunctionDecl *F, SourceLocation Loc) {
    if (const auto *Parm = dyn_cast<ParmVarDecl>(V)) // not one of a prototype's inside F
      return llvm::is_contained(F->parameters(), Parm);
    DynTypedNodeList Parents = Ctx.getParents(*V);
    while (!Parents.empty()) {
      const DynTypedNode &P = Parents[0];
      if (const Stmt *S = P.get<Stmt>()) {
        if (isa<CompoundStmt>(S) || isa<ForStmt>(S) || isa<IfStmt>(S) || isa<WhileStmt>(S) ||
            isa<SwitchStmt>(S))
          return rangeContains(SM, fileRange(S->getSourceRange()), Loc);
      }
      if (P.get<FunctionDecl>() == F)
        return true;
      Parents = Ctx.getParents(P);
    }
    return false;
  }

  bool resolveVar(Construct &C, const VarName &N, ClauseKind Kind, ReductionOp Op) {
    const VarDecl *V = lookup(N.Name, C.Function, C.Dir.Loc);
    if (!V) {
      Diags.error(N.Loc, "use of undeclared identifier '" + N.Name + "' in " +
                             (Kind == ClauseKind::DirectiveList
                                  ? C.Dir.quotedName()
                                  : "'" + std::string(clauseSpelling(Kind)) + "' clause"));
      return false;
    }
    // A variable has one data-sharing attribute; firstprivate with lastprivate is the exception.
    // aligned, nontemporal and allocate say nothing about data sharing.
    auto Sharing = [](ClauseKind K) {
      return K != ClauseKind::Aligned && K != ClauseKind::Nontemporal &&
             K != ClauseKind::Allocate;
    };
    for (const ClauseVar &Prev : C.Vars) {
      if (Prev.Var != V || !Sharing(Prev.Kind) || !Sharing(Kind) ||
          C.Dir.Kind == DirectiveKind::Allocate)
        continue;
      bool FirstAndLast = (Prev.Kind == ClauseKind::Firstprivate && Kind == ClauseKind::Lastprivate) ||
                          (Prev.Kind == ClauseKind::Lastprivate && Kind == ClauseKind::Firstprivate);
      if (FirstAndLast)
        continue;
      Diags.error(N.Loc, "'" + N.Name + "' appears in more than one data-sharing clause");
      Diags.note(Prev.Loc, "previously listed here");
      return false;
    }
    C.Vars.push_back({V, Kind, Op, N.Loc});
    return true;
  }

  /// Resolves the variables a clause expression names; a name that nothing visible declares is
  /// an error here, at its own column, rather than in the translated file.
  /// Two operands in a row (`n 2`, `2 default`), a statement keyword (`n for`) or a storage
  /// class (`static n`) are never a C expression; the expression is copied into the emitted code, where the compiler would report
  /// it on generated text.
  bool checkExprSyntax(const ExprTokens &Expr, ClauseKind Kind) {
    return checkExprSyntax(Expr, "the '" + std::string(clauseSpelling(Kind)) + "' clause");
  }
  bool checkExprSyntax(const ExprTokens &Expr, llvm::StringRef Where) {
    auto IsNumber = [](const PragmaToken &T) {
      return !T.Spelling.empty() && isdigit(static_cast<unsigned char>(T.Spelling[0]));
    };
    auto IsName = [](const PragmaToken &T) { return T.IsIdentifier && !T.IsKeyword; };
    static const llvm::StringRef StatementWords[] = {
        "for",     "while",  "do",     "if",       "else",     "switch",        "case",
        "default", "return", "break",  "continue", "goto",     "static",        "extern",
        "auto",    "register", "typedef", "inline", "_Thread_local"};
    auto IsStatementWord = [](const PragmaToken &T) {
      return T.IsKeyword && llvm::is_contained(StatementWords, llvm::StringRef(T.Spelling));
    };
    const std::vector<PragmaToken> &Tokens = Expr.Tokens;
    const ExprShape Shape(Tokens);
    const bool Generic = llvm::any_of(Tokens, [](const PragmaToken &T) {
      return T.Spelling == "_Generic";
    });
    for (size_t I = 0; I < Tokens.size(); ++I) {
      const PragmaToken &T = Tokens[I];
      const PragmaToken *Prev = I > 0 ? &Tokens[I - 1] : nullptr;
      const bool GenericDefault = Generic && T.Spelling == "default" && I + 1 < Tokens.size() &&
                                  Tokens[I + 1].Spelling == ":";
      if (Shape.InStatementExpr[I] || GenericDefault)
        continue; // declarations and statements may stand there
      if (IsStatementWord(T) ||
          (Prev && IsNumber(*Prev) && (T.IsIdentifier || IsNumber(T))) ||
          (Prev && IsName(*Prev) && (IsName(T) || IsNumber(T)))) {
        Diags.error(T.Loc, "unexpected '" + T.Spelling + "' in the expression of " + Where.str());
        return false;
      }
    }
    return checkOperands(Tokens, Shape, Where);
  }

  /// Whether T is an operator or punctuator that cannot end an expression (all but `)`, `]`,
  /// `}` of a compound literal, and postfix `++` and `--`), or sizeof and _Alignof.
  static bool needsOperandAfter(const PragmaToken &T) {
    const llvm::StringRef S = T.Spelling;
    if (S == "sizeof" || S == "_Alignof" || S == "__alignof__")
      return true;
    if (T.IsIdentifier || S.empty() || !ispunct(static_cast<unsigned char>(S[0])) ||
        S[0] == '"' || S[0] == '\'' || (S[0] == '.' && S.size() > 1 && isdigit(S[1])))
      return false;
    return S != ")" && S != "]" && S != "}" && S != "++" && S != "--";
  }

  /// Whether T is an operator that needs an operand before it (binary only, or postfix: a
  /// subscript, a member access): it can neither start an expression nor follow another
  /// operator.
  static bool needsOperandBefore(const PragmaToken &T) {
    static const llvm::StringRef Binary[] = {
        "/",  "%",  "<<", ">>", "<",  ">",  "<=", ">=", "==", "!=", "^",  "|",   "&&",
        "||", "=",  "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|=", "?", ":",
        ",",  ".",  "->", "["};
    return llvm::is_contained(Binary, llvm::StringRef(T.Spelling));
  }

  /// Whether Tokens end with a cast to a type spelled with keywords only (`(unsigned long *)`),
  /// which leaves its operand out: a `)` whose `(` follows no operand (not a call or sizeof).
  static bool endsWithCast(const std::vector<PragmaToken> &Tokens) {
    static const llvm::StringRef TypeWords[] = {
        "void",     "char",   "short",  "int",   "long",     "float",  "double", "signed",
        "unsigned", "_Bool",  "_Complex", "const", "volatile", "restrict", "*"};
    if (Tokens.size() < 3 || Tokens.back().Spelling != ")")
      return false;
    size_t Open = Tokens.size() - 2;
    while (Open > 0 && llvm::is_contained(TypeWords, llvm::StringRef(Tokens[Open].Spelling)))
      --Open;
    if (Tokens[Open].Spelling != "(" || Open == Tokens.size() - 2)
      return false;
    const PragmaToken *Before = Open > 0 ? &Tokens[Open - 1] : nullptr;
    return !Before || (needsOperandAfter(*Before) && Before->Spelling != "sizeof" &&
                       Before->Spelling != "_Alignof" && Before->Spelling != "__alignof__");
  }

  /// An operand left out: at the start (`/ 2`), between two operators (`2 * / 3`), at the end
  /// (`n -`, `sizeof`), or a `?` without its `:` (`n ? 2`).  Statement expressions and the
  /// braces of compound literals (designators: `, .x = 1`) are not looked into.
  bool checkOperands(const std::vector<PragmaToken> &Tokens, const ExprShape &Shape,
                     llvm::StringRef Where) {
    int Depth = 0, Braces = 0, Conditionals = 0;
    const PragmaToken *Prev = nullptr, *Question = nullptr;
    for (size_t I = 0; I < Tokens.size(); ++I) {
      const PragmaToken &T = Tokens[I];
      Braces += T.Spelling == "{" ? 1 : T.Spelling == "}" ? -1 : 0;
      if (Shape.InStatementExpr[I] || Braces > 0 || T.Spelling == "}") {
        Prev = &T;
        continue;
      }
      // `a ?: b` (GNU), and an array section without its lower bound (`a[:n]`).
      const bool NoMiddle = Prev && T.Spelling == ":" &&
                            (Prev->Spelling == "?" || Prev->Spelling == "[");
      if (needsOperandBefore(T) && !NoMiddle && (!Prev || needsOperandAfter(*Prev))) {
        Diags.error(T.Loc, "expected an operand before '" + T.Spelling +
                               "' in the expression of " + Where.str());
        return false;
      }
      Depth += (T.Spelling == "(" || T.Spelling == "[") ? 1
               : (T.Spelling == ")" || T.Spelling == "]") ? -1 : 0;
      if (Depth == 0 && T.Spelling == "?")
        ++Conditionals, Question = &T;
      else if (Depth == 0 && T.Spelling == ":")
        --Conditionals;
      Prev = &T;
    }
    const bool Cast = endsWithCast(Tokens);
    if (!Tokens.empty() && (needsOperandAfter(Tokens.back()) || Cast) &&
        !Shape.InStatementExpr.back()) {
      Diags.error(Tokens.back().Loc, "expected an operand after " +
                                         (Cast ? "the cast" : "'" + Tokens.back().Spelling + "'") +
                                         " in the expression of " + Where.str());
      return false;
    }
    if (Conditionals > 0) {
      Diags.error(Question->Loc, "expected ':' for the '?' in the expression of " + Where.str());
      return false;
    }
    return true;
  }

  /// The names in Expr, a clause's expression, resolved; the first Visible of Iterators (a
  /// depend clause's) are not variables there but the iterators.
  bool resolveExpr(Construct &C, const ExprTokens &Expr, ClauseKind Kind,
                   llvm::ArrayRef<DependIterator> Iterators = {}, size_t Visible = 0) {
    if (!checkExprSyntax(Expr, Kind))
      return false;
    bool Ok = true;
    const ExprShape Shape(Expr.Tokens);
    for (size_t I = 0; I < Expr.Tokens.size(); ++I) {
      const PragmaToken &T = Expr.Tokens[I];
      const bool IsMember =
          I > 0 && (Expr.Tokens[I - 1].Spelling == "." || Expr.Tokens[I - 1].Spelling == "->");
      if (!T.IsIdentifier || T.IsKeyword || IsMember || Shape.NotAName[I] ||
          std::any_of(Iterators.begin(), Iterators.begin() + Visible,
                      [&](const DependIterator &It) { return It.Name == T.Spelling; }))
        continue;
      static const llvm::StringRef TagWords[] = {"struct", "union", "enum"};
      const bool IsTag = I > 0 && llvm::is_contained(TagWords, Expr.Tokens[I - 1].Spelling);
      const NamedDecl *D = IsTag ? lookupNamed(T.Spelling, C.Function, C.Dir.Loc,
                                               [](const NamedDecl *N) { return isa<TagDecl>(N); })
                                 : lookupOrdinary(T.Spelling, C.Function, C.Dir.Loc);
      if (const auto *V = dyn_cast_or_null<VarDecl>(D)) {
        C.ExprVars[&T] = V;
      } else if (D && D->getParentFunctionOrMethod() && !isa<FunctionDecl>(D)) {
        C.ExprLocalNames[&T] = D;
      } else if (!D && !isDeclaredName(T.Spelling, C.Function)) {
        Diags.error(T.Loc, "use of undeclared identifier '" + T.Spelling + "' in '" +
                               clauseSpelling(Kind) + "' clause");
        Ok = false;
      }
    }
    return Ok;
  }

  /// declare reduction: its types, resolved where it stands, and its block; the names its
  /// expressions use.  A redeclaration in the same block for the same type is an error, and so
  /// are the arithmetic types for the operators (gcc's messages).
  bool bindDeclaredReduction(Construct &C) {
    const DeclaredReduction &R = C.Dir.Reduction;
    if (C.Function) {
      C.Scope = innermostContainer(C.Function, C.Dir.Loc);
      if (!C.Scope)
        C.Scope = C.Function->getBody();
    }
    TypeLookup Lookup = [&](llvm::StringRef Name, bool Tag) {
      return lookupNamed(Name, C.Function, C.Dir.Loc, [Tag](const NamedDecl *D) {
        return Tag ? isa<TagDecl>(D) : isa<TypedefNameDecl>(D);
      });
    };
    const std::string Directive = "'#pragma omp declare reduction'";
    for (const ExprTokens &Tokens : R.Types) {
      std::optional<QualType> T = resolveTypeName(Tokens, Ctx, Lookup, Diags);
      if (!T)
        return false;
      const std::string Quoted = "'" + T->getAsString() + "'";
      if (reductionOpOf(R.Id) && (*T)->isArithmeticType())
        return failed(Tokens.loc(), "predeclared arithmetic type " + Quoted + " in " + Directive);
      if ((*T)->isArrayType() || (*T)->isFunctionType())
        return failed(Tokens.loc(), "function or array type " + Quoted + " in " + Directive);
      for (const Construct *Prev : Declared)
        if (Prev->Dir.Reduction.Id == R.Id && Prev->Function == C.Function &&
            Prev->Scope == C.Scope && declaresType(Prev, *T, Ctx)) {
          Diags.error(Tokens.loc(), "redeclaration of '" + R.Id + "' " + Directive +
                                        " for type " + Quoted);
          Diags.note(Prev->Dir.NameLoc, "previous " + Directive);
          return false;
        }
      C.ReductionTypes.push_back(*T);
    }
    if (!checkUdrExpr(C, R.Combiner, {"omp_out", "omp_in"}, "combiner") ||
        (!R.Initializer.Tokens.empty() &&
         !checkUdrExpr(C, R.Initializer, {"omp_priv", "omp_orig"}, "initializer")))
      return false;
    Declared.push_back(&C);
    return true;
  }

  bool failed(SourceLocation Loc, const std::string &Message) {
    Diags.error(Loc, Message);
    return false;
  }

  /// A combiner or initializer of declare reduction C: an expression over its special
  /// variables (Special) and file-scope names, compiled outside the function that declares it.
  bool checkUdrExpr(const Construct &C, const ExprTokens &E,
                    std::initializer_list<llvm::StringRef> Special, llvm::StringRef What) {
    if (!checkExprSyntax(E, "the " + What.str() + " of '#pragma omp declare reduction'"))
      return false;
    for (size_t I = 0; I < E.Tokens.size(); ++I) {
      const PragmaToken &T = E.Tokens[I];
      const bool IsMember =
          I > 0 && (E.Tokens[I - 1].Spelling == "." || E.Tokens[I - 1].Spelling == "->");
      if (!T.IsIdentifier || T.IsKeyword || IsMember || llvm::is_contained(Special, T.Spelling))
        continue;
      const VarDecl *V = lookup(T.Spelling, C.Function, C.Dir.Loc);
      if (V && V->isLocalVarDeclOrParm() && !V->isStaticLocal())
        return failed(T.Loc, "the " + What.str() + " of '#pragma omp declare reduction' uses the "
                             "local variable '" + T.Spelling + "' (only " +
                             Special.begin()->str() + ", " + (Special.begin() + 1)->str() +
                             " and variables of static storage may be used)");
      if (!V && !isDeclaredName(T.Spelling, C.Function))
        return failed(T.Loc, "use of undeclared identifier '" + T.Spelling + "' in the " +
                                 What.str() + " of '#pragma omp declare reduction'");
    }
    return true;
  }

  /// Whether Name names a function, enumerator, type or builtin visible in F (variables are
  /// found by lookup()).
  bool isDeclaredName(llvm::StringRef Name, const FunctionDecl *F) {
    if (Name.startswith("__builtin_") || Name == "__func__" || Name == "__FUNCTION__")
      return true;
    class Finder : public RecursiveASTVisitor<Finder> {
    public:
      llvm::StringRef Name;
      bool Found = false;
      bool VisitNamedDecl(NamedDecl *D) {
        Found |= D->getName() == Name;
        return !Found;
      }
    } Names;
    Names.Name = Name;
    if (F)
      Names.TraverseDecl(const_cast<FunctionDecl *>(F));
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
      if (Names.Found)
        break;
      if (const auto *N = dyn_cast<NamedDecl>(D); N && N->getName() == Name)
        return true;
      if (const auto *E = dyn_cast<EnumDecl>(D))
        Names.TraverseDecl(const_cast<EnumDecl *>(E));
    }
    return Names.Found;
  }

  /// depend's iterators: their types, integers or pointers (int when none is written), and
  /// their ranges, which may not use the iterators before them (gcc's rules).
  bool bindIterators(Construct &C, const Clause &Cl) {
    for (size_t J = 0; J < Cl.Iterators.size(); ++J) {
      const DependIterator &It = Cl.Iterators[J];
      std::optional<QualType> T = iteratorType(C, It);
      if (!T)
        return false;
      C.IteratorTypes[&It] = *T;
      for (const auto &[Range, What] : {std::pair(&It.Begin, "begin"), {&It.End, "end"},
                                        {&It.Step, "step"}}) {
        for (const PragmaToken &Tok : Range->Tokens)
          for (size_t Outer = 0; Outer < J; ++Outer)
            if (Tok.IsIdentifier && Tok.Spelling == Cl.Iterators[Outer].Name)
              return failed(Tok.Loc, std::string(What) + " expression refers to outer iterator '" +
                                         Tok.Spelling + "'");
        if (!Range->Tokens.empty() && !resolveExpr(C, *Range, Cl.Kind))
          return false;
      }
      if (!integralStep(C, It))
        return false;
    }
    return true;
  }

  /// The type an iterator declares (gcc's rules: an integer or pointer type, not const or
  /// _Atomic; volatile is ignored).
  std::optional<QualType> iteratorType(const Construct &C, const DependIterator &It) {
    ExprTokens Written;
    for (const PragmaToken &Tok : It.Type.Tokens) {
      if (Tok.Spelling == "const" || Tok.Spelling == "_Atomic") {
        Diags.error(It.Loc, "iterator '" + It.Name + "' has '" + Tok.Spelling +
                                "' qualified type");
        return std::nullopt;
      }
      if (Tok.Spelling != "volatile")
        Written.Tokens.push_back(Tok);
    }
    if (Written.Tokens.empty())
      return Ctx.IntTy;
    std::optional<QualType> T = resolveTypeName(
        Written, Ctx,
        [&](llvm::StringRef Name, bool Tag) {
          return lookupNamed(Name, C.Function, C.Dir.Loc, [Tag](const NamedDecl *D) {
            return Tag ? isa<TagDecl>(D) : isa<TypedefNameDecl>(D);
          });
        },
        Diags);
    if (T && !(*T)->isIntegralOrEnumerationType() && !(*T)->isPointerType()) {
      Diags.error(It.Loc, "iterator '" + It.Name + "' has neither integral nor pointer type");
      return std::nullopt;
    }
    return T;
  }

  /// A step that is a floating literal or a variable of another type than an integer one is an
  /// error, as in gcc (other expressions: the lowering's `% 1` makes the compiler say so).
  bool integralStep(const Construct &C, const DependIterator &It) {
    return !nonIntegral(C, It.Step) ||
           failed(It.Step.loc(), "iterator step with non-integral type");
  }

  /// The same for the expression of a clause that wants an integer (wantsIntegerExpr), with the
  /// type it has.
  bool integralClauseExpr(const Construct &C, const Clause &Cl) {
    const std::optional<std::string> Type = nonIntegral(C, Cl.Expr);
    const std::string Spelling = clauseSpelling(Cl.Kind);
    const std::string What = Cl.Kind == ClauseKind::Schedule ? "the chunk size of '" + Spelling + "'"
                             : Cl.Kind == ClauseKind::Linear ? "the step of '" + Spelling + "'"
                                                             : "the '" + Spelling + "' expression";
    return !Type || failed(Cl.Expr.loc(), What + " must have an integer type, not " + *Type);
  }

  /// A hint is a constant expression (ClauseParser's parseSyncHint checks its value): a variable
  /// in it is an error, as in gcc (C has no constant variables).
  bool constantHint(const Construct &C, const Clause &Cl) {
    for (const PragmaToken &Tok : Cl.Expr.Tokens)
      if (C.ExprVars.count(&Tok))
        return failed(Tok.Loc, "expected constant integer expression with valid sync-hint "
                               "value: '" + Tok.Spelling + "' is a variable");
    return true;
  }

  /// The type of E, quoted, when E is one token that shows a type other than an integer or
  /// enumeration one: a floating literal (not a hexadecimal integer's digits), or a variable.
  std::optional<std::string> nonIntegral(const Construct &C, const ExprTokens &E) {
    if (E.Tokens.size() != 1)
      return std::nullopt;
    const PragmaToken &Tok = E.Tokens.front();
    const bool Floating = Tok.Spelling.find_first_of(".eEpP") != std::string::npos &&
                          !Tok.IsIdentifier && Tok.Spelling.rfind("0x", 0) != 0 &&
                          Tok.Spelling.rfind("0X", 0) != 0;
    if (Floating)
      return std::string("a floating-point constant");
    const auto Var = C.ExprVars.find(&Tok);
    if (Var != C.ExprVars.end() && !Var->second->getType()->isIntegralOrEnumerationType())
      return "'" + Var->second->getType().getAsString() + "' ('" + Tok.Spelling + "')";
    return std::nullopt;
  }

  /// Operators applied to an operand whose type the tokens show and that the operator does not
  /// take, gcc's errors at the operator: unary `*` on a decimal literal or a variable that is not
  /// a pointer or an array (`p[*1:2]`), `.` after a variable that is not a struct or union, `->`
  /// after one that is not a pointer or an array.  Clause expressions are copied into the emitted
  /// code as text, where the compiler would report them on generated lines.  An operand with a
  /// postfix operator after it (`*1[p]`) is left alone.
  bool operandTypes(const Construct &C, const ExprTokens &Expr) {
    const std::vector<PragmaToken> &T = Expr.Tokens;
    auto VarAt = [&](size_t I) -> const VarDecl * {
      auto Found = I < T.size() ? C.ExprVars.find(&T[I]) : C.ExprVars.end();
      return Found != C.ExprVars.end() ? Found->second : nullptr;
    };
    auto Postfix = [&](size_t I) {
      static const llvm::StringRef Ops[] = {"[", "(", ".", "->", "++", "--"};
      return I < T.size() && llvm::is_contained(Ops, T[I].Spelling);
    };
    for (size_t I = 0; I < T.size(); ++I) {
      if (const VarDecl *V = VarAt(I); V && I + 2 < T.size() && T[I + 2].IsIdentifier) {
        const QualType Type = V->getType().getCanonicalType();
        const bool Indirect = Type->isPointerType() || Type->isArrayType();
        const bool ToRecord = Indirect && Type->getPointeeOrArrayElementType()->isRecordType();
        const std::string NotRecord = "request for member '" + T[I + 2].Spelling +
                                      "' in something not a structure or union";
        if (T[I + 1].Spelling == "." && Type->isPointerType() && ToRecord)
          return failed(T[I + 1].Loc, "'" + T[I].Spelling + "' is a pointer; did you mean to "
                                                            "use '->'?");
        if (T[I + 1].Spelling == "." && !Type->isRecordType())
          return failed(T[I + 1].Loc, NotRecord);
        if (T[I + 1].Spelling == "->" && !Indirect)
          return failed(T[I + 1].Loc, "invalid type argument of '->' (have '" +
                                          V->getType().getAsString() + "')");
        if (T[I + 1].Spelling == "->" && !ToRecord)
          return failed(T[I + 1].Loc, NotRecord);
      }
      if (T[I].Spelling != "*" || I + 1 >= T.size() || Postfix(I + 2))
        continue;
      // Unary when nothing that ends an operand stands before it.
      if (I > 0) {
        const PragmaToken &Prev = T[I - 1];
        const bool EndsOperand = (Prev.IsIdentifier && !Prev.IsKeyword) || Prev.Spelling == ")" ||
                                 Prev.Spelling == "]" || Prev.Spelling == "++" ||
                                 Prev.Spelling == "--" || std::isdigit(Prev.Spelling[0]) ||
                                 Prev.Spelling[0] == '.' || Prev.Spelling[0] == '\'' ||
                                 Prev.Spelling[0] == '"';
        if (EndsOperand)
          continue;
      }
      const PragmaToken &Operand = T[I + 1];
      std::string Type;
      if (const VarDecl *V = VarAt(I + 1)) {
        const QualType Canonical = V->getType().getCanonicalType();
        if (!Canonical->isPointerType() && !Canonical->isArrayType() &&
            !Canonical->isFunctionType())
          Type = V->getType().getAsString();
      } else if (!Operand.IsIdentifier &&
                 llvm::all_of(Operand.Spelling, [](char Ch) { return std::isdigit(Ch); })) {
        Type = "int";
      }
      if (!Type.empty())
        return failed(T[I].Loc, "invalid type argument of unary '*' (have '" + Type + "')");
    }
    return true;
  }

  /// An array section's bound (What: "low bound", "length") has an integer type: one that is a
  /// floating literal or a variable of another type, or a call of a function returning void, is
  /// an error, gcc's ("low bound 'q' of array section does not have integral type").
  bool integralBound(const Construct &C, const ExprTokens &Bound, llvm::StringRef What) {
    const std::vector<PragmaToken> &T = Bound.Tokens;
    std::string Spelling;
    for (const PragmaToken &Tok : T)
      Spelling += Tok.Spelling;
    bool Bad = nonIntegral(C, Bound).has_value();
    // f(...) alone, f a function that returns void.
    if (!Bad && T.size() >= 3 && T[0].IsIdentifier && !T[0].IsKeyword && T[1].Spelling == "(" &&
        T.back().Spelling == ")" && !C.ExprVars.count(&T[0])) {
      int Depth = 0;
      size_t Close = 1;
      for (; Close < T.size(); ++Close) {
        Depth += T[Close].Spelling == "(" ? 1 : T[Close].Spelling == ")" ? -1 : 0;
        if (Depth == 0)
          break;
      }
      const auto *F = dyn_cast_or_null<FunctionDecl>(
          lookupOrdinary(T[0].Spelling, C.Function, C.Dir.Loc));
      Bad = Close + 1 == T.size() && F && F->getReturnType()->isVoidType();
    }
    return !Bad || failed(Bound.loc(), What.str() + " '" + Spelling +
                                          "' of array section does not have integral type");
  }

  bool resolveClauses(Construct &C) {
    bool Ok = true;
    for (const Clause &Cl : C.Dir.Clauses) {
      for (const VarName &N : Cl.Vars) {
        const bool Resolved = resolveVar(C, N, Cl.Kind, Cl.Op);
        Ok &= Resolved;
        if (Resolved)
          C.Vars.back().ReductionId = Cl.ReductionId;
        if (Resolved && !N.Sections.empty())
          C.Vars.back().Sections = &N.Sections;
        for (const ArraySection &S : N.Sections)
          Ok &= resolveExpr(C, S.Lower, Cl.Kind) && resolveExpr(C, S.Length, Cl.Kind) &&
                operandTypes(C, S.Lower) && operandTypes(C, S.Length) &&
                integralBound(C, S.Lower, "low bound") && integralBound(C, S.Length, "length");
      }
      Ok &= resolveExpr(C, Cl.Lower, Cl.Kind) && resolveExpr(C, Cl.Expr, Cl.Kind) &&
            operandTypes(C, Cl.Lower) && operandTypes(C, Cl.Expr) &&
            (!wantsIntegerExpr(Cl.Kind) || integralClauseExpr(C, Cl)) &&
            (Cl.Kind != ClauseKind::Hint || constantHint(C, Cl));
      Ok &= bindIterators(C, Cl);
      for (const DependItem &Item : Cl.Depends)
        Ok &= resolveExpr(C, Item.Expr, Cl.Kind, Cl.Iterators, Cl.Iterators.size()) &&
              operandTypes(C, Item.Expr);
      if (Cl.ScheduleMap) {
        C.ScheduleMap = lookup(Cl.ScheduleMap->Name, C.Function, C.Dir.Loc);
        if (!C.ScheduleMap) {
          Diags.error(Cl.ScheduleMap->Loc,
                      "use of undeclared identifier '" + Cl.ScheduleMap->Name + "'");
          Ok = false;
        } else if (C.ScheduleMap->getStorageClass() == SC_Register) {
          // The map is passed to the runtime by its address, which C does not give it.
          Diags.error(Cl.ScheduleMap->Loc, "the map '" + Cl.ScheduleMap->Name +
                                               "' is declared 'register', and the schedule "
                                               "needs its address: remove 'register'");
          Diags.note(C.ScheduleMap->getLocation(), "declared here");
          Ok = false;
        }
      }
    }
    return Ok && checkAllocate(C);
  }

  /// Each variable of an allocate clause is privatised by a clause of the construct, and named
  /// once; an allocator has type omp_allocator_handle_t, as far as a name or a literal shows it
  /// (gcc's messages).
  bool checkAllocate(const Construct &C) {
    bool Ok = true;
    std::set<const VarDecl *> Seen;
    for (const ClauseVar &CV : C.Vars) {
      if (CV.Kind != ClauseKind::Allocate)
        continue;
      if (!Seen.insert(CV.Var).second)
        Diags.warning(CV.Loc, "'" + CV.Var->getName().str() +
                                  "' appears more than once in 'allocate' clauses");
      const bool Privatised = llvm::any_of(C.Vars, [&](const ClauseVar &P) {
        return P.Var == CV.Var && P.Kind != ClauseKind::Allocate && P.Kind != ClauseKind::Shared &&
               P.Kind != ClauseKind::Copyin && P.Kind != ClauseKind::Copyprivate &&
               P.Kind != ClauseKind::Aligned && P.Kind != ClauseKind::Nontemporal;
      });
      if (Privatised)
        continue;
      Diags.error(CV.Loc, "'" + CV.Var->getName().str() + "' specified in 'allocate' clause but "
                                                          "not in an explicit privatization clause");
      Ok = false;
    }
    for (const Clause &Cl : C.Dir.Clauses)
      if ((Cl.Kind == ClauseKind::Allocate || Cl.Kind == ClauseKind::Allocator) &&
          Cl.Expr.Tokens.size() == 1)
        Ok &= checkAllocatorType(C, Cl);
    return Ok;
  }

  /// An allocator written as one token: a variable or an enumerator of another type than
  /// omp_allocator_handle_t, or a number, is an error.
  bool checkAllocatorType(const Construct &C, const Clause &Cl) {
    const PragmaToken &T = Cl.Expr.Tokens.front();
    QualType Type;
    if (!T.IsIdentifier)
      Type = llvm::StringRef(T.Spelling).find_first_of(".eEpP") == llvm::StringRef::npos ||
                     llvm::StringRef(T.Spelling).startswith_insensitive("0x")
                 ? Ctx.IntTy
                 : Ctx.DoubleTy;
    else if (const NamedDecl *D = lookupNamed(T.Spelling, C.Function, C.Dir.Loc,
                                              [](const NamedDecl *N) {
                                                return isa<VarDecl>(N) ||
                                                       isa<EnumConstantDecl>(N);
                                              }))
      Type = isa<EnumConstantDecl>(D)
                 ? Ctx.getEnumType(cast<EnumDecl>(D->getDeclContext()))
                 : cast<VarDecl>(D)->getType();
    if (Type.isNull())
      return true;
    const EnumDecl *Enum = Type->isEnumeralType() ? Type->castAs<EnumType>()->getDecl() : nullptr;
    const bool Handle = Enum && (Enum->getName() == "omp_allocator_handle_t" ||
                                 (Enum->getTypedefNameForAnonDecl() &&
                                  Enum->getTypedefNameForAnonDecl()->getName() ==
                                      "omp_allocator_handle_t"));
    if (Handle)
      return true;
    Diags.error(T.Loc, std::string("'") + clauseSpelling(Cl.Kind) +
                           "' clause allocator expression has type '" +
                           Type.getUnqualifiedType().getAsString() +
                           "' rather than 'omp_allocator_handle_t'");
    return false;
  }

  /// The allocate directive (OpenMP 5.1), with gcc 14's messages: each list item is a variable
  /// declared before the directive in its scope, named by one directive only, not a parameter,
  /// a threadprivate or a register variable; one of static storage takes a predefined allocator.
  /// The automatic ones go to File.AllocatedVars.
  void checkAllocateDirective(const Construct &C, BoundFile &File) {
    std::set<const VarDecl *> Seen;
    for (const auto &K : File.All)
      if (K->Dir.Kind == DirectiveKind::Allocate && K.get() != &C)
        for (const ClauseVar &CV : K->Vars)
          if (before(K->Dir.Loc, C.Dir.Loc))
            Seen.insert(CV.Var->getCanonicalDecl());
    for (const ClauseVar &CV : C.Vars) {
      const VarDecl *V = CV.Var;
      const std::string Name = "'" + V->getName().str() + "'";
      if (isa<ParmVarDecl>(V)) {
        Diags.error(CV.Loc, "function parameter " + Name +
                                " may not appear as list item in an 'allocate' directive");
      } else if (!declaredInScopeOf(C, V)) {
        Diags.error(CV.Loc, "'allocate' directive must be in the same scope as " + Name);
        Diags.note(V->getLocation(), "declared here");
      } else if (!Seen.insert(V->getCanonicalDecl()).second) {
        Diags.error(CV.Loc, Name + " already appeared as list item in an 'allocate' directive");
      } else if (File.isThreadprivate(V)) {
        Diags.error(CV.Loc, Name + " is threadprivate and cannot appear in an 'allocate' "
                                   "directive");
      } else if (V->getStorageClass() == SC_Register) {
        Diags.error(CV.Loc, Name + " is declared 'register', and its storage from the "
                                   "allocator would have an address: remove 'register'");
        Diags.note(V->getLocation(), "declared here");
      } else if ((!V->hasGlobalStorage() || C.Dir.has(ClauseKind::Align)) &&
                 (V->getBeginLoc().isMacroID() || V->getLocation().isMacroID())) {
        // The lowering rewrites its declaration (AllocateDirectiveLowering.h).
        Diags.error(CV.Loc, "the declaration of " + Name + " comes from a macro expansion, "
                            "which omp2numa cannot rewrite for the 'allocate' directive: "
                            "declare it outside the macro");
        Diags.note(V->getLocation(), "declared here");
      } else if (V->hasGlobalStorage() ? checkStaticAllocator(C, V, CV.Loc)
                                       : checkAllocatorDeclared(C, V)) {
        if (!V->hasGlobalStorage())
          File.AllocatedVars.insert(V);
      }
    }
  }

  /// Whether V is declared in the scope of allocate directive C: the block that holds C (or
  /// file scope for C at file scope).
  bool declaredInScopeOf(const Construct &C, const VarDecl *V) const {
    if (!C.Function)
      return V->getDeclContext()->isFileContext();
    return V->isLocalVarDecl() && V->getParentFunctionOrMethod() == C.Function &&
           innermostContainer(C.Function, V->getLocation()) ==
               innermostContainer(C.Function, C.Dir.Loc);
  }

  /// A variable of static storage keeps it: its allocator must be a predefined one (OpenMP),
  /// written as its name or its value, maybe cast to omp_allocator_handle_t.
  bool checkStaticAllocator(const Construct &C, const VarDecl *V, SourceLocation Loc) {
    const Clause *Allocator = C.Dir.find(ClauseKind::Allocator);
    if (!Allocator) {
      Diags.error(Loc, "'allocator' clause required for static variable '" +
                           V->getName().str() + "'");
      return false;
    }
    llvm::ArrayRef<PragmaToken> T = Allocator->Expr.Tokens;
    if (T.size() == 4 && T[0].Spelling == "(" && T[1].Spelling == "omp_allocator_handle_t" &&
        T[2].Spelling == ")")
      T = T.drop_front(3);
    long long Value = 0;
    if (T.size() == 1 && T[0].IsIdentifier) {
      for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
        if (const auto *Enum = dyn_cast<EnumDecl>(D))
          for (const EnumConstantDecl *E : Enum->enumerators())
            if (E->getName() == T[0].Spelling)
              Value = E->getInitVal().getExtValue();
    } else if (T.size() == 1 && llvm::StringRef(T[0].Spelling).getAsInteger(0, Value)) {
      Value = 0;
    }
    // omp_default_mem_alloc (1) ... omp_thread_mem_alloc (8), as omp.h numbers them.
    if (Value >= 1 && Value <= 8)
      return true;
    Diags.error(Allocator->Expr.loc(), "'allocator' clause requires a predefined allocator as '" +
                                           V->getName().str() + "' is static");
    return false;
  }

  /// An automatic variable is allocated where it is declared, so its allocator expression may
  /// use only variables declared before it.
  bool checkAllocatorDeclared(const Construct &C, const VarDecl *V) {
    const Clause *Allocator = C.Dir.find(ClauseKind::Allocator);
    for (const auto &[Tok, W] : C.ExprVars)
      if (Allocator && Allocator->Expr.contains(Tok) && W->isLocalVarDecl() &&
          !before(W->getLocation(), V->getLocation())) {
        Diags.error(Tok->Loc, "the allocator of '" + V->getName().str() + "' uses '" +
                                  W->getName().str() + "', declared after it: '" +
                                  V->getName().str() + "' is allocated where it is declared");
        Diags.note(W->getLocation(), "declared here");
        return false;
      }
    return true;
  }

  void nest(BoundFile &File) {
    std::vector<Construct *> Open;
    for (auto &Owned : File.All) {
      Construct *C = Owned.get();
      while (!Open.empty() && !rangeContains(SM, Open.back()->Range, C->Range.getBegin()))
        Open.pop_back();
      if (Open.empty()) {
        File.Roots.push_back(C);
      } else {
        C->Parent = Open.back();
        Open.back()->Children.push_back(C);
      }
      Open.push_back(C);
    }
  }

  /// Each `end declare target` closes the `declare target` (without a list) or `begin declare
  /// target` open before it, and each of those is closed in the file, as gcc requires.
  void checkDeclareTargetPairs(const BoundFile &File) {
    std::vector<const Construct *> Open;
    for (const auto &C : File.All) {
      const DirectiveKind Kind = C->Dir.Kind;
      if (Kind == DirectiveKind::BeginDeclareTarget ||
          (Kind == DirectiveKind::DeclareTarget && C->Dir.Text.find('(') == std::string::npos))
        Open.push_back(C.get());
      else if (Kind == DirectiveKind::EndDeclareTarget && !Open.empty())
        Open.pop_back();
      else if (Kind == DirectiveKind::EndDeclareTarget)
        Diags.error(C->Dir.NameLoc, "'#pragma omp end declare target' without a matching "
                                    "'#pragma omp declare target' or '#pragma omp begin "
                                    "declare target'");
    }
    for (const Construct *C : Open)
      Diags.error(C->Dir.NameLoc, C->Dir.quotedName() + " without a matching '#pragma omp end "
                                                        "declare target'");
  }

  /// A loop with `ordered` and no argument around a stand-alone `ordered doacross(...)` is a
  /// doacross nest of its collapsed loops (OpenMP 5.2, as gcc 13 takes it): ordered(collapse).
  void countDoacrossLoops(Construct &C) {
    if (!C.Dir.has(ClauseKind::Doacross) || !C.Parent || !C.Parent->Dir.isLoop())
      return;
    for (Clause &Cl : C.Parent->Dir.Clauses)
      if (Cl.Kind == ClauseKind::Ordered && Cl.Count == 0)
        Cl.Count = C.Parent->Dir.collapse();
  }

  /// An orphaned `section` is an error.  A directive between C's pragma and its statement makes
  /// the statement that directive's
  /// construct.  That is fine for a block construct (parallel, critical, section...), but a loop
  /// directive needs the loop itself, atomic an expression statement, sections its block, and a
  /// stand-alone directive cannot be a statement at all (as gcc says).
  void checkStacked(const Construct &C) {
    if (C.Dir.Kind == DirectiveKind::Section &&
        !(C.Parent && (C.Parent->Dir.Kind == DirectiveKind::Sections ||
                       C.Parent->Dir.Kind == DirectiveKind::ParallelSections)))
      Diags.error(C.Dir.NameLoc, "'#pragma omp section' may only be used in a '#pragma omp "
                                 "sections' construct, directly in its block");
    if (!C.Body)
      return;
    for (const Construct *K : C.Children) {
      if (!before(K->Dir.Loc, C.Body->getBeginLoc()) || K->Dir.isAnywhere())
        continue;
      const std::string Found = ", not by " + K->Dir.quotedName();
      if (!K->Dir.hasAssociatedStmt())
        Diags.error(K->Dir.NameLoc, K->Dir.quotedName() + " may only be used in compound "
                                                          "statements; enclose it in braces");
      else if (C.Dir.isLoop())
        Diags.error(K->Dir.NameLoc, C.Dir.quotedName() + " must be followed by a for loop" + Found);
      else if (C.Dir.Kind == DirectiveKind::Atomic)
        Diags.error(K->Dir.NameLoc,
                    C.Dir.quotedName() + " must be followed by an expression statement" + Found);
      else if (C.Dir.Kind == DirectiveKind::Sections || C.Dir.Kind == DirectiveKind::ParallelSections)
        Diags.error(K->Dir.NameLoc,
                    C.Dir.quotedName() + " must be followed by a block { ... } of sections" + Found);
      else
        continue;
      Diags.note(C.Dir.NameLoc, "the directive it follows");
      Stacked.insert(K);
    }
  }

  /// A worksharing construct's firstprivate, lastprivate or reduction item is shared in the
  /// enclosing region (OpenMP 5.2, 5.4.4-5.4.6; orphaned: not an automatic variable of the
  /// function), as gcc checks it when it lowers the construct ("lastprivate variable 'b' is
  /// private in outer context"): gcc's rule (gimplify.cc, omp_check_private) on for, for simd,
  /// sections, single, scope and distribute, on the distribute of distribute parallel for
  /// (firstprivate and lastprivate only: its reduction goes to the for, which its parallel shares
  /// with), never on the other combined constructs, whose outer part shares their items, nor on
  /// a loop construct; a reduction of an array section through a pointer is not checked.
  void checkPrivateInOuterContext(const Construct &C, const BoundFile &File) {
    const DirectiveKind Kind = C.Dir.Kind;
    const bool DistributeParallel = Kind == DirectiveKind::DistributeParallelFor ||
                                    Kind == DirectiveKind::DistributeParallelForSimd;
    if (!C.Body || C.Dir.InnerPart || C.Dir.Written || !C.Dir.isWorksharing() ||
        (C.Dir.isOutlined() && !DistributeParallel))
      return;
    for (const Clause &Cl : C.Dir.Clauses) {
      const char *What = Cl.Kind == ClauseKind::Firstprivate  ? "firstprivate"
                         : Cl.Kind == ClauseKind::Lastprivate ? "lastprivate"
                         : Cl.Kind == ClauseKind::Reduction && !DistributeParallel ? "reduction"
                                                                                    : nullptr;
      if (!What)
        continue;
      for (const VarName &N : Cl.Vars) {
        auto CV = llvm::find_if(C.Vars, [&](const ClauseVar &V) {
          return V.Loc == N.Loc && V.Kind == Cl.Kind;
        });
        if (CV == C.Vars.end() || File.isThreadprivate(CV->Var) ||
            (CV->Sections && CV->Var->getType()->isPointerType()))
          continue;
        SourceLocation Where;
        std::string Why;
        if (!privateOutside(C, CV->Var, Where, Why))
          continue;
        Diags.error(N.Loc, std::string(What) + " variable '" + N.Name +
                               "' is private in outer context");
        Diags.note(Where, Why);
      }
    }
  }

  /// A copyprivate item is threadprivate or private in the context around its single (OpenMP
  /// 5.2, 5.7.2): gcc decides it as for a worksharing construct's items (omp_check_private, whose
  /// orphaned single may name an automatic variable of its function) and says "copyprivate
  /// variable 'x' is not threadprivate or private in outer context".  Broadcasting a shared
  /// variable to itself is a race.
  void checkCopyprivate(const Construct &C, const BoundFile &File) {
    for (const ClauseVar &CV : C.Vars) {
      SourceLocation Where;
      std::string Why;
      if (CV.Kind != ClauseKind::Copyprivate || File.isThreadprivate(CV.Var) ||
          privateOutside(C, CV.Var, Where, Why))
        continue;
      Diags.error(CV.Loc, "copyprivate variable '" + CV.Var->getName().str() +
                              "' is not threadprivate or private in outer context");
    }
  }

  /// Whether V, named in a clause of the worksharing construct C, is private in the context
  /// around C, as gcc's omp_check_private decides it: the constructs around C are looked at from
  /// the innermost out, through worksharing, simd, taskgroup and target data constructs (critical,
  /// master, masked, ordered and atomic have no data environment), up to the first region
  /// (parallel, task, teams, target...); V is private in one that declares it in its body,
  /// privatises it by a clause, its default, or as its loop variable, or, in a target region, as
  /// an unmapped local scalar or pointer (firstprivate).  Without such a region, V is private when
  /// it is an automatic variable of the function.  Where and Why: the note that says why.
  bool privateOutside(const Construct &C, const VarDecl *V, SourceLocation &Where,
                      std::string &Why) const {
    const std::string Name = "'" + V->getName().str() + "'";
    for (const Construct *Outer = C.Parent; Outer; Outer = Outer->Parent) {
      const DirectiveKind Kind = Outer->Dir.Kind;
      if (!Outer->Body || Kind == DirectiveKind::Critical || Kind == DirectiveKind::Master ||
          Kind == DirectiveKind::Masked || Kind == DirectiveKind::Ordered ||
          Kind == DirectiveKind::Atomic || Kind == DirectiveKind::Section ||
          Kind == DirectiveKind::Unroll || Kind == DirectiveKind::Tile)
        continue;
      const std::string Region = Outer->Dir.quotedName();
      if (!V->hasExternalStorage() && rangeContains(SM, Outer->Range, V->getLocation())) {
        Where = V->getLocation();
        Why = Name + " is declared inside " + Region;
        return true;
      }
      if (const ClauseVar *CV = Outer->clauseFor(V)) {
        const ClauseKind K = CV->Kind;
        if (K == ClauseKind::Private || K == ClauseKind::Firstprivate ||
            K == ClauseKind::Lastprivate || K == ClauseKind::Reduction ||
            K == ClauseKind::Linear) {
          Where = CV->Loc;
          Why = Name + " is made private by '" + clauseSpelling(K) + "' on " + Region;
          return true;
        }
        if (K == ClauseKind::Shared)
          return false;
      }
      if (const auto *For = dyn_cast<ForStmt>(Outer->Body); For && Outer->Dir.isLoop())
        for (const ForStmt *F : loopNest(For, Outer->Dir.associatedLoops()))
          if (loopVariable(F) == V) {
            Where = F->getBeginLoc();
            Why = Name + " is the loop variable of " + Region + ", private in it";
            return true;
          }
      if (!Outer->Dir.isOutlined())
        continue;
      const Clause *Default = Outer->Dir.find(ClauseKind::Default);
      if (Default && !V->isFileVarDecl() &&
          (Default->Default == DefaultKind::Private ||
           Default->Default == DefaultKind::Firstprivate)) {
        Where = Default->Loc;
        Why = Name + " is made private by 'default' on " + Region;
        return true;
      }
      if (Outer->Dir.isTarget() && V->hasLocalStorage() &&
          !Outer->Dir.has(ClauseKind::Defaultmap) && !namedByMapLikeClause(*Outer, V) &&
          defaultmapCategory(V->getType()) != "aggregate") {
        Where = Outer->Dir.NameLoc;
        Why = Name + " is firstprivate in " + Region + " (an unmapped scalar)";
        return true;
      }
      return false;
    }
    if (!V->hasLocalStorage())
      return false;
    Where = V->getLocation();
    Why = Name + " is a local variable of '" + C.Function->getName().str() +
          "', private to each thread that calls it";
    return true;
  }

  /// default(none | firstprivate | private) on a construct other than a task (whose implicit
  /// data-sharing DataSharing decides): none makes every variable referenced in the construct,
  /// declared outside it and without a clause an error; firstprivate and private (OpenMP 5.1)
  /// give each such local variable that clause, and make a file-scope one an error, as gcc 12.
  void applyDefault(Construct &C, const BoundFile &File) {
    const Clause *Default = C.Dir.find(ClauseKind::Default);
    if (!Default || Default->Default == DefaultKind::Shared || !C.Body ||
        (C.Dir.isTask() && Default->Default != DefaultKind::None))
      return;
    for (const DeclRefExpr *E : unlistedReferences(C, File)) {
      const auto *V = cast<VarDecl>(E->getDecl());
      const std::string Name = V->getName().str();
      if (Default->Default == DefaultKind::None) {
        Diags.error(E->getLocation(), "variable '" + Name + "' must have its data-sharing "
                                      "attribute specified in a 'default(none)' construct");
        Diags.note(Default->Loc, "'default(none)' is here");
      } else if (V->isFileVarDecl()) {
        Diags.error(E->getLocation(), "'" + Name + "' not specified in enclosing " +
                                          C.Dir.quotedName());
        Diags.note(Default->Loc, "'default' makes only local variables private");
      } else {
        C.Vars.push_back({V,
                          Default->Default == DefaultKind::Private ? ClauseKind::Private
                                                                   : ClauseKind::Firstprivate,
                          ReductionOp::Add, Default->Loc});
      }
    }
  }

  /// defaultmap(none [: category]) on a target construct: a variable of that category referenced
  /// in the region, declared outside it and named by no clause of the construct (of a combined
  /// one, of any part) is an error, as gcc 12 says.  Like gcc 12, only an uncategorised none
  /// asks it of pointers.
  void checkDefaultmapNone(const Construct &C, const BoundFile &File) {
    if (!C.Dir.isTarget() || !C.Body)
      return;
    for (const DeclRefExpr *E : unlistedReferences(C, File)) {
      const auto *V = cast<VarDecl>(E->getDecl());
      const Clause *None = defaultmapNone(C, defaultmapCategory(V->getType()));
      if (!None || namedByMapLikeClause(C, V) || isDeclareTarget(V, File))
        continue;
      Diags.error(E->getLocation(),
                  "'" + V->getName().str() + "' not specified in enclosing " + C.Dir.quotedName());
      Diags.note(None->Loc, "'defaultmap(none)' is here");
    }
  }

  /// Whether file-scope V is a declare target variable, which defaultmap(none) does not ask
  /// for: named in a declare target directive's list, or declared between declare target (or
  /// begin declare target) and end declare target.
  bool isDeclareTarget(const VarDecl *V, const BoundFile &File) const {
    if (!V->isFileVarDecl())
      return false;
    const SourceLocation At = SM.getExpansionLoc(V->getLocation());
    SourceLocation Begin;
    for (const auto &K : File.All) {
      const DirectiveKind Kind = K->Dir.Kind;
      if (Kind == DirectiveKind::DeclareTarget && K->Dir.Text.find('(') != std::string::npos) {
        llvm::SmallVector<llvm::StringRef, 8> Words;
        llvm::StringRef(K->Dir.Text).split(Words, ' ');
        if (llvm::is_contained(Words, V->getName()))
          return true;
      } else if (Kind == DirectiveKind::DeclareTarget ||
                 Kind == DirectiveKind::BeginDeclareTarget) {
        Begin = SM.getExpansionLoc(K->Dir.Loc);
      } else if (Kind == DirectiveKind::EndDeclareTarget && Begin.isValid()) {
        const SourceLocation End = SM.getExpansionLoc(K->Dir.Loc);
        if (SM.isBeforeInTranslationUnit(Begin, At) && SM.isBeforeInTranslationUnit(At, End))
          return true;
        Begin = SourceLocation();
      }
    }
    return false;
  }

  /// The defaultmap(none) clause of C that covers Category, if any.
  static const Clause *defaultmapNone(const Construct &C, llvm::StringRef Category) {
    for (const Clause &Cl : C.Dir.Clauses)
      if (Cl.Kind == ClauseKind::Defaultmap && Cl.Keyword == "none" &&
          (Cl.Name.empty() || (Cl.Name == Category && Category != "pointer")))
        return &Cl;
    return nullptr;
  }

  /// Whether a map-like clause of C (map, is_device_ptr, has_device_addr...) names V.
  static bool namedByMapLikeClause(const Construct &C, const VarDecl *V) {
    for (const Clause &Cl : C.Dir.Clauses)
      for (const DependItem &Item : Cl.Depends) {
        bool Whole = false;
        if (Cl.Kind != ClauseKind::Depend && C.itemBase(Item, Whole) == V)
          return true;
      }
    return false;
  }

  /// Whether a clause of an inner part of the combined construct C was split into names V (the
  /// combined construct's clauses all count for its default(none) and defaultmap(none)).
  static bool namedByInnerParts(const Construct &C, const VarDecl *V) {
    for (const Construct *K : C.Children)
      if (K->Dir.InnerPart && (K->clauseFor(V) || namedByInnerParts(*K, V)))
        return true;
    return false;
  }

  /// The first reference in C to each variable declared outside it that no clause of C (nor of an
  /// inner part of the combined construct C was split into) names and whose data-sharing is not
  /// predetermined (the loop variables of loop constructs in C, threadprivate variables; a
  /// taskloop's bounds and steps, evaluated where it is created).
  std::vector<const DeclRefExpr *> unlistedReferences(const Construct &C, const BoundFile &File) {
    std::vector<const VarDecl *> LoopVars;
    std::vector<const Construct *> Work{&C};
    while (!Work.empty()) {
      const Construct *K = Work.back();
      Work.pop_back();
      if (const auto *For = dyn_cast_or_null<ForStmt>(K->Body); For && K->Dir.isLoop())
        for (const ForStmt *F : loopNest(For, K->Dir.associatedLoops()))
          LoopVars.push_back(loopVariable(F));
      Work.insert(Work.end(), K->Children.begin(), K->Children.end());
    }
    std::vector<const DeclRefExpr *> Header;
    if (const auto *For = dyn_cast<ForStmt>(C.Body); For && C.Dir.isTaskloop())
      for (const ForStmt *F : loopNest(For, C.Dir.associatedLoops()))
        for (const Stmt *Part : {F->getInit(), (const Stmt *)F->getCond(), (const Stmt *)F->getInc()})
          for (const DeclRefExpr *E : varRefsIn(Part))
            Header.push_back(E);
    std::vector<const DeclRefExpr *> Unlisted;
    std::vector<const VarDecl *> Seen;
    for (const DeclRefExpr *E : varRefsIn(C.Body)) {
      const auto *V = cast<VarDecl>(E->getDecl());
      if (llvm::is_contained(Header, E) || llvm::is_contained(LoopVars, V) || C.clauseFor(V) ||
          namedByInnerParts(C, V) ||
          File.isThreadprivate(V) || rangeContains(SM, C.Range, V->getLocation()) ||
          llvm::is_contained(Seen, V))
        continue;
      Seen.push_back(V);
      Unlisted.push_back(E);
    }
    return Unlisted;
  }
};

} // namespace

BoundFile bindDirectives(std::vector<Directive> Directives, ASTContext &Ctx,
                         const IncludeMap &Includes, Diag &Diags,
                         const MacroExpansion *WriteOut) {
  return Binder(Ctx, Includes, Diags, WriteOut).bind(std::move(Directives));
}

} // namespace omp2numa
