//===- ClauseParser.cpp ---------------------------------------------------===//
#include "ClauseParser.h"
#include "llvm/ADT/StringMap.h"

#include <set>

using namespace clang;

namespace omp2numa {

namespace {

/// Recursive-descent parser over one pragma's tokens.  Every parse function reports its own
/// error and returns false (or nothing); the caller only propagates.
class Parser {
public:
  Parser(const CapturedPragma &P, Diag &Diags) : P(P), Toks(P.Tokens), Diags(Diags) {}

  std::optional<Directive> parse() {
    Directive D;
    D.Loc = P.Loc;
    D.EndLoc = P.EndLoc;
    for (const PragmaToken &T : Toks)
      D.Text += (D.Text.empty() ? "" : " ") + T.Spelling;
    if (atEnd())
      return fail(P.EndLoc, "expected an OpenMP directive after '#pragma omp'");
    D.NameLoc = peek().Loc;
    if (!parseDirectiveName(D) || !parseDirectiveArguments(D))
      return std::nullopt;
    while (!atEnd()) {
      if (accept(","))
        continue;
      if (D.Kind == DirectiveKind::Task && peekIs("affinity")) {
        if (!parseTaskAffinity(D))
          return std::nullopt;
        continue;
      }
      if (namesCancelledConstruct(D)) {
        if (!parseCancelKind(D))
          return std::nullopt;
        continue;
      }
      std::optional<Clause> C = parseClause(D.Kind);
      if (!C)
        return std::nullopt;
      if ((clauseIsUnique(C->Kind) && D.has(C->Kind)) || conflictingRepeat(D, *C))
        return fail(C->Loc, "directive " + D.quotedName() + " cannot have more than one '" +
                                clauseSpelling(C->Kind) + "' clause");
      D.Clauses.push_back(std::move(*C));
    }
    if (D.Kind == DirectiveKind::Depobj && !checkDepobjClauses(D))
      return std::nullopt;
    if (!checkOrderedClauses(D) || !checkCriticalHint(D) || !checkClausePairs(D))
      return std::nullopt;
    if (isCancellation(D.Kind) && !D.Cancel)
      return fail(P.EndLoc, D.quotedName() + " must name the construct it cancels: 'parallel', "
                            "'for', 'sections' or 'taskgroup'");
    return D;
  }

private:
  const CapturedPragma &P;
  const std::vector<PragmaToken> &Toks;
  Diag &Diags;
  size_t Pos = 0;
  DirectiveKind Current = DirectiveKind::Parallel; ///< the directive whose clauses are parsed

  bool atEnd() const { return Pos >= Toks.size(); }
  const PragmaToken &peek() const { return Toks[Pos]; }
  bool peekIs(llvm::StringRef Spelling) const { return !atEnd() && peek().Spelling == Spelling; }
  SourceLocation here() const { return atEnd() ? P.EndLoc : peek().Loc; }

  std::nullopt_t fail(SourceLocation Loc, const std::string &Message) {
    Diags.error(Loc, Message);
    return std::nullopt;
  }
  bool failed(SourceLocation Loc, const std::string &Message) {
    Diags.error(Loc, Message);
    return false;
  }

  bool accept(llvm::StringRef Spelling) {
    if (!peekIs(Spelling))
      return false;
    ++Pos;
    return true;
  }

  bool expect(llvm::StringRef Spelling, llvm::StringRef Context) {
    if (accept(Spelling))
      return true;
    std::string Found = atEnd() ? "end of pragma" : "'" + peek().Spelling + "'";
    return failed(here(), "expected '" + Spelling.str() + "' " + Context.str() + ", found " +
                              Found);
  }

  /// The directive's name: the longest spelling in the list (`parallel for simd` before
  /// `parallel for` before `parallel`).
  bool parseDirectiveName(Directive &D) {
    const PragmaToken &Name = Toks[Pos];
    std::string Words;
    std::optional<DirectiveKind> Longest;
    size_t After = Pos;
    for (size_t I = Pos; I < Toks.size() && I < Pos + 6 && Toks[I].IsIdentifier; ++I) {
      Words += (Words.empty() ? "" : " ") + Toks[I].Spelling;
      if (std::optional<DirectiveKind> K = directiveKindOf(Words))
        Longest = K, After = I + 1;
    }
    if (Longest) {
      D.Kind = *Longest;
      Pos = After;
      return true;
    }
    ++Pos;
    if (const char *Reason = unsupportedDirectiveReason(Name.Spelling)) {
      // Name the directive as written: 'declare reduction', 'target teams', ...
      std::string Full = Name.Spelling;
      if (!atEnd() && isTwoWordDirective(Name.Spelling, peek().Spelling))
        Full += " " + peek().Spelling;
      return failed(Name.Loc, "'#pragma omp " + Full + "': " + Reason);
    }
    return failed(Name.Loc, "unknown OpenMP directive '" + Name.Spelling + "'");
  }

  static bool isCancellation(DirectiveKind K) {
    return K == DirectiveKind::Cancel || K == DirectiveKind::CancellationPoint;
  }

  /// cancel and cancellation point name their construct with a clause-like word, before or
  /// after the if clause (as gcc takes it).
  bool namesCancelledConstruct(const Directive &D) const {
    return isCancellation(D.Kind) && !atEnd() && cancelKindOf(peek().Spelling);
  }

  bool parseCancelKind(Directive &D) {
    if (D.Cancel)
      return failed(here(), D.quotedName() + " names more than one construct");
    D.Cancel = cancelKindOf(Toks[Pos++].Spelling);
    return true;
  }

  /// A task's affinity([iterator(...) :] locator, ...) is a hint where the task's data lives;
  /// tasks run where threads are idle, so it has no effect.  Its locators, lvalues or array
  /// sections as depend's items, are kept in Depends to be checked where the task is created
  /// (the loop clause `affinity(name)` is omp2numa's own and takes a map's name).
  bool parseTaskAffinity(Directive &D) {
    Clause C;
    C.Kind = ClauseKind::Affinity;
    C.Loc = here();
    ++Pos;
    if (!expect("(", "after 'affinity'"))
      return false;
    if (peekIs("iterator") && Pos + 1 < Toks.size() && Toks[Pos + 1].Spelling == "(" &&
        !parseIterators(C, ":"))
      return false;
    do {
      DependItem Item{DependKind::In, {}};
      if (!parseListItem(Item.Expr, "affinity"))
        return false;
      C.Depends.push_back(std::move(Item));
    } while (accept(","));
    if (!expect(")", "after the locator list"))
      return false;
    D.Clauses.push_back(std::move(C));
    return true;
  }

  /// The combined forms omp2numa does not take (`parallel tile`, `target teams unroll`).
  bool rejectCombination(const Directive &D) {
    if (atEnd())
      return true;
    const PragmaToken &Next = peek();
    const std::string Prefix = std::string(directiveSpelling(D.Kind)) + " ";
    const bool Teams = D.Kind == DirectiveKind::Teams || D.Kind == DirectiveKind::TargetTeams;
    if (D.Kind != DirectiveKind::Parallel && D.Kind != DirectiveKind::Target && !Teams)
      return true;
    if (const char *Reason = unsupportedDirectiveReason(Next.Spelling))
      return reject(Next, Reason, Prefix);
    return true;
  }

  /// declare simd passes through to the compiler unchanged: its clauses name the parameters of
  /// the function that follows, so they are only checked for their names.
  bool parseDeclareSimd() {
    static const llvm::StringRef Known[] = {"simdlen", "uniform", "linear", "aligned",
                                            "inbranch", "notinbranch"};
    for (int Depth = 0; !atEnd(); ++Pos) {
      const PragmaToken &T = peek();
      if (T.Spelling == "(")
        ++Depth;
      else if (T.Spelling == ")")
        --Depth;
      else if (Depth == 0 && T.Spelling != "," && !llvm::is_contained(Known, T.Spelling))
        return failed(T.Loc, "unexpected '" + T.Spelling + "' in '#pragma omp declare simd' "
                             "(expected simdlen, uniform, linear, aligned, inbranch or "
                             "notinbranch)");
    }
    return true;
  }

