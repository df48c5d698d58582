#!/usr/bin/env python3
"""Mutation fuzzer for the translator: runs omp2numa on mutants of tests/fuzz/mutate.py.

    tests/fuzz/run.py [--seed S] [--start I] [--count N] [-j J] [--translator PATH]
                      [--no-compile] [--input-check on-failure|always] [--out DIR] [--known FILE]
    tests/fuzz/run.py --seed S --index I [--index J ...]      # only these mutants

For each mutant index I of seed S (mutate.py: a pure function of S, I and the corpus), the driver
writes the mutant to a scratch directory as fz_S_I.c, runs

    TRANSLATOR fz_S_I.c -o fz_S_I.out.c -- FLAGS          (in that directory, with --timeout)

and classifies the run.  The translator's contract (docs/design.md, "Error model"): malformed or
unsupported input gets `file:line:col: error: ...`, the source line and a caret, exit status 1
and no output file; anything else is translated to C that compiles.

  ok-translated   exit 0 and an output file; with compiling on (the default), the output also
                  compiles: gcc -std=gnu11 -fsyntax-only -I<root>/include FLAGS out.c
  ok-rejected     exit 1, the first `error:` line is `FILE:LINE:COL: error: ...` naming the
                  mutant (or a header it includes, or a name of its own #line directives),
                  followed by the source line and a caret line; every error line is located
                  (Clang's "too many errors emitted" excepted); no output file
  invalid-input   (not a finding) the output does not compile, the mutant does not compile
                  either (gcc -fopenmp -c -o /dev/null FLAGS mutant.c: -c, because gcc checks
                  the nesting of OpenMP constructs only after parsing), and the output's first
                  compile error is on a line copied from the mutant, where the #line markers
                  point the compiler, or on a generated line the markers attribute to the
                  construct's `#pragma omp` line (a clause expression copied into a call)

Findings (one line each, `FINDING <kind> S:I <seed file> [<ops>]: <signature>`):

  crash           killed by a signal, an LLVM assertion, `LLVM ERROR`, a stack dump
  sanitizer       an AddressSanitizer / UBSan / LeakSanitizer report (any exit status)
  timeout         still running after --timeout seconds (killed)
  bad-exit        an exit status other than 0 or 1
  unlocated-error an `error:` line without file:line:col, or exit 1 without any error line
  no-caret        the first error has no caret line
  output-after-error   exit 1 (or an error) and the output file was written all the same
  error-exit-0    exit 0 with an `error:` line on stderr
  no-output       exit 0 without an output file
  uncompilable-output  the output does not compile although the mutant compiles with gcc -fopenmp
  generated-code-error the output does not compile, the mutant does not compile either, but the
                  compiler's first error is on a line the translator generated: the translator
                  accepted invalid input and emitted code that breaks (it should have rejected
                  it at the user's line)

With --input-check always, a translated mutant that compiles while `gcc -fopenmp` rejects the
mutant is counted as `note: gcc-rejects` (the translator accepted OpenMP that gcc rejects); that
is a note, not a finding.

Every finding is saved under --out (default build/fuzz/findings): <kind>/<S>_<I>/ with
mutant.c, describe.txt (seed file, flags, operators), cmd.sh (the commands, to reproduce),
stderr.txt, and the output and the compiler's messages where there are some.  Findings are
deduplicated by a signature (the sanitizer's first frame in translator/, the assertion, the
compiler's first error message, ...) in the summary, which ends with

    fuzz: N mutants, M findings

Exit status: 0 without findings, 1 with findings (known ones excepted, see --known), 2 on a usage
or setup error.  --known FILE lists signature substrings, one a line (`#` comments): findings
whose signature contains one are reported as `known` and do not make the status 1.

The translator defaults to ../build-asan/bin/omp2numa beside the source tree (the ASan+UBSan
build of cmake/Sanitizers.cmake) when it exists, else build/bin/omp2numa.  If the translator is
missing (being rebuilt), the driver waits for it (up to --wait seconds).  For a sanitizer build,
ASAN_OPTIONS/UBSAN_OPTIONS give reports their own exit codes (ASan's and UBSan's default, 1, is
the translator's "rejected"), and stderr is searched for reports as well.
"""

