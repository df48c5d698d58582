#!/usr/bin/env python3
"""Writes a C file with one loop per schedule kind of translator/lib/OmpSchedules.def, and the
list of ABI constants the translation must name, so that a kind added to the list is translated
and compiled by the test suite without the test changing.

  every-kind.py write OmpSchedules.def kinds.c    the loops
  every-kind.py check OmpSchedules.def out.c      every kind's constant is in the translation
"""
import re
import sys

mode, def_file, c_file = sys.argv[1:4]
kinds = re.findall(r'^OMP_SCHEDULE\((\w+), "(\w+)", (\w+), (true|false), (true|false)\)',
                   open(def_file).read(), re.M)
if len(kinds) < 12:
    sys.exit(f"every-kind.py: only {len(kinds)} kinds read from {def_file}")

if mode == "check":
    text = open(c_file).read()
    missing = [abi for _, _, abi, _, _ in kinds
               if not re.search(r"__omp2numa_loop_site __o2n_loop = \{[^}]*, " + abi + ", ", text)]
    if missing:
        sys.exit("every-kind.py: no loop site names " + ", ".join(missing))
    sys.exit(0)

loops = []
for enum, spelling, abi, takes_map, takes_chunk in kinds:
    clause = spelling + ("(map)" if takes_map == "true" else "")
    for chunk in ([None, "2"] if takes_chunk == "true" else [None]):
        full = clause + (f", {chunk}" if chunk else "")
        loops.append(f"  #pragma omp for schedule({full})\n"
                     f"  for (int i = 0; i < n; i++)\n    a[i] += i;\n")

with open(c_file, "w") as out:
    out.write("void kinds(int n, double *a, int *map)\n{\n#pragma omp parallel\n  {\n")
    out.write("".join(loops))
    out.write("  }\n}\n")
