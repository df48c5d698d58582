//===- LoweringContext.h - What every construct's lowering uses -----------===//
//
// Lowering turns each bound construct into C that calls libomp2numa (omp2numa-abi.h), innermost
// first, so an outer construct moves the already-lowered text of its body.  The lowering of each
// construct family lives in its own file (Lowering.h lists them); all of them work through this
// context: the bound file, its data environments, the AST, the emitter and the diagnostics, and
// the helpers that spell text, names and types.
//
// Errors: a lowering reports through Diags and returns no text (Lowered is std::nullopt); it
// never returns a placeholder.  The driver stops lowering at the first error.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_LOWERINGCONTEXT_H
#define OMP2NUMA_LOWERING_LOWERINGCONTEXT_H

#include "../Binder.h"
#include "../DataSharing.h"
#include "../Diag.h"
#include "../Emitter.h"
#include "MacroDirectives.h"
#include "TypeSpelling.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/Preprocessor.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace omp2numa {

/// The C text a construct lowers to; nothing after an error was reported.
using Lowered = std::optional<std::string>;

/// `A | B | C` for the flag constants of an emitted call; `0` for none.
std::string joinFlags(const std::vector<std::string> &Flags);

class LoweringContext {
public:
  LoweringContext(const BoundFile &File, const DataSharing &Sharing, clang::ASTContext &Ctx,
                  Emitter &Out, Diag &Diags, const clang::Preprocessor *PP = nullptr)
      : File(File), Sharing(Sharing), Ctx(Ctx), Out(Out), Diags(Diags), Types(Ctx), PP(PP),
        Macros(PP) {}
  LoweringContext(const LoweringContext &) = delete;

  const BoundFile &File;
  const DataSharing &Sharing;
  clang::ASTContext &Ctx;
  Emitter &Out;
  Diag &Diags;
  TypeSpelling Types;
  /// The preprocessor that read the file, with its macro history (MacroState.h); null in tools
  /// that lower without one.
  const clang::Preprocessor *PP;
  /// PP's #define and #undef directives by position (MacroState.h).
  const MacroDirectives Macros;
  /// Variables a threadprivate directive has made _Thread_local: each is changed once, however
  /// many directives name it (block-scope statics among them have moved to file scope).
  std::vector<const clang::VarDecl *> ThreadLocalVars;
  /// The lines of conditionals resolved as the preprocessor resolved them (Lowering.cpp): they
  /// are comments or empty in the output.
  std::set<std::pair<clang::FileID, unsigned>> ResolvedLines;
  /// Where _Thread_local was inserted: once per declaration, however many variables it declares.
  std::vector<clang::SourceLocation> ThreadLocalDecls;
  /// The names that functions' typedefs, tags and enumerators have at file scope for outlined
  /// code (LocalTypes.h), tags as `tag <name>`: each means one declaration there.
  std::map<std::string, const clang::NamedDecl *> FileScopeNames;
  /// The functions' declarations of types moved to file scope (LocalTypes.h).
  std::set<const clang::DeclStmt *> MovedDeclarations;
  /// Functions whose __func__ and GNU forms are arrays declared before them (PredefinedNames.h).
  std::set<const clang::FunctionDecl *> FunctionsNamingThemselves;
  /// Each function's gotos and switches, in the order of its text (StructureChecks.h).
  std::map<const clang::FunctionDecl *, std::vector<const clang::Stmt *>> FunctionJumps;

  /// `<line>` or `<line>_<n>`: unique per construct, for generated names.
  std::string uniqueSuffix(const Construct *C);
  /// `"file", line`: the construct's site, as the runtime's site structs start.
  std::string siteLocation(const Construct *C) const;
  /// `/* omp2numa: <What>#pragma omp ... */`: where a construct was.
  std::string pragmaComment(const Construct *C, llvm::StringRef What = "") const;

