#!/usr/bin/env python3
"""missing_check.py DEF OUT: takes the first entry point of runtime/gomp_missing.def, builds a
gcc program that calls it (as a binary built against libgomp would), runs it in the three ways
of gomp-ways.sh, and checks that each run stops with status 1 and the message naming it.
Prints "ok: SYMBOL" or "none missing" (every entry point implemented); exits 1 on a failure."""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = """#include <stdio.h>
void {sym}(void);
int main(void)
{{
  printf("before\\n");
  fflush(stdout);
  {sym}();
  printf("unreachable\\n");
  return 0;
}}
"""


def main():
    deffile, out = sys.argv[1], sys.argv[2]
    m = re.search(r'^O2N_GOMP_MISSING\((\w+), "([^"]*)"\)', open(deffile).read(), re.M)
    if not m:
        print("none missing")
        return 0
    sym, what = m.groups()
    src = out + ".c"
    with open(src, "w") as f:
        f.write(PROGRAM.format(sym=sym))
    for way in ("direct", "preload", "libdir"):
        p = subprocess.run(["bash", os.path.join(HERE, "gomp-ways.sh"), src, out, way],
                           capture_output=True, text=True)
        want = f"omp2numa: {sym} is not implemented ({what})"
        if p.returncode != 1 or want not in p.stderr or "unreachable" in p.stdout \
                or "before" not in p.stdout:
            print(f"FAIL {way}: status {p.returncode}\n{p.stdout}{p.stderr}")
            return 1
    print(f"ok: {sym}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
