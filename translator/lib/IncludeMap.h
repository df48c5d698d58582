//===- IncludeMap.h - How the user's files include each other ------------===//
//
// Constructs are translated wherever the user wrote them: in the main file and in every user
// (non-system) file it includes.  The output is one file, the main file with each included file
// that holds an edit written in place of its #include line (see Emitter::inlineIncludes), so
// every inclusion of a header is translated in its own context (a .inc file included twice with
// other macros, a unity build's .c files) and nothing of the user's is modified in place.
//
// IncludeMap records, while Clang preprocesses, what that needs: for each file entered through
// an #include, the directive's line in the includer; includes that were skipped (include guard,
// #pragma once); the file each quoted #include resolved to; and `#pragma once` lines.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_INCLUDEMAP_H
#define OMP2NUMA_INCLUDEMAP_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"
#include <map>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
class SourceManager;
} // namespace clang

namespace omp2numa {

/// One `#include` line: from the `#` to the end of the line (the newline excluded).
struct IncludeDirective {
  clang::CharSourceRange Line;
  clang::CharSourceRange FileName; ///< `"a.h"` or `<a.h>`, as written
  bool Angled = false;
  std::string ResolvedPath;        ///< absolute path of the file it found; empty if none
  clang::FileID Entered;           ///< the file it entered; invalid if skipped or not found
};

/// The inclusions of one translation unit, recorded by the preprocessor callbacks.
class IncludeMap {
public:
  /// Installs the recording callbacks; call before the main file is read.
  void install(clang::Preprocessor &PP);

  /// Every #include of a user file, in the order the preprocessor met them.
  const std::vector<IncludeDirective> &directives() const { return Directives; }
  /// The #include that entered File; null for the main file and for files that no #include of a
  /// user file entered (a command line's -include, system headers' own includes).
  const IncludeDirective *directiveOf(clang::FileID File) const;
  /// Whether Loc's text can be translated: the main file, or a user file reached from it through
  /// #include lines of such files (its copy then stands in place of its #include).
  bool translated(clang::SourceLocation Loc) const;
  /// The `#pragma once` lines of File.
  std::vector<clang::CharSourceRange> pragmaOnceLines(clang::FileID File) const;

private:
  class Recorder;
  std::vector<IncludeDirective> Directives;
  std::map<clang::FileID, size_t> EnteredBy;
  std::vector<clang::CharSourceRange> PragmaOnce;
  const clang::SourceManager *SM = nullptr;
};

} // namespace omp2numa

#endif
