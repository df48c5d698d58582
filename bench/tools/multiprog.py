#!/usr/bin/env python3
"""The multiprogramming section of bench/run: K copies of one program at once, each asking for
all processors; each copy's turnaround and CPU time, measured here.

Usage:
  multiprog.py --bin-dir=DIR --raw=FILE --logs=DIR [options] KERNEL=PROGRAM:ARGS ...

  KERNEL=PROGRAM:ARGS   a program of DIR/RUNTIME/ with its options (space-separated), e.g.
                        "mp_heat=multiprog_heat:--n=32768 --regions=400"
  --copies=1,2,4,8      the values of K
  --reps=N              repetitions of every (kernel, K, configuration) batch
  --timeout=S           a batch still running after S seconds is killed (its copies: timeout)
  --env=VAR=VALUE       set for every copy of every configuration (repeatable)
  --runner=WORD         a command prefix word, e.g. --runner=nice --runner=-n --runner=5

The configurations (ids as in the raw results):
  o2n       omp2numa, OMP_DYNAMIC unset (false: the default)
  o2n_dyn   omp2numa, OMP_DYNAMIC=true
  gomp      libgomp with its defaults
  lomp      libomp with its defaults
OMP_DYNAMIC, OMP_NUM_THREADS and OMP_SCHEDULE are removed from the inherited environment, so
that each copy asks for all processors and schedule(runtime) means the runtime's own default
(--env may set them again, for every configuration alike).

Order: for each repetition, for each kernel, for each K, every configuration once, in an order
that rotates from one K to the next: noise on a shared machine falls on all configurations alike,
and no configuration always runs first.

A batch starts its K copies back to back (posix_spawn, about a millisecond apart), then waits for
them on pidfds and reaps each with wait4 as it exits: a copy's turnaround is from its own spawn to
its exit, its CPU time the user + system time of wait4's rusage (every thread of the copy).  A
batch still running --timeout seconds after its start is killed; its unfinished copies are
"timeout", and that configuration is not run again on that kernel with as many copies or more
(those batches are "skipped"): a runtime that collapses costs the section one timeout, not one
per repetition.  Each copy appends one line to the raw results:

  RESULT section=multiprog scenario=kK runtime=CONFIG kernel=KERNEL test=turnaround copies=K
         rep=R copy=I seconds=TURNAROUND cpu=CPU makespan=BATCH self_seconds=X team_min=A ...

(self_seconds, team_min, team_max, runtime_sched: from the program's own RESULT line), or a FAIL
line with reason wrong-result, timeout, crash or skipped, the copy's output under --logs.  One
line per repetition records the 1-minute load average when it started (test=load).
"""
from __future__ import annotations

import os
import select
import signal
import sys
import time
from pathlib import Path

CONFIGS = [("o2n", "o2n", {}), ("o2n_dyn", "o2n", {"OMP_DYNAMIC": "true"}),
           ("gomp", "gomp", {}), ("lomp", "lomp", {})]
CLEARED = ("OMP_DYNAMIC", "OMP_NUM_THREADS", "OMP_SCHEDULE")


def load1() -> str:
    try:
        return Path("/proc/loadavg").read_text().split()[0]
    except OSError:
        return "?"


def program_fields(stdout: str) -> dict[str, str] | None:
    """The fields of the program's RESULT line that the section keeps, or None without one."""
    for line in stdout.splitlines():
        if line.startswith("RESULT "):
            f = dict(p.partition("=")[::2] for p in line.split()[1:])
            keep = {"self_seconds": f.get("seconds", "?")}
            for k in ("team_min", "team_max", "runtime_sched"):
                if k in f:
                    keep[k] = f[k]
            return keep
    return None


def reap(pid: int, copy: dict):
    _, status, ru = os.wait4(pid, 0)
    copy.update(end=time.monotonic(), status=os.waitstatus_to_exitcode(status),
                cpu=ru.ru_utime + ru.ru_stime)


