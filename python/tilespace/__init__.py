"""tilespace from Python: exact distances, optimal solutions, comparisons of
search algorithms and profiles of heuristics on sliding-tile puzzles, from
the same Go engine as the tilespace commands.

    >>> import tilespace
    >>> tilespace.distance("8,6,7,2,5,4,3,0,1")
    31

A board is a string as the commands take it ("8,6,7,2,5,4,3,0,1", "_" for
the blank), a sequence of ints, or a 1-D or 2-D ndarray; its shape is
inferred for square boards (9 tiles: 3x3) and given as "RxC" otherwise. A
goal is "last" (the blank in the last cell), "first", or a board.
"""

import dataclasses
import numbers
import os
import secrets

import numpy as np

from . import _engine
from ._scaling import Scaling, scaling
from .errors import (ArgumentError, BoardError, DamagedFileError, Error, GoalError, LimitError,
                     MissingFileError, ShapeError, UnsolvableError)

__version__ = "0.1.0"

__all__ = [
    "Answer", "Profile", "Comparison", "distance", "solve", "table", "distances", "rank", "unrank",
    "boards", "random_boards", "compare", "profile", "build_table", "build_databases",
    "scaling", "Scaling",
    "Error", "BoardError", "UnsolvableError", "GoalError", "ShapeError", "MissingFileError",
    "DamagedFileError", "LimitError", "ArgumentError",
]


# --- arguments -------------------------------------------------------------

def _shape_text(shape):
    if shape is None:
        return ""
    if not isinstance(shape, str):
        raise TypeError("shape must be a string such as '3x4', not %r" % (shape,))
    return shape


def _ints(seq, what):
    out = []
    for t in seq:
        if isinstance(t, (bool, np.bool_)) or not isinstance(t, numbers.Integral):
            raise TypeError("%s: tiles must be ints, not %r" % (what, t))
        out.append(int(t))
    return out


def _board_text(board, shape, what="board"):
    """The board as text for the engine, and its shape ("" if unknown)."""
    shape = _shape_text(shape)
    if isinstance(board, str):
        return board, shape
    if isinstance(board, np.ndarray):
        if board.dtype.kind not in "iu":
            raise TypeError("%s: an integer array is needed, not dtype %s" % (what, board.dtype))
        if board.ndim == 2:
            if not shape:
                shape = "%dx%d" % board.shape
            board = board.reshape(-1)
        elif board.ndim != 1:
            raise ValueError("%s: a 1-D or 2-D array is needed, not %d-D" % (what, board.ndim))
        tiles = [int(t) for t in board]
    elif isinstance(board, (list, tuple)):
        if board and all(isinstance(r, (list, tuple, np.ndarray)) for r in board):
            widths = {len(r) for r in board}
            if len(widths) != 1:
                raise ValueError("%s: rows of different lengths %s" % (what, sorted(widths)))
            if not shape:
                shape = "%dx%d" % (len(board), widths.pop())
            board = [t for r in board for t in r]
        tiles = _ints(board, what)
    else:
        raise TypeError("%s must be a string, a sequence of ints or an ndarray, not %s"
                        % (what, type(board).__name__))
    if not shape:
        n = len(tiles)
        side = int(round(n ** 0.5))
        if side * side != n:
            raise ValueError("%s: %d tiles make no square board: give shape='RxC'" % (what, n))
    return ",".join(str(t) for t in tiles), shape


def _goal_text(goal, shape):
    if goal is None:
        return "last"
    if isinstance(goal, str):
        return goal
    text, _ = _board_text(goal, shape, "goal")
    return text


def _tuple(text):
    return tuple(int(t) for t in text.split(","))


def _nonneg(value, name, kind=numbers.Real):
    if isinstance(value, bool) or not isinstance(value, kind):
        raise TypeError("%s must be a number, not %r" % (name, value))
    if value < 0:
        raise ValueError("%s must not be negative, got %r" % (name, value))
    return value


