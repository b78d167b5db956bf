"""Bad input: typed exceptions with the engine's message, ValueError and
TypeError before the engine."""

import numpy as np
import pytest

import tilespace


@pytest.mark.parametrize("board,shape,goal,exc", [
    ("1,2,3", None, "last", tilespace.BoardError),
    ("1,1,2,3,4,5,6,7,8", None, "last", tilespace.BoardError),
    ("1,2,3,4,5,6,7,9,0", None, "last", tilespace.BoardError),
    ("1,2,3,4,5,6,8,7,0", None, "last", tilespace.UnsolvableError),
    ("1,2,3,4,5,6,7,8,0", None, "middle", tilespace.GoalError),
    ("1,2,3,4,5,6,7,8,0", None, "1,2,3,4,5,6,7,8,8", tilespace.GoalError),
    ("1,2,3,4,5,6,7,8,0,9,10,11", "3y4", "last", tilespace.ShapeError),
    ("1,2,3,4,5,6,7,8,0,9,10,11", "1x12", "last", tilespace.ShapeError),
])
def test_typed_errors_carry_the_commands_message(cli, board, shape, goal, exc):
    with pytest.raises(exc) as e:
        tilespace.distance(board, goal=goal, shape=shape)
    assert isinstance(e.value, tilespace.Error)
    args = ["-goal", goal] + (["-shape", shape] if shape else []) + [board]
    p = cli.run("query", *args, check=False)
    assert p.returncode in (1, 2)
    assert str(e.value).split(": ")[-1] in p.stderr


def test_missing_files():
    with pytest.raises(tilespace.MissingFileError):
        tilespace.random_boards(2, shape="4x4", distance=3, seed=1)
    # The 24-puzzle's databases take minutes: never built unasked.
    with pytest.raises(tilespace.MissingFileError) as e:
        tilespace.distance(",".join(map(str, list(range(1, 24)) + [0, 24])))
    assert e.value.facts == {"shape": "5x5", "goal": "last", "partition": "6-6-6-6"}
    assert str(e.value).endswith("build them with tilespace.build_databases('6-6-6-6', shape='5x5', goal='last')")
    with pytest.raises(tilespace.ShapeError):
        tilespace.boards("4x4")
    with pytest.raises(tilespace.ShapeError):
        tilespace.profile("manhattan", shape="4x4")


def test_damaged_table(tmp_path, python):
    import subprocess, os, textwrap
    cache = tmp_path / "cache"
    cache.mkdir()
    # A table file that is no table, where the 2x3 table is looked for.
    (cache / "2x3-last.tbl").write_bytes(b"not a table at all" * 100)
    code = textwrap.dedent("""
        import logging, tilespace
        logging.basicConfig(level=logging.INFO)
        try:
            tilespace.distance("1,2,3,4,0,5", shape="2x3")
        except tilespace.DamagedFileError as e:
            print("damaged:", e)
        else:
            print("answered")
    """)
    p = subprocess.run([python, "-c", code], env=dict(os.environ, TILESPACE_CACHE=str(cache)),
                       capture_output=True, text=True, cwd=str(tmp_path))
    # A damaged small table is rebuilt in memory with a note (as query
    # does), logged to the "tilespace" logger.
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "answered"
    assert "INFO:tilespace:" in p.stderr and "damaged" in p.stderr


@pytest.mark.parametrize("call,exc", [
    (lambda: tilespace.distances(np.zeros((3, 9), dtype=np.float64)), TypeError),
    (lambda: tilespace.distances([[1, 2, 3, 4, 5, 6, 7, 8, 0], [1, 2, 3]]), ValueError),
    (lambda: tilespace.distances(np.zeros(9, dtype=np.int64)), ValueError),
    (lambda: tilespace.distances(np.zeros((2, 12), dtype=np.int64)), ValueError),
    (lambda: tilespace.distances(np.full((2, 9), 300)), ValueError),
    (lambda: tilespace.distances(np.full((2, 9), -1)), ValueError),
    (lambda: tilespace.unrank([-1], shape="3x3"), ValueError),
    (lambda: tilespace.unrank([1.5], shape="3x3"), TypeError),
    (lambda: tilespace.random_boards(-1), ValueError),
    (lambda: tilespace.random_boards(3, distance=-2), ValueError),
    (lambda: tilespace.solve("8,6,7,2,5,4,3,0,1", time_limit=-1), ValueError),
    (lambda: tilespace.compare("8,6,7,2,5,4,3,0,1", nodes=-5), ValueError),
    (lambda: tilespace.compare("8,6,7,2,5,4,3,0,1", patience=3), TypeError),
    (lambda: tilespace.distance([1, 2, 3, 4, 5, 6, 7, 8, "0"]), TypeError),
    (lambda: tilespace.distance([[1, 2, 3], [4, 5, 6, 7], [8, 0]]), ValueError),
    (lambda: tilespace.distance(3.5), TypeError),
    (lambda: tilespace.distance([1, 2, 3, 4, 5, 6, 0, 7, 8, 9, 10, 11]), ValueError),
    (lambda: tilespace.distance("8,6,7,2,5,4,3,0,1", shape=33), TypeError),
    (lambda: tilespace.profile(np.zeros(10)), ValueError),
    (lambda: tilespace.profile(np.full(181440, 0.5)), ValueError),
    (lambda: tilespace.profile(lambda b: "far"), TypeError),
])
def test_python_argument_errors(call, exc):
    with pytest.raises(exc):
        call()


def test_engine_row_errors():
    b = np.array([[1, 2, 3, 4, 5, 6, 7, 8, 0], [1, 1, 2, 3, 4, 5, 6, 7, 8]])
    with pytest.raises(tilespace.BoardError) as e:
        tilespace.distances(b)
    assert "row 1" in str(e.value) and "appears twice" in str(e.value)
    b = np.array([[1, 2, 3, 4, 5, 6, 7, 8, 0], [1, 2, 3, 4, 5, 6, 8, 7, 0]])
    with pytest.raises(tilespace.UnsolvableError) as e:
        tilespace.rank(b)
    assert "row 1" in str(e.value)
    with pytest.raises(tilespace.ArgumentError):
        tilespace.unrank([181440], shape="3x3")
    with pytest.raises(tilespace.ArgumentError):
        tilespace.random_boards(2, shape="3x3", distance=32)
    with pytest.raises(tilespace.ArgumentError):
        tilespace.profile("bogus")