  /// declare reduction(id : type, ... : combiner) [initializer(omp_priv = e | call)]: the whole
  /// directive (it has no clauses).  The types and expressions stay tokens for the binder.
  bool parseDeclareReduction(DeclaredReduction &R) {
    if (!expect("(", "after 'declare reduction'"))
      return false;
    if (atEnd() || peekIs(":") || peekIs(")"))
      return failed(here(), "expected a reduction identifier in '#pragma omp declare reduction'");
    R.Id = peek().Spelling;
    R.IdLoc = peek().Loc;
    if (!peek().IsIdentifier && !reductionOpOf(R.Id))
      return failed(here(), "unknown reduction operator '" + R.Id + "' (expected one of + * - & "
                            "| ^ && || or an identifier)");
    ++Pos;
    if (!expect(":", "after the reduction identifier"))
      return false;
    do {
      ExprTokens &T = R.Types.emplace_back();
      for (; !atEnd() && !peekIs(",") && !peekIs(":") && !peekIs(")"); ++Pos)
        T.Tokens.push_back(peek());
      if (T.Tokens.empty())
        return failed(here(), "expected a type name in '#pragma omp declare reduction'");
    } while (accept(","));
    if (!expect(":", "after the type list") || !parseExpr(R.Combiner, "combiner") ||
        !expect(")", "after the combiner"))
      return false;
    if (atEnd())
      return true;
    if (!peekIs("initializer"))
      return failed(here(), "expected 'initializer' after the combiner, found '" +
                                peek().Spelling + "'");
    ++Pos;
    return expect("(", "after 'initializer'") && parseExpr(R.Initializer, "initializer") &&
           expect(")", "after the initializer") &&
           (atEnd() || failed(here(), "unexpected '" + peek().Spelling + "' after the "
                                      "initializer"));
  }

  /// declare variant(name) match(set={trait[(properties)], ...}, ...): the whole directive.  A
  /// property list may start with score(n):.  Variants.h decides what the traits mean.
  bool parseDeclareVariant(DeclaredVariant &V) {
    if (!expect("(", "after 'declare variant'"))
      return false;
    if (atEnd() || !peek().IsIdentifier)
      return failed(here(), "expected the name of the variant function");
    V.Name = peek().Spelling;
    V.NameLoc = Toks[Pos++].Loc;
    if (!expect(")", "after the variant's name"))
      return false;
    if (!peekIs("match"))
      return failed(here(), atEnd() ? "'#pragma omp declare variant' needs a 'match' clause"
                                    : "unexpected '" + peek().Spelling +
                                          "' in '#pragma omp declare variant' (expected match)");
    ++Pos;
    if (!expect("(", "after 'match'"))
      return false;
    do {
      if (!parseSelectorSet(V))
        return false;
    } while (accept(","));
    return expect(")", "after the context selector") &&
           (atEnd() || failed(here(), "unexpected '" + peek().Spelling + "' after 'match(...)'"));
  }

  /// set = { trait [(properties)], ... }
  bool parseSelectorSet(DeclaredVariant &V) {
    static const llvm::StringRef Sets[] = {"construct", "device", "target_device",
                                           "implementation", "user"};
    if (atEnd() || !llvm::is_contained(Sets, peek().Spelling))
      return failed(here(), "expected 'construct', 'device', 'target_device', 'implementation' "
                            "or 'user' in the context selector");
    const std::string Set = Toks[Pos++].Spelling;
    if (!expect("=", "after the selector set's name") || !expect("{", "after '='"))
      return false;
    do {
      if (atEnd() || !peek().IsIdentifier)
        return failed(here(), "expected a trait of the '" + Set + "' selector set");
      SelectorTrait &T = V.Traits.emplace_back();
      T.Set = Set;
      T.Name = peek().Spelling;
      T.Loc = Toks[Pos++].Loc;
      if (accept("(") && !parseTraitProperties(T))
        return false;
    } while (accept(","));
    return expect("}", "after the traits");
  }

  /// [score(n):] property, ...  up to and including the closing parenthesis.
  bool parseTraitProperties(SelectorTrait &T) {
    if (peekIs("score")) {
      ++Pos;
      if (!expect("(", "after 'score'"))
        return false;
      const bool Negative = accept("-");
      long Score = 0;
      if (atEnd() || llvm::StringRef(peek().Spelling).getAsInteger(0, Score))
        return failed(here(), "expected an integer constant in 'score(...)'");
      T.Score = Negative ? -Score : Score;
      ++Pos;
      if (!expect(")", "after the score") || !expect(":", "after 'score(...)'"))
        return false;
    }
    for (int Depth = 0; !atEnd(); ++Pos) {
      if (T.Properties.empty())
        T.Properties.emplace_back();
      if (peekIs(")") && Depth-- == 0)
        break;
      if (peekIs("("))
        ++Depth;
      if (peekIs(",") && Depth == 0)
        T.Properties.emplace_back();
      else
        T.Properties.back().Tokens.push_back(peek());
    }
    return expect(")", "after the trait's properties");
  }

  /// What a directive takes between its name and its clauses.
  bool parseDirectiveArguments(Directive &D) {
    switch (D.Kind) {
    case DirectiveKind::Critical: return parseCriticalName(D);
    case DirectiveKind::Atomic: return parseAtomicKind(D);
    case DirectiveKind::Flush: return parseFlush(D);
    case DirectiveKind::Threadprivate:
    case DirectiveKind::Allocate: return parseDirectiveList(D, /*Required=*/true);
    case DirectiveKind::Depobj: return parseDepobj(D);
    case DirectiveKind::Ordered:
      // ordered [threads] [simd], in either order.
      for (bool More = true; More;) {
        More = accept(",");
        if (accept("threads"))
          D.OrderedThreads = More = true;
        else if (accept("simd"))
          D.OrderedSimd = More = true;
      }
      return true;
    case DirectiveKind::DeclareSimd: return parseDeclareSimd();
    case DirectiveKind::DeclareReduction: return parseDeclareReduction(D.Reduction);
    case DirectiveKind::DeclareVariant: return parseDeclareVariant(D.Variant);
    case DirectiveKind::Nothing:
      return atEnd() || failed(here(), "'#pragma omp nothing' takes no clauses");
    case DirectiveKind::DeclareTarget:
    case DirectiveKind::BeginDeclareTarget:
    case DirectiveKind::EndDeclareTarget:
    case DirectiveKind::Requires: return skipDeviceDeclaration(D);
    case DirectiveKind::Assume:
    case DirectiveKind::Assumes:
    case DirectiveKind::BeginAssumes:
    case DirectiveKind::EndAssumes: return skipAssumptions(D);
    case DirectiveKind::Unroll: return skipClausesNamed(D, {"full", "partial"});
    case DirectiveKind::Tile:
      return (peekIs("sizes") || failed(D.NameLoc, "'#pragma omp tile' needs a 'sizes' clause")) &&
             skipClausesNamed(D, {"sizes"});
    default: return rejectCombination(D);
    }
  }

  bool parseCriticalName(Directive &D) {
    if (!accept("("))
      return true;
    if (atEnd() || !peek().IsIdentifier)
      return failed(here(), "expected the name of the critical construct");
    D.CriticalName = Toks[Pos++].Spelling;
    return expect(")", "after the critical construct's name");
  }

  /// atomic [read | write | update | capture | compare]... [memory order] [fail(order)] [weak]
  /// [hint(expr)], in any order, with or without commas.  update goes with capture and compare
  /// (5.1); read and write stand alone.  Memory orders, fail, weak and hint change nothing: every
  /// form is sequentially consistent.
  bool parseAtomicKind(Directive &D) {
    std::set<std::string> Kinds;
    for (; !atEnd(); ++Pos) {
      const std::string &W = peek().Spelling;
      if (W == ",")
        continue;
      if (W == "read" || W == "write" || W == "update" || W == "capture" || W == "compare") {
        if (!Kinds.insert(W).second)
          return failed(here(), "too many '" + W + "' clauses on '#pragma omp atomic'");
      } else if (W == "fail" || W == "hint") {
        ++Pos;
        if (!skipParenthesised(W))
          return false;
        --Pos;
      } else if (W != "seq_cst" && W != "relaxed" && W != "acq_rel" && W != "acquire" &&
                 W != "release" && W != "weak") {
        return failed(here(), "unexpected '" + W + "' in '#pragma omp atomic' (expected read, "
                                                   "write, update, capture, compare, a memory "
                                                   "order, fail, weak or hint)");
      }
    }
    const bool Alone = Kinds.count("read") || Kinds.count("write");
    if (Alone && Kinds.size() > 1)
      return failed(D.NameLoc, "'read' and 'write' may not be combined with other clauses of "
                               "'#pragma omp atomic'");
    D.Atomic = Kinds.count("read")      ? AtomicKind::Read
               : Kinds.count("write")   ? AtomicKind::Write
               : Kinds.count("capture") ? AtomicKind::Capture
                                        : AtomicKind::Update;
    D.AtomicCompare = Kinds.count("compare");
    return true;
  }

