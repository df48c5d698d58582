"""Reading OMP2NUMA_STATS=json:FILE and csv:FILE in tests.

load(path) returns the statistics as the JSON form has them, from either format: the JSON checked
against docs/omp2numa-stats.schema.json (by the small validator below: the keywords that schema
uses, so that no package is needed), the CSV turned into the same loops, threads and tasks.  The
tests then check the numbers the same way for both formats.
"""
import csv
import json
import os

SCHEMA = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "omp2numa-stats.schema.json")
TYPES = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None),
         "integer": int, "number": (int, float)}


def _is(value, name):
    # JSON's integers are not booleans, although Python's bool is an int.
    return isinstance(value, TYPES[name]) and not (isinstance(value, bool) and name != "boolean")


def validate(value, schema, where="$"):
    """Raises AssertionError at the first place where value breaks schema."""
    if "const" in schema:
        assert value == schema["const"], f"{where}: {value!r} is not {schema['const']!r}"
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        assert any(_is(value, n) for n in names), f"{where}: {value!r} is not {names}"
    if "minimum" in schema and _is(value, "number"):
        assert value >= schema["minimum"], f"{where}: {value} < {schema['minimum']}"
    if isinstance(value, dict):
        for key in schema.get("required", []):
            assert key in value, f"{where}: no {key!r}"
        properties = schema.get("properties", {})
        for key, item in value.items():
            assert key in properties or schema.get("additionalProperties", True), \
                f"{where}: unexpected {key!r}"
            if key in properties:
                validate(item, properties[key], f"{where}.{key}")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            validate(item, schema["items"], f"{where}[{i}]")


def _numbers(row, keys):
    return {k: int(row[k]) for k in keys}


LOOP_KEYS = ("thread", "place", "node", "executions", "iterations", "chunks", "steals_same",
             "steals_other", "busy_ns", "wait_ns")
TASK_KEYS = ("thread", "place", "node", "run", "steals_same", "steals_other", "idle_ns")


def _from_csv(path):
    """The loops (file, line, schedule, threads, recorded imbalances) and tasks of a CSV file."""
    loops, tasks = {}, []
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            if row["kind"] == "task":
                tasks.append(_numbers(row, TASK_KEYS))
                continue
            key = (row["file"], int(row["line"]))
            loop = loops.setdefault(key, {"file": key[0], "line": key[1],
                                          "schedule": row["schedule"], "threads": [],
                                          "execution_imbalance": {"recorded": []}})
            if row["kind"] == "loop":
                loop["threads"].append(_numbers(row, LOOP_KEYS))
            else:
                assert row["kind"] == "execution", row["kind"]
                assert int(row["execution"]) == len(loop["execution_imbalance"]["recorded"])
                loop["execution_imbalance"]["recorded"].append(float(row["imbalance"]))
    return {"loops": list(loops.values()), "tasks": tasks}


def load(path):
    if path.endswith(".csv"):
        return _from_csv(path)
    with open(path) as f:
        stats = json.load(f)
    with open(SCHEMA) as f:
        validate(stats, json.load(f))
    return stats


def loop_of(stats, file):
    """The one loop whose site names file."""
    found = [loop for loop in stats["loops"] if loop["file"] == file]
    assert len(found) == 1, f"{len(found)} loops of {file}"
    return found[0]
