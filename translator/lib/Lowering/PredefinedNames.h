//===- PredefinedNames.h - __func__ in outlined regions -------------------===//
//
// An outlined region is another function: in it, __func__ and its GNU forms (__FUNCTION__,
// __PRETTY_FUNCTION__) would name it (`__o2n_region_12`), where gcc's outlined code names the
// function the construct is in, as programs expect (assert's messages, traces).  Each is also
// one object: C declares __func__ as if by `static const char __func__[] = "f";` at the top of
// the function's body, so `&__func__[0]` is the same pointer in the function and in its regions
// (Mercurium's test success_parallel_task_02.c asserts it of __PRETTY_FUNCTION__; gcc's build
// passes).  In gcc the three are three arrays, in C all of the plain name.
//
// So a function whose regions use one of the names gets an array for each name it uses,
// declared before it, and the names are macros for those arrays over the function's text and
// around each outlined definition:
//
//     static const char __o2n_func__f[] = "f";
//     #define __func__ __o2n_func__f
//     void f(void) { ... }
//     #undef __func__
//
// (Clang's own __PRETTY_FUNCTION__ would be the signature; such a function's is gcc's.)
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_PREDEFINEDNAMES_H
#define OMP2NUMA_LOWERING_PREDEFINEDNAMES_H

#include "LoweringContext.h"
#include <string>
#include <utility>

namespace omp2numa {

/// The lines to write before and after C's outlined function (#define and #undef of the names
/// its function uses, as that function's arrays); both empty when C's body uses none.  The
/// first call for a function declares the arrays before it and brackets its text the same way.
std::pair<std::string, std::string> predefinedNamesAround(LoweringContext &L, const Construct *C);

} // namespace omp2numa

#endif