_spaces = {}


def _space(shape, goal):
    """The engine's description of a shape and goal: cells, states, ..."""
    key = (shape, goal)
    if key not in _spaces:
        _spaces[key] = _engine.call({"op": "space", "shape": shape, "goal": goal})
    return _spaces[key]


def _boards_array(boards, shape, goal, what="boards"):
    """boards as a C-contiguous uint8 (N, cells) array, with its shape."""
    if isinstance(boards, np.ndarray):
        a = boards
    else:
        try:
            a = np.asarray(boards)
        except ValueError as e:
            raise ValueError("%s: ragged rows (every board needs the same number of tiles): %s" % (what, e)) from None
    if a.dtype == object:
        raise ValueError("%s: ragged rows or non-numbers: an (N, cells) array of ints is needed" % what)
    if a.dtype.kind not in "iu":
        raise TypeError("%s: an integer array is needed, not dtype %s" % (what, a.dtype))
    if a.ndim != 2:
        raise ValueError("%s: an (N, cells) array is needed, not shape %s" % (what, a.shape))
    cells = a.shape[1]
    shape = _shape_text(shape)
    if not shape:
        side = int(round(cells ** 0.5))
        if side * side != cells:
            raise ValueError("%s: %d cells make no square board: give shape='RxC'" % (what, cells))
        shape = "%dx%d" % (side, side)
    sp = _space(shape, _goal_text(goal, shape))
    if cells != sp["cells"]:
        raise ValueError("%s: rows of %d tiles, a %s board has %d" % (what, cells, sp["shape"], sp["cells"]))
    if a.size and (a.min() < 0 or a.max() >= cells):
        bad = np.argwhere((a < 0) | (a >= cells))[0]
        raise ValueError("%s: row %d has tile %d: a %s board has tiles 0 to %d"
                         % (what, bad[0], a[tuple(bad)], sp["shape"], cells - 1))
    return np.ascontiguousarray(a, dtype=np.uint8), sp


# --- one board --------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Answer:
    """A board's exact answer, as `query -json` gives it."""

    board: tuple
    shape: str
    goal: tuple
    distance: int
    #: every optimal first move (the blank's), or None when a search did not test them
    moves: tuple
    #: an optimal path, or None when not asked for
    path: tuple
    #: what the answer came from: "table", "pdb ..." or "manhattan+linear-conflict"
    source: str
    #: the record `query -json` writes for the board, the same keys
    record: dict = dataclasses.field(compare=False, repr=False)


def _answer(board, goal, shape, path, all_moves, time_limit):
    text, shape = _board_text(board, shape)
    req = {"op": "answer", "board": text, "shape": shape, "goal": _goal_text(goal, shape),
           "path": bool(path), "all_moves": bool(all_moves)}
    if time_limit is not None:
        if _nonneg(time_limit, "time_limit") == 0:
            raise ValueError("time_limit must be positive, got 0")
        req["time_limit"] = float(time_limit)
    # A board with a table at hand is answered at once in this thread; any
    # other (search, databases to build) in a worker that Ctrl-C reaches.
    r = _engine.call_direct(dict(req, quick=True))
    if r.get("slow"):
        r = _engine.call(req)
    return r


def distance(board, goal="last", shape=None):
    """The fewest moves from board to goal.

    From the embedded 8-puzzle tables, the cache's tables, or the solver
    (IDA* on pattern databases, built once into the cache for the 15-puzzle).
    """
    return _answer(board, goal, shape, False, False, None)["record"]["distance"]


