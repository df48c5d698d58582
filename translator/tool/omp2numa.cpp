//===- omp2numa.cpp - The translator's command line -----------------------===//
//
//   omp2numa input.c... [-o output.c] [-p build-dir] [-- compiler flags]
//
// Options, the compilation database and the output file; the translation itself is in lib/.
//
//===----------------------------------------------------------------------===//
#include "../lib/Config.h"
#include "../lib/Translator.h"
#include "clang/Basic/Version.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <vector>

using namespace clang::tooling;
using namespace llvm;

static cl::OptionCategory Category("omp2numa options");
static cl::opt<std::string>
    OutputFile("o",
               cl::desc("Write the translated file here ('-' for stdout); one input only.  Default: "
                        "NAME.omp2numa.c in the current directory for an input NAME.c"),
               cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool> NoSharedLoopIndex(
    "Wno-shared-loop-index",
    cl::desc("No warning for a sequential loop inside a parallel region whose variable the "
             "threads share"),
    cl::cat(Category));
static cl::opt<bool> NoFirstTouch(
    "Wno-first-touch",
    cl::desc("No warning for a worksharing loop that uses an array whose first loop placed its "
             "pages for another partition among the threads"),
    cl::cat(Category));
static cl::extrahelp MoreHelp(R"(
Translates the OpenMP constructs of C files into plain C11 that calls libomp2numa.
Flags after '--' (-I, -D, -std=...) are those the files are compiled with; '-p <dir>' reads them
from <dir>/compile_commands.json instead.  Without either, a compile_commands.json in the first
input's directory or a parent of it is used when there is one (as clang-tidy does).  An input that
fails writes nothing; the exit status is then 1.
)");

/// The project's headers (omp.h first, before Clang's own), next to the executable in the build
/// tree and after installation alike: <prefix>/bin/omp2numa and <prefix>/include/omp2numa.
static std::string includeDir(const char *Argv0) {
  static int Anchor;
  SmallString<256> Dir(sys::path::parent_path(sys::fs::getMainExecutable(Argv0, &Anchor)));
  sys::path::append(Dir, "..", "include", "omp2numa");
  sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  return std::string(Dir);
}

/// Diagnostics that Clang 16 makes errors by default and gcc 12 only warns about.  The
/// translator accepts what the back-end compiler accepts (warnings are the compiler's to give,
/// hence -w); a user's -Werror=... still takes effect where the translated file is compiled.
static const std::vector<std::string> GccWarningsNotErrors = {
    "-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
    "-Wno-error=int-conversion", "-Wno-error=incompatible-function-pointer-types",
    "-Wno-error=return-type"};

/// Whether the command line names a compilation database (-p).
static bool hasDatabaseOption(llvm::ArrayRef<const char *> Args) {
  for (StringRef Arg : Args.drop_front()) {
    if (Arg == "--")
      return false;
    if (Arg == "-p" || Arg.startswith("-p="))
      return true;
  }
  return false;
}

/// Whether the command line says where the flags come from: '--' or -p.
static bool hasFlagsOption(llvm::ArrayRef<const char *> Args) {
  return hasDatabaseOption(Args) || llvm::is_contained(Args, StringRef("--"));
}

/// The first argument that names an input: not an option, before '--'.
static StringRef firstInput(llvm::ArrayRef<const char *> Args) {
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    if (Arg == "--")
      break;
    if (Arg == "-o" || Arg == "-p")
      ++I;
    else if (!Arg.startswith("-"))
      return Arg;
  }
  return "";
}

/// Where Input's translation goes: -o, or NAME.omp2numa.c in the current directory.
static std::string outputFor(StringRef Input) {
  if (!OutputFile.empty())
    return OutputFile;
  return (sys::path::stem(Input) + ".omp2numa.c").str();
}

static void printVersion(raw_ostream &OS) {
  OS << "omp2numa " OMP2NUMA_VERSION " (OpenMP " OMP2NUMA_OPENMP_VERSION
        ", _OMP2NUMA " OMP2NUMA_VERSION_NUMBER "), built with Clang " CLANG_VERSION_STRING "\n";
}

/// Writes Text to Path ('-': standard output).
static bool writeOutput(const std::string &Path, const std::string &Text) {
  if (Path == "-") {
    outs() << Text;
    return true;
  }
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC) {
    errs() << "omp2numa: error: cannot write '" << Path << "': " << EC.message() << "\n";
    return false;
  }
  OS << Text;
  return true;
}

