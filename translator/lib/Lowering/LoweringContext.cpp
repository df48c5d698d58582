//===- LoweringContext.cpp ------------------------------------------------===//
#include "LoweringContext.h"
#include "LocalTypes.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>

using namespace clang;

namespace omp2numa {

std::string LoweringContext::uniqueSuffix(const Construct *C) {
  auto [It, New] = Suffixes.emplace(C, "");
  if (New) {
    unsigned Line = Out.line(C->Dir.Loc);
    unsigned N = NamesPerLine[Line]++;
    It->second = std::to_string(Line) + (N ? "_" + std::to_string(N) : "");
  }
  return It->second;
}

std::string LoweringContext::siteLocation(const Construct *C) const {
  return Out.fileLiteral(C->Dir.Loc) + ", " + std::to_string(Out.line(C->Dir.Loc));
}

std::string LoweringContext::pragmaComment(const Construct *C, llvm::StringRef What) const {
  std::string Text = C->Dir.Text;
  for (size_t P = Text.find("*/"); P != std::string::npos; P = Text.find("*/", P))
    Text.replace(P, 2, "* /");
  return "/* omp2numa: " + What.str() + "#pragma omp " + Text + " */";
}

Lowered LoweringContext::bodyText(const Construct *C, bool WithGap) {
  if (!checkConditionalsNest(C, CharSourceRange::getCharRange(
                                    statementRange(C->Body, Ctx).getBegin(), C->Range.getEnd())))
    return std::nullopt;
  SourceLocation Begin = WithGap ? C->PragmaRange.getEnd() : statementBegin(C);
  return Out.lineMarker(Begin) + Out.text(CharSourceRange::getCharRange(Begin, C->Range.getEnd()));
}

SourceLocation LoweringContext::statementBegin(const Construct *C) const {
  SourceLocation Begin = statementRange(C->Body, Ctx).getBegin();
  for (const Construct *K : C->Children)
    if (K->Body == C->Body && Ctx.getSourceManager().isBeforeInTranslationUnit(
                                  K->Range.getBegin(), Begin))
      Begin = K->Range.getBegin();
  return Begin;
}

std::string LoweringContext::gapText(const Construct *C) const {
  return Out.text(CharSourceRange::getCharRange(C->PragmaRange.getEnd(), statementBegin(C)));
}

bool LoweringContext::gapMovesWithBody(const Construct *C) const {
  return conditionalsNest(CharSourceRange::getCharRange(C->PragmaRange.getEnd(), statementBegin(C)));
}

Lowered LoweringContext::sourceText(const Stmt *S, bool WithSemicolon) {
  if (WithSemicolon)
    return Out.text(statementRange(S, Ctx));
  CharSourceRange R = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(S->getSourceRange()),
                                               Ctx.getSourceManager(), Ctx.getLangOpts());
  if (R.isValid())
    return Out.text(R);
  Diags.error(S->getBeginLoc(), "this expression is part of a macro expansion that omp2numa "
                                "cannot take apart; write it outside the macro");
  return std::nullopt;
}

Lowered LoweringContext::expressionText(const Expr *E, const Construct *C, bool InLoopHeader) {
  CharSourceRange R = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(E->getSourceRange()),
                                               Ctx.getSourceManager(), Ctx.getLangOpts());
  if (R.isValid())
    return Out.text(R);
  /// Spells each variable as the construct sees it (the printer would print its name).
  class Speller : public PrinterHelper {
  public:
    Speller(const DataSharing &Sharing, const Construct *C, bool InLoopHeader)
        : Sharing(Sharing), C(C), InLoopHeader(InLoopHeader) {}
    bool handledStmt(Stmt *S, llvm::raw_ostream &OS) override {
      const auto *Ref = dyn_cast<DeclRefExpr>(S);
      const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (!V)
        return false;
      OS << Sharing.spell(V, C, InLoopHeader);
      return true;
    }

  private:
    const DataSharing &Sharing;
    const Construct *C;
    bool InLoopHeader;
  } Helper(Sharing, C, InLoopHeader);
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  E->printPretty(OS, &Helper, PrintingPolicy(Ctx.getLangOpts()));
  return OS.str();
}

