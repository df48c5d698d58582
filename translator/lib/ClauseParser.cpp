//===- ClauseParser.cpp ---------------------------------------------------===//
#include "ClauseParser.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>
#include <initializer_list>

using namespace clang;

namespace omp2numa {

const char *directiveSpelling(DirectiveKind Kind) {
  switch (Kind) {
  case DirectiveKind::Parallel: return "parallel";
  case DirectiveKind::For: return "for";
  case DirectiveKind::ParallelFor: return "parallel for";
  case DirectiveKind::Sections: return "sections";
  case DirectiveKind::ParallelSections: return "parallel sections";
  case DirectiveKind::Section: return "section";
  case DirectiveKind::Single: return "single";
  case DirectiveKind::Master: return "master";
  case DirectiveKind::Masked: return "masked";
  case DirectiveKind::Critical: return "critical";
  case DirectiveKind::Atomic: return "atomic";
  case DirectiveKind::Ordered: return "ordered";
  case DirectiveKind::Barrier: return "barrier";
  case DirectiveKind::Flush: return "flush";
  case DirectiveKind::Threadprivate: return "threadprivate";
  }
  return "?";
}

const char *clauseSpelling(ClauseKind Kind) {
  switch (Kind) {
  case ClauseKind::Private: return "private";
  case ClauseKind::Firstprivate: return "firstprivate";
  case ClauseKind::Shared: return "shared";
  case ClauseKind::Default: return "default";
  case ClauseKind::Reduction: return "reduction";
  case ClauseKind::NumThreads: return "num_threads";
  case ClauseKind::If: return "if";
  case ClauseKind::Nowait: return "nowait";
  case ClauseKind::ProcBind: return "proc_bind";
  case ClauseKind::Schedule: return "schedule";
  case ClauseKind::Lastprivate: return "lastprivate";
  case ClauseKind::Copyprivate: return "copyprivate";
  case ClauseKind::Copyin: return "copyin";
  case ClauseKind::Collapse: return "collapse";
  case ClauseKind::Ordered: return "ordered";
  case ClauseKind::Filter: return "filter";
  case ClauseKind::Affinity: return "affinity";
  case ClauseKind::ThreadprivateList: return "threadprivate";
  }
  return "?";
}

const char *reductionOpSpelling(ReductionOp Op) {
  switch (Op) {
  case ReductionOp::Add: return "+";
  case ReductionOp::Mul: return "*";
  case ReductionOp::Sub: return "-";
  case ReductionOp::BitAnd: return "&";
  case ReductionOp::BitOr: return "|";
  case ReductionOp::BitXor: return "^";
  case ReductionOp::LogAnd: return "&&";
  case ReductionOp::LogOr: return "||";
  case ReductionOp::Min: return "min";
  case ReductionOp::Max: return "max";
  }
  return "?";
}

namespace {

/// Directives that exist in OpenMP but that omp2numa rejects, with the reason users see.
const char *unsupportedReason(llvm::StringRef Name) {
  return llvm::StringSwitch<const char *>(Name)
      .Cases("task", "taskloop", "taskwait", "taskgroup", "taskyield",
             "tasks are not supported by omp2numa")
      .Cases("target", "teams", "distribute", "requires",
             "device constructs are not supported by omp2numa")
      .Case("declare", "declare directives (declare reduction, declare simd, declare target, "
                       "declare variant) are not supported by omp2numa")
      .Case("simd", "simd constructs are not supported by omp2numa")
      .Cases("loop", "cancel", "cancellation", "scan", "depobj",
             "this directive is not supported yet")
      .Cases("tile", "unroll", "scope", "metadirective", "interop", "dispatch",
             "this directive is not supported yet")
      .Default(nullptr);
}

std::optional<ClauseKind> clauseKindOf(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<ClauseKind>>(Name)
      .Case("private", ClauseKind::Private)
      .Case("firstprivate", ClauseKind::Firstprivate)
      .Case("shared", ClauseKind::Shared)
      .Case("default", ClauseKind::Default)
      .Case("reduction", ClauseKind::Reduction)
      .Case("num_threads", ClauseKind::NumThreads)
      .Case("if", ClauseKind::If)
      .Case("nowait", ClauseKind::Nowait)
      .Case("proc_bind", ClauseKind::ProcBind)
      .Case("schedule", ClauseKind::Schedule)
      .Case("lastprivate", ClauseKind::Lastprivate)
      .Case("copyprivate", ClauseKind::Copyprivate)
      .Case("copyin", ClauseKind::Copyin)
      .Case("collapse", ClauseKind::Collapse)
      .Case("ordered", ClauseKind::Ordered)
      .Case("filter", ClauseKind::Filter)
      .Case("affinity", ClauseKind::Affinity)
      .Default(std::nullopt);
}

bool isKnownButUnsupportedClause(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("linear", "aligned", "allocate", "order", "bind", true)
      .Cases("depend", "untied", "mergeable", "final", "priority", true)
      .Cases("map", "device", "in_reduction", "task_reduction", "nontemporal", true)
      .Default(false);
}

bool allowedOn(DirectiveKind D, ClauseKind C) {
  using CK = ClauseKind;
  auto in = [C](std::initializer_list<ClauseKind> Set) {
    return std::find(Set.begin(), Set.end(), C) != Set.end();
  };
  const bool OnParallel = in({CK::Private, CK::Firstprivate, CK::Shared, CK::Default, CK::Reduction,
                              CK::NumThreads, CK::If, CK::ProcBind, CK::Copyin});
  const bool OnFor = in({CK::Private, CK::Firstprivate, CK::Lastprivate, CK::Reduction,
                         CK::Schedule, CK::Collapse, CK::Ordered, CK::Nowait, CK::Affinity});
  const bool OnSections =
      in({CK::Private, CK::Firstprivate, CK::Lastprivate, CK::Reduction, CK::Nowait});
  switch (D) {
  case DirectiveKind::Parallel: return OnParallel;
  case DirectiveKind::For: return OnFor;
  case DirectiveKind::ParallelFor: return (OnParallel || OnFor) && C != CK::Nowait;
  case DirectiveKind::Sections: return OnSections;
  case DirectiveKind::ParallelSections: return (OnParallel || OnSections) && C != CK::Nowait;
  case DirectiveKind::Single:
    return in({CK::Private, CK::Firstprivate, CK::Copyprivate, CK::Nowait});
  case DirectiveKind::Masked: return C == CK::Filter;
  default: return false;
  }
}

/// Whether a clause may appear at most once on a directive.
bool isUnique(ClauseKind C) {
  return C == ClauseKind::Default || C == ClauseKind::NumThreads || C == ClauseKind::If ||
         C == ClauseKind::Nowait || C == ClauseKind::ProcBind || C == ClauseKind::Schedule ||
         C == ClauseKind::Collapse || C == ClauseKind::Ordered || C == ClauseKind::Filter ||
         C == ClauseKind::Affinity;
}

/// Recursive-descent parser over one pragma's tokens.
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
    if (!parseDirectiveName(D))
      return std::nullopt;
    while (!atEnd()) {
      if (peek().Spelling == ",") {
        ++Pos;
        continue;
      }
      std::optional<Clause> C = parseClause(D.Kind);
      if (!C)
        return std::nullopt;
      if (isUnique(C->Kind) && D.has(C->Kind))
        return fail(C->Loc, std::string("directive '#pragma omp ") +
                                directiveSpelling(D.Kind) + "' cannot have more than one '" +
                                clauseSpelling(C->Kind) + "' clause");
      D.Clauses.push_back(std::move(*C));
    }
    return D;
  }

private:
  const CapturedPragma &P;
  const std::vector<PragmaToken> &Toks;
  Diag &Diags;
  size_t Pos = 0;

