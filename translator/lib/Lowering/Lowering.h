//===- Lowering.h - Lower bound constructs to runtime calls ---------------===//
//
// Turns each construct into C that calls libomp2numa (omp2numa-abi.h), innermost first, so an
// outer construct moves the already-lowered text of its body.  One file per construct family:
//   ParallelLowering.cpp  outlined regions (parallel, the parallel of parallel for)
//   LoopLowering.cpp      worksharing loops (for, the for of parallel for)
//   ReductionLowering.cpp private copies, combiners and the runtime's reduce call
//   Lowering.cpp          dispatch, barrier, shared helpers
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_H
#define OMP2NUMA_LOWERING_H

#include "../Binder.h"
#include "../DataSharing.h"
#include "../Diag.h"
#include "../Emitter.h"
#include "../LoopForm.h"
#include "clang/AST/ASTContext.h"
#include <map>
#include <string>

namespace omp2numa {

/// The code a reduction clause needs, for one construct.
struct ReductionCode {
  std::string Definitions; ///< file-scope structs and combiner
  std::string Targets;     ///< before the private copies: where results go
  std::string Privates;    ///< the private copies, initialised to the identity
  std::string Combine;     ///< at the end: hand the partials to the runtime
  bool empty() const { return Privates.empty(); }
};

/// The private copies a worksharing construct makes in its own block.
struct PrivateCode {
  std::string Before;   ///< values and addresses taken before the copies hide the originals
  std::string Copies;   ///< the private copies
  std::string CopyBack; ///< lastprivate: copy the last values out (run by the last thread)
};

/// Lowers the constructs of one file into an Emitter.
class Lowering {
public:
  Lowering(const BoundFile &File, const DataSharing &Sharing, clang::ASTContext &Ctx,
           Emitter &Out, Diag &Diags)
      : File(File), Sharing(Sharing), Ctx(Ctx), Out(Out), Diags(Diags) {}

  /// Lowers every construct; false if an error was reported.
  bool run();

private:
  const BoundFile &File;
  const DataSharing &Sharing;
  clang::ASTContext &Ctx;
  Emitter &Out;
  Diag &Diags;
  std::map<unsigned, unsigned> NamesPerLine;
  std::map<const Construct *, std::string> Suffixes;

  void lower(const Construct *C);

  // Lowering.cpp
  std::string uniqueSuffix(const Construct *C);
  std::string declare(clang::QualType T, llvm::StringRef Name);
  /// The run-time sizes of the variable-length dimensions of T (outermost first), computed from
  /// an expression X of type T with sizeof, so the variable's own sizes are used.
  std::vector<std::string> vlaDims(clang::QualType T, const std::string &X);
  /// Declares Name with a variably modified type T whose variable-length dimensions are Dims.
  std::string declareWithDims(clang::QualType T, llvm::StringRef Name,
                              llvm::ArrayRef<std::string> Dims);
  bool checkFileScopeType(clang::QualType T, clang::SourceLocation Loc, llvm::StringRef What);
  /// A clause expression of Owner, spelled for evaluation directly inside Scope.
  std::string exprText(const Construct *Owner, const Construct *Scope, const ExprTokens &E,
                       bool InLoopHeader = false);
  std::string sourceText(const clang::Stmt *S, bool WithSemicolon);
  std::string pragmaComment(const Construct *C, llvm::StringRef What = "");
  /// The construct's body as written, from the end of its pragma line (so preprocessor lines and
  /// directives between the pragma and the statement come along), with a #line marker.
  std::string bodyText(const Construct *C);
  /// What lies between the pragma line and the statement (preprocessor lines, comments).
  std::string gapText(const Construct *C);

  PrivateCode privateCopies(const Construct *C);
  /// The private copies and reductions of a worksharing construct; the reductions' file-scope
  /// definitions are emitted.  False after an error.
  bool worksharingData(const Construct *C, const std::string &Suffix, PrivateCode &Priv,
                       ReductionCode &Red);
  std::string keepOriginals(const Construct *C);
  bool checkNoJumpsOut(const Construct *C);
  /// Whether the #if/#else/#endif lines in Range (text that is moved) nest within it; reports an
  /// error at C otherwise.
  bool checkConditionalsNest(const Construct *C, clang::CharSourceRange Range);
  /// Warns about clauses that are accepted and do nothing.
  void warnNoEffect(const Construct *C);

  // ParallelLowering.cpp
  bool isThreadprivate(const clang::VarDecl *V) const;
  bool checkNoLocalDecls(const Construct *C);
  void lowerParallel(const Construct *C, const std::string &Body);

  // LoopLowering.cpp
  std::string lowerLoop(const Construct *C, bool Nowait);

  // WorksharingLowering.cpp
  std::string lowerSections(const Construct *C, bool Nowait);
  std::string lowerSingle(const Construct *C);

  // SyncLowering.cpp
  std::string lowerCritical(const Construct *C);
  std::string lowerMasked(const Construct *C);
  std::string lowerOrdered(const Construct *C);
  std::string lowerAtomic(const Construct *C);
  void lowerThreadprivate(const Construct *C);
  void hoistStaticLocal(const clang::VarDecl *V, clang::SourceLocation ClauseLoc);
  std::vector<std::pair<const clang::VarDecl *, const clang::FunctionDecl *>> Hoisted;

  // ReductionLowering.cpp
  ReductionCode lowerReductions(const Construct *C, PrivateLevel Level, const std::string &Suffix);
};

} // namespace omp2numa

#endif
