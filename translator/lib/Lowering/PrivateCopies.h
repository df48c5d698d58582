//===- PrivateCopies.h - private, firstprivate, lastprivate in a block ----===//
//
// A worksharing construct (for, sections, single, and the worksharing part of the combined
// constructs) declares its private copies in a block of its own, hiding the originals by name:
//
//   { double *const __o2n_last_x = &x;          Before: addresses and values of the originals
//     const int __o2n_first_n = n;
//     double x = {0};  int n = __o2n_first_n;   Copies
//     ... if (__o2n_hi == n && __o2n_lo < __o2n_hi) { *__o2n_last_x = x; }
//                                               CopyBack, by the thread that ran the last
//                                               iteration or section, right after it
//     __omp2numa_private_free(y); }             Frees: copies an allocate clause names
//                                               (AllocateLowering.h)
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_PRIVATECOPIES_H
#define OMP2NUMA_LOWERING_PRIVATECOPIES_H

#include "LoweringContext.h"
#include "ReductionLowering.h"

namespace omp2numa {

/// The private copies a worksharing construct makes in its own block.
struct PrivateCode {
  std::string Before;   ///< values and addresses taken before the copies hide the originals
  std::string Copies;   ///< the private copies
  std::string CopyBack; ///< lastprivate: copy the last values out (run by the last thread)
  std::string Frees;    ///< the allocate clause's copies, freed at the end of the block
  /// A variable is both firstprivate and lastprivate: every thread must have copied the original
  /// before the last iteration's thread writes it back, so a barrier follows the copies (as in
  /// GCC).
  bool BarrierAfterCopies = false;
  std::string copiesAndBarrier() const {
    return Copies + (BarrierAfterCopies ? "  __omp2numa_barrier();\n" : "");
  }
};

/// The private copies C makes in its block (not its loop variables: the loop declares those);
/// nothing after an error.
std::optional<PrivateCode> privateCopies(LoweringContext &L, const Construct *C);

/// lastprivate: the copy back, run right after the chunk that holds the last of Count
/// iterations (or sections).  Right after, not at the end: a thread that ran it may go on with
/// earlier iterations (stolen, or of a nonmonotonic schedule), which would change its copies.
std::string copyBackAfterLastChunk(const std::string &CopyBack, const std::string &Count);

/// The data environment of a worksharing block: private copies and reductions.
struct WorksharingData {
  PrivateCode Private;
  ReductionCode Reductions;
};

/// privateCopies() and the reductions of C's block; the reductions' file-scope definitions are
/// emitted before C's function.
std::optional<WorksharingData> worksharingData(LoweringContext &L, const Construct *C);

} // namespace omp2numa

#endif
