//===- omp2numa.cpp - The translator's command line -----------------------===//
//
//   omp2numa input.c -o output.c [-p build-dir] [-- compiler flags]
//
// Options, the compilation database and the output file; the translation itself is in lib/.
//
//===----------------------------------------------------------------------===//
#include "../lib/Config.h"
#include "../lib/Translator.h"
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
static cl::opt<std::string> OutputFile("o", cl::desc("Write the translated file here ('-' for stdout)"),
                                       cl::value_desc("file"), cl::Required, cl::cat(Category));
static cl::extrahelp MoreHelp(R"(
Translates the OpenMP constructs of a C file into plain C11 that calls libomp2numa.
Flags after '--' (-I, -D, -std=...) are those the file is compiled with; '-p <dir>' reads them from
<dir>/compile_commands.json instead.  On an error nothing is written and the exit status is 1.
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
static bool hasDatabaseOption(int Argc, const char **Argv) {
  for (int I = 1; I < Argc; ++I) {
    if (StringRef(Argv[I]) == "--")
      return false;
    if (StringRef(Argv[I]) == "-p" || StringRef(Argv[I]).startswith("-p="))
      return true;
  }
  return false;
}

int main(int Argc, const char **Argv) {
  // Without '--' or -p, CommonOptionsParser complains that no compilation database exists before
  // running without flags: an empty '--' says "no flags" quietly.
  std::vector<const char *> Args(Argv, Argv + Argc);
  bool HasFlags = false;
  for (int I = 1; I < Argc; ++I)
    HasFlags |= StringRef(Argv[I]) == "--" || StringRef(Argv[I]) == "-p" ||
                StringRef(Argv[I]).startswith("-p=");
  if (!HasFlags)
    Args.push_back("--");
  int ArgCount = static_cast<int>(Args.size());
  auto Options = CommonOptionsParser::create(ArgCount, Args.data(), Category, cl::Required);
  if (!Options) {
    errs() << toString(Options.takeError());
    return 1;
  }
  if (Options->getSourcePathList().size() != 1) {
    errs() << "omp2numa: error: expected exactly one input file\n";
    return 1;
  }

  ClangTool Tool(Options->getCompilations(), Options->getSourcePathList());
  Tool.appendArgumentsAdjuster(getInsertArgumentAdjuster(
      {"-I" + includeDir(Argv[0]), "-D_OPENMP=" OMP2NUMA_OPENMP_VERSION},
      ArgumentInsertPosition::BEGIN));
  Tool.appendArgumentsAdjuster(getInsertArgumentAdjuster(
      {"-resource-dir=" OMP2NUMA_CLANG_RESOURCE_DIR, "-fsyntax-only", "-w",
       "-fno-color-diagnostics"},
      ArgumentInsertPosition::END));
  Tool.appendArgumentsAdjuster(
      getInsertArgumentAdjuster(GccWarningsNotErrors, ArgumentInsertPosition::END));
  Tool.appendArgumentsAdjuster(getStripPluginsAdjuster());
  // ClangTool makes the input path absolute; diagnostics name the file as the user spelled it,
  // as a compiler does.  Only without a compilation database, whose commands may run in another
  // directory.
  const std::string Spelled = Options->getSourcePathList()[0];
  if (!hasDatabaseOption(Argc, Argv))
    Tool.appendArgumentsAdjuster([Spelled](const CommandLineArguments &Args, StringRef File) {
      CommandLineArguments Adjusted = Args;
      for (std::string &Arg : Adjusted)
        if (Arg == File)
          Arg = Spelled;
      return Adjusted;
    });
  // The diagnostics say what went wrong; "Error while processing <file>" adds nothing.
  Tool.setPrintErrorMessage(false);

  std::string Output;
  if (Tool.run(omp2numa::newTranslateActionFactory(Spelled, Output).get()) != 0 ||
      Output.empty())
    return 1;

  if (OutputFile == "-") {
    outs() << Output;
    return 0;
  }
  std::error_code EC;
  raw_fd_ostream OS(OutputFile, EC, sys::fs::OF_Text);
  if (EC) {
    errs() << "omp2numa: error: cannot write '" << OutputFile << "': " << EC.message() << "\n";
    return 1;
  }
  OS << Output;
  return 0;
}
