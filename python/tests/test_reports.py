"""compare and profile against classroom compare -json and analyze heuristics -json."""

import numpy as np
import pytest

import tilespace


def untimed(x):
    """x without the keys that measure time (they vary run to run)."""
    if isinstance(x, dict):
        return {k: untimed(v) for k, v in x.items() if k not in ("seconds",)}
    if isinstance(x, list):
        return [untimed(v) for v in x]
    return x


@pytest.mark.parametrize("args", [
    ("8,6,7,2,5,4,3,0,1",),
    ("1,2,3,4,0,5,6,7,8", "-goal", "first"),
    ("2,3,0,1,5,6,7,4", "-shape", "2x4"),
])
def test_compare_matches_classroom(cli, args):
    want = __import__("json").loads(cli.run("classroom", "compare", "-json", "-limit", 20000, *args).stdout)
    board, opts = args[0], dict(zip(args[1::2], args[2::2]))
    got = tilespace.compare(board, goal=opts.get("-goal", "last"), shape=opts.get("-shape"), nodes=20000)
    assert untimed(got.record) == untimed(want)
    assert untimed(list(got)) == untimed(want["algorithms"])
    assert got.optimal_distance == want["optimal_distance"] == tilespace.distance(board, goal=opts.get("-goal", "last"), shape=opts.get("-shape"))
    assert {r["outcome"] for r in got} <= {"optimal", "longer", "stopped"}


def test_compare_15_puzzle_and_algorithms(cli):
    board = "1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15"
    want = __import__("json").loads(cli.run("classroom", "compare", "-json", "-algs", "bfs,idastar", board).stdout)
    got = tilespace.compare(board, algorithms=["bfs", "idastar"])
    assert untimed(got.record) == untimed(want)
    assert [r["key"] for r in got] == ["bfs", "idastar"]
    with pytest.raises(tilespace.ArgumentError) as e:
        tilespace.compare(board, algorithms=["bogo"])
    assert "bogo" in str(e.value)


def test_profile_matches_analyze(cli):
    want = cli.json_lines("analyze", "heuristics", "-json", "manhattan", "misplaced")
    for w in want:
        p = tilespace.profile(w["heuristic"])
        assert p.as_dict() == w
        assert p.exact_share == w["exact_share"] and p.eta == w["eta"]


def manhattan(board, cols=3):
    """Manhattan distance to the goal last, written by a reader."""
    n = len(board)
    total = 0
    for cell, t in enumerate(board):
        if t:
            goal = t - 1
            total += abs(cell // cols - goal // cols) + abs(cell % cols - goal % cols)
    return total


def test_profile_of_a_function_and_an_array(cli):
    builtin = tilespace.profile("manhattan").as_dict()
    seen = []
    p = tilespace.profile(manhattan, progress=lambda what, done, total: seen.append((what, done, total)))
    mine = p.as_dict()
    assert mine.pop("heuristic") == "manhattan"
    builtin.pop("heuristic")
    assert mine == builtin
    assert ("manhattan", 181440, 181440) in seen  # every board evaluated, once
    # The exact distances as the heuristic: exact everywhere.
    t = tilespace.table("3x3")
    p = tilespace.profile(np.asarray(t), name="exact")
    assert p.heuristic == "exact" and p.exact_share == 1 and p.inadmissible == 0
    # One overestimate, found and named.
    v = np.array(t, dtype=np.int64)
    v[5] += 2
    p = tilespace.profile(v)
    assert p.inadmissible == 1
    assert p.first_inadmissible["board"] == ",".join(map(str, tilespace.unrank([5], shape="3x3")[0]))


def test_profile_2x4_goal_first(cli):
    want = cli.json_lines("analyze", "heuristics", "-json", "-shape", "2x4", "-goal", "first", "linear-conflict")[0]
    assert tilespace.profile("linear-conflict", shape="2x4", goal="first").as_dict() == want
