//===- FirstTouch.h - Loops that place an array for other loops -----------===//
//
// The -Wfirst-touch advice (Advice.h).  Linux places a page on the NUMA node of the thread that
// first writes it, so the loop that initialises an array decides where every later loop finds
// its elements.  A function whose first loop over a large array runs on one thread, or shares the
// array out with another schedule than a later worksharing loop that uses it, makes that loop's
// threads read and write through other nodes' memory.
//
// Conservative by construction: both loops index the array by their own variable (`a[i]`,
// `a[i * n + j]`, `a[i][j]`, `a[i + 1]`, with i the loop's), the array is one declaration that the
// function first touches in the first loop (a file-scope or local array of 256 KiB or more or of
// variable length, or a local pointer the function sets only from allocation calls), and the two
// partitions are known to differ: a sequential first loop, static against another kind, static
// chunks of different sizes.  Loops with affinity(name), auto, runtime, genblock or indirect
// schedules are left alone, and so are two static loops over different bounds.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_FIRSTTOUCH_H
#define OMP2NUMA_FIRSTTOUCH_H

#include "DataSharing.h"

namespace omp2numa {

/// Warns at each worksharing loop that uses an array whose first loop in the function placed its
/// pages for another partition, with a note at that first loop.
void checkFirstTouch(const BoundFile &File, const DataSharing &Sharing, clang::ASTContext &Ctx,
                     Diag &Diags);

} // namespace omp2numa

#endif
