"""Benchmarks of the Python package, end to end from Python.

    python3 python/benchmarks/bench.py [--go-batch]

Needs the 3x4 table in the cache (go run ./cmd/enumerate -shape 3x4), and
exports its .npy there on first use (tilespace.table("3x4"), 239.5 MB).
Prints one line per measurement: the best and median of the runs, and the
process's peak resident memory. --go-batch also times `go run ./cmd/query
-shape 3x4` on the same million boards, for comparison.
"""

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import tilespace
from tilespace import _engine

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def timed(f, runs=5):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times), statistics.median(times)


def peak_mib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def line(what, best, median, unit="s"):
    print("%-62s best %8.4f %s, median %8.4f %s, peak %6.0f MiB" % (what, best, unit, median, unit, peak_mib()),
          flush=True)


def first_answer():
    """import tilespace and the first 8-puzzle answer, in a fresh interpreter."""
    code = ("import time; t = time.perf_counter(); import tilespace; "
            "d = tilespace.distance('8,6,7,2,5,4,3,0,1'); print(time.perf_counter() - t, d)")
    inside, wall = [], []
    for _ in range(5):
        t = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             cwd=tempfile.gettempdir()).stdout.split()
        wall.append(time.perf_counter() - t)
        assert out[1] == "31", out
        inside.append(float(out[0]))
    line("import tilespace + first 8-puzzle answer (in the interpreter)", min(inside), statistics.median(inside))
    line("the same, whole process (python3 -c)", min(wall), statistics.median(wall))


def main():
    go_batch = "--go-batch" in sys.argv
    first_answer()

    rng = np.random.default_rng(1)
    b33 = tilespace.random_boards(1_000_000, shape="3x3", seed=1)
    line("distances of 1,000,000 random 3x3 boards, in the order drawn", *timed(lambda: tilespace.distances(b33, shape="3x3")))

    t = time.perf_counter()
    tilespace.table("3x4")
    print("tilespace.table('3x4') (exported when missing): %.1f s" % (time.perf_counter() - t), flush=True)
    b34 = tilespace.unrank(rng.integers(0, 239_500_800, 1_000_000), shape="3x4")
    line("distances of 1,000,000 random 3x4 boards (uint8 ndarray)", *timed(lambda: tilespace.distances(b34, shape="3x4")))
    line("  of which rank() of the million", *timed(lambda: tilespace.rank(b34, shape="3x4")))
    # The stored table's own lookups (no .npy): the engine's walk on its bits.
    small = np.ascontiguousarray(b34[:20_000])
    out = np.empty(len(small), dtype=np.uint8)

    def lazy():
        _engine.call({"op": "distances", "shape": "3x4", "goal": "last", "n": len(small)}, small, out)

    best, median = timed(lazy, runs=3)
    line("distances of 20,000 3x4 boards from the stored table (bits)", best, median)
    assert np.array_equal(out, tilespace.distances(small, shape="3x4"))

    # Per call: the engine's smallest request, through the worker thread
    # that takes Ctrl-C, and directly.
    n = 2000
    best, median = timed(lambda: [tilespace.distance("8,6,7,2,5,4,3,0,1") for _ in range(n)], runs=3)
    line("tilespace.distance() of one 8-puzzle board, per call", best / n * 1e6, median / n * 1e6, "us")
    lib = _engine._load()
    req = b'{"op":"answer","board":"8,6,7,2,5,4,3,0,1"}'

    def direct():
        for _ in range(n):
            h = lib.tilespace_job_new()
            p = lib.tilespace_call(h, req, len(req), None, 0, None, 0)
            lib.tilespace_free(p)
            lib.tilespace_job_free(h)

    best, median = timed(direct, runs=3)
    line("the same request through ctypes directly, no thread, per call", best / n * 1e6, median / n * 1e6, "us")

    if go_batch:
        query = os.path.join(tempfile.mkdtemp(), "query")
        subprocess.run(["go", "build", "-o", query, "./cmd/query"], cwd=ROOT, check=True)
        for shape, bs in (("3x3", b33), ("3x4", b34)):
            with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
                f.write("\n".join(",".join(map(str, row)) for row in bs.tolist()) + "\n")
            with open(f.name) as stdin:
                t = time.perf_counter()
                subprocess.run([query, "-shape", shape], stdin=stdin, stdout=subprocess.DEVNULL, check=True)
                took = time.perf_counter() - t
            print("Go batch: query -shape %s < the same million boards > /dev/null: %.2f s" % (shape, took), flush=True)
            os.remove(f.name)
        os.remove(query)

if __name__ == "__main__":
    main()