std::string joinFlags(const std::vector<std::string> &Flags) {
  std::string S;
  for (const std::string &F : Flags)
    S += (S.empty() ? "" : " | ") + F;
  return S.empty() ? "0" : S;
}

std::string LoweringContext::exprText(const Construct *Owner, const Construct *Scope,
                                      const ExprTokens &E, bool InLoopHeader) const {
  std::string Text;
  for (const PragmaToken &T : E.Tokens) {
    auto It = Owner->ExprVars.find(&T);
    Text += (Text.empty() ? "" : " ") +
            (It != Owner->ExprVars.end() ? Sharing.spell(It->second, Scope, InLoopHeader)
                                         : Owner->spelling(T));
  }
  return "(" + Text + ")";
}

std::string LoweringContext::integerText(const Construct *Owner, const Construct *Scope,
                                         const ExprTokens &E, bool InLoopHeader) const {
  const std::string Text = exprText(Owner, Scope, E, InLoopHeader);
  // One number or variable: the binder has checked it (a macro's name has not been).
  if (E.Tokens.size() == 1 &&
      (!E.Tokens[0].IsIdentifier || Owner->ExprVars.count(&E.Tokens[0])))
    return Text;
  return "((__typeof__(" + Text + " % 1))" + Text + ")";
}

std::string LoweringContext::withoutShadowWarnings(const std::string &Decls) {
  // _Pragma operators on the declarations' own lines, so that the lines stay as they are: before
  // the first line of code, after the last (#line directives may come between declarations).
  llvm::SmallVector<llvm::StringRef> Parts;
  llvm::StringRef(Decls).split(Parts, '\n', -1, /*KeepEmpty=*/false);
  std::vector<std::string> Lines(Parts.begin(), Parts.end());
  auto IsCode = [](const std::string &Line) {
    const size_t First = Line.find_first_not_of(' ');
    return First != std::string::npos && Line[First] != '#';
  };
  const auto FirstCode = std::find_if(Lines.begin(), Lines.end(), IsCode);
  if (FirstCode == Lines.end())
    return Decls;
  const auto LastCode = std::find_if(Lines.rbegin(), Lines.rend(), IsCode);
  FirstCode->insert(FirstCode->find_first_not_of(' '),
                    "_Pragma(\"GCC diagnostic push\") "
                    "_Pragma(\"GCC diagnostic ignored \\\"-Wshadow\\\"\") ");
  *LastCode += " _Pragma(\"GCC diagnostic pop\")";
  return llvm::join(Lines, "\n") + "\n";
}

std::string LoweringContext::uninitializedWarningsOff() {
  std::string S = "_Pragma(\"GCC diagnostic push\")";
  for (const char *Option : {"-Wpragmas", "-Wunknown-warning-option", "-Wuninitialized",
                             "-Wmaybe-uninitialized"})
    S += std::string(" _Pragma(\"GCC diagnostic ignored \\\"") + Option + "\\\"\")";
  return S;
}

std::string LoweringContext::withoutUninitializedWarnings(const std::string &Statement) {
  return uninitializedWarningsOff() + " " + Statement + " " + WarningsBack;
}

std::string LoweringContext::keepOriginals(const Construct *C) const {
  std::string S;
  for (const VarDecl *V : Sharing.privatisedOriginals(C))
    S += "  (void)" + Sharing.spell(V, C->Parent) + ";\n";
  return S;
}

QualType LoweringContext::originalPointer(QualType T) const {
  const QualType Pointee =
      T->isArrayType() ? T.getUnqualifiedType()
                       : T.getUnqualifiedType().withCVRQualifiers(T.getCVRQualifiers());
  return Ctx.getPointerType(Pointee).withConst();
}

Lowered LoweringContext::originalAddress(const Construct *C, const VarDecl *V,
                                         SourceLocation ClauseLoc) {
  std::string Address = Sharing.originalAddress(C, V);
  if (Address.rfind("&", 0) == 0)
    return addressOf(C, V, Address.substr(1), ClauseLoc);
  return Address;
}

