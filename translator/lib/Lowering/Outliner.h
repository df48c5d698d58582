//===- Outliner.h - A construct's body as a function at file scope --------===//
//
// Parallel regions and tasks both move their body into a function at file scope, which reaches
// the variables it captures through a context struct:
//
//   struct __o2n_ctx_12 { double *sum; int n; };            captured variables
//   static void <fn>(void *__o2n_data) {
//     struct __o2n_ctx_12 *const __o2n_ctx = ...;
//     double *const sum = __o2n_ctx->sum;  int n = __o2n_ctx->n;  <private copies>
//     <body>                                                uses of sum written (*sum)
//   }
//
// A parallel region passes the struct on the stack of the thread that waits for the team; a task
// fills a block the runtime allocates.  The callers write the code at the construct.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_OUTLINER_H
#define OMP2NUMA_LOWERING_OUTLINER_H

#include "LoweringContext.h"
#include "ReductionLowering.h"

namespace omp2numa {

/// The context struct and prologue of one outlined construct.
class Outliner {
public:
  Outliner(LoweringContext &L, const Construct *C);

  /// Captures and private copies; false after an error.
  bool addCaptures();
  /// No captured or privatised variable has the name of a macro in force at the construct;
  /// false after an error.
  bool checkNamesNotMacros();
  /// A member of the context struct, initialised to Value at the construct.
  void addMember(const std::string &Decl, const std::string &Name, const std::string &Value);
  /// Declares the function (and Definitions) before the enclosing function and defines it after,
  /// so that the body can call the function it came from.  Params follow `void *__o2n_data`.
  void emitFunction(const std::string &Fn, const std::string &Params,
                    const std::string &Definitions, const std::string &Body);

  /// `{.a = a, .n = n}`: the struct's initialiser; empty without members.
  std::string initialiser() const { return Init.empty() ? "" : "{" + Init + "}"; }
  bool empty() const { return Members.empty(); }

  /// Copies of arrays a task captures by value, filled after the struct at Base (`p->`): their
  /// values cannot be initialisers.  Variable-length ones go after the struct in the block, which
  /// extraBytes() enlarges.
  std::string copyArraysInto(const std::string &Base) const;
  std::string extraBytes() const;
  /// A taskloop's: the runtime copies the whole block (struct and arrays) for each task, so a
  /// variable-length array's member holds its offset from the block's start, at __o2n_block,
  /// not an address (see variableArrayAt).
  std::string copyArraysIntoBlock(const std::string &Base) const;

  const std::string Suffix, CtxType;
  std::string Prologue;  ///< the function's first statements
  /// The copies an allocate clause names, after the captures their allocator may read.
  std::string AllocatedCopies;
  std::string ShadowIn;  ///< before the construct: register variables' shadows
  std::string ShadowOut; ///< after it: the shadows copied back
  bool CopiesIn = false;  ///< whether the struct holds values copied out again (CopyInOut)
  std::string KeepTypedefs; ///< at the construct: uses of the function's typedefs the body uses

private:
  LoweringContext &L;
  const Construct *C;
  std::string Members, Init;
  /// Arrays copied by value: name, the original's spelling, and whether variable-length.
  struct ArrayValue {
    std::string Name, Original;
    bool Variable;
  };
  std::vector<ArrayValue> ArrayValues;

  std::vector<std::string> addDims(const clang::VarDecl *V);
  bool addCapture(const Capture &Cap);
  bool reducesIntoEnclosingOriginal(const clang::VarDecl *V) const;
  /// Whether the (task) construct makes V both firstprivate and lastprivate.
  bool firstAndLast(const clang::VarDecl *V) const;
  /// Whether Cap is a taskloop's copy of a variable-length array, whose member is an offset in
  /// the block (copyArraysIntoBlock).
  bool variableArrayAt(const Capture &Cap) const;
  bool addFirstValue(const clang::VarDecl *V);
  bool addRegisterShadow(const clang::VarDecl *V, std::string &InitValue);
  void addCaptureLocal(const Capture &Cap, clang::QualType MemberType,
                       const std::vector<std::string> &Dims,
                       const std::vector<std::string> &LocalDims);
  bool addPrivates();
};

} // namespace omp2numa

#endif