def solve(board, goal="last", shape=None, *, path=True, time_limit=None, all_moves=True):
    """The distance, every optimal first move and an optimal path of board.

    all_moves: for boards solved by search, test every first move (one more
    search per legal move); a table gives them anyway. time_limit (seconds)
    raises LimitError when reached before the answer.
    """
    r = _answer(board, goal, shape, path, all_moves, time_limit)
    rec = r["record"]
    moves = rec.get("optimal_moves")
    return Answer(board=_tuple(rec["board"]), shape=r["shape"], goal=_tuple(r["goal"]),
                  distance=rec["distance"], moves=None if moves is None else tuple(moves),
                  path=tuple(rec["path"]) if path else None, source=rec.get("heuristic", ""),
                  record=rec)


# --- many boards --------------------------------------------------------------

def distances(boards, shape=None, goal="last"):
    """The distance of each row of boards, an (N, cells) integer array, as uint8.

    Looked up in the goal's table on every core (12-cell boards in the
    array table() exported, when it is in the cache: their stored table
    answers a board in microseconds, the array in nanoseconds), else solved
    one by one.
    """
    a, sp = _boards_array(boards, shape, goal)
    if sp["cells"] == 12 and a.shape[0] > 0 and sp["npy"] and os.path.exists(sp["npy"]):
        r = np.empty(a.shape[0], dtype=np.int64)
        _engine.call({"op": "rank", "shape": sp["shape"], "goal": sp["goal"], "n": a.shape[0]}, a, r)
        return _mapped(sp["npy"])[r]
    out = np.empty(a.shape[0], dtype=np.uint8)
    _engine.call({"op": "distances", "shape": sp["shape"], "goal": sp["goal"], "n": a.shape[0]}, a, out)
    return out


def rank(boards, shape=None, goal="last"):
    """The rank of each row of boards: its index in table(shape, goal)."""
    a, sp = _boards_array(boards, shape, goal)
    out = np.empty(a.shape[0], dtype=np.int64)
    _engine.call({"op": "rank", "shape": sp["shape"], "goal": sp["goal"], "n": a.shape[0]}, a, out)
    return out


def unrank(ranks, shape, goal="last"):
    """The board of each rank, as uint8 rows (N, cells)."""
    r = np.asarray(ranks)
    if r.dtype.kind not in "iu":
        raise TypeError("ranks: an integer array is needed, not dtype %s" % r.dtype)
    if r.ndim != 1:
        raise ValueError("ranks: a 1-D array is needed, not shape %s" % (r.shape,))
    if r.size and r.min() < 0:
        raise ValueError("ranks: rank %d is negative" % r.min())
    shape = _shape_text(shape)
    sp = _space(shape, _goal_text(goal, shape))
    r = np.ascontiguousarray(r, dtype=np.int64)
    out = np.empty((r.shape[0], sp["cells"]), dtype=np.uint8)
    _engine.call({"op": "unrank", "shape": sp["shape"], "goal": sp["goal"], "n": r.shape[0]}, r, out)
    return out


def boards(shape, goal="last"):
    """Every board of shape, in rank order (shapes of at most 12 cells)."""
    shape = _shape_text(shape)
    sp = _space(shape, _goal_text(goal, shape))
    if sp["states"] is None or sp["cells"] > 12:
        raise ShapeError("%s has too many boards to list: every board is listed for shapes of at most 12 cells"
                         % sp["shape"])
    out = np.empty((sp["states"], sp["cells"]), dtype=np.uint8)
    _engine.call({"op": "boards", "shape": sp["shape"], "goal": sp["goal"]}, None, out)
    return out


def random_boards(n, shape="3x3", goal="last", *, distance=None, seed=None):
    """n boards drawn uniformly, from every board or from those at exactly
    distance moves; the same seed gives the same boards (as `query random -seed`)."""
    _nonneg(n, "n", numbers.Integral)
    if distance is not None:
        _nonneg(distance, "distance", numbers.Integral)
    if seed is None:
        seed = secrets.randbits(63)
    _nonneg(seed, "seed", numbers.Integral)
    shape = _shape_text(shape)
    sp = _space(shape, _goal_text(goal, shape))
    out = np.empty((int(n), sp["cells"]), dtype=np.uint8)
    req = {"op": "random", "shape": sp["shape"], "goal": sp["goal"], "n": int(n), "seed": int(seed)}
    if distance is not None:
        req["distance"] = int(distance)
    _engine.call(req, None, out)
    return out


