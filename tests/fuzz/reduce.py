#!/usr/bin/env python3
"""Line-deletion reducer for the translator fuzzer's findings.

    tests/fuzz/reduce.py FINDING_DIR [-o OUT.c] [--translator PATH] [--signature SUBSTR]
    tests/fuzz/reduce.py FILE.c --kind KIND [--flags '-DX -I...'] [-o OUT.c] ...

FINDING_DIR is a directory that tests/fuzz/run.py saved (mutant.c, describe.txt: its flags, kind
and signature).  The reducer deletes lines, in chunks of halving size down to single lines (and
then, once more, single lines again until nothing changes), and keeps a deletion when the file
still gives a finding of the same kind whose signature is the original one (or contains
--signature SUBSTR).  The check is run.py's own (translate, classify, compile), with the same
translator and flags; the reduced file is written to OUT.c (default: FINDING_DIR/reduced.c, or
FILE.reduced.c).

The result still needs a look by hand: lines are deleted, never edited, and comments survive
only if a finding needs them (they do not: delete them too).
"""

import argparse
import os
import re
import shlex
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402


class Text:
    def __init__(self, lines, flags):
        self.lines = lines
        self.flags = flags

    @property
    def text(self):
        return "\n".join(self.lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("input", help="a finding directory of run.py, or a C file")
    ap.add_argument("-o", "--output")
    ap.add_argument("--kind", help="finding kind to keep (default: the finding's)")
    ap.add_argument("--signature", help="substring the signature must contain "
                    "(default: equal to the finding's signature)")
    ap.add_argument("--flags", help="compiler flags (default: the finding's)")
    ap.add_argument("--translator", default=None)
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--no-compile", dest="compile", action="store_false")
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--name", default="repro.c", help="the file name the translator sees")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    kind, sig, flags = args.kind, None, []
    if os.path.isdir(args.input):
        src = os.path.join(args.input, "mutant.c")
        desc = {}
        with open(os.path.join(args.input, "describe.txt")) as f:
            for l in f:
                k, _, v = l.partition(":")
                desc[k.strip()] = v.strip()
        kind = kind or desc.get("kind")
        sig = desc.get("signature")
        flags = shlex.split(desc.get("flags", ""))
        if not args.translator and desc.get("translator"):
            args.translator = desc["translator"]
        out = args.output or os.path.join(args.input, "reduced.c")
    else:
        src = args.input
        out = args.output or re.sub(r"\.c$", "", src) + ".reduced.c"
    if args.flags is not None:
        flags = shlex.split(args.flags)
    if not kind:
        ap.error("--kind is needed for a C file")

    scratch = tempfile.mkdtemp(prefix="o2n-red-")
    try:
        return reduce(args, src, out, kind, sig, flags, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def reduce(args, src, out, kind, sig, flags, scratch):
    ns = argparse.Namespace(root=run.ROOT, seed=0, translator=args.translator or
                            run.default_translator(run.ROOT), cc=args.cc, compile=args.compile,
                            input_check="on-failure", timeout=args.timeout,
                            cc_timeout=60, wait=600, scratch=scratch, keep=False, out=None, gdb=True)
    fz = run.Fuzzer(ns)
    with open(src, encoding="utf-8", errors="surrogateescape") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()

    tries = [0]

    def interesting(ls):
        tries[0] += 1
        r = fz._check_mutant(tries[0], Text(ls, flags), save=False, name=args.name)
        if r.kind != kind:
            return False
        if args.signature:
            return args.signature in r.signature
        return sig is None or r.signature == sig

    first = fz._check_mutant(0, Text(lines, flags), save=False, name=args.name)
    if sig is None and not args.signature:
        sig = first.signature if first.kind == kind else None
    if not interesting(lines):
        print(f"reduce: the input does not reproduce: {first.kind}: {first.signature}",
              file=sys.stderr)
        return 1
    print(f"reduce: {len(lines)} lines, {kind}: {first.signature}", flush=True)
    chunk = max(1, len(lines) // 2)
    while True:
        changed = False
        i = 0
        while i < len(lines):
            cand = lines[:i] + lines[i + chunk:]
            if cand and interesting(cand):
                lines = cand
                changed = True
                if args.verbose:
                    print(f"reduce: {len(lines)} lines (chunk {chunk})", flush=True)
            else:
                i += chunk
        if chunk == 1 and not changed:
            break
        chunk = max(1, chunk // 2)
    with open(out, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write("\n".join(lines) + "\n")
    print(f"reduce: {len(lines)} lines after {tries[0]} checks: {out}")
    return 0



if __name__ == "__main__":
    sys.exit(main())
