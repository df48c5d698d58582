//===- Variants.cpp - declare variant: which calls go to a variant --------===//
#include "Variants.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/TargetInfo.h"
#include <map>
#include <set>
#include <optional>

using namespace clang;

namespace omp2numa {

namespace {

/// One declare variant of a base function, with what the host decided of its selector.
struct Candidate {
  const Construct *Directive;
  const FunctionDecl *Variant;
  std::vector<std::string> Constructs; ///< its construct traits, in order
  bool HostHolds;                      ///< its device, implementation and user traits hold
  std::set<std::string> TraitKeys;     ///< each trait as written, for the subset rule

  const std::vector<SelectorTrait> &traits() const { return Directive->Dir.Variant.Traits; }
};

/// A trait as written: set, name and properties.
std::string traitKey(const SelectorTrait &T) {
  std::string Key = T.Set + "=" + T.Name;
  for (const ExprTokens &P : T.Properties)
    for (const PragmaToken &Tok : P.Tokens)
      Key += " " + Tok.Spelling;
  return Key;
}

/// The 1-based positions in Context of Wanted's words, in order, as late as they can be (the
/// highest-valued match, OpenMP 5.0 2.3.3); empty when Wanted is not a subsequence.
std::vector<size_t> latestPositions(const std::vector<std::string> &Wanted,
                                    const std::vector<std::string> &Context) {
  std::vector<size_t> Positions(Wanted.size());
  size_t End = Context.size();
  for (size_t W = Wanted.size(); W-- > 0;) {
    while (End > 0 && Context[End - 1] != Wanted[W])
      --End;
    if (End == 0)
      return {};
    Positions[W] = End--;
  }
  return Positions;
}

/// A property's one token, without the quotes of a string literal.
std::string propertyWord(const ExprTokens &P) {
  if (P.Tokens.size() != 1)
    return "";
  llvm::StringRef W = P.Tokens[0].Spelling;
  return (W.size() >= 2 && W.front() == '"' && W.back() == '"') ? W.drop_front().drop_back().str()
                                                                 : W.str();
}

/// The names the target's architecture goes by in device={arch(...)}, as in gcc.
bool isHostArch(llvm::StringRef Name, const llvm::Triple &Target) {
  if (Target.isX86())
    return Name == "x86" || Name == (Target.isArch64Bit() ? "x86_64" : "ia32");
  return Name == Target.getArchName();
}

std::optional<bool> propertyHolds(const SelectorTrait &T, const ExprTokens &P,
                                  const llvm::Triple &Target, Diag &Diags) {
  auto Reject = [&](const std::string &Message) -> std::optional<bool> {
    Diags.error(T.Loc, Message);
    return std::nullopt;
  };
  const std::string W = propertyWord(P);
  if (isDeviceSet(T) && T.Name == "kind" && !W.empty()) {
    if (W == "host" || W == "cpu" || W == "any")
      return true;
    if (W == "nohost" || W == "gpu" || W == "fpga")
      return false;
    return Reject("unknown device kind '" + W + "'");
  }
  if (isDeviceSet(T) && T.Name == "arch" && !W.empty())
    return isHostArch(W, Target);
  if (T.Set == "implementation" && T.Name == "vendor" && !W.empty())
    return W == "gnu";
  if (T.Set == "implementation" && T.Name == "extension")
    return false;
  if (T.Set == "user" && T.Name == "condition") {
    long long Value = 0;
    if (P.Tokens.size() == 1 && !llvm::StringRef(W).getAsInteger(0, Value))
      return Value != 0;
    return Reject("a 'condition' that is not an integer constant is not supported yet");
  }
  return Reject("the selector " + T.Set + "={" + T.Name + "(...)} is not supported yet");
}

} // namespace

bool isDeviceSet(const SelectorTrait &T) { return T.Set == "device" || T.Set == "target_device"; }

long implicitScore(const SelectorTrait &T, size_t Constructs) {
  if (isDeviceSet(T) && T.Name == "kind")
    return 1L << Constructs;
  if (isDeviceSet(T) && T.Name == "arch")
    return 1L << (Constructs + 1);
  return 0;
}

std::optional<bool> hostHolds(const SelectorTrait &T, const llvm::Triple &Target, Diag &Diags) {
  if (T.Properties.empty() && T.Set != "implementation") {
    Diags.error(T.Loc, "the '" + T.Name + "' selector needs properties in parentheses");
    return std::nullopt;
  }
  bool All = true;
  for (const ExprTokens &P : T.Properties) {
    std::optional<bool> Holds = propertyHolds(T, P, Target, Diags);
    if (!Holds)
      return std::nullopt;
    All = All && *Holds;
  }
  return All;
}

namespace {

class VariantResolver : public RecursiveASTVisitor<VariantResolver> {
public:
  VariantResolver(const BoundFile &File, ASTContext &Ctx, Diag &Diags)
      : File(File), Ctx(Ctx), SM(Ctx.getSourceManager()), Diags(Diags) {}

