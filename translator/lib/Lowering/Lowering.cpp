//===- Lowering.cpp - Dispatch and helpers shared by the lowerings --------===//
#include "Lowering.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Transformer/SourceCode.h"
#include <algorithm>

using namespace clang;

namespace omp2numa {

bool Lowering::run() {
  for (const Construct *Root : File.Roots)
    lower(Root);
  return !Diags.hasErrors();
}

void Lowering::warnNoEffect(const Construct *C) {
  if (const Clause *Collapse = C->Dir.find(ClauseKind::Collapse); Collapse && Collapse->Count == 1)
    Diags.warning(Collapse->Loc, "'collapse(1)' has no effect");
  if (const Clause *Ordered = C->Dir.find(ClauseKind::Ordered)) {
    bool HasRegion = false;
    std::vector<const Construct *> Work(C->Children.begin(), C->Children.end());
    while (!Work.empty() && !HasRegion) {
      const Construct *K = Work.back();
      Work.pop_back();
      HasRegion = K->Dir.Kind == DirectiveKind::Ordered;
      Work.insert(Work.end(), K->Children.begin(), K->Children.end());
    }
    // An ordered region may also be in a function the loop calls.
    class CallFinder : public RecursiveASTVisitor<CallFinder> {
    public:
      bool Found = false;
      bool VisitCallExpr(CallExpr *) { return !(Found = true); }
    } Calls;
    Calls.TraverseStmt(const_cast<Stmt *>(C->Body));
    if (!HasRegion && !Calls.Found)
      Diags.warning(Ordered->Loc, "'ordered' clause has no effect: the loop contains no "
                                  "'#pragma omp ordered' region and calls no function");
  }
}

void Lowering::lower(const Construct *C) {
  for (const Construct *Child : C->Children)
    lower(Child);
  if (Diags.hasErrors() || !checkNoJumpsOut(C))
    return;
  // Replaces the construct with its lowering, unless an error left nothing to replace it with.
  auto replaceWith = [&](const std::string &Text) {
    if (!Text.empty())
      Out.replace(C->Range, pragmaComment(C) + "\n" + Text);
  };
  // A lowering that rebuilds its statement keeps what stood between pragma and statement.
  auto replaceRebuilt = [&](const std::string &Text) {
    if (!Text.empty())
      Out.replace(C->Range, pragmaComment(C) + gapText(C) + "\n" + Text);
  };
  switch (C->Dir.Kind) {
  case DirectiveKind::Barrier:
    Out.replace(C->PragmaRange, pragmaComment(C) + " __omp2numa_barrier();");
    break;
  case DirectiveKind::Flush:
    Out.replace(C->PragmaRange, pragmaComment(C) + " __omp2numa_flush();");
    break;
  case DirectiveKind::Threadprivate:
    lowerThreadprivate(C);
    break;
  case DirectiveKind::Section: // lowered by its sections construct
    break;
  case DirectiveKind::For:
    replaceRebuilt(lowerLoop(C, C->Dir.has(ClauseKind::Nowait)));
    break;
  case DirectiveKind::Sections:
    replaceRebuilt(lowerSections(C, C->Dir.has(ClauseKind::Nowait)));
    break;
  case DirectiveKind::Atomic:
    replaceRebuilt(lowerAtomic(C));
    break;
  case DirectiveKind::Single:
    replaceWith(lowerSingle(C));
    break;
  case DirectiveKind::Master:
  case DirectiveKind::Masked:
    replaceWith(lowerMasked(C));
    break;
  case DirectiveKind::Critical:
    replaceWith(lowerCritical(C));
    break;
  case DirectiveKind::Ordered:
    replaceWith(lowerOrdered(C));
    break;
  case DirectiveKind::ParallelFor:
  case DirectiveKind::ParallelSections: {
    // The worksharing barrier would be followed at once by the join's: skip it.
    std::string Body = C->Dir.Kind == DirectiveKind::ParallelFor ? lowerLoop(C, /*Nowait=*/true)
                                                                  : lowerSections(C, true);
    if (!Body.empty())
      lowerParallel(C, Out.lineMarker(C->PragmaRange.getEnd()) + gapText(C) + "\n" + Body);
    break;
  }
  case DirectiveKind::Parallel: {
    std::string Body = bodyText(C);
    if (!Body.empty())
      lowerParallel(C, Body);
    break;
  }
  }
  if (!Diags.hasErrors())
    warnNoEffect(C);
}

PrivateCode Lowering::privateCopies(const Construct *C) {
  PrivateCode P;
  std::vector<const VarDecl *> Done = DataSharing::loopVariables(C); // the loop declares these
  for (const ClauseVar &CV : C->Vars) {
    const VarDecl *V = CV.Var;
    const bool Last = C->has(V, ClauseKind::Lastprivate);
    // firstprivate + lastprivate on a combined construct: the region's copy is the private one,
    // and only the copy back happens here.
    const bool RegionCopy = Sharing.privateLevel(C, V) == PrivateLevel::Region;
    if ((Sharing.privateLevel(C, V) != PrivateLevel::Loop && !(RegionCopy && Last)) ||
        CV.Kind == ClauseKind::Reduction || std::find(Done.begin(), Done.end(), V) != Done.end())
      continue;
    Done.push_back(V);
    const std::string Name = V->getName().str();
    QualType T = V->getType();
    const bool First = C->has(V, ClauseKind::Firstprivate) && !RegionCopy;
    // Variable-length copies get the original's sizes, measured before the copy hides it.
    std::vector<std::string> Dims;
    if (T->isVariablyModifiedType()) {
      std::vector<std::string> Sizes = vlaDims(T, Sharing.spell(V, C, /*InLoopHeader=*/true));
      for (size_t K = 0; K < Sizes.size(); ++K) {
        Dims.push_back("__o2n_dim_" + Name + "_" + std::to_string(K));
        P.Before += "  const size_t " + Dims.back() + " = " + Sizes[K] + ";\n";
      }
    }
    auto declareCopy = [&](const std::string &N) {
      return Dims.empty() ? declare(T, N) : declareWithDims(T, N, Dims);
    };
    // Arrays are copied whole (their originals are reached through a pointer taken first).
    const bool Array = T->isArrayType();
    if (Last) {
      P.Before += "  " + declare(Ctx.getPointerType(T.getUnqualifiedType()).withConst(),
                                 "__o2n_last_" + Name) +
                  " = " + Sharing.originalAddress(C, V) + ";\n";
      P.CopyBack += Array ? "    __builtin_memcpy(__o2n_last_" + Name + ", " + Name + ", sizeof " +
                                Name + ");\n"
                          : "    *__o2n_last_" + Name + " = " + Name + ";\n";
    }
    if (RegionCopy)
      continue;
    if (First && Array) {
      P.Before += "  const void *const __o2n_first_" + Name + " = " +
                  Sharing.spell(V, C, /*InLoopHeader=*/true) + ";\n";
      P.Copies += "  " + declareCopy(Name) + ";\n  __builtin_memcpy(" + Name + ", __o2n_first_" +
                  Name + ", sizeof " + Name + ");\n";
    } else if (First) {
      P.Before += "  " + declare(T, "__o2n_first_" + Name) + " = " +
                  Sharing.spell(V, C, /*InLoopHeader=*/true) + ";\n";
      P.Copies += "  " + declare(T, Name) + " = __o2n_first_" + Name + ";\n";
    } else if (Last) {
      // The value is unspecified until the construct assigns it; a defined one keeps compilers
      // from warning about the copy back.
      P.Copies += "  " + declareCopy(Name) + (Array ? ";\n" : " = {0};\n");
    } else {
      P.Copies += "  " + declareCopy(Name) + ";\n";
    }
    P.Copies += "  (void)" + Name + ";\n";
  }
  return P;
}

bool Lowering::checkConditionalsNest(const Construct *C, CharSourceRange Range) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
  int Depth = 0;
  bool Ok = true;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    Line = Line.ltrim();
    if (!Line.consume_front("#"))
      continue;
    llvm::StringRef Word = Line.ltrim().take_while([](char Ch) { return isalpha(Ch); });
    if (Word == "if" || Word == "ifdef" || Word == "ifndef")
      ++Depth;
    else if (Word == "else" || Word == "elif" || Word == "elifdef" || Word == "elifndef")
      Ok &= Depth > 0;
    else if (Word == "endif")
      Ok &= --Depth >= 0;
  }
  if (Ok && Depth == 0)
    return true;
  Diags.error(C->Dir.NameLoc, std::string("preprocessor conditionals (#if/#else/#endif) cut "
                                          "across the statement of '#pragma omp ") +
                                  directiveSpelling(C->Dir.Kind) +
                                  "', which is moved as a whole: enclose the statement in "
                                  "braces with the conditionals inside");
  return false;
}

