//===- Translator.cpp -----------------------------------------------------===//
#include "Translator.h"
#include "Binder.h"
#include "ConditionalMap.h"
#include "ClauseParser.h"
#include "CombinedSplit.h"
#include "DataSharing.h"
#include "Diag.h"
#include "Emitter.h"
#include "IncludeMap.h"
#include "Lowering/Lowering.h"
#include "MacroExpansion.h"
#include "Metadirective.h"
#include "PragmaCapture.h"
#include "Variants.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"

using namespace clang;

namespace omp2numa {

namespace {

/// Where an atomic construct's statement has an expression that lowering, which takes the
/// statement apart, cannot find in the file's text: part of it is written in a macro's definition
/// (`#define INC(v) (v) += 1` under `#pragma omp atomic`).  Each such invocation that Expansions
/// can write out goes to Uses, for the next run to translate written out; the others stay the
/// lowering's located error.
void noteAtomicsInMacros(const BoundFile &File, const ASTContext &Ctx,
                         const MacroExpansion &Expansions, std::vector<SourceLocation> &Uses) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    Finder(const SourceManager &SM, const LangOptions &LangOpts) : SM(SM), LangOpts(LangOpts) {}
    SourceLocation Found;
    bool VisitExpr(Expr *E) {
      const CharSourceRange R = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(E->getSourceRange()), SM, LangOpts);
      if (R.isValid())
        return true;
      Found = E->getBeginLoc();
      return false;
    }

  private:
    const SourceManager &SM;
    const LangOptions &LangOpts;
  };
  for (const auto &K : File.All) {
    if (K->Dir.Kind != DirectiveKind::Atomic || !K->Body)
      continue;
    Finder F(Ctx.getSourceManager(), Ctx.getLangOpts());
    F.TraverseStmt(const_cast<Stmt *>(K->Body));
    if (F.Found.isValid() && F.Found.isMacroID() &&
        Expansions.canWriteOut(F.Found, Ctx.getSourceManager()))
      Uses.push_back(F.Found);
  }
}

class TranslateConsumer : public SemaConsumer {
public:
  TranslateConsumer(CompilerInstance &CI, const std::string &DisplayName, std::string &Output,
                    MacroWriteOut *WriteOut, const AdviceOptions &Advice)
      : CI(CI), DisplayName(DisplayName), Output(Output), WriteOut(WriteOut), Advice(Advice) {}

  void InitializeSema(Sema &S) override {
    Capture.install(S.getPreprocessor());
    Includes.install(S.getPreprocessor());
    Conditionals.install(S.getPreprocessor());
    if (WriteOut && (WriteOut->Directives || WriteOut->Uses))
      Expansions.install(S.getPreprocessor());
  }

