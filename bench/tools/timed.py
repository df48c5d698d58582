#!/usr/bin/env python3
"""timed.py [--rep=R] KERNEL PROGRAM [ARGS...] -- runs a whole program and reports it in bench.h's
protocol.

For the programs section: the programs (bench/programs/*.c) are ordinary OpenMP programs that know
nothing of bench.h; each prints "result: OK" or "result: MISMATCH" and exits 0 or 1.  This runs
PROGRAM once and prints, on stdout,

    RESULT kernel=KERNEL test=run sched=default chunk=default threads=N rep=R seconds=W cpu=C

W the wall-clock seconds of the process, C its user + system CPU seconds (all its threads), N
from OMP_NUM_THREADS, R the round of bench/run's programs section (default 0), which pairs the
runs of the builds that ran back to back; or "CHECK FAILED kernel=KERNEL: ..." and exit status 3 when the program
fails or does not say "result: OK".  The program's output goes to stderr.
"""
import os
import resource
import subprocess
import sys
import time


def main(argv: list[str]) -> int:
    rep = "0"
    if len(argv) > 1 and argv[1].startswith("--rep="):
        rep = argv[1][len("--rep="):]
        argv = argv[:1] + argv[2:]
    if len(argv) < 3 or not rep.isdigit():
        print(__doc__, file=sys.stderr)
        return 2
    kernel, cmd = argv[1], argv[2:]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    sys.stderr.write(proc.stdout)
    if proc.returncode != 0 or "result: OK" not in proc.stdout.splitlines():
        print(f"CHECK FAILED kernel={kernel}: exit status {proc.returncode}, "
              f"{'no' if 'result: OK' not in proc.stdout else 'a'} 'result: OK' line")
        return 3
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"RESULT kernel={kernel} test=run sched=default chunk=default "
          f"threads={os.environ.get('OMP_NUM_THREADS', 'default')} rep={rep} seconds={wall:.6f} "
          f"cpu={cpu:.6f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