  bool atEnd() const { return Pos >= Toks.size(); }
  const PragmaToken &peek() const { return Toks[Pos]; }
  SourceLocation here() const { return atEnd() ? P.EndLoc : peek().Loc; }

  std::nullopt_t fail(SourceLocation Loc, const std::string &Message) {
    Diags.error(Loc, Message);
    return std::nullopt;
  }

  bool expect(llvm::StringRef Spelling, llvm::StringRef Context) {
    if (!atEnd() && peek().Spelling == Spelling) {
      ++Pos;
      return true;
    }
    std::string Found = atEnd() ? "end of pragma" : "'" + peek().Spelling + "'";
    fail(here(), "expected '" + Spelling.str() + "' " + Context.str() + ", found " + Found);
    return false;
  }

  bool parseDirectiveName(Directive &D) {
    const PragmaToken &Name = Toks[Pos++];
    const std::string &N = Name.Spelling;
    auto next = [&](llvm::StringRef Word) {
      if (atEnd() || peek().Spelling != Word)
        return false;
      ++Pos;
      return true;
    };
    auto rejectSimd = [&](const char *Prefix) {
      return !atEnd() && peek().Spelling == "simd"
                 ? reject(peek(), "simd constructs are not supported by omp2numa", Prefix)
                 : true;
    };
    if (N == "parallel") {
      D.Kind = DirectiveKind::Parallel;
      if (next("for")) {
        D.Kind = DirectiveKind::ParallelFor;
        return rejectSimd("parallel for ");
      }
      if (next("sections")) {
        D.Kind = DirectiveKind::ParallelSections;
        return true;
      }
      if (!atEnd() && unsupportedReason(peek().Spelling))
        return reject(peek(), unsupportedReason(peek().Spelling), "parallel ");
      if (!atEnd() && (peek().Spelling == "master" || peek().Spelling == "masked"))
        return reject(peek(), "this directive is not supported yet", "parallel ");
      return true;
    }
    static const std::pair<const char *, DirectiveKind> Simple[] = {
        {"for", DirectiveKind::For},           {"sections", DirectiveKind::Sections},
        {"section", DirectiveKind::Section},   {"single", DirectiveKind::Single},
        {"master", DirectiveKind::Master},     {"masked", DirectiveKind::Masked},
        {"barrier", DirectiveKind::Barrier},   {"ordered", DirectiveKind::Ordered},
        {"critical", DirectiveKind::Critical}, {"atomic", DirectiveKind::Atomic},
        {"flush", DirectiveKind::Flush},       {"threadprivate", DirectiveKind::Threadprivate}};
    for (const auto &[Spelling, Kind] : Simple) {
      if (N != Spelling)
        continue;
      D.Kind = Kind;
      switch (Kind) {
      case DirectiveKind::For: return rejectSimd("for ");
      case DirectiveKind::Critical: return parseCriticalName(D);
      case DirectiveKind::Atomic: return parseAtomicKind(D);
      case DirectiveKind::Flush: return parseOptionalList(D, /*Required=*/false);
      case DirectiveKind::Threadprivate: return parseOptionalList(D, /*Required=*/true);
      case DirectiveKind::Ordered:
        if (!atEnd() && (peek().Spelling == "depend" || peek().Spelling == "simd"))
          return reject(peek(), "this form of 'ordered' is not supported yet", "ordered ");
        next("threads");
        return true;
      default: return true;
      }
    }
    if (const char *Reason = unsupportedReason(N)) {
      // Name the directive as written: 'declare reduction', 'target teams', ...
      std::string Full = N;
      static const std::pair<const char *, const char *> TwoWordDirectives[] = {
          {"declare", "reduction"}, {"declare", "simd"},     {"declare", "target"},
          {"declare", "variant"},   {"declare", "mapper"},   {"target", "teams"},
          {"target", "parallel"},   {"target", "simd"},      {"target", "data"},
          {"target", "enter"},      {"target", "exit"},      {"target", "update"},
          {"teams", "distribute"},  {"teams", "loop"},       {"distribute", "parallel"},
          {"distribute", "simd"},   {"cancellation", "point"}};
      bool SecondWord = false;
      for (const auto &[First, Second] : TwoWordDirectives)
        SecondWord |= N == First && !atEnd() && peek().Spelling == Second;
      if (SecondWord)
        Full += " " + peek().Spelling;
      fail(Name.Loc, "'#pragma omp " + Full + "': " + Reason);
      return false;
    }
    fail(Name.Loc, "unknown OpenMP directive '" + N + "'");
    return false;
  }