std::string Lowering::bodyText(const Construct *C) {
  if (!checkConditionalsNest(C, CharSourceRange::getCharRange(
                                    statementRange(C->Body, Ctx).getBegin(), C->Range.getEnd())))
    return "";
  return Out.lineMarker(C->PragmaRange.getEnd()) +
         Out.text(CharSourceRange::getCharRange(C->PragmaRange.getEnd(), C->Range.getEnd()));
}

std::string Lowering::gapText(const Construct *C) {
  SourceLocation Begin = statementRange(C->Body, Ctx).getBegin();
  return Out.text(CharSourceRange::getCharRange(C->PragmaRange.getEnd(), Begin));
}

bool Lowering::worksharingData(const Construct *C, const std::string &Suffix, PrivateCode &Priv,
                               ReductionCode &Red) {
  Priv = privateCopies(C);
  Red = lowerReductions(C, PrivateLevel::Loop, Suffix);
  if (Diags.hasErrors())
    return false;
  if (!Red.Definitions.empty())
    Out.insertBeforeLineOf(C->Function->getBeginLoc(), Red.Definitions);
  return true;
}

std::string Lowering::keepOriginals(const Construct *C) {
  std::string S;
  for (const VarDecl *V : Sharing.privatisedOriginals(C))
    S += "  (void)" + Sharing.spell(V, C->Parent) + ";\n";
  return S;
}

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

} // namespace

