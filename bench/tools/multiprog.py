#!/usr/bin/env python3
"""The multiprogramming section of bench/run: K copies of one program at once, each asking for
all processors, alone and next to busy programs; each copy's turnaround and CPU time, measured
here.

Usage:
  multiprog.py --bin-dir=DIR --raw=FILE --logs=DIR [options] KERNEL[/K,...]=PROGRAM:ARGS ...

  KERNEL=PROGRAM:ARGS   a program of DIR/RUNTIME/ with its options (space-separated), e.g.
                        "mp_heat=multiprog_heat:--n=32768 --regions=400"; KERNEL/1,2=... runs
                        that program with K = 1 and 2 copies only (instead of --copies)
  --copies=1,2,4,8      the values of K
  --reps=N              repetitions of every (kernel, K, scenario, configuration) batch
  --timeout=S           a batch still running after S seconds is killed (its copies: timeout)
  --background=B        also run every batch next to B busy single-threaded processes (the
                        scenario bgB; 0, the default: only the scenario alone)
  --spinner=PATH        the busy process (bench/tools/spinner.c, run at duty 1.0)
  --reference=KERNEL,...  these kernels also run the configuration o2n_ref: the reference
                        omp2numa build (DIR/o2n_ref/), with its defaults
  --env=VAR=VALUE       set for every copy of every configuration (repeatable)
  --runner=WORD         a command prefix word, e.g. --runner=nice --runner=-n --runner=5
                        (the spinners are run through it too)

The configurations (ids as in the raw results):
  o2n       omp2numa, OMP_DYNAMIC unset (false: the default)
  o2n_dyn   omp2numa, OMP_DYNAMIC=true
  gomp      libgomp with its defaults
  lomp      libomp with its defaults
  o2n_ref   the reference omp2numa (bench/run --omp2numa-reference), OMP_DYNAMIC unset; only
            for the kernels of --reference
OMP_DYNAMIC, OMP_NUM_THREADS and OMP_SCHEDULE are removed from the inherited environment, so
that each copy asks for all processors and schedule(runtime) means the runtime's own default
(--env may set them again, for every configuration alike).

The serial reference: in every repetition, before a kernel's batches, one copy of each build
(o2n, gomp, lomp) runs alone with OMP_NUM_THREADS=1, timed the same way (launch to exit).  The
report derives every ideal from it: K copies x serial time / processors when alone, and with B
busy processes each of the K + B processes getting processors / (K + B) of the machine.

Scenarios: "alone" (the K copies by themselves) and "bgB": B spinners are started 50 ms before
the batch (so that they are running, and seen as load, when the copies start) and killed when
its last copy has exited; their CPU time over their lifetime is recorded.

Order: for each repetition, for each kernel, the serial references, then for each K, each
scenario, every configuration once, in an order that rotates from one batch group to the next:
noise on a shared machine falls on all configurations alike, and no configuration always runs
first.

A batch starts its K copies back to back (posix_spawn, about a millisecond apart), then waits for
them on pidfds and reaps each with wait4 as it exits: a copy's turnaround is from its own spawn to
its exit, its CPU time the user + system time of wait4's rusage (every thread of the copy).  A
batch still running --timeout seconds after its start is killed; its unfinished copies are
"timeout", and that configuration is not run again on that kernel and scenario with as many
copies or more (those batches are "skipped"): a runtime that collapses costs the scenario one
timeout, not one per repetition.  Each copy appends one line to the raw results:

  RESULT section=multiprog scenario=SC runtime=CONFIG kernel=KERNEL test=turnaround copies=K
         background=B rep=R copy=I seconds=TURNAROUND cpu=CPU makespan=BATCH self_seconds=X
         team_min=A ...
  RESULT section=multiprog scenario=serial runtime=BUILD kernel=KERNEL test=serial copies=1
         background=0 threads=1 rep=R copy=0 seconds=TURNAROUND ...

(self_seconds, regions, team_min, team_max, runtime_sched: from the program's own RESULT line),
or a FAIL line with reason wrong-result, timeout, crash or skipped, the copy's output under
--logs.  Each batch with a background adds

  RESULT section=multiprog scenario=bgB runtime=spinner kernel=KERNEL test=spinners copies=K
         background=B rep=R with=CONFIG cpu=CPU seconds=WALL

(CPU: the B spinners' user + system time together, WALL: their lifetime), and one line per
repetition records the 1-minute load average when it started (test=load).
"""
from __future__ import annotations

