//===- ConditionalMap.cpp -------------------------------------------------===//
#include "ConditionalMap.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include <map>

using namespace clang;

namespace omp2numa {

/// Conditionals nest, and the directives of a skipped branch reach no callback, so the
/// innermost open conditional is the top of a stack.
class ConditionalMap::Recorder : public PPCallbacks {
public:
  Recorder(ConditionalMap &Map, const SourceManager &SM) : Map(Map), SM(SM) {}

  void If(SourceLocation Loc, SourceRange, ConditionValueKind) override { open(Loc); }
  void Ifdef(SourceLocation Loc, const Token &, const MacroDefinition &) override { open(Loc); }
  void Ifndef(SourceLocation Loc, const Token &, const MacroDefinition &) override { open(Loc); }
  void Elif(SourceLocation Loc, SourceRange, ConditionValueKind, SourceLocation) override {
    add(Loc);
  }
  void Elifdef(SourceLocation Loc, const Token &, const MacroDefinition &) override { add(Loc); }
  void Elifdef(SourceLocation Loc, SourceRange, SourceLocation) override { add(Loc); }
  void Elifndef(SourceLocation Loc, const Token &, const MacroDefinition &) override { add(Loc); }
  void Elifndef(SourceLocation Loc, SourceRange, SourceLocation) override { add(Loc); }
  void Else(SourceLocation Loc, SourceLocation) override { add(Loc); }
  void Endif(SourceLocation Loc, SourceLocation) override {
    add(Loc);
    if (!Open.empty())
      Open.pop_back();
  }
  /// Called once the skipping ended, after the callback of the directive that ended it (an
  /// #endif has closed its conditional by then): the range begins on the line of the directive
  /// that began it, which identifies the conditional.
  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    auto It = ByLine.find(lineKey(Range.getBegin()));
    if (It != ByLine.end())
      Map.All[It->second].Skipped.push_back(Range);
  }

private:
  static constexpr size_t NotRecorded = ~size_t(0);
  ConditionalMap &Map;
  const SourceManager &SM;
  std::vector<size_t> Open; ///< indices into Map.All, innermost last
  std::map<std::pair<unsigned, unsigned>, size_t> ByLine; ///< (file, line) of a directive

  std::pair<unsigned, unsigned> lineKey(SourceLocation Loc) const {
    return {SM.getFileID(Loc).getHashValue(), SM.getSpellingLineNumber(Loc)};
  }

  void open(SourceLocation Loc) {
    // System headers' conditionals never move with a construct.
    if (Loc.isInvalid() || !Loc.isFileID() || SM.isInSystemHeader(Loc)) {
      Open.push_back(NotRecorded);
      return;
    }
    Open.push_back(Map.All.size());
    Map.All.push_back({{}, {}});
    add(Loc);
  }

  void add(SourceLocation Loc) {
    if (Open.empty() || Open.back() == NotRecorded)
      return;
    Map.All[Open.back()].DirectiveLines.push_back(Loc);
    ByLine[lineKey(Loc)] = Open.back();
  }
};

void ConditionalMap::install(Preprocessor &PP) {
  PP.addPPCallbacks(std::make_unique<Recorder>(*this, PP.getSourceManager()));
}

} // namespace omp2numa
