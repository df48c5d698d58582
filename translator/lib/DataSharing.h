//===- DataSharing.h - Data environments of constructs --------------------===//
//
// Decides how each variable is seen inside each construct:
//  - privatised by a construct's clauses (a local declared by the lowering, same name);
//  - captured by an outlined region (parallel): by value when the region only reads a scalar whose
//    address is never taken, as an alias pointer for an array that only decays, by copy-in/copy-out
//    when it writes such a scalar (the value in the context struct, which the team shares, copied
//    back after the region, as gcc does), otherwise by reference (a pointer with the variable's
//    name, each use rewritten to `(*name)`);
//  - captured by a task (task, taskloop) by OpenMP's rules for tasks: by value (an array's value
//    too) when firstprivate, which is the default for variables private where the task is
//    created; by reference (or alias) when shared;
//  - captured by a target region as by a task, shared or firstprivate by the target's rules
//    (sharedInTarget);
//  - untouched (globals, and variables declared inside the construct).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_DATASHARING_H
#define OMP2NUMA_DATASHARING_H

#include "Binder.h"
#include "Diag.h"
#include "clang/AST/Expr.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace omp2numa {

class MacroExpansion;

enum class CaptureKind {
  ByValue,    ///< a copy of a scalar the region only reads
  ArrayAlias, ///< a pointer to the first element of an array that only decays in the region
  ByRef,      ///< a pointer; every use becomes (*name)
  CopyInOut,  ///< a region's written scalar: its value in the context, which the team shares,
              ///< copied back after the region; reached as ByRef, through a pointer to it
  ArrayCopy,  ///< a task's firstprivate array: its value, copied into the task's block
};

struct Capture {
  const clang::VarDecl *Var;
  CaptureKind Kind;
};

/// Where a privatised variable's private copy is declared.
enum class PrivateLevel { None, Region, Loop };

/// The data environments of all constructs of one file.
class DataSharing {
public:
  /// With WriteOut, a use that needs a rewrite and that a macro's definition spells, in an
  /// invocation WriteOut can write out, is noted (macroUses) instead of an error.
  DataSharing(const BoundFile &File, clang::ASTContext &Ctx, Diag &Diags,
              const MacroExpansion *WriteOut = nullptr);

  /// Variables the outlined construct C captures, in order of first use.
  const std::vector<Capture> &captures(const Construct *C) const;

  /// Local variables declared outside C that C or constructs in it privatise and that no use
  /// inside C reads from the original (outlined regions: not captured).  After lowering, nothing
  /// refers to these originals where they are declared.
  std::vector<const clang::VarDecl *> privatisedOriginals(const Construct *C) const;

  /// How C privatises V: in the outlined region's prologue, in the loop block, or not at all.
  PrivateLevel privateLevel(const Construct *C, const clang::VarDecl *V) const;

  /// Whether C's private copy of V is reached through a pointer to V's type, `(*V)`: the
  /// reduction of an array section or of a variable-length array, whose private elements are on
  /// the heap (so that sizeof and nested constructs still see V's type).
  static bool privateThroughPointer(const Construct *C, const clang::VarDecl *V);

  /// The C expression that designates V at a point directly inside construct From (null: outside
  /// every construct).  With InLoopHeader, From's loop-level privatisation is not yet in effect.
  std::string spell(const clang::VarDecl *V, const Construct *From, bool InLoopHeader = false) const;

  /// The rewrites of DeclRefExprs in construct bodies that spell() demands, by location.
  const std::vector<std::pair<clang::CharSourceRange, std::string>> &refRewrites() const {
    return RefRewrites;
  }

  /// The uses (macro locations) that need a rewrite and that macro definitions spell: the
  /// invocations they come from are to be written out and the file translated again.
  const std::vector<clang::SourceLocation> &macroUses() const { return MacroUses; }

  /// Whether C's private copy of V comes from an allocate clause's allocator, so that its name
  /// is a pointer to it (not a reduction's copy of an array section or variable-length array,
  /// whose name points into a buffer as the original's would: ReductionLowering).
  static bool isAllocatedCopy(const Construct *C, const clang::VarDecl *V);

  /// The loop variables of a loop construct (several with collapse), else none.
  static std::vector<const clang::VarDecl *> loopVariables(const Construct *C);

  /// Whether task T shares V (explicitly, or by the rules for variables referenced in a task
  /// without a clause: shared when shared where the task is created); false when T's copy is
  /// firstprivate.
  bool sharedInTask(const Construct *T, const clang::VarDecl *V) const;