import os
import select
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

CONFIGS = [("o2n", "o2n", {}), ("o2n_dyn", "o2n", {"OMP_DYNAMIC": "true"}),
           ("gomp", "gomp", {}), ("lomp", "lomp", {})]
REFERENCE = ("o2n_ref", "o2n_ref", {})
BUILDS = ["o2n", "gomp", "lomp"]  # the serial reference: each build, one thread
CLEARED = ("OMP_DYNAMIC", "OMP_NUM_THREADS", "OMP_SCHEDULE")
KEPT = ("regions", "team_min", "team_max", "runtime_sched")  # from the program's RESULT line
SPINNER_LEAD = 0.05  # seconds the spinners run before a batch starts


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
            keep.update((k, f[k]) for k in KEPT if k in f)
            return keep
    return None


def reap(pid: int, copy: dict):
    _, status, ru = os.wait4(pid, 0)
    copy.update(end=time.monotonic(), status=os.waitstatus_to_exitcode(status),
                cpu=ru.ru_utime + ru.ru_stime)


class Background:
    """B busy single-threaded processes (the spinner at duty 1.0) around one batch: started
    SPINNER_LEAD seconds before it, killed (and reaped) when the `with` block ends, whatever
    ends it.  Then cpu is their user + system time together and wall their lifetime."""

    def __init__(self, runner: list[str], spinner: str, count: int):
        self.argv = runner + [spinner, "1.0"]
        self.count = count
        self.pids: list[int] = []
        self.start = self.cpu = self.wall = 0.0

    def __enter__(self) -> "Background":
        self.start = time.monotonic()
        self.pids = [os.posix_spawnp(self.argv[0], self.argv, dict(os.environ))
                     for _ in range(self.count)]
        if self.pids:
            time.sleep(SPINNER_LEAD)
        return self

    def __exit__(self, *exc):
        for pid in self.pids:
            os.kill(pid, signal.SIGKILL)
            _, _, ru = os.wait4(pid, 0)
            self.cpu += ru.ru_utime + ru.ru_stime
        self.wall = time.monotonic() - self.start
        self.pids = []


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


@dataclass
class Kernel:
    """A program of the section: its name in the results, its command, its values of K."""

    name: str
    argv: list[str]  # PROGRAM ARGS...
    copies: list[int]
    configs: list[tuple[str, str, dict]]  # CONFIGS, and REFERENCE for --reference kernels


@dataclass
class Section:
    """What main() parsed, and the state of the run: the raw file, the order's rotation, and
    the (kernel, scenario, configuration) batches given up after a timeout."""

    bin_dir: Path
    raw: Path
    logs: Path
    reps: int
    timeout: float
    background: int
    spinner: str
    runner: list[str]
    env: dict[str, str]
    kernels: list[Kernel]
    turn: int = 0
    gave_up: dict[tuple[str, str, str], int] = field(default_factory=dict)

    def emit(self, line: str):
        with open(self.raw, "a") as f:
            f.write(line + "\n")

    def rotated(self, items: list) -> list:
        """items in an order that starts one further at every call."""
        self.turn += 1
        return items[self.turn % len(items):] + items[:self.turn % len(items)]

    def command(self, build: str, kernel: Kernel) -> list[str]:
        return self.runner + [str(self.bin_dir / build / kernel.argv[0])] + kernel.argv[1:]


