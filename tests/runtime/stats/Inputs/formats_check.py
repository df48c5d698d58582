"""The numbers of formats.c's statistics (JSON or CSV), which the program knows."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "Inputs"))
import o2n_stats  # noqa: E402

N, JOIN_N = 1000, 100
stats = o2n_stats.load(sys.argv[1])
assert len(stats["loops"]) == 3, stats["loops"]
json_form = "topology" in stats

# schedule(static), 4 threads, 3 executions: 250 iterations each time, in one chunk.
barrier = o2n_stats.loop_of(stats, "barrier")
assert [t["thread"] for t in barrier["threads"]] == [0, 1, 2, 3]
for t in barrier["threads"]:
    assert (t["executions"], t["iterations"], t["chunks"]) == (3, 750, 3), t
assert sum(t["iterations"] for t in barrier["threads"]) == 3 * N
# OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1": threads 0, 1 on node 0, threads 2, 3 on node 1.
assert [t["node"] for t in barrier["threads"]] == [0, 0, 1, 1]
assert len(barrier["execution_imbalance"]["recorded"]) == 3
if json_form:
    assert stats["topology"]["nodes"] == 2 and stats["topology"]["pus"] == 4
    assert [p["node"] for p in stats["topology"]["places"]] == [0, 0, 1, 1]
    assert barrier["executions"] == 3 and not barrier["nowait"]
    assert barrier["iterations_per_node"] == [1500, 1500]
    assert barrier["execution_imbalance"]["measured"] == 3

# schedule(static, 10) nowait: 25 chunks of 10 per thread and execution, and no waiting.
nowait = o2n_stats.loop_of(stats, "nowait")
for t in nowait["threads"]:
    assert (t["executions"], t["iterations"], t["chunks"], t["wait_ns"]) == (2, 500, 50, 0), t
if json_form:
    assert nowait["nowait"]

# The parallel for: thread 0 sleeps 200 ms in each execution, thread 1 waits for it at the join.
join = o2n_stats.loop_of(stats, "join")
assert [t["iterations"] for t in join["threads"]] == [JOIN_N, JOIN_N]
t0, t1 = join["threads"]
assert t0["busy_ns"] >= 2 * 200e6, t0
assert t1["wait_ns"] > 0, t1
# Unless thread 1 started 200 ms late in both executions, it waited for most of that.
assert t0["wait_ns"] + t1["wait_ns"] >= 100e6, join["threads"]
assert len(join["execution_imbalance"]["recorded"]) == 2
assert all(x > 1.5 for x in join["execution_imbalance"]["recorded"]), join
if json_form:
    assert join["imbalance"] > 1.5
    assert stats["tasks"] == []
