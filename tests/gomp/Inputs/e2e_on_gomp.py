#!/usr/bin/env python3
"""Runs the project's e2e programs (tests/e2e/**/*.c) compiled by gcc -fopenmp on libomp2numa,
through libgomp's ABI (docs/gomp-abi.md).

Each program is built with gcc -fopenmp (those that gcc does not build, because they use
omp2numa's own clauses or schedules, are skipped), run on libgomp once as the reference (those
that fail there are skipped: they test omp2numa's behaviour, not OpenMP's), then run on
libomp2numa through LIB/omp2numa/libgomp.so.1 (LD_LIBRARY_PATH) in the environments of its own
RUN lines (`env VAR=VALUE ... %o2n-run %t`, or the default environment when it has none).  A run
passes when it exits 0.  A run that stops in an entry point of part 2 of issue #18 (tasks,
cancellation, doacross, task reductions: "... part 2 of issue #18)") is counted apart.

Usage: e2e_on_gomp.py --lib BUILD/lib [--work DIR] [--exclude DIR]... [-j N] [TEST.c ...]
The last line is "e2e on libgomp's ABI: P passed, F failed, K part 2, S skipped (of T)"; the exit
status is 1 if any run failed.
"""
import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
E2E = os.path.join(os.path.dirname(os.path.dirname(HERE)), "e2e")
TIMEOUT = 120


def run(cmd, env=None):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, env=env)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return None, f"timeout after {TIMEOUT} s"


def env_with(**extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OMP_", "OMP2NUMA_"))}
    env.update(extra)
    return env


RUN_ENV = re.compile(r"^// RUN: (?:env ((?:[A-Z_0-9]+=\S+\s+)+))?%o2n-run %t\s*(?:\||$)", re.M)


def run_envs(src):
    """The environments of the program's own runs, each a dict; [{}] when it has none."""
    envs = []
    for m in RUN_ENV.finditer(open(src).read()):
        env = dict(kv.split("=", 1) for kv in (m.group(1) or "").split())
        if env not in envs:
            envs.append(env)
    return envs or [{}]


def one(src, opts):
    """Returns (class, detail): pass, fail, part2 or skip."""
    rel = os.path.relpath(src, E2E)
    exe = os.path.join(opts.work, rel.replace("/", "__")[:-2])
    inputs = os.path.join(os.path.dirname(src), "Inputs")
    rc, out = run(["gcc", "-std=gnu11", "-fopenmp", "-O1", "-I", inputs, src, "-o", exe, "-lm"])
    if rc != 0:
        return "skip", "gcc does not build it"
    rc, out = run([exe], env_with(OMP_NUM_THREADS="3"))
    if rc != 0:
        return "skip", "fails on libgomp"
    gomp_dir = os.path.join(opts.lib, "omp2numa")
    for extra in run_envs(src):
        rc, out = run([exe], env_with(**extra, LD_LIBRARY_PATH=gomp_dir))
        if rc != 0:
            if "part 2 of issue #18)" in out:
                return "part2", out.strip().splitlines()[-1]
            lines = out.strip().splitlines()
            shown = " ".join(f"{k}={v}" for k, v in extra.items())
            return "fail", f"{shown or 'default environment'}: exit {rc}: {lines[-1] if lines else ''}"
    return "pass", ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tests", nargs="*")
    ap.add_argument("--lib", required=True, help="the build's lib directory")
    ap.add_argument("--work", help="scratch directory (default: a temporary one)")
    ap.add_argument("--exclude", action="append", default=[], metavar="DIR",
                    help="leave out the programs under tests/e2e/DIR")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("-v", "--verbose", action="store_true")
    opts = ap.parse_args()
    tests = opts.tests or sorted(p for p in glob.glob(os.path.join(E2E, "**", "*.c"),
                                                      recursive=True)
                                 if "/Inputs/" not in p and not any(
                                     os.path.relpath(p, E2E).startswith(d.rstrip("/") + "/")
                                     for d in opts.exclude))
    with tempfile.TemporaryDirectory() as tmp:
        opts.work = opts.work or tmp
        os.makedirs(opts.work, exist_ok=True)
        with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as pool:
            results = list(pool.map(lambda s: (s, *one(s, opts)), tests))
    counts = {"pass": 0, "fail": 0, "part2": 0, "skip": 0}
    for src, cls, detail in results:
        counts[cls] += 1
        if cls == "fail" or opts.verbose:
            print(f"{cls.upper()}: {os.path.relpath(src, E2E)}{': ' + detail if detail else ''}")
    print(f"e2e on libgomp's ABI: {counts['pass']} passed, {counts['fail']} failed, "
          f"{counts['part2']} part 2, {counts['skip']} skipped (of {len(results)})")
    sys.exit(1 if counts["fail"] else 0)


if __name__ == "__main__":
    main()
