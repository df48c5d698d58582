//===- Variants.h - declare variant: which calls go to a variant ----------===//
//
// `#pragma omp declare variant(v) match(selector)` before a function declaration (the base)
// makes every call of the base whose context matches the selector call v instead.  The host is
// the device, as in gcc without an offload device, so most of a selector is decided here once:
//
//   device={kind(...)}       host, cpu and any hold; nohost, gpu and fpga do not
//   device={arch(...)}       the target's architecture holds (x86_64 and x86 on x86-64), others not
//   implementation={vendor}  gnu holds (the output is GNU C), other vendors and extension() not
//   user={condition(c)}      c an integer constant: it holds unless it is 0
//   construct={...}          target, teams, parallel, for and simd: the constructs around the call
//                            (the words of each directive, outermost first) must include them
//                            in that order
//
// Of the variants that match a call, the one of the highest OpenMP 5.0 score wins (2.3.3, as gcc
// computes it: score(n), else 2^(p-1) for a construct trait at position p of the call's
// constructs, 2^l for device kind and 2^(l+1) for arch with l constructs, 0 for other traits;
// plus 1; 0 for a selector that is a strict subset of another's).  A tie is an error, as are the
// traits decided elsewhere (isa, the requires traits, a condition that is not a constant).  The
// directives themselves are removed by lowering.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_VARIANTS_H
#define OMP2NUMA_VARIANTS_H

#include "Binder.h"
#include "Diag.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/TargetParser/Triple.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
}

namespace omp2numa {

/// The callee names to replace, each with its variant's name.  Reports errors through Diags.
std::vector<std::pair<clang::CharSourceRange, std::string>>
variantCalls(const BoundFile &File, clang::ASTContext &Ctx, Diag &Diags);

/// Whether T, a device, implementation or user trait, holds on the host (above), for a program
/// compiled for Target; nothing, after an error through Diags, for what the host cannot decide.
std::optional<bool> hostHolds(const SelectorTrait &T, const llvm::Triple &Target, Diag &Diags);

/// Whether T is of the device set or of OpenMP 5.1's target_device set (the host is both).
bool isDeviceSet(const SelectorTrait &T);

/// OpenMP 5.0's score of T, a trait other than a construct trait, without score(n), in a context
/// of Constructs enclosing constructs: 2^l for device kind, 2^(l+1) for arch, 0 for the others.
long implicitScore(const SelectorTrait &T, size_t Constructs);

} // namespace omp2numa

#endif
