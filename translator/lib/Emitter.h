//===- Emitter.h - Apply the lowering's edits and write the output -------===//
//
// Owns the clang::Rewriter.  Lowering asks it for the current text of ranges (with the edits of
// nested constructs already applied) and hands it replacements and file-scope definitions, in the
// main file and in the user files it includes; the Emitter keeps `#line` markers so compiler
// messages and debuggers point at the user's file and line.
//
// The output is the main file, with every included file that holds an edit (or includes one
// that does) written in place of its #include line, between `#line` markers: each inclusion is
// translated in its own context and no user file is changed in place (IncludeMap.h).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_EMITTER_H
#define OMP2NUMA_EMITTER_H

#include "IncludeMap.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <set>
#include <string>

namespace omp2numa {

/// Edits the user's files and produces the translated text.
class Emitter {
public:
  /// MainFileName is the main file's name as the user spelled it, for #line markers.
  Emitter(clang::SourceManager &SM, const clang::LangOptions &LangOpts,
          std::string MainFileName, const IncludeMap &Includes);
  Emitter(const Emitter &) = delete;

  /// The current text of a file range, including edits made inside it (and the text of included
  /// files with edits, written in place of their #include lines).
  std::string text(clang::CharSourceRange Range);

  /// Replaces one token (a variable's name) in place: no line marker.
  void replaceToken(clang::CharSourceRange Token, llvm::StringRef Text);

  /// Replaces a file range; Text is followed by a #line marker for what follows the range.
  void replace(clang::CharSourceRange Range, llvm::StringRef Text);

  /// Inserts Text at Loc (a declaration's start).
  void insertBefore(clang::SourceLocation Loc, llvm::StringRef Text);

  /// Inserts file-scope definitions after the token at Loc (a function's closing brace).
  void insertAfterToken(clang::SourceLocation Loc, llvm::StringRef Text);

  /// Inserts file-scope definitions before the line holding Loc (a function's start).
  void insertBeforeLineOf(clang::SourceLocation Loc, llvm::StringRef Text);

  /// Places the runtime's ABI header before the line holding Loc (the first function holding a
  /// construct), after the user's feature-test macros (_GNU_SOURCE and the like), which must
  /// precede the first system header; without Loc, or without edits, write() puts it first.
  void includeAbiBeforeLineOf(clang::SourceLocation Loc);

  /// How the user's files include each other.
  const IncludeMap &includes() const { return Includes; }

  /// `#line N "file"` naming Loc's line, on a line of its own.
  std::string lineMarker(clang::SourceLocation Loc) const;

  /// Loc's file name as a C string literal (with quotes).
  std::string fileLiteral(clang::SourceLocation Loc) const;
  unsigned line(clang::SourceLocation Loc) const;

  /// Writes the translated main file: unchanged if nothing was edited, else with _OPENMP defined
  /// first, the runtime's ABI header included, and the included files with edits in place.
  void write(llvm::raw_ostream &OS);

private:
  clang::SourceManager &SM;
  const clang::LangOptions &LangOpts;
  clang::Rewriter Rewrite;
  std::string MainFileName;
  const IncludeMap &Includes;
  bool Edited = false;
  bool AbiIncluded = false; /// includeAbiBeforeLineOf placed the ABI header
  /// Edited parts of the files, as [begin, end) source positions (raw encodings of file
  /// locations: ordered within a file, disjoint between files) of the original text (an
  /// insertion is an empty range).  Replacements nest or are disjoint, so begins identify them.
  std::map<unsigned, unsigned> Edits;
  std::set<clang::FileID> EditedFiles;
  std::set<clang::FileID> Inlined; ///< written in place of their #include already

  void noteEdit(clang::SourceLocation Begin, clang::SourceLocation End);
  bool editedWithin(clang::CharSourceRange Range) const;
  std::string rewrittenText(clang::CharSourceRange Range) const;
  bool needsInlining(clang::FileID File) const;
  void inlineWithin(clang::FileID File, unsigned Begin, unsigned End);
  void inlineFile(clang::FileID File, const IncludeDirective &Directive);
  void prepareInlined(clang::FileID File);
  void removeSkippedIncludes(clang::FileID File);
  std::string wholeText(clang::FileID File) const;
};

} // namespace omp2numa

#endif