  bool parseCriticalName(Directive &D) {
    if (atEnd() || peek().Spelling != "(")
      return true;
    ++Pos;
    if (atEnd() || !peek().IsIdentifier) {
      fail(here(), "expected the name of the critical construct");
      return false;
    }
    D.CriticalName = peek().Spelling;
    ++Pos;
    if (!expect(")", "after the critical construct's name"))
      return false;
    if (!atEnd() && peek().Spelling == "hint") {
      fail(here(), "clause 'hint' is not supported yet");
      return false;
    }
    return true;
  }

  /// atomic [read | write | update | capture] [seq_cst], in either order.
  bool parseAtomicKind(Directive &D) {
    bool SawKind = false;
    while (!atEnd()) {
      const std::string &W = peek().Spelling;
      if (W == ",") {
        ++Pos;
        continue;
      }
      std::optional<AtomicKind> K = llvm::StringSwitch<std::optional<AtomicKind>>(W)
                                        .Case("read", AtomicKind::Read)
                                        .Case("write", AtomicKind::Write)
                                        .Case("update", AtomicKind::Update)
                                        .Case("capture", AtomicKind::Capture)
                                        .Default(std::nullopt);
      if (K && !SawKind) {
        D.Atomic = *K;
        SawKind = true;
      } else if (W != "seq_cst" && W != "relaxed" && W != "acq_rel" && W != "acquire" &&
                 W != "release") {
        fail(here(), "unexpected '" + W + "' in '#pragma omp atomic' (expected read, write, "
                                          "update, capture or a memory order)");
        return false;
      }
      ++Pos;
    }
    return true;
  }

