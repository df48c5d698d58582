//===- IncludeMap.cpp -----------------------------------------------------===//
#include "IncludeMap.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace omp2numa {

namespace {

/// From Loc to the end of its line, the newline excluded.
CharSourceRange restOfLine(const SourceManager &SM, SourceLocation Loc) {
  bool Invalid = false;
  const char *Begin = SM.getCharacterData(Loc, &Invalid);
  if (Invalid)
    return {};
  const char *End = Begin;
  while (*End && *End != '\n' && *End != '\r')
    End += End[0] == '\\' && End[1] == '\n' ? 2 : 1; // continuation lines belong to it
  return CharSourceRange::getCharRange(Loc, Loc.getLocWithOffset(End - Begin));
}

std::string absolutePath(OptionalFileEntryRef File) {
  if (!File)
    return "";
  llvm::StringRef Real = File->getFileEntry().tryGetRealPathName();
  if (!Real.empty())
    return Real.str();
  llvm::SmallString<256> Path(File->getName());
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/false);
  return std::string(Path);
}

} // namespace

class IncludeMap::Recorder : public PPCallbacks {
public:
  Recorder(IncludeMap &Map, const SourceManager &SM) : Map(Map), SM(SM) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &, StringRef, bool IsAngled,
                          CharSourceRange FilenameRange, OptionalFileEntryRef File, StringRef,
                          StringRef, const Module *, SrcMgr::CharacteristicKind) override {
    Pending = -1;
    if (HashLoc.isInvalid() || !HashLoc.isFileID() || SM.isInSystemHeader(HashLoc))
      return;
    IncludeDirective D;
    D.Line = restOfLine(SM, HashLoc);
    D.FileName = FilenameRange;
    D.Angled = IsAngled;
    D.ResolvedPath = absolutePath(File);
    Pending = static_cast<long>(Map.Directives.size());
    Map.Directives.push_back(std::move(D));
  }

  void FileChanged(SourceLocation Loc, FileChangeReason Reason, SrcMgr::CharacteristicKind,
                   FileID) override {
    if (Reason != EnterFile)
      return;
    if (Pending >= 0) {
      FileID Entered = SM.getFileID(Loc);
      Map.Directives[Pending].Entered = Entered;
      Map.EnteredBy[Entered] = static_cast<size_t>(Pending);
    }
    Pending = -1;
  }

  void FileSkipped(const FileEntryRef &, const Token &, SrcMgr::CharacteristicKind) override {
    Pending = -1;
  }

  void PragmaDirective(SourceLocation Loc, PragmaIntroducerKind Introducer) override {
    if (Introducer != PIK_HashPragma || !Loc.isFileID() || SM.isInSystemHeader(Loc))
      return;
    CharSourceRange Line = restOfLine(SM, Loc);
    llvm::StringRef Text = Lexer::getSourceText(Line, SM, LangOptions());
    Text = Text.drop_front(1).ltrim(); // '#'
    if (Text.consume_front("pragma") && Text.ltrim().rtrim() == "once")
      Map.PragmaOnce.push_back(Line);
  }

private:
  IncludeMap &Map;
  const SourceManager &SM;
  long Pending = -1; ///< the directive whose file is entered next
};

void IncludeMap::install(Preprocessor &PP) {
  SM = &PP.getSourceManager();
  PP.addPPCallbacks(std::make_unique<Recorder>(*this, *SM));
}

const IncludeDirective *IncludeMap::directiveOf(FileID File) const {
  auto It = EnteredBy.find(File);
  return It == EnteredBy.end() ? nullptr : &Directives[It->second];
}

bool IncludeMap::translated(SourceLocation Loc) const {
  FileID File = SM->getFileID(SM->getExpansionLoc(Loc));
  while (File != SM->getMainFileID()) {
    const IncludeDirective *D = directiveOf(File);
    if (!D)
      return false; // a system header's own includes are not recorded
    File = SM->getFileID(D->Line.getBegin());
  }
  return true;
}

std::vector<CharSourceRange> IncludeMap::pragmaOnceLines(FileID File) const {
  std::vector<CharSourceRange> Lines;
  for (const CharSourceRange &R : PragmaOnce)
    if (SM->getFileID(R.getBegin()) == File)
      Lines.push_back(R);
  return Lines;
}

} // namespace omp2numa