  /// `( ... )` with balanced parentheses after What, skipped.
  bool skipParenthesised(const std::string &What) {
    if (!peekIs("("))
      return failed(here(), "expected '(' after '" + What + "'");
    for (int Depth = 0; !atEnd(); ++Pos) {
      Depth += peekIs("(") - peekIs(")");
      if (Depth == 0) {
        ++Pos;
        return true;
      }
    }
    return failed(here(), "expected ')' to close '" + What + "('");
  }

  /// flush [(list)], threadprivate (list), allocate (list): the list is kept as a DirectiveList clause.
  bool parseDirectiveList(Directive &D, bool Required) {
    if (atEnd() && !Required)
      return true;
    Clause C;
    C.Kind = ClauseKind::DirectiveList;
    C.Loc = here();
    if (!expect("(", std::string("after '") + directiveSpelling(D.Kind) + "'") ||
        !parseVarList(C, directiveSpelling(D.Kind)) || !expect(")", "to close the variable list"))
      return false;
    D.Clauses.push_back(std::move(C));
    return true;
  }

  /// depobj(o) followed by exactly one of depend(type: x), update(type), destroy[(o)].
  /// The depend object is an lvalue (`o`, `objs[k]`), kept as the list clause's expression.
  bool parseDepobj(Directive &D) {
    Clause C;
    C.Kind = ClauseKind::DirectiveList;
    C.Loc = here();
    if (!expect("(", "after 'depobj'") || !parseListItem(C.Expr, "depobj") ||
        !expect(")", "after the depend object"))
      return false;
    D.Clauses.push_back(std::move(C));
    return true;
  }

  bool checkDepobjClauses(const Directive &D) {
    const Clause *Depend = D.find(ClauseKind::Depend);
    const int Count = D.has(ClauseKind::Depend) + D.has(ClauseKind::Update) +
                      D.has(ClauseKind::Destroy);
    if (Count != 1 || (Depend && D.Clauses.end() - D.Clauses.begin() > 2))
      return failed(D.NameLoc, "'#pragma omp depobj' takes exactly one 'depend', 'update' or "
                               "'destroy' clause");
    if (Depend && !Depend->Iterators.empty())
      return failed(Depend->Iterators.front().Loc, "'iterator' modifier may not be specified on "
                                                   "'#pragma omp depobj'");
    if (Depend && (Depend->Depends.size() != 1 || Depend->Depends[0].Kind == DependKind::Depobj))
      return failed(Depend->Loc, "the 'depend' clause of '#pragma omp depobj' takes one list "
                                 "item, of type in, out, inout, mutexinoutset or inoutset");
    return true;
  }

  /// A critical construct without a name takes no hint but omp_sync_hint_none (gcc's rule: the
  /// hint is the lock's, and all unnamed critical constructs share one lock).
  bool checkCriticalHint(const Directive &D) {
    const Clause *Hint = D.find(ClauseKind::Hint);
    if (D.Kind != DirectiveKind::Critical || !D.CriticalName.empty() || !Hint ||
        !Hint->SyncHint || *Hint->SyncHint == 0)
      return true;
    return failed(Hint->Loc, "'#pragma omp critical' with 'hint' clause requires a name, except "
                             "when 'omp_sync_hint_none' is used");
  }

  /// Clauses that exclude each other (OpenMP 5.0's restrictions, gcc's messages): a taskloop's
  /// reduction needs the taskgroup nogroup removes; a detachable task cannot be merged into its
  /// creator; a task reduction lives until the end of its construct, which nowait would not wait
  /// for (on a combined target construct, nowait is the target's: the team still ends there).
  bool checkClausePairs(const Directive &D) {
    if (const Clause *Nogroup = D.find(ClauseKind::Nogroup); Nogroup && D.has(ClauseKind::Reduction))
      return failed(Nogroup->Loc, "'nogroup' clause must not be used together with 'reduction' "
                                  "clause");
    if (const Clause *Detach = D.find(ClauseKind::Detach); Detach && D.has(ClauseKind::Mergeable))
      return failed(Detach->Loc, "'detach' clause must not be used together with 'mergeable' "
                                 "clause");
    if (D.has(ClauseKind::Nowait) &&
        !llvm::StringRef(directiveSpelling(D.Kind)).starts_with("target"))
      for (const Clause &C : D.Clauses)
        if (C.Kind == ClauseKind::Reduction && C.Keyword == "task")
          return failed(C.Loc, "'task' reduction modifier on a construct with a 'nowait' clause");
    return true;
  }

  /// ordered on a loop: not nonmonotonic, not with order(concurrent) (whose iterations may run
  /// in any order, at once); ordered(n): n covers the collapsed loops, no simd, no linear (gcc's
  /// rules).  On the stand-alone ordered: one source, not with sinks.
  bool checkOrderedClauses(const Directive &D) {
    const Clause *Ordered = D.find(ClauseKind::Ordered);
    if (const Clause *Order = D.find(ClauseKind::Order); Ordered && Order)
      return failed(Order->Loc, "'order' clause must not be used together with 'ordered'");
    if (const Clause *Sched = D.find(ClauseKind::Schedule);
        Ordered && Sched && Sched->Modifier == ScheduleModifier::Nonmonotonic)
      return failed(Sched->Loc, "'nonmonotonic' schedule modifier specified together with "
                                "'ordered' clause");
    if (Ordered && Ordered->Count) {
      if (Ordered->Count < D.collapse())
        return failed(Ordered->Loc, "the parameter of 'ordered' (" +
                                        std::to_string(Ordered->Count) +
                                        ") is less than that of 'collapse' (" +
                                        std::to_string(D.collapse()) + ")");
      if (D.isSimd())
        return failed(Ordered->Loc, "'ordered' clause with a parameter may not be specified on " +
                                        D.quotedName());
      if (const Clause *Linear = D.find(ClauseKind::Linear))
        return failed(Linear->Loc, "'linear' clause may not be specified together with an "
                                   "'ordered' clause with a parameter");
    }
    const Clause *Source = nullptr;
    bool Sink = false;
    for (const Clause &C : D.Clauses) {
      if (C.Kind != ClauseKind::Doacross)
        continue;
      if (C.Keyword == "source" && Source)
        return failed(C.Loc, "more than one '" + C.Name + "' clause with 'source' on '#pragma "
                                                          "omp ordered'");
      Source = C.Keyword == "source" ? &C : Source;
      Sink |= C.Keyword == "sink";
    }
    if (Source && Sink)
      return failed(Source->Loc, "'" + Source->Name + "' clause with 'source' specified together "
                                 "with clauses with 'sink' on the same construct");
    return true;
  }

  bool reject(const PragmaToken &Name, const char *Reason, const std::string &Prefix = "") {
    return failed(Name.Loc, "'#pragma omp " + Prefix + Name.Spelling + "': " + Reason);
  }

