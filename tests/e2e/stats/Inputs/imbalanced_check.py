"""The statistics of imbalanced.c (JSON or CSV), against what the program knows."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "Inputs"))
import o2n_stats  # noqa: E402

N, M, TASKS = 100, 1000, 40
stats = o2n_stats.load(sys.argv[1])
assert [os.path.basename(loop["file"]) for loop in stats["loops"]] == ["imbalanced.c"] * 2
parallel_for, dynamic = stats["loops"]

# parallel for, schedule(static), 2 threads: half each; thread 0 sleeps 200 ms, thread 1 waits.
assert parallel_for["schedule"] == "static"
assert [(t["thread"], t["iterations"], t["chunks"]) for t in parallel_for["threads"]] == \
    [(0, N // 2, 1), (1, N // 2, 1)], parallel_for["threads"]
t0, t1 = parallel_for["threads"]
assert t0["busy_ns"] >= 200e6, t0
assert t1["wait_ns"] > 0, t1
assert t0["wait_ns"] + t1["wait_ns"] >= 50e6, parallel_for["threads"]
assert len(parallel_for["execution_imbalance"]["recorded"]) == 1

# schedule(dynamic, 7), 4 threads: the iterations add up to the trip count, in chunks of 7.
assert dynamic["schedule"] == "dynamic"
assert sum(t["iterations"] for t in dynamic["threads"]) == M
assert sum(t["chunks"] for t in dynamic["threads"]) == (M + 6) // 7
assert all(t["executions"] == 1 for t in dynamic["threads"])
assert len(dynamic["threads"]) == 4

# Every task ran once, on some thread.
assert sum(t["run"] for t in stats["tasks"]) == TASKS, stats["tasks"]
if "topology" in stats:
    assert sum(dynamic["iterations_per_node"]) == M
    assert sum(parallel_for["iterations_per_node"]) == N
