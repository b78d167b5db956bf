"""Every answer of the package against the commands' on random boards of
every shape up to 4x4."""

import random

import numpy as np
import pytest

import tilespace

# Shapes whose boards have a table (built in memory up to 10 cells).
TABLED = ["2x2", "2x3", "3x2", "2x4", "4x2", "3x3", "2x5", "5x2"]
# Shapes whose boards are solved by search unless the table is in the
# cache (12 cells) or always (4x4): boards scrambled by a few moves.
SEARCHED = ["3x4", "4x3", "4x4"]


def dims(shape):
    r, c = shape.split("x")
    return int(r), int(c)


def goals(shape, rng):
    r, c = dims(shape)
    n = r * c
    middle = list(range(1, n))
    middle.insert(rng.randrange(n), 0)
    return ["last", "first", ",".join(map(str, middle))]


def goal_tiles(shape, goal):
    r, c = dims(shape)
    n = r * c
    if goal == "last":
        return list(range(1, n)) + [0]
    if goal == "first":
        return list(range(n))
    return [int(t) for t in goal.split(",")]


def scramble(shape, goal, moves, rng):
    """A board some random moves of the blank from goal (solvable by construction)."""
    r, c = dims(shape)
    b = goal_tiles(shape, goal)
    for _ in range(moves):
        z = b.index(0)
        options = [z + d for d, ok in ((-c, z >= c), (c, z < r * c - c), (-1, z % c > 0), (1, z % c < c - 1)) if ok]
        y = rng.choice(options)
        b[z], b[y] = b[y], b[z]
    return b


def without_timing(record):
    return {k: v for k, v in record.items() if k != "seconds"}


def boards_for(shape, goal, rng, count):
    """Random boards: uniform permutations for tabled shapes (unsolvable ones
    included), short scrambles for searched ones."""
    r, c = dims(shape)
    out = []
    for _ in range(count):
        if shape in TABLED:
            b = list(range(r * c))
            rng.shuffle(b)
        else:
            b = scramble(shape, goal, rng.randrange(0, 25), rng)
        out.append(b)
    return out


@pytest.mark.parametrize("shape", TABLED + SEARCHED)
def test_solve_matches_query(cli, shape):
    rng = random.Random(shape)
    for goal in goals(shape, rng):
        bs = boards_for(shape, goal, rng, 8 if shape in TABLED else 3)
        texts = [",".join(map(str, b)) for b in bs]
        records = cli.json_lines("query", "-json", "-all-moves", "-shape", shape, "-goal", goal, *texts)
        assert len(records) == len(bs)
        for b, rec in zip(bs, records):
            if "error" in rec:
                # The command's reason is the exception's message.
                with pytest.raises(tilespace.UnsolvableError) as e:
                    tilespace.solve(b, goal=goal, shape=shape)
                assert str(e.value) in rec["error"]
                continue
            a = tilespace.solve(b, goal=goal, shape=shape)
            assert without_timing(a.record) == without_timing(rec)
            assert a.distance == rec["distance"] == len(a.path)
            assert list(a.moves) == rec["optimal_moves"]
            assert a.board == tuple(b)
            assert a.goal == tuple(goal_tiles(shape, goal))
            assert a.source == rec["heuristic"]
            assert tilespace.distance(b, goal=goal, shape=shape) == rec["distance"]


def test_board_forms_agree(cli):
    rec = cli.json_lines("query", "-json", "4,1,3,7,2,6,0,5,8")[0]
    forms = ["4,1,3,7,2,6,0,5,8", "4 1 3/7 2 6/_ 5 8", [4, 1, 3, 7, 2, 6, 0, 5, 8], (4, 1, 3, 7, 2, 6, 0, 5, 8),
             [[4, 1, 3], [7, 2, 6], [0, 5, 8]], np.array([4, 1, 3, 7, 2, 6, 0, 5, 8]),
             np.array([[4, 1, 3], [7, 2, 6], [0, 5, 8]], dtype=np.int16)]
    for f in forms:
        assert tilespace.solve(f).record == rec
    # A 2-D array gives its own shape: 3 rows of 4.
    b = np.array(scramble("3x4", "last", 9, random.Random(4))).reshape(3, 4)
    rec = cli.json_lines("query", "-json", "-shape", "3x4", ",".join(map(str, b.ravel())))[0]
    assert tilespace.distance(b) == rec["distance"]


@pytest.mark.parametrize("shape", TABLED)
def test_distances_rank_unrank(cli, shape):
    rng = random.Random("arrays" + shape)
    for goal in goals(shape, rng):
        bs = tilespace.random_boards(40, shape=shape, goal=goal, seed=rng.randrange(1 << 30))
        texts = [",".join(map(str, b)) for b in bs]
        want = [r["distance"] for r in cli.json_lines("query", "-json", "-shape", shape, "-goal", goal, *texts)]
        d = tilespace.distances(bs, shape=shape, goal=goal)
        assert d.dtype == np.uint8 and d.shape == (40,)
        assert d.tolist() == want
        ranks = tilespace.rank(bs, shape=shape, goal=goal)
        assert ranks.dtype == np.int64
        assert np.array_equal(tilespace.unrank(ranks, shape=shape, goal=goal), bs)
        every = tilespace.boards(shape, goal=goal)
        assert np.array_equal(tilespace.rank(every, shape=shape, goal=goal), np.arange(len(every)))
        assert np.array_equal(every[ranks], bs)
        t = tilespace.table(shape, goal=goal)
        assert not t.flags.writeable and t.dtype == np.uint8 and len(t) == len(every)
        assert t[ranks].tolist() == want
        assert np.array_equal(tilespace.distances(every, shape=shape, goal=goal), t)


@pytest.mark.parametrize("shape,goal", [("3x3", "last"), ("2x4", "first"), ("4x4", "last")])
@pytest.mark.parametrize("replace", [True, False])
def test_random_boards_as_query_random(cli, shape, goal, replace):
    for distance in (None, 5):
        if shape == "4x4" and distance is not None:
            with pytest.raises(tilespace.MissingFileError):
                tilespace.random_boards(3, shape=shape, goal=goal, distance=distance, seed=7)
            continue
        args = ["random", "-json", "-shape", shape, "-goal", goal, "-seed", 7] + (["-distinct"] if not replace else [])
        if distance is not None:
            args += ["-depth", distance]
        recs = cli.json_lines("query", *args, 12)
        got = tilespace.random_boards(12, shape=shape, goal=goal, distance=distance, seed=7, replace=replace)
        assert [",".join(map(str, b)) for b in got] == [r["board"] for r in recs]
        if distance is not None:
            assert set(tilespace.distances(got, shape=shape, goal=goal).tolist()) == {distance}


def test_searched_distances(cli):
    rng = random.Random(15)
    bs = np.array([scramble("4x4", "last", rng.randrange(30), rng) for _ in range(4)])
    want = [r["distance"] for r in cli.json_lines("query", "-json", *[",".join(map(str, b)) for b in bs])]
    assert tilespace.distances(bs).tolist() == want


def test_time_limit():
    # An antipode of the 15-puzzle, 80 moves: far more than a millisecond of search.
    with pytest.raises(TimeoutError):
        tilespace.solve("0,12,9,13,15,11,10,14,3,7,2,5,4,8,6,1", time_limit=0.001)