  std::optional<Clause> parseClause(DirectiveKind D) {
    Current = D;
    const PragmaToken &Name = Toks[Pos];
    if (!Name.IsIdentifier)
      return fail(Name.Loc, "expected an OpenMP clause, found '" + Name.Spelling + "'");
    ++Pos;
    std::optional<ClauseKind> Kind = clauseKindOf(Name.Spelling);
    // depend(source), depend(sink: ...): OpenMP 4.5's spelling of doacross on ordered.
    if (D == DirectiveKind::Ordered && Kind == ClauseKind::Depend)
      Kind = ClauseKind::Doacross;
    if (!Kind && isUnsupportedClause(Name.Spelling))
      return fail(Name.Loc, "clause '" + Name.Spelling + "' is not supported yet");
    if (!Kind)
      return fail(Name.Loc, "unknown OpenMP clause '" + Name.Spelling + "'");
    if (!clauseAllowedOn(D, *Kind))
      return fail(Name.Loc, std::string("clause '") + clauseSpelling(*Kind) +
                                "' is not allowed on '#pragma omp " + directiveSpelling(D) + "'");
    Clause C;
    C.Kind = *Kind;
    C.Loc = Name.Loc;
    if (*Kind == ClauseKind::Doacross)
      C.Name = Name.Spelling;
    if (*Kind == ClauseKind::Destroy && peekIs("(")) { // destroy(o), OpenMP 5.2: o again
      ExprTokens Object;
      if (!expect("(", "after 'destroy'") || !parseExpr(Object, "destroy") ||
          !expect(")", "after the depend object"))
        return std::nullopt;
    }
    if (clauseForm(*Kind) == ClauseForm::None ||
        (clauseForm(*Kind) == ClauseForm::Ordered && !peekIs("(")))
      return C;
    const std::string After = "after '" + Name.Spelling + "'";
    if (!expect("(", After) || !parseClauseArgument(C, D) ||
        !expect(")", closingContext(C.Kind)))
      return std::nullopt;
    return C;
  }

  /// What the expected ')' closes, for the message when it is missing.
  static const char *closingContext(ClauseKind K) {
    switch (clauseForm(K)) {
    case ClauseForm::VarList:
    case ClauseForm::Reduction: return "to close the variable list";
    case ClauseForm::Expr:
    case ClauseForm::IntExpr:
    case ClauseForm::Count64:
    case ClauseForm::SyncHint:
    case ClauseForm::If: return "after the expression";
    case ClauseForm::Depend: return "to close the depend clause";
    case ClauseForm::Doacross: return "to close the sink vector (items are 'var', 'var + n' or "
                                      "'var - n')";
    case ClauseForm::DependType: return "after the dependence type";
    case ClauseForm::Count:
    case ClauseForm::Align: return "after the count";
    case ClauseForm::Name: return "after the map's name";
    case ClauseForm::Schedule: return "to close the schedule clause";
    case ClauseForm::Linear:
    case ClauseForm::Aligned:
    case ClauseForm::Allocate: return "to close the variable list";
    case ClauseForm::Length: return "after the length";
    case ClauseForm::Map: return "to close the list";
    case ClauseForm::Device: return "after the device number";
    case ClauseForm::NumTeams: return "after the number of teams";
    case ClauseForm::DistSchedule: return "to close the dist_schedule clause";
    default: return "after the kind";
    }
  }

  /// The argument between the clause's parentheses.
  bool parseClauseArgument(Clause &C, DirectiveKind D) {
    switch (clauseForm(C.Kind)) {
    case ClauseForm::VarList:
      return parseLastprivateModifier(C, D) && parseVarList(C, clauseSpelling(C.Kind));
    case ClauseForm::Expr:
    case ClauseForm::IntExpr: return parseExpr(C.Expr, clauseSpelling(C.Kind));
    case ClauseForm::If: return parseIfModifier(C) && parseExpr(C.Expr, "if");
    case ClauseForm::Depend: return parseDepend(C);
    case ClauseForm::DependType: {
      std::optional<DependKind> Kind = dependKind();
      if (!Kind || *Kind == DependKind::Depobj)
        return failed(here(), "expected a dependence type (in, out, inout, mutexinoutset or "
                              "inoutset) in the 'update' clause");
      C.Dependence = *Kind;
      return true;
    }
    case ClauseForm::Count64:
      if (Pos + 1 < Toks.size() && peekIs("strict") && Toks[Pos + 1].Spelling == ":") {
        C.Strict = true;
        Pos += 2;
      }
      return parseExpr(C.Expr, clauseSpelling(C.Kind));
    case ClauseForm::Count: return parseCount(C, "collapse count", 8);
    case ClauseForm::Ordered: return parseCount(C, "the parameter of 'ordered'", 64);
    case ClauseForm::Doacross: return parseDoacross(C);
    case ClauseForm::Name: return parseMapName(C);
    case ClauseForm::Reduction:
      return parseReductionOp(C) && expect(":", "after the reduction operator") &&
             parseVarList(C, "reduction");
    case ClauseForm::Default: return parseDefault(C);
    case ClauseForm::ProcBind: return parseProcBind(C);
    case ClauseForm::Schedule: return parseSchedule(C);
    case ClauseForm::Linear: return parseLinear(C);
    case ClauseForm::Aligned:
      return parseVarList(C, "aligned") && (!accept(":") || parseLength(C));
    case ClauseForm::Length: return parseLength(C);
    case ClauseForm::Keyword: return parseKeyword(C);
    case ClauseForm::Allocate: return parseAllocate(C);
    case ClauseForm::Align: return parseAlignment(C, "'align' clause argument");
    case ClauseForm::SyncHint: return parseSyncHint(C);
    case ClauseForm::Map: return parseMap(C);
    case ClauseForm::NumTeams: {
      // num_teams([lower :] upper): the expression up to a ':' outside brackets is the lower
      // bound (a conditional expression's ':' follows its '?').
      if (!tokensUntil(C.Expr, {":", ")"}, "an expression in the 'num_teams' clause"))
        return false;
      if (!accept(":"))
        return true;
      C.Lower = std::move(C.Expr);
      C.Expr = ExprTokens();
      return parseExpr(C.Expr, "num_teams");
    }
    case ClauseForm::DistSchedule:
      if (!accept("static"))
        return failed(here(), "expected 'static' in the 'dist_schedule' clause");
      return !accept(",") || parseExpr(C.Expr, "dist_schedule");
    case ClauseForm::Defaultmap: return parseDefaultmap(C);
    case ClauseForm::Device:
      if (Pos + 1 < Toks.size() && Toks[Pos + 1].Spelling == ":" &&
          (peekIs("ancestor") || peekIs("device_num"))) {
        C.Keyword = peek().Spelling;
        Pos += 2;
      }
      return parseExpr(C.Expr, "device");
    case ClauseForm::None: return true;
    }
    return true;
  }

  /// map([modifier[,] ...] [type :] item, ...), to/from([present | mapper(id) | iterator(...)
  /// :] item, ...), and the lists of is_device_ptr, has_device_addr, use_device_ptr and
  /// use_device_addr.  A modifier changes nothing on the host, where the device's variables are
  /// the originals; the items are lvalues or array sections, kept as tokens.
  bool parseMap(Clause &C) {
    static const llvm::StringRef Types[] = {"to", "from", "tofrom", "alloc", "release",
                                            "delete"};
    static const llvm::StringRef Modifiers[] = {"always", "close", "present", "ompx_hold"};
    const bool Map = C.Kind == ClauseKind::Map;
    const bool Motion = C.Kind == ClauseKind::To || C.Kind == ClauseKind::From;
    for (bool More = Map || Motion; More && !atEnd();) {
      const std::string W = peek().Spelling;
      const bool Call = Pos + 1 < Toks.size() && Toks[Pos + 1].Spelling == "(";
      if ((W == "mapper" || W == "iterator") && Call) {
        ++Pos;
        if (!skipParenthesised(W))
          return false;
      } else if (llvm::is_contained(Modifiers, W) && !Call && Pos + 1 < Toks.size() &&
                 (Toks[Pos + 1].Spelling == "," || Toks[Pos + 1].Spelling == ":" ||
                  Toks[Pos + 1].IsIdentifier)) {
        ++Pos;
      } else if (Map && llvm::is_contained(Types, W) && Pos + 1 < Toks.size() &&
                 Toks[Pos + 1].Spelling == ":") {
        C.Keyword = W;
        ++Pos;
      } else {
        break;
      }
      More = !accept(":");
      accept(",");
    }
    if (Map && C.Keyword.empty())
      C.Keyword = "tofrom";
    do {
      DependItem Item{DependKind::In, {}};
      if (!parseListItem(Item.Expr, clauseSpelling(C.Kind)))
        return false;
      C.Depends.push_back(std::move(Item));
    } while (accept(","));
    return true;
  }