def table(shape="3x3", goal="last", *, progress=None):
    """The distance of every board in rank order, uint8, memory-mapped read-only.

    The array is a .npy file in the cache folder, exported once (as
    `enumerate export -format npy`; 239.5 MB and a minute or two for 12
    cells). progress(what, done, total) is called while it is exported.
    """
    shape = _shape_text(shape)
    sp = _space(shape, _goal_text(goal, shape))
    r = _engine.call({"op": "export_npy", "shape": sp["shape"], "goal": sp["goal"]}, progress=progress)
    return _mapped(r["path"])


_maps = {}


def _mapped(path):
    """The .npy at path, memory-mapped read-only once per process (so that
    its pages, once touched, stay mapped between calls)."""
    st = os.stat(path)
    key = (path, st.st_ino, st.st_mtime_ns)
    a = _maps.get(key)
    if a is None:
        a = np.load(path, mmap_mode="r")
        if len(_maps) >= 4:
            _maps.clear()
        _maps[key] = a
    return a


# --- reports ------------------------------------------------------------------

class Comparison(list):
    """The rows of `classroom compare -json` ("algorithms"), one dict per
    algorithm with the same keys; the report's other keys are attributes."""

    def __init__(self, record):
        super().__init__(record.get("algorithms") or [])
        #: the whole record `classroom compare -json` writes
        self.record = record
        self.board = record.get("board")
        self.shape = record.get("shape")
        self.goal = record.get("goal")
        self.optimal_distance = record.get("optimal_distance")
        self.limits = record.get("limits")


_LIMITS = {"nodes": numbers.Integral, "seconds": numbers.Real, "memory_mib": numbers.Integral}


def compare(board, goal="last", shape=None, *, algorithms=None, **limits):
    """Every classroom algorithm (or those algorithms names) on board against
    its exact distance; limits: nodes, seconds and memory_mib, per algorithm."""
    text, shape = _board_text(board, shape)
    req = {"op": "compare", "board": text, "shape": shape, "goal": _goal_text(goal, shape)}
    if algorithms is not None:
        if isinstance(algorithms, str):
            algorithms = algorithms.split(",")
        req["algorithms"] = [str(a) for a in algorithms]
    for k, v in limits.items():
        if k not in _LIMITS:
            raise TypeError("compare() got an unexpected limit %r (nodes, seconds, memory_mib)" % k)
        if _nonneg(v, k, _LIMITS[k]) == 0:
            raise ValueError("%s must be positive, got 0" % k)
        req[k] = v
    return Comparison(_engine.call(req)["comparison"])


class Profile:
    """A heuristic's profile over every board: the figures of `analyze
    heuristics -json` (exact_share, mean_h, mean_ratio, inadmissible,
    inconsistent_edges, max_jump, eta, joint, ...) as attributes."""

    def __init__(self, record):
        self._record = record
        for k, v in record.items():
            setattr(self, k, v)

    def as_dict(self):
        """The record `analyze heuristics -json` writes for the heuristic."""
        return dict(self._record)

    def __repr__(self):
        r = self._record
        return ("Profile(%r on %s goal %s: exact %.4f, mean h/h* %.4f, %d overestimates, "
                "%d moves with |dh|>1, max |dh| %d)" % (r["heuristic"], r["shape"], r["goal"], r["exact_share"],
                                                      r["mean_ratio"], r["inadmissible"],
                                                      r["inconsistent_edges"], r["max_jump"]))


