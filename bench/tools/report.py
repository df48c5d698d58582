#!/usr/bin/env python3
"""Turns a bench/run results directory into its report.

Usage:
  report.py OUTDIR            writes OUTDIR/report.md, results.csv, summary.json and *.png
  report.py --latest OUTDIR   prints bench/results/latest.md: a pointer to OUTDIR's report and its
                              headline table

Input (written by bench/run):
  OUTDIR/raw/results.txt      one line per measurement: "RESULT key=value ...", or
                              "FAIL key=value ..." for a case without a result
  OUTDIR/machine.txt          "## name" sections: settings, lscpu, hwloc-ls, compilers, load
  OUTDIR/raw/callgrind/*.annotate.txt   callgrind_annotate output of the chunk-cost runs

Conventions of the report:
  - every cell is "median [min-max]" over all repetitions of that case (repetitions inside one
    process, pooled over processes when a case ran in several);
  - ratio = omp2numa / best peer, as a ratio of times (for bandwidth: best peer bandwidth /
    omp2numa bandwidth), so > 1 always means that omp2numa is slower;
  - a comparison whose min-max ranges overlap is "no clear winner".
Plots need matplotlib; without it the report is written without them.
"""
from __future__ import annotations

import csv
import json
import math
import re
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

RUNTIMES = ["o2n", "gomp", "lomp"]
PEERS = ["gomp", "lomp"]
NAMES = {"o2n": "omp2numa", "gomp": "libgomp", "lomp": "libomp", "clang": "clang -fsyntax-only",
         "o2nc": "omp2numa/clang",
         "o2n_dyn": "omp2numa OMP_DYNAMIC=true", "o2n_ref": "omp2numa reference build",
         "gomp_on_o2n": "gcc-built on libomp2numa"}
COLORS = {"o2n": "tab:red", "gomp": "tab:blue", "lomp": "tab:green", "clang": "tab:gray",
          "o2nc": "tab:pink",
          "o2n_dyn": "tab:orange", "o2n_ref": "tab:purple", "gomp_on_o2n": "tab:brown"}
KIND_ORDER = ["static", "dynamic", "guided", "auto", "adaptive", "fac2", "tss", "rand"]
PEER_KINDS = ["static", "dynamic", "guided"]
IRREGULAR = ["mandelbrot", "triangular", "spmv", "kmeans"]
SYNC_TESTS = ["parallel", "for", "parallel_for", "barrier", "reduction"]
STREAM_TESTS = ["copy", "scale", "add", "triad"]
IMBALANCE_KERNELS = ["flat", "mandelbrot"]
# The multiprogramming section's configurations (omp2numa with OMP_DYNAMIC unset and =true, the
# peers with their defaults) and programs.
MP_CONFIGS = ["o2n", "o2n_dyn", "gomp", "lomp"]
MP_SHORT = {"o2n": "omp2numa", "o2n_dyn": "omp2numa dyn", "gomp": "libgomp", "lomp": "libomp",
            "o2n_ref": "omp2numa reference"}
MP_KERNELS = {"mp_mandelbrot": "irregular loop (Mandelbrot rows, `schedule(runtime)`)",
              "mp_heat": "barrier-heavy (1-D heat, a barrier per sweep)",
              "mp_regions": "many short regions (a `parallel` around a small `omp for`)"}
# The build whose serial run is each configuration's serial reference (o2n_ref has none).
MP_BUILD = {"o2n": "o2n", "o2n_dyn": "o2n", "gomp": "gomp", "lomp": "lomp", "o2n_ref": "o2n_ref"}
# Issue 23's goals: mean turnaround ÷ ideal at most this, K = 2, 4, 8 copies alone.
MP_GOALS = {"o2n": 1.3, "o2n_dyn": 1.1}
MP_GOAL_KS = (2, 4, 8)
# Issue 23's bound on mp_regions alone: omp2numa's cost per region at most this times the
# reference build's (bench/run --omp2numa-reference; the baseline of the issue is bf630d2).
MP_REGIONS_QUIET_LIMIT = 1.05
# A ratio of two overheads is meaningless when the denominator is about zero: below this
# (microseconds, about the cost of one cache-line transfer between cores) no ratio is given, and
# two overheads that are both below it are "no clear winner".
OVERHEAD_FLOOR_US = 0.1
FAIL_TEXT = {
    "not-implemented": "n/a (not implemented)",
    "wrong-result": "FAIL (wrong result)",
    "timeout": "timeout",
    "crash": "error",
    "skipped": "skipped (a batch with fewer copies timed out)",
    "not-built": "n/a (does not build)",
}
# The tasking section: application kernels (label), EPCC-style overhead tests, and issue 17's
# goals at 2 threads (omp2numa time ÷ peer time at most this).
TASK_KERNELS = [("task_fib", "fib, a task per call (no cut-off)"),
                ("task_nqueens", "n-queens, tasks to depth 4"),
                ("task_sort", "merge sort"),
                ("task_sparselu", "sparse LU, `depend`"),
                ("task_uts", "unbalanced tree search (UTS-like)"),
                ("task_cholesky", "tiled Cholesky, `depend`")]
TASKBENCH_TESTS = ["parallel_task", "master_task", "conditional_task", "taskwait", "task_barrier",
                   "nested_task"]
TASK_GOALS = {"gomp": 0.8, "lomp": 1.0}
# The numa section (numa_stream.c): its tests in report order, and the guest's scenario name.
NUMA_TESTS = ["stream", "nested", "twisted100-ft", "twisted100-migrate", "twisted100-nexttouch",
              "twisted66-ft", "twisted66-migrate", "twisted66-nexttouch"]
NUMA_GUEST = "guest4"


# ------------------------------------------------------------------------------------------------
# Loading and statistics
# ------------------------------------------------------------------------------------------------


@dataclass
class Stats:
    """Median and range of a list of samples."""

    n: int
    median: float
    lo: float
    hi: float

    @classmethod
    def of(cls, values: list[float]) -> "Stats":
        return cls(len(values), statistics.median(values), min(values), max(values))

    def scaled(self, k: float) -> "Stats":
        return Stats(self.n, self.median * k, self.lo * k, self.hi * k)

    def overlaps(self, other: "Stats") -> bool:
        return self.lo <= other.hi and other.lo <= self.hi


def parse_line(line: str) -> dict | None:
    parts = line.split()
    if not parts or parts[0] not in ("RESULT", "FAIL"):
        return None
    rec = {"result": "ok" if parts[0] == "RESULT" else "fail"}
    for p in parts[1:]:
        k, _, v = p.partition("=")
        rec[k] = v
    return rec


def config(rec: dict) -> str:
    """The schedule as written in OMP_SCHEDULE: "dynamic,4", "static", "fac2"."""
    sched, chunk = rec.get("sched", "default"), rec.get("chunk", "default")
    return sched if chunk == "default" else f"{sched},{chunk}"


def config_key(c: str):
    kind, _, chunk = c.partition(",")
    return (KIND_ORDER.index(kind) if kind in KIND_ORDER else 99, 1 if chunk else 0,
            int(chunk) if chunk.isdigit() else 0, c)


def metric(rec: dict) -> float | None:
    """The measured value of a record, in the unit its section reports."""
    sec = rec.get("section")
    try:
        if sec in ("sched", "sync", "gompabi"):
            return float(rec["overhead_us"])
        if sec == "tasks":
            if "overhead_us" in rec:
                return float(rec["overhead_us"])
            return float(rec["seconds"]) * 1e3
        if sec == "stream":  # STREAM's bandwidth; regular.c's microseconds per sweep or loop
            return float(rec["mbps"]) if "mbps" in rec else float(rec["seconds"]) * 1e6
        if sec in ("irregular", "imbalance", "lu", "affinity"):
            return float(rec["seconds"]) * 1e3
        if sec == "translator":
            return float(rec["seconds"]) if "seconds" in rec else None
        if sec == "callgrind":
            return float(rec["ir"])
        if sec == "multiprog":
            return float(rec["seconds"]) if rec.get("test") in ("turnaround", "serial") else None
        if sec == "numa":  # phase 2's bandwidth; its first repetition (next touch's faults) apart
            return float(rec["mbps"]) if rec.get("phase") == "2" and rec.get("rep") != "0" \
                and "mbps" in rec else None
        if sec == "programs":  # wall seconds of a run; instructions of a callgrind run
            return float(rec["ir"]) if "ir" in rec else float(rec["seconds"])
    except (KeyError, ValueError):
        return None
    return None


class Results:
    """All measurements of a run, grouped by case."""

    def __init__(self, out: Path):
        self.out = out
        self.records = []
        raw = out / "raw" / "results.txt"
        if raw.exists():
            for line in raw.read_text().splitlines():
                rec = parse_line(line)
                if rec:
                    self.records.append(rec)
        groups: dict[tuple, list[float]] = defaultdict(list)
        self.fails: dict[tuple, str] = {}
        for rec in self.records:
            key = self.key(rec)
            if rec["result"] == "fail":
                self.fails[key] = rec.get("reason", "crash")
                continue
            v = metric(rec)
            if v is not None:
                groups[key].append(v)
        self.values = dict(groups)
        self.stats = {k: Stats.of(v) for k, v in groups.items()}
        self.machine = parse_machine(out / "machine.txt")

    @staticmethod
    def key(rec: dict) -> tuple:
        return (rec.get("section"), rec.get("scenario"), rec.get("kernel"), rec.get("test"),
                config(rec), rec.get("runtime"))

    def get(self, section, scenario, kernel, test, cfg, rt) -> Stats | None:
        return self.stats.get((section, scenario, kernel, test, cfg, rt))

    def fail(self, section, scenario, kernel, test, cfg, rt) -> str | None:
        return self.fails.get((section, scenario, kernel, test, cfg, rt))

    def cell(self, section, scenario, kernel, test, cfg, rt, scale=1.0) -> str:
        s = self.get(section, scenario, kernel, test, cfg, rt)
        if s:
            return fmt_stats(s.scaled(scale))
        f = self.fail(section, scenario, kernel, test, cfg, rt)
        return FAIL_TEXT.get(f, f) if f else "—"

    def pooled(self, section, scenario, kernel, test, rt) -> Stats | None:
        """All samples of a test over every configuration (the serial reference of each
        process, whatever its OMP_SCHEDULE)."""
        v = [x for k, vals in self.values.items() if k[:4] == (section, scenario, kernel, test)
             and k[5] == rt for x in vals]
        return Stats.of(v) if v else None

    def configs(self, section, scenario, kernel, test) -> list[str]:
        seen = {k[4] for k in list(self.stats) + list(self.fails)
                if k[0] == section and k[1] == scenario and k[2] == kernel and k[3] == test}
        return sorted(seen, key=config_key)

    def has(self, section) -> bool:
        return any(r.get("section") == section for r in self.records)


def parse_machine(path: Path) -> dict[str, str]:
    sections: dict[str, list[str]] = defaultdict(list)
    name = "preamble"
    if path.exists():
        for line in path.read_text().splitlines():
            if line.startswith("## "):
                name = line[3:].strip()
            else:
                sections[name].append(line)
    return {k: "\n".join(v).strip() for k, v in sections.items()}


def scenario_text(sc: str, procs: int) -> str:
    """What an imbalance scenario is: tN = N threads, bg50 = a spinner on the last processor."""
    if sc == "bg50":
        return f"{procs} threads, one core half taken by a pinned spinner"
    n = int(sc[1:])
    return f"{n} threads on {procs} cores" + (" (baseline)" if n == procs else "")


def scenario_ideal(sc: str, procs: int, share: float) -> float:
    """Ideal time relative to the baseline: the same cores, or all but the spinner's share of
    one."""
    return procs / (procs - share) if sc == "bg50" else 1.0


def settings(results: Results) -> dict[str, str]:
    out = {}
    for line in results.machine.get("settings", "").splitlines():
        k, _, v = line.partition("=")
        out[k] = v
    return out


# ------------------------------------------------------------------------------------------------
# Formatting and comparisons
# ------------------------------------------------------------------------------------------------


def fmt(x: float) -> str:
    a = abs(x)
    if a >= 1e6:
        return f"{x:,.0f}"
    if a >= 100:
        return f"{x:.0f}"
    if a >= 10:
        return f"{x:.1f}"
    if a >= 1:
        return f"{x:.2f}"
    return f"{x:.3f}"


def fmt_stats(s: Stats) -> str:
    return f"{fmt(s.median)} [{fmt(s.lo)}–{fmt(s.hi)}]"


@dataclass
class Comparison:
    ratio: float | None  # omp2numa / best peer, as times; None when not meaningful
    verdict: str
    best: str  # the best peer's id (or label)


def compare(o: Stats, peers: dict[str, Stats], higher_better=False,
            floor: float | None = None) -> Comparison | None:
    """omp2numa's stats against the best of peers (by median)."""
    peers = {k: v for k, v in peers.items() if v is not None}
    if o is None or not peers:
        return None
    pick = max if higher_better else min
    best = pick(peers, key=lambda k: peers[k].median)
    p = peers[best]
    ratio = None
    if higher_better:
        if o.median > 0:
            ratio = p.median / o.median
    elif p.median > 0 and o.median > 0 and (floor is None or p.median >= floor):
        ratio = o.median / p.median
    if floor is not None and abs(o.median) < floor and abs(p.median) < floor:
        verdict = f"no clear winner (both < {floor} µs)"
    elif o.overlaps(p):
        verdict = "no clear winner"
    elif (o.median > p.median) == higher_better:
        verdict = "omp2numa faster"
    else:
        verdict = "omp2numa slower"
    return Comparison(ratio, verdict, best)


def fmt_ratio(c: Comparison | None) -> str:
    if c is None:
        return "—"
    if c.ratio is None:
        return "— (≈ 0)"
    return f"**{c.ratio:.2f}**" if c.ratio >= 0.1 else f"**{c.ratio:.2g}**"


def fmt_verdict(c: Comparison | None) -> str:
    return c.verdict if c else "—"


def table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------------------
# Plots
# ------------------------------------------------------------------------------------------------


def pyplot():
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        return plt
    except ImportError:
        return None


def errbar(ax, xs, stats: list[Stats], rt: str, **kw):
    pts = [(x, s) for x, s in zip(xs, stats) if s is not None]
    if not pts:
        return
    x = [p[0] for p in pts]
    y = [p[1].median for p in pts]
    err = [[p[1].median - p[1].lo for p in pts], [p[1].hi - p[1].median for p in pts]]
    ax.errorbar(x, y, yerr=err, label=NAMES.get(rt, rt), color=COLORS.get(rt), capsize=3,
                marker="o", markersize=3, **kw)


def log_y(ax):
    """A logarithmic y axis labelled 1, 2, 3, 5 per decade in plain numbers (fmt), not powers."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    ax.set_yscale("log")
    ax.yaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 3.0, 5.0)))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: fmt(v)))
    ax.yaxis.set_minor_formatter(NullFormatter())


def grouped_bars(ax, groups: list[str], series: dict[str, list[Stats | None]]):
    width = 0.8 / max(1, len(series))
    for i, (rt, stats) in enumerate(series.items()):
        xs = [g + (i - (len(series) - 1) / 2) * width for g in range(len(groups))]
        ys = [s.median if s else 0 for s in stats]
        err = [[s.median - s.lo if s else 0 for s in stats],
               [s.hi - s.median if s else 0 for s in stats]]
        ax.bar(xs, ys, width, yerr=err, capsize=2, label=NAMES.get(rt, rt), color=COLORS.get(rt))
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(groups, rotation=30, ha="right", fontsize=8)


def plot_ext_kinds(ax, res: Results, section, scenario, kernel, oracle: Stats | None):
    """omp2numa's own kinds: one line per kind over its chunks ("default" drawn at chunk 0.5)."""
    markers = iter("osD^v<>")
    for kind in KIND_ORDER[KIND_ORDER.index("adaptive"):]:
        xs, stats = [], []
        for cfg in res.configs(section, scenario, kernel, "loop"):
            k, _, chunk = cfg.partition(",")
            s = res.get(section, scenario, kernel, "loop", cfg, "o2n")
            if k == kind and s:
                xs.append(int(chunk) if chunk else 0.5)
                stats.append(s)
        if xs:
            order = sorted(range(len(xs)), key=lambda i: xs[i])
            pts = [(xs[i], stats[i]) for i in order]
            ax.errorbar([p[0] for p in pts], [p[1].median for p in pts],
                        yerr=[[p[1].median - p[1].lo for p in pts],
                              [p[1].hi - p[1].median for p in pts]],
                        label=kind, marker=next(markers), markersize=4, capsize=3)
    if oracle:
        ax.axhline(oracle.median, color="black", linestyle="--", linewidth=1, label="oracle")
    ax.set_xscale("log", base=2)
    ax.set_xlabel("chunk (0.5 = default)")
    ax.set_title(f"{kernel}: omp2numa's own kinds", fontsize=9)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7)