  /// defaultmap(behavior [: category]): alloc, to, from, tofrom, firstprivate, none, default or
  /// present; scalar, aggregate, pointer, allocatable or all.
  bool parseDefaultmap(Clause &C) {
    static const llvm::StringRef Behaviors[] = {"alloc", "to",   "from",    "tofrom", "firstprivate",
                                                "none",  "default", "present"};
    static const llvm::StringRef Categories[] = {"scalar", "aggregate", "pointer", "allocatable",
                                                 "all"};
    if (atEnd() || !llvm::is_contained(Behaviors, peek().Spelling))
      return failed(here(), "expected 'alloc', 'to', 'from', 'tofrom', 'firstprivate', 'none', "
                            "'default' or 'present' in the 'defaultmap' clause");
    C.Keyword = Toks[Pos++].Spelling;
    if (!accept(":"))
      return true;
    if (atEnd() || !llvm::is_contained(Categories, peek().Spelling))
      return failed(here(), "expected 'scalar', 'aggregate', 'pointer', 'allocatable' or 'all' "
                            "after ':' in the 'defaultmap' clause");
    C.Name = Toks[Pos++].Spelling == "all" ? "" : Toks[Pos - 1].Spelling;
    return true;
  }

  /// declare target [(list)] [clauses], begin declare target [clauses], end declare target,
  /// requires clauses: the host has nothing to declare, so the directive goes; its parentheses
  /// must balance.
  /// flush [seq_cst | acq_rel | release | acquire] [(list)] (a memory order: OpenMP 5.0; not
  /// with a list, as in gcc).  Lowering makes every flush a full fence, as strong as each order.
  bool parseFlush(Directive &D) {
    static const llvm::StringRef Orders[] = {"seq_cst", "acq_rel", "release", "acquire"};
    if (atEnd() || !llvm::is_contained(Orders, peek().Spelling))
      return parseDirectiveList(D, /*Required=*/false);
    ++Pos;
    return atEnd() || failed(here(), peekIs("(") ? "'flush' list specified together with "
                                                   "memory order clause"
                                                 : "unexpected '" + peek().Spelling +
                                                       "' after the memory order of 'flush'");
  }

  /// assume, assumes, begin/end assumes (OpenMP 5.1): their clauses are checked by name and
  /// balance, then the directive is dropped (its promises only allow optimisations).
  bool skipAssumptions(const Directive &D) {
    if (D.Kind == DirectiveKind::EndAssumes)
      return atEnd() || failed(here(), D.quotedName() + " takes no clauses");
    return skipClausesNamed(D, {"holds", "absent", "contains", "no_openmp",
                                "no_openmp_routines", "no_parallelism"},
                            /*Extensions=*/true);
  }

  /// The clauses of a directive that is dropped, checked by name (Names, and `ext_...` ones
  /// with Extensions) and by the balance of their parentheses.
  bool skipClausesNamed(const Directive &D, std::initializer_list<llvm::StringRef> Names,
                        bool Extensions = false) {
    for (int Depth = 0; !atEnd(); ++Pos) {
      const bool Name = Depth == 0 && peek().IsIdentifier;
      if (Name && !llvm::is_contained(Names, peek().Spelling) &&
          !(Extensions && llvm::StringRef(peek().Spelling).startswith("ext_")))
        return failed(here(), "unknown clause '" + peek().Spelling + "' in " + D.quotedName());
      Depth += peekIs("(") - peekIs(")");
      if (Depth < 0)
        return failed(here(), "unbalanced ')' in " + D.quotedName());
    }
    return true;
  }

  bool skipDeviceDeclaration(const Directive &D) {
    if (D.Kind == DirectiveKind::EndDeclareTarget)
      return atEnd() || failed(here(), D.quotedName() + " takes no clauses");
    if (D.Kind == DirectiveKind::Requires && atEnd())
      return failed(D.NameLoc, "'#pragma omp requires' needs at least one clause");
    for (int Depth = 0; !atEnd(); ++Pos) {
      Depth += peekIs("(") - peekIs(")");
      if (Depth < 0)
        return failed(here(), "unbalanced ')' in " + D.quotedName());
    }
    return true;
  }

  /// allocate(list), allocate(allocator : list) (OpenMP 5.0), allocate(allocator(a), align(n) :
  /// list) with either modifier or both, in either order (5.1).  As in gcc, `allocator(` and
  /// `align(` open modifiers: they are never calls.  The list follows the last ':' outside
  /// parentheses (an allocator may hold a conditional expression).
  bool parseAllocate(Clause &C) {
    size_t Colon = 0;
    for (size_t I = Pos, Depth = 0; I < Toks.size(); ++I) {
      const std::string &T = Toks[I].Spelling;
      if (Depth == 0 && T == ")")
        break;
      Depth += (T == "(" || T == "[") ? 1 : (T == ")" || T == "]") ? -1 : 0;
      if (Depth == 0 && T == ":")
        Colon = I;
    }
    const bool Modifiers = Colon && Pos + 1 < Colon && Toks[Pos + 1].Spelling == "(" &&
                           (peekIs("allocator") || peekIs("align"));
    if (Modifiers && !parseAllocateModifiers(C))
      return false;
    if (!Modifiers && Colon) {
      C.Expr.Tokens.assign(Toks.begin() + Pos, Toks.begin() + Colon);
      Pos = Colon;
    }
    return (!Colon || expect(":", "after the allocator")) && parseVarList(C, "allocate");
  }

  /// `allocator(expr)` and `align(n)`, separated by a comma: n a positive power of two.
  bool parseAllocateModifiers(Clause &C) {
    do {
      const PragmaToken Name = peek();
      const bool Align = Name.Spelling == "align";
      if (!Align && Name.Spelling != "allocator")
        return failed(Name.Loc, "expected 'allocator' or 'align' modifier in the 'allocate' "
                                "clause");
      if (Align ? C.Count != 0 : !C.Expr.Tokens.empty())
        return failed(Name.Loc, "duplicate '" + Name.Spelling + "' modifier");
      Pos += 1;
      if (!expect("(", "after '" + Name.Spelling + "'"))
        return false;
      if (Align ? !parseAlignment(C, "'allocate' clause 'align' modifier argument")
                : !parseExpr(C.Expr, "allocate"))
        return false;
      if (!expect(")", "after the modifier's argument"))
        return false;
    } while (accept(","));
    return true;
  }

  /// The alignment of the allocate clause's align modifier and of the allocate directive's
  /// align clause, into C.Count: a positive constant power of two (gcc's message, What first).
  bool parseAlignment(Clause &C, llvm::StringRef What) {
    const SourceLocation Start = here();
    std::optional<long long> N = constantSum();
    if (!N || !peekIs(")") || *N < 1 || *N > (1ll << 30) || (*N & (*N - 1)))
      return failed(Start, What.str() + " needs to be positive constant power of two integer "
                                        "expression");
    C.Count = static_cast<unsigned>(*N);
    return true;
  }

  /// lastprivate's `conditional:` (OpenMP 5.0), kept in Keyword; not on taskloop (gcc).
  bool parseLastprivateModifier(Clause &C, DirectiveKind D) {
    if (C.Kind != ClauseKind::Lastprivate || !peekIs("conditional") || Pos + 1 >= Toks.size() ||
        Toks[Pos + 1].Spelling != ":")
      return true;
    if (llvm::StringRef(directiveSpelling(D)).contains("taskloop"))
      return failed(here(), "conditional 'lastprivate' clause on 'taskloop' construct");
    C.Keyword = peek().Spelling;
    Pos += 2;
    return true;
  }

  bool parseVarList(Clause &C, llvm::StringRef ListOf) {
    do {
      if (atEnd() || !peek().IsIdentifier)
        return failed(here(), "expected a variable name in the '" + ListOf.str() + "' clause");
      C.Vars.push_back({peek().Spelling, peek().Loc, {}});
      ++Pos;
      while (peekIs("[") && clauseForm(C.Kind) == ClauseForm::Reduction)
        if (!parseSection(C.Vars.back()))
          return false;
      if (peekIs("[") || peekIs("."))
        return failed(here(), "array sections and members are not supported in this clause "
                              "list; name a variable");
    } while (accept(","));
    return true;
  }

