#!/usr/bin/env python3
"""Differential tester: random OpenMP programs (gen.py), omp2numa-cc against gcc -fopenmp.

    run.py [--seeds A..B | --count N [--start S]] [-j 2] [--out DIR] [--cc PATH]
           [--threads 1,2,3,5] [--timeout 20] [--keep-all] [--reduce] [--quiet]
           [--no-env-variants] [--include-known] [--kinds all|classic|tasks|omp5|device]
    run.py --reduce-dir DIR       # shrink the program of an existing finding directory

docs/testing.md, "Differential tester", has the details.

For each seed, gen.py writes prog.c (omp2numa's spelling) and prog.gcc.c (omp2numa's schedule
kinds mapped to standard ones).  Three builds:

    serial   gcc -O1 prog.gcc.c            (pragmas ignored)
    gomp     gcc -fopenmp -O1 prog.gcc.c
    o2n      omp2numa-cc -O1 prog.c

serial runs once; gomp and o2n run at every --threads count (OMP_NUM_THREADS; no other OMP_*,
GOMP_* or OMP2NUMA_* variable is passed on, except that o2n's runs at 3 and 5 threads get 1 to
3 of ENV_VARIANTS, chosen from the seed).  Every output must equal serial's.  gcc's lines for
the blocks gen.py marks `gcc-unspecified` (loops GCC 12 gets wrong) are not compared.

Findings, one line each on stdout, `FINDING seed=N class=C ...`:

    translate   omp2numa rejected the program (the translator's first error is shown)
    compile     omp2numa translated it, but the result does not compile or link
    crash       an omp2numa-built run exited with a non-zero status or a signal
    timeout     an omp2numa-built run did not finish within --timeout seconds
    mismatch    an omp2numa-built run printed something else than the serial build
    generator   the program is not what the generator promises: gcc or the serial build
                fails, or gcc -fopenmp's output differs from the serial one (a race or
                unspecified behaviour in the generator -- or a gcc bug)

A gcc -fopenmp run that crashes or hangs (libgomp 12 does with some task programs) is printed as
`NOTE seed=N class=gcc-run ...` and not counted: omp2numa's runs are compared with the serial
build all the same, and the program's directory is kept.

Each finding keeps its directory OUT/seed-N/ (prog.c, prog.gcc.c, translated.c when the
translator succeeded, every build log and output, finding.txt).  The last line is
`difftest: N programs, M findings`, and the exit status is 1 when there are findings.
--reduce also shrinks each finding's program (reduced.c in its directory): whole blocks, then
brace-balanced groups and single lines are deleted while the program stays valid for gcc
(same output serially and at every thread count) and omp2numa fails in the same way.
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import signal
import subprocess
import sys
import random
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC_ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
import gen  # noqa: E402

print_lock = threading.Lock()


# Environment variants for omp2numa's runs at 3 and 5 threads (the output must not change):
# schedule(runtime) kinds, synthetic NUMA topologies (adaptive's victim order), wait policies,
# binding, statistics on, nested teams, task priorities.
ENV_VARIANTS = [
    ("OMP_SCHEDULE", ["adaptive", "adaptive,3", "fac2", "fac2,2", "tss", "tss,4", "rand",
                      "rand,2", "guided", "dynamic,3", "static,1", "auto", "monotonic:dynamic",
                      "nonmonotonic:guided,2", "static"]),
    ("OMP2NUMA_TOPOLOGY", ["node:2 core:2 pu:1", "node:3 core:1 pu:2", "node:4 core:1 pu:1",
                           "package:2 node:2 core:2 pu:1"]),
    ("OMP_WAIT_POLICY", ["passive", "active"]),
    ("OMP_PROC_BIND", ["spread", "close", "false", "true"]),
    ("OMP2NUMA_STATS", ["1"]),
    ("OMP_MAX_ACTIVE_LEVELS", ["2"]),
    ("OMP_MAX_TASK_PRIORITY", ["0", "3", "100"]),
]


def env_variant(seed, threads):
    """The extra variables for omp2numa's run of program seed at threads (deterministic)."""
    if threads < 3:
        return {}
    r = random.Random(f"{seed}:{threads}")
    out = {}
    for name, values in r.sample(ENV_VARIANTS, r.randint(1, 3)):
        out[name] = r.choice(values)
    return out


