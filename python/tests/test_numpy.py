"""NumPy's habits: draws that are draws, per-row outcomes, one board where
a batch is taken, typed errors that are the built-in kinds, type hints,
quiet calls, progress that only goes up, short reprs."""

import inspect
import math
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import tilespace
from tilespace import _progress

STATES = 181440


def chi_limit(df, z=4.753):
    """The chi-square value of df degrees of freedom exceeded with
    probability 1e-6 (Wilson-Hilferty)."""
    c = 1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))
    return df * c ** 3


def test_random_boards_are_uniform_and_unordered():
    b = tilespace.random_boards(10 ** 6, seed=12)
    r = tilespace.rank(b)
    counts = np.bincount(r, minlength=STATES).astype(float)
    e = len(r) / STATES
    chi = float(((counts - e) ** 2 / e).sum())
    assert chi < chi_limit(STATES - 1), chi
    # In a random order, about half the steps go up the ranks; sorted
    # blocks would make nearly all of them.
    ups = float(np.mean(np.diff(r) > 0))
    assert 0.49 < ups < 0.51, ups
    # With replacement, a million draws of 181,440 boards leave about
    # e**-5.5 of them (0.4 %) undrawn.
    assert 0.002 < np.mean(counts == 0) < 0.007


def test_random_boards_without_replacement():
    b = tilespace.random_boards(STATES, replace=False, seed=4)
    r = tilespace.rank(b)
    assert np.array_equal(np.sort(r), np.arange(STATES))
    # Not in rank order: the first ninth holds boards with the blank on
    # every cell, about as many on each.
    cells = np.bincount(np.argmax(b[: STATES // 9] == 0, axis=1), minlength=9)
    e = STATES / 81
    assert float(((cells - e) ** 2 / e).sum()) < chi_limit(8), cells
    with pytest.raises(ValueError, match="181441 distinct boards asked for, and 3x3 has 181440"):
        tilespace.random_boards(STATES + 1, replace=False)
    with pytest.raises(tilespace.ArgumentError, match="2 at distance 31"):
        tilespace.random_boards(3, distance=31, replace=False)
    assert len({tuple(x) for x in tilespace.random_boards(2, distance=31, replace=False)}) == 2


def test_random_boards_seeds():
    a = tilespace.random_boards(50, seed=np.random.default_rng(5))
    b = tilespace.random_boards(50, seed=np.random.default_rng(5))
    assert np.array_equal(a, b)
    assert not np.array_equal(a, tilespace.random_boards(50, seed=np.random.default_rng(6)))
    assert not np.array_equal(tilespace.random_boards(50), tilespace.random_boards(50))
    with pytest.raises(TypeError):
        tilespace.random_boards(5, seed=1.5)


@pytest.mark.parametrize("shape,goal", [("3x3", "last"), ("2x4", "first"), ("3x3", "8,7,6,5,4,3,2,1,0")])
def test_distances_mask_and_is_solvable(shape, goal):
    rng = np.random.default_rng(3)
    cells = 9 if shape == "3x3" else 8
    p = np.array([rng.permutation(cells) for _ in range(1000)])
    ok = tilespace.is_solvable(p, shape=shape, goal=goal)
    assert ok.dtype == bool and ok.shape == (1000,)
    assert 430 < ok.sum() < 570
    d = tilespace.distances(p, shape=shape, goal=goal, errors="mask")
    assert isinstance(d, np.ma.MaskedArray) and np.array_equal(d.mask, ~ok)
    assert np.array_equal(d.compressed(), tilespace.distances(p[ok], shape=shape, goal=goal))
    # The engine agrees row by row: an unsolvable board is refused.
    for row, good in zip(p[:60], ok[:60]):
        if good:
            tilespace.distance(row, shape=shape, goal=goal)
        else:
            with pytest.raises(tilespace.UnsolvableError):
                tilespace.distance(row, shape=shape, goal=goal)
    with pytest.raises(tilespace.UnsolvableError):
        tilespace.distances(p, shape=shape, goal=goal)


def test_rows_that_are_no_boards_are_masked():
    b = np.array([[1, 2, 3, 4, 5, 6, 7, 8, 0], [1, 1, 2, 3, 4, 5, 6, 7, 8], [9, 2, 3, 4, 5, 6, 7, 8, 0],
                  [1, 2, 3, 4, 5, 6, 7, 0, 8]])
    d = tilespace.distances(b, errors="mask")
    assert d.mask.tolist() == [False, True, True, False] and d.compressed().tolist() == [0, 1]
    assert tilespace.is_solvable(b).tolist() == [True, False, False, True]
    with pytest.raises(ValueError):
        tilespace.distances(b, errors="ignore")


def test_one_board_where_a_batch_is_taken():
    b = np.array([8, 6, 7, 2, 5, 4, 3, 0, 1])
    assert tilespace.distances(b).shape == () and int(tilespace.distances(b)) == 31
    assert bool(tilespace.is_solvable(b)) and tilespace.is_solvable(b).shape == ()
    r = tilespace.rank(b)
    assert r.shape == () and np.array_equal(tilespace.unrank(r), b)
    three = np.stack([b, b]).reshape(1, 2, 9)
    assert tilespace.distances(three).shape == (1, 2)


def test_ranks_of_any_integer_dtype():
    r = np.array([0, 5, STATES - 1], dtype=np.uint64)
    assert np.array_equal(tilespace.rank(tilespace.unrank(r)), r.astype(np.int64))
    with pytest.raises(ValueError, match="rank 18446744073709551615 is out of range"):
        tilespace.unrank(np.array([2 ** 64 - 1], dtype=np.uint64))
    with pytest.raises(ValueError, match="rank 181440 is out of range"):
        tilespace.unrank(np.array([STATES], dtype=np.uint32))


def test_errors_are_builtin_kinds():
    for bad in ("1,1,2,3,4,5,6,7,8", "1,2,3", [[1, 2], [3]]):
        with pytest.raises(ValueError):
            tilespace.distance(bad)
    with pytest.raises(ValueError):
        tilespace.distance("1,2,3,4,5,6,8,7,0")
    with pytest.raises(ValueError):
        tilespace.distance("1,2,3,4,5,6,7,8,0", goal="middle")
    with pytest.raises(FileNotFoundError):
        tilespace.random_boards(2, shape="4x4", distance=3)
    for limit in (float("nan"), float("inf"), -1.0, 0):
        with pytest.raises(ValueError):
            tilespace.solve("8,6,7,2,5,4,3,0,1", time_limit=limit)
    assert issubclass(tilespace.TimeLimitError, TimeoutError) and issubclass(tilespace.TimeLimitError, tilespace.LimitError)


def test_keyword_only_and_typed():
    for name in tilespace.__all__:
        f = getattr(tilespace, name)
        if not inspect.isfunction(f):
            continue
        sig = inspect.signature(f)
        params = list(sig.parameters.values())
        assert sig.return_annotation is not inspect.Signature.empty, name
        for p in params:
            assert p.annotation is not inspect.Parameter.empty, (name, p.name)
        # One positional argument at most: the board(s), or what the call is about.
        positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        assert len(positional) <= 1, (name, positional)
        for p in params:
            if p.name in ("shape", "goal", "progress") and p not in positional[:1]:
                assert p.kind == p.KEYWORD_ONLY, (name, p.name)
        assert "Parameters\n" in (f.__doc__ or "") or "Returns\n" in (f.__doc__ or ""), name
    assert os.path.exists(os.path.join(os.path.dirname(tilespace.__file__), "py.typed"))
    with pytest.raises(TypeError):
        tilespace.distance("8,6,7,2,5,4,3,0,1", "last")  # type: ignore[misc]


def run(code, env=None):
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          env=dict(os.environ, **(env or {})), cwd=os.path.dirname(os.path.abspath(__file__)) + "/..")


def test_solve_is_quiet_and_logs_on_request():
    # A 15-puzzle board solved by search, with no databases in a new cache:
    # the engine's note about the search goes to logging, not to stderr.
    code = """
        import logging, sys, tilespace
        if len(sys.argv) > 1 or %s:
            logging.basicConfig(level=logging.INFO)
        print(tilespace.solve("1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15").distance)
    """
    import tempfile
    with tempfile.TemporaryDirectory() as cache:
        quiet = run(code % "False", {"TILESPACE_CACHE": cache})
        assert quiet.returncode == 0 and quiet.stdout == "2\n" and quiet.stderr == "", quiet.stderr
        loud = run(code % "True", {"TILESPACE_CACHE": cache})
        assert loud.returncode == 0 and "INFO:tilespace:" in loud.stderr and "IDA*" in loud.stderr, loud.stderr


def test_progress_only_goes_up_and_ends_at_its_total():
    seen = []
    rep = _progress.Reporter(lambda *a: seen.append(a))
    for done in (0, 10, 40, 30, 36, 50):
        rep("export", done, 100)
    rep.finish(True)
    assert [d for _, d, _ in seen] == [0, 10, 40, 50, 100]
    calls = []
    tilespace.scaling(algorithms=["bfs"], distances=[8, 9], sample=30, seed=1, progress=lambda *a: calls.append(a))
    assert calls and calls[-1][1] == calls[-1][2]
    for (w1, d1, _), (w2, d2, _) in zip(calls, calls[1:]):
        assert w1 != w2 or d2 >= d1
    with pytest.raises(TypeError):
        tilespace.table(progress="yes")


def test_short_reprs_and_html():
    c = tilespace.compare("8,6,7,2,5,4,3,0,1", algorithms=["dfs", "astar-manhattan"], dfs_depth=40)
    assert len(repr(c)) < 1000 and "DFS" in repr(c) and "<table>" in c._repr_html_()
    assert c.limits["dfs_depth"] == 40
    dfs = c[0]["result"]
    assert dfs["stopped_by"] == "depth limit" or dfs["max_search_depth"] <= 40, dfs
    s = tilespace.scaling(algorithms=["bfs"], distances=[5], sample=3, seed=1)
    assert len(repr(s)) < 300 and "<table>" in s._repr_html_()
    a = tilespace.solve("8,6,7,2,5,4,3,0,1")
    assert len(repr(a)) < 300 and "<table>" in a._repr_html_()
