//===- DependLowering.cpp - the items of depend clauses -------------------===//
#include "DependLowering.h"
#include "LoopLowering.h"

using namespace clang;

namespace omp2numa {

namespace {

/// Items that fit the array on the stack of a construct with iterators: an iterator over a few
/// neighbours needs no allocation, and 16 items are 256 bytes of the thread's stack.
constexpr unsigned StackItems = 16;

/// `{address, type}` of one item.
std::string dependValue(LoweringContext &L, const Construct *C, const DependItem &Item) {
  return "{" + dependAddress(L, C, Item.Expr) + ", " + dependKindName(Item.Kind) + "}";
}

/// The names of iterator J of depend clause I: `__o2n_it<What>_I_J`.
std::string iteratorName(const char *What, size_t I, size_t J) {
  return std::string("__o2n_it") + What + "_" + std::to_string(I) + "_" + std::to_string(J);
}

/// The statements that evaluate iterator J of clause I, declared with type T: its begin and end
/// converted to T, its step (of its own type, an integer one: `% 1` does not compile
/// otherwise) and its count of values, in the step's direction.
std::string iteratorRange(LoweringContext &L, const Construct *C, const DependIterator &It,
                          QualType T, size_t I, size_t J) {
  const std::string B = iteratorName("b", I, J), E = iteratorName("e", I, J),
                    S = iteratorName("s", I, J), Type = L.Types.declare(T, "");
  const std::string Step = It.Step.Tokens.empty() ? "(1)" : L.exprText(C, C->Parent, It.Step);
  const bool Pointer = T->isPointerType();
  // The first follows the caller's #line marker of the pragma.
  std::string Text = I || J ? L.Out.lineMarker(C->Dir.Loc) : "";
  Text += "  " + L.Types.declare(T.withConst(), B) + " = (" + Type + ")" +
          L.exprText(C, C->Parent, It.Begin) + ";\n  " + L.Types.declare(T.withConst(), E) +
          " = (" + Type + ")" + L.exprText(C, C->Parent, It.End) + ";\n";
  Text += "  const __typeof__(" + Step + " % 1) " + S + " = " + Step + ";\n";
  Text += "  const uint64_t " + iteratorName("n", I, J) + " = " + S + " > 0 ? (" + B + " < " + E +
          " ? (" + loopDistance(Pointer, B, E) + " - 1) / (uint64_t)" + S + " + 1 : 0) : (" + B +
          " > " + E + " ? (" + loopDistance(Pointer, E, B) + " - 1) / ((uint64_t)0 - (uint64_t)" +
          S + ") + 1 : 0);\n";
  return Text;
}

/// The value of iterator J of clause I at its value number `__o2n_iti_I_J`.
std::string iteratorValue(const std::string &Type, bool Pointer, size_t I, size_t J) {
  const std::string Offset =
      iteratorName("i", I, J) + " * (uint64_t)" + iteratorName("s", I, J);
  if (Pointer)
    return iteratorName("b", I, J) + " + (ptrdiff_t)(" + Offset + ")";
  return "(" + Type + ")((uint64_t)" + iteratorName("b", I, J) + " + " + Offset + ")";
}

/// Clause I's items, one per combination of its iterators' values: nested loops that declare
/// the iterators.  Ranges gets the statements that evaluate the iterators, Count the number of
/// items the clause gives.
std::string iteratorItems(LoweringContext &L, const Construct *C, const Clause &Cl, size_t I,
                          std::string &Ranges, std::string &Count) {
  std::string Open, Close, Uses;
  if (Cl.Depends.size() > 1)
    Count = std::to_string(Cl.Depends.size()) + " * ";
  for (size_t J = 0; J < Cl.Iterators.size(); ++J) {
    const DependIterator &It = Cl.Iterators[J];
    const QualType T = C->IteratorTypes.at(&It);
    Ranges += iteratorRange(L, C, It, T, I, J);
    Count += (J ? " * " : "") + iteratorName("n", I, J);
    const std::string Index = iteratorName("i", I, J), Indent(2 * J + 2, ' ');
    Open += Indent + "for (uint64_t " + Index + " = 0; " + Index + " < " +
            iteratorName("n", I, J) + "; ++" + Index + ") {\n" + Indent + "  " +
            L.Types.declare(T, It.Name) + " = " +
            iteratorValue(L.Types.declare(T, ""), T->isPointerType(), I, J) + ";\n";
    Close = Indent + "}\n" + Close;
    Uses += (J ? " (void)" : "(void)") + It.Name + ";";
  }
  const std::string Indent(2 * Cl.Iterators.size() + 2, ' ');
  std::string Body = Indent + Uses + "\n" + L.Out.lineMarker(C->Dir.Loc);
  for (const DependItem &Item : Cl.Depends)
    Body += Indent + "__o2n_deps[__o2n_d++] = (struct __omp2numa_depend)" +
            dependValue(L, C, Item) + ";\n";
  return Open + Body + Close;
}

/// The array of a construct whose depend clauses have iterators: sized at run time.
DependArray iteratedArray(LoweringContext &L, const Construct *C) {
  std::string Ranges, Fill, Count;
  size_t Fixed = 0, I = 0;
  for (const Clause &Cl : C->Dir.Clauses) {
    if (Cl.Kind != ClauseKind::Depend)
      continue;
    if (Cl.Iterators.empty()) {
      Fill += L.Out.lineMarker(C->Dir.Loc);
      for (const DependItem &Item : Cl.Depends)
        Fill += "  __o2n_deps[__o2n_d++] = (struct __omp2numa_depend)" + dependValue(L, C, Item) +
                ";\n";
      Fixed += Cl.Depends.size();
      continue;
    }
    std::string ClauseCount;
    Fill += iteratorItems(L, C, Cl, I++, Ranges, ClauseCount);
    Count += (Count.empty() ? "" : " + ") + ClauseCount;
  }
  if (Fixed)
    Count = std::to_string(Fixed) + " + " + Count;
  const std::string Stack = std::to_string(StackItems);
  DependArray A;
  A.Fill = Ranges + "  const size_t __o2n_ndeps = " + Count + ";\n" +
           "  struct __omp2numa_depend __o2n_depbuf[" + Stack + "];\n" +
           "  struct __omp2numa_depend *const __o2n_deps = __o2n_ndeps <= " + Stack +
           " ? __o2n_depbuf : __omp2numa_depend_alloc(__o2n_ndeps);\n  size_t __o2n_d = 0;\n" +
           Fill;
  A.Array = "__o2n_deps";
  A.Count = "__o2n_ndeps";
  A.Free = "  if (__o2n_deps != __o2n_depbuf)\n    __omp2numa_depend_free(__o2n_deps);\n";
  return A;
}

} // namespace

const char *dependKindName(DependKind K) {
  switch (K) {
  case DependKind::In: return "__OMP2NUMA_DEPEND_IN";
  case DependKind::Out: return "__OMP2NUMA_DEPEND_OUT";
  case DependKind::Inout: return "__OMP2NUMA_DEPEND_INOUT";
  case DependKind::Mutexinoutset: return "__OMP2NUMA_DEPEND_MUTEXINOUTSET";
  case DependKind::Inoutset: return "__OMP2NUMA_DEPEND_INOUTSET";
  case DependKind::Depobj: return "__OMP2NUMA_DEPEND_DEPOBJ";
  }
  return "__OMP2NUMA_DEPEND_INOUT";
}

std::string dependAddress(LoweringContext &L, const Construct *C, const ExprTokens &Item) {
  std::string Text;
  std::vector<int> ParensAtBracket; // per open '[': the parenthesis depth inside it
  int Parens = 0, Skip = 0;         // Skip: bracket depth of a section's length being dropped
  for (const PragmaToken &T : Item.Tokens) {
    const std::string &S = T.Spelling;
    if (Skip) {
      Skip += S == "[" ? 1 : S == "]" ? -1 : 0;
      if (!Skip)
        Text += "] ";
      continue;
    }
    Parens += S == "(" ? 1 : S == ")" ? -1 : 0;
    if (S == "[") {
      ParensAtBracket.push_back(Parens);
    } else if (S == "]" && !ParensAtBracket.empty()) {
      ParensAtBracket.pop_back();
    } else if (S == ":" && !ParensAtBracket.empty() && ParensAtBracket.back() == Parens) {
      if (Text.size() > 1 && Text.compare(Text.size() - 2, 2, "[ ") == 0)
        Text += "0 "; // [:length] starts at 0
      ParensAtBracket.pop_back();
      Skip = 1;
      continue;
    }
    auto It = C->ExprVars.find(&T);
    Text += (It != C->ExprVars.end() ? L.Sharing.spell(It->second, C->Parent) : C->spelling(T)) +
            " ";
  }
  return "(void *)&(" + Text.substr(0, Text.size() - 1) + ")";
}

std::string affinityChecks(LoweringContext &L, const Construct *C) {
  std::string Text;
  for (const Clause &Cl : C->Dir.Clauses) {
    if (Cl.Kind != ClauseKind::Affinity || Cl.Depends.empty())
      continue;
    std::string Checks;
    for (const DependItem &Item : Cl.Depends)
      Checks += " (void)sizeof(" + dependAddress(L, C, Item.Expr) + ");";
    std::string Ranges, Iterators; // the ranges first: an iterator may hide their variables
    for (const DependIterator &It : Cl.Iterators) {
      for (const ExprTokens *E : {&It.Begin, &It.End, &It.Step})
        if (!E->Tokens.empty())
          Ranges += " (void)sizeof(" + L.exprText(C, C->Parent, *E) + ");";
      Iterators += " " + L.Types.declare(C->IteratorTypes.at(&It), It.Name) + ";";
    }
    Text += Iterators.empty() ? Checks : " {" + Ranges + Iterators + Checks + " }";
  }
  return Text.empty() ? Text : Text + "\n";
}

DependArray lowerDependClauses(LoweringContext &L, const Construct *C) {
  std::string Items;
  size_t N = 0;
  for (const Clause &Cl : C->Dir.Clauses) {
    if (Cl.Kind != ClauseKind::Depend)
      continue;
    if (!Cl.Iterators.empty())
      return iteratedArray(L, C);
    for (const DependItem &Item : Cl.Depends)
      Items += std::string(N++ ? ", " : "") + dependValue(L, C, Item);
  }
  if (!N)
    return {"", "(const struct __omp2numa_depend *)0", "0", ""};
  return {"  struct __omp2numa_depend __o2n_deps[] = {" + Items + "};\n", "__o2n_deps",
          std::to_string(N), ""};
}

} // namespace omp2numa