/// A tool that runs on Input (spelled as the user did) with Compilations' flags and the
/// translator's own.
static std::unique_ptr<ClangTool> newTool(const CompilationDatabase &Compilations,
                                          const std::string &Input, bool SpelledNames,
                                          const char *Argv0) {
  auto Tool = std::make_unique<ClangTool>(Compilations, std::vector<std::string>{Input});
  Tool->appendArgumentsAdjuster(getInsertArgumentAdjuster(
      {"-I" + includeDir(Argv0), "-D_OPENMP=" OMP2NUMA_OPENMP_VERSION,
       "-D_OMP2NUMA=" OMP2NUMA_VERSION_NUMBER},
      ArgumentInsertPosition::BEGIN));
  Tool->appendArgumentsAdjuster(getInsertArgumentAdjuster(
      {"-resource-dir=" OMP2NUMA_CLANG_RESOURCE_DIR, "-fsyntax-only", "-w",
       "-fno-color-diagnostics"},
      ArgumentInsertPosition::END));
  Tool->appendArgumentsAdjuster(
      getInsertArgumentAdjuster(GccWarningsNotErrors, ArgumentInsertPosition::END));
  Tool->appendArgumentsAdjuster(getStripPluginsAdjuster());
  // ClangTool makes the input path absolute; diagnostics name the file as the user spelled it,
  // as a compiler does.  Only without a compilation database, whose commands may run in another
  // directory.
  if (SpelledNames)
    Tool->appendArgumentsAdjuster([Input](const CommandLineArguments &Args, StringRef File) {
      CommandLineArguments Adjusted = Args;
      for (std::string &Arg : Adjusted)
        if (Arg == File)
          Arg = Input;
      return Adjusted;
    });
  // The diagnostics say what went wrong; "Error while processing <file>" adds nothing.
  Tool->setPrintErrorMessage(false);
  return Tool;
}

/// Translates Input (spelled as the user did) with Compilations' flags into its output file.  A
/// file whose macros expand to directives, or name variables that lowering rewrites, is
/// translated with those macros written out (MacroExpansion.h): another tool reads that text in
/// place of the file.
static bool translate(const CompilationDatabase &Compilations, const std::string &Input,
                      bool SpelledNames, const char *Argv0) {
  if (!sys::fs::exists(Input)) {
    errs() << "omp2numa: error: no such file or directory: '" << Input << "'\n";
    return false;
  }
  std::string Output, Source;
  omp2numa::AdviceOptions Advice;
  Advice.SharedLoopIndex = !NoSharedLoopIndex;
  Advice.FirstTouch = !NoFirstTouch;
  omp2numa::MacroWriteOut WriteOut;
  std::unique_ptr<ClangTool> Tool = newTool(Compilations, Input, SpelledNames, Argv0);
  SmallString<256> Absolute(Input); // the tool keeps a reference to it and to Source
  sys::fs::make_absolute(Absolute);
  // Each kind of invocation is written out once at most: three runs at most.
  while (true) {
    if (Tool->run(omp2numa::newTranslateActionFactory(Input, Output, &WriteOut, Advice).get()) !=
        0)
      return false;
    if (WriteOut.Text.empty())
      break;
    Source = std::move(WriteOut.Text);
    WriteOut.Text.clear();
    Tool = newTool(Compilations, Input, SpelledNames, Argv0);
    Tool->mapVirtualFile(Absolute, Source);
  }
  return !Output.empty() && writeOutput(outputFor(Input), Output);
}

int main(int Argc, const char **Argv) {
  cl::SetVersionPrinter(printVersion);
  // Without '--' or -p, CommonOptionsParser looks for a compilation database from the first
  // input and complains when there is none before running without flags: an empty '--' says
  // "no flags" quietly where no database is found.
  std::vector<const char *> Args(Argv, Argv + Argc);
  const bool Flags = hasFlagsOption(Args);
  std::string Ignored;
  const bool Database =
      !Flags && !firstInput(Args).empty() &&
      CompilationDatabase::autoDetectFromSource(firstInput(Args), Ignored) != nullptr;
  if (!Flags && !Database)
    Args.push_back("--");
  int ArgCount = static_cast<int>(Args.size());
  auto Options = CommonOptionsParser::create(ArgCount, Args.data(), Category, cl::OneOrMore);
  if (!Options) {
    errs() << toString(Options.takeError());
    return 1;
  }
  const std::vector<std::string> &Inputs = Options->getSourcePathList();
  if (!OutputFile.empty() && Inputs.size() > 1) {
    errs() << "omp2numa: error: cannot specify '-o' with several input files\n";
    return 1;
  }
  const bool SpelledNames = !Database && !hasDatabaseOption(Args);
  bool Ok = true;
  for (const std::string &Input : Inputs)
    Ok &= translate(Options->getCompilations(), Input, SpelledNames, Argv[0]);
  return Ok ? 0 : 1;
}
