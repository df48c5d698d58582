//===- Metadirective.h - metadirective: the directive its context selects -===//
//
// `#pragma omp metadirective when(selector: variant) ... default(variant)` (OpenMP 5.0; 5.2
// spells default `otherwise`) stands for one of its directive variants, chosen once, on the host,
// before the directive is parsed:
//
//   - a when clause applies if every trait of its selector holds on the host, as for declare
//     variant (Variants.h: device kind and arch, vendor gnu, integer conditions; the device and
//     target_device sets alike, the host being both);
//   - of those that apply, the one of the highest score wins: 1 plus, for each trait, its
//     score(n), or 1 for device kind and 2 for arch (OpenMP 5.0 2.3.3 with no enclosing
//     construct counted), the first written on a tie;
//   - with none, the default variant; an empty variant, or none at all, is `nothing`.
//
// Construct selectors and conditions that are not constants (OpenMP 5.1's dynamic selection) are
// errors that say so, as is a metadirective that is a variant of another.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_METADIRECTIVE_H
#define OMP2NUMA_METADIRECTIVE_H

#include "Diag.h"
#include "PragmaCapture.h"
#include "llvm/TargetParser/Triple.h"
#include <optional>

namespace omp2numa {

/// P itself, or, for a metadirective, a pragma of the variant chosen for a program compiled for
/// Target (at P's place); nothing after reporting an error.
std::optional<CapturedPragma> resolveMetadirective(const CapturedPragma &P,
                                                   const llvm::Triple &Target, Diag &Diags);

} // namespace omp2numa

#endif