  std::vector<std::pair<CharSourceRange, std::string>> run() {
    for (const auto &C : File.All)
      if (C->Dir.Kind == DirectiveKind::DeclareVariant)
        addCandidate(*C);
    if (!Bases.empty() && !Diags.hasErrors())
      TraverseDecl(Ctx.getTranslationUnitDecl());
    return std::move(Calls);
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    auto Found = Callee ? Bases.find(Callee->getCanonicalDecl()) : Bases.end();
    const auto *Ref = dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
    if (Found == Bases.end() || !Ref || SM.isInSystemHeader(SM.getExpansionLoc(Ref->getLocation())))
      return true;
    const Candidate *Chosen = choose(Found->second, Ref);
    if (!Chosen)
      return true;
    if (Ref->getLocation().isMacroID()) {
      Diags.error(SM.getExpansionLoc(Ref->getLocation()),
                  "this call of '" + Callee->getName().str() + "' goes to its variant '" +
                      Chosen->Variant->getName().str() + "', but its name comes from a macro; "
                      "omp2numa cannot replace it there");
      return true;
    }
    Calls.push_back({CharSourceRange::getTokenRange(Ref->getLocation()),
                     Chosen->Variant->getName().str()});
    return true;
  }

private:
  const BoundFile &File;
  ASTContext &Ctx;
  const SourceManager &SM;
  Diag &Diags;
  std::map<const FunctionDecl *, std::vector<Candidate>> Bases;
  std::vector<std::pair<CharSourceRange, std::string>> Calls;

  void addCandidate(const Construct &C) {
    const DeclaredVariant &V = C.Dir.Variant;
    const FunctionDecl *Base = functionAfter(C.PragmaRange.getEnd());
    if (!Base) {
      Diags.error(C.Dir.NameLoc, "'#pragma omp declare variant' must be followed by a function "
                                 "declaration");
      return;
    }
    const FunctionDecl *Variant = functionBefore(V.Name, C.Dir.Loc);
    if (!Variant) {
      Diags.error(V.NameLoc, "'" + V.Name + "' is not a function declared before this '#pragma "
                             "omp declare variant'");
      return;
    }
    if (!Ctx.typesAreCompatible(Base->getType(), Variant->getType())) {
      Diags.error(V.NameLoc, "variant '" + V.Name + "' and base '" + Base->getName().str() +
                                 "' have incompatible types");
      return;
    }
    Candidate K{&C, Variant, {}, true, {}};
    for (const SelectorTrait &T : V.Traits) {
      K.TraitKeys.insert(traitKey(T));
      if (T.Set == "construct") {
        if (!checkConstructTrait(T))
          return;
        K.Constructs.push_back(T.Name);
      } else if (std::optional<bool> Holds = hostHolds(T, Ctx.getTargetInfo().getTriple(), Diags)) {
        K.HostHolds = K.HostHolds && *Holds;
      } else {
        return;
      }
    }
    Bases[Base->getCanonicalDecl()].push_back(std::move(K));
  }

  /// The first function declared at file scope after Loc, in Loc's file.
  const FunctionDecl *functionAfter(SourceLocation Loc) const {
    const SourceLocation After = SM.getExpansionLoc(Loc);
    const FunctionDecl *Best = nullptr;
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
      const auto *F = dyn_cast<FunctionDecl>(D);
      const SourceLocation Begin = F ? SM.getExpansionLoc(F->getBeginLoc()) : SourceLocation();
      if (F && SM.getFileID(Begin) == SM.getFileID(After) &&
          SM.isBeforeInTranslationUnit(After, Begin) &&
          (!Best || SM.isBeforeInTranslationUnit(Begin, SM.getExpansionLoc(Best->getBeginLoc()))))
        Best = F;
    }
    return Best;
  }

  /// The function named Name declared at file scope before Loc.
  const FunctionDecl *functionBefore(llvm::StringRef Name, SourceLocation Loc) const {
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (const auto *F = dyn_cast<FunctionDecl>(D);
          F && F->getName() == Name &&
          SM.isBeforeInTranslationUnit(SM.getExpansionLoc(F->getBeginLoc()),
                                       SM.getExpansionLoc(Loc)))
        return F;
    return nullptr;
  }