Lowered LoweringContext::addressOf(const Construct *C, const VarDecl *V, const std::string &Spelled,
                                   SourceLocation ClauseLoc, bool AllowShadow) {
  if (V->getStorageClass() != SC_Register || Spelled != V->getName())
    return "&" + Spelled;
  if (AllowShadow && !V->getType()->isArrayType()) {
    const std::string Name = V->getName().str(), ShadowName = "__o2n_reg_" + Name;
    Shadow &S = Shadows[C];
    if (S.In.find(" " + ShadowName + " ") == std::string::npos) {
      S.In += "  " + Types.declare(V->getType().getUnqualifiedType(), ShadowName) + " = " + Name +
              ";\n";
      S.Out += "  " + Name + " = " + ShadowName + ";\n";
    }
    return "&" + ShadowName;
  }
  Diags.error(ClauseLoc, "'" + V->getName().str() + "' is declared 'register', and " +
                             C->Dir.quotedName() + " writes its result through its address: "
                             "remove 'register'");
  Diags.note(V->getLocation(), "declared here");
  return std::nullopt;
}

std::string LoweringContext::withShadows(const Construct *C, const std::string &Text) const {
  auto It = Shadows.find(C);
  if (It == Shadows.end())
    return Text;
  return "{\n" + It->second.In + Text + "\n" + It->second.Out + "}";
}

void LoweringContext::replaceConstruct(const Construct *C, const std::string &Text) {
  Out.replace(C->Range, pragmaComment(C) + "\n" + withShadows(C, Text));
}

void LoweringContext::replaceRebuilt(const Construct *C, const std::string &Text) {
  Out.replace(C->Range, pragmaComment(C) + gapText(C) + "\n" + withShadows(C, Text));
}

void LoweringContext::replacePragma(const Construct *C, const std::string &Text) {
  Out.replace(C->PragmaRange, pragmaComment(C) + Text);
}

void LoweringContext::insertBeforeFunction(const Construct *C, const std::string &Text) {
  Out.insertBeforeLineOf(C->Function->getBeginLoc(), Text);
}

bool LoweringContext::checkFileScopeType(QualType T, SourceLocation Loc, llvm::StringRef What) {
  const NamedDecl *Local = TypeSpelling::localTypeIn(T);
  std::string Why;
  if (!Local || makeVisibleAtFileScope(*this, Local, Why)) // LocalTypes.h
    return true;
  // An unnamed struct has no name to quote: its type spelling says where it is.
  std::string Name = Local->getName().str();
  if (Name.empty())
    if (const auto *Type = dyn_cast<TypeDecl>(Local))
      Name = Ctx.getTypeDeclType(Type).getAsString();
  Diags.error(Loc, ("the type of " + What + " is declared inside a function; omp2numa outlines "
                                            "the region to file scope, where '" +
                    Name + "' is not visible and cannot be made visible (" + Why +
                    "): declare the type at file scope")
                       .str());
  Diags.note(Local->getLocation(), "type declared here");
  return false;
}

bool LoweringContext::conditionalsNest(CharSourceRange Range) const {
  // The original text (a range's rewritten text is not defined where an edit straddles its
  // ends); the lines of conditionals resolved before lowering (Lowering.cpp) do not count.
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
  const FileID File = SM.getFileID(SM.getExpansionLoc(Range.getBegin()));
  unsigned LineNo = SM.getExpansionLineNumber(Range.getBegin());
  int Depth = 0;
  bool Ok = true;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    if (ResolvedLines.count({File, LineNo++}))
      continue;
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
  return Ok && Depth == 0;
}

bool LoweringContext::checkConditionalsNest(const Construct *C, CharSourceRange Range) {
  if (conditionalsNest(Range))
    return true;
  Diags.error(C->Dir.NameLoc, "preprocessor conditionals (#if/#else/#endif) cut across the "
                              "statement of " + C->Dir.quotedName() +
                                  ", which is moved as a whole: enclose the statement in braces "
                                  "with the conditionals inside");
  return false;
}

} // namespace omp2numa