def run_batch(argv: list[str], env: dict[str, str], k: int, timeout: float, logs: Path,
              tag: str) -> tuple[list[dict], bool]:
    """Runs k copies of argv at once.  Returns one dict per copy (start, end, status, cpu, output
    files) and whether the batch was killed at the timeout.  Each copy is waited for on a pidfd,
    so that its exit is seen when it happens, without signals or polling."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    copies = []
    for i in range(k):
        out, err = logs / f"{tag}.{i}.out", logs / f"{tag}.{i}.err"
        actions = [(os.POSIX_SPAWN_OPEN, 1, str(out), flags, 0o644),
                   (os.POSIX_SPAWN_OPEN, 2, str(err), flags, 0o644)]
        t0 = time.monotonic()
        pid = os.posix_spawnp(argv[0], argv, env, file_actions=actions)
        copies.append({"pid": pid, "start": t0, "out": out, "err": err})
    deadline = copies[0]["start"] + timeout
    fds = {os.pidfd_open(c["pid"]): c for c in copies}
    poller = select.poll()
    for fd in fds:
        poller.register(fd, select.POLLIN)
    timed_out = False
    while fds:
        left_ms = (deadline - time.monotonic()) * 1e3
        events = poller.poll(max(0, int(left_ms) + 1)) if left_ms > 0 else []
        if not events:
            timed_out = True
            break
        for fd, _ in events:
            reap(fds[fd]["pid"], fds[fd])
            poller.unregister(fd)
            os.close(fd)
            del fds[fd]
    for fd, c in fds.items():  # left at the timeout: not reaped yet, so the pid is still ours
        os.kill(c["pid"], signal.SIGKILL)
        reap(c["pid"], c)
        c["status"] = "timeout"
        os.close(fd)
    return copies, timed_out


def main(argv: list[str]) -> int:
    opts = {"copies": "1,2,4,8", "reps": "3", "timeout": "300"}
    env_extra, runner, kernels = [], [], []
    for a in argv[1:]:
        if a.startswith("--env="):
            env_extra.append(a[len("--env="):])
        elif a.startswith("--runner="):
            runner.append(a[len("--runner="):])
        elif a.startswith("--") and "=" in a:
            k, _, v = a[2:].partition("=")
            opts[k] = v
        elif "=" in a and ":" in a:
            name, _, rest = a.partition("=")
            prog, _, args = rest.partition(":")
            kernels.append((name, prog, args.split()))
        else:
            print(__doc__, file=sys.stderr)
            return 2
    for need in ("bin-dir", "raw", "logs"):
        if need not in opts:
            print(f"multiprog.py: --{need} is required", file=sys.stderr)
            return 2
    bin_dir, raw, logs = Path(opts["bin-dir"]), Path(opts["raw"]), Path(opts["logs"])
    logs.mkdir(parents=True, exist_ok=True)
    ks = [int(x) for x in opts["copies"].replace(" ", ",").split(",") if x]
    reps, timeout = int(opts["reps"]), float(opts["timeout"])

    base = {k: v for k, v in os.environ.items() if k not in CLEARED}
    for e in env_extra:
        k, _, v = e.partition("=")
        base[k] = v

    def emit(line: str):
        with open(raw, "a") as f:
            f.write(line + "\n")

    turn = 0
    gave_up: dict[tuple[str, str], int] = {}  # (kernel, config) -> the K whose batch timed out
    for rep in range(reps):
        emit(f"RESULT section=multiprog scenario=- runtime=- kernel=- test=load rep={rep} "
             f"load1={load1()}")
        for kernel, prog, args in kernels:
            for k in ks:
                order = CONFIGS[turn % len(CONFIGS):] + CONFIGS[:turn % len(CONFIGS)]
                turn += 1
                for cfg, rt, extra in order:
                    prefix = (f"section=multiprog scenario=k{k} runtime={cfg} kernel={kernel} "
                              f"test=turnaround copies={k} rep={rep}")
                    if k >= gave_up.get((kernel, cfg), k + 1):
                        emit(f"FAIL {prefix} copy=- status=- reason=skipped "
                             f"after=k{gave_up[(kernel, cfg)]}")
                        print(f"  rep {rep + 1}/{reps} {kernel} K={k} {cfg}: skipped (K="
                              f"{gave_up[(kernel, cfg)]} timed out)", file=sys.stderr)
                        continue
                    cmd = runner + [str(bin_dir / rt / prog)] + args
                    tag = f"multiprog.{kernel}.k{k}.{cfg}.r{rep}"
                    copies, timed_out = run_batch(cmd, dict(base, **extra), k, timeout, logs, tag)
                    if timed_out:
                        gave_up[(kernel, cfg)] = k
                    record(copies, prefix, emit, rep, reps, f"{kernel} K={k} {cfg}")
    return 0


def record(copies: list[dict], prefix: str, emit, rep: int, reps: int, label: str):
    """One RESULT or FAIL line per copy of a batch; the logs of failed copies are kept."""
    makespan = max(c["end"] for c in copies) - min(c["start"] for c in copies)
    fails = 0
    for i, c in enumerate(copies):
        text = c["out"].read_text(errors="replace")
        c["out"].unlink()
        fields = program_fields(text)
        if c["status"] == 0 and fields:
            extra = " ".join(f"{a}={b}" for a, b in fields.items())
            emit(f"RESULT {prefix} copy={i} seconds={c['end'] - c['start']:.6f} "
                 f"cpu={c['cpu']:.6f} makespan={makespan:.6f} {extra}")
            if c["err"].stat().st_size == 0:
                c["err"].unlink()
            continue
        fails += 1
        with open(c["err"], "a") as f:  # the log keeps both outputs
            f.write(text)
            if c["status"] == "timeout":
                f.write("multiprog.py: killed at the batch timeout\n")
        if c["status"] == "timeout":
            reason, status = "timeout", 124
        elif "CHECK FAILED" in text:
            reason, status = "wrong-result", c["status"]
        else:
            reason, status = "crash", c["status"]
        emit(f"FAIL {prefix} copy={i} status={status} reason={reason} "
             f"log={c['err'].parent.name}/{c['err'].name}")
    mean = sum(c["end"] - c["start"] for c in copies) / len(copies)
    note = f", {fails} failed" if fails else ""
    print(f"  rep {rep + 1}/{reps} {label}: mean turnaround {mean:.2f} s, makespan "
          f"{makespan:.2f} s{note}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