  /// `[lower : length]`, `[: length]`, `[lower :]` (Length empty: to the array's end) or
  /// `[index]` (one element) after a reduction's list item: one dimension of its section.
  bool parseSection(VarName &V) {
    ArraySection S;
    S.Loc = here();
    ++Pos;
    if (!peekIs(":") && !parseSectionBound(S.Lower))
      return false;
    if (accept("]")) { // one element
      S.Length.Tokens.push_back(PragmaToken{"1", S.Loc, false, false});
    } else if (!expect(":", "in the array section") || !parseSectionBound(S.Length) ||
               !expect("]", "to close the array section")) {
      return false;
    }
    V.Sections.push_back(std::move(S));
    return true;
  }

  /// Tokens up to the ':' or ']' that ends a section bound, brackets balanced.
  bool parseSectionBound(ExprTokens &E) {
    int Depth = 0;
    for (; !atEnd(); ++Pos) {
      const std::string &T = peek().Spelling;
      if (Depth == 0 && (T == ":" || T == "]"))
        break;
      Depth += (T == "(" || T == "[") ? 1 : (T == ")" || T == "]") ? -1 : 0;
      E.Tokens.push_back(peek());
    }
    return true;
  }

  bool parseMapName(Clause &C) {
    if (atEnd() || !peek().IsIdentifier)
      return failed(here(), "expected the name of an iteration-to-thread map in 'affinity(name)'");
    C.Name = Toks[Pos++].Spelling;
    return true;
  }

  /// collapse(n), ordered(n): an integer constant expression (literals, + - * / % and
  /// parentheses, after macro expansion) between 1 and Max.
  bool parseCount(Clause &C, llvm::StringRef What, long long Max) {
    const SourceLocation Start = here();
    std::optional<long long> N = constantSum();
    if (!N || !peekIs(")") || *N < 1 || *N > Max)
      return failed(Start, What.str() + " must be an integer constant expression between 1 and " +
                               std::to_string(Max));
    C.Count = static_cast<unsigned>(*N);
    return true;
  }

  /// doacross(source:), doacross(source: omp_cur_iteration), depend(source); doacross(sink:
  /// vector), depend(sink: vector), each item `var`, `var + n` or `var - n` (n an integer
  /// literal, as gcc takes).
  bool parseDoacross(Clause &C) {
    if (accept("source")) {
      C.Keyword = "source";
      if (accept(":") && !accept("omp_cur_iteration") && !peekIs(")"))
        return failed(here(), "expected 'omp_cur_iteration' or ')' after 'source:' (a source "
                              "is the current iteration, it takes no vector)");
      return true;
    }
    if (!accept("sink"))
      return failed(here(), "expected 'source' or 'sink' in the '" + C.Name +
                                "' clause of '#pragma omp ordered'");
    C.Keyword = "sink";
    if (!expect(":", "after 'sink'"))
      return false;
    do {
      if (atEnd() || !peek().IsIdentifier)
        return failed(here(), "expected a loop variable in the sink vector");
      SinkItem Item{peek().Spelling, peek().Loc, 0};
      ++Pos;
      if (peekIs("+") || peekIs("-")) {
        const bool Minus = Toks[Pos++].Spelling == "-";
        unsigned long long N = 0;
        if (atEnd() || llvm::StringRef(peek().Spelling).rtrim("uUlL").getAsInteger(0, N) ||
            N > (1ull << 62))
          return failed(here(), "expected an integer constant as the offset of '" + Item.Var +
                                    "' in the sink vector");
        ++Pos;
        Item.Offset = Minus ? -static_cast<long long>(N) : static_cast<long long>(N);
      }
      C.Sink.push_back(std::move(Item));
    } while (accept(","));
    return true;
  }

  /// hint(expr): a constant expression of type omp_sync_hint_t, whose value must not be negative
  /// (gcc's rule: any other value is a valid hint).  The value is computed when the expression
  /// is made of the omp_sync_hint_* and omp_lock_hint_* names (their omp.h values), integer
  /// literals, + - | and parentheses; another one, a user's enumerator say, is the compiler's
  /// to check, and a variable in it the binder's error.
  bool parseSyncHint(Clause &C) {
    const SourceLocation Start = here();
    const size_t From = Pos;
    std::optional<long long> V = syncHintOr();
    const bool Whole = V && peekIs(")");
    Pos = From;
    if (!parseExpr(C.Expr, "hint"))
      return false;
    if (Whole && *V < 0)
      return failed(Start, "expected constant integer expression with valid sync-hint value");
    if (Whole)
      C.SyncHint = V;
    return true;
  }

  std::optional<long long> syncHintOr() {
    std::optional<long long> V = syncHintSum();
    while (V && accept("|")) {
      std::optional<long long> R = syncHintSum();
      V = R ? std::optional(*V | *R) : std::nullopt;
    }
    return V;
  }

  std::optional<long long> syncHintSum() {
    std::optional<long long> V = syncHintPrimary();
    while (V && (peekIs("+") || peekIs("-"))) {
      const bool Add = Toks[Pos++].Spelling == "+";
      std::optional<long long> R = syncHintPrimary();
      V = R ? std::optional(Add ? *V + *R : *V - *R) : std::nullopt;
    }
    return V;
  }

  std::optional<long long> syncHintPrimary() {
    static const llvm::StringMap<long long> Names = {
        {"none", 0}, {"uncontended", 1}, {"contended", 2}, {"nonspeculative", 4},
        {"speculative", 8}};
    if (accept("(")) {
      std::optional<long long> V = syncHintOr();
      return V && accept(")") ? V : std::nullopt;
    }
    if (accept("-")) {
      std::optional<long long> V = syncHintPrimary();
      return V ? std::optional(-*V) : std::nullopt;
    }
    if (!atEnd() && peek().IsIdentifier) {
      llvm::StringRef Name = peek().Spelling;
      if (!Name.consume_front("omp_sync_hint_") && !Name.consume_front("omp_lock_hint_"))
        return std::nullopt;
      const auto It = Names.find(Name);
      if (It == Names.end())
        return std::nullopt;
      ++Pos;
      return It->second;
    }
    return constantPrimary();
  }

  std::optional<long long> constantSum() {
    std::optional<long long> V = constantProduct();
    while (V && (peekIs("+") || peekIs("-"))) {
      const bool Add = Toks[Pos++].Spelling == "+";
      std::optional<long long> R = constantProduct();
      V = R ? std::optional(Add ? *V + *R : *V - *R) : std::nullopt;
    }
    return V;
  }

  std::optional<long long> constantProduct() {
    std::optional<long long> V = constantPrimary();
    while (V && (peekIs("*") || peekIs("/") || peekIs("%"))) {
      const std::string Op = Toks[Pos++].Spelling;
      std::optional<long long> R = constantPrimary();
      if (!R || (Op != "*" && *R == 0))
        return std::nullopt;
      V = Op == "*" ? *V * *R : Op == "/" ? *V / *R : *V % *R;
    }
    return V;
  }

  std::optional<long long> constantPrimary() {
    if (accept("(")) {
      std::optional<long long> V = constantSum();
      return V && accept(")") ? V : std::nullopt;
    }
    if (accept("-")) {
      std::optional<long long> V = constantPrimary();
      return V ? std::optional(-*V) : std::nullopt;
    }
    unsigned long long N = 0;
    if (atEnd() || llvm::StringRef(peek().Spelling).rtrim("uUlL").getAsInteger(0, N) ||
        N > 1000000)
      return std::nullopt;
    ++Pos;
    return static_cast<long long>(N);
  }

  /// `[inscan | default ,] op`: the modifier (reduction only) is kept in Keyword.
  /// The constructs whose reductions tasks may join (gcc's list, with scope): parallel and the
  /// worksharing constructs, and their combinations, also inside target, teams and distribute
  /// (not with simd, loop or taskloop).
  static bool takesTaskModifier(DirectiveKind K) {
    return K == DirectiveKind::Parallel || K == DirectiveKind::For ||
           K == DirectiveKind::ParallelFor || K == DirectiveKind::Sections ||
           K == DirectiveKind::ParallelSections || K == DirectiveKind::Scope ||
           K == DirectiveKind::ParallelMaster || K == DirectiveKind::ParallelMasked ||
           K == DirectiveKind::TargetParallel || K == DirectiveKind::TargetParallelFor ||
           K == DirectiveKind::DistributeParallelFor ||
           K == DirectiveKind::TeamsDistributeParallelFor ||
           K == DirectiveKind::TargetTeamsDistributeParallelFor;
  }