def plot_chunk_sweep(ax, res: Results, section, scenario, kernel, test, kind, chunks, ylabel):
    for rt in RUNTIMES:
        errbar(ax, chunks,
               [res.get(section, scenario, kernel, test, f"{kind},{c}", rt) for c in chunks], rt)
        block = res.get(section, scenario, kernel, test, "static", rt)
        if kind == "static" and block:
            ax.axhline(block.median, color=COLORS[rt], linestyle=":", linewidth=1)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("chunk")
    ax.set_ylabel(ylabel)
    ax.set_title(f"{kernel}: {kind}" + (" (dotted: block static)" if kind == "static" else ""),
                 fontsize=9)
    ax.grid(True, alpha=0.3)


# ------------------------------------------------------------------------------------------------
# Sections of the report.  Each returns (markdown, headline rows).
# ------------------------------------------------------------------------------------------------


def chunk_list(res: Results) -> list[int]:
    return [int(c) for c in settings(res).get("chunks", "").split() if c.isdigit()]


def three_runtime_rows(res, section, scenario, kernel, test, cfgs, higher_better=False,
                       floor=None, scale=1.0):
    rows, comps = [], {}
    for cfg in cfgs:
        o = res.get(section, scenario, kernel, test, cfg, "o2n")
        peers = {rt: res.get(section, scenario, kernel, test, cfg, rt) for rt in PEERS}
        c = compare(o.scaled(scale) if o else None,
                    {k: v.scaled(scale) for k, v in peers.items() if v}, higher_better, floor)
        comps[cfg] = c
        rows.append([f"`{cfg}`"] + [res.cell(section, scenario, kernel, test, cfg, rt, scale)
                                    for rt in RUNTIMES]
                    + [fmt_ratio(c), fmt_verdict(c)])
    return rows, comps


# Builds of the same back end: omp2numa over gcc (o2n) with libgomp, omp2numa over clang (o2nc,
# OMP2NUMA_CC=clang-16) with libomp.  A pair differs by the translator and the runtime only; the
# ratio against the best peer also counts gcc's code generation against clang's.
PAIRS = [("o2n", "gomp"), ("o2nc", "lomp")]
PAIR_HEADER = ["omp2numa/clang", "o2n/gcc ÷ libgomp", "o2n/clang ÷ libomp"]
PAIRS_NOTE = ("*Same back end*: *omp2numa* is omp2numa-cc over gcc and *omp2numa/clang* "
              "omp2numa-cc over clang-16 (`OMP2NUMA_CC=clang-16`); *o2n/gcc ÷ libgomp* pairs the "
              "first with `gcc -fopenmp` and *o2n/clang ÷ libomp* the second with "
              "`clang-16 -fopenmp`, so that each pair differs only by the translator and the "
              "runtime. *ratio* (÷ best peer) also counts one compiler's code against the "
              "other's.")


def pair_cells(res, section, sc, kernel, test, cfg, higher_better=False, peer_test=None):
    """The omp2numa/clang cell of a case and its two same-back-end ratios (PAIRS); peer_test is
    the peers' test when it differs from omp2numa's."""
    cells = [res.cell(section, sc, kernel, test, cfg, "o2nc")]
    for o, p in PAIRS:
        c = compare(res.get(section, sc, kernel, test, cfg, o),
                    {p: res.get(section, sc, kernel, peer_test or test, cfg, p)}, higher_better)
        cells.append(fmt_ratio(c))
    return cells


def pair_headlines(label, unit, get, higher_better=False, peer_label=None):
    """Headline rows of one measure for each pair of the same back end; get(rt) gives the stats
    of a build (peer_label(rt) names the peer's configuration when it differs)."""
    rows = []
    for o, p in PAIRS:
        r = headline_row(f"{label}, same back end ({NAMES[o]} vs {NAMES[p]})", unit, get(o), "",
                         {p: (get(p), peer_label or "")} if get(p) else {}, higher_better)
        if r:
            rows.append(r)
    return rows


def headline_row(label, unit, o: Stats | None, o_cfg: str, peers: dict[str, tuple[Stats, str]],
                 higher_better=False, floor=None):
    """peers: rt -> (stats, config); o_cfg/config shown after the numbers."""
    if o is None:
        return None
    c = compare(o, {rt: s for rt, (s, _) in peers.items()}, higher_better, floor)
    if c is None:
        return None
    ps, pcfg = peers[c.best]
    return [label, unit, f"{fmt_stats(o)}{' `' + o_cfg + '`' if o_cfg else ''}",
            f"{fmt_stats(ps)} {NAMES.get(c.best, c.best)}{' `' + pcfg + '`' if pcfg else ''}",
            fmt_ratio(c), fmt_verdict(c)]


def section_sched(res: Results, plt):
    if not res.has("sched"):
        return "", []
    sc = "t" + settings(res).get("threads", "2")
    cfgs = res.configs("sched", sc, "schedbench", "loop")
    rows, comps = three_runtime_rows(res, "sched", sc, "schedbench", "loop", cfgs,
                                     floor=OVERHEAD_FLOOR_US)
    md = ["## 1. Scheduling overhead (EPCC schedbench)\n",
          "Overhead of one worksharing loop, in microseconds: (test - reference) / inner "
          "repetitions, where every thread runs the same calibrated delays with and without the "
          "`#pragma omp for schedule(runtime)` loop (EPCC schedbench method; settings: "
          f"`{settings(res).get('sched_args', '')}`). Lower is better. Ratios are omitted where "
          f"the best peer's overhead is below {OVERHEAD_FLOOR_US} µs (about zero).\n",
          table(["schedule", "omp2numa µs", "libgomp µs", "libomp µs", "ratio", "verdict"],
                rows)]
    if plt:
        chunks = chunk_list(res)
        fig, axes = plt.subplots(1, 3, figsize=(13, 3.8), squeeze=False)
        for i, kind in enumerate(PEER_KINDS):
            plot_chunk_sweep(axes[0][i], res, "sched", sc, "schedbench", "loop", kind, chunks,
                             "overhead per loop (µs)")
            axes[0][i].set_yscale("symlog", linthresh=1)
        axes[0][0].legend(fontsize=8)
        fig.suptitle("Scheduling overhead per loop (median, bars: min–max)")
        fig.tight_layout()
        fig.savefig(res.out / "sched_overhead.png", dpi=110)
        plt.close(fig)
        md.append("![scheduling overhead](sched_overhead.png)\n")
    head = []
    for cfg in ["static", "static,1", "dynamic,1", "guided,1"]:
        o = res.get("sched", sc, "schedbench", "loop", cfg, "o2n")
        peers = {rt: (res.get("sched", sc, "schedbench", "loop", cfg, rt), cfg) for rt in PEERS
                 if res.get("sched", sc, "schedbench", "loop", cfg, rt)}
        r = headline_row(f"schedbench `{cfg}` overhead per loop", "µs", o, "", peers,
                         floor=OVERHEAD_FLOOR_US)
        if r:
            head.append(r)
    ratios = [c.ratio for c in comps.values() if c and c.ratio]
    if ratios:
        gm = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        wins = sum(1 for c in comps.values() if c and c.verdict == "omp2numa faster")
        loses = sum(1 for c in comps.values() if c and c.verdict == "omp2numa slower")
        md.append(f"Geometric mean of the ratios over {len(ratios)} schedules: **{gm:.2f}**; "
                  f"omp2numa clearly faster in {wins}, clearly slower in {loses}, "
                  f"no clear winner in {len([c for c in comps.values() if c]) - wins - loses}.\n")
        head.append(["schedbench, all schedules (geometric mean)", "—", "—", "—",
                     f"**{gm:.2f}**",
                     f"{wins} faster / {loses} slower"])
    return "\n".join(md), head


def overhead_plot(plt, res: Results, name: str, title: str, labels: list[str],
                  series: dict[str, list[Stats | None]], size: tuple[float, float]) -> str:
    """Grouped bars of per-construct overheads (median, bars: min–max) saved as name; the
    report's Markdown image line."""
    fig, ax = plt.subplots(figsize=size)
    grouped_bars(ax, labels, series)
    ax.set_ylabel("overhead (µs)")
    ax.set_title(f"{title} (median, bars: min–max)")
    return save_plot(plt, fig, ax, res, name, title, 8)


def save_plot(plt, fig, ax, res: Results, name: str, alt: str, legend_size: int) -> str:
    """Adds the legend, saves the figure as name in the report's directory; the Markdown image
    line."""
    ax.legend(fontsize=legend_size)
    fig.tight_layout()
    fig.savefig(res.out / name, dpi=110)
    plt.close(fig)
    return f"![{alt}]({name})\n"


def section_sync(res: Results, plt):
    if not res.has("sync"):
        return "", []
    sc = "t" + settings(res).get("threads", "2")
    rows, head = [], []
    for t in SYNC_TESTS:
        o = res.get("sync", sc, "syncbench", t, "static", "o2n")
        peers = {rt: res.get("sync", sc, "syncbench", t, "static", rt) for rt in PEERS}
        c = compare(o, peers, floor=OVERHEAD_FLOOR_US)
        rows.append([f"`{t}`"]
                    + [res.cell("sync", sc, "syncbench", t, "static", rt) for rt in RUNTIMES]
                    + [fmt_ratio(c), fmt_verdict(c)])
        label = {"parallel": "fork/join (`parallel`)", "barrier": "`barrier`"}.get(t, f"`{t}`")
        r = headline_row(f"{label} overhead", "µs", o, "",
                         {rt: (s, "") for rt, s in peers.items() if s}, floor=OVERHEAD_FLOOR_US)
        if r:
            head.append(r)
    md = ["## 2. Synchronisation overhead (EPCC syncbench)\n",
          "Cost of one construct, in microseconds, measured as in EPCC syncbench (construct "
          "around a calibrated delay, minus the same delays without it; settings: "
          f"`{settings(res).get('sync_args', '')}`). `parallel` is the fork/join of a region; "
          "`for` and `barrier` run inside one region.\n",
          table(["construct", "omp2numa µs", "libgomp µs", "libomp µs", "ratio", "verdict"],
                rows)]
    if plt:
        md.append(overhead_plot(plt, res, "sync_overhead.png", "Synchronisation overhead",
                                SYNC_TESTS,
                                {rt: [res.get("sync", sc, "syncbench", t, "static", rt)
                                      for t in SYNC_TESTS] for rt in RUNTIMES}, (8, 3.8)))
    return "\n".join(md), head


GOMPABI_CASES = ([("syncbench", t, "static") for t in SYNC_TESTS]
                 + [("schedbench", "loop", c) for c in ["static", "dynamic,1", "guided,1"]])


def section_gompabi(res: Results, plt):
    """The same gcc-compiled EPCC programs on libgomp and on libomp2numa (libgomp's ABI)."""
    if not res.has("gompabi"):
        return "", []
    sc = "t" + settings(res).get("threads", "2")
    rows = []
    for kernel, test, cfg in GOMPABI_CASES:
        o = res.get("gompabi", sc, kernel, test, cfg, "gomp_on_o2n")
        c = compare(o, {"gomp": res.get("gompabi", sc, kernel, test, cfg, "gomp")},
                    floor=OVERHEAD_FLOOR_US)
        label = f"`{test}`" if kernel == "syncbench" else f"loop, `schedule({cfg})`"
        rows.append([label] + [res.cell("gompabi", sc, kernel, test, cfg, rt)
                               for rt in ("gomp", "gomp_on_o2n")]
                    + [fmt_ratio(c), fmt_verdict(c)])
    md = ["## 2b. gcc-compiled programs on libomp2numa (libgomp's ABI)\n",
          "The EPCC syncbench and schedbench built once by `gcc -fopenmp`, run as built (on "
          "libgomp) and on libomp2numa through its `libgomp.so.1` (`LD_LIBRARY_PATH=lib/omp2numa`,"
          " [gomp-abi.md](../../../docs/gomp-abi.md)), one after the other for each construct, "
          "in the same run: the same machine code, only the runtime differs. Overheads in µs; "
          "ratio: libomp2numa over libgomp.\n",
          table(["construct", "libgomp µs", "on libomp2numa µs", "ratio", "verdict"], rows)]
    if plt:
        labels = [f"{t}" if k == "syncbench" else f"loop {c}" for k, t, c in GOMPABI_CASES]
        md.append(overhead_plot(plt, res, "gompabi_overhead.png",
                                "gcc-compiled EPCC on libgomp and on libomp2numa", labels,
                                {rt: [res.get("gompabi", sc, k, t, c, rt)
                                      for k, t, c in GOMPABI_CASES]
                                 for rt in ("gomp", "gomp_on_o2n")}, (9, 3.8)))
    return "\n".join(md), []


def section_stream(res: Results, plt):
    if not res.has("stream"):
        return "", []
    sc = "t" + settings(res).get("threads", "2")
    rows, head, arows = [], [], []
    for t in STREAM_TESTS:
        o = res.get("stream", sc, "stream", t, "static", "o2n")
        peers = {rt: res.get("stream", sc, "stream", t, "static", rt) for rt in PEERS}
        c = compare(o, peers, higher_better=True)
        rows.append([t] + [res.cell("stream", sc, "stream", t, "static", rt) for rt in RUNTIMES]
                    + [fmt_ratio(c), fmt_verdict(c)]
                    + pair_cells(res, "stream", sc, "stream", t, "static", True))
        r = headline_row(f"STREAM {t} bandwidth", "MB/s", o, "",
                         {rt: (s, "") for rt, s in peers.items() if s}, higher_better=True)
        if r:
            head.append(r)
        if t == "triad":
            head += pair_headlines("STREAM triad bandwidth", "MB/s",
                                   lambda rt: res.get("stream", sc, "stream", t, "static", rt),
                                   True)
        # omp2numa's untuned schedules against omp2numa's own static and the peers' static.
        arows += untuned_rows(res, sc, "stream", t, t, True)
        a = res.get("stream", sc, "stream", t, "adaptive", "o2n")
        if t == "triad" and a:
            r = headline_row("STREAM triad bandwidth, omp2numa `adaptive` vs peers' `static`",
                             "MB/s", a, "adaptive",
                             {rt: (s, "static") for rt, s in peers.items() if s},
                             higher_better=True)
            if r:
                head.append(r)
    rrows = [r for t in REGULAR_TESTS for r in untuned_rows(res, sc, "regular", t, t, False, True)]
    md = ["## 3. Memory bandwidth (STREAM) and regular loops\n",
          "MB/s, higher is better; the ratio is still a ratio of times (best peer bandwidth ÷ "
          f"omp2numa bandwidth). Settings: `{settings(res).get('stream_args', '')}`, "
          f"{settings(res).get('stream_rounds', '1')} process(es) per runtime, "
          "`schedule(static)`, arrays first touched in parallel. " + PAIRS_NOTE + "\n",
          table(["kernel", "omp2numa MB/s", "libgomp MB/s", "libomp MB/s", "ratio", "verdict"]
                + PAIR_HEADER, rows)]
    if arows:
        md.append("\nomp2numa's untuned schedules on the same four loops (`--schedule=runtime`, "
                  "with `OMP_SCHEDULE=adaptive`, and unset: the default, `auto`; the arrays are "
                  "still first touched with `schedule(static)`), omp2numa only, in the same "
                  "rounds. Ratios of times again: *÷ own static* = omp2numa `static` bandwidth ÷ "
                  "the untuned schedule's bandwidth, *÷ best peer* = best peer `static` bandwidth "
                  "÷ the untuned schedule's; > 1 means the untuned schedule is slower (the goal of "
                  "issue 22: ≤ 1.05 against own static).\n\n")
        md.append(table(["kernel", "schedule", "MB/s", "omp2numa `static` MB/s",
                         "÷ own static", "verdict", "÷ best peer static", "verdict"], arows))
    if rrows:
        md.append("\n`regular.c`: microseconds per Jacobi sweep (`jacobi`) and per loop of 1,000 "
                  "cheap iterations in a region of its own (`short`), lower is better, "
                  f"settings `{settings(res).get('regular_args', '')}`: the untuned schedules "
                  "against omp2numa's `static` and the peers' (every runtime runs `static`; "
                  "omp2numa also `adaptive` and the default).\n\n")
        md.append(table(["test", "schedule", "µs", "omp2numa `static` µs", "÷ own static",
                         "verdict", "÷ best peer static", "verdict"], rrows))
    if plt:
        series = {rt: [res.get("stream", sc, "stream", t, "static", rt) for t in STREAM_TESTS]
                  for rt in RUNTIMES}
        if arows:
            series["omp2numa adaptive"] = [res.get("stream", sc, "stream", t, "adaptive", "o2n")
                                      for t in STREAM_TESTS]
        fig, ax = plt.subplots(figsize=(7, 3.6))
        grouped_bars(ax, STREAM_TESTS, series)
        ax.set_ylabel("MB/s")
        ax.set_title("STREAM bandwidth (median, bars: min–max)")
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(res.out / "stream_bandwidth.png", dpi=110)
        plt.close(fig)
        md.append("![STREAM bandwidth](stream_bandwidth.png)\n")
    return "\n".join(md), head


