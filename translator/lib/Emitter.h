//===- Emitter.h - Apply the lowering's edits to the main file ------------===//
//
// Owns the clang::Rewriter.  Lowering asks it for the current text of ranges (with the edits of
// nested constructs already applied) and hands it replacements and file-scope definitions; the
// Emitter keeps `#line` markers so compiler messages and debuggers point at the user's file.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_EMITTER_H
#define OMP2NUMA_EMITTER_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <string>

namespace omp2numa {

/// Edits the main file and produces the translated text.
class Emitter {
public:
  /// MainFileName is the main file's name as the user spelled it, for #line markers.
  Emitter(clang::SourceManager &SM, const clang::LangOptions &LangOpts,
          std::string MainFileName);
  Emitter(const Emitter &) = delete;

  /// The current text of a file range, including edits made inside it.
  std::string text(clang::CharSourceRange Range) const;

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

  /// `#line N "file"` naming Loc's line, on a line of its own.
  std::string lineMarker(clang::SourceLocation Loc) const;

  /// Loc's file name as a C string literal (with quotes).
  std::string fileLiteral(clang::SourceLocation Loc) const;
  unsigned line(clang::SourceLocation Loc) const;

  /// Writes the translated main file: unchanged if nothing was edited, else with _OPENMP defined
  /// first and the runtime's ABI header included.
  void write(llvm::raw_ostream &OS) const;

private:
  clang::SourceManager &SM;
  const clang::LangOptions &LangOpts;
  clang::Rewriter Rewrite;
  std::string MainFileName;
  bool Edited = false;
  bool AbiIncluded = false; /// includeAbiBeforeLineOf placed the ABI header
  /// Edited parts of the main file, as [begin, end) offsets of the original text (an insertion is
  /// an empty range).  Replacements nest or are disjoint, so begins identify them.
  std::map<unsigned, unsigned> Edits;

  void noteEdit(clang::SourceLocation Begin, clang::SourceLocation End);
  bool editedWithin(clang::CharSourceRange Range) const;
};

} // namespace omp2numa

#endif
