#!/usr/bin/env python3
"""Builds the tasking corpus with the peers and runs it: every test program of tests/e2e/tasks
with gcc -fopenmp (libgomp) and clang-16 -fopenmp (libomp), at 1, 2 and 4 threads.

The programs are meant to be correct OpenMP: a program that fails with a peer is a bug in the
program (or a peer limitation that the program must not depend on), never a measure of
omp2numa.  The lit test peers.test runs this script, so that the corpus stays valid while
omp2numa cannot run it yet (its own RUN lines need the feature omp2numa-tasks).

A test may add flags for one peer with a comment line in its header, or name the only peers
that support it (the header says why):
    // CLANG-FLAGS: -fopenmp-version=51
    // GCC-FLAGS: ...
    // PEERS: gcc
    // CLANG-THREADS: 2,4          (only these thread counts with that peer)

Usage: peers.py [--work DIR] [--threads 1,2,4] [--peers gcc,clang] [-j N] [TEST.c ...]
Exit status 0 when every program passes with every peer at every thread count.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.dirname(HERE)
PEERS = {
    "gcc": ["gcc", "-std=c11", "-fopenmp", "-O1", "-Wall", "-Werror"],
    "clang": ["clang-16", "-std=c11", "-fopenmp", "-O1", "-Wall", "-Werror"],
}
THREADS_LINE = {"gcc": re.compile(r"^// GCC-THREADS:(.*)$", re.M),
                "clang": re.compile(r"^// CLANG-THREADS:(.*)$", re.M)}
FLAG_LINE = {"gcc": re.compile(r"^// GCC-FLAGS:(.*)$", re.M),
             "clang": re.compile(r"^// CLANG-FLAGS:(.*)$", re.M)}
TIMEOUT = 120


def run_one(src, peer, threads, work):
    """Builds src with peer, runs it at each thread count; returns a list of failure texts."""
    text = open(src).read()
    only = re.search(r"^// PEERS:(.*)$", text, re.M)
    if only and peer not in only.group(1).replace(",", " ").split():
        return None
    extra = []
    for m in FLAG_LINE[peer].finditer(text):
        extra += m.group(1).split()
    name = os.path.splitext(os.path.basename(src))[0]
    exe = os.path.join(work, f"{name}.{peer}")
    cmd = PEERS[peer] + extra + [src, "-o", exe, "-lm"]
    b = subprocess.run(cmd, capture_output=True, text=True)
    if b.returncode != 0:
        return [f"{name} [{peer}] does not build:\n  {' '.join(cmd)}\n{b.stderr.strip()}"]
    fails = []
    tm = THREADS_LINE[peer].search(text)
    if tm:
        allowed = [int(x) for x in tm.group(1).replace(",", " ").split()]
        threads = [t for t in threads if t in allowed]
    for t in threads:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("OMP_", "GOMP_", "KMP_"))}
        env["OMP_NUM_THREADS"] = str(t)
        try:
            r = subprocess.run([exe], capture_output=True, text=True, env=env, timeout=TIMEOUT)
            out = (r.stdout + r.stderr).strip()
            if r.returncode != 0 or out:
                fails.append(f"{name} [{peer}] OMP_NUM_THREADS={t}: exit {r.returncode}"
                             + (f"\n{out[:2000]}" if out else ""))
        except subprocess.TimeoutExpired:
            fails.append(f"{name} [{peer}] OMP_NUM_THREADS={t}: timeout after {TIMEOUT} s")
    return fails


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=None)
    ap.add_argument("--threads", default="1,2,4")
    ap.add_argument("--peers", default="gcc,clang")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("tests", nargs="*")
    a = ap.parse_args()
    tests = a.tests or sorted(os.path.join(CORPUS, f) for f in os.listdir(CORPUS)
                              if f.endswith(".c"))
    threads = [int(x) for x in a.threads.split(",")]
    peers = a.peers.split(",")
    work = a.work or tempfile.mkdtemp(prefix="task-peers-")
    os.makedirs(work, exist_ok=True)
    jobs = [(src, p) for src in tests for p in peers]
    fails, skipped, failed_pairs = [], [], 0
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        for (src, p), f in zip(jobs, ex.map(lambda j: run_one(j[0], j[1], threads, work), jobs)):
            if f is None:
                skipped.append(f"{os.path.basename(src)} [{p}]")
            elif f:
                fails += f
                failed_pairs += 1
    for f in fails:
        print("FAIL " + f)
    ran = len(jobs) - len(skipped)
    print(f"peers: {ran - failed_pairs} of {ran} (program, peer) pairs pass at "
          f"OMP_NUM_THREADS={a.threads}"
          + (f"; not for this peer (// PEERS:): {', '.join(skipped)}" if skipped else ""))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
