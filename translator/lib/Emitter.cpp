//===- Emitter.cpp --------------------------------------------------------===//
#include "Emitter.h"
#include "Config.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>
#include <iterator>

using namespace clang;

namespace omp2numa {

Emitter::Emitter(SourceManager &SM, const LangOptions &LangOpts, std::string MainFileName)
    : SM(SM), LangOpts(LangOpts), Rewrite(SM, LangOpts), MainFileName(std::move(MainFileName)) {}

void Emitter::noteEdit(SourceLocation Begin, SourceLocation End) {
  unsigned B = SM.getFileOffset(SM.getExpansionLoc(Begin));
  unsigned E = SM.getFileOffset(SM.getExpansionLoc(End));
  unsigned &Known = Edits[B];
  Known = std::max(Known, E);
}

bool Emitter::editedWithin(CharSourceRange Range) const {
  unsigned B = SM.getFileOffset(SM.getExpansionLoc(Range.getBegin()));
  unsigned E = SM.getFileOffset(SM.getExpansionLoc(Range.getEnd()));
  auto Next = Edits.lower_bound(B);
  if (Next != Edits.end() && Next->first <= E)
    return true;
  return Next != Edits.begin() && std::prev(Next)->second > B;
}

std::string Emitter::text(CharSourceRange Range) const {
  // Rewriter::getRewrittenText walks the buffer from the start of the file: only text that holds
  // an edit needs it, the rest is read from the original (keeps translation linear in file size).
  if (!editedWithin(Range))
    return Lexer::getSourceText(Range, SM, LangOpts).str();
  return Rewrite.getRewrittenText(Range);
}

void Emitter::replaceToken(CharSourceRange Token, llvm::StringRef Text) {
  noteEdit(Token.getBegin(), Lexer::getLocForEndOfToken(Token.getEnd(), 0, SM, LangOpts));
  Rewrite.ReplaceText(Token, Text);
  Edited = true;
}

void Emitter::replace(CharSourceRange Range, llvm::StringRef Text) {
  // Text after Range on its last line keeps its column, so it reads as before.
  const char *Rest = SM.getCharacterData(Range.getEnd());
  bool RestIsBlank = true;
  for (; *Rest && *Rest != '\n' && RestIsBlank; ++Rest)
    RestIsBlank = *Rest == ' ' || *Rest == '\t' || *Rest == '\r';
  unsigned Column = SM.getExpansionColumnNumber(Range.getEnd());
  std::string Indent(RestIsBlank || Column < 2 ? 0 : Column - 1, ' ');
  noteEdit(Range.getBegin(), Range.getEnd());
  Rewrite.ReplaceText(Range, (Text + "\n" + lineMarker(Range.getEnd()) + Indent).str());
  Edited = true;
}

void Emitter::insertBefore(SourceLocation Loc, llvm::StringRef Text) {
  noteEdit(Loc, Loc);
  Rewrite.InsertTextBefore(Loc, Text);
  Edited = true;
}

void Emitter::insertAfterToken(SourceLocation Loc, llvm::StringRef Text) {
  SourceLocation End = Lexer::getLocForEndOfToken(SM.getExpansionLoc(Loc), 0, SM, LangOpts);
  noteEdit(End, End);
  Rewrite.InsertTextAfter(End, ("\n" + Text + lineMarker(End)).str());
  Edited = true;
}

void Emitter::insertBeforeLineOf(SourceLocation Loc, llvm::StringRef Text) {
  Loc = SM.getExpansionLoc(Loc);
  SourceLocation LineStart =
      SM.translateLineCol(SM.getFileID(Loc), SM.getExpansionLineNumber(Loc), 1);
  // After earlier insertions here: definitions come in the order they are made.
  noteEdit(LineStart, LineStart);
  Rewrite.InsertTextAfter(LineStart, (Text + lineMarker(LineStart)).str());
  Edited = true;
}

void Emitter::includeAbiBeforeLineOf(SourceLocation Loc) {
  if (!Edited || Loc.isInvalid())
    return;
  Loc = SM.getExpansionLoc(Loc);
  SourceLocation LineStart =
      SM.translateLineCol(SM.getFileID(Loc), SM.getExpansionLineNumber(Loc), 1);
  // Before the definitions that insertBeforeLineOf put at the same line: they use the ABI.
  noteEdit(LineStart, LineStart);
  Rewrite.InsertTextBefore(LineStart, "#include <omp2numa-abi.h>\n" + lineMarker(LineStart));
  AbiIncluded = true;
}

unsigned Emitter::line(SourceLocation Loc) const {
  return SM.getPresumedLoc(SM.getExpansionLoc(Loc)).getLine();
}

std::string Emitter::fileLiteral(SourceLocation Loc) const {
  Loc = SM.getExpansionLoc(Loc);
  llvm::StringRef Name = SM.getPresumedLoc(Loc).getFilename();
  // Constructs are lowered only in the main file; a #line of the user's own keeps its name.
  if (SM.getFileID(Loc) == SM.getMainFileID() && Name == SM.getFileEntryForID(SM.getMainFileID())->getName())
    Name = MainFileName;
  std::string Out = "\"";
  for (char Ch : Name) {
    if (Ch == '"' || Ch == '\\')
      Out += '\\';
    Out += Ch;
  }
  return Out + "\"";
}

std::string Emitter::lineMarker(SourceLocation Loc) const {
  return "#line " + std::to_string(line(Loc)) + " " + fileLiteral(Loc) + "\n";
}

void Emitter::write(llvm::raw_ostream &OS) const {
  FileID Main = SM.getMainFileID();
  if (!Edited) {
    OS << SM.getBufferData(Main);
    return;
  }
  // The file was parsed with _OPENMP defined; it must be compiled the same way.
  OS << "/* Translated by omp2numa: OpenMP constructs lowered to calls of libomp2numa. */\n"
     << "#ifndef _OPENMP\n#define _OPENMP " OMP2NUMA_OPENMP_VERSION "\n#endif\n";
  if (!AbiIncluded)
    OS << "#include <omp2numa-abi.h>\n";
  OS << lineMarker(SM.getLocForStartOfFile(Main));
  const RewriteBuffer *Buffer = Rewrite.getRewriteBufferFor(Main);
  if (Buffer)
    Buffer->write(OS);
  else
    OS << SM.getBufferData(Main);
}

} // namespace omp2numa
