//===- Metadirective.cpp --------------------------------------------------===//
#include "Metadirective.h"
#include "ClauseParser.h"
#include "Variants.h"

using namespace clang;

namespace omp2numa {

namespace {

/// One when clause (or the default, without a selector) as written.
struct MetaVariant {
  SourceLocation Loc;
  std::vector<PragmaToken> Selector;
  std::vector<PragmaToken> Variant;
};

/// Splits a metadirective's clauses into its variants; the default's is Default.
class MetaParser {
public:
  MetaParser(const CapturedPragma &P, Diag &Diags) : P(P), Toks(P.Tokens), Diags(Diags) {}

  bool parse(std::vector<MetaVariant> &Whens, std::optional<MetaVariant> &Default) {
    for (size_t Pos = 1; Pos < Toks.size();) {
      if (Toks[Pos].Spelling == ",") {
        ++Pos;
        continue;
      }
      const std::string &Name = Toks[Pos].Spelling;
      if (Name != "when" && Name != "default" && Name != "otherwise")
        return fail(Toks[Pos].Loc, "unexpected '" + Name + "' in '#pragma omp metadirective' "
                                   "(expected 'when' or 'default')");
      if (Name != "when" && Default)
        return fail(Toks[Pos].Loc, "'#pragma omp metadirective' has more than one '" + Name +
                                       "' clause");
      MetaVariant V{Toks[Pos].Loc, {}, {}};
      if (!clause(Pos, Name == "when", V))
        return false;
      if (Name == "when")
        Whens.push_back(std::move(V));
      else
        Default = std::move(V);
    }
    return true;
  }

private:
  const CapturedPragma &P;
  const std::vector<PragmaToken> &Toks;
  Diag &Diags;

  bool fail(SourceLocation Loc, const std::string &Message) {
    Diags.error(Loc, Message);
    return false;
  }

  /// `name ( [selector :] variant )` from Pos, which it moves past the clause.
  bool clause(size_t &Pos, bool HasSelector, MetaVariant &V) {
    const std::string Name = Toks[Pos++].Spelling;
    if (Pos == Toks.size() || Toks[Pos].Spelling != "(")
      return fail(Pos < Toks.size() ? Toks[Pos].Loc : P.EndLoc,
                  "expected '(' after '" + Name + "'");
    int Depth = 0;
    bool InVariant = !HasSelector;
    for (++Pos; Pos < Toks.size(); ++Pos) {
      const std::string &S = Toks[Pos].Spelling;
      if ((S == ")" || S == "}") && Depth-- == 0)
        break;
      if (S == "(" || S == "{")
        ++Depth;
      if (!InVariant && Depth == 0 && S == ":")
        InVariant = true;
      else
        (InVariant ? V.Variant : V.Selector).push_back(Toks[Pos]);
    }
    if (Pos == Toks.size())
      return fail(P.EndLoc, "expected ')' to end the '" + Name + "' clause");
    ++Pos;
    if (!InVariant)
      return fail(V.Loc, "expected ':' and a directive variant after the context selector");
    return true;
  }
};

/// The traits of a when clause's selector, parsed as declare variant's match clause is.
std::optional<std::vector<SelectorTrait>> traitsOf(const MetaVariant &V, Diag &Diags) {
  auto Word = [&](const char *S) { return PragmaToken{S, V.Loc, true, false}; };
  CapturedPragma Match;
  Match.Tokens = {Word("declare"), Word("variant"), Word("("), Word("__o2n_metadirective"),
                  Word(")"), Word("match"), Word("(")};
  Match.Tokens.insert(Match.Tokens.end(), V.Selector.begin(), V.Selector.end());
  Match.Tokens.push_back(Word(")"));
  Match.Loc = Match.EndLoc = V.Loc;
  std::optional<Directive> D = parseDirective(Match, Diags);
  if (!D)
    return std::nullopt;
  return D->Variant.Traits;
}

/// The score of a when clause whose traits hold (Metadirective.h); nothing after an error.
std::optional<long> scoreOf(const std::vector<SelectorTrait> &Traits,
                            const llvm::Triple &Target, Diag &Diags) {
  long Score = 1;
  for (const SelectorTrait &T : Traits) {
    if (T.Set == "construct") {
      Diags.error(T.Loc, "a construct selector in '#pragma omp metadirective' is not "
                         "supported yet");
      return std::nullopt;
    }
    std::optional<bool> Holds = hostHolds(T, Target, Diags);
    if (!Holds)
      return std::nullopt;
    if (!*Holds)
      return 0;
    Score += T.Score.value_or(implicitScore(T, /*Constructs=*/0));
  }
  return Score;
}

} // namespace

std::optional<CapturedPragma> resolveMetadirective(const CapturedPragma &P,
                                                   const llvm::Triple &Target, Diag &Diags) {
  if (P.Tokens.empty() || P.Tokens[0].Spelling != "metadirective")
    return P;
  std::vector<MetaVariant> Whens;
  std::optional<MetaVariant> Default;
  if (!MetaParser(P, Diags).parse(Whens, Default))
    return std::nullopt;
  const MetaVariant *Chosen = Default ? &*Default : nullptr;
  long Best = 0;
  for (const MetaVariant &V : Whens) {
    std::optional<std::vector<SelectorTrait>> Traits = traitsOf(V, Diags);
    std::optional<long> Score = Traits ? scoreOf(*Traits, Target, Diags) : std::nullopt;
    if (!Score)
      return std::nullopt;
    if (*Score > Best)
      Chosen = &V, Best = *Score;
  }
  CapturedPragma Variant = P;
  Variant.Tokens = Chosen ? Chosen->Variant : std::vector<PragmaToken>();
  if (Variant.Tokens.empty())
    Variant.Tokens = {PragmaToken{"nothing", P.Tokens[0].Loc, true, false}};
  if (Variant.Tokens[0].Spelling == "metadirective") {
    Diags.error(Variant.Tokens[0].Loc, "a directive variant of '#pragma omp metadirective' "
                                       "cannot be another metadirective");
    return std::nullopt;
  }
  return Variant;
}

} // namespace omp2numa