REGULAR_TESTS = ["jacobi", "short"]
UNTUNED = [("adaptive", "`adaptive`"), ("default", "default (`auto`)")]


def untuned_rows(res: Results, sc: str, kernel: str, test: str, label: str,
                 higher_better: bool, peer_rows: bool = False) -> list[list[str]]:
    """Rows for omp2numa's untuned schedules (schedule(runtime) with OMP_SCHEDULE=adaptive, and
    unset) of one test, against omp2numa's static and the best peer's static; with peer_rows,
    the static rows first."""
    o = res.get("stream", sc, kernel, test, "static", "o2n")
    peers = {rt: res.get("stream", sc, kernel, test, "static", rt) for rt in PEERS}
    rows = []
    if peer_rows and o:
        c = compare(o, peers, higher_better=higher_better)
        rows.append([label, "`static`", res.cell("stream", sc, kernel, test, "static", "o2n"),
                     "", "", "", fmt_ratio(c), fmt_verdict(c)])
    for cfg, name in UNTUNED:
        a = res.get("stream", sc, kernel, test, cfg, "o2n")
        if a is None and not res.fail("stream", sc, kernel, test, cfg, "o2n"):
            continue
        c_own = compare(a, {"o2n": o} if o else {}, higher_better=higher_better)
        c_peer = compare(a, peers, higher_better=higher_better)
        rows.append([label, name, res.cell("stream", sc, kernel, test, cfg, "o2n"),
                     res.cell("stream", sc, kernel, test, "static", "o2n"), fmt_ratio(c_own),
                     fmt_verdict(c_own).replace("omp2numa", cfg),
                     fmt_ratio(c_peer), fmt_verdict(c_peer).replace("omp2numa", cfg)])
    return rows


LU_VARIANTS = [("affinity", "static,1", "`schedule(static,1) affinity(cols)`"),
               ("cyclic", "static,1", "`schedule(static,1)`"),
               ("block", "static", "`schedule(static)`")]


def lu_home(res: Results, variant: str, rt: str) -> str:
    """The fraction of column updates that ran on the column's initialising thread."""
    v = {r.get("home") for r in res.records if r.get("section") == "lu"
         and r.get("test") == variant and r.get("runtime") == rt and r["result"] == "ok"}
    v.discard(None)
    return "/".join(sorted(v)) if v else "—"


LU_ALIGNED_NOTE = (
    "\nThe same factorisations built with every function and loop aligned to 64 bytes "
    "(`-falign-functions=64 -falign-loops=64`, all four builds; `lu_aligned`), so that where the "
    "update loop lies no longer depends on the size of the code before it, which the translation "
    "changes: built as usual, the same instructions of the update loop may straddle a 64-byte "
    "boundary in one build and not in the other (bench/README.md, \"Code layout\"). These pairs "
    "measure the translator and the runtime with the layout held fixed:\n")


def lu_aligned(res: Results, sc: str):
    """The layout-controlled LU variants (tests VARIANT-aligned): table rows and the same back
    end headline rows."""
    get = lambda v, cfg, rt: res.get("lu", sc, "lu", v, cfg, rt)
    rows, head = [], []
    for v, cfg, label in LU_VARIANTS:
        va = v + "-aligned"
        pv = ("cyclic" if v == "affinity" else v) + "-aligned"
        if get(va, cfg, "o2n") is None:
            continue
        rows.append([label, res.cell("lu", sc, "lu", va, cfg, "o2n")]
                    + [res.cell("lu", sc, "lu", pv, cfg, rt) for rt in PEERS]
                    + pair_cells(res, "lu", sc, "lu", va, cfg, peer_test=pv))
        head += pair_headlines(f"LU factorisation, {label}, code aligned to 64 bytes", "ms",
                               lambda rt: get(va if rt in ("o2n", "o2nc") else pv, cfg, rt),
                               peer_label="static,1 (without the clause)" if v == "affinity"
                               else None)
    return rows, head


def section_lu(res: Results, plt):
    if not res.has("lu"):
        return "", []
    sc = "t" + settings(res).get("threads", "2")
    get = lambda v, cfg, rt: res.get("lu", sc, "lu", v, cfg, rt)
    rows, head = [], []
    for v, cfg, label in LU_VARIANTS:
        o = get(v, cfg, "o2n")
        # The peers have no affinity(cols): the affinity variant is compared with their
        # schedule(static,1), the same loop without the clause.
        pv = "cyclic" if v == "affinity" else v
        peers = {rt: get(pv, cfg, rt) for rt in PEERS}
        c = compare(o, peers)
        rows.append([label] + [res.cell("lu", sc, "lu", v, cfg, "o2n")]
                    + [res.cell("lu", sc, "lu", pv, cfg, rt) for rt in PEERS]
                    + [lu_home(res, v, "o2n"), fmt_ratio(c), fmt_verdict(c)]
                    + pair_cells(res, "lu", sc, "lu", v, cfg, peer_test=pv))
        r = headline_row(f"LU factorisation, {label}" + (" (peers: without the clause)"
                                                         if v == "affinity" else ""), "ms",
                         o, "", {rt: (s, "") for rt, s in peers.items() if s})
        if r:
            head.append(r)
        head += pair_headlines(f"LU factorisation, {label}", "ms",
                               lambda rt: get(v if rt in ("o2n", "o2nc") else pv, cfg, rt),
                               peer_label="static,1 (without the clause)" if v == "affinity"
                               else None)
    aligned_rows, aligned_head = lu_aligned(res, sc)
    head += aligned_head
    a, cy, bl = get("affinity", "static,1", "o2n"), get("cyclic", "static,1", "o2n"), \
        get("block", "static", "o2n")
    own = []
    for label, x, y in (("`static,1 affinity(cols)` ÷ `static,1`", a, cy),
                        ("`static,1 affinity(cols)` ÷ `static`", a, bl),
                        ("`static,1` ÷ `static`", cy, bl)):
        c = compare(x, {"o2n": y} if y else {})
        own.append([label, fmt_ratio(c), fmt_verdict(c).replace("omp2numa faster", "faster")
                    .replace("omp2numa slower", "slower")])
    st = settings(res)
    md = ["## 3b. LU factorisation with and without affinity(cols)\n",
          "Milliseconds per factorisation (lower is better) of `lu.c`: a column-major, diagonally "
          "dominant N × N matrix, right-looking LU without pivoting; at every step k the column "
          "updates j = k+1..N-1 are one parallel loop over a range that shrinks. The matrix is "
          "re-initialised before each timed factorisation by a parallel loop with the same "
          "schedule (and, for the affinity variant, the same `affinity(cols)`). "
          f"Settings: `{st.get('lu_args', '')}`, {st.get('lu_rounds', '1')} process(es) per "
          "runtime and variant. `affinity(cols)` is omp2numa's clause: the peers' columns show "
          "`schedule(static,1)`, the same loop without it. *home* is the fraction of column "
          "updates that ran on the thread that initialised (first touched) the column, "
          "omp2numa's run. " + PAIRS_NOTE + "\n",
          table(["update loop", "omp2numa ms", "libgomp ms", "libomp ms", "home (omp2numa)",
                 "ratio", "verdict"] + PAIR_HEADER, rows),
          LU_ALIGNED_NOTE if aligned_rows else "",
          table(["update loop", "omp2numa ms", "libgomp ms", "libomp ms"] + PAIR_HEADER,
                aligned_rows) if aligned_rows else "",
          "\nomp2numa against itself (ratios of median times, > 1 means the first is slower):\n",
          table(["comparison", "ratio", "verdict"], own),
          "\nThis machine has one NUMA node, so `affinity(cols)` cannot show a locality gain "
          "here: what it can show is its overhead (the map lookup and the per-execution plan), "
          "or a benefit from cache reuse, since each thread keeps updating the same columns. "
          "That the columns are actually updated on the node where they were placed is proven "
          "by the NUMA-guest test `tests/e2e/placement/lu_shrinking_range.c`.\n"]
    if plt:
        fig, ax = plt.subplots(figsize=(7, 3.6))
        labels = ["static,1 affinity", "static,1", "static"]
        series = {rt: [get("affinity" if i == 0 and rt == "o2n" else
                           ("cyclic" if i < 2 else "block"), cfg, rt)
                       if (rt == "o2n" or i > 0) else None
                       for i, (_, cfg, _) in enumerate(LU_VARIANTS)] for rt in RUNTIMES}
        grouped_bars(ax, labels, series)
        ax.set_ylabel("ms per factorisation")
        ax.set_title("LU (median, bars: min–max)")
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(res.out / "lu_time.png", dpi=110)
        plt.close(fig)
        md.append("![LU](lu_time.png)\n")
    return "\n".join(md), head


# The affinity section's maps: (map, recorded by, the schedule of the reusing and the plain loop,
# whether that plain loop is the reusing loop's static equivalent).
AFFINITY_MAPS = [("cyclic", "`static,1`", "`static,1`", True),
                 ("bc16", "`static,16`", "`static,16`", True),
                 ("block", "`static` (blocks)", "`static`", True),
                 ("random", "`indirect`, a random thread per value", "`static,1`", False),
                 ("dynamic", "`dynamic,1`", "`static,1`", False)]
AFFINITY_BODIES = {"read": "`sum += a[k]`", "update": "`a[k] += 1`"}
# The requirement: reusing a map may cost at most this much over the static equivalent.
AFFINITY_LIMIT = 1.03


def section_affinity(res: Results, plt):
    if not res.has("affinity"):
        return "", []
    st = settings(res)
    times: dict[tuple, dict[int, float]] = defaultdict(dict)  # (map, body, loop) -> rep -> ms
    cg: dict[tuple, dict[int, float]] = defaultdict(dict)  # (map, loop) -> reps -> Ir
    home: dict[str, set] = defaultdict(set)
    for r in res.records:
        if r.get("section") != "affinity" or r["result"] != "ok":
            continue
        key = (r.get("map"), r.get("body"), r.get("loop"))
        if "ir" in r:
            cg[(r.get("map"), r.get("loop"))][int(r.get("reps", 0))] = float(r["ir"])
        elif "seconds" in r:
            # Repetitions of several processes (rounds) are told apart by their scenario-wide
            # order: rep numbers repeat, so later processes get offsets.
            d = times[key]
            rep = int(r.get("rep", 0))
            while rep in d:
                rep += 1000
            d[rep] = float(r["seconds"]) * 1e3
            if r.get("home"):
                home[r.get("map")].add(r["home"])

    def per_execution(m: str, loop: str) -> float | None:
        pts = cg.get((m, loop), {})
        if len(pts) < 2:
            return None
        r1, r2 = min(pts), max(pts)
        return (pts[r2] - pts[r1]) / (r2 - r1)

    rows, head, worst = [], [], None
    for m, recorded, sched, static_eq in AFFINITY_MAPS:
        for body, body_text in AFFINITY_BODIES.items():
            ru, pl = times.get((m, body, "reuse")), times.get((m, body, "plain"))
            rec = times.get((m, body, "record"))
            if not ru and not pl:
                f = res.fail("affinity", "t" + st.get("threads", "2"), "affinity_reuse",
                             f"{m}-{body}", "default", "o2n")
                if f:
                    rows.append([recorded, sched, body_text, FAIL_TEXT.get(f, f)] + ["—"] * 6)
                continue
            su, sp = Stats.of(list(ru.values())), Stats.of(list(pl.values()))
            ratio = su.median / sp.median
            paired = [ru[k] / pl[k] for k in ru if k in pl and pl[k] > 0]
            sr = Stats.of(paired) if paired else None
            if not static_eq:
                verdict = "for information (no static equivalent)"
            elif ratio <= AFFINITY_LIMIT:
                verdict = f"OK (≤ {AFFINITY_LIMIT})"
            else:
                verdict = (f"over {AFFINITY_LIMIT}"
                           + (" (ranges overlap)" if su.overlaps(sp) else ""))
            ir = "—"
            if body == "read":
                iu, ip = per_execution(m, "reuse"), per_execution(m, "plain")
                if iu is not None and ip is not None and ip > 0:
                    ir = f"{iu / 1e6:.3g} M / {ip / 1e6:.3g} M = {iu / ip:.2f}"
            rows.append([recorded, sched, body_text, fmt_stats(su), fmt_stats(sp),
                         f"**{ratio:.3f}**", fmt_stats(sr) if sr else "—", verdict, ir,
                         fmt(statistics.median(rec.values())) if rec else "—"])
            if static_eq and (worst is None or ratio > worst[0]):
                worst = (ratio, su, sp, m, body, verdict, sched)
    if worst:
        ratio, su, sp, m, body, verdict, sched = worst
        head.append([f"`affinity(map)` reuse ÷ the same loop without it, worst static map "
                     f"({sched}, {AFFINITY_BODIES[body]})", "ms",
                     fmt_stats(su), f"{fmt_stats(sp)} omp2numa without `affinity`",
                     f"**{ratio:.2f}**", verdict])
    homes = sorted(set().union(*home.values())) if home else []
    md = ["## 3c. affinity(name): reusing a map against the same loop without it\n",
          "Milliseconds per execution (lower is better) of `affinity_reuse.c`, omp2numa only: a "
          "first loop with `affinity(map)` records which thread runs each value (and first "
          "touches `a[]`); then the loop that reuses the map, `#pragma omp parallel for "
          "schedule(S) affinity(map)`, every value recorded, and the same loop without "
          "`affinity` (*plain*) run alternately in one process, over the same N values. "
          "The requirement: a reusing loop is at most "
          f"{AFFINITY_LIMIT} × its static equivalent (**ratio** = median reuse ÷ median plain). "
          "*paired* is reuse ÷ plain of each repetition's two adjacent executions, median "
          "[min–max], which background load changes less. The `indirect` and `dynamic,1` maps "
          "have no static equivalent: their reuse is compared with `static,1`, for information. "
          "Settings: "
          f"`{st.get('affinity_args', '')}`, {st.get('affinity_rounds', '1')} process(es) per "
          "map and body. *record* is the recording execution, which also initialises `a[]` and "
          "writes each value's thread. Each process checks its sums (or increments) and that "
          "every value ran on its recorded thread"
          + (f" (home fraction: {', '.join(homes)})" if homes else "") + ".\n",
          table(["map recorded by", "S (reuse and plain)", "body", "reuse ms", "plain ms",
                 "ratio", "paired", "verdict", "instructions per execution, reuse / plain",
                 "record ms"], rows),
          "\n*Instructions*: callgrind totals of every thread (`OMP_WAIT_POLICY=passive`) of runs "
          "that execute only one of the two loops, `--reps` = "
          f"`{st.get('affinity_cg_reps', '')}` times after the recording and a warm-up, at "
          f"`{st.get('affinity_cg_args', '')}`; their difference divided by the difference of "
          "`--reps` is one execution. Not measured for the `dynamic,1` map, which is "
          "different in every run.\n"]
    return "\n".join(md), head