  /// flush [(list)], threadprivate (list): the list is kept as a ThreadprivateList clause.
  bool parseOptionalList(Directive &D, bool Required) {
    if (atEnd() && !Required)
      return true;
    Clause C;
    C.Kind = ClauseKind::ThreadprivateList;
    C.Loc = here();
    if (!expect("(", std::string("after '") + directiveSpelling(D.Kind) + "'") ||
        !parseVarList(C) || !expect(")", "to close the variable list"))
      return false;
    D.Clauses.push_back(std::move(C));
    return true;
  }

  bool reject(const PragmaToken &Name, const char *Reason, const char *Prefix = "") {
    fail(Name.Loc, std::string("'#pragma omp ") + Prefix + Name.Spelling + "': " + Reason);
    return false;
  }

  std::optional<Clause> parseClause(DirectiveKind D) {
    const PragmaToken &Name = Toks[Pos];
    if (!Name.IsIdentifier)
      return fail(Name.Loc, "expected an OpenMP clause, found '" + Name.Spelling + "'");
    ++Pos;
    std::optional<ClauseKind> Kind = clauseKindOf(Name.Spelling);
    if (!Kind) {
      if (isKnownButUnsupportedClause(Name.Spelling))
        return fail(Name.Loc, "clause '" + Name.Spelling + "' is not supported yet");
      return fail(Name.Loc, "unknown OpenMP clause '" + Name.Spelling + "'");
    }
    if (!allowedOn(D, *Kind))
      return fail(Name.Loc, std::string("clause '") + clauseSpelling(*Kind) +
                                "' is not allowed on '#pragma omp " + directiveSpelling(D) + "'");
    Clause C;
    C.Kind = *Kind;
    C.Loc = Name.Loc;
    bool Ok = true;
    switch (*Kind) {
    case ClauseKind::Nowait:
      break;
    case ClauseKind::Private:
    case ClauseKind::Firstprivate:
    case ClauseKind::Shared:
    case ClauseKind::Lastprivate:
    case ClauseKind::Copyprivate:
    case ClauseKind::Copyin:
    case ClauseKind::ThreadprivateList:
      Ok = expect("(", "after '" + Name.Spelling + "'") && parseVarList(C) &&
           expect(")", "to close the variable list");
      break;
    case ClauseKind::Filter:
      Ok = expect("(", "after 'filter'") && parseExpr(C.Expr, "filter") &&
           expect(")", "after the expression");
      break;
    case ClauseKind::Collapse:
      Ok = expect("(", "after 'collapse'") && parseCount(C) && expect(")", "after the count");
      break;
    case ClauseKind::Ordered:
      if (!atEnd() && peek().Spelling == "(") {
        fail(here(), "'ordered(n)' (doacross loops) is not supported yet");
        return std::nullopt;
      }
      break;
    case ClauseKind::Affinity:
      Ok = expect("(", "after 'affinity'");
      if (Ok && (atEnd() || !peek().IsIdentifier)) {
        fail(here(), "expected the name of an iteration-to-thread map in 'affinity(name)'");
        return std::nullopt;
      }
      if (Ok) {
        C.Name = peek().Spelling;
        ++Pos;
        Ok = expect(")", "after the map's name");
      }
      break;
    case ClauseKind::Reduction:
      Ok = expect("(", "after 'reduction'") && parseReductionOp(C) &&
           expect(":", "after the reduction operator") && parseVarList(C) &&
           expect(")", "to close the variable list");
      break;
    case ClauseKind::NumThreads:
      Ok = expect("(", "after 'num_threads'") && parseExpr(C.Expr, "num_threads") &&
           expect(")", "after the expression");
      break;
    case ClauseKind::If:
      Ok = expect("(", "after 'if'") && parseIfModifier() && parseExpr(C.Expr, "if") &&
           expect(")", "after the expression");
      break;
    case ClauseKind::Default:
      Ok = expect("(", "after 'default'") && parseDefault(C) && expect(")", "after the kind");
      break;
    case ClauseKind::ProcBind:
      Ok = expect("(", "after 'proc_bind'") && parseProcBind(C) && expect(")", "after the kind");
      break;
    case ClauseKind::Schedule:
      Ok = expect("(", "after 'schedule'") && parseSchedule(C) &&
           expect(")", "to close the schedule clause");
      break;
    }
    if (!Ok)
      return std::nullopt;
    return C;
  }

