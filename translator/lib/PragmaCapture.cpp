//===- PragmaCapture.cpp --------------------------------------------------===//
#include "PragmaCapture.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace omp2numa {

void PragmaCapture::HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer, Token &) {
  // A system header's pragmas are the system's: its text is never translated.
  if (PP.getSourceManager().isInSystemHeader(Introducer.Loc)) {
    Token Tok;
    do
      PP.LexUnexpandedToken(Tok);
    while (Tok.isNot(tok::eod) && Tok.isNot(tok::eof));
    return;
  }
  CapturedPragma P;
  P.Loc = Introducer.Loc;
  P.TokenIndex = PP.getTokenCount();
  Token Tok;
  // Preprocessor::Lex expands macros on the pragma line, as OpenMP requires.
  for (PP.Lex(Tok); Tok.isNot(tok::eod) && Tok.isNot(tok::eof); PP.Lex(Tok)) {
    PragmaToken T;
    T.Spelling = PP.getSpelling(Tok);
    T.Loc = Tok.getLocation();
    T.IsIdentifier = Tok.is(tok::identifier) || Tok.getIdentifierInfo() != nullptr;
    T.IsKeyword = T.IsIdentifier && Tok.isNot(tok::identifier);
    P.Tokens.push_back(std::move(T));
  }
  P.EndLoc = Tok.getLocation();
  Pragmas.push_back(std::move(P));
}

void PragmaCapture::install(Preprocessor &PP) {
  // Preprocessor::RemovePragmaHandler looks the handler up by name and releases (does not delete)
  // the one registered, so this unhooks the parser's "omp" handler without freeing it.
  PP.RemovePragmaHandler(this);
  PP.AddPragmaHandler(this);
}

} // namespace omp2numa
