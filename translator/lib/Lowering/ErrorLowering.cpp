//===- ErrorLowering.cpp - error -------------------------------------------===//
#include "ErrorLowering.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace omp2numa {

namespace {

/// The text of a message made of string literals (concatenated as C does), with their escapes as
/// written; nothing if the message is not string literals.
std::optional<std::string> literalText(const ExprTokens &E) {
  std::string Text;
  for (const PragmaToken &T : E.Tokens) {
    llvm::StringRef S = T.Spelling;
    if (S.size() < 2 || !S.startswith("\"") || !S.endswith("\""))
      return std::nullopt;
    Text += S.drop_front().drop_back().str();
  }
  return Text;
}

} // namespace

bool lowerError(LoweringContext &L, const Construct *C) {
  const Clause *At = C->Dir.find(ClauseKind::At);
  const Clause *Severity = C->Dir.find(ClauseKind::Severity);
  const Clause *Message = C->Dir.find(ClauseKind::Message);
  const bool Fatal = !Severity || Severity->Keyword == "fatal";
  if (At && At->Keyword == "execution") {
    const std::string Text =
        Message ? "(const char *)" + L.exprText(C, C->Parent, Message->Expr) : "(const char *)0";
    L.replacePragma(C, "\n" + L.Out.lineMarker(C->Dir.Loc) + "{ __omp2numa_error(" +
                           L.siteLocation(C) + ", " + Text + ", " + (Fatal ? "1" : "0") +
                           "); }");
    return true;
  }
  std::optional<std::string> Text = Message ? literalText(Message->Expr) : std::string();
  if (!Text) {
    L.Diags.error(Message->Expr.loc(), "the message of '#pragma omp error' at compilation must be "
                                       "a string literal");
    return false;
  }
  const std::string What =
      "'#pragma omp error' encountered" + (Message ? ": " + *Text : std::string());
  if (Fatal) {
    L.Diags.error(C->Dir.NameLoc, What);
    return false;
  }
  L.Diags.warning(C->Dir.NameLoc, What);
  L.replacePragma(C, "");
  return true;
}

} // namespace omp2numa