bool Lowering::checkNoJumpsOut(const Construct *C) {
  if (!C->Body || C->Dir.Kind == DirectiveKind::Atomic)
    return true;
  const Stmt *Block = C->Body;
  bool ContinueAllowed = false;
  if (DataSharing::isLoop(C)) {
    // A loop construct's body may continue its own loop, but not leave it.
    std::vector<const ForStmt *> Nest = loopNest(cast<ForStmt>(C->Body), C->Dir.collapse());
    if (Nest.empty())
      return true; // analyzeLoop reports the malformed loop
    Block = Nest.back()->getBody();
    ContinueAllowed = true;
  }
  JumpFinder Finder(Ctx.getSourceManager(), C->Range);
  Finder.visit(Block, 0, 0);
  bool Ok = true;
  for (const auto &[S, What] : Finder.Found) {
    if (ContinueAllowed && llvm::StringRef(What) == "continue")
      continue;
    Diags.error(S->getBeginLoc(), std::string("'") + What + "' leaves the structured block of "
                                      "'#pragma omp " + directiveSpelling(C->Dir.Kind) +
                                      "', which OpenMP does not allow");
    Ok = false;
  }
  return Ok;
}

std::string Lowering::pragmaComment(const Construct *C, llvm::StringRef What) {
  std::string Text = C->Dir.Text;
  for (size_t P = Text.find("*/"); P != std::string::npos; P = Text.find("*/", P))
    Text.replace(P, 2, "* /");
  return "/* omp2numa: " + What.str() + "#pragma omp " + Text + " */";
}

std::string Lowering::uniqueSuffix(const Construct *C) {
  auto [It, New] = Suffixes.emplace(C, "");
  if (New) {
    unsigned Line = Out.line(C->Dir.Loc);
    unsigned N = NamesPerLine[Line]++;
    It->second = std::to_string(Line) + (N ? "_" + std::to_string(N) : "");
  }
  return It->second;
}

std::string Lowering::declare(QualType T, llvm::StringRef Name) {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = false;
  std::string S;
  llvm::raw_string_ostream OS(S);
  T.print(OS, Policy, Name);
  return OS.str();
}

