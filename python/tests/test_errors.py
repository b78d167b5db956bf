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
    # The set named is the strongest this machine holds (the 5x5's ladder).
    facts = e.value.facts
    assert facts["shape"] == "5x5" and facts["goal"] == "last"
    assert facts["partition"] in ("6-6-6-6", "6-6-6-6x4", "6-6-6-6x7"), facts
    zero = ", zero_aware=True" if facts.get("zero_aware") == "true" else ""
    assert str(e.value).endswith("build them with tilespace.build_databases(%r, shape='5x5', goal='last'%s)"
                                 % (facts["partition"], zero))
    with pytest.raises(tilespace.ShapeError):
        tilespace.boards("4x4")
    with pytest.raises(tilespace.ShapeError):
        tilespace.profile("manhattan", shape="4x4")


@pytest.mark.parametrize("facts,call", [
    ({"shape": "5x5", "goal": "last", "partition": "6-6-6-6"},
     "tilespace.build_databases('6-6-6-6', shape='5x5', goal='last')"),
    ({"shape": "5x5", "goal": "first", "partition": "6-6-6-6x7", "zero_aware": "true"},
     "tilespace.build_databases('6-6-6-6x7', shape='5x5', goal='first', zero_aware=True)"),
    ({"shape": "3x4", "goal": "last"}, "tilespace.build_table(shape='3x4', goal='last')"),
])
def test_missing_file_names_the_call(facts, call):
    e = tilespace.errors.from_response({"kind": "missing", "message": "no files", "facts": facts})
    assert isinstance(e, tilespace.MissingFileError) and isinstance(e, FileNotFoundError)
    assert str(e).endswith(call), str(e)


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


def test_damaged_databases(tmp_path, python):
    import subprocess, os, textwrap
    cache = tmp_path / "cache"
    # Sound databases answer; the same with a byte of one file flipped
    # (its checksum fails on load) are a DamagedFileError, also for
    # except tilespace.Error.
    code = textwrap.dedent("""
        import sys, tilespace
        board, part = "8,6,7,2,5,4,3,0,1", "1,2,3,4/5,6,7,8"
        if sys.argv[1] == "build":
            files = tilespace.build_databases(part, shape="3x3")
            print(files[0])
            print(tilespace.solve(board, partition=part).distance)
        else:
            try:
                tilespace.solve(board, partition=part)
            except tilespace.DamagedFileError as e:
                print("damaged:", e)
            else:
                print("answered")
    """)
    env = dict(os.environ, TILESPACE_CACHE=str(cache))
    p = subprocess.run([python, "-c", code, "build"], env=env, capture_output=True, text=True, cwd=str(tmp_path))
    assert p.returncode == 0, p.stderr
    path, distance = p.stdout.split()
    assert distance == "31" and os.path.dirname(path) == str(cache)
    data = bytearray(open(path, "rb").read())
    data[len(data) // 2] ^= 0xFF
    open(path, "wb").write(bytes(data))
    p = subprocess.run([python, "-c", code, "solve"], env=env, capture_output=True, text=True, cwd=str(tmp_path))
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("damaged: ") and os.path.basename(path) in p.stdout, p.stdout


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