  bool parseVarList(Clause &C) {
    do {
      if (atEnd() || !peek().IsIdentifier) {
        fail(here(), "expected a variable name in the '" + std::string(clauseSpelling(C.Kind)) +
                         "' clause");
        return false;
      }
      C.Vars.push_back({peek().Spelling, peek().Loc});
      ++Pos;
      if (!atEnd() && (peek().Spelling == "[" || peek().Spelling == ".")) {
        fail(here(), "array sections and members are not supported in clause lists; name a "
                     "variable");
        return false;
      }
    } while (!atEnd() && peek().Spelling == "," && ++Pos);
    return true;
  }

  bool parseCount(Clause &C) {
    if (atEnd()) {
      fail(here(), "expected a positive integer constant");
      return false;
    }
    unsigned long long N = 0;
    if (llvm::StringRef(peek().Spelling).getAsInteger(0, N) || N == 0 || N > 8) {
      fail(here(), "collapse count must be an integer constant between 1 and 8, found '" +
                       peek().Spelling + "'");
      return false;
    }
    C.Count = static_cast<unsigned>(N);
    ++Pos;
    return true;
  }

  bool parseReductionOp(Clause &C) {
    if (atEnd()) {
      fail(here(), "expected a reduction operator");
      return false;
    }
    std::optional<ReductionOp> Op = llvm::StringSwitch<std::optional<ReductionOp>>(peek().Spelling)
                                        .Case("+", ReductionOp::Add)
                                        .Case("*", ReductionOp::Mul)
                                        .Case("-", ReductionOp::Sub)
                                        .Case("&", ReductionOp::BitAnd)
                                        .Case("|", ReductionOp::BitOr)
                                        .Case("^", ReductionOp::BitXor)
                                        .Case("&&", ReductionOp::LogAnd)
                                        .Case("||", ReductionOp::LogOr)
                                        .Case("min", ReductionOp::Min)
                                        .Case("max", ReductionOp::Max)
                                        .Default(std::nullopt);
    if (!Op) {
      fail(here(), "unknown reduction operator '" + peek().Spelling +
                       "' (expected one of + * - & | ^ && || min max)");
      return false;
    }
    C.Op = *Op;
    ++Pos;
    return true;
  }

  /// The tokens up to the ')' or ',' that ends the expression, parentheses balanced.
  bool parseExpr(ExprTokens &E, llvm::StringRef ClauseName, bool StopAtComma = false) {
    int Depth = 0;
    while (!atEnd()) {
      const std::string &S = peek().Spelling;
      if (Depth == 0 && (S == ")" || (StopAtComma && S == ",")))
        break;
      if (S == "(" || S == "[")
        ++Depth;
      else if (S == ")" || S == "]")
        --Depth;
      E.Tokens.push_back(peek());
      ++Pos;
    }
    if (E.Tokens.empty()) {
      fail(here(), "expected an expression in the '" + ClauseName.str() + "' clause");
      return false;
    }
    return true;
  }

  bool parseIfModifier() {
    if (Pos + 1 < Toks.size() && Toks[Pos + 1].Spelling == ":" && peek().IsIdentifier) {
      if (peek().Spelling != "parallel") {
        fail(here(), "if clause modifier '" + peek().Spelling + "' does not apply here");
        return false;
      }
      Pos += 2;
    }
    return true;
  }

