//===- ClauseParser.h - Pragma tokens to the clause model ----------------===//
//
// Parses the tokens of one captured `#pragma omp` line into a Directive.  Knows the grammar and
// which clauses each directive allows; knows nothing of the AST.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_CLAUSEPARSER_H
#define OMP2NUMA_CLAUSEPARSER_H

#include "Diag.h"
#include "OmpModel.h"
#include "PragmaCapture.h"
#include <optional>

namespace omp2numa {

/// Returns the parsed directive, or nothing after reporting an error.
std::optional<Directive> parseDirective(const CapturedPragma &Pragma, Diag &Diags);

} // namespace omp2numa

#endif