  bool parseReductionOp(Clause &C) {
    const bool Modifier =
        C.Kind == ClauseKind::Reduction &&
        (peekIs("inscan") || peekIs("default") || peekIs("task"));
    if (Modifier && Pos + 1 < Toks.size() && Toks[Pos + 1].Spelling == ",") {
      if (peekIs("task") && !takesTaskModifier(Current))
        return failed(here(), "'task' reduction modifier on a construct other than 'parallel', "
                              "'for', 'sections' or 'scope'");
      C.Keyword = peek().Spelling;
      Pos += 2;
    }
    if (atEnd())
      return failed(here(), "expected a reduction operator");
    // An identifier that is not min or max names a `declare reduction`.
    std::optional<ReductionOp> Op = reductionOpOf(peek().Spelling);
    if (!Op && !peek().IsIdentifier)
      return failed(here(), "unknown reduction operator '" + peek().Spelling +
                                "' (expected one of + * - & | ^ && || min max, or an identifier)");
    if (!Op && Pos + 1 < Toks.size() && Toks[Pos + 1].Spelling == ",")
      return failed(here(), "unknown reduction modifier '" + peek().Spelling +
                                "' (expected inscan, task or default)");
    C.Op = Op ? *Op : ReductionOp::User;
    C.ReductionId = peek().Spelling;
    ++Pos;
    return true;
  }

  /// The tokens up to the ')' or ',' that ends the expression, parentheses balanced.
  bool parseExpr(ExprTokens &E, llvm::StringRef ClauseName) {
    int Depth = 0;
    for (; !atEnd() && !(Depth == 0 && peek().Spelling == ")"); ++Pos) {
      const std::string &S = peek().Spelling;
      if (S == "(" || S == "[")
        ++Depth;
      else if (S == ")" || S == "]")
        --Depth;
      E.Tokens.push_back(peek());
    }
    if (E.Tokens.empty())
      return failed(here(), "expected an expression in the '" + ClauseName.str() + "' clause");
    return true;
  }

  /// Two if clauses apply to one construct unless their modifiers name different parts, and two
  /// defaultmap clauses to one category unless they name different ones (none names them all).
  static bool conflictingRepeat(const Directive &D, const Clause &C) {
    if (C.Kind != ClauseKind::If && C.Kind != ClauseKind::Defaultmap)
      return false;
    const auto Scope = [](const Clause &X) -> llvm::StringRef {
      return X.Kind == ClauseKind::If ? X.Keyword : X.Name;
    };
    for (const Clause &Prev : D.Clauses)
      if (Prev.Kind == C.Kind &&
          (Scope(Prev).empty() || Scope(C).empty() || Scope(Prev) == Scope(C)))
        return true;
    return false;
  }

  /// `if(name: e)`: name is the construct the clause applies to (of a combined one, its part):
  /// parallel, simd, task or taskloop.
  bool parseIfModifier(Clause &C) {
    // The modifier's words: one, or up to three after `target` (`target enter data`).
    size_t Words = 0;
    std::string Name;
    while (Pos + Words < Toks.size() && Toks[Pos + Words].IsIdentifier && Words < 3 &&
           (Words == 0 || Toks[Pos].Spelling == "target")) {
      Name += (Words ? " " : "") + Toks[Pos + Words].Spelling;
      ++Words;
    }
    while (Words > 0 && (Pos + Words >= Toks.size() || Toks[Pos + Words].Spelling != ":")) {
      --Words;
      Name = Name.substr(0, Name.rfind(' ') == std::string::npos ? 0 : Name.rfind(' '));
    }
    if (Words == 0)
      return true;
    const std::optional<DirectiveKind> Named = directiveKindOf(Name);
    // A modifier applies to the directives that take the clauses of the construct it names
    // (taskloop simd and the combined constructs included).
    const bool Applies = Name == "parallel"   ? clauseAllowedOn(Current, ClauseKind::NumThreads)
                         : Name == "simd"     ? clauseAllowedOn(Current, ClauseKind::Simdlen)
                         : Name == "task"     ? Current == DirectiveKind::Task
                         : Name == "taskloop" ? clauseAllowedOn(Current, ClauseKind::Grainsize)
                         : Name == "cancel"   ? Current == DirectiveKind::Cancel
                         : Name == "target"   ? clauseAllowedOn(Current, ClauseKind::ThreadLimit)
                         : Name.rfind("target ", 0) == 0 ? Named == Current
                                                         : false;
    if (!Applies)
      return failed(here(), "if clause modifier '" + Name + "' does not apply here");
    C.Keyword = Name;
    Pos += Words + 1;
    return true;
  }

  /// linear([val(] list [)] [: step]); the step is an expression, 1 without one.
  bool parseLinear(Clause &C) {
    const bool Val = peekIs("val") && Pos + 1 < Toks.size() && Toks[Pos + 1].Spelling == "(";
    if (!Val && !atEnd() && Pos + 1 < Toks.size() && Toks[Pos + 1].Spelling == "(")
      return failed(here(), "linear modifier '" + peek().Spelling + "' is not supported (C "
                            "takes 'val')");
    if (Val)
      Pos += 2;
    if (!parseVarList(C, "linear") || (Val && !expect(")", "after the 'val' modifier's list")))
      return false;
    return !accept(":") || parseExpr(C.Expr, "linear");
  }

  /// safelen(n), simdlen(n), aligned(list: n): a positive integer constant expression.
  bool parseLength(Clause &C) {
    const SourceLocation Start = here();
    std::optional<long long> N = constantSum();
    if (!N || !peekIs(")") || *N < 1)
      return failed(Start, std::string("the argument of '") + clauseSpelling(C.Kind) +
                               "' must be a positive integer constant expression");
    C.Count = static_cast<unsigned>(*N);
    return true;
  }

  /// The word of order([reproducible | unconstrained :] concurrent), at(compilation |
  /// execution), severity(fatal | warning), bind(thread | parallel | teams).
  bool parseKeyword(Clause &C) {
    std::vector<llvm::StringRef> Words;
    switch (C.Kind) {
    case ClauseKind::Order:
      if (Pos + 1 < Toks.size() && Toks[Pos + 1].Spelling == ":") {
        if (!peekIs("reproducible") && !peekIs("unconstrained"))
          return failed(here(), "unknown order modifier '" + peek().Spelling +
                                    "' (expected 'reproducible' or 'unconstrained')");
        C.Name = peek().Spelling; // the modifier
        Pos += 2;
      }
      Words = {"concurrent"};
      break;
    case ClauseKind::At: Words = {"compilation", "execution"}; break;
    case ClauseKind::Bind: Words = {"thread", "parallel", "teams"}; break;
    default: Words = {"fatal", "warning"}; break;
    }
    if (atEnd() || !llvm::is_contained(Words, peek().Spelling)) {
      std::string Expected;
      for (size_t I = 0; I < Words.size(); ++I)
        Expected += std::string(I ? " or " : "") + "'" + Words[I].str() + "'";
      return failed(here(), std::string("expected ") + Expected + " in the '" +
                                clauseSpelling(C.Kind) + "' clause");
    }
    C.Keyword = Toks[Pos++].Spelling;
    return true;
  }

  /// default(shared | none | firstprivate | private).
  bool parseDefault(Clause &C) {
    if (!peekIs("shared") && !peekIs("none") && !peekIs("firstprivate") && !peekIs("private"))
      return failed(here(), "expected 'shared', 'none', 'firstprivate' or 'private' in the "
                            "'default' clause");
    C.Default = peekIs("none")           ? DefaultKind::None
                : peekIs("firstprivate") ? DefaultKind::Firstprivate
                : peekIs("private")      ? DefaultKind::Private
                                         : DefaultKind::Shared;
    ++Pos;
    return true;
  }

  /// A dependence type's name, consumed.
  std::optional<DependKind> dependKind() {
    static const std::pair<const char *, DependKind> Kinds[] = {
        {"in", DependKind::In},
        {"out", DependKind::Out},
        {"inout", DependKind::Inout},
        {"mutexinoutset", DependKind::Mutexinoutset},
        {"inoutset", DependKind::Inoutset},
        {"depobj", DependKind::Depobj}};
    for (const auto &[Spelling, K] : Kinds)
      if (peekIs(Spelling)) {
        ++Pos;
        return K;
      }
    return std::nullopt;
  }