def best_config(res, section, scenario, kernel, rts) -> tuple[Stats, str, str] | None:
    """The lowest median over the given runtimes and all their configurations."""
    best = None
    for cfg in res.configs(section, scenario, kernel, "loop"):
        for rt in rts:
            s = res.get(section, scenario, kernel, "loop", cfg, rt)
            if s and (best is None or s.median < best[0].median):
                best = (s, cfg, rt)
    return best


def section_irregular(res: Results, plt):
    if not res.has("irregular"):
        return "", []
    sc = "t" + settings(res).get("threads", "2")
    md = ["## 4. Irregular loops\n",
          "Time of the parallel loop in milliseconds (lower is better), for every schedule of "
          "`OMP_SCHEDULE` over the chunk sweep. *ratio* compares omp2numa with the better peer "
          "at the same schedule; *÷ oracle* compares it with the best peer configuration of all "
          "(the schedule and chunk a user tuning libgomp or libomp by hand would pick). "
          "omp2numa's own kinds run on omp2numa (over gcc) only. " + PAIRS_NOTE + "\n"]
    head = []
    for kernel in IRREGULAR:
        cfgs = res.configs("irregular", sc, kernel, "loop")
        if not cfgs:
            continue
        oracle = best_config(res, "irregular", sc, kernel, PEERS)
        rows, _ = three_runtime_rows(res, "irregular", sc, kernel, "loop", cfgs)
        for row, cfg in zip(rows, cfgs):
            o = res.get("irregular", sc, kernel, "loop", cfg, "o2n")
            if o and oracle:
                c = compare(o, {oracle[2]: oracle[0]})
                overlap = c.verdict.startswith("no clear winner")
                row.append(f"{c.ratio:.2f}" + (" (overlap)" if overlap else ""))
            else:
                row.append("—")
            row += pair_cells(res, "irregular", sc, kernel, "loop", cfg)
        args = settings(res).get(f"{kernel}_args", "")
        md.append(f"### {kernel}\n")
        para = f"Settings: `{args}`."
        if oracle:
            para += (f" Oracle (best peer configuration): {NAMES[oracle[2]]} `{oracle[1]}`, "
                     f"{fmt_stats(oracle[0])} ms.")
        best_o = best_config(res, "irregular", sc, kernel, ["o2n"])
        if best_o:
            para += f" Best omp2numa configuration: `{best_o[1]}`, {fmt_stats(best_o[0])} ms."
        serial = [f"{NAMES[rt]} {fmt_stats(s)} ms" for rt in RUNTIMES
                  if (s := res.pooled("irregular", sc, kernel, "serial", rt))]
        if serial:
            para += (" Serial reference, timed once in every process (one thread, no OpenMP "
                     "construct): " + ", ".join(serial) + "; differences there come from the "
                     "compilers and from the machine's noise, not from the runtimes.")
        md.append(para + "\n")
        md.append(table(["schedule", "omp2numa ms", "libgomp ms", "libomp ms", "ratio", "verdict",
                         "÷ oracle"] + PAIR_HEADER, rows))
        if best_o and oracle:
            r = headline_row(f"{kernel}: best omp2numa vs oracle", "ms", best_o[0], best_o[1],
                             {oracle[2]: (oracle[0], oracle[1])})
            if r:
                head.append(r)
    if plt:
        kernels = [k for k in IRREGULAR if res.configs("irregular", sc, k, "loop")]
        chunks = chunk_list(res)
        fig, axes = plt.subplots(len(kernels), len(PEER_KINDS) + 1,
                                 figsize=(15, 3.2 * len(kernels)), squeeze=False)
        fig.suptitle("Irregular loops: time vs chunk (median, bars: min–max; "
                     "dashed: the oracle, the best peer configuration)")
        for r, kernel in enumerate(kernels):
            oracle = best_config(res, "irregular", sc, kernel, PEERS)
            for i, kind in enumerate(PEER_KINDS):
                plot_chunk_sweep(axes[r][i], res, "irregular", sc, kernel, "loop", kind, chunks,
                                 "ms")
                if oracle:
                    axes[r][i].axhline(oracle[0].median, color="black", linestyle="--",
                                       linewidth=1)
            plot_ext_kinds(axes[r][len(PEER_KINDS)], res, "irregular", sc, kernel,
                           oracle[0] if oracle else None)
        axes[0][0].legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(res.out / "irregular.png", dpi=100)
        plt.close(fig)
        md.append("![irregular loops](irregular.png)\n")
    return "\n".join(md), head


def section_imbalance(res: Results, plt):
    if not res.has("imbalance"):
        return "", []
    procs = int(settings(res).get("threads", "2"))
    base_sc = f"t{procs}"
    shares = [float(r["share"]) for r in res.records
              if r.get("runtime") == "spinner" and r.get("share")]
    share = statistics.median(shares) if shares else 0.5
    share_text = (f"measured at {share:.2f} of its core (median of {len(shares)})" if shares
                  else "assumed to take half of its core")
    seen = {k[1] for k in list(res.stats) + list(res.fails) if k[0] == "imbalance"}
    scenarios = sorted((s for s in seen if s.startswith("t")), key=lambda s: int(s[1:]))
    scenarios += [s for s in seen if not s.startswith("t")]
    md = ["## 5. Hardware imbalance\n",
          "The same loops when the machine, not the loop, is unbalanced: "
          + "; ".join(f"`{s}` = {scenario_text(s, procs)}" for s in scenarios)
          + ". `flat` is a loop of equal iterations (every imbalance comes from the machine); "
          "`mandelbrot` is irregular as well. Times in ms. *× base* is the time relative to the "
          f"best baseline (`{base_sc}`) time of any runtime and schedule: ideally 1.0 with more "
          f"threads than cores (the same cores), and {scenario_ideal('bg50', procs, share):.2f} "
          f"with the spinner, whose CPU share was {share_text}: it is busy half of the wall-clock "
          "time, and the kernel's scheduler decides how much of the core it gets while the "
          "benchmark competes for it.\n"]
    head = []
    for kernel in IMBALANCE_KERNELS:
        base = best_config(res, "imbalance", base_sc, kernel, RUNTIMES)
        md.append(f"### {kernel}\n")
        if base:
            md.append(f"Best baseline: {NAMES[base[2]]} `{base[1]}`, {fmt_stats(base[0])} ms.\n")
        rows = []
        for sc in scenarios:
            cfgs = res.configs("imbalance", sc, kernel, "loop")
            r, _ = three_runtime_rows(res, "imbalance", sc, kernel, "loop", cfgs)
            for row, cfg in zip(r, cfgs):
                rel = []
                for rt in RUNTIMES:
                    s = res.get("imbalance", sc, kernel, "loop", cfg, rt)
                    rel.append(f"{s.median / base[0].median:.2f}" if s and base else "—")
                rows.append([f"`{sc}`"] + row + ["/".join(rel)])
            if sc != base_sc:
                best_o = best_config(res, "imbalance", sc, kernel, ["o2n"])
                best_p = best_config(res, "imbalance", sc, kernel, PEERS)
                if best_o and best_p:
                    h = headline_row(f"{kernel}, {scenario_text(sc, procs)}: best vs best", "ms",
                                     best_o[0],
                                     best_o[1], {best_p[2]: (best_p[0], best_p[1])})
                    if h:
                        head.append(h)
        md.append(table(["scenario", "schedule", "omp2numa ms", "libgomp ms", "libomp ms", "ratio",
                         "verdict", "× base (o2n/gomp/lomp)"], rows))
        # Which schedules cope: per scenario and runtime, the best schedule and its × base.
        cope = []
        for sc in scenarios:
            cells = []
            for rt in RUNTIMES:
                b = best_config(res, "imbalance", sc, kernel, [rt])
                cells.append(f"`{b[1]}` {b[0].median / base[0].median:.2f}"
                             if b and base else "—")
            cope.append([f"`{sc}`", f"{scenario_ideal(sc, procs, share):.2f}"] + cells)
        md.append(f"\nBest schedule per runtime and its time × best `{base_sc}` (which schedules "
                  "cope):\n\n")
        md.append(table(["scenario", "ideal", "omp2numa", "libgomp", "libomp"], cope))
    if plt and scenarios:
        fig, axes = plt.subplots(len(IMBALANCE_KERNELS), len(scenarios),
                                 figsize=(3.6 * len(scenarios), 3.6 * len(IMBALANCE_KERNELS)),
                                 squeeze=False)
        for r, kernel in enumerate(IMBALANCE_KERNELS):
            for c, sc in enumerate(scenarios):
                ax = axes[r][c]
                cfgs = res.configs("imbalance", sc, kernel, "loop")
                grouped_bars(ax, cfgs, {rt: [res.get("imbalance", sc, kernel, "loop", cfg, rt)
                                             for cfg in cfgs] for rt in RUNTIMES})
                base = best_config(res, "imbalance", base_sc, kernel, RUNTIMES)
                if base:
                    ax.axhline(base[0].median * scenario_ideal(sc, procs, share), color="black",
                               linestyle="--", linewidth=1)
                ax.set_title(f"{kernel}, {sc}", fontsize=9)
                ax.set_ylabel("ms")
        axes[0][0].legend(fontsize=7)
        fig.suptitle(f"Hardware imbalance (dashed: ideal, from the best {base_sc} time)")
        fig.tight_layout()
        fig.savefig(res.out / "imbalance.png", dpi=100)
        plt.close(fig)
        md.append("\n![hardware imbalance](imbalance.png)\n")
    return "\n".join(md), head


def section_translator(res: Results, plt):
    if not res.has("translator"):
        return "", []
    files = []
    for rec in res.records:
        if rec.get("section") == "translator" and rec.get("kernel") not in [f for f, _ in files]:
            files.append((rec["kernel"], int(rec.get("lines", 0) or 0)))
    compiles = {r["kernel"]: r.get("ok") for r in res.records
                if r.get("section") == "translator" and r.get("test") == "output-compiles"}
    rows, head, gen = [], [], []
    for name, lines in files:
        o = res.get("translator", "-", name, "translate", "default", "o2n")
        p = res.get("translator", "-", name, "translate", "default", "clang")
        c = compare(o, {"clang": p}) if o and p else None
        rows.append([f"`{name}`", str(lines),
                     res.cell("translator", "-", name, "translate", "default", "o2n"),
                     res.cell("translator", "-", name, "translate", "default", "clang"),
                     fmt_ratio(c), f"{lines / o.median:,.0f}" if o else "—",
                     {"1": "yes", "0": "**no**"}.get(compiles.get(name), "—")])
        if name.startswith("generated_") and o and p:
            gen.append((lines, o, p))
    md = ["## 6. Translator speed\n",
          "Seconds to translate a file with `omp2numa` against `clang-16 -fsyntax-only -fopenmp` "
          "on the same file (parsing and semantic analysis only). The `generated_N` files hold N "
          "functions with OpenMP loops of every supported shape (`bench/tools/"
          "gen_translator_input.py`). *compiles* says whether the translated output passes "
          "`gcc -fsyntax-only`.\n",
          table(["file", "lines", "omp2numa s", "clang s", "ratio", "omp2numa lines/s",
                 "compiles"], rows)]
    broken = [r for r in res.records if r.get("section") == "translator"
              and r.get("test") == "output-compiles" and r.get("ok") == "0"]
    for r in broken:
        log = res.out / r.get("log", "-")
        errors = [ln.strip() for ln in log.read_text(errors="replace").splitlines()
                  if "error:" in ln] if log.is_file() else []
        md.append(f"The translated `{r['kernel']}` does not compile"
                  + (f": `{errors[0][:200]}`" if errors else "")
                  + (f" ({len(errors)} errors)" if len(errors) > 1 else "")
                  + f"; see `{r.get('log')}`.\n")
    if len(gen) >= 2:
        gen.sort(key=lambda g: g[0])
        (l0, o0, _), (l1, o1, _) = gen[0], gen[-1]
        exponent = math.log(o1.median / o0.median) / math.log(l1 / l0)
        md.append(f"Scaling: from {l0} to {l1} lines, omp2numa's time grows as lines^"
                  f"**{exponent:.2f}** (1 = linear, 2 = quadratic).\n")
    if gen:
        lines, o, p = max(gen, key=lambda g: g[0])
        r = headline_row(f"translate {lines}-line generated file", "s", o, "", {"clang": (p, "")})
        if r:
            r[2] += f" ({lines / o.median:,.0f} lines/s)"
            r[3] += f" ({lines / p.median:,.0f} lines/s)"
            head.append(r)
    if plt and gen:
        fig, ax = plt.subplots(figsize=(6, 4))
        xs = [g[0] for g in gen]
        errbar(ax, xs, [g[1] for g in gen], "o2n")
        errbar(ax, xs, [g[2] for g in gen], "clang")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("lines")
        ax.set_ylabel("seconds")
        ax.set_title("Translator time on generated files")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(res.out / "translator.png", dpi=110)
        plt.close(fig)
        md.append("![translator speed](translator.png)\n")
    return "\n".join(md), head


ANNOTATE_LINE = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.+?)\s*$")


def annotate_functions(path: Path) -> dict[str, int]:
    """Self instruction counts per function of a callgrind_annotate listing (inlined parts of a
    function, listed under other files, are added to it)."""
    out: dict[str, int] = defaultdict(int)
    if not path.exists():
        return out
    in_list = False
    for line in path.read_text().splitlines():
        if line.strip().endswith("file:function"):
            in_list = True
            continue
        if not in_list or line.startswith("-----"):
            continue
        m = ANNOTATE_LINE.match(line)
        if not m:
            if not line.strip():
                continue
            break
        where = re.sub(r"\s+\[.*\]$", "", m.group(2))
        func = where.rsplit(":", 1)[-1]
        out[func] += int(m.group(1).replace(",", ""))
    return out


# The loops of the callgrind section (chunkcost.c), by the case names of bench/lib/sections.sh.
CALLGRIND_CASES = {"dyn1": "`dynamic,1` loop with a reduction",
                   "static": "`static` loop",
                   "reduction": "`static` loop with a reduction",
                   "for": "`static` worksharing loop with a reduction in a region"}


