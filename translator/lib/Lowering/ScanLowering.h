//===- ScanLowering.h - reduction(inscan, op: list) and scan --------------===//
#ifndef OMP2NUMA_LOWERING_SCANLOWERING_H
#define OMP2NUMA_LOWERING_SCANLOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// The checks of inscan reductions and scan directives, as gcc makes them (the constructs that
/// take them, the clauses they exclude, plain reductions beside them but on parallel for, one
/// scan directly in the loop's body naming each list item); true if C is neither.
bool checkScan(LoweringContext &L, const Construct *C);

/// `#pragma omp scan inclusive(list)` / `exclusive(list)`: the boundary between the input and the
/// scan phase, a jump that each pass of its loop takes its own way (scanPasses).
Lowered lowerScanDirective(LoweringContext &L, const Construct *C);

/// The text around the loop that runs a thread's iterations [__o2n_lo, __o2n_hi) of an inscan
/// loop C, in the order it is emitted.
struct ScanPasses {
  std::string Before;         ///< per thread, before its block is known: running values, totals
  std::string Open;           ///< buffers; opens the two passes, with the prefix before the second
  std::string IterationOpen;  ///< after the index mapping: the list items' values, the jump
  std::string IterationClose; ///< after the body: the input phase's contribution kept
  std::string Close;          ///< closes the passes; the totals for the reduction; buffers freed
};

/// The two passes of gcc's lowering: the first runs the input phase of every iteration once,
/// each list item starting from the identity, and keeps the thread's running value after (an
/// inclusive scan) or before (exclusive) it, iteration by iteration; between them the threads'
/// totals are combined into each thread's prefix, from the original's value on, as gcc does
/// (__omp2numa_scan_prefix; Serial: a simd loop run by one thread, without it); the second runs
/// the scan phase with the list item set to the prefix combined with the kept value.
std::optional<ScanPasses> scanPasses(LoweringContext &L, const Construct *C, bool Serial);

} // namespace omp2numa

#endif