def parse(argv: list[str]) -> Section | None:
    """The options of main(), or None (after a message) when they are wrong."""
    opts = {"copies": "1,2,4,8", "reps": "3", "timeout": "300", "background": "0",
            "reference": ""}
    env_extra, runner, specs = [], [], []
    for a in argv[1:]:
        if a.startswith("--env="):
            env_extra.append(a[len("--env="):])
        elif a.startswith("--runner="):
            runner.append(a[len("--runner="):])
        elif a.startswith("--") and "=" in a:
            k, _, v = a[2:].partition("=")
            opts[k] = v
        elif "=" in a and ":" in a:
            specs.append(a)
        else:
            print(__doc__, file=sys.stderr)
            return None
    need = ["bin-dir", "raw", "logs"] + (["spinner"] if int(opts["background"]) else [])
    for n in need:
        if n not in opts:
            print(f"multiprog.py: --{n} is required", file=sys.stderr)
            return None

    def ks(text: str) -> list[int]:
        return [int(x) for x in text.replace(" ", ",").split(",") if x]

    kernels = []
    for spec in specs:
        name, _, rest = spec.partition("=")
        name, _, own = name.partition("/")
        prog, _, args = rest.partition(":")
        ref = [REFERENCE] if name in opts["reference"].split(",") else []
        kernels.append(Kernel(name, [prog] + args.split(), ks(own or opts["copies"]),
                              CONFIGS + ref))
    env = {k: v for k, v in os.environ.items() if k not in CLEARED}
    env.update(e.partition("=")[::2] for e in env_extra)
    logs = Path(opts["logs"])
    logs.mkdir(parents=True, exist_ok=True)
    return Section(Path(opts["bin-dir"]), Path(opts["raw"]), logs, int(opts["reps"]),
                   float(opts["timeout"]), int(opts["background"]), opts.get("spinner", ""),
                   runner, env, kernels)


def run_serial(sec: Section, kernel: Kernel, rep: int):
    """The serial reference of every build: one copy alone, OMP_NUM_THREADS=1."""
    for build in sec.rotated(BUILDS):
        prefix = (f"section=multiprog scenario=serial runtime={build} kernel={kernel.name} "
                  f"test=serial copies=1 background=0 threads=1 rep={rep}")
        tag = f"multiprog.{kernel.name}.serial.{build}.r{rep}"
        copies, _ = run_batch(sec.command(build, kernel), dict(sec.env, OMP_NUM_THREADS="1"), 1,
                              sec.timeout, sec.logs, tag)
        record(copies, prefix, sec.emit, rep, sec.reps, f"{kernel.name} serial {build}")


def run_batches(sec: Section, kernel: Kernel, k: int, scenario: str, rep: int):
    """Every configuration's batch of k copies in one scenario ("alone" or "bgB")."""
    b = sec.background if scenario != "alone" else 0
    for cfg, build, extra in sec.rotated(kernel.configs):
        prefix = (f"section=multiprog scenario={scenario} runtime={cfg} kernel={kernel.name} "
                  f"test=turnaround copies={k} background={b} rep={rep}")
        label = f"{kernel.name} K={k} {scenario} {cfg}"
        after = sec.gave_up.get((kernel.name, scenario, cfg))
        if after is not None and k >= after:
            sec.emit(f"FAIL {prefix} copy=- status=- reason=skipped after=k{after}")
            print(f"  rep {rep + 1}/{sec.reps} {label}: skipped (K={after} timed out)",
                  file=sys.stderr)
            continue
        tag = f"multiprog.{kernel.name}.k{k}.{scenario}.{cfg}.r{rep}"
        with Background(sec.runner, sec.spinner, b) as bg:
            copies, timed_out = run_batch(sec.command(build, kernel), dict(sec.env, **extra), k,
                                          sec.timeout, sec.logs, tag)
        if timed_out:
            sec.gave_up[(kernel.name, scenario, cfg)] = k
        record(copies, prefix, sec.emit, rep, sec.reps, label)
        if b:
            sec.emit(f"RESULT section=multiprog scenario={scenario} runtime=spinner "
                     f"kernel={kernel.name} test=spinners copies={k} background={b} rep={rep} "
                     f"with={cfg} cpu={bg.cpu:.6f} seconds={bg.wall:.6f}")


def main(argv: list[str]) -> int:
    sec = parse(argv)
    if sec is None:
        return 2
    scenarios = ["alone"] + ([f"bg{sec.background}"] if sec.background else [])
    for rep in range(sec.reps):
        sec.emit(f"RESULT section=multiprog scenario=- runtime=- kernel=- test=load rep={rep} "
                 f"load1={load1()}")
        for kernel in sec.kernels:
            run_serial(sec, kernel, rep)
            for k in kernel.copies:
                for scenario in scenarios:
                    run_batches(sec, kernel, k, scenario, rep)
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
