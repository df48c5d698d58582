//===- MacroExpansion.cpp -------------------------------------------------===//
#include "MacroExpansion.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include <algorithm>
#include <map>

using namespace clang;

namespace omp2numa {

namespace {

/// An invocation in the main file whose expansion holds pragmas: it ends at file offset End (it
/// starts at its key in Invocations).
struct Invocation {
  unsigned End;
  unsigned FirstLine, LastLine;
  std::vector<const CapturedPragma *> Pragmas; ///< in the order the preprocessor met them
};

std::string pragmaLine(const CapturedPragma &P) {
  std::string Line = "#pragma omp";
  for (const PragmaToken &T : P.Tokens)
    Line += " " + T.Spelling;
  return Line;
}

std::string lineDirective(unsigned Line, const std::string &DisplayName) {
  std::string Name;
  for (char C : DisplayName)
    Name += (C == '\\' || C == '"') ? std::string("\\") + C : std::string(1, C);
  return "\n#line " + std::to_string(Line) + " \"" + Name + "\"\n";
}

} // namespace

void MacroExpansion::install(Preprocessor &PP) {
  PP.setTokenWatcher([this, &PP](const Token &Tok) {
    const SourceLocation Loc = Tok.getLocation();
    if (!Loc.isMacroID() || Tok.is(tok::eof) || Tok.isAnnotation())
      return;
    const SourceManager &SM = PP.getSourceManager();
    const SourceLocation Begin = SM.getExpansionRange(Loc).getBegin();
    if (SM.getFileID(Begin) == SM.getMainFileID())
      Tokens.push_back({PP.getTokenCount(), SM.getFileOffset(Begin), PP.getSpelling(Tok)});
  });
}

bool MacroExpansion::holdsTokens(unsigned InvocationBegin) const {
  return std::any_of(Tokens.begin(), Tokens.end(), [&](const ExpandedToken &T) {
    return T.InvocationBegin == InvocationBegin;
  });
}

std::string MacroExpansion::expansionText(unsigned InvocationBegin, unsigned Line,
                                          const std::vector<const CapturedPragma *> &Pragmas,
                                          const std::string &DisplayName) const {
  // The tokens and pragmas in the order the preprocessor met them, all on the invocation's line:
  // each pragma on a line of its own, numbered as that line.
  const std::string Here = lineDirective(Line, DisplayName);
  std::string Text;
  auto Next = Pragmas.begin();
  for (const ExpandedToken &T : Tokens) {
    if (T.InvocationBegin != InvocationBegin)
      continue;
    for (; Next != Pragmas.end() && (*Next)->TokenIndex < T.Index; ++Next)
      Text += Here + pragmaLine(**Next) + Here;
    Text += T.Spelling + " ";
  }
  for (; Next != Pragmas.end(); ++Next)
    Text += Here + pragmaLine(**Next) + Here;
  return Text;
}

std::optional<std::string>
MacroExpansion::expandedMainFile(const std::vector<CapturedPragma> &Pragmas,
                                 const SourceManager &SM, const LangOptions &LangOpts,
                                 const std::string &DisplayName) const {
  std::map<unsigned, Invocation> Invocations; // by the file offset where each starts
  for (const CapturedPragma &P : Pragmas) {
    if (!P.Loc.isMacroID())
      continue;
    const CharSourceRange Range = SM.getExpansionRange(P.Loc);
    if (SM.getFileID(Range.getBegin()) != SM.getMainFileID())
      continue;
    const SourceLocation End = Range.isTokenRange()
                                   ? Lexer::getLocForEndOfToken(Range.getEnd(), 0, SM, LangOpts)
                                   : Range.getEnd();
    const unsigned Begin = SM.getFileOffset(Range.getBegin());
    Invocation &I = Invocations[Begin];
    I.End = SM.getFileOffset(End);
    I.FirstLine = SM.getPresumedLineNumber(Range.getBegin());
    I.LastLine = SM.getPresumedLineNumber(End);
    I.Pragmas.push_back(&P);
  }
  // An invocation that is only a pragma stays: the pragma's statement follows it in the file.
  for (auto I = Invocations.begin(); I != Invocations.end();)
    I = holdsTokens(I->first) ? std::next(I) : Invocations.erase(I);
  if (Invocations.empty())
    return std::nullopt;
  const llvm::StringRef Main = SM.getBufferData(SM.getMainFileID());
  std::string Out;
  unsigned Pos = 0;
  // The line after an expansion gets its number back once the line it ends on is over, so that
  // nothing comes between the expansion and the rest of its line (a statement's ';').
  std::optional<unsigned> Restore;
  const auto copyUpTo = [&](size_t End) {
    llvm::StringRef Text = Main.slice(Pos, End);
    const size_t Newline = Text.find('\n');
    if (Restore && Newline != llvm::StringRef::npos) {
      Out += Text.take_front(Newline).str() + lineDirective(*Restore, DisplayName);
      Text = Text.drop_front(Newline + 1);
      Restore.reset();
    }
    Out += Text.str();
    Pos = End;
  };
  for (const auto &[Begin, I] : Invocations) {
    copyUpTo(Begin);
    Out += expansionText(Begin, I.FirstLine, I.Pragmas, DisplayName);
    Pos = I.End;
    Restore = I.LastLine + 1;
  }
  copyUpTo(Main.size());
  return Out;
}

} // namespace omp2numa