def clean_env(threads=None):
    env = {k: v for k, v in os.environ.items()
           if not (k.startswith("OMP_") or k.startswith("GOMP_") or k.startswith("OMP2NUMA_"))}
    env["LC_ALL"] = "C"
    if threads is not None:
        env["OMP_NUM_THREADS"] = str(threads)
    return env


# Signs that the build tree is being rebuilt (a binary or the runtime briefly missing, or the
# runtime library half written: its entry points undefined at the link): the command is retried
# after a pause instead of being reported.
INFRA = re.compile(r"translator not found|cannot find -lomp2numa|error while loading shared "
                   r"libraries: libomp2numa|omp2numa-cc: No such file|libomp2numa\.so: file "
                   r"not recognized|file truncated|undefined reference to `__omp2numa_")
INFRA_WAIT, INFRA_TRIES = 10, 60


def run(cmd, cwd, timeout, env=None, log=None):
    """Run cmd; returns (status, stdout, stderr) with status 'timeout' on timeout.  While the
    build tree looks half-rebuilt (INFRA), wait and retry."""
    for attempt in range(INFRA_TRIES):
        st, out, err = run1(cmd, cwd, timeout, env, log)
        if st == 0 or st == "timeout" or not INFRA.search(err):
            return st, out, err
        time.sleep(INFRA_WAIT)
    return st, out, err


def run1(cmd, cwd, timeout, env=None, log=None):
    """Run cmd once.  The process gets its own session so that a timeout kills it and
    everything it started."""
    try:
        p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env or clean_env(), start_new_session=True)
    except FileNotFoundError as e:
        return 127, "", f"{cmd[0]}: No such file or directory ({e})"
    try:
        out, err = p.communicate(timeout=timeout)
        st = p.returncode
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
        st = "timeout"
    out = out.decode("utf-8", "replace")
    err = err.decode("utf-8", "replace")
    if log:
        with open(os.path.join(cwd, log), "w") as f:
            f.write("$ " + " ".join(cmd) + "\n")
            f.write(f"status: {st}\n--- stdout\n{out}--- stderr\n{err}")
    return st, out, err


def status_text(st):
    if st == "timeout":
        return "timeout"
    if isinstance(st, int) and st < 0:
        try:
            return "signal " + signal.Signals(-st).name
        except ValueError:
            return f"signal {-st}"
    return f"exit {st}"


def first_error(text):
    for line in text.splitlines():
        if "error" in line:
            return line.strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[0].strip() if lines else "(no message)"


def first_diff(expected, got):
    e = expected.splitlines()
    g = got.splitlines()
    for i in range(max(len(e), len(g))):
        a = e[i] if i < len(e) else "<missing>"
        b = g[i] if i < len(g) else "<missing>"
        if a != b:
            return f"line {i + 1}: expected '{a}' got '{b}'"
    return "identical"


