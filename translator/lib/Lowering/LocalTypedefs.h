//===- LocalTypedefs.h - typedefs of a function, repeated at file scope ----===//
//
// An outlined region is a function at file scope, where a typedef declared inside the enclosing
// function is not visible.  Such a typedef is repeated before the function, as a file-scope
// typedef of the same type: C11 lets a typedef name be declared again for the same type, and
// the function's own declaration then hides the copy without changing any type.
//
//   /* omp2numa: typedef 'real' repeated here from 'f' */
//   typedef double real;
//
// A typedef is not repeated (the old error stands) when its type cannot be written at file
// scope: a struct, union or enum declared in the function, a variable-length array, typeof of
// an expression; or when its name means something else at file scope.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_LOCALTYPEDEFS_H
#define OMP2NUMA_LOWERING_LOCALTYPEDEFS_H

#include "LoweringContext.h"

namespace omp2numa {

/// Whether TD, declared inside a function, can be repeated at file scope (its type does not
/// need the function); Why says why not.
bool canRepeatTypedef(LoweringContext &L, const clang::TypedefNameDecl *TD, std::string &Why);

/// Repeats TD (and the function's typedefs its type names) before its function, once.  Call
/// after canRepeatTypedef().
void repeatTypedef(LoweringContext &L, const clang::TypedefNameDecl *TD);

} // namespace omp2numa

#endif
