//===- SimdLowering.h - simd loops: the hint and linear variables ----------===//
//
// The worksharing part of `for simd` and `parallel for simd` is lowered as `for` and
// `parallel for` are (LoopLowering); a `simd` loop alone runs every iteration on the encountering
// thread, in the same normalised form.  Vectorisation is the back-end compiler's: the loop that
// runs the iterations keeps a `#pragma omp simd` with the clauses that still apply there, which gcc
// and clang honour under -fopenmp-simd (omp2numa-cc passes it) and ignore without it:
//
//   #pragma GCC diagnostic push
//   #pragma GCC diagnostic ignored "-Wunknown-pragmas"     (no warning without -fopenmp-simd)
//   #pragma omp simd safelen(8) reduction(+: sum) lastprivate(x)
//       for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) { ... }
//   #pragma GCC diagnostic pop
//
// The emitted code never depends on the hint: private copies, lastprivate, linear and reductions
// are done by the emitted code itself, so the result is the same with and without it.
//
// linear(j: s) (on simd and on for): j is private to the loop; at logical iteration k it starts
// as j0 + k * s (j0: the original's value before the loop), and the original gets the value the
// last iteration leaves in it (clang's and the specification's reading).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_SIMDLOWERING_H
#define OMP2NUMA_LOWERING_SIMDLOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// The lines around the loop that runs a simd construct's iterations; both empty when C is not
/// a simd construct.
struct SimdHint {
  std::string Open;  ///< diagnostic push, the `#pragma omp simd ...` line
  std::string Close; ///< diagnostic pop
};

/// The hint for C's innermost loop, whose loop variable is `__o2n_k`.  LoopVars are the loop
/// variables declared before the loop (assigned in each iteration: private to a lane).
SimdHint simdHint(LoweringContext &L, const Construct *C,
                  const std::vector<const clang::VarDecl *> &LoopVars);

/// Checks the simd clauses that the parser cannot (simdlen against safelen).
bool checkSimdClauses(LoweringContext &L, const Construct *C);

/// The code for the linear clauses of loop construct C (its loop variables excepted: they are
/// handled as lastprivate).
struct LinearCode {
  std::string Before;       ///< start values, steps and original addresses, before the copies
  std::string Copies;       ///< the private variables
  std::string PerIteration; ///< at the start of each iteration (logical iteration __o2n_k)
  std::string CopyBack;     ///< the last iteration's value to the original
};

/// Nothing after an error (a linear variable that is not an integer or a pointer).
std::optional<LinearCode> linearCode(LoweringContext &L, const Construct *C,
                                     const std::vector<const clang::VarDecl *> &LoopVars);

/// One variable of a linear clause of C: its type (unqualified) and its step's text.
struct LinearItem {
  const ClauseVar *CV;
  clang::QualType Type;
  std::string Step;
};

/// The variables of C's linear clauses but LoopVars, each checked (a modifiable integer or
/// pointer, and none on a distribute loop: else a located error and nothing), with steps spelled
/// for evaluation inside StepScope.
std::optional<std::vector<LinearItem>>
linearItems(LoweringContext &L, const Construct *C,
            const std::vector<const clang::VarDecl *> &LoopVars, const Construct *StepScope,
            bool InLoopHeader);

/// Item's value at logical iteration __o2n_k: Start + __o2n_k * StepName (uint64_t), in its type.
std::string linearValueAt(LoweringContext &L, const LinearItem &Item, const std::string &Start,
                          const std::string &StepName);

} // namespace omp2numa

#endif