  /// The construct's body as written, from the end of its pragma line (so preprocessor lines and
  /// directives between the pragma and the statement come along; with WithGap false, from the
  /// statement or the first directive stacked on it), with a #line marker.
  Lowered bodyText(const Construct *C, bool WithGap = true);
  /// Where C's statement starts, or the first directive stacked on it (`parallel` then `for`).
  clang::SourceLocation statementBegin(const Construct *C) const;
  /// What lies between the pragma line and statementBegin() (preprocessor lines, comments).
  std::string gapText(const Construct *C) const;
  /// Whether the gap may move with an outlined body: its #if/#else/#endif lines balance.  When
  /// they do not (`#ifdef X` / `#pragma omp parallel for ...` / `#else` / another pragma /
  /// `#endif`), the gap stays where the construct was.
  bool gapMovesWithBody(const Construct *C) const;
  /// The current text of S (with its ';' if asked); nothing if a macro expansion holds it
  /// together with other code.
  Lowered sourceText(const clang::Stmt *S, bool WithSemicolon);
  /// Expression E of construct C as C text: its current source text, or, when a macro expansion
  /// holds it together with other code (a loop header from `#define FOR_ALL(i) for (...)`),
  /// printed from the AST with its variables spelled as inside C.
  Lowered expressionText(const clang::Expr *E, const Construct *C, bool InLoopHeader);
  /// A clause expression of Owner, spelled for evaluation directly inside Scope.
  std::string exprText(const Construct *Owner, const Construct *Scope, const ExprTokens &E,
                       bool InLoopHeader = false) const;
  /// The same for a clause expression that must be an integer (wantsIntegerExpr): converted to
  /// its own type through `% 1`, which makes the compiler check it, unless it is one number or
  /// variable, which the binder has checked.
  std::string integerText(const Construct *Owner, const Construct *Scope, const ExprTokens &E,
                          bool InLoopHeader = false) const;
  /// `(void)x;` for each original that only C names, so the compiler does not call it unused.
  std::string keepOriginals(const Construct *C) const;

  /// Decls (private copies in a worksharing block, named as the originals) between pragmas that
  /// silence -Wshadow for them alone: the region's capture of the original is a local of the same
  /// name, and gcc says nothing of its own private copies either.  Empty for empty Decls.
  static std::string withoutShadowWarnings(const std::string &Decls);
  /// Statement (one line) between pragmas that silence the compilers' warnings about reading an
  /// uninitialized variable: a region copies in the variables it copies out (Outliner), which it
  /// may write before it reads them, as gcc's outlining does without a word.  -Wpragmas and
  /// -Wunknown-warning-option keep each compiler quiet about the other's option.
  static std::string withoutUninitializedWarnings(const std::string &Statement);
  /// The pragmas before such a statement; WarningsBack after it.
  static std::string uninitializedWarningsOff();
  static constexpr const char *WarningsBack = "_Pragma(\"GCC diagnostic pop\")";

  /// Replaces the construct with Text, after the pragma as a comment.
  void replaceConstruct(const Construct *C, const std::string &Text);
  /// The same, for a lowering that rebuilt its statement: keeps what stood between pragma and
  /// statement.
  void replaceRebuilt(const Construct *C, const std::string &Text);
  /// Replaces the pragma line alone (stand-alone directives).
  void replacePragma(const Construct *C, const std::string &Text);
  /// Inserts file-scope declarations before the function holding C.
  void insertBeforeFunction(const Construct *C, const std::string &Text);

  /// `T *const` for a pointer to an original of type T through which results are written back
  /// (lastprivate, linear, atomic): a scalar keeps its qualifiers, so that a volatile one's
  /// address is not converted to a plain pointer (gcc's -Wdiscarded-qualifiers); an array is
  /// copied by bytes, through a pointer to its unqualified type.
  clang::QualType originalPointer(clang::QualType T) const;

  /// The address of V's original where construct C starts, for results written back
  /// (lastprivate, reduction, copyprivate); nothing, after an error, for a register variable
  /// named directly (no region's capture stands for it).
  Lowered originalAddress(const Construct *C, const clang::VarDecl *V,
                          clang::SourceLocation ClauseLoc);
  /// `&Spelled` for V spelled as Spelled.  A register scalar has no address: C then works on a
  /// shadow, copied in before C and out after it (the text of C is wrapped); without
  /// AllowShadow, or for a register array, nothing, after an error.
  Lowered addressOf(const Construct *C, const clang::VarDecl *V, const std::string &Spelled,
                    clang::SourceLocation ClauseLoc, bool AllowShadow = true);

  /// Reports an error if T names a type declared inside a function (outlined code cannot see it).
  bool checkFileScopeType(clang::QualType T, clang::SourceLocation Loc, llvm::StringRef What);
  /// Whether the #if/#else/#endif lines in Range (text that is moved) nest within it; reports an
  /// error at C otherwise.
  bool checkConditionalsNest(const Construct *C, clang::CharSourceRange Range);
  /// The same, without a report.
  bool conditionalsNest(clang::CharSourceRange Range) const;

private:
  /// Register variables' shadows around a construct (addressOf): declared and copied in, and
  /// copied out.
  struct Shadow {
    std::string In, Out;
  };
  std::map<const Construct *, Shadow> Shadows;
  /// Text, within the shadows of C's register variables if it has any.
  std::string withShadows(const Construct *C, const std::string &Text) const;
  std::map<unsigned, unsigned> NamesPerLine;
  std::map<const Construct *, std::string> Suffixes;
};

} // namespace omp2numa

#endif