def section_callgrind(res: Results, plt):
    if not res.has("callgrind"):
        return "", []
    st = settings(res)
    n1, n2, l1, l2 = (int(st.get(k, 0) or 0) for k in ("cg_n1", "cg_n2", "cg_l1", "cg_l2"))
    if not (n2 > n1 and l2 > l1):
        return "", []
    chunks = (n2 - n1) * l1  # extra chunks of B over A

    def derive(a: float, b: float, c: float) -> tuple[float, float]:
        """(per chunk, per loop) from the totals at points A, B, C."""
        pc = (b - a) / chunks
        return pc, (c - a) / (l2 - l1) - n1 * pc

    # Totals per (case, threads, runtime, repetition) and point; runs from before the cases
    # were added are the dyn1 case.
    ir: dict[tuple, dict[str, float]] = defaultdict(dict)
    failed = set()
    for r in res.records:
        if r.get("section") != "callgrind":
            continue
        case = r.get("case", "dyn1")
        if r["result"] == "ok":
            ir[(case, r.get("threads"), r.get("runtime"), r.get("rep", "0"))][r["test"]] = \
                float(r["ir"])
        else:
            failed.add((case, r.get("threads"), r.get("runtime")))
    cost: dict[tuple, list[float]] = defaultdict(list)  # (case, threads, rt, what) -> samples
    for (case, threads, rt, _), pts in ir.items():
        if {"A", "B", "C"} <= pts.keys():
            pc, pl = derive(pts["A"], pts["B"], pts["C"])
            cost[(case, threads, rt, "per chunk")].append(pc)
            cost[(case, threads, rt, "per loop")].append(pl)
    thread_counts = sorted({k[1] for k in cost} | {f[1] for f in failed}, key=int)
    cases = [c for c in CALLGRIND_CASES if any(k[0] == c for k in cost)]
    rows, head = [], []
    for case in cases:
        for threads in thread_counts:
            # A static loop has one chunk per thread: its "per chunk" is the body's cost.
            for what in ("per chunk", "per loop") if case == "dyn1" else ("per loop",):
                stats = {rt: Stats.of(cost[(case, threads, rt, what)]) for rt in RUNTIMES
                         if cost.get((case, threads, rt, what))}
                cells = []
                for rt in RUNTIMES:
                    s = stats.get(rt)
                    if not s:
                        cells.append("error" if (case, threads, rt) in failed else "—")
                        continue
                    text = fmt(s.median) if s.lo == s.hi else fmt_stats(s)
                    if what == "per chunk" and s.median < 10:
                        text += " (no per-chunk dispatch)"
                    cells.append(text)
                c = compare(stats.get("o2n"), {rt: stats[rt] for rt in PEERS if rt in stats})
                rows.append([CALLGRIND_CASES[case], threads, what] + cells +
                            [fmt_ratio(c), fmt_verdict(c)])
                if threads == thread_counts[-1] and "o2n" in stats:
                    r = headline_row(f"instructions {what} of a {CALLGRIND_CASES[case]} "
                                     f"(callgrind, {threads} thread"
                                     f"{'s' if threads != '1' else ''})", "Ir", stats["o2n"], "",
                                     {rt: (stats[rt], "") for rt in PEERS if rt in stats})
                    if r:
                        head.append(r)
    md = ["## 7. Runtime cost per chunk and per loop (callgrind)\n",
          "Instructions (Ir) that each runtime executes per chunk of a `dynamic,1` loop of empty "
          "iterations, and per parallel loop (fork, loop start and end, reduction if any, join) "
          "of three kinds: `dynamic,1` with a reduction, `static` without one, and `static` with "
          "one (`chunkcost.c --body=plain|reduction`), and per `static` worksharing loop with a "
          "reduction run in one region (`--body=for`: no fork and join), from "
          f"differences of callgrind totals at (n, loops) = ({n1}, {l1}), ({n2}, {l1}) and "
          f"({n1}, {l2}), which cancel start-up and exit. The runs use "
          "`OMP_WAIT_POLICY=passive`, so that a waiting thread sleeps instead of spinning: "
          "valgrind runs one thread at a time, and spinning would count the other thread's "
          "waiting. With one thread the counts are exact; a runtime may then run the whole loop "
          "as one piece (*no per-chunk dispatch*), so the two-thread figures are the ones to "
          "compare; their range is shown when repetitions differ.\n",
          table(["loop", "threads", "cost", "omp2numa Ir", "libgomp Ir", "libomp Ir", "ratio",
                 "verdict"], rows)]
    # Where the instructions go: the same differences, function by function (dyn1; the files of
    # runs from before the cases were added have no case in their names).
    cg = res.out / "raw" / "callgrind"
    for threads in thread_counts:
        parts = []
        for rt in RUNTIMES:
            name = f"{rt}.dyn1.t{threads}" if (cg / f"{rt}.dyn1.t{threads}.A.annotate.txt"
                                               ).exists() else f"{rt}.t{threads}"
            pts = {p: annotate_functions(cg / f"{name}.{p}.annotate.txt") for p in "ABC"}
            if not all(pts.values()):
                continue
            funcs = set().union(*pts.values())
            per = {f: derive(*(pts[p].get(f, 0) for p in "ABC")) for f in funcs}
            cells = [NAMES[rt]]
            for i in (0, 1):
                top = sorted(per.items(), key=lambda kv: -kv[1][i])[:5]
                cells.append(", ".join(f"`{f}` {v[i]:.0f}" for f, v in top if v[i] >= 0.5) or "—")
            parts.append(cells)
        if parts:
            md.append(f"\nWhere the instructions go with {threads} thread(s), in the `dynamic,1` "
                      "loop: the five functions "
                      "with the largest share, in Ir per chunk and per loop (self cost, "
                      "from `callgrind_annotate`):\n\n")
            md.append(table(["runtime", "per chunk", "per loop"], parts))
    return "\n".join(md), head


@dataclass
class MpCell:
    """One (kernel, scenario, K, configuration) of the multiprogramming section, over all
    repetitions; the serial reference is the cell (kernel, "serial", 1, build)."""

    turnaround: list[float]  # per copy
    cpu: list[float]  # per copy, user + system
    makespan: dict[str, float]  # per repetition
    teams: set[int]
    scheds: set[str]
    censored: str  # "" or why some copies have no time: "timeout", "skipped"
    regions: int = 0  # the program's regions (mp_regions), 0 if it did not say

    @property
    def mean(self) -> float:
        return statistics.fmean(self.turnaround)

    @property
    def sd(self) -> float:
        return statistics.stdev(self.turnaround) if len(self.turnaround) > 1 else 0.0

    @property
    def timed(self) -> bool:
        """Every copy has a time: the mean is a measurement, not a lower bound."""
        return bool(self.turnaround) and not self.censored


MpKey = tuple[str, str, int, str]  # kernel, scenario, K, configuration (or build)


def mp_scenario(r: dict) -> str:
    """"alone", "bgB" or "serial"; the runs before the background scenario said "kK"."""
    sc = r.get("scenario", "")
    return sc if sc in ("alone", "serial") or sc.startswith("bg") else "alone"


def mp_background(scenario: str) -> int:
    return int(scenario[2:]) if scenario.startswith("bg") else 0


def mp_cells(res: Results) -> dict[MpKey, MpCell]:
    cells: dict[MpKey, MpCell] = {}
    for r in res.records:
        if r.get("section") != "multiprog" or r.get("test") not in ("turnaround", "serial"):
            continue
        key = (r.get("kernel", "?"), mp_scenario(r), int(r.get("copies", "0") or 0),
               r.get("runtime", "?"))
        c = cells.setdefault(key, MpCell([], [], {}, set(), set(), ""))
        if r["result"] == "fail":
            if r.get("reason") in ("timeout", "skipped"):
                c.censored = c.censored or r["reason"]
            continue
        c.turnaround.append(float(r["seconds"]))
        c.cpu.append(float(r.get("cpu", "nan")))
        c.makespan[r.get("rep", "?")] = float(r.get("makespan", "nan"))
        for t in ("team_min", "team_max"):
            if r.get(t, "").isdigit():
                c.teams.add(int(r[t]))
        if r.get("runtime_sched"):
            c.scheds.add(r["runtime_sched"])
        if r.get("regions", "").isdigit():
            c.regions = int(r["regions"])
    return cells


def mp_spinner_share(res: Results, kernel: str, scenario: str) -> list[float]:
    """The processors each spinner got during the scenario's batches: CPU ÷ (B × lifetime)."""
    return [float(r["cpu"]) / (int(r["background"]) * float(r["seconds"])) for r in res.records
            if r.get("section") == "multiprog" and r.get("test") == "spinners"
            and r.get("kernel") == kernel and r.get("scenario") == scenario
            and float(r.get("seconds", 0)) > 0]


class MpSection:
    """The multiprogramming section's cells and the definitions every table shares."""

    def __init__(self, res: Results):
        self.res = res
        self.cells = mp_cells(res)
        st = settings(res)
        self.timeout = st.get("multiprog_timeout", "?")
        self.reps = st.get("multiprog_reps", "?")
        self.procs = int(res.machine.get("nproc", "0") or 0)
        self.scenarios = sorted({key[1] for key in self.cells if key[1] != "serial"},
                                key=lambda s: (s != "alone", s))

    def cell(self, kernel, scenario, k, cfg) -> MpCell | None:
        return self.cells.get((kernel, scenario, k, cfg))

    def configs(self, kernel: str) -> list[str]:
        """MP_CONFIGS, and the reference build where this kernel ran it."""
        ref = any(key[0] == kernel and key[3] == "o2n_ref" for key in self.cells)
        return MP_CONFIGS + (["o2n_ref"] if ref else [])

    def ks(self, kernel: str) -> list[int]:
        return sorted({key[2] for key in self.cells if key[0] == kernel and key[1] != "serial"})

    def serial(self, kernel: str, cfg: str) -> MpCell | None:
        c = self.cell(kernel, "serial", 1, MP_BUILD[cfg])
        return c if c and c.timed else None

    def ideal(self, kernel, scenario, k, cfg) -> float | None:
        """K copies' fair share of the processors, with each of the K + B processes getting
        P ÷ (K + B) of them: serial time × (K + B) ÷ P (alone, B = 0: K × serial ÷ P)."""
        s = self.serial(kernel, cfg)
        if s is None or not self.procs:
            return None
        return s.mean * (k + mp_background(scenario)) / self.procs

    def mean_text(self, c: MpCell | None, scale=1.0) -> str:
        if c is None:
            return "—"
        if c.censored:
            done = f", {len(c.turnaround)} copies finished" if c.turnaround else ""
            return f"> {fmt(float(self.timeout) * scale) if self.timeout != '?' else '?'} " \
                   f"({c.censored}{done})"
        return f"{fmt(c.mean * scale)} ± {fmt(c.sd * scale)}"

    def ratio_text(self, a: MpCell | None, b: MpCell | None) -> str:
        """a ÷ b of mean turnarounds; bounds when one of them timed out."""
        if not a or not b or (a.censored and b.censored) or not (a.turnaround or b.turnaround):
            return "—"
        if self.timeout == "?" and (a.censored or b.censored):
            return "—"
        if b.censored:  # b took longer than the timeout: a / b is below a / timeout
            return f"< {a.mean / float(self.timeout):.2f}"
        if a.censored:
            return f"> {float(self.timeout) / b.mean:.1f}"
        return f"**{a.mean / b.mean:.2f}**"

    def over_ideal(self, kernel, scenario, k, cfg) -> float | None:
        c, ideal = self.cell(kernel, scenario, k, cfg), self.ideal(kernel, scenario, k, cfg)
        return c.mean / ideal if c and c.timed and ideal else None

    def over_ideal_text(self, kernel, scenario, k, cfg) -> str:
        r = self.over_ideal(kernel, scenario, k, cfg)
        if r is not None:
            return f"**{r:.2f}**"
        c, ideal = self.cell(kernel, scenario, k, cfg), self.ideal(kernel, scenario, k, cfg)
        if c and c.censored and ideal and self.timeout != "?":
            return f"> {float(self.timeout) / ideal:.0f}"
        return "—"


def mp_intro(mp: MpSection) -> list[str]:
    loads = [r.get("load1", "?") for r in mp.res.records
             if r.get("section") == "multiprog" and r.get("test") == "load"]
    bgs = [mp_background(s) for s in mp.scenarios if s != "alone"]
    md = ["## 8. Multiprogramming: K copies at once, alone and next to busy programs\n",
          f"K copies of the same program started at once on the {mp.procs} processors, each "
          "asking for all of them (no `OMP_NUM_THREADS`, no `num_threads`): omp2numa with "
          "`OMP_DYNAMIC` unset (false, the default) and `=true`, libgomp and libomp with their "
          "defaults. Scenario *alone*: the K copies by themselves"
          + (f"; scenario *bg{bgs[0]}*: the same batches next to {bgs[0]} busy single-threaded "
             "processes (`tools/spinner.c` at duty 1.0, started 50 ms before the batch, killed "
             "after it)" if bgs else "")
          + ". A cell is the **mean turnaround ± standard deviation** in seconds of every copy "
          f"of every repetition (K × {mp.reps} copies), from the copy's launch to its exit, "
          "measured by the driver.\n",
          "**Serial time**: the mean turnaround of one copy of the same binary run alone with "
          "`OMP_NUM_THREADS=1`, measured in every repetition of this run (each build its own: "
          "omp2numa's configurations share one). **Ideal** = K × serial ÷ processors alone; "
          "with B busy processes, the copies' fair share when each of the K + B processes gets "
          "processors ÷ (K + B): serial × (K + B) ÷ processors (the same definition, B = 0 "
          "alone). *× ideal* = mean turnaround ÷ ideal. Linux shares processors between "
          "threads, not processes, so a copy with several threads can beat its fair share "
          "(× ideal below 1) next to single-threaded spinners. The other ratios divide mean "
          "turnarounds (> 1: omp2numa slower).\n",
          f"A batch still running after {mp.timeout} s was killed (*timeout*) and that "
          "configuration was not run with as many copies or more again in that scenario "
          "(*skipped*). The configurations ran interleaved: in every repetition, every K and "
          "scenario, each configuration once, in a rotating order.\n"]
    if loads:
        md.append(f"1-minute load average at the start of each repetition: {', '.join(loads)}.\n")
    return md


def mp_serial_line(mp: MpSection, kernel: str) -> str:
    parts = [f"{NAMES[b]} {fmt(c.mean)} s" for b in RUNTIMES
             if (c := mp.cell(kernel, "serial", 1, b)) and c.timed]
    if not parts:
        return "No serial reference in this run: no ideal.\n"
    return f"Serial time (1 thread, one copy alone): {', '.join(parts)}.\n"


def mp_goal_text(mp: MpSection, kernel: str, k: int) -> str:
    """Issue 23's goals at K copies alone: "met" or "missed" for each goal."""
    if k not in MP_GOAL_KS:
        return "—"
    out = []
    for cfg, goal in MP_GOALS.items():
        r = mp.over_ideal(kernel, "alone", k, cfg)
        c = mp.cell(kernel, "alone", k, cfg)
        verdict = ("met" if r <= goal else "missed") if r is not None else \
            ("missed" if c and c.censored else "—")
        out.append(f"{MP_SHORT[cfg]} ≤ {goal}: {verdict}")
    return "; ".join(out)


def mp_scenario_tables(mp: MpSection, kernel: str, scenario: str) -> list[str]:
    """The turnaround and × ideal tables of one kernel in one scenario."""
    ks = mp.ks(kernel)
    rows, ideal_rows = [], []
    for k in ks:
        cs = {cfg: mp.cell(kernel, scenario, k, cfg) for cfg in MP_CONFIGS}
        rows.append([str(k)] + [mp.mean_text(cs[cfg]) for cfg in MP_CONFIGS]
                    + [mp.ratio_text(cs[a], cs[b]) for a in ("o2n", "o2n_dyn")
                       for b in ("gomp", "lomp")])
        ideals = [mp.ideal(kernel, scenario, k, cfg) for cfg in ("o2n", "gomp", "lomp")]
        ideal_rows.append([str(k), " / ".join(fmt(i) if i else "—" for i in ideals)]
                          + [mp.over_ideal_text(kernel, scenario, k, cfg) for cfg in MP_CONFIGS]
                          + ([mp_goal_text(mp, kernel, k)] if scenario == "alone" else []))
    md = [table(["K", "omp2numa s", "omp2numa dyn s", "libgomp s", "libomp s",
                 "omp2numa ÷ libgomp", "omp2numa ÷ libomp", "dyn ÷ libgomp", "dyn ÷ libomp"],
                rows)]
    goal = "" if scenario != "alone" else (
        ", and issue 23's goals at K = " + ", ".join(map(str, MP_GOAL_KS)) + ": "
        + " and ".join(f"{MP_SHORT[c]} ≤ {g}× ideal" for c, g in MP_GOALS.items()))
    md.append(f"\nMean turnaround ÷ ideal (ideal in seconds for the omp2numa / libgomp / "
              f"libomp builds){goal}:\n\n")
    md.append(table(["K", "ideal s", "omp2numa × ideal", "omp2numa dyn × ideal",
                     "libgomp × ideal", "libomp × ideal"]
                    + (["goals"] if scenario == "alone" else []), ideal_rows))
    return md