std::vector<std::string> Lowering::vlaDims(QualType T, const std::string &X) {
  std::vector<std::string> Dims;
  std::string E = X;
  while (true) {
    if (const auto *P = T->getAs<PointerType>()) {
      T = P->getPointeeType();
      E = "(*" + E + ")";
    } else if (const ArrayType *A = Ctx.getAsArrayType(T)) {
      if (isa<VariableArrayType>(A))
        Dims.push_back("sizeof(" + E + ") / sizeof((" + E + ")[0])");
      T = A->getElementType();
      E = "(" + E + ")[0]";
    } else {
      return Dims;
    }
  }
}

std::string Lowering::declareWithDims(QualType T, llvm::StringRef Name,
                                      llvm::ArrayRef<std::string> Dims) {
  std::string Declarator = Name.str();
  bool AfterPointer = false;
  size_t Next = 0;
  while (true) {
    if (const auto *P = T->getAs<PointerType>()) {
      std::string Quals = T.isConstQualified() ? "const " : "";
      Declarator = "*" + Quals + Declarator;
      T = P->getPointeeType();
      AfterPointer = true;
    } else if (const ArrayType *A = Ctx.getAsArrayType(T)) {
      if (AfterPointer)
        Declarator = "(" + Declarator + ")";
      AfterPointer = false;
      std::string Size;
      if (const auto *CA = dyn_cast<ConstantArrayType>(A))
        Size = llvm::toString(CA->getSize(), 10, false);
      else if (isa<VariableArrayType>(A) && Next < Dims.size())
        Size = Dims[Next++];
      Declarator += "[" + Size + "]";
      T = A->getElementType();
    } else {
      return declare(T, Declarator);
    }
  }
}

/// Whether T (through pointers, arrays and typedefs) names a type declared inside a function,
/// which outlined code at file scope cannot see.
static const NamedDecl *localTypeIn(QualType T) {
  while (true) {
    if (const auto *TT = T->getAs<TypedefType>())
      if (TT->getDecl()->getDeclContext()->isFunctionOrMethod())
        return TT->getDecl();
    if (const TagDecl *Tag = T->getAsTagDecl())
      return Tag->getDeclContext()->isFunctionOrMethod() ? Tag : nullptr;
    if (T->isPointerType())
      T = T->getPointeeType();
    else if (const ArrayType *A = T->getAsArrayTypeUnsafe())
      T = A->getElementType();
    else
      return nullptr;
  }
}

bool Lowering::checkFileScopeType(QualType T, SourceLocation Loc, llvm::StringRef What) {
  const NamedDecl *Local = localTypeIn(T);
  if (!Local)
    return true;
  Diags.error(Loc, ("the type of " + What + " is declared inside a function; omp2numa outlines "
                                            "the region to file scope, where '" +
                    Local->getName() + "' is not visible: declare the type at file scope")
                       .str());
  Diags.note(Local->getLocation(), "type declared here");
  return false;
}

std::string Lowering::exprText(const Construct *Owner, const Construct *Scope,
                               const ExprTokens &E, bool InLoopHeader) {
  std::string Text;
  for (const PragmaToken &T : E.Tokens) {
    auto It = Owner->ExprVars.find(&T);
    Text += (Text.empty() ? "" : " ") +
            (It != Owner->ExprVars.end() ? Sharing.spell(It->second, Scope, InLoopHeader)
                                         : T.Spelling);
  }
  return "(" + Text + ")";
}

std::string Lowering::sourceText(const Stmt *S, bool WithSemicolon) {
  if (WithSemicolon)
    return Out.text(statementRange(S, Ctx));
  CharSourceRange R = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(S->getSourceRange()),
                                               Ctx.getSourceManager(), Ctx.getLangOpts());
  if (R.isInvalid()) {
    // Part of a macro expansion that also holds other code: the text cannot be taken apart.
    Diags.error(S->getBeginLoc(), "this expression is part of a macro expansion that omp2numa "
                                  "cannot take apart; write it outside the macro");
    return "0";
  }
  return Out.text(R);
}

} // namespace omp2numa
