//===- LocalTypes.h - types of a function, made visible at file scope -----===//
//
// An outlined region is a function at file scope, where the types and enumerators declared
// inside the enclosing function are not visible.  Two ways make them visible, before the
// function:
//
// - A typedef is *repeated* there, as a file-scope typedef of the same type: C11 lets a typedef
//   name be declared again for the same type, and the function's own typedef then hides the copy
//   without changing any type.
//
//     /* omp2numa: typedef 'real' repeated here from 'f' */
//     typedef double real;
//
// - A declaration that declares types only (`enum { N = 100 };`, `struct point { double x, y; };`,
//   `typedef struct { int v[N]; } box;`) is *moved* there: a struct or enum declared twice would
//   be two different types, so the one declaration must serve both the function and the region.
//   A named type's definition declared with its variables moves alone (`struct pt { int x; } p;`
//   leaves `struct pt p;`).
//
//     /* omp2numa: moved here from 'f' */
//     enum { N = 100 };
//
// An unnamed struct declared with its variables is named first (`__o2n_struct_LINE_COL`).
// Neither applies (the error stands) when a type needs the function (a variable-length array,
// `typeof` of an expression, a local variable in a constant), when a declaration of variables
// does not begin with the type's definition or the type has attributes, or when a name it declares means something else at file
// scope or is given there to another local declaration.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_LOCALTYPES_H
#define OMP2NUMA_LOWERING_LOCALTYPES_H

#include "LoweringContext.h"

namespace omp2numa {

/// Makes D -- a typedef, struct, union, enum or enumerator declared inside a function --
/// visible at file scope before that function (repeated or moved, above), once.  False, with
/// Why saying why, when it cannot be.
bool makeVisibleAtFileScope(LoweringContext &L, const clang::NamedDecl *D, std::string &Why);

/// Before any construct is lowered: each local type, typedef or enumerator that the constructs
/// of its function may need at file scope, and whose name there would mean something else (a
/// declaration of the file, or another function's type of that name), is renamed
/// `__o2n_<name>_<line>_<col>` wherever its function names it.  One that a macro or a directive
/// names otherwise than in a clause expression keeps its name (makeVisibleAtFileScope then says
/// why it cannot be made visible).
void renameClashingLocalNames(LoweringContext &L);

} // namespace omp2numa

#endif
