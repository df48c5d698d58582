//===- MacroState.h - Macros as they stand at an outlined construct -------===//
//
// An outlined function is emitted after the function its construct comes from.  A #define or
// #undef written between the construct's end and the function's end would apply to the moved
// body there, though the preprocessor read the body before it: a macro defined in the function
// and #undef'd before its closing brace would be undefined in the outlined body (translated C
// that does not compile), and a name #defined after the construct would change its meaning.
// Around the outlined function each such macro is saved (`#pragma push_macro`), set back to
// what it was at the construct, and restored after it (`#pragma pop_macro`); gcc and Clang take
// both pragmas.  Declarations moved before their function are bracketed the same way.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_MACROSTATE_H
#define OMP2NUMA_LOWERING_MACROSTATE_H

#include "LoweringContext.h"
#include <string>
#include <utility>

namespace omp2numa {

/// The lines to write before and after C's outlined function: for each macro that a directive
/// between C's end and its function's end defines or undefines, push_macro and its definition
/// at C (or #undef), then pop_macro.  Both empty when no such directive exists.
std::pair<std::string, std::string> macrosAsAtConstruct(const LoweringContext &L,
                                                         const Construct *C);

/// The same for text written elsewhere that was read at At: the macros that a directive
/// between From and To (in their file) names, set as they stood at At.
std::pair<std::string, std::string> macrosAsAt(const LoweringContext &L, clang::SourceLocation At,
                                               clang::SourceLocation From,
                                               clang::SourceLocation To);

/// The lines to write around a declaration of function Fn, read at At, that moves before Fn (a
/// local type, LocalTypes.h; a threadprivate static, ThreadprivateLowering.h): a macro that Fn
/// #defines or #undefs before the declaration is set as it stood at the declaration.
std::pair<std::string, std::string> macrosForMovedDeclaration(const LoweringContext &L,
                                                               const clang::FunctionDecl *Fn,
                                                               clang::SourceLocation At);

/// The definition of the object-like macro named Name that is in force at At, when it expands to
/// something else than Name itself (`#define counter (counter + 1)`, not glibc's
/// `#define stdout stdout`), else an invalid location.  Lowering writes a captured or private
/// variable's name where the construct stands and in its outlined function (declarations, the
/// context's members and designators), which such a macro would expand.
clang::SourceLocation macroOverName(const LoweringContext &L, llvm::StringRef Name,
                                    clang::SourceLocation At);

} // namespace omp2numa

#endif