def _values(values, states, name):
    v = np.asarray(values)
    if v.dtype == object:
        raise ValueError("%s: every value must be a number" % name)
    if v.dtype.kind not in "iuf" or v.dtype == np.bool_:
        raise TypeError("%s: numbers are needed, not dtype %s" % (name, v.dtype))
    if v.shape != (states,):
        raise ValueError("%s: one value per board is needed, %d in rank order, not shape %s"
                         % (name, states, v.shape))
    if v.dtype.kind == "f":
        if not np.all(np.isfinite(v)) or np.any(v != np.floor(v)):
            raise ValueError("%s: the profile counts whole numbers of moves; round the values first" % name)
    if v.size and (v.min() < 0 or v.max() > 255):
        bad = int(np.argmax((v < 0) | (v > 255)))
        raise ValueError("%s: the value of board %d is %s: the profile counts values 0 to 255"
                         % (name, bad, v[bad]))
    return np.ascontiguousarray(v, dtype=np.uint8)


def profile(heuristic, shape="3x3", goal="last", *, name=None, progress=None):
    """The analyzer's profile of a heuristic over every board of shape (at
    most 12 cells), against the exact distances.

    heuristic: a built-in name ("misplaced", "manhattan", "linear-conflict",
    "pdb:1,2,3,4/5,6,7,8", "max:A+B"), an array of values in rank order, or
    a function of a board (a tuple of ints, 0 the blank), called once per
    board. progress(what, done, total) is called as the work goes on.
    """
    shape = _shape_text(shape)
    goal = _goal_text(goal, shape)
    req = {"op": "profile", "shape": shape, "goal": goal}
    if isinstance(heuristic, str):
        req["heuristic"] = heuristic
        return Profile(_engine.call(req, progress=progress)["profile"])
    sp = _space(shape, goal)
    states = sp["states"]
    if states is None or sp["cells"] > 12:
        raise ShapeError("%s has too many boards to profile: at most 12 cells" % sp["shape"])
    if callable(heuristic):
        name = name or getattr(heuristic, "__name__", "function")
        values = np.empty(states, dtype=np.int64)
        every = boards(shape, goal)
        step = max(1, states // 100)
        for i, row in enumerate(every):
            values[i] = _whole(heuristic(tuple(row.tolist())), name, row)
            if progress is not None and (i % step == 0 or i == states - 1):
                progress(name, i + 1, states)
        del every
    else:
        values = heuristic
        name = name or "values"
    req["name"] = name
    v = _values(values, states, name)
    return Profile(_engine.call(req, v, progress=progress)["profile"])


def _whole(h, name, row):
    if isinstance(h, (bool, np.bool_)) or not isinstance(h, numbers.Real):
        raise TypeError("%s%s returned %r: a number is needed" % (name, tuple(row.tolist()), h))
    if h != int(h):
        raise ValueError("%s%s returned %r: the profile counts whole numbers of moves" % (name, tuple(row.tolist()), h))
    return int(h)


# --- builds -------------------------------------------------------------------

def build_table(shape, goal="last", *, progress=None):
    """Builds the distance table of shape and goal into the cache folder (as
    `enumerate -shape`); returns its path. 12 cells take seconds to minutes."""
    shape = _shape_text(shape)
    r = _engine.call({"op": "build_table", "shape": shape, "goal": _goal_text(goal, shape)}, progress=progress)
    return r["reports"][0]["file"]


def build_databases(partition="6-6-3", shape="4x4", goal="last", *, progress=None):
    """Builds the pattern databases of partition (a preset such as "6-6-3",
    or patterns "1,2,3/4,5,6,7,8") into the cache folder (as `enumerate
    databases -pdb`); returns the paths of the files."""
    if not isinstance(partition, str):
        raise TypeError("partition must be a string such as '6-6-3', not %r" % (partition,))
    shape = _shape_text(shape)
    r = _engine.call({"op": "build_databases", "partition": partition, "shape": shape,
                      "goal": _goal_text(goal, shape)}, progress=progress)
    return tuple(p["file"] for p in r["reports"][0]["patterns"])