import argparse
import collections
import concurrent.futures
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutate  # noqa: E402

ROOT = mutate.repo_root()

ASAN_EXIT = 86
UBSAN_EXIT = 87
SAN_ENV = {
    "ASAN_OPTIONS": f"exitcode={ASAN_EXIT}:detect_leaks=1:abort_on_error=0:symbolize=1"
                    ":detect_stack_use_after_return=0",
    "UBSAN_OPTIONS": f"exitcode={UBSAN_EXIT}:print_stacktrace=1:halt_on_error=1:symbolize=1",
    "LSAN_OPTIONS": f"exitcode={ASAN_EXIT}",
}

LOCATED_ERR_RE = re.compile(r"^(.+?):(\d+):(\d+): (?:fatal )?error: (.*)$")
# An error line: `error:` preceded by at most one word (`omp2numa: error:`, `error:`,
# `FILE:L:C: error:`).  Source lines echoed under a diagnostic start with code or blanks.
ANY_ERR_RE = re.compile(r"^(?:\S+\s)?(?:fatal )?error: ", re.IGNORECASE)
DIAG_RE = re.compile(r"^.+?:\d+(?::\d+)?: (?:fatal error|error|warning|note|remark): ")
CARET_RE = re.compile(r"^[ \t~]*\^[ \t~^]*$")
CRASH_MARKERS = ("LLVM ERROR", "PLEASE submit a bug report", "Stack dump:",
                 "UNREACHABLE executed", "Assertion `", "terminate called", "Segmentation fault",
                 "pure virtual method called")
SAN_MARKERS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:",
               "SUMMARY: AddressSanitizer", "SUMMARY: UndefinedBehaviorSanitizer",
               "ERROR: UndefinedBehaviorSanitizer")

FINDING_KINDS = ("crash", "sanitizer", "timeout", "bad-exit", "unlocated-error", "no-caret",
                 "output-after-error", "error-exit-0", "no-output", "uncompilable-output",
                 "generated-code-error")


# ---------------------------------------------------------------------------------------------
# Signatures
# ---------------------------------------------------------------------------------------------

def normalize(msg, names=()):
    """A message with the variable parts (file names, numbers, generated names) blanked."""
    for n in names:
        if n:
            msg = msg.replace(n, "FILE")
    msg = re.sub(r"fz_\d+_\d+(?:\.out)?\.c", "FILE", msg)
    msg = re.sub(r"/[\w./+-]+/", "", msg)           # directories
    msg = re.sub(r"__o2n_([A-Za-z_]*?)_?\d+", r"__o2n_\1N", msg)
    msg = re.sub(r"0x[0-9a-fA-F]+", "0xN", msg)
    msg = re.sub(r"\b\d+\b", "N", msg)
    return msg.strip()[:200]


def _frame_function(line):
    """The function of a stack frame line of ASan/UBSan (`#3 0x... in FUNC FILE:L:C`) or of
    LLVM's stack dump (`#3 0x... FUNC (/path/omp2numa+0x...)`)."""
    m = re.match(r"^\s*#\d+\s+(?:0x[0-9a-fA-F]+\s+)?(?:in\s+)?(.*)$", line)
    if not m:
        return None, None
    rest = m.group(1)
    loc = None
    lm = re.search(r"\s((?:/|\.\./)[^\s()]+?):(\d+)(?::\d+)?\s*$", rest)
    if lm:
        loc = f"{os.path.basename(lm.group(1))}:{lm.group(2)}"
        rest = rest[: lm.start()]
    rest = re.sub(r"\s*\([^()]*\+0x[0-9a-f]+\)\s*$", "", rest)   # (module+offset)
    rest = re.sub(r"\s+at\s*$", "", rest)                          # gdb: `... at FILE:L`
    rest = rest.replace("[abi:cxx11]", "")
    # drop argument lists and template arguments for a stable name
    fn = rest.strip()
    depth, out = 0, ""
    for ch in fn:
        if ch in "(<":
            depth += 1
        elif ch in ")>":
            depth = max(0, depth - 1)
        elif depth == 0:
            out += ch
    return out.strip() or fn, loc