class Tester:
    def __init__(self, args):
        self.a = args
        self.cc = os.path.abspath(args.cc)

    # --- building -----------------------------------------------------------------------------
    def translate_only(self, d):
        """The translator alone, as omp2numa-cc would run it: (ok, stderr)."""
        st, out, err = run([self.cc, "-show", "-O1", "prog.c", "-o", "prog.o2n"], d, 60)
        cmd = None
        for line in out.splitlines():
            parts = line.split()
            if parts and os.path.basename(parts[0]) == "omp2numa":
                cmd = parts
                break
        if cmd is None:
            return None, "cannot find the translator command in omp2numa-cc -show:\n" + out + err
        i = cmd.index("-o")
        cmd[i + 1] = "translated.c"
        st, out, err = run(cmd, d, 120, log="translate.log")
        return st == 0, err

    def build(self, d, which, src=None):
        """which: serial | gomp | o2n.  Returns (status, stderr)."""
        t = self.a.build_timeout
        if which == "serial":
            cmd = [self.a.gcc, "-O1", "-w", src or "prog.gcc.c", "-o", "prog.serial"]
        elif which == "gomp":
            cmd = [self.a.gcc, "-fopenmp", "-O1", "-w", src or "prog.gcc.c", "-o", "prog.gomp"]
        else:
            cmd = [self.cc, "-O1", "-w", src or "prog.c", "-o", "prog.o2n"]
        st, out, err = run(cmd, d, t, log=f"build-{which}.log")
        return st, err

    def execute(self, d, exe, threads, extra=None):
        tag = f"{exe}" + (f"-{threads}" if threads else "")
        env = clean_env(threads)
        env.update(extra or {})
        st, out, err = run([f"./prog.{exe}"], d, self.a.timeout, env=env)
        with open(os.path.join(d, f"out-{tag}.txt"), "w") as f:
            f.write(out)
        if err:
            with open(os.path.join(d, f"err-{tag}.txt"), "w") as f:
                f.write(err)
        return st, out, err

    # --- one program ----------------------------------------------------------------------------
    def check_dir(self, d, stop_early=False):
        """Build and run the program in d (prog.c, prog.gcc.c).  Returns a list of findings
        (class, detail) -- empty when all agree.  stop_early: return at the first finding."""
        findings = []
        st, err = self.build(d, "serial")
        if st != 0:
            return [("generator", "serial build failed: " + first_error(err))]
        st, err = self.build(d, "gomp")
        if st != 0:
            return [("generator", "gcc -fopenmp build failed: " + first_error(err))]
        st, ref, err = self.execute(d, "serial", None)
        if st != 0:
            return [("generator", f"serial run: {status_text(st)}")]
        if not ref.strip():
            return [("generator", "serial run printed nothing")]
        # blocks for which gcc is no reference (gen.py: trip counts that overflow the index
        # type, unsigned loops counting down): gcc's lines for them are not compared
        m = re.search(r"/\* difftest: gcc-unspecified ([\w ]+?) \*/",
                      open(os.path.join(d, "prog.c")).read())
        skip = tuple(b + "." for b in m.group(1).split()) if m else ()
        ref_g = "".join(l for l in ref.splitlines(True) if not l.startswith(skip))
        gcc_failed = []
        for t in self.a.threads:
            st, out, err = self.execute(d, "gomp", t)
            if st != 0 and skip:
                continue    # gcc may crash or hang on the blocks it gets wrong
            if st != 0:
                # libgomp 12 sometimes hangs or crashes with tasks (team sizes that change
                # between regions that ran tasks): note it, and still test omp2numa
                gcc_failed.append(("gcc-run", f"gcc -fopenmp run, {t} threads: {status_text(st)} "
                                   "(omp2numa still compared with the serial build)"))
                continue
            out = "".join(l for l in out.splitlines(True) if not l.startswith(skip))
            if out != ref_g:
                return [("generator", f"gcc -fopenmp, {t} threads, differs from serial: "
                         + first_diff(ref_g, out))]
        st, err = self.build(d, "o2n")
        if st != 0:
            ok, terr = self.translate_only(d)
            if ok is None:
                return [("compile", terr)]
            if not ok:
                return [("translate", first_error(terr))]
            return [("compile", first_error(err))]
        m = re.search(r"seed (\d+)", open(os.path.join(d, "prog.c")).read())
        seed = int(m.group(1)) if m else 0
        for t in self.a.threads:
            extra = env_variant(seed, t) if self.a.env_variants else {}
            st, out, err = self.execute(d, "o2n", t, extra)
            where = f"{t} threads" + "".join(f" {k}={v!r}" for k, v in extra.items())
            if st == "timeout":
                findings.append(("timeout", f"{where}: no output within {self.a.timeout} s"))
            elif st != 0:
                msg = first_error(err) if err.strip() else ""
                findings.append(("crash", f"{where}: {status_text(st)}" + (f": {msg}" if msg else "")))
            elif out != ref:
                # for blocks not compared with gcc, say whether gcc printed the same: a hint
                # that the generator, not omp2numa, is wrong
                hint = ""
                gf = os.path.join(d, f"out-gomp-{t}.txt")
                if skip and os.path.exists(gf):
                    g = open(gf).read()
                    if g == out:
                        hint = " (gcc -fopenmp printed the same: a generator bug?)"
                findings.append(("mismatch", f"{where}: " + first_diff(ref, out) + hint))
            if findings and stop_early:
                break
        return findings + gcc_failed

    def one(self, seed):
        try:
            src, prog = gen.generate(seed)
            gsrc = gen.to_gcc(src)
        except Exception as e:  # a bug in the generator: report it, keep going
            return seed, [("generator", f"gen.py --seed {seed} failed: {e!r}")], 0.0
        d = os.path.join(self.a.out, f"seed-{seed}")
        if os.path.exists(d):
            shutil.rmtree(d)
        os.makedirs(d)
        with open(os.path.join(d, "prog.c"), "w") as f:
            f.write(src)
        with open(os.path.join(d, "prog.gcc.c"), "w") as f:
            f.write(gsrc)
        t0 = time.time()
        try:
            findings = self.check_dir(d)
        except Exception as e:  # a bug in the tester itself: keep going, report it
            findings = [("tester", repr(e))]
        dt = time.time() - t0
        if findings:
            with open(os.path.join(d, "finding.txt"), "w") as f:
                for c, det in findings:
                    f.write(f"{c}: {det}\n")
                f.write("\nfeatures: " + ", ".join(sorted(prog.features)) + "\n")
            if self.a.reduce:
                self.reduce(d, findings)
        elif not self.a.keep_all:
            shutil.rmtree(d)
        return seed, findings, dt

    # --- reducer ------------------------------------------------------------------------------
    def signature(self, findings):
        """What must stay the same while reducing: the class, and the error text without
        locations and numbers (translate, compile, crash) or the label of the first line that
        differs (mismatch)."""
        c, det = findings[0]
        if c in ("translate", "compile"):
            return c, re.sub(r"\d+", "N", re.sub(r"^[^ ]*:\d+:\d+: ", "", det))
        if c == "crash":
            det = re.sub(r"^\d+ threads.*?: (exit|signal)", r"\1", det)
            return c, re.sub(r"\d+", "N", det)
        if c == "mismatch":
            m = re.search(r"expected '([^ ']*)", det)
            return c, m.group(1) if m else None
        return c, None

    def reduce(self, d, findings):
        want = self.signature(findings)
        if want[0] in ("generator", "tester", "gcc-run"):
            return
        src = open(os.path.join(d, "prog.c")).read()
        lines = src.split("\n")
        # the generator's prelude (headers, helpers) is kept: deleting inside it gives programs
        # whose failures are the deletion's (a helper without its return statement)
        protect = 0
        for i, l in enumerate(lines):
            if l.startswith("static void wf_fill"):
                protect = next(j for j in range(i, len(lines)) if lines[j] == "}") + 1
                break
        work = tempfile.mkdtemp(prefix="reduce-", dir=d)
        tries = [0]

        def still_fails(cand):
            tries[0] += 1
            text = "\n".join(cand)
            with open(os.path.join(work, "prog.c"), "w") as f:
                f.write(text)
            with open(os.path.join(work, "prog.gcc.c"), "w") as f:
                f.write(gen.to_gcc(text))
            fs = self.check_dir(work, stop_early=True)
            return bool(fs) and self.signature(fs) == want

        # 1. whole blocks: the calls in main
        calls = [i for i, l in enumerate(lines) if re.match(r"\s+t\d+\(\);$", l)]
        for i in calls:
            cand = lines[:i] + [""] + lines[i + 1:]
            if still_fails(cand):
                lines = cand
        # unused block functions (and their helpers): remove whole definitions
        lines = self._drop_unused_functions(lines, still_fails, protect)
        # 2. brace groups and single lines, from large to small
        changed = True
        while changed:
            changed = False
            i = protect
            while i < len(lines):
                span = self._group(lines, i)
                if span and span[1] - span[0] > 0:
                    cand = lines[:span[0]] + lines[span[1] + 1:]
                    if still_fails(cand):
                        lines = cand
                        changed = True
                        continue
                if lines[i].strip() and not lines[i].startswith("#include"):
                    cand = lines[:i] + lines[i + 1:]
                    if still_fails(cand):
                        lines = cand
                        changed = True
                        continue
                i += 1
        lines = [l for l in lines if l.strip() != ""] + [""]
        with open(os.path.join(d, "reduced.c"), "w") as f:
            f.write("\n".join(lines))
        shutil.rmtree(work, ignore_errors=True)
        with print_lock:
            print(f"  reduced {os.path.basename(d)}: {len(src.splitlines())} -> {len(lines)} lines "
                  f"({tries[0]} tries): {os.path.join(d, 'reduced.c')}", flush=True)

    @staticmethod
    def _group(lines, i):
        """A statement group starting at line i: a line opening a brace up to its match, or a
        pragma line with the statement (group) after it."""
        l = lines[i]
        if l.lstrip().startswith("#pragma omp") and i + 1 < len(lines):
            g = Tester._group(lines, i + 1)
            return (i, g[1] if g else i + 1)
        depth = l.count("{") - l.count("}")
        if depth <= 0:
            return None
        j = i + 1
        while j < len(lines):
            depth += lines[j].count("{") - lines[j].count("}")
            if depth <= 0:
                return (i, j)
            j += 1
        return None

    @staticmethod
    def _drop_unused_functions(lines, still_fails, protect):
        i = protect
        while i < len(lines):
            m = re.match(r"static \w[\w ]*\b(\w+)\(.*\)$", lines[i])
            if m and i + 1 < len(lines) and lines[i + 1] == "{":
                j = i + 1
                while j < len(lines) and lines[j] != "}":
                    j += 1
                cand = lines[:i] + lines[j + 1:]
                if still_fails(cand):
                    lines = cand
                    continue
            i += 1
        return lines