def mp_detail_table(mp: MpSection, kernel: str, scenario: str) -> str:
    detail = []
    for k in mp.ks(kernel):
        for cfg in MP_CONFIGS:
            c = mp.cell(kernel, scenario, k, cfg)
            if c is None or not c.turnaround:
                continue
            ms = [v for v in c.makespan.values() if not math.isnan(v)]
            cpu = [v for v in c.cpu if not math.isnan(v)]
            detail.append([str(k), MP_SHORT[cfg], str(len(c.turnaround)),
                           f"{fmt(min(c.turnaround))}–{fmt(max(c.turnaround))}",
                           f"{100 * c.sd / c.mean:.0f}%",
                           fmt(statistics.fmean(ms)) if ms else "—",
                           fmt(statistics.fmean(cpu)) if cpu else "—",
                           "/".join(map(str, sorted(c.teams))) or "?",
                           ", ".join(f"`{x}`" for x in sorted(c.scheds)) or "—"])
    return ("\nSpread and cost: per-copy turnaround range (min–max) and coefficient of variation, "
            "the mean makespan (first launch to last exit) of a batch, the mean CPU time (user + "
            "system) per copy, the team sizes the copies ran with, and the schedule that "
            "`schedule(runtime)` meant:\n\n"
            + table(["K", "configuration", "copies", "turnaround min–max s", "CV", "makespan s",
                     "CPU s per copy", "team", "runtime schedule"], detail))


def mp_spinner_line(mp: MpSection, kernel: str, scenario: str) -> str:
    shares = mp_spinner_share(mp.res, kernel, scenario)
    if not shares:
        return ""
    b = mp_background(scenario)
    fair = ", ".join(f"{fmt(mp.procs / (k + b))} at K = {k}" for k in mp.ks(kernel))
    return (f"Processors each spinner got over its lifetime: {fmt(min(shares))} to "
            f"{fmt(max(shares))} (median {fmt(statistics.median(shares))}); the fair share "
            f"P ÷ (K + B) is {fair}.\n")


def mp_plot_panels(mp: MpSection, plt, kernel: str, name: str, ylabel: str, point, decorate):
    """One panel per scenario over K: point(scenario, k, cfg) -> (y, lo, hi) or None;
    decorate(ax, scenario, ks) draws the reference lines and scales.  Saved as NAME.png."""
    ks = mp.ks(kernel)
    fig, axes = plt.subplots(1, len(mp.scenarios), figsize=(5 * len(mp.scenarios), 4),
                             squeeze=False)
    for ax, scenario in zip(axes[0], mp.scenarios):
        for cfg in MP_CONFIGS:
            pts = [(k, p) for k in ks if (p := point(scenario, k, cfg))]
            if pts:
                ax.errorbar([k for k, _ in pts], [p[0] for _, p in pts],
                            yerr=[[p[0] - p[1] for _, p in pts], [p[2] - p[0] for _, p in pts]],
                            label=NAMES[cfg], color=COLORS[cfg], marker="o", markersize=3,
                            capsize=3)
        decorate(ax, scenario, ks)
        ax.set_xscale("log", base=2)
        ax.set_xticks(ks)
        ax.set_xticklabels([str(k) for k in ks])
        ax.set_xlabel("copies at once (K)")
        ax.set_ylabel(ylabel)
        ax.set_title(f"{kernel}, {scenario}", fontsize=9)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(mp.res.out / f"{name}.png", dpi=100)
    plt.close(fig)
    return f"\n![{name}]({name}.png)\n"


def mp_kernel_plots(mp: MpSection, plt, kernel: str) -> list[str]:
    """Turnaround against each build's ideal, and turnaround ÷ ideal against the goals."""
    def turnaround(scenario, k, cfg):
        c = mp.cell(kernel, scenario, k, cfg)
        return (c.mean, min(c.turnaround), max(c.turnaround)) if c and c.timed else None

    def ideals(ax, scenario, ks):
        for cfg in ("o2n", "gomp", "lomp"):
            pts = [(k, i) for k in ks if (i := mp.ideal(kernel, scenario, k, cfg))]
            if pts:
                ax.plot([k for k, _ in pts], [i for _, i in pts], "--", color=COLORS[cfg],
                        linewidth=1, label=f"ideal, {NAMES[cfg]} build")
        log_y(ax)

    def over_ideal(scenario, k, cfg):
        c, i = mp.cell(kernel, scenario, k, cfg), mp.ideal(kernel, scenario, k, cfg)
        if not (c and c.timed and i):
            return None
        return c.mean / i, min(c.turnaround) / i, max(c.turnaround) / i

    def goals(ax, scenario, ks):
        ax.axhline(1.0, color="k", linestyle="--", linewidth=1, label="ideal")
        if scenario == "alone":
            for cfg, goal in MP_GOALS.items():
                ax.axhline(goal, color=COLORS[cfg], linestyle=":", linewidth=1,
                           label=f"goal, {MP_SHORT[cfg]} (K ≥ 2)")
        log_y(ax)

    md = [mp_plot_panels(mp, plt, kernel, f"multiprog_{kernel}",
                         "turnaround per copy, s (mean, min–max)", turnaround, ideals)]
    if any(mp.serial(kernel, cfg) for cfg in MP_CONFIGS):
        md.append(mp_plot_panels(mp, plt, kernel, f"multiprog_{kernel}_ideal",
                                 "turnaround ÷ ideal (mean, min–max)", over_ideal, goals))
    return md


def mp_kernel_section(mp: MpSection, plt, kernel: str) -> tuple[list[str], list]:
    args = settings(mp.res).get(f"multiprog_{kernel[3:]}_args", "")
    md = [f"### {kernel}: {MP_KERNELS[kernel]}\n"]
    if args:
        md.append(f"`{args}`\n")
    md.append(mp_serial_line(mp, kernel))
    for scenario in mp.scenarios:
        b = mp_background(scenario)
        md.append(f"#### {kernel}, {scenario}: "
                  + (f"next to {b} busy processes\n" if b else "the copies by themselves\n"))
        if b:
            md.append(mp_spinner_line(mp, kernel, scenario))
        md += mp_scenario_tables(mp, kernel, scenario)
        md.append(mp_detail_table(mp, kernel, scenario))
    head = []
    ks = mp.ks(kernel)
    o = mp.cell(kernel, "alone", ks[-1], "o2n")
    peers = {rt: (Stats.of(c.turnaround), "") for rt in PEERS
             if (c := mp.cell(kernel, "alone", ks[-1], rt)) and c.timed}
    if o and o.timed and peers:
        h = headline_row(f"{kernel}, {ks[-1]} copies at once: turnaround per copy", "s",
                         Stats.of(o.turnaround), "", peers)
        if h:
            head.append(h)
    if plt:
        md += mp_kernel_plots(mp, plt, kernel)
    return md, head


def mp_per_region(c: MpCell | None, regions: int) -> Stats | None:
    """A cell's cost per region in µs: turnaround ÷ regions, median [min–max] over the copies
    (the tables and targets use the mean, c.mean ÷ regions)."""
    if not (c and c.timed and regions):
        return None
    return Stats.of(c.turnaround).scaled(1e6 / regions)


def mp_regions_targets(mp: MpSection, kernel: str, crowded: str, regions: int) -> list[str]:
    """Issue 23's bounds on many short regions, and whether this run meets them."""
    def cost(scenario, cfg) -> float | None:  # mean µs per region
        c = mp.cell(kernel, scenario, 1, cfg)
        return c.mean * 1e6 / regions if c and c.timed else None

    def bound(scenario, cfg) -> float | None:  # a copy killed at the timeout: more than this
        c = mp.cell(kernel, scenario, 1, cfg)
        return float(mp.timeout) * 1e6 / regions if c and c.censored and \
            mp.timeout != "?" else None

    o, o_more = cost(crowded, "o2n"), bound(crowded, "o2n")
    limits = []
    for rt in PEERS:
        p, p_more = cost(crowded, rt), bound(crowded, rt)
        if o is not None and p is not None:
            verdict = "met" if o <= p else "missed"
        elif o is not None and p_more is not None:  # the peer took longer than p_more
            verdict = "met" if o <= p_more else "unknown"
        elif o_more is not None and p is not None:  # p finished within the timeout
            verdict = "missed"
        else:
            verdict = "unknown"
        text = f"{fmt(p)} µs" if p is not None else (
            f"> {fmt(p_more)} µs (timeout)" if p_more is not None else "no time")
        limits.append(f"{NAMES[rt]} {text}: {verdict}")
    o_text = f"{fmt(o)} µs" if o is not None else (
        f"> {fmt(o_more)} µs (timeout)" if o_more is not None else "unknown (no time)")
    md = [f"- **Crowded** ({crowded}): omp2numa's cost per region ({o_text}) must be at most "
          f"libgomp's and libomp's: {'; '.join(limits)}.\n"]
    q, ref = cost("alone", "o2n"), cost("alone", "o2n_ref")
    if ref is None:
        md.append("- **Alone**: omp2numa's cost per region must stay within "
                  f"{100 * (MP_REGIONS_QUIET_LIMIT - 1):.0f}% of the baseline's: not checked in "
                  "this run (give `bench/run --omp2numa-reference=DIR`, a build of the baseline "
                  "commit, `bf630d2` for issue 23).\n")
    elif q is not None:
        a, b = (Stats.of(mp.cell(kernel, "alone", 1, c).turnaround) for c in ("o2n", "o2n_ref"))
        noise = " (the copies' ranges overlap: within the noise)" if a.overlaps(b) else ""
        md.append(f"- **Alone**: omp2numa's cost per region ({fmt(q)} µs) must stay within "
                  f"{100 * (MP_REGIONS_QUIET_LIMIT - 1):.0f}% of the reference build's, measured "
                  f"interleaved in this run ({fmt(ref)} µs): ratio {q / ref:.3f}, "
                  + ("met" if q <= MP_REGIONS_QUIET_LIMIT * ref else "missed") + f"{noise}.\n")
    return md


def mp_regions_section(mp: MpSection, plt, kernel: str) -> tuple[list[str], list]:
    regions = max((c.regions for key, c in mp.cells.items() if key[0] == kernel), default=0)
    crowded = next((s for s in mp.scenarios if s != "alone"), None)
    md = [f"### {kernel}: {MP_KERNELS[kernel]}\n",
          f"`{settings(mp.res).get('multiprog_regions_args', '')}`: one copy (K = 1), alone and "
          + (f"crowded ({crowded}: next to {mp_background(crowded)} busy processes)" if crowded
             else "(no crowded scenario in this run)")
          + ". **Cost per region** = turnaround ÷ regions, in µs (mean over the copies ± "
          "standard deviation); *serial*: the build's one-thread copy, the same division.\n"]
    rows = []
    for cfg in mp.configs(kernel):
        s = mp.serial(kernel, cfg)
        alone, crowd = mp.cell(kernel, "alone", 1, cfg), mp.cell(kernel, crowded, 1, cfg)
        scale = 1e6 / regions if regions else 0
        rows.append([MP_SHORT[cfg], fmt(s.mean * scale) if s and scale else "—",
                     mp.mean_text(alone, scale), mp.mean_text(crowd, scale),
                     mp.ratio_text(crowd, alone),
                     " / ".join("/".join(map(str, sorted(c.teams))) or "?" if c else "—"
                                for c in (alone, crowd))])
    md.append(table(["configuration", "serial µs", "alone µs", "crowded µs", "crowded ÷ alone",
                     "team alone / crowded"], rows))
    md.append("\nTargets (issue 23):\n\n")
    md += mp_regions_targets(mp, kernel, crowded, regions) if crowded and regions else []
    head = []
    if crowded and regions:
        o = mp_per_region(mp.cell(kernel, crowded, 1, "o2n"), regions)
        peers = {rt: (s, "") for rt in PEERS
                 if (s := mp_per_region(mp.cell(kernel, crowded, 1, rt), regions))}
        h = headline_row(f"{kernel}, crowded ({crowded}): cost per region", "µs", o, "", peers)
        head += [h] if h else []
    if plt and regions:
        md.append(mp_regions_plot(mp, plt, kernel, regions))
    return md, head


def mp_regions_plot(mp: MpSection, plt, kernel: str, regions: int) -> str:
    """Cost per region, a bar per configuration and scenario (crowded hatched); a cell whose
    copy was killed at the timeout is a hatched-out outline up to its bound."""
    from matplotlib.patches import Patch

    configs = mp.configs(kernel)
    fig, ax = plt.subplots(figsize=(5.5, 4))
    width = 0.8 / len(mp.scenarios)
    bound = float(mp.timeout) * 1e6 / regions if mp.timeout != "?" else None
    for i, scenario in enumerate(mp.scenarios):
        for g, cfg in enumerate(configs):
            c = mp.cell(kernel, scenario, 1, cfg)
            x = g + (i - (len(mp.scenarios) - 1) / 2) * width
            if c and c.timed:
                mean, lo, hi = (v * 1e6 / regions for v in
                                (c.mean, min(c.turnaround), max(c.turnaround)))
                ax.bar(x, mean, width, yerr=[[mean - lo], [hi - mean]], capsize=2,
                       color=COLORS[cfg], edgecolor="k", hatch="//" if i else None)
            elif c and c.censored and bound:
                ax.bar(x, bound, width, fill=False, edgecolor=COLORS[cfg], linestyle="--")
                ax.text(x, bound, "timeout", ha="center", va="bottom", fontsize=6)
    ax.set_xticks(range(len(configs)))
    ax.set_xticklabels([MP_SHORT[c].replace(" ", "\n") for c in configs], fontsize=8)
    log_y(ax)
    ax.set_ylabel("cost per region, µs (mean, min–max copy)")
    ax.set_title(f"{kernel}: {regions} regions, one copy", fontsize=9)
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(handles=[Patch(facecolor="white", edgecolor="k", hatch="//" if i else None,
                             label=s) for i, s in enumerate(mp.scenarios)], fontsize=7)
    fig.tight_layout()
    fig.savefig(mp.res.out / f"multiprog_{kernel}.png", dpi=100)
    plt.close(fig)
    return f"\n![{kernel}](multiprog_{kernel}.png)\n"


def section_multiprog(res: Results, plt):
    mp = MpSection(res)
    if not mp.cells:
        return "", []
    md, head = mp_intro(mp), []
    for kernel in (k for k in MP_KERNELS if any(key[0] == k for key in mp.cells)):
        part, h = (mp_regions_section if kernel == "mp_regions" else mp_kernel_section)(
            mp, plt, kernel)
        md += part
        head += h
    return "\n".join(md), head


