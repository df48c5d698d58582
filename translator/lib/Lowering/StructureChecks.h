//===- StructureChecks.h - What lowering requires of a construct's body ---===//
//
// Checks made before a construct is lowered: no jump leaves or enters its structured block, an
// outlined body uses no type declared in its function, and warnings for clauses that do nothing.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_STRUCTURECHECKS_H
#define OMP2NUMA_LOWERING_STRUCTURECHECKS_H

#include "LoweringContext.h"

namespace omp2numa {

/// Whether C's body holds a construct whose directive Match accepts, or a call (a called
/// function may hold one).
bool bodyMayRun(const Construct *C, llvm::function_ref<bool(const Directive &)> Match);

/// Reports return, break, continue and goto statements that leave C's structured block.
bool checkNoJumpsOut(LoweringContext &L, const Construct *C);

/// Reports goto statements and case labels that enter C's structured block from outside it.
bool checkNoJumpsIn(LoweringContext &L, const Construct *C);

/// Reports types, typedefs and enumerators declared in C's function outside C that C's body uses:
/// the outlined function at file scope cannot see them.
bool checkNoLocalDecls(LoweringContext &L, const Construct *C,
                       std::vector<const clang::TypedefNameDecl *> *Repeated = nullptr);

/// Warns about clauses that are accepted and do nothing.
void warnNoEffect(LoweringContext &L, const Construct *C);

} // namespace omp2numa

#endif