def parse_seeds(a):
    if a.seeds:
        m = re.match(r"^(\d+)\.\.(\d+)$", a.seeds)
        if m:
            return list(range(int(m.group(1)), int(m.group(2)) + 1))
        return [int(x) for x in a.seeds.split(",")]
    return list(range(a.start, a.start + a.count))


def main():
    ap = argparse.ArgumentParser(description="omp2numa differential tester",
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__)
    ap.add_argument("--seeds", help="A..B (inclusive) or a comma-separated list")
    ap.add_argument("--count", type=int, default=100, help="number of seeds (with --start)")
    ap.add_argument("--start", type=int, default=1, help="first seed for --count (default 1)")
    ap.add_argument("-j", type=int, default=2, help="programs at a time (default 2)")
    ap.add_argument("--out", default=None, help="output directory (default build/difftest)")
    ap.add_argument("--cc", default=os.path.join(SRC_ROOT, "build", "bin", "omp2numa-cc"),
                    help="the omp2numa-cc to test")
    ap.add_argument("--gcc", default="gcc", help="reference compiler (default gcc)")
    ap.add_argument("--threads", default="1,2,3,5", help="OMP_NUM_THREADS values")
    ap.add_argument("--timeout", type=float, default=20, help="seconds per run (default 20)")
    ap.add_argument("--build-timeout", type=float, default=120, help="seconds per build")
    ap.add_argument("--keep-all", action="store_true", help="keep the directories of passing programs")
    ap.add_argument("--reduce", action="store_true", help="shrink each finding's program")
    ap.add_argument("--reduce-dir", help="only reduce the finding in this directory")
    ap.add_argument("--quiet", action="store_true", help="no progress lines")
    ap.add_argument("--no-env-variants", dest="env_variants", action="store_false",
                    help="run omp2numa's programs without the environment variants (OMP_SCHEDULE, "
                         "OMP2NUMA_TOPOLOGY, ... at 3 and 5 threads)")
    ap.add_argument("--include-known", action="store_true",
                    help="also generate the constructs of known findings (gen.KNOWN)")
    ap.add_argument("--kinds", choices=sorted(gen.KIND_SETS), default="all",
                    help="block kinds (gen.py --kinds): classic (no tasks), tasks, omp5 (OpenMP 5 "
                         "and simd), device (target, teams, distribute), all (default)")
    a = ap.parse_args()
    gen.INCLUDE_KNOWN = a.include_known
    gen.KINDS = a.kinds
    a.threads = [int(x) for x in a.threads.split(",")]
    if a.out is None:
        a.out = os.path.join(SRC_ROOT, "build", "difftest")
    a.out = os.path.abspath(a.out)
    os.makedirs(a.out, exist_ok=True)
    for _ in range(INFRA_TRIES):       # the build tree may be being rebuilt
        if os.access(a.cc, os.X_OK):
            break
        time.sleep(INFRA_WAIT)
    if not os.access(a.cc, os.X_OK):
        print(f"difftest: {a.cc} is not an executable", file=sys.stderr)
        return 2
    T = Tester(a)
    if a.reduce_dir:
        d = os.path.abspath(a.reduce_dir)
        fs = T.check_dir(d)
        if not fs:
            print(f"difftest: {d}: no finding to reduce")
            return 0
        print(f"difftest: reducing {d}: {fs[0][0]}: {fs[0][1]}")
        T.reduce(d, fs)
        return 1
    seeds = parse_seeds(a)
    nfind = 0
    nprog = 0
    ngcc = 0
    classes = {}
    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.j)) as ex:
        futs = [ex.submit(T.one, s) for s in seeds]
        for fut in concurrent.futures.as_completed(futs):
            seed, findings, dt = fut.result()
            nprog += 1
            with print_lock:
                # gcc's own failures are not omp2numa's: a NOTE line, not counted as findings
                for c, det in findings:
                    if c == "gcc-run":
                        print(f"NOTE seed={seed} class=gcc-run: {det} "
                              f"[{os.path.join(a.out, f'seed-{seed}')}]", flush=True)
                ngcc += any(c == "gcc-run" for c, _ in findings)
                findings = [f for f in findings if f[0] != "gcc-run"]
                if findings:
                    nfind += 1
                    cls = sorted(set(c for c, _ in findings))
                    for c in cls:
                        classes[c] = classes.get(c, 0) + 1
                    c, det = findings[0]
                    more = f" (+{len(findings) - 1} more)" if len(findings) > 1 else ""
                    print(f"FINDING seed={seed} class={c}: {det}{more} "
                          f"[{os.path.join(a.out, f'seed-{seed}')}]", flush=True)
                elif not a.quiet and nprog % 50 == 0:
                    print(f"  ... {nprog}/{len(seeds)} programs, {nfind} findings, "
                          f"{time.time() - t0:.0f} s", flush=True)
    by = ", ".join(f"{c} {n}" for c, n in sorted(classes.items()))
    print(f"difftest: {nprog} programs, {nfind} findings" + (f" ({by})" if by else "")
          + (f"; gcc -fopenmp failed to run {ngcc}" if ngcc else ""))
    return 1 if nfind else 0


if __name__ == "__main__":
    sys.exit(main())