  /// The stages in order; each reports its errors to Diags, and the next runs only if none was
  /// reported (the one place errors are checked).
  void HandleTranslationUnit(ASTContext &Ctx) override {
    Diag Diags(CI.getDiagnostics());
    if (Diags.hasErrors())
      return; // the C code itself does not compile: Clang has said why
    if (WriteOut && WriteOut->Directives) // directives from macros: translate them written out
      if (std::optional<std::string> Text = Expansions.expandedMainFile(
              Capture.pragmas(), Ctx.getSourceManager(), Ctx.getLangOpts(), DisplayName)) {
        WriteOut->Text = std::move(*Text);
        WriteOut->Directives = false;
        return;
      }
    // Directives that parse are bound even when others did not, so that one run reports the
    // errors of every directive.
    std::vector<Directive> Directives;
    for (const CapturedPragma &P : Capture.pragmas())
      if (std::optional<CapturedPragma> Chosen =
              resolveMetadirective(P, Ctx.getTargetInfo().getTriple(), Diags))
        if (std::optional<Directive> D = parseDirective(*Chosen, Diags))
          for (Directive &Part : splitCombined(std::move(*D)))
            Directives.push_back(std::move(Part));
    const bool CanWriteOut = WriteOut && WriteOut->Uses;
    BoundFile File = bindDirectives(std::move(Directives), Ctx, Includes, Diags,
                                    CanWriteOut ? &Expansions : nullptr);
    if (Diags.hasErrors())
      return;
    DataSharing Sharing(File, Ctx, Diags, CanWriteOut ? &Expansions : nullptr);
    if (Diags.hasErrors())
      return;
    std::vector<SourceLocation> Uses = File.MacroUses;
    Uses.insert(Uses.end(), Sharing.macroUses().begin(), Sharing.macroUses().end());
    if (CanWriteOut)
      noteAtomicsInMacros(File, Ctx, Expansions, Uses);
    if (!Uses.empty()) { // loop bodies, variables to rewrite, atomics to take apart, in macros
      WriteOut->Text = Expansions.usesWrittenOut(Uses, Ctx.getSourceManager(), Ctx.getLangOpts());
      WriteOut->Uses = false;
      return;
    }
    giveAdvice(File, Sharing, Ctx, Diags, Advice);
    Emitter Out(Ctx.getSourceManager(), Ctx.getLangOpts(), DisplayName, Includes);
    for (const auto &[Range, Text] : Sharing.refRewrites())
      Out.replaceToken(Range, Text);
    for (const auto &[Range, Variant] : variantCalls(File, Ctx, Diags))
      Out.replaceToken(Range, Variant);
    if (Diags.hasErrors())
      return;
    if (!lowerFile(File, Sharing, Conditionals, Ctx, Out, Diags, &CI.getPreprocessor()) ||
        Diags.hasErrors())
      return;
    Out.includeAbiBeforeLineOf(firstFunctionWithConstruct(File, Ctx));
    llvm::raw_string_ostream OS(Output);
    Out.write(OS);
  }

private:
  /// Where the first function holding a construct starts: the ABI header goes before its line,
  /// the first place emitted code uses it, so that everything the user writes before (feature-
  /// test macros such as _GNU_SOURCE, includes) keeps its effect.
  static SourceLocation firstFunctionWithConstruct(const BoundFile &File, ASTContext &Ctx) {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation First;
    for (const auto &C : File.All)
      if (C->Function) {
        SourceLocation Loc = SM.getExpansionLoc(C->Function->getBeginLoc());
        if (First.isInvalid() || SM.isBeforeInTranslationUnit(Loc, First))
          First = Loc;
      }
    return First;
  }

  CompilerInstance &CI;
  const std::string &DisplayName;
  std::string &Output;
  MacroWriteOut *WriteOut;
  const AdviceOptions &Advice;
  PragmaCapture Capture;
  MacroExpansion Expansions;
  IncludeMap Includes;
  ConditionalMap Conditionals;
};

class TranslateAction : public ASTFrontendAction {
public:
  TranslateAction(const std::string &DisplayName, std::string &Output, MacroWriteOut *WriteOut,
                  const AdviceOptions &Advice)
      : DisplayName(DisplayName), Output(Output), WriteOut(WriteOut), Advice(Advice) {}

protected:
  /// C++ (a .cpp, .cc, .cxx... file, or -x c++) is refused before it is parsed: the output
  /// would be C-style code in a C++ file.
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    if (!CI.getLangOpts().CPlusPlus)
      return true;
    llvm::errs() << DisplayName << ":1:1: error: omp2numa translates C, and '" << DisplayName
                 << "' is C++ (by its name or -x c++); C code needs a .c name or -x c\n";
    return false;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    Output.clear();
    return std::make_unique<TranslateConsumer>(CI, DisplayName, Output, WriteOut, Advice);
  }

private:
  const std::string &DisplayName;
  std::string &Output;
  MacroWriteOut *WriteOut;
  const AdviceOptions &Advice;
};

class TranslateActionFactory : public tooling::FrontendActionFactory {
public:
  TranslateActionFactory(std::string DisplayName, std::string &Output, MacroWriteOut *WriteOut,
                         AdviceOptions Advice)
      : DisplayName(std::move(DisplayName)), Output(Output), WriteOut(WriteOut), Advice(Advice) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<TranslateAction>(DisplayName, Output, WriteOut, Advice);
  }

private:
  std::string DisplayName;
  std::string &Output;
  MacroWriteOut *WriteOut;
  AdviceOptions Advice;
};

} // namespace

std::unique_ptr<tooling::FrontendActionFactory>
newTranslateActionFactory(std::string DisplayName, std::string &Output, MacroWriteOut *WriteOut,
                          AdviceOptions Advice) {
  return std::make_unique<TranslateActionFactory>(std::move(DisplayName), Output, WriteOut,
                                                  Advice);
}

} // namespace omp2numa
