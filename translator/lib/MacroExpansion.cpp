//===- MacroExpansion.cpp -------------------------------------------------===//
#include "MacroExpansion.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include <algorithm>
#include <map>

using namespace clang;

namespace omp2numa {

/// An invocation in the main file to write out: it ends at file offset End (it starts at its key
/// in a map of them).
struct MacroExpansion::Invocation {
  unsigned End;
  unsigned FirstLine, LastLine;
  std::vector<const CapturedPragma *> Pragmas; ///< in the order the preprocessor met them
};

namespace {

/// What preprocessing Tok again would do with it.  The preprocessor leaves a macro's name
/// unexpanded inside that macro's own expansion; read again, it expands (a function-like
/// macro's name, if '(' follows it), unless the macro expands to that name.
enum class Reread { Same, Expands, ExpandsBeforeParen };

Reread reread(const Token &Tok, Preprocessor &PP) {
  IdentifierInfo *II = Tok.getIdentifierInfo();
  const MacroInfo *MI = II && Tok.isExpandDisabled() ? PP.getMacroInfo(II) : nullptr;
  if (!MI || (MI->isObjectLike() && MI->getNumTokens() == 1 &&
              MI->getReplacementToken(0).getIdentifierInfo() == II))
    return Reread::Same;
  return MI->isFunctionLike() ? Reread::ExpandsBeforeParen : Reread::Expands;
}

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
    if (NameBeforeCall && Tok.is(tok::l_paren)) // from the expansion or from after it
      Unfaithful.insert(*NameBeforeCall);
    NameBeforeCall.reset();
    const SourceLocation Loc = Tok.getLocation();
    if (!Loc.isMacroID() || Tok.is(tok::eof) || Tok.isAnnotation())
      return;
    const SourceManager &SM = PP.getSourceManager();
    const SourceLocation Begin = SM.getExpansionRange(Loc).getBegin();
    if (SM.getFileID(Begin) != SM.getMainFileID())
      return;
    Tokens.push_back({PP.getTokenCount(), SM.getFileOffset(Begin), PP.getSpelling(Tok)});
    const Reread Again = reread(Tok, PP);
    if (Again == Reread::Expands)
      Unfaithful.insert(SM.getFileOffset(Begin));
    else if (Again == Reread::ExpandsBeforeParen)
      NameBeforeCall = SM.getFileOffset(Begin);
  });
}

bool MacroExpansion::canWriteOut(SourceLocation Loc, const SourceManager &SM) const {
  const SourceLocation Begin = SM.getExpansionRange(Loc).getBegin();
  return SM.getFileID(Begin) == SM.getMainFileID() &&
         !Unfaithful.count(SM.getFileOffset(Begin)) && holdsTokens(SM.getFileOffset(Begin));
}

std::optional<std::pair<unsigned, MacroExpansion::Invocation>>
MacroExpansion::invocationOf(SourceLocation Loc, const SourceManager &SM,
                             const LangOptions &LangOpts) {
  const CharSourceRange Range = SM.getExpansionRange(Loc);
  if (SM.getFileID(Range.getBegin()) != SM.getMainFileID())
    return std::nullopt;
  const SourceLocation End = Range.isTokenRange()
                                 ? Lexer::getLocForEndOfToken(Range.getEnd(), 0, SM, LangOpts)
                                 : Range.getEnd();
  Invocation I{SM.getFileOffset(End), SM.getPresumedLineNumber(Range.getBegin()),
               SM.getPresumedLineNumber(End), {}};
  return std::make_pair(SM.getFileOffset(Range.getBegin()), std::move(I));
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
  for (const CapturedPragma &P : Pragmas)
    if (P.Loc.isMacroID())
      if (auto Found = invocationOf(P.Loc, SM, LangOpts))
        Invocations.emplace(Found->first, std::move(Found->second))
            .first->second.Pragmas.push_back(&P);
  // An invocation that is only a pragma stays: the pragma's statement follows it in the file.
  for (auto I = Invocations.begin(); I != Invocations.end();)
    I = holdsTokens(I->first) ? std::next(I) : Invocations.erase(I);
  if (Invocations.empty())
    return std::nullopt;
  return writeOut(Invocations, SM, DisplayName);
}

std::string MacroExpansion::usesWrittenOut(const std::vector<SourceLocation> &Uses,
                                           const SourceManager &SM,
                                           const LangOptions &LangOpts) const {
  std::map<unsigned, Invocation> Invocations;
  for (SourceLocation Use : Uses)
    if (auto Found = invocationOf(Use, SM, LangOpts))
      Invocations.emplace(Found->first, std::move(Found->second));
  return writeOut(Invocations, SM, "");
}

std::string MacroExpansion::writeOut(const std::map<unsigned, Invocation> &Invocations,
                                     const SourceManager &SM,
                                     const std::string &DisplayName) const {
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
    // Without pragmas, no `#line` line is needed: the lines the invocation spanned stay, empty
    // (a `#line` line inside an expression that lowering moves would break it).
    if (I.Pragmas.empty())
      Out += std::string(Main.slice(Begin, I.End).count('\n'), '\n');
    else
      Restore = I.LastLine + 1;
  }
  copyUpTo(Main.size());
  return Out;
}

} // namespace omp2numa