  bool checkConstructTrait(const SelectorTrait &T) {
    static const llvm::StringRef Known[] = {"target", "teams", "parallel", "for", "simd"};
    if (!llvm::is_contained(Known, T.Name))
      return fail(T, "unknown construct selector '" + T.Name + "' (expected target, teams, "
                     "parallel, for or simd)");
    if (!T.Properties.empty())
      return fail(T, "a construct selector with properties is not supported yet");
    return true;
  }

  bool fail(const SelectorTrait &T, const std::string &Message) {
    Diags.error(T.Loc, Message);
    return false;
  }

  /// The variant a call goes to, or null for the base: the matching one of the highest score.
  const Candidate *choose(const std::vector<Candidate> &Candidates, const DeclRefExpr *Ref) {
    const std::vector<std::string> Context = constructContext(Ref->getLocation());
    std::vector<const Candidate *> Matching;
    for (const Candidate &K : Candidates)
      if (K.HostHolds && (K.Constructs.empty() || !latestPositions(K.Constructs, Context).empty()))
        Matching.push_back(&K);
    const Candidate *Best = nullptr;
    long BestScore = 0;
    bool Tie = false;
    for (const Candidate *K : Matching) {
      const long Score = score(*K, Context, Matching);
      if (!Best || Score > BestScore)
        Best = K, BestScore = Score, Tie = false;
      else if (Score == BestScore)
        Tie = true;
    }
    if (Tie) {
      Diags.error(SM.getExpansionLoc(Ref->getLocation()),
                  "several variants of '" + Ref->getDecl()->getName().str() + "' match this "
                  "call equally (give them different score(n))");
      return nullptr;
    }
    return Best;
  }

  /// OpenMP 5.0's score of a matching variant at a call (2.3.3, as gcc computes it): 0 if its
  /// selector is a strict subset of another matching one's; else 1 plus, for each trait, its
  /// score(n), or a construct trait's 2^(p-1) (p its position in the call's constructs), device
  /// kind's 2^l and arch's 2^(l+1) (l the number of those constructs), other traits 0.
  static long score(const Candidate &K, const std::vector<std::string> &Context,
                    const std::vector<const Candidate *> &Matching) {
    for (const Candidate *Other : Matching)
      if (Other != &K && K.TraitKeys.size() < Other->TraitKeys.size() &&
          std::includes(Other->TraitKeys.begin(), Other->TraitKeys.end(), K.TraitKeys.begin(),
                        K.TraitKeys.end()))
        return 0;
    const std::vector<size_t> Positions = latestPositions(K.Constructs, Context);
    const size_t L = Context.size();
    long Sum = 1;
    size_t Construct = 0;
    for (const SelectorTrait &T : K.traits()) {
      const long Implicit = T.Set == "construct" ? 1L << (Positions[Construct++] - 1)
                                                 : implicitScore(T, L);
      Sum += T.Score.value_or(Implicit);
    }
    return Sum;
  }

  /// The construct words (target, teams, parallel, for, simd) of the directives around Loc,
  /// outermost first: `parallel for simd` gives parallel, for, simd.
  std::vector<std::string> constructContext(SourceLocation Loc) const {
    const SourceLocation At = SM.getExpansionLoc(Loc);
    const Construct *Inner = nullptr;
    for (const Construct *Root : File.Roots)
      if (rangeContains(SM, Root->Range, At))
        Inner = innermostAt(Root, At, SM);
    std::vector<std::string> Words;
    for (const Construct *C = Inner; C; C = C->Parent) {
      llvm::SmallVector<llvm::StringRef, 4> Parts;
      llvm::StringRef(directiveSpelling(C->Dir.Written.value_or(C->Dir.Kind))).split(Parts, ' ');
      for (auto Part = Parts.rbegin(); Part != Parts.rend(); ++Part)
        if (*Part == "target" || *Part == "teams" || *Part == "parallel" || *Part == "for" ||
            *Part == "simd")
          Words.insert(Words.begin(), Part->str());
    }
    return Words;
  }
};

} // namespace

std::vector<std::pair<CharSourceRange, std::string>>
variantCalls(const BoundFile &File, ASTContext &Ctx, Diag &Diags) {
  return VariantResolver(File, Ctx, Diags).run();
}

} // namespace omp2numa