  /// The address of the original of V, seen where construct C starts (for lastprivate and
  /// reduction results).
  std::string originalAddress(const Construct *C, const clang::VarDecl *V) const;

private:
  struct UseMap;

  const BoundFile &File;
  clang::ASTContext &Ctx;
  Diag &Diags;
  std::map<const Construct *, std::vector<Capture>> Captures;
  const MacroExpansion *WriteOut;
  std::vector<std::pair<clang::CharSourceRange, std::string>> RefRewrites;
  std::vector<clang::SourceLocation> MacroUses;
  /// The variables each function takes the address of (`&v`), found once per function: walking
  /// the function for each of its regions made a function with thousands of them quadratic.
  mutable std::map<const clang::FunctionDecl *, std::set<const clang::VarDecl *>> AddressTakenIn;
  const std::set<const clang::VarDecl *> &addressTaken(const clang::FunctionDecl *Function) const;

  /// Whether V names a private copy directly inside K.  In K's loop header only the loop variable
  /// is private yet: the bounds and the chunk are evaluated before the loop's private copies exist.
  bool privateIn(const Construct *K, const clang::VarDecl *V, bool InLoopHeader) const;

  /// Decides the captures of outlined construct C (after those of the regions nested in it).
  bool checkThreadprivateUses();
  bool checkLoopVariableClauses();
  bool checkConstItems();
  void analyze(const Construct *C);
  /// Whether region C captures V: a local of the function declared outside C, not threadprivate.
  bool isCapturable(const Construct *C, const clang::VarDecl *V) const;
  /// Whether a clause of a region captures the file-scope variable it names.
  bool isClauseCapturedGlobal(const ClauseVar &CV) const;
  /// References in C's body that reach the original (no construct in between privatises it).
  void collectDirectUses(const Construct *C, UseMap &Uses) const;
  /// Uses made by the clauses of C and of the constructs nested in C, and by nested regions.
  void collectNestedUses(const Construct *C, UseMap &Uses) const;
  /// Whether C or a construct between C and K (nested in C) privatises V.
  bool privatisedBetween(const Construct *C, const Construct *K, const clang::VarDecl *V) const;
  void collectClauseUses(const Construct *C, const Construct *K, UseMap &Uses) const;
  std::vector<Capture> chooseCaptures(const Construct *C, const UseMap &Uses) const;
  /// Whether region C, which captures V by reference, may instead share V's value in its
  /// context and copy it back after the region (V's address is never taken).
  bool copyInOut(const Construct *C, const clang::VarDecl *V) const;
  /// How task T captures V, which its body uses as Use (a UseKind); Copyable: only read, and
  /// its address is never taken.
  CaptureKind taskCapture(const Construct *T, const clang::VarDecl *V, int Use,
                          bool Copyable) const;
  /// Whether T may take the value of V, which it shares implicitly and only reads (as gcc).
  bool readOnlyForTasks(const Construct *T, const clang::VarDecl *V) const;
  /// Whether token Tok is in a depend clause of K (its list item's address is taken).
  static bool inDepend(const Construct *K, const PragmaToken *Tok);
  /// Whether target region T shares V (OpenMP's implicit and explicit maps, on the host where
  /// the device's variables are the originals): mapped (as a whole, or a part not reached
  /// through V's value) or in has_device_addr; else by defaultmap; else an aggregate is shared
  /// (map tofrom) and a scalar or pointer firstprivate.
  bool sharedInTarget(const Construct *T, const clang::VarDecl *V) const;
  /// Whether V, referenced in task T without a clause, is shared where T is created.
  bool sharedWhereCreated(const Construct *T, const clang::VarDecl *V) const;
  void collectRewrites(const Construct *C);
  void collectAllocatedRewrites();
  /// Rewrites the reference to V at Loc to Text.  In a macro body: a macro use to write out, or
  /// an error (Why it needs a rewrite).
  void addRewrite(const clang::VarDecl *V, clang::SourceLocation Loc, const std::string &Text,
                  llvm::StringRef Why, std::set<unsigned> &Done);
  /// V where its own declaration is in scope: `(*V)` for an automatic variable of an allocate
  /// directive (a pointer to its storage), else its name.
  std::string ownSpelling(const clang::VarDecl *V) const;

  /// For an assignment at Loc directly inside C to V, spelled Text: when it assigns the private
  /// copy of a `lastprivate(conditional: V)` of C or of a construct around it, Text becomes an
  /// lvalue that also notes the assignment (ReductionLowering).  Returns false after an error.
  bool noteConditionalAssignment(const Construct *C, const clang::VarDecl *V,
                                 clang::SourceLocation Loc, std::string &Text);
};

} // namespace omp2numa

#endif
