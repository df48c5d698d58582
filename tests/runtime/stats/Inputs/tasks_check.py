"""The tasks of tasks.c's statistics (JSON or CSV): the counts its text table shows."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "Inputs"))
import o2n_stats  # noqa: E402

stats = o2n_stats.load(sys.argv[1])
assert stats["loops"] == [], stats["loops"]
rows = [(t["thread"], t["place"], t["node"], t["run"], t["steals_same"], t["steals_other"])
        for t in stats["tasks"]]
assert rows == [(0, 0, 0, 20, 0, 0), (1, 1, 0, 23, 1, 0), (2, 2, 1, 25, 0, 1),
                (3, 3, 1, 26, 0, 0)], rows