def section_tasks(res: Results, plt):
    if not res.has("tasks"):
        return "", []
    st = settings(res)
    sc = "t" + st.get("threads", "2")

    def get(kernel, test, rt):
        return res.get("tasks", sc, kernel, test, "tasks", rt)

    def cell(kernel, test, rt):
        s = get(kernel, test, rt)
        if s:
            return fmt_stats(s)
        # A case that failed has no schedule label of its own: its FAIL line says "default".
        f = res.fail("tasks", sc, kernel, test, "default", rt) or \
            res.fail("tasks", sc, kernel, "tasks", "default", rt)
        return FAIL_TEXT.get(f, f) if f else "—"

    def goal_text(o, p, goal):
        if o is None or p is None:
            return "—"
        c = compare(o, {"p": p})
        verdict = "meets" if c.ratio is not None and c.ratio <= goal else "misses"
        overlap = ", ranges overlap" if o.overlaps(p) else ""
        return f"{fmt_ratio(c)} ({verdict} ≤ {goal}{overlap})"

    rows, head = [], []
    for k, label in TASK_KERNELS:
        o = get(k, "tasks", "o2n")
        peers = {rt: get(k, "tasks", rt) for rt in PEERS}
        speedups = []
        for rt in PEERS:
            p, ser = peers[rt], get(k, "serial", rt)
            speedups.append(fmt(ser.median / p.median) if p and ser and p.median > 0 else "—")
        rows.append([label] + [cell(k, "tasks", rt) for rt in RUNTIMES]
                    + [goal_text(o, peers[rt], TASK_GOALS[rt]) for rt in PEERS]
                    + [" / ".join(speedups), cell(k, "tasks", "o2nc"),
                       goal_text(get(k, "tasks", "o2nc"), peers["lomp"], TASK_GOALS["lomp"])])
        r = headline_row(f"tasks: {label}", "ms", o, "",
                         {rt: (v, "") for rt, v in peers.items() if v})
        if r:
            head.append(r)
    orows = []
    for t in TASKBENCH_TESTS:
        o = get("taskbench", t, "o2n")
        peers = {rt: get("taskbench", t, rt) for rt in PEERS}
        c = compare(o, peers, floor=OVERHEAD_FLOOR_US)
        lomp = peers.get("lomp")
        orows.append([f"`{t}`"] + [cell("taskbench", t, rt) for rt in RUNTIMES]
                     + [fmt_ratio(c), fmt_verdict(c),
                        goal_text(o, lomp, 1.0) if o and lomp and lomp.median >= OVERHEAD_FLOOR_US
                        else "—"])
        r = headline_row(f"task overhead `{t}`", "µs", o, "",
                         {rt: (v, "") for rt, v in peers.items() if v}, floor=OVERHEAD_FLOOR_US)
        if r:
            head.append(r)
    md = ["## 9. Tasking\n",
          "Milliseconds per run (lower is better) of the tasking kernels in `bench/kernels/tasks/`, "
          "each started from `single` in a parallel region and checked against its serial "
          "version (the same algorithm without pragmas, timed first in each process). Goals of "
          "issue 17 at 2 threads: omp2numa ≤ 0.8× libgomp's time and ≤ 1.0× libomp's; a ratio is "
          "omp2numa ÷ that peer. *speedup* is each peer's serial time ÷ its task time "
          "(libgomp / libomp). *Same back end*: *omp2numa/clang* is omp2numa-cc over clang-16 "
          "(`OMP2NUMA_CC=clang-16`), paired with libomp (clang-16 -fopenmp), so that the pair "
          "differs only by the translator and the runtime (omp2numa itself is over gcc, as "
          "libgomp). "
          f"Settings: {st.get('tasks_rounds', '1')} process(es) per runtime and kernel; "
          + "; ".join(f"`{k}`: `{st.get(k + '_args', '')}`" for k, _ in TASK_KERNELS) + ".\n",
          table(["kernel", "omp2numa ms", "libgomp ms", "libomp ms", "÷ libgomp (goal)",
                 "÷ libomp (goal)", "speedup gomp / omp", "omp2numa/clang ms",
                 "o2n/clang ÷ libomp (goal)"], rows),
          "\nTask overhead in microseconds per task of one thread's share, EPCC style "
          "(`taskbench.c`: the test minus a reference of the same delays without tasks; settings "
          f"`{st.get('taskbench_args', '')}`). Goal: ≤ libomp's.\n",
          table(["test", "omp2numa µs", "libgomp µs", "libomp µs", "ratio", "verdict",
                 "÷ libomp (goal)"], orows)]
    if plt:
        fig, ax = plt.subplots(figsize=(9, 3.8))
        labels = [k.replace("task_", "") for k, _ in TASK_KERNELS]
        grouped_bars(ax, labels, {rt: [get(k, "tasks", rt) for k, _ in TASK_KERNELS]
                                  for rt in RUNTIMES})
        ax.set_ylabel("ms per run")
        ax.set_title("Tasking kernels (median, bars: min–max)")
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(res.out / "tasks_kernels.png", dpi=110)
        plt.close(fig)
        md.append("![tasking kernels](tasks_kernels.png)\n")
    return "\n".join(md), head


def numa_values(res: Results, sc: str, test: str, key: str, phase: str, rt="o2n") -> Stats | None:
    """The `key` values of the numa section's records of one test and phase."""
    v = [float(r[key]) for r in res.records
         if r.get("section") == "numa" and r.get("scenario") == sc and r.get("test") == test
         and r.get("phase") == phase and r.get("runtime") == rt and key in r]
    return Stats.of(v) if v else None


def numa_pages(res: Results, sc: str, test: str, phase: str) -> dict[tuple[int, int], float]:
    """Median pages per (group, node) of each group's vectors after a phase (omp2numa)."""
    per: dict[tuple[int, int], list[float]] = defaultdict(list)
    for r in res.records:
        if (r.get("section"), r.get("scenario"), r.get("test"), r.get("phase"),
                r.get("runtime")) == ("numa", sc, test, phase, "o2n") and "group" in r:
            for k, v in r.items():
                if k.startswith("pages_node"):
                    per[(int(r["group"]), int(k[len("pages_node"):]))].append(float(v))
    return {key: statistics.median(v) for key, v in sorted(per.items())}


def numa_table(res: Results, sc: str) -> str:
    rows = []
    for t in NUMA_TESTS:
        loc = numa_values(res, sc, t, "locality", "locality")
        move = numa_values(res, sc, t, "seconds", "transition")
        first = numa_values(res, sc, t, "mbps", "2")
        if not loc and not any(res.get("numa", sc, "numa_stream", t, "static", rt)
                               for rt in RUNTIMES):
            continue
        rows.append([f"`{t}`"] + [res.cell("numa", sc, "numa_stream", t, "static", rt)
                                  for rt in RUNTIMES]
                    + [fmt_stats(loc) if loc else "—",
                       fmt_stats(move.scaled(1e3)) if move else "—",
                       fmt_stats(first) if first and t.endswith("nexttouch") else "—"])
    return table(["test", "omp2numa MB/s", "libgomp MB/s", "libomp MB/s", "locality %",
                  "move ms", "all reps MB/s"], rows)


def numa_costs(res: Results, sc: str) -> str:
    """One row per operation (and next-touch unit): the median [min–max] of its rounds."""
    samples: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for r in res.records:
        if (r.get("section"), r.get("scenario"), r.get("phase")) != ("numa", sc, "cost"):
            continue
        what = {"cost-migrate": "omp2numa_migrate" + ("" if r.get("moved") == "1"
                                                       else " (same node: the page walk)"),
                "cost-mark": "omp2numa_next_touch (mark)",
                "cost-fault": f"next-touch fault, {r.get('unit_pages', '?')}-page unit"}
        row = samples[what.get(r.get("test"), r.get("test", "?"))]
        for key in ("us_per_fault", "us_per_page", "gbps"):
            try:
                row[key].append(float(r[key]))
            except (KeyError, ValueError):
                pass

    def unit(name: str) -> int:
        m = re.search(r"(\d+)-page unit", name)
        return int(m.group(1)) if m else 0

    rows = [[name] + [fmt_stats(Stats.of(vals[k])) if vals.get(k) else "—"
                      for k in ("us_per_fault", "us_per_page", "gbps")]
            for name, vals in sorted(samples.items(), key=lambda kv: (unit(kv[0]), kv[0]))]
    return table(["operation", "µs per fault", "µs per page", "GB/s"], rows) if rows else ""


def numa_plot(res: Results, plt, sc: str) -> str:
    """Where each group's vectors are after each phase of the twisted tests: one panel per test,
    one bar per group and phase, stacked by node."""
    tests = [t for t in NUMA_TESTS if t.startswith("twisted") and numa_pages(res, sc, t, "1")]
    if not tests:
        return ""
    cols = min(3, len(tests))
    rows = (len(tests) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(4 * cols, 3.2 * rows), squeeze=False)
    for ax in axes.flat[len(tests):]:
        ax.set_visible(False)
    # Every panel draws every node (absent ones as empty bars), so the first panel's legend is
    # complete.
    nodes = sorted({nd for t in tests for ph in "12" for _, nd in numa_pages(res, sc, t, ph)})
    for ax, t in zip(axes.flat, tests):
        pages = {ph: numa_pages(res, sc, t, ph) for ph in "12"}
        groups = sorted({g for ph in pages for g, _ in pages[ph]})
        bars = [(g, ph) for g in groups for ph in "12"]
        bottoms = [0.0] * len(bars)
        for nd in nodes:
            ys = [pages[ph].get((g, nd), 0) for g, ph in bars]
            ax.bar(range(len(bars)), ys, bottom=bottoms, label=f"node {nd}",
                   color=f"C{nd % 10}")
            bottoms = [b + y for b, y in zip(bottoms, ys)]
        ax.set_xticks(range(len(bars)))
        ax.set_xticklabels([f"g{g}\np{ph}" for g, ph in bars], fontsize=7)
        ax.set_title(t, fontsize=9)
        ax.set_ylabel("pages", fontsize=8)
    fig.suptitle(f"Pages per node of each group's vectors after phase 1 and 2 ({sc})",
                 fontsize=10)
    return "\n" + save_plot(plt, fig, axes.flat[0], res, f"numa_pages_{sc}.png",
                             f"pages per node, {sc}", 7)


def section_numa(res: Results, plt):
    """STREAM, Nested-STREAM and Twisted-STREAM: bandwidth, locality, the costs of moving."""
    if not res.has("numa"):
        return "", []
    md = ["## 10. NUMA: memory that follows its threads (issue 21)\n",
          "`numa_stream.c`: one group of threads per NUMA node, each with its own vectors. "
          "Phase 2's triad bandwidth (its repetitions but the first; *all reps*: with the first, "
          "which takes next touch's faults), the share of the pages each thread touches in phase "
          "2 that are on its node (*locality*), and the time to migrate or mark before phase 2 "
          "(*move*). `ft`: first touch alone; `migrate`: `omp2numa_migrate_to_thread`; "
          "`nexttouch`: `omp2numa_next_touch`. On a machine with one node every page is local and "
          "nothing moves: there the figures are bandwidths and the costs of the calls; the "
          "locality figures come from the QEMU guest of 4 nodes (`guest4`), which proves "
          "placement, not speed.\n"]
    for sc in sorted({r.get("scenario") for r in res.records if r.get("section") == "numa"},
                     key=lambda sc: (sc == NUMA_GUEST, sc)):
        md.append(f"### {sc}{' (QEMU guest, 4 nodes of 2 CPUs)' if sc == NUMA_GUEST else ''}\n")
        md.append(numa_table(res, sc))
        costs = numa_costs(res, sc)
        if costs:
            md.append("\nCosts of moving memory (one thread):\n")
            md.append(costs)
        if plt:
            md.append(numa_plot(res, plt, sc))
    return "\n".join(md), []


def section_failures(res: Results):
    fails = [r for r in res.records if r["result"] == "fail"]
    if not fails:
        return "## Failures\n\nNone: every case ran and passed its self-check.\n"
    by_reason: dict[str, list[dict]] = defaultdict(list)
    for r in fails:
        by_reason[r.get("reason", "crash")].append(r)
    md = ["## Failures and cells without a result\n\n"]
    for reason, recs in sorted(by_reason.items()):
        md.append(f"- **{FAIL_TEXT.get(reason, reason)}**: {len(recs)} case(s)")
        if reason == "not-implemented":
            kinds = sorted({r.get("sched", "?") for r in recs})
            md.append(f" — schedules {', '.join('`' + k + '`' for k in kinds)}, which the "
                      "runtime does not implement yet; these cells fill in when it does.\n")
        elif reason == "not-built":
            progs = sorted({f"{NAMES.get(r.get('runtime'), r.get('runtime'))} "
                            f"`{r.get('kernel')}`" for r in recs})
            md.append(f" — {', '.join(progs)}: the compiler rejected the kernel (for omp2numa "
                      "and the tasking kernels: tasks are not translated yet; the first error "
                      "is in the case's log); these cells fill in when it builds.\n")
        else:
            md.append(":\n")
            for r in recs[:20]:
                log = res.out / r.get("log", "-")
                first = ""
                if log.is_file():
                    text = [ln for ln in log.read_text(errors="replace").splitlines() if ln.strip()]
                    first = text[-1][:160] if text else ""
                rt = NAMES.get(r.get("runtime"), r.get("runtime"))
                detail = f": {first.replace('|', '/')}" if first else ""
                md.append(f"  - {r.get('section')} {r.get('scenario')} {rt} {r.get('kernel')} "
                          f"{r.get('test')} `{config(r)}` (exit {r.get('status', '?')}, "
                          f"`{r.get('log', '')}`){detail}\n")
    return "".join(md)


# ------------------------------------------------------------------------------------------------
# Machine description and method
# ------------------------------------------------------------------------------------------------


def section_load(res: Results, name: str) -> str:
    """"Took N s; load average a -> b" for a section, from raw/timing.txt."""
    path = res.out / "raw" / "timing.txt"
    if not path.exists():
        return ""
    for line in path.read_text().splitlines():
        f = line.split()
        if len(f) >= 5 and f[0] == "section_seconds" and f[1] == name:
            ns = [st.n for k, st in res.stats.items() if k[0] == name and k[3] != "serial"
                  and name not in ("callgrind", "multiprog")]  # these state their own runs
            reps = f"repetitions per cell: {int(statistics.median(ns))} (median); " if ns else ""
            text = (f"{reps}this section took {f[2]} s; 1-minute load average {f[3]} at its "
                    f"start, {f[4]} at its end ({res.machine.get('nproc', '?')} processors).")
            return f"\n_{text[0].upper()}{text[1:]}_\n"
    return ""


def machine_summary(res: Results) -> str:
    m = res.machine
    lscpu = {}
    for line in m.get("lscpu", "").splitlines():
        k, _, v = line.partition(":")
        lscpu[k.strip()] = v.strip()
    keep = ["Model name", "CPU(s)", "Thread(s) per core", "Core(s) per socket", "Socket(s)",
            "NUMA node(s)", "L1d cache", "L2 cache", "L3 cache", "Hypervisor vendor"]
    rows = [[k, lscpu[k]] for k in keep if k in lscpu]
    rows.insert(0, ["nproc", m.get("nproc", "?")])
    rows.append(["kernel", m.get("uname", "?")])
    for line in m.get("compilers", "").splitlines():
        k, _, v = line.partition(":")
        rows.append([k.strip(), v.strip()])
    rows.append(["load average at start", m.get("loadavg-start", "?")])
    rows.append(["load average at end", m.get("loadavg-end", "?")])
    md = ["## Machine\n", table(["", ""], rows)]
    if m.get("hwloc-ls"):
        md.append("\n`hwloc-ls --no-io`:\n\n```\n" + m["hwloc-ls"] + "\n```\n")
    return "\n".join(md)


