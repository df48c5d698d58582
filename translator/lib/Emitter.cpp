//===- Emitter.cpp --------------------------------------------------------===//
#include "Emitter.h"
#include "Config.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>
#include <iterator>

using namespace clang;

namespace omp2numa {

Emitter::Emitter(SourceManager &SM, const LangOptions &LangOpts, std::string MainFileName,
                 const IncludeMap &Includes)
    : SM(SM), LangOpts(LangOpts), Rewrite(SM, LangOpts), MainFileName(std::move(MainFileName)),
      Includes(Includes) {}

/// Loc's position among all files' text: ordered within a file, disjoint between files.
static unsigned position(const SourceManager &SM, SourceLocation Loc) {
  return SM.getExpansionLoc(Loc).getRawEncoding();
}

void Emitter::noteEdit(SourceLocation Begin, SourceLocation End) {
  unsigned &Known = Edits[position(SM, Begin)];
  Known = std::max(Known, position(SM, End));
  EditedFiles.insert(SM.getFileID(SM.getExpansionLoc(Begin)));
}

bool Emitter::editedWithin(CharSourceRange Range) const {
  unsigned B = position(SM, Range.getBegin());
  unsigned E = position(SM, Range.getEnd());
  auto Next = Edits.lower_bound(B);
  if (Next != Edits.end() && Next->first <= E)
    return true;
  return Next != Edits.begin() && std::prev(Next)->second > B;
}

std::string Emitter::text(CharSourceRange Range) {
  SourceLocation Begin = SM.getExpansionLoc(Range.getBegin());
  inlineWithin(SM.getFileID(Begin), position(SM, Begin), position(SM, Range.getEnd()));
  // Rewriter::getRewrittenText walks the buffer from the start of the file: only text that holds
  // an edit needs it, the rest is read from the original (keeps translation linear in file size).
  if (!editedWithin(Range))
    return Lexer::getSourceText(Range, SM, LangOpts).str();
  return rewrittenText(Range);
}

/// Rewriter::getRewrittenText, reading the buffer a piece at a time: it steps a character at a
/// time from the start of the file to the range (its comment: "yay for linear time
/// algorithms"), so a file with thousands of nested constructs took time quadratic in its size
/// (8,000 functions: 18 s, nearly all there).  The offsets are the same: getRangeSize from the
/// file's start measures the text before each end with the inserts the Rewriter counts there
/// (none at the range's start, all at its end).
std::string Emitter::rewrittenText(CharSourceRange Range) const {
  SourceLocation Begin = SM.getExpansionLoc(Range.getBegin());
  SourceLocation End = SM.getExpansionLoc(Range.getEnd());
  FileID File = SM.getFileID(Begin);
  const RewriteBuffer *Buffer = Rewrite.getRewriteBufferFor(File);
  if (!Buffer || SM.getFileID(End) != File)
    return Rewrite.getRewrittenText(Range);
  SourceLocation FileStart = SM.getLocForStartOfFile(File);
  Rewriter::RewriteOptions BeforeInserts;
  BeforeInserts.IncludeInsertsAtEndOfRange = false;
  const int From =
      Rewrite.getRangeSize(CharSourceRange::getCharRange(FileStart, Begin), BeforeInserts);
  int To = Rewrite.getRangeSize(CharSourceRange::getCharRange(FileStart, End));
  if (From < 0 || To < From)
    return Rewrite.getRewrittenText(Range);
  if (Range.isTokenRange())
    To += Lexer::MeasureTokenLength(End, SM, LangOpts);
  std::string Text;
  Text.reserve(To - From);
  unsigned Pos = 0;
  for (auto It = Buffer->begin(), Last = Buffer->end(); It != Last && Pos < unsigned(To);
       It.MoveToNextPiece()) {
    llvm::StringRef Piece = It.piece();
    const unsigned PieceEnd = Pos + Piece.size();
    if (PieceEnd > unsigned(From))
      Text.append(Piece.slice(Pos < unsigned(From) ? From - Pos : 0, To - Pos));
    Pos = PieceEnd;
  }
  return Text;
}

bool Emitter::needsInlining(FileID File) const {
  if (EditedFiles.count(File))
    return true;
  for (const IncludeDirective &D : Includes.directives())
    if (D.Entered.isValid() && SM.getFileID(D.Line.getBegin()) == File &&
        needsInlining(D.Entered))
      return true;
  return false;
}

void Emitter::inlineWithin(FileID File, unsigned Begin, unsigned End) {
  for (const IncludeDirective &D : Includes.directives())
    if (D.Entered.isValid() && !Inlined.count(D.Entered) &&
        SM.getFileID(D.Line.getBegin()) == File && position(SM, D.Line.getBegin()) >= Begin &&
        position(SM, D.Line.getEnd()) <= End && needsInlining(D.Entered))
      inlineFile(D.Entered, D);
}

/// Writes File's current text in place of the #include that entered it, between #line markers:
/// its own line numbers, then the includer's from the line after the #include.
void Emitter::inlineFile(FileID File, const IncludeDirective &Directive) {
  Inlined.insert(File);
  inlineWithin(File, position(SM, SM.getLocForStartOfFile(File)),
               position(SM, SM.getLocForEndOfFile(File)));
  prepareInlined(File);
  std::string Text =
      "\n#line 1 " + fileLiteral(SM.getLocForStartOfFile(File)) + "\n" + wholeText(File);
  if (Text.back() != '\n')
    Text += '\n';
  SourceLocation After = Directive.Line.getEnd();
  Text += "#line " + std::to_string(line(After) + 1) + " " + fileLiteral(After);
  noteEdit(Directive.Line.getBegin(), After);
  Rewrite.ReplaceText(Directive.Line, Text);
  Edited = true;
}

static std::string quoted(llvm::StringRef Text) {
  std::string Out = "\"";
  for (char Ch : Text) {
    if (Ch == '"' || Ch == '\\')
      Out += '\\';
    Out += Ch;
  }
  return Out + "\"";
}

/// What an included file's text needs once it stands in another file's place: its own
/// `#pragma once` goes (it would apply to the output), and its quoted #includes of files not
/// written in place name the file they found by its absolute path (the search would start from
/// the output's directory).
void Emitter::prepareInlined(FileID File) {
  for (const CharSourceRange &Once : Includes.pragmaOnceLines(File)) {
    noteEdit(Once.getBegin(), Once.getEnd());
    Rewrite.ReplaceText(Once, "/* omp2numa: " + Lexer::getSourceText(Once, SM, LangOpts).str() +
                                  ": this copy is included once */");
  }
  for (const IncludeDirective &D : Includes.directives()) {
    if (SM.getFileID(D.Line.getBegin()) != File || D.Angled || D.ResolvedPath.empty() ||
        (D.Entered.isValid() && Inlined.count(D.Entered)) || !D.FileName.getBegin().isFileID())
      continue;
    noteEdit(D.FileName.getBegin(), D.FileName.getEnd());
    Rewrite.ReplaceText(D.FileName, quoted(D.ResolvedPath));
  }
  removeSkippedIncludes(File);
}

/// An #include that the preprocessor skipped (include guard, #pragma once) of a file written in
/// place elsewhere includes nothing: it goes, so that the compiler does not include the
/// original (its #pragma once is gone from the copy).
void Emitter::removeSkippedIncludes(FileID File) {
  std::set<std::string> InlinedPaths;
  for (const IncludeDirective &D : Includes.directives())
    if (D.Entered.isValid() && Inlined.count(D.Entered))
      InlinedPaths.insert(D.ResolvedPath);
  for (const IncludeDirective &D : Includes.directives()) {
    if (D.Entered.isValid() || SM.getFileID(D.Line.getBegin()) != File ||
        !InlinedPaths.count(D.ResolvedPath))
      continue;
    noteEdit(D.Line.getBegin(), D.Line.getEnd());
    Rewrite.ReplaceText(D.Line, "/* omp2numa: " + Lexer::getSourceText(D.Line, SM, LangOpts).str() +
                                    ": included above */");
  }
}

std::string Emitter::wholeText(FileID File) const {
  const RewriteBuffer *Buffer = Rewrite.getRewriteBufferFor(File);
  if (!Buffer)
    return SM.getBufferData(File).str();
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  Buffer->write(OS);
  return OS.str();
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
  // The main file as the user spelled it; included files as the preprocessor found them; a
  // #line of the user's own keeps its name.
  if (SM.getFileID(Loc) == SM.getMainFileID() &&
      Name == SM.getFileEntryForID(SM.getMainFileID())->getName())
    Name = MainFileName;
  return quoted(Name);
}

std::string Emitter::lineMarker(SourceLocation Loc) const {
  return "#line " + std::to_string(line(Loc)) + " " + fileLiteral(Loc) + "\n";
}

void Emitter::write(llvm::raw_ostream &OS) {
  FileID Main = SM.getMainFileID();
  inlineWithin(Main, position(SM, SM.getLocForStartOfFile(Main)),
               position(SM, SM.getLocForEndOfFile(Main)));
  if (Edited)
    removeSkippedIncludes(Main);
  if (!Edited) {
    OS << SM.getBufferData(Main);
    return;
  }
  // The file was parsed with _OPENMP and _OMP2NUMA defined; it must be compiled the same way.
  OS << "/* Translated by omp2numa: OpenMP constructs lowered to calls of libomp2numa. */\n"
     << "#ifndef _OPENMP\n#define _OPENMP " OMP2NUMA_OPENMP_VERSION "\n#endif\n"
     << "#ifndef _OMP2NUMA\n#define _OMP2NUMA " OMP2NUMA_VERSION_NUMBER "\n#endif\n";
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