  bool parseDefault(Clause &C) {
    std::string Kind = atEnd() ? "" : peek().Spelling;
    if (Kind == "shared")
      C.Default = DefaultKind::Shared;
    else if (Kind == "none")
      C.Default = DefaultKind::None;
    else {
      fail(here(), "expected 'shared' or 'none' in the 'default' clause");
      return false;
    }
    ++Pos;
    return true;
  }

  bool parseProcBind(Clause &C) {
    std::string Kind = atEnd() ? "" : peek().Spelling;
    if (Kind == "primary" || Kind == "master")
      C.ProcBind = ProcBindKind::Primary;
    else if (Kind == "close")
      C.ProcBind = ProcBindKind::Close;
    else if (Kind == "spread")
      C.ProcBind = ProcBindKind::Spread;
    else {
      fail(here(), "expected 'primary', 'close' or 'spread' in the 'proc_bind' clause");
      return false;
    }
    ++Pos;
    return true;
  }

  bool parseSchedule(Clause &C) {
    // Optional modifier: monotonic | nonmonotonic, followed by ':'.
    if (Pos + 1 < Toks.size() && Toks[Pos + 1].Spelling == ":") {
      const std::string &M = peek().Spelling;
      if (M == "monotonic")
        C.Modifier = ScheduleModifier::Monotonic;
      else if (M == "nonmonotonic")
        C.Modifier = ScheduleModifier::Nonmonotonic;
      else {
        fail(here(), "unknown schedule modifier '" + M + "' (expected 'monotonic' or "
                                                         "'nonmonotonic')");
        return false;
      }
      Pos += 2;
    }
    if (atEnd() || !peek().IsIdentifier) {
      fail(here(), "expected a schedule kind");
      return false;
    }
    C.ScheduleKindLoc = peek().Loc;
    const std::string &Name = peek().Spelling;
    std::optional<ScheduleKind> Kind = llvm::StringSwitch<std::optional<ScheduleKind>>(Name)
                                           .Case("static", ScheduleKind::Static)
                                           .Case("dynamic", ScheduleKind::Dynamic)
                                           .Case("guided", ScheduleKind::Guided)
                                           .Case("auto", ScheduleKind::Auto)
                                           .Case("runtime", ScheduleKind::Runtime)
                                           .Case("adaptive", ScheduleKind::Adaptive)
                                           .Case("fac2", ScheduleKind::Fac2)
                                           .Case("tss", ScheduleKind::Tss)
                                           .Case("wf2", ScheduleKind::Wf2)
                                           .Case("rand", ScheduleKind::Rand)
                                           .Case("genblock", ScheduleKind::Genblock)
                                           .Case("indirect", ScheduleKind::Indirect)
                                           .Default(std::nullopt);
    if (!Kind) {
      fail(here(), "unknown schedule kind '" + Name + "'");
      return false;
    }
    C.Schedule = *Kind;
    ++Pos;
    const bool TakesMap = *Kind == ScheduleKind::Genblock || *Kind == ScheduleKind::Indirect ||
                          *Kind == ScheduleKind::Wf2;
    if (TakesMap) {
      if (!expect("(", "after '" + Name + "': it takes an array argument"))
        return false;
      if (atEnd() || !peek().IsIdentifier) {
        fail(here(), "expected the name of an array in '" + Name + "(...)'");
        return false;
      }
      C.ScheduleMap = VarName{peek().Spelling, peek().Loc};
      ++Pos;
      if (!expect(")", "after the array name"))
        return false;
    }
    if (!atEnd() && peek().Spelling == ",") {
      ++Pos;
      if (*Kind == ScheduleKind::Auto || *Kind == ScheduleKind::Runtime ||
          *Kind == ScheduleKind::Genblock || *Kind == ScheduleKind::Indirect) {
        fail(C.ScheduleKindLoc, "schedule kind '" + Name + "' does not take a chunk size");
        return false;
      }
      return parseExpr(C.Expr, "schedule");
    }
    return true;
  }
};

} // namespace

std::optional<Directive> parseDirective(const CapturedPragma &Pragma, Diag &Diags) {
  return Parser(Pragma, Diags).parse();
}

} // namespace omp2numa