BORING_FRAMES = re.compile(r"^(?:__|llvm::sys::|SignalHandler|PrintStackTrace|abort|raise|"
                           r"gsignal|__assert|__sanitizer|__asan|__ubsan|std::__|"
                           r"llvm::report_fatal_error|llvm::llvm_unreachable|"
                           r"libc_start|_start|operator new|operator delete|free|malloc|"
                           r"memcpy|memmove|strlen|\?\?|<unknown>)")


def first_interesting_frame(lines):
    """The first frame in the translator's own code (translator/ or an omp2numa namespace), else
    the first non-runtime frame."""
    frames = []
    for l in lines:
        fn, loc = _frame_function(l)
        if fn is None:
            continue
        frames.append((fn, loc, l))
    for fn, loc, l in frames:
        if "/translator/" in l or "omp2numa::" in fn or "o2n" in fn:
            return f"{fn}" + (f" {loc}" if loc else "")
    for fn, loc, l in frames:
        if not BORING_FRAMES.match(fn):
            return f"{fn}" + (f" {loc}" if loc else "")
    return None


def crash_signature(stderr, rc):
    lines = stderr.splitlines()
    for l in lines:
        m = re.search(r"Assertion `(.*)' failed", l)
        if m:
            fr = first_interesting_frame(lines)
            return "assert: " + m.group(1)[:120] + (f" @ {fr}" if fr else "")
        m = re.search(r"LLVM ERROR: (.*)", l)
        if m:
            return "llvm-error: " + normalize(m.group(1))
        m = re.search(r"UNREACHABLE executed at (.*)", l)
        if m:
            return "unreachable: " + normalize(m.group(1))
    fr = first_interesting_frame(lines)
    sig = f"signal {-rc}" if rc < 0 else f"exit {rc}"
    try:
        if rc < 0:
            sig = signal.Signals(-rc).name
    except ValueError:
        pass
    return sig + (f" @ {fr}" if fr else "")


def sanitizer_signature(stderr):
    lines = stderr.splitlines()
    for i, l in enumerate(lines):
        m = re.search(r"ERROR: (AddressSanitizer|LeakSanitizer): ([\w-]+)", l)
        if m:
            fr = first_interesting_frame(lines[i + 1:])
            return f"{m.group(1)} {m.group(2)}" + (f" @ {fr}" if fr else "")
        m = re.search(r"^(.*?):(\d+):\d+: runtime error: (.*)$", l)
        if m:
            return f"UBSan {os.path.basename(m.group(1))}:{m.group(2)}: {normalize(m.group(3))}"
    return "sanitizer: " + normalize(next((l for l in lines if l.strip()), ""))


def line_names(path):
    """The file names of the mutant's own #line directives (a located error may name them)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        return set(re.findall(r'^\s*#\s*(?:line\s+)?\d+\s+"((?:[^"\\\\]|\\\\.)*)"', f.read(), re.M))


def error_lines(lines):
    """Indices of the error lines of a compiler's or the translator's messages.  The line after a
    located diagnostic is the source line it quotes, never an error line (a label `error:` at
    the start of a line of the user's code stays code)."""
    out = []
    for i, l in enumerate(lines):
        if i > 0 and DIAG_RE.match(lines[i - 1]):
            continue
        if ANY_ERR_RE.match(l) or LOCATED_ERR_RE.match(l):
            out.append(i)
    return out


def first_error(stderr):
    lines = stderr.splitlines()
    e = error_lines(lines)
    return lines[e[0]] if e else ""


# ---------------------------------------------------------------------------------------------
# One mutant
# ---------------------------------------------------------------------------------------------

class Result:
    def __init__(self, index, kind, signature="", detail=""):
        self.index = index
        self.kind = kind
        self.signature = signature
        self.detail = detail
        self.known = False
        self.compiled = False
        self.seed_rel = ""
        self.ops = ""
        self.saved = ""
        self.notes = []

    @property
    def finding(self):
        return self.kind in FINDING_KINDS


def run_cmd(cmd, cwd, timeout, env=None):
    """(returncode, stdout, stderr, timed_out); the process group is killed on a timeout."""
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         stdin=subprocess.DEVNULL, env=env, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
        return p.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), False
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
        return p.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), True


