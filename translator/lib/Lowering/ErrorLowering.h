//===- ErrorLowering.h - error, nothing ------------------------------------===//
#ifndef OMP2NUMA_LOWERING_ERRORLOWERING_H
#define OMP2NUMA_LOWERING_ERRORLOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// `error [at(compilation | execution)] [severity(fatal | warning)] [message(msg)]`.  At
/// compilation (the default) a translation error (fatal, the default) or warning at the
/// directive, quoting the message, which must then be a string literal; the directive becomes a
/// comment.  At execution, a call that prints the message with the directive's site at run time
/// and, for fatal, stops the program (as libgomp's GOMP_error does).
bool lowerError(LoweringContext &L, const Construct *C);

} // namespace omp2numa

#endif
