"""tilespace.scaling against the engine's other answers: the boards are at
their distances (every one of them where asked), and each search's counts
are those the comparison of the same board gives."""

import numpy as np
import pytest

import tilespace


@pytest.fixture(scope="module")
def table3():
    return np.asarray(tilespace.table("3x3"))


def test_every_board_at_each_distance(table3):
    ds = [1, 2, 3, 5, 6]
    s = tilespace.scaling(algorithms=["bfs", "astar-manhattan"], distances=ds)
    assert s.sample is None and s.algorithms == ("bfs", "astar-manhattan")
    assert list(s.counts) == np.bincount(table3).tolist()
    every = tilespace.boards("3x3")
    for d in ds:
        want = {tuple(b) for b in every[table3 == d].tolist()}
        got = [tuple(b) for b in s.boards[s.distance == d].tolist()]
        assert len(got) == len(want) == s.counts[d] == s.boards_searched(d)
        assert set(got) == want
    assert tilespace.distances(s.boards).tolist() == s.distance.tolist()
    # Each algorithm ran once on each board.
    for a in range(2):
        assert sorted(s.runs["board"][s.runs["algorithm"] == a].tolist()) == list(range(len(s.boards)))


def test_runs_are_the_comparisons_counts():
    s = tilespace.scaling(algorithms=["bfs", "ucs", "dfs"], distances=[4, 9], sample=3, seed=7, dfs_depth=12)
    assert s.limits["dfs_depth"] == 12
    for i in range(len(s.runs["board"])):
        board = s.boards[s.runs["board"][i]]
        key = s.algorithms[s.runs["algorithm"][i]]
        if key == "dfs":
            continue  # compare runs DFS without a depth limit
        row = tilespace.compare(board, algorithms=[key])[0]["result"]
        assert row["nodes_expanded"] == s.runs["nodes_expanded"][i]
        assert row["nodes_generated"] == s.runs["nodes_generated"][i]
        assert row["max_frontier"] == s.runs["max_frontier"][i]
        assert row["path_length"] == s.runs["path_length"][i] == s.runs["distance"][i]
    dfs = s.runs["algorithm"] == s.algorithms.index("dfs")
    # A depth-limited DFS never finds a path longer than its limit.
    found = s.runs["path_length"][dfs]
    assert np.all(found <= 12)
    stopped = s.runs["stopped_by"][dfs][found < 0]
    assert all(w == "depth limit" for w in stopped), stopped


def test_same_seed_same_boards_and_sample_without_repetition():
    a = tilespace.scaling(algorithms=["astar-manhattan"], distances=[3, 12], sample=10, seed=3)
    b = tilespace.scaling(algorithms=["astar-manhattan"], distances=[3, 12], sample=10, seed=3)
    assert np.array_equal(a.boards, b.boards)
    at12 = [tuple(x) for x in a.boards[a.distance == 12].tolist()]
    assert len(at12) == 10 == len(set(at12))
    assert a.boards_searched(3) == a.counts[3] < 10  # every board where there are fewer


def test_summary_is_the_runs_statistics():
    s = tilespace.scaling(algorithms=["bfs", "greedy"], distances=[6, 10], sample=8, seed=2)
    rows = s.summary()
    assert len(rows) == 4
    outcomes = s.outcomes()
    for r in rows:
        sel = (s.runs["algorithm"] == s.algorithms.index(r["algorithm"])) & (s.runs["distance"] == r["distance"])
        nodes = np.sort(s.runs["nodes_expanded"][sel].astype(float))
        assert r["nodes_mean"] == pytest.approx(nodes.mean())
        assert r["nodes_median"] == pytest.approx((nodes[3] + nodes[4]) / 2)
        paths = s.runs["path_length"][sel]
        assert r["optimal"] == np.count_nonzero(paths == r["distance"]) == np.count_nonzero(outcomes[sel] == "optimal")
        assert r["longer"] == np.count_nonzero(paths > r["distance"])
        assert r["optimal"] + r["longer"] + r["stopped"] == r["runs"] == 8
        if r["algorithm"] == "bfs":
            assert r["path_mean"] == r["distance"] and r["optimal"] == 8


def test_bad_arguments():
    with pytest.raises(ValueError):
        tilespace.scaling(distances=[0])
    with pytest.raises(TypeError):
        tilespace.scaling(sample=2.5)
    with pytest.raises(ValueError):
        tilespace.scaling(algorithms=["bfs"], distances=[40], sample=1)
    with pytest.raises(ValueError):
        tilespace.scaling(algorithms=["no-such"], distances=[3], sample=1)
    with pytest.raises(ValueError):  # every board at every distance, every algorithm: too many searches
        tilespace.scaling()
    with pytest.raises(tilespace.ShapeError):
        tilespace.scaling("4x4", algorithms=["bfs"], distances=[3], sample=1)