def method(res: Results) -> str:
    st = settings(res)
    return "\n".join([
        "## Method\n",
        f"- Mode `{st.get('mode', '?')}`, sections `{st.get('sections', '?')}`, "
        f"`OMP_NUM_THREADS={st.get('threads', '?')}`; run time {res.machine.get('duration', '?')}.",
        "- Every kernel is one C file in `bench/kernels/` (the programs: `bench/programs/`), "
        "built four times: `omp2numa-cc` (back end gcc), `gcc -fopenmp` (libgomp), "
        "`omp2numa-cc` over clang-16 (`OMP2NUMA_CC`, *omp2numa/clang*) and `clang-16 -fopenmp` "
        f"(libomp), all with `{st.get('cflags', '-O2')}`. omp2numa and libgomp thus share the "
        "compiler; libomp's numbers also include clang's code generation (see the serial "
        "reference times), except against omp2numa/clang, which the sections stream, lu, "
        "irregular and programs run too and pair with libomp (*same back end*).",
        "- Each case is one process: it builds its data, times a serial reference, runs one "
        "warm-up, then the timed repetitions, and checks its result against the serial run "
        "(a failed check is reported, never timed). The three runtimes of a case run back to "
        "back, in an order that rotates from case to case.",
        "- Repetitions per case = processes (rounds, interleaved with the other runtimes' "
        "processes) × `--reps` per process — schedbench: "
        f"{st.get('sched_rounds', '1')} × `{st.get('sched_args', '')}`; syncbench: "
        f"`{st.get('sync_args', '')}`; STREAM: {st.get('stream_rounds', '1')} × "
        f"`{st.get('stream_args', '')}` less the first (warm-up) repetition, `static` on every "
        "runtime and `adaptive` on omp2numa; LU: "
        f"{st.get('lu_rounds', '1')} × `{st.get('lu_args', '')}` after one warm-up "
        "factorisation per process; affinity map reuse: "
        f"{st.get('affinity_rounds', '1')} × `{st.get('affinity_args', '')}`, the reusing and "
        "the plain loop alternated, omp2numa only; irregular loops: "
        f"{st.get('irregular_rounds', '1')} × the `--reps` of each kernel's settings; hardware "
        f"imbalance: {st.get('imbalance_rounds', '1')} × the `--reps` of its settings; "
        f"translator: {st.get('translator_reps', '?')} runs per file; callgrind: one run per "
        f"point with one thread, {st.get('callgrind_reps_multi', '1')} with two. In each round "
        "the schedules of a kernel run in a different shuffled order, so that every case's "
        "repetitions are spread over the whole section.",
        "- Multiprogramming: K copies of one program at once "
        f"(`{st.get('multiprog_copies', '?')}`; the many-regions program one copy), alone and "
        f"next to `{st.get('multiprog_background', '0')}` busy processes, "
        f"{st.get('multiprog_reps', '?')} repetitions of every batch, the configurations "
        "interleaved within each repetition, each repetition starting with every build's "
        "one-thread serial reference; each copy's turnaround and CPU time are measured by the "
        "driver (`tools/multiprog.py`), not by the program; `OMP_NUM_THREADS`, `OMP_SCHEDULE` "
        "and `OMP_DYNAMIC` are not set (but for `OMP_DYNAMIC=true` in its configuration and "
        "`OMP_NUM_THREADS=1` in the serial reference).",
        "- Tasking: each kernel process times its serial version once, runs one warm-up, then "
        f"its `--reps`; {st.get('tasks_rounds', '1')} process(es) per runtime and kernel, the "
        "kernels in a shuffled order per round.",
        f"- Chunk sweep `{st.get('chunks', '')}`; omp2numa's own kinds `{st.get('ext_kinds', '')}` "
        f"with chunks `{st.get('ext_chunks', '')}`.",
        f"- Niceness of the measured processes: `{st.get('nice', 'none')}`.",
        "- Nothing but `OMP_NUM_THREADS` and `OMP_SCHEDULE` is set "
        f"(environment: `{st.get('env', '')}`): each runtime runs with its own defaults for "
        "thread binding and waiting, as users get them (omp2numa binds threads by default, "
        "libgomp and libomp do not).",
        "- The machine is shared and noisy (see the load averages): medians, and ranges that "
        "overlap are reported as such rather than as wins.\n",
    ])


# ------------------------------------------------------------------------------------------------
# Main
# ------------------------------------------------------------------------------------------------


def write_csv(res: Results):
    preferred = ["result", "section", "scenario", "runtime", "kernel", "test", "sched", "chunk",
                 "threads", "rep", "seconds", "overhead_us", "mbps", "ir", "status", "reason"]
    keys = set()
    for r in res.records:
        keys |= r.keys()
    cols = [k for k in preferred if k in keys] + sorted(keys - set(preferred))
    with open(res.out / "results.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols)
        w.writeheader()
        w.writerows(res.records)


def write_json(res: Results, headline: list[list[str]]):
    groups = []
    for (section, scenario, kernel, test, cfg, rt), s in sorted(res.stats.items(), key=str):
        groups.append({"section": section, "scenario": scenario, "kernel": kernel, "test": test,
                       "schedule": cfg, "runtime": rt, "n": s.n, "median": s.median,
                       "min": s.lo, "max": s.hi})
    fails = [{"section": k[0], "scenario": k[1], "kernel": k[2], "test": k[3], "schedule": k[4],
              "runtime": k[5], "reason": v} for k, v in sorted(res.fails.items(), key=str)]
    data = {"settings": settings(res), "groups": groups, "failures": fails,
            "headline": headline}
    (res.out / "summary.json").write_text(json.dumps(data, indent=1) + "\n")


# The goal for whole programs (issue 22): each pair's geometric mean ≤ 1.03, no program above 1.10.
PROGRAM_GOALS = (1.03, 1.10)


def program_cpu(res: Results, sc: str, prog: str, rt: str) -> Stats | None:
    """The CPU seconds (all threads) of a program's runs."""
    v = [float(r["cpu"]) for r in res.records
         if r.get("section") == "programs" and r.get("scenario") == sc and r.get("kernel") == prog
         and r.get("test") == "run" and r.get("runtime") == rt and "cpu" in r]
    return Stats.of(v) if v else None


def program_rounds(res: Results, sc: str, prog: str, rt: str, field: str) -> dict[int, float]:
    """A program's runs by round (timed.py's rep): field ("seconds" or "cpu") of each."""
    return {int(r.get("rep", 0)): float(r[field]) for r in res.records
            if r.get("section") == "programs" and r.get("scenario") == sc
            and r.get("kernel") == prog and r.get("test") == "run" and r.get("runtime") == rt
            and r.get("result") != "fail" and field in r}


def paired_ratio(res: Results, sc: str, prog: str, pair: tuple[str, str],
                 field: str) -> Stats | None:
    """The ratio of a pair's runs round by round (the four builds of a round run back to back,
    so a pair's two runs see the same machine), as median [min-max]; None when fewer than three
    rounds have both runs (results from before bench/run numbered the rounds)."""
    a, b = (program_rounds(res, sc, prog, rt, field) for rt in pair)
    ratios = [a[k] / b[k] for k in sorted(a.keys() & b.keys()) if b[k] > 0]
    return Stats.of(ratios) if len(ratios) >= 3 else None


def program_ratio(res: Results, sc: str, prog: str, pair: tuple[str, str],
                  field: str) -> tuple[float | None, str]:
    """A pair's ratio for one program and its cell: the median of the round-by-round ratios
    (paired_ratio) with their range, or else the ratio of the medians."""
    paired = paired_ratio(res, sc, prog, pair, field)
    if paired:
        return paired.median, f"**{paired.median:.2f}** [{paired.lo:.2f}–{paired.hi:.2f}]"
    if field == "seconds":
        o, p = (res.get("programs", sc, prog, "run", "default", rt) for rt in pair)
    else:
        o, p = (program_cpu(res, sc, prog, rt) for rt in pair)
    c = compare(o, {pair[1]: p})
    return (c.ratio if c else None), fmt_ratio(c)


def ratio_summary(ratios: list[float]) -> str:
    """Geometric mean and maximum of ratios, against PROGRAM_GOALS."""
    if not ratios:
        return "—"
    gm = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    ok = gm <= PROGRAM_GOALS[0] and max(ratios) <= PROGRAM_GOALS[1]
    return (f"geomean **{gm:.3f}**, max **{max(ratios):.3f}** over {len(ratios)} "
            f"({'meets' if ok else 'misses'} ≤ {PROGRAM_GOALS[0]} / ≤ {PROGRAM_GOALS[1]})")


def section_programs(res: Results, plt):
    if not res.has("programs"):
        return "", []
    st = settings(res)
    progs = [item.partition(":")[0] for item in st.get("programs_list", "").split()]
    scenarios = [f"t{t}" for t in st.get("programs_threads", "1 2").split()]
    rows, cg_rows, head = [], [], []
    ratios = {pair: [] for pair in PAIRS}
    cpu_ratios = {pair: [] for pair in PAIRS}
    ir_ratios = {pair: [] for pair in PAIRS}
    for prog in progs:
        for sc in scenarios:
            row = [prog, sc[1:]] + [res.cell("programs", sc, prog, "run", "default", rt)
                                    for rt in ("o2n", "gomp", "o2nc", "lomp")]
            for pair in PAIRS:
                wall, wall_text = program_ratio(res, sc, prog, pair, "seconds")
                cpu, cpu_text = program_ratio(res, sc, prog, pair, "cpu")
                row += [wall_text, cpu_text]
                if wall:
                    ratios[pair].append(wall)
                if cpu:
                    cpu_ratios[pair].append(cpu)
            rows.append(row)
        ir = {}
        for rt in ("o2n", "gomp", "o2nc", "lomp"):
            small, large = (res.get("programs", "t1", prog, f"ir-{size}", "default", rt)
                            for size in ("small", "large"))
            ir[rt] = large.median - small.median if small and large else None
        cg_row = [prog] + [f"{ir[rt]:,.0f}" if ir[rt] is not None else "—" for rt in ir]
        for pair in PAIRS:
            o, p = ir[pair[0]], ir[pair[1]]
            r = o / p if o is not None and p else None
            cg_row.append(f"**{r:.3f}**" if r else "—")
            if r:
                ir_ratios[pair].append(r)
        cg_rows.append(cg_row)
    summary = [[f"{NAMES[o]} ÷ {NAMES[p]}", ratio_summary(ratios[(o, p)]),
                ratio_summary(cpu_ratios[(o, p)]), ratio_summary(ir_ratios[(o, p)])]
               for o, p in PAIRS]
    for (o, p), rs in ratios.items():
        if rs:
            gm = math.exp(sum(math.log(r) for r in rs) / len(rs))
            head.append([f"programs: {NAMES[o]} ÷ {NAMES[p]}, geometric mean of wall times "
                         f"(max {max(rs):.3f})", "ratio", "", "", f"**{gm:.3f}**",
                         "meets goal" if gm <= PROGRAM_GOALS[0] and max(rs) <= PROGRAM_GOALS[1]
                         else "misses goal"])
    md = ["## 11. Whole programs, same back end\n",
          "Small OpenMP programs written for the project from public descriptions "
          "(`bench/programs/`: dense matrix product, pi by the midpoint rule, 2D heat equation, "
          "all-pairs n-body, primes by trial division with `schedule(dynamic)`, conjugate "
          "gradients in the structure of NAS CG), each built four ways and run whole "
          "(`tools/timed.py`: wall and CPU seconds of the process), with 1 and 2 threads, the "
          "four builds of a case back to back in a rotating order, "
          f"{st.get('programs_rounds', '1')} round(s); arguments `{st.get('programs_list', '')}`. "
          + PAIRS_NOTE + " *wall* and *CPU* are the median [min–max] of the pair's ratios round "
          "by round: the builds of a round run back to back, so each ratio compares two runs on "
          "the same machine, which drifts between rounds (results without numbered rounds give "
          "ratios of medians). CPU seconds count every thread, waiting included, so they also "
          "show how each runtime waits. The goal "
          f"(issue 22): geometric mean ≤ {PROGRAM_GOALS[0]} and no program above "
          f"{PROGRAM_GOALS[1]} for each pair.\n",
          table(["pair", "wall", "CPU", "instructions (1 thread)"], summary),
          "\nSeconds per run, median [min–max]:\n",
          table(["program", "threads", "omp2numa s", "libgomp s", "omp2numa/clang s", "libomp s",
                 "o2n/gcc ÷ libgomp wall", "CPU", "o2n/clang ÷ libomp wall", "CPU"], rows),
          "\nInstructions on one thread (callgrind, `OMP_WAIT_POLICY=passive`), the large run's "
          "count minus the small run's (`PROGRAM:SMALL:LARGE`: "
          f"`{st.get('programs_cg_list', '')}`), which leaves out what does not grow with the work "
          "(dynamic linking, the runtime's start-up): a count that the machine's load does not "
          "change, so a ratio near 1 says that the translated program does the work of the "
          "compiler's own, whatever the timings of a busy machine say.\n",
          table(["program", "omp2numa ΔIr", "libgomp ΔIr", "omp2numa/clang ΔIr", "libomp ΔIr",
                 "o2n/gcc ÷ libgomp", "o2n/clang ÷ libomp"], cg_rows)]
    return "\n".join(md), head


HEADLINE_HEADER = ["measure", "unit", "omp2numa median [min–max]", "best peer median [min–max]",
                   "ratio", "verdict"]


def build(out: Path) -> tuple[str, list[list[str]]]:
    res = Results(out)
    plt = pyplot()
    parts, headline = [], []
    for name, fn in (("sched", section_sched), ("sync", section_sync),
                     ("gompabi", section_gompabi), ("stream", section_stream),
                     ("lu", section_lu), ("affinity", section_affinity),
                     ("irregular", section_irregular), ("imbalance", section_imbalance),
                     ("translator", section_translator), ("callgrind", section_callgrind),
                     ("multiprog", section_multiprog), ("tasks", section_tasks),
                     ("numa", section_numa), ("programs", section_programs)):
        md, head = fn(res, plt)
        if md:
            heading, _, body = md.partition("\n")
            parts.append(heading + "\n" + section_load(res, name) + body)
            headline += head
    st = settings(res)
    doc = [f"# omp2numa against libgomp and libomp — {out.name}\n",
           f"`bench/run{' --quick' if st.get('mode') == 'quick' else ''}` on "
           f"{res.machine.get('date', '?')}, omp2numa `{git_rev(res)}`, "
           f"{st.get('threads', '?')} threads. Every cell is the **median [min–max]** of the "
           "repetitions of a case. **ratio = omp2numa ÷ best peer**, as a ratio of times "
           "(bandwidth: best peer ÷ omp2numa), so **> 1 means omp2numa is slower**. When the "
           "two min–max ranges overlap the verdict is *no clear winner*, whatever the ratio.\n"]
    if not plt:
        doc.append("_matplotlib is not installed: no plots._\n")
    doc.append("## Headline\n")
    doc.append(table(HEADLINE_HEADER, headline) if headline else "No results.\n")
    doc.append("\nFor the irregular loops and the imbalance scenarios the peer side is the "
               "*oracle*: the best runtime, schedule and chunk found by the sweep. Rows marked "
               "*same back end* pair omp2numa over gcc with libgomp (gcc -fopenmp) and omp2numa "
               "over clang-16 (`OMP2NUMA_CC=clang-16`) with libomp (clang-16 -fopenmp): their "
               "ratio measures the translator and the runtime, not one compiler's code against "
               "the other's.\n")
    doc.append(machine_summary(res))
    doc += parts
    doc.append(section_failures(res))
    doc.append(method(res))
    write_csv(res)
    write_json(res, headline)
    return "\n".join(doc), headline


def git_rev(res: Results) -> str:
    for line in res.machine.get("compilers", "").splitlines():
        if line.startswith("omp2numa git:"):
            return line.split(":", 1)[1].strip()
    return "?"


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[1] == "--latest":
        out = Path(argv[2]).resolve()
        res = Results(out)
        headline = json.loads((out / "summary.json").read_text())["headline"]
        print("# Latest benchmark results\n")
        link = f"[{out.name}/report.md]({out.name}/report.md)"
        print(f"The latest full run of `bench/run`: **{link}**"
              f" — {res.machine.get('date', '?')}, omp2numa `{git_rev(res)}`, "
              f"{res.machine.get('nproc', '?')} processors, run time "
              f"{res.machine.get('duration', '?')}, load average "
              f"{res.machine.get('loadavg-start', '?').split()[0]} at the start and "
              f"{res.machine.get('loadavg-end', '?').split()[0]} at the end.\n")
        print("Run `bench/run` for a full run (this file then points at it) or `bench/run --quick` "
              "during development; see [../README.md](../README.md).\n")
        print("Headline: ratio = omp2numa ÷ best peer (times), > 1 means omp2numa is slower; "
              "median [min–max] of the repetitions.\n")
        print(table(HEADLINE_HEADER, headline))
        return 0
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(argv[1]).resolve()
    doc, _ = build(out)
    (out / "report.md").write_text(doc)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