  /// depend([iterator(...),] type: item, ...): each item an lvalue or an array section, kept
  /// as tokens.
  bool parseDepend(Clause &C) {
    if (peekIs("iterator") && Pos + 1 < Toks.size() && Toks[Pos + 1].Spelling == "(" &&
        !parseIterators(C, ","))
      return false;
    if (peekIs("source") || peekIs("sink"))
      return failed(here(), "'depend(" + peek().Spelling + ")' is only allowed on '#pragma omp "
                                                           "ordered' (doacross loops)");
    std::optional<DependKind> Kind = dependKind();
    if (!Kind)
      return failed(here(), "expected a dependence type (in, out, inout, mutexinoutset, inoutset "
                            "or depobj) in the 'depend' clause");
    if (!expect(":", "after the dependence type"))
      return false;
    do {
      DependItem Item{*Kind, {}};
      if (!parseListItem(Item.Expr, "depend"))
        return false;
      C.Depends.push_back(std::move(Item));
    } while (accept(","));
    return true;
  }

  /// `iterator([type] name = begin : end [: step], ...)` and Separator: `,` before depend's type,
  /// `:` before affinity's locators.
  bool parseIterators(Clause &C, llvm::StringRef Separator) {
    Pos += 2; // iterator (
    do {
      size_t Eq = Pos;
      while (Eq < Toks.size() && Toks[Eq].Spelling != "=" && Toks[Eq].Spelling != "," &&
             Toks[Eq].Spelling != ")")
        ++Eq;
      if (Eq == Toks.size() || Toks[Eq].Spelling != "=" || Eq == Pos ||
          !Toks[Eq - 1].IsIdentifier || Toks[Eq - 1].IsKeyword)
        return failed(Eq < Toks.size() ? Toks[Eq].Loc : P.EndLoc,
                      "expected '[type] name = begin : end [: step]' in the 'iterator' modifier");
      DependIterator It;
      It.Type.Tokens.assign(Toks.begin() + Pos, Toks.begin() + Eq - 1);
      It.Name = Toks[Eq - 1].Spelling;
      It.Loc = Toks[Eq - 1].Loc;
      Pos = Eq + 1;
      for (const DependIterator &Prev : C.Iterators)
        if (Prev.Name == It.Name)
          return failed(It.Loc, "redeclaration of the iterator '" + It.Name + "'");
      if (!tokensUntil(It.Begin, {":"}, "the iterator's begin") ||
          !expect(":", "after the iterator's begin") ||
          !tokensUntil(It.End, {":", ",", ")"}, "the iterator's end"))
        return false;
      const size_t Step = Pos + 1;
      if (accept(":") && !tokensUntil(It.Step, {",", ")"}, "the iterator's step"))
        return false;
      if (!It.Step.Tokens.empty() && isZero(Step, Pos))
        return failed(It.Step.loc(), "iterator '" + It.Name + "' has zero step");
      C.Iterators.push_back(std::move(It));
    } while (accept(","));
    return expect(")", "to close the 'iterator' modifier") &&
           expect(Separator, "after the 'iterator' modifier");
  }

  /// Whether the tokens [Start, End) are an integer constant expression of value 0.
  bool isZero(size_t Start, size_t End) {
    const size_t Saved = Pos;
    Pos = Start;
    std::optional<long long> V = constantSum();
    const bool Whole = Pos == End;
    Pos = Saved;
    return V && *V == 0 && Whole;
  }

  /// The tokens up to (not including) one of Stops outside brackets and conditional operators,
  /// at least one.
  bool tokensUntil(ExprTokens &E, std::initializer_list<llvm::StringRef> Stops,
                   llvm::StringRef What) {
    int Depth = 0, Conditionals = 0;
    for (; !atEnd(); ++Pos) {
      const std::string &S = peek().Spelling;
      if (Depth == 0 && llvm::is_contained(Stops, S) && !(S == ":" && Conditionals > 0))
        break;
      Depth += (S == "(" || S == "[") ? 1 : (S == ")" || S == "]") ? -1 : 0;
      if (Depth < 0)
        break;
      Conditionals += S == "?" ? 1 : (S == ":" && Depth == 0) ? -1 : 0;
      E.Tokens.push_back(peek());
    }
    if (E.Tokens.empty())
      return failed(here(), "expected " + What.str());
    return true;
  }

  /// The tokens of one list item, up to the ',' or ')' that ends it, brackets balanced.
  bool parseListItem(ExprTokens &E, llvm::StringRef ClauseName) {
    return tokensUntil(E, {",", ")"}, "a list item in the '" + ClauseName.str() + "' clause");
  }

  bool parseProcBind(Clause &C) {
    if (peekIs("primary") || peekIs("master"))
      C.ProcBind = ProcBindKind::Primary;
    else if (peekIs("close"))
      C.ProcBind = ProcBindKind::Close;
    else if (peekIs("spread"))
      C.ProcBind = ProcBindKind::Spread;
    else
      return failed(here(), "expected 'primary', 'close' or 'spread' in the 'proc_bind' clause");
    ++Pos;
    return true;
  }

  /// Optional modifiers, `m1[, m2]:`: monotonic or nonmonotonic (not both), and simd (which only
  /// asks for chunks that are multiples of the vector length: every chunk is fine).  At most two,
  /// as gcc takes them (a repeated one is taken too).
  bool parseScheduleModifier(Clause &C) {
    size_t End = Pos;
    while (End + 1 < Toks.size() && Toks[End].IsIdentifier && Toks[End + 1].Spelling == ",")
      End += 2;
    if (End + 1 >= Toks.size() || !Toks[End].IsIdentifier || Toks[End + 1].Spelling != ":")
      return true;
    if (End > Pos + 2)
      return failed(Toks[Pos + 3].Loc, "expected ':' after the second schedule modifier (a "
                                       "schedule takes at most two)");
    const SourceLocation First = here();
    bool Monotonic = false, Nonmonotonic = false;
    for (; Pos <= End; Pos += 2) {
      const std::string &M = peek().Spelling;
      if (M == "monotonic")
        C.Modifier = ScheduleModifier::Monotonic, Monotonic = true;
      else if (M == "nonmonotonic")
        C.Modifier = ScheduleModifier::Nonmonotonic, Nonmonotonic = true;
      else if (M != "simd")
        return failed(here(), "unknown schedule modifier '" + M +
                                  "' (expected 'monotonic', 'nonmonotonic' or 'simd')");
    }
    if (Monotonic && Nonmonotonic)
      return failed(First, "both 'monotonic' and 'nonmonotonic' modifiers specified");
    return true;
  }

  bool parseSchedule(Clause &C) {
    if (!parseScheduleModifier(C))
      return false;
    if (atEnd() || !peek().IsIdentifier)
      return failed(here(), "expected a schedule kind");
    C.ScheduleKindLoc = peek().Loc;
    const std::string Name = peek().Spelling;
    std::optional<ScheduleKind> Kind = scheduleKindOf(Name);
    if (!Kind)
      return failed(here(), "unknown schedule kind '" + Name + "'");
    C.Schedule = *Kind;
    ++Pos;
    if (scheduleTakesMap(*Kind)) {
      if (!expect("(", "after '" + Name + "': it takes an array argument"))
        return false;
      if (atEnd() || !peek().IsIdentifier)
        return failed(here(), "expected the name of an array in '" + Name + "(...)'");
      C.ScheduleMap = VarName{peek().Spelling, peek().Loc, {}};
      ++Pos;
      if (!expect(")", "after the array name"))
        return false;
    }
    if (!accept(","))
      return true;
    if (!scheduleTakesChunk(*Kind))
      return failed(C.ScheduleKindLoc, "schedule kind '" + Name + "' does not take a chunk size");
    return parseExpr(C.Expr, "schedule");
  }
};

} // namespace

std::optional<Directive> parseDirective(const CapturedPragma &Pragma, Diag &Diags) {
  return Parser(Pragma, Diags).parse();
}

} // namespace omp2numa