class Fuzzer:
    def __init__(self, args):
        self.args = args
        self.seeds = mutate.load_corpus(args.root)
        self.translator = os.path.abspath(args.translator)
        self.env = dict(os.environ)
        for k in list(self.env):
            if k.startswith(("OMP_", "OMP2NUMA_")):
                del self.env[k]
        self.env["LC_ALL"] = "C"
        self.env.update(SAN_ENV)
        self.include = os.path.join(args.root, "include")
        self.cc = args.cc
        self.lock = threading.Lock()
        self.mtime = self._mtime()

    def _mtime(self):
        try:
            return os.stat(self.translator).st_mtime
        except OSError:
            return None

    def wait_for_translator(self):
        deadline = time.time() + self.args.wait
        while not os.access(self.translator, os.X_OK):
            if time.time() > deadline:
                raise RuntimeError(f"translator {self.translator} missing for {self.args.wait} s")
            time.sleep(2)

    def translate(self, d, name, out, flags):
        cmd = [self.translator, name, "-o", out, "--"] + flags
        for attempt in range(5):
            self.wait_for_translator()
            try:
                rc, so, se, to = run_cmd(cmd, d, self.args.timeout, self.env)
            except OSError:      # ETXTBSY / ENOENT while the binary is being replaced
                time.sleep(3)
                continue
            if rc == 127 or (rc != 0 and not os.path.exists(self.translator)):
                time.sleep(3)     # the binary went away during the run: retry
                continue
            return cmd, rc, so, se, to
        raise RuntimeError(f"could not run {self.translator}")

    def backtrace(self, d, cmd):
        """The translator's stack at a crash, from gdb (the translator installs no handler
        that prints one), or None without gdb."""
        gdb = shutil.which("gdb")
        if not gdb:
            return None
        try:
            rc, so, se, _ = run_cmd([gdb, "-q", "-batch", "-ex", "run", "-ex", "bt", "--args"] +
                                    cmd, d, self.args.timeout * 2 + 30, self.env)
        except OSError:
            return None
        out = os.path.join(d, cmd[3])
        if os.path.exists(out):
            os.unlink(out)
        return "\n".join(l for l in so.splitlines() if re.match(r"^#\d+", l)) or None

    def compile_cmd(self, path, flags):
        return [self.cc, "-std=gnu11", "-fsyntax-only", f"-I{self.include}"] + flags + [path]

    def input_cmd(self, path, flags):
        # -c, not -fsyntax-only: gcc checks the nesting of OpenMP constructs (a jump or a case
        # label into a structured block, ...) only after parsing, in a pass -fsyntax-only skips.
        return [self.cc, "-c", "-o", os.devnull, "-fopenmp", "-idirafter", self.include] + \
            flags + [path]

    def check(self, index):
        seed = self.args.seed
        m = mutate.make_mutant(self.seeds, seed, index)
        res = self._check_mutant(index, m)
        res.seed_rel = m.seed.rel
        res.ops = "; ".join(m.ops)
        return res

    def _check_mutant(self, index, m, save=True, name=None, retry=True):
        """Translate (and compile) the mutant `m` (text, flags): a Result.  `name` is the file
        name the mutant gets (fz_SEED_INDEX.c by default).  A finding made while the translator
        was being replaced (rebuilt) is checked once more."""
        before = self._mtime()
        res = self._check_mutant_once(index, m, name)
        if res.finding and retry and self._mtime() != before:
            shutil.rmtree(res.dir, ignore_errors=True)
            res = self._check_mutant_once(index, m, name)
        if res.finding and save:
            res.saved = self.save(res, m, res.dir, res.name, res.out, res.log)
        if not self.args.keep:
            shutil.rmtree(res.dir, ignore_errors=True)
        return res

    def _check_mutant_once(self, index, m, name):
        a = self.args
        seed = a.seed
        d = tempfile.mkdtemp(prefix=f"fz_{seed}_{index}_", dir=a.scratch)
        name = name or f"fz_{seed}_{index}.c"
        out = name[:-2] + ".out.c"
        with open(os.path.join(d, name), "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(m.text)
        flags = list(m.flags)
        log = []   # (command, rc, stderr, stdout) to save with a finding
        try:
            cmd, rc, so, se, timed_out = self.translate(d, name, out, flags)
            log.append((cmd, rc, se, so))
            res = self.classify_translation(index, d, name, out, rc, se, timed_out)
            if res.kind == "crash" and " @ " not in res.signature and a.gdb:
                bt = self.backtrace(d, cmd)
                if bt:
                    log.append((["gdb", "-batch", "-ex", "run", "-ex", "bt", "--args"] + cmd,
                                "", bt, ""))
                    fr = first_interesting_frame(bt.splitlines())
                    if fr:
                        res.signature += f" @ {fr}"
            if res.kind == "translated":
                res = self.compile_check(index, d, name, out, flags, log) if a.compile \
                    else Result(index, "ok-translated")
            res.log, res.dir, res.name, res.out = log, d, name, out
            return res
        except BaseException:
            shutil.rmtree(d, ignore_errors=True)
            raise

    def classify_translation(self, index, d, name, out, rc, se, timed_out):
        has_out = os.path.exists(os.path.join(d, out))
        lines = se.splitlines()
        if timed_out:
            return Result(index, "timeout", "timeout", f"after {self.args.timeout} s")
        if any(mk in se for mk in SAN_MARKERS) or rc in (ASAN_EXIT, UBSAN_EXIT):
            return Result(index, "sanitizer", sanitizer_signature(se))
        if rc < 0 or any(mk in se for mk in CRASH_MARKERS):
            return Result(index, "crash", crash_signature(se, rc))
        if rc not in (0, 1):
            return Result(index, "bad-exit", f"exit {rc}: " + normalize(first_error(se), [name]))
        err_lines = error_lines(lines)
        if rc == 0:
            if err_lines:
                return Result(index, "error-exit-0",
                              "error-exit-0: " + normalize(lines[err_lines[0]], [name]))
            if not has_out:
                return Result(index, "no-output", "no-output")
            return Result(index, "translated")
        # rc == 1: a rejection
        if not err_lines:
            return Result(index, "unlocated-error",
                          "no error line: " + normalize(next((l for l in lines if l.strip()),
                                                             "(empty stderr)"), [name]))
        for i in err_lines:
            mm = LOCATED_ERR_RE.match(lines[i])
            if not mm and "too many errors emitted" not in lines[i]:
                # (Clang's "fatal error: too many errors emitted, stopping now" follows 20
                # located errors: not a finding)
                return Result(index, "unlocated-error", normalize(lines[i], [name]))
        i = err_lines[0]
        mm = LOCATED_ERR_RE.match(lines[i])
        fname = mm.group(1)
        if fname != name and not os.path.isfile(os.path.join(d, fname)) \
                and fname not in line_names(os.path.join(d, name)):
            return Result(index, "unlocated-error",
                          "error names another file: " + normalize(lines[i], [name]))
        if not any(CARET_RE.match(l) for l in lines[i + 1: i + 4]):
            return Result(index, "no-caret", "no caret: " + normalize(mm.group(4), [name]))
        if has_out:
            return Result(index, "output-after-error",
                          "output after error: " + normalize(mm.group(4), [name]))
        r = Result(index, "ok-rejected")
        r.detail = mm.group(4)
        return r

    def compile_check(self, index, d, name, out, flags, log):
        a = self.args
        ccmd = self.compile_cmd(out, flags)
        rc, so, se, to = run_cmd(ccmd, d, a.cc_timeout, self.env)
        log.append((ccmd, rc, se, so))
        if rc == 0 and not to:
            res = Result(index, "ok-translated")
            res.compiled = True
            if a.input_check == "always":
                icmd = self.input_cmd(name, flags)
                irc, _, ise, _ = run_cmd(icmd, d, a.cc_timeout, self.env)
                if irc != 0:
                    res.notes.append("gcc-rejects: " + normalize(first_error(ise), [name]))
            return res
        if to:
            return Result(index, "timeout", "compiler timeout on the output")
        icmd = self.input_cmd(name, flags)
        irc, _, ise, _ = run_cmd(icmd, d, a.cc_timeout, self.env)
        log.append((icmd, irc, ise, ""))
        msg = first_error(se)
        mm = LOCATED_ERR_RE.match(msg)
        emsg = mm.group(4) if mm else msg
        if irc == 0:
            r = Result(index, "uncompilable-output",
                       "uncompilable output: " + normalize(emsg, [name]))
            r.compiled = True
            return r
        # The input is not valid either: where does the output's first error lie?
        where, text = self.locate_output_error(d, name, out, flags, mm, log)
        r = Result(index, "generated-code-error" if where == "generated" else "invalid-input")
        r.compiled = True
        if where == "generated":
            r.signature = "error in generated code: " + normalize(emsg, [name])
        else:
            r.notes.append(f"invalid-input-{where}: " + normalize(emsg, [name]))
        r.detail = f"{emsg}  [output line: {text[:100]}]"
        return r

    def locate_output_error(self, d, name, out, flags, mapped, log):
        """Where the compiler's first error on the output lies: ("user-line", text) on a line
        copied from the mutant, where the #line markers also point; ("pragma-line", text) on a
        generated line that the #line markers attribute to a `#pragma omp` line of the mutant (a
        clause expression copied into a call); ("header", text) in a header; else ("generated",
        text): a line the translator wrote, reported at a line of the mutant it has nothing to do
        with.  The output is compiled once more without its #line markers, so that the compiler
        names the output's own line."""
        with open(os.path.join(d, out), encoding="utf-8", errors="replace") as f:
            olines = f.read().split("\n")
        with open(os.path.join(d, name), encoding="utf-8", errors="replace") as f:
            ulines = f.read().split("\n")
        plain = [("" if re.match(r"^\s*#\s*line\b", l) else l) for l in olines]
        nl = out[:-2] + ".noline.c"
        with open(os.path.join(d, nl), "w", encoding="utf-8") as f:
            f.write("\n".join(plain))
        ccmd = self.compile_cmd(nl, flags)
        rc, _, se, _ = run_cmd(ccmd, d, self.args.cc_timeout, self.env)
        log.append((ccmd, rc, se, ""))
        first = next((LOCATED_ERR_RE.match(l) for l in se.splitlines() if LOCATED_ERR_RE.match(l)),
                     None)
        if not first:
            return "generated", "(no located error without #line markers)"
        if os.path.basename(first.group(1)) != nl:
            return "header", first.group(1)
        ln = int(first.group(2))
        text = plain[ln - 1].strip() if 0 < ln <= len(plain) else ""
        mapped_text = ""
        if mapped and mapped.group(1) == name:
            ml = int(mapped.group(2))
            mapped_text = ulines[ml - 1].strip() if 0 < ml <= len(ulines) else ""
        if "__o2n" not in text and text and mapped_text and \
                (text in mapped_text or mapped_text in text):
            return "user-line", text
        if mapped and mapped.group(1) != name and \
                mapped.group(1) in line_names(os.path.join(d, name)):
            return "user-line", text   # a file name of the mutant's own #line directives
        if mapped and os.path.basename(mapped.group(1)) == out and "__o2n" not in text and \
                text in (l.strip() for l in ulines):
            return "user-line", text   # no #line marker in effect: a file written back as is
        if mapped_text and mutate.PRAGMA_RE.match(mapped_text) or \
                mapped_text.startswith("_Pragma") or mapped_text.endswith("\\"):
            return "pragma-line", text
        return "generated", text

    def save(self, res, m, d, name, out, log):
        base = os.path.join(self.args.out, res.kind, f"{self.args.seed}_{res.index}")
        os.makedirs(base, exist_ok=True)
        shutil.copy(os.path.join(d, name), os.path.join(base, "mutant.c"))
        for extra in (out, out[:-2] + ".noline.c"):
            p = os.path.join(d, extra)
            if os.path.exists(p):
                shutil.copy(p, os.path.join(base, "output.c" if extra == out else
                                            "output.noline.c"))
        with open(os.path.join(base, "describe.txt"), "w") as f:
            f.write(f"seed: {self.args.seed}\nindex: {res.index}\nseed-file: {m.seed.rel}\n"
                    f"flags: {' '.join(m.flags)}\nops: {'; '.join(m.ops)}\n"
                    f"kind: {res.kind}\nsignature: {res.signature}\ntranslator: {self.translator}\n")
        with open(os.path.join(base, "cmd.sh"), "w") as f:
            f.write("#!/bin/sh\n# Reproduce (from this directory; the mutant is mutant.c, written "
                    f"as {name} by the fuzzer)\n")
            f.write(f"cp mutant.c {name}\n")
            for cmd, rc, _, _ in log:
                env = " ".join(f"{k}={v}" for k, v in SAN_ENV.items()) + " " \
                    if cmd[0] == self.translator else ""
                f.write(f"{env}{' '.join(shlex.quote(c) for c in cmd)}   # exit {rc}\n")
        with open(os.path.join(base, "stderr.txt"), "w") as f:
            for cmd, rc, se, so in log:
                f.write(f"$ {' '.join(shlex.quote(c) for c in cmd)}\n# exit {rc}\n{se}")
                if so.strip() and cmd[0] == self.translator:
                    f.write(f"# stdout:\n{so}")
                f.write("\n")
        return base


# ---------------------------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------------------------

def default_translator(root):
    asan = os.path.normpath(os.path.join(root, "..", "build-asan", "bin", "omp2numa"))
    if os.access(asan, os.X_OK):
        return asan
    return os.path.join(root, "build", "bin", "omp2numa")


def load_known(path):
    if not path:
        return []
    pats = []
    with open(path) as f:
        for l in f:
            l = l.split("#", 1)[0].strip()
            if l:
                pats.append(l)
    return pats


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", default=ROOT, help="the source tree (corpus, include/)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0, help="first mutant index")
    ap.add_argument("--count", type=int, default=200, help="number of mutants")
    ap.add_argument("--index", type=int, action="append", help="only this index (repeatable)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--translator", help="omp2numa to test (default: ../build-asan/bin/omp2numa "
                    "if built, else build/bin/omp2numa)")
    ap.add_argument("--cc", default="gcc", help="compiler for the output and input checks")
    ap.add_argument("--no-compile", dest="compile", action="store_false",
                    help="do not compile translated outputs (translation only)")
    ap.add_argument("--input-check", choices=["on-failure", "always"], default="on-failure",
                    help="compile the mutant with gcc -fopenmp only when the output fails "
                    "(default), or always (notes translated mutants that gcc rejects)")
    ap.add_argument("--timeout", type=float, default=60, help="seconds per translation")
    ap.add_argument("--cc-timeout", type=float, default=60, help="seconds per compile")
    ap.add_argument("--wait", type=float, default=600,
                    help="seconds to wait for a missing translator (being rebuilt)")
    ap.add_argument("--out", default=None, help="where findings are saved "
                    "(default: build/fuzz/findings under the root)")
    ap.add_argument("--scratch", default=None, help="scratch directory (default: a temp dir)")
    ap.add_argument("--no-gdb", dest="gdb", action="store_false",
                    help="do not run a crashing translator again under gdb for its stack")
    ap.add_argument("--keep", action="store_true", help="keep every mutant's scratch directory")
    ap.add_argument("--known", help="file of known finding signatures (substrings)")
    ap.add_argument("--quiet", "-q", action="store_true", help="no progress line")
    ap.add_argument("--notes", type=int, default=10, metavar="N",
                    help="list the N most frequent notes in the summary")
    ap.add_argument("--log", help="append one line per mutant (index, class, signature) here")
    args = ap.parse_args()

    args.root = os.path.abspath(args.root)
    args.translator = args.translator or default_translator(args.root)
    args.out = os.path.abspath(args.out or os.path.join(args.root, "build", "fuzz", "findings"))
    own_scratch = args.scratch is None
    if own_scratch:
        args.scratch = tempfile.mkdtemp(prefix="o2n-fuzz-")
    else:
        args.scratch = os.path.abspath(args.scratch)
        os.makedirs(args.scratch, exist_ok=True)
    if not shutil.which(args.cc):
        print(f"fuzz: compiler '{args.cc}' not found", file=sys.stderr)
        return 2
    known = load_known(args.known)
    fz = Fuzzer(args)
    try:
        fz.wait_for_translator()
    except RuntimeError as e:
        print(f"fuzz: {e}", file=sys.stderr)
        return 2
    indices = args.index if args.index else list(range(args.start, args.start + args.count))
    print(f"fuzz: seed {args.seed}, mutants {indices[0]}..{indices[-1]} ({len(indices)}), "
          f"translator {args.translator}, {'compile-checked' if args.compile else 'translation only'}, "
          f"-j{args.jobs}", flush=True)

    classes = collections.Counter()
    notes = collections.Counter()
    note_sigs = collections.Counter()
    sigs = collections.OrderedDict()   # signature -> [kind, count, first saved dir, known]
    findings = known_count = compiled = 0
    done = 0
    t0 = time.time()
    logf = open(args.log, "a") if args.log else None
    tty = sys.stderr.isatty() and not args.quiet
    errors = 0
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
            futs = {ex.submit(fz.check, i): i for i in indices}
            for fut in concurrent.futures.as_completed(futs):
                i = futs[fut]
                done += 1
                try:
                    r = fut.result()
                except Exception as e:   # a driver problem, not a translator finding
                    errors += 1
                    print(f"fuzz: internal error on {args.seed}:{i}: {e!r}", file=sys.stderr,
                          flush=True)
                    continue
                classes[r.kind] += 1
                compiled += r.compiled
                for n in r.notes:
                    notes[n.split(":", 1)[0]] += 1
                    note_sigs[n] += 1
                if logf:
                    logf.write(f"{args.seed}\t{i}\t{r.kind}\t{r.signature}\t{r.seed_rel}\t"
                               f"{r.ops}\t{'|'.join(r.notes)}\t{r.detail[:150]}\n")
                    logf.flush()
                if r.finding:
                    r.known = any(k in r.signature for k in known)
                    findings += 1
                    known_count += r.known
                    ent = sigs.setdefault(r.signature, [r.kind, 0, r.saved, r.known])
                    ent[1] += 1
                    with fz.lock:
                        print(f"{'KNOWN' if r.known else 'FINDING'} {r.kind} {args.seed}:{i} "
                              f"{r.seed_rel} [{r.ops}]: {r.signature}", flush=True)
                if tty and done % 10 == 0:
                    rate = done / max(1e-9, time.time() - t0)
                    print(f"\r{done}/{len(indices)} {rate:.1f}/s {findings} findings ",
                          end="", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("\nfuzz: interrupted", file=sys.stderr)
    finally:
        if logf:
            logf.close()
        if own_scratch and not args.keep:
            shutil.rmtree(args.scratch, ignore_errors=True)
    if tty:
        print("", file=sys.stderr)
    if fz._mtime() != fz.mtime:
        print(f"fuzz: warning: {args.translator} changed during the run (rebuilt): results may "
              "mix two versions", flush=True)

    el = time.time() - t0
    print(f"fuzz: classes: " + ", ".join(f"{k} {v}" for k, v in sorted(classes.items())) +
          f"; {compiled} outputs compiled; {el:.0f} s")
    if notes:
        print("fuzz: notes (not findings): " +
              ", ".join(f"{k} {v}" for k, v in sorted(notes.items())))
        for n, c in note_sigs.most_common(args.notes):
            print(f"  {c:5d}  {n}")
    if sigs:
        print(f"fuzz: {len(sigs)} distinct finding signatures:")
        for s, (kind, n, saved, kn) in sorted(sigs.items(), key=lambda kv: -kv[1][1]):
            print(f"  {n:5d}  {kind:20s} {'(known) ' if kn else ''}{s}\n"
                  f"         e.g. {os.path.relpath(saved) if saved else ''}")
    if errors:
        print(f"fuzz: {errors} internal errors of the driver")
    print(f"fuzz: {done} mutants, {findings} findings" +
          (f" ({known_count} known)" if known_count else ""), flush=True)
    if errors:
        return 2
    return 1 if findings - known_count > 0 else 0


if __name__ == "__main__":
    sys.exit(main())
