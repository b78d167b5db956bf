"""tilespace from Python: exact distances, optimal solutions, comparisons of
search algorithms and profiles of heuristics on sliding-tile puzzles, from
the same Go engine as the tilespace commands.

    >>> import tilespace
    >>> tilespace.distance("8,6,7,2,5,4,3,0,1")
    31

A board is a string as the commands take it ("8,6,7,2,5,4,3,0,1", "_" for
the blank), a sequence of ints, or a 1-D or 2-D ndarray; its shape is
inferred for square boards (9 tiles: 3x3) and given as ``shape="RxC"``
otherwise. A goal is "last" (the blank in the last cell), "first", or a
board. Functions of many boards take an array whose last axis is a board
((N, cells), or one board as (cells,)) and give one value per board.

The board or boards come first; every other argument is keyword-only, with
the same names everywhere: ``shape``, ``goal``, ``progress``. Errors are
also the built-in exceptions of their kind: a bad board, shape, goal or
argument is a ValueError, a missing file a FileNotFoundError, a time limit
a TimeoutError. The library prints nothing: the engine's notes go to the
``logging`` logger "tilespace", and long calls show a progress bar (tqdm,
Jupyter or the terminal) after a few seconds.
"""

from __future__ import annotations

import dataclasses
import html
import math
import numbers
import os
import re
import secrets
from typing import Any, Callable, Dict, Iterable, List, Literal, Optional, Sequence, Set, Tuple, Union

import numpy as np
import numpy.typing as npt

from . import _engine
from ._progress import ProgressArg
from ._scaling import Scaling, scaling
from ._version import __version__
from .errors import (ArgumentError, BoardError, DamagedFileError, Error, GoalError, LimitError,
                     MissingFileError, ShapeError, TimeLimitError, UnsolvableError)

__all__ = [
    "Answer", "Profile", "Comparison", "distance", "solve", "table", "distances", "is_solvable", "rank",
    "unrank", "boards", "random_boards", "compare", "profile", "build_table", "build_databases",
    "scaling", "Scaling", "algorithms", "__version__",
    "Error", "BoardError", "UnsolvableError", "GoalError", "ShapeError", "MissingFileError",
    "DamagedFileError", "LimitError", "TimeLimitError", "ArgumentError",
]

#: A board: text, a sequence of ints (or of rows), or an ndarray.
BoardLike = Union[str, Sequence[int], Sequence[Sequence[int]], np.ndarray]
#: Boards: an array-like whose last axis is a board.
BoardsLike = Union[npt.ArrayLike, np.ndarray]
#: A goal: "last", "first", or a board.
GoalLike = Union[str, Sequence[int], np.ndarray]
Errors = Literal["raise", "mask"]


# --- arguments -------------------------------------------------------------

def _shape_text(shape: Optional[str]) -> str:
    if shape is None:
        return ""
    if not isinstance(shape, str):
        raise TypeError("shape must be a string such as '3x4', not %r" % (shape,))
    return shape


def _ints(seq: Iterable[Any], what: str) -> List[int]:
    out = []
    for t in seq:
        if isinstance(t, (bool, np.bool_)) or not isinstance(t, numbers.Integral):
            raise TypeError("%s: tiles must be ints, not %r" % (what, t))
        out.append(int(t))
    return out


def _board_text(board: BoardLike, what: str = "board") -> str:
    """The board as the engine's text: a string as it is; a sequence or a
    1-D array as its tiles ("8,6,7,..."); rows (a 2-D array, a sequence
    of sequences) separated by "/", so that the engine reads the shape
    from them. The engine reads the text, infers the shape and says what
    is wrong."""
    if isinstance(board, str):
        return board
    if isinstance(board, np.ndarray):
        if board.dtype.kind not in "iu":
            raise TypeError("%s: an integer array is needed, not dtype %s" % (what, board.dtype))
        if board.ndim not in (1, 2):
            raise BoardError("%s: a 1-D or 2-D array is needed, not %d-D" % (what, board.ndim))
        rows = board.tolist() if board.ndim == 2 else [board.tolist()]
    elif isinstance(board, (list, tuple)):
        if board and all(isinstance(r, (list, tuple, np.ndarray)) for r in board):
            rows = [_ints(r, what) for r in board]  # type: ignore[arg-type]
        else:
            rows = [_ints(board, what)]
    else:
        raise TypeError("%s must be a string, a sequence of ints or an ndarray, not %s"
                        % (what, type(board).__name__))
    return "/".join(",".join(str(t) for t in r) for r in rows)


def _goal_text(goal: Optional[GoalLike]) -> str:
    if goal is None:
        return "last"
    if isinstance(goal, str):
        return goal
    return _board_text(goal, "goal")


def _tuple(text: str) -> Tuple[int, ...]:
    return tuple(int(t) for t in text.split(","))


def _number(value: Any, name: str, kind: type = numbers.Real, *, least: float = 0) -> Any:
    """value checked: a number of kind (not a bool), finite, at least least."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, kind):
        raise TypeError("%s must be a number, not %r" % (name, value))
    if isinstance(value, numbers.Real) and not math.isfinite(value):
        raise ArgumentError("%s must be a finite number, not %r" % (name, value))
    if value < least:
        raise ArgumentError("%s must be at least %s, got %r" % (name, least, value))
    return value


_spaces: Dict[Tuple[str, str, int], Dict[str, Any]] = {}


def _space(shape: str, goal: str, cells: int = 0) -> Dict[str, Any]:
    """The engine's description of a shape and goal (shape, goal, cells,
    states, npy, ...); with cells, the width of rows of boards, the shape
    the engine infers from it when shape and goal name none."""
    key = (shape, goal, cells)
    if key not in _spaces:
        req: Dict[str, Any] = {"op": "space", "shape": shape, "goal": goal}
        if cells:
            req["cells"] = cells
        _spaces[key] = _engine.call_direct(req)
    return _spaces[key]


def _boards_array(boards: BoardsLike, shape: Optional[str], goal: Optional[GoalLike],
                  what: str = "boards", check_tiles: bool = True) -> Tuple[np.ndarray, Dict[str, Any], Tuple[int, ...]]:
    """boards as a C-contiguous uint8 (N, cells) array, its space (the
    engine's, which infers the shape from the rows' width), and the shape
    of the answer (the leading axes of boards)."""
    if isinstance(boards, np.ndarray):
        a = boards
    else:
        try:
            a = np.asarray(boards)
        except ValueError as e:
            raise BoardError("%s: ragged rows (every board needs the same number of tiles): %s" % (what, e)) from None
    if a.dtype == object:
        raise BoardError("%s: ragged rows or non-numbers: an (N, cells) array of ints is needed" % what)
    if a.dtype.kind not in "iu":
        raise TypeError("%s: an integer array is needed, not dtype %s" % (what, a.dtype))
    if a.ndim < 1:
        raise BoardError("%s: an (N, cells) array, or one board of shape (cells,), is needed, not a scalar" % what)
    lead = a.shape[:-1]
    cells = a.shape[-1]
    if cells == 0:
        raise BoardError("%s: rows of no tiles: an (N, cells) array is needed" % what)
    a = a.reshape(-1, cells)
    sp = _space(_shape_text(shape), _goal_text(goal), cells)
    if check_tiles and a.size and (a.min() < 0 or a.max() >= cells):
        # Checked before the rows become bytes, where 300 would be 44.
        bad = np.argwhere((a < 0) | (a >= cells))[0]
        raise BoardError("%s: row %d has tile %d: a %s board has tiles 0 to %d"
                         % (what, bad[0], a[tuple(bad)], sp["shape"], cells - 1))
    return np.ascontiguousarray(a, dtype=np.uint8) if check_tiles else a, sp, lead


def _errors_arg(errors: str) -> str:
    if errors not in ("raise", "mask"):
        raise ArgumentError("errors must be 'raise' or 'mask', not %r" % (errors,))
    return errors


_algorithms: List[Dict[str, Any]] = []


def algorithms() -> List[Dict[str, Any]]:
    """The classroom algorithms, in the engine's order: the table the page
    and `classroom compare` read, one dict per algorithm.

    Returns
    -------
    list of dict
        Each with "key" (what compare and scaling take), "name" (what the
        comparison calls it), "optimal", "needs_table" (a distance table:
        A* on the exact distance), "style" (its "colour", "dash" as an SVG
        dash array, "" solid, and "marker" on every chart) and "chosen"
        (the page's first choice).
    """
    if not _algorithms:
        _algorithms.extend(_engine.call_direct({"op": "algorithms"})["algorithms"])
    return [dict(a, style=dict(a["style"])) for a in _algorithms]


# --- one board --------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Answer:
    """A board's exact answer, as `query -json` gives it.

    Attributes
    ----------
    board, goal : tuple of int
        The board and its goal, cell by cell (0 the blank).
    shape : str
        "RxC".
    distance : int
        The fewest moves from board to goal.
    moves : tuple of str or None
        Every optimal first move (the blank's), or None when a search did
        not test them.
    path : tuple of str or None
        An optimal path, or None when not asked for.
    source : str
        What the answer came from: "table", "pdb ..." or
        "manhattan+linear-conflict".
    record : dict
        The record `query -json` writes for the board, the same keys.
    """

    board: Tuple[int, ...]
    shape: str
    goal: Tuple[int, ...]
    distance: int
    moves: Optional[Tuple[str, ...]]
    path: Optional[Tuple[str, ...]]
    source: str
    record: Dict[str, Any] = dataclasses.field(compare=False, repr=False)

    def __repr__(self) -> str:
        path = "" if self.path is None else ", path of %d moves" % len(self.path)
        moves = "" if self.moves is None else ", optimal first moves %s" % " ".join(self.moves)
        return "Answer(%s %s: %d moves%s%s, from %s)" % (self.shape, ",".join(map(str, self.board)), self.distance,
                                                         moves, path, self.source or "?")

    def _repr_html_(self) -> str:
        rows = [("board", ",".join(map(str, self.board))), ("shape", self.shape), ("distance", self.distance),
                ("optimal first moves", "?" if self.moves is None else " ".join(self.moves)),
                ("path", "" if self.path is None else " ".join(self.path)), ("from", self.source)]
        return _html_table("Answer", rows)


def _html_table(title: str, rows: Sequence[Tuple[str, Any]]) -> str:
    body = "".join("<tr><th style='text-align:left'>%s</th><td style='text-align:left'>%s</td></tr>"
                   % (html.escape(str(k)), html.escape(str(v))) for k, v in rows)
    return "<table><caption>%s</caption>%s</table>" % (html.escape(title), body)


def _answer(board: BoardLike, goal: Optional[GoalLike], shape: Optional[str], path: bool, all_moves: bool,
            time_limit: Optional[float], partition: Optional[str] = None) -> Dict[str, Any]:
    req: Dict[str, Any] = {"op": "answer", "board": _board_text(board), "shape": _shape_text(shape),
                           "goal": _goal_text(goal), "path": bool(path), "all_moves": bool(all_moves)}
    if partition is not None:
        if not isinstance(partition, str):
            raise TypeError("partition must be a string such as '6-6-3', not %r" % (partition,))
        req["partition"] = partition
    if time_limit is not None:
        _number(time_limit, "time_limit")
        if time_limit == 0:
            raise ArgumentError("time_limit must be positive, got 0")
        req["time_limit"] = float(time_limit)
    key = (req["shape"], req["goal"], len(_cell_separators.split(req["board"].strip())))
    if key in _tabled and time_limit is None and partition is None:
        # A table answered this space before: a lookup of microseconds,
        # in this thread (no hand-over to a worker, which costs more).
        return _engine.call_direct(req)
    resp = _engine.call(req)
    if not resp.get("heuristic") and key[2] <= _DIRECT_CELLS:
        _tabled.add(key)
    return resp


#: The spaces (shape, goal and the board's cell count as given) whose
#: boards a distance table has answered in this process, of at most
#: _DIRECT_CELLS cells: a table dropped from the engine's cache is rebuilt
#: in milliseconds, so their answers never take long enough to need Ctrl-C.
_tabled: Set[Tuple[str, str, int]] = set()
_DIRECT_CELLS = 10
_cell_separators = re.compile(r"[\s,/]+")


def distance(board: BoardLike, *, shape: Optional[str] = None, goal: GoalLike = "last") -> int:
    """The fewest moves from board to goal.

    Parameters
    ----------
    board : str, sequence of int or ndarray
        The board ("8,6,7,2,5,4,3,0,1", a list, a 1-D or 2-D array).
    shape : str, optional
        "RxC"; inferred for square boards and 2-D arrays.
    goal : str or board, default "last"
        "last", "first" or a board of the shape.

    Returns
    -------
    int
        From the embedded 8-puzzle tables, the cache's tables, or the
        solver (IDA* on pattern databases, built once into the cache for
        the 15-puzzle).

    Raises
    ------
    BoardError, UnsolvableError, ShapeError, GoalError
        Each also a ValueError.
    """
    return int(_answer(board, goal, shape, False, False, None)["record"]["distance"])


def solve(board: BoardLike, *, shape: Optional[str] = None, goal: GoalLike = "last", path: bool = True,
          all_moves: bool = True, time_limit: Optional[float] = None, partition: Optional[str] = None) -> Answer:
    """The distance, every optimal first move and an optimal path of board.

    Parameters
    ----------
    board, shape, goal
        As distance's.
    path : bool, default True
        Give an optimal path.
    all_moves : bool, default True
        For boards solved by search, test every first move (one more
        search per legal move); a table gives them anyway.
    time_limit : float, optional
        Seconds; a finite positive number.
    partition : str, optional
        Solve by IDA* on the pattern databases of this partition (a preset
        such as "6-6-3", or patterns "1,2,3,4/5,6,7,8"), as ``query -pdb``:
        from the cache folder, built when missing and small.

    Returns
    -------
    Answer

    Raises
    ------
    TimeLimitError
        When time_limit is reached before the answer (also a TimeoutError).
    DamagedFileError
        When the partition's databases in the cache folder are damaged.
    BoardError, UnsolvableError, ShapeError, GoalError, ArgumentError
        Each also a ValueError.
    """
    r = _answer(board, goal, shape, path, all_moves, time_limit, partition)
    rec = r["record"]
    moves = rec.get("optimal_moves")
    return Answer(board=_tuple(rec["board"]), shape=r["shape"], goal=_tuple(r["goal"]),
                  distance=rec["distance"], moves=None if moves is None else tuple(moves),
                  path=tuple(rec["path"]) if path else None, source=rec.get("heuristic", ""),
                  record=rec)


# --- many boards --------------------------------------------------------------

def _solvable(a: np.ndarray, sp: Dict[str, Any]) -> np.ndarray:
    """Which rows of a (N, cells), of any integer dtype, are boards that
    can reach the goal: the engine's parity check (the resolver's, as for
    one board), on the rows as bytes. A tile out of range would wrap as a
    byte, so such a row is made no board first (all zeros)."""
    cells = a.shape[1]
    if a.size and (a.max() >= cells or (a.dtype.kind == "i" and a.min() < 0)):
        inrange = np.all(a < cells, axis=1)
        if a.dtype.kind == "i":
            inrange &= np.all(a >= 0, axis=1)
        rows = np.zeros(a.shape, dtype=np.uint8)
        rows[inrange] = a[inrange]
    else:
        rows = np.ascontiguousarray(a, dtype=np.uint8)
    out = np.empty(a.shape[0], dtype=np.bool_)
    _engine.call({"op": "solvable", "shape": sp["shape"], "goal": sp["goal"], "n": a.shape[0]}, rows, out)
    return out


def is_solvable(boards: BoardsLike, *, shape: Optional[str] = None, goal: GoalLike = "last") -> np.ndarray:
    """Whether each board can reach the goal, vectorised.

    Parameters
    ----------
    boards : array_like of int, shape (..., cells)
        Boards along the last axis; one board as a 1-D array.
    shape : str, optional
        "RxC"; inferred for square boards.
    goal : str or board, default "last"

    Returns
    -------
    ndarray of bool, shape (...)
        False for a row that is no board at all (a tile missing, twice or
        out of range) as for an unsolvable one.
    """
    a, sp, lead = _boards_array(boards, shape, goal, check_tiles=False)
    return _solvable(a, sp).reshape(lead)


def distances(boards: BoardsLike, *, shape: Optional[str] = None, goal: GoalLike = "last",
              errors: Errors = "raise") -> Union[np.ndarray, np.ma.MaskedArray]:
    """The distance of each board, as uint8.

    Looked up in the goal's table on every core (12-cell boards in the
    array table() exported, when it is in the cache: their stored table
    answers a board in microseconds, the array in nanoseconds), else solved
    one by one.

    Parameters
    ----------
    boards : array_like of int, shape (..., cells)
        Boards along the last axis: (N, cells), or one board as (cells,).
    shape : str, optional
        "RxC"; inferred for square boards.
    goal : str or board, default "last"
    errors : {"raise", "mask"}, default "raise"
        "raise": a row that is no board or cannot reach the goal raises
        for the whole array. "mask": such rows are masked, and the result
        is a numpy.ma.MaskedArray whose mask is True exactly there (their
        data is 255).

    Returns
    -------
    ndarray of uint8, shape (...), or MaskedArray with errors="mask"

    Raises
    ------
    BoardError, UnsolvableError, ShapeError, GoalError
        Each also a ValueError; with errors="mask", only for the whole
        array (a shape or goal), never for a row.
    """
    _errors_arg(errors)
    if errors == "mask":
        a, sp, lead = _boards_array(boards, shape, goal, check_tiles=False)
        ok = _solvable(a, sp)
        data = np.full(a.shape[0], 255, dtype=np.uint8)
        if ok.any():
            data[ok] = _distances(np.ascontiguousarray(a[ok], dtype=np.uint8), sp)
        return np.ma.MaskedArray(data.reshape(lead), mask=~ok.reshape(lead))
    a, sp, lead = _boards_array(boards, shape, goal)
    return _distances(a, sp).reshape(lead)


def _distances(a: np.ndarray, sp: Dict[str, Any]) -> np.ndarray:
    if sp["cells"] == 12 and a.shape[0] > 0 and sp["npy"] and os.path.exists(sp["npy"]):
        r = np.empty(a.shape[0], dtype=np.int64)
        _engine.call({"op": "rank", "shape": sp["shape"], "goal": sp["goal"], "n": a.shape[0]}, a, r)
        return np.asarray(_mapped(sp["npy"])[r])
    out = np.empty(a.shape[0], dtype=np.uint8)
    _engine.call({"op": "distances", "shape": sp["shape"], "goal": sp["goal"], "n": a.shape[0]}, a, out)
    return out


def rank(boards: BoardsLike, *, shape: Optional[str] = None, goal: GoalLike = "last") -> np.ndarray:
    """The rank of each board: its index in ``table(shape, goal=goal)``.

    Parameters
    ----------
    boards : array_like of int, shape (..., cells)
    shape : str, optional
    goal : str or board, default "last"

    Returns
    -------
    ndarray of int64, shape (...)
    """
    a, sp, lead = _boards_array(boards, shape, goal)
    out = np.empty(a.shape[0], dtype=np.int64)
    _engine.call({"op": "rank", "shape": sp["shape"], "goal": sp["goal"], "n": a.shape[0]}, a, out)
    return out.reshape(lead)


def unrank(ranks: npt.ArrayLike, *, shape: str = "3x3", goal: GoalLike = "last") -> np.ndarray:
    """The board of each rank.

    Parameters
    ----------
    ranks : array_like of int, shape (...)
        Any integer dtype (uint64 included); a scalar gives one board.
    shape : str, default "3x3"
    goal : str or board, default "last"

    Returns
    -------
    ndarray of uint8, shape (..., cells)

    Raises
    ------
    ArgumentError
        A rank that is negative or not below the number of boards (also a
        ValueError).
    """
    r = np.asarray(ranks)
    if r.dtype.kind not in "iu":
        raise TypeError("ranks: an integer array is needed, not dtype %s" % r.dtype)
    sp = _space(_shape_text(shape), _goal_text(goal))
    lead = r.shape
    r = r.reshape(-1)
    if r.size:
        if r.dtype.kind == "i" and r.min() < 0:
            raise ArgumentError("ranks: rank %d is negative" % r.min())
        top = int(r.max())
        states = sp["states"]
        if (states is not None and top >= states) or top >= 2 ** 63:
            raise ArgumentError("ranks: rank %d is out of range: %s goal %s has %s boards, ranked 0 to %s"
                                % (top, sp["shape"], sp["goal_name"], "{:,}".format(states) if states else "too many",
                                   "{:,}".format(states - 1) if states else "?"))
    r = np.ascontiguousarray(r, dtype=np.int64)
    out = np.empty((r.shape[0], sp["cells"]), dtype=np.uint8)
    _engine.call({"op": "unrank", "shape": sp["shape"], "goal": sp["goal"], "n": r.shape[0]}, r, out)
    return out.reshape(lead + (sp["cells"],))


def boards(shape: str = "3x3", *, goal: GoalLike = "last") -> np.ndarray:
    """Every board of shape, in rank order (shapes of at most 12 cells).

    Returns
    -------
    ndarray of uint8, shape (states, cells)
    """
    sp = _space(_shape_text(shape), _goal_text(goal))
    if sp["states"] is None or sp["cells"] > 12:
        raise ShapeError("%s has too many boards to list: every board is listed for shapes of at most 12 cells"
                         % sp["shape"])
    out = np.empty((sp["states"], sp["cells"]), dtype=np.uint8)
    _engine.call({"op": "boards", "shape": sp["shape"], "goal": sp["goal"]}, None, out)
    return out


SeedLike = Union[None, int, np.integer, np.random.Generator]


def random_boards(n: int, *, shape: str = "3x3", goal: GoalLike = "last", distance: Optional[int] = None,
                  replace: bool = True, seed: SeedLike = None, progress: ProgressArg = None) -> np.ndarray:
    """n boards drawn uniformly at random, in the order drawn.

    Parameters
    ----------
    n : int
        How many boards.
    shape : str, default "3x3"
    goal : str or board, default "last"
    distance : int, optional
        Draw from the boards exactly this many moves from the goal (needs
        the shape's distance table); from every solvable board without it.
    replace : bool, default True
        True: each board is drawn independently (boards may repeat), as
        numpy.random.Generator.choice. False: n distinct boards, refused
        when there are fewer.
    seed : int or numpy.random.Generator, optional
        The same int gives the same boards (as ``query random -seed``, with
        ``-distinct`` for replace=False); a Generator is drawn from once
        for the seed; None draws a fresh seed.
    progress : None, bool or callable
        See the package's progress (a bar after a few seconds by default).

    Returns
    -------
    ndarray of uint8, shape (n, cells)

    Raises
    ------
    ArgumentError
        replace=False with more boards than there are, or a distance no
        board has (also a ValueError).
    """
    n = int(_number(n, "n", numbers.Integral))
    if distance is not None:
        _number(distance, "distance", numbers.Integral)
    if isinstance(seed, np.random.Generator):
        seed = int(seed.integers(0, 2 ** 63))
    elif seed is None:
        seed = secrets.randbits(63)
    else:
        _number(seed, "seed", numbers.Integral)
        if seed >= 2 ** 64:
            raise ArgumentError("seed must be below 2**64, got %r" % (seed,))
    if not isinstance(replace, (bool, np.bool_)):
        raise TypeError("replace must be True or False, not %r" % (replace,))
    sp = _space(_shape_text(shape), _goal_text(goal))
    out = np.empty((n, sp["cells"]), dtype=np.uint8)
    req: Dict[str, Any] = {"op": "random", "shape": sp["shape"], "goal": sp["goal"], "n": n, "seed": int(seed),
                           "replace": bool(replace)}
    if distance is not None:
        req["distance"] = int(distance)
    _engine.call(req, None, out, progress=progress)
    return out


def table(shape: str = "3x3", *, goal: GoalLike = "last", progress: ProgressArg = None) -> np.ndarray:
    """The distance of every board in rank order, uint8, memory-mapped read-only.

    The array is a .npy file in the cache folder, exported once (as
    `enumerate export -format npy`; 239.5 MB and a minute or two for 12
    cells).

    Parameters
    ----------
    shape : str, default "3x3"
    goal : str or board, default "last"
    progress : None, bool or callable
        None: a bar after a few seconds; True: at once; False: none; a
        function progress(what, done, total) is called instead.

    Returns
    -------
    numpy.memmap of uint8, shape (states,)
    """
    sp = _space(_shape_text(shape), _goal_text(goal))
    r = _engine.call({"op": "export_npy", "shape": sp["shape"], "goal": sp["goal"]}, progress=progress)
    return _mapped(r["path"])


_maps: Dict[Tuple[str, int, int], np.ndarray] = {}


def _mapped(path: str) -> np.ndarray:
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

class Comparison(List[Dict[str, Any]]):
    """The rows of `classroom compare -json` ("algorithms"), one dict per
    algorithm with the same keys; the report's other keys are attributes.

    Attributes
    ----------
    record : dict
        The whole record `classroom compare -json` writes.
    board, shape, goal : str
    optimal_distance : int
    limits : dict
    """

    def __init__(self, record: Dict[str, Any]) -> None:
        super().__init__(record.get("algorithms") or [])
        self.record = record
        self.board = record.get("board")
        self.shape = record.get("shape")
        self.goal = record.get("goal")
        self.optimal_distance = record.get("optimal_distance")
        self.limits = record.get("limits")

    def _rows(self) -> List[Tuple[str, str, str, str]]:
        out = []
        for a in self:
            r = a.get("result") or {}
            name = str(r.get("algorithm") or a.get("key") or "?")
            found = r.get("found") and r.get("path_length", -1) >= 0
            plen = str(r["path_length"]) if found else "-"
            outcome = str(a.get("outcome") or "")
            if r.get("stopped_by") and not found:
                outcome += " (%s)" % r["stopped_by"]
            out.append((name, plen, str(r.get("nodes_expanded", "?")), outcome))
        return out

    def __repr__(self) -> str:
        head = "Comparison(%s goal %s, board %s, optimal distance %s: %d algorithms" % (
            self.shape, self.goal, self.board, self.optimal_distance, len(self))
        parts = ["%s %s" % (name, outcome if plen == "-" else "%s moves %s" % (plen, outcome))
                 for name, plen, _, outcome in self._rows()]
        text = head + (": " + "; ".join(parts) if parts else "") + ")"
        return text if len(text) <= 600 else text[:597] + "...)"

    def _repr_html_(self) -> str:
        head = "<tr><th>algorithm</th><th>path length</th><th>nodes expanded</th><th>outcome</th></tr>"
        body = "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % html.escape(c) for c in row) for row in self._rows())
        return ("<table><caption>%s goal %s, board %s: optimal distance %s</caption>%s%s</table>"
                % (html.escape(str(self.shape)), html.escape(str(self.goal)), html.escape(str(self.board)),
                   html.escape(str(self.optimal_distance)), head, body))


def compare(board: BoardLike, *, shape: Optional[str] = None, goal: GoalLike = "last",
            algorithms: Union[None, str, Sequence[str]] = None, nodes: Optional[int] = None,
            seconds: Optional[float] = None, memory_mib: Optional[int] = None, dfs_depth: Optional[int] = None,
            progress: ProgressArg = None) -> Comparison:
    """Every classroom algorithm (or those of algorithms) on board against
    its exact distance.

    Parameters
    ----------
    board, shape, goal
        As distance's.
    algorithms : str or list of str, optional
        Algorithm keys ("bfs", "dfs", ...); None: every one.
    nodes, seconds, memory_mib : optional
        Limits of each search, as scaling's (None: the defaults).
    dfs_depth : int, optional
        DFS's depth limit, as scaling's.
    progress : None, bool or callable
        See table().

    Returns
    -------
    Comparison
    """
    req: Dict[str, Any] = {"op": "compare", "board": _board_text(board), "shape": _shape_text(shape),
                           "goal": _goal_text(goal)}
    if algorithms is not None:
        if isinstance(algorithms, str):
            algorithms = algorithms.split(",")
        req["algorithms"] = [str(a) for a in algorithms]
    for name, v, kind in (("nodes", nodes, numbers.Integral), ("seconds", seconds, numbers.Real),
                          ("memory_mib", memory_mib, numbers.Integral), ("dfs_depth", dfs_depth, numbers.Integral)):
        if v is None:
            continue
        _number(v, name, kind)
        if v == 0:
            raise ArgumentError("%s must be positive, got 0" % name)
        req[name] = float(v) if name == "seconds" else int(v)
    return Comparison(_engine.call(req, progress=progress)["comparison"])


class Profile:
    """A heuristic's profile over every board: the figures of `analyze
    heuristics -json` (exact_share, mean_h, mean_ratio, inadmissible,
    inconsistent_edges, max_jump, eta, joint, ...) as attributes."""

    def __init__(self, record: Dict[str, Any]) -> None:
        self._record = record
        for k, v in record.items():
            setattr(self, k, v)

    def as_dict(self) -> Dict[str, Any]:
        """The record `analyze heuristics -json` writes for the heuristic."""
        return dict(self._record)

    def __repr__(self) -> str:
        r = self._record
        return ("Profile(%r on %s goal %s: exact %.4f, mean h/h* %.4f, %d overestimates, "
                "%d moves with |dh|>1, max |dh| %d)" % (r["heuristic"], r["shape"], r["goal"], r["exact_share"],
                                                      r["mean_ratio"], r["inadmissible"],
                                                      r["inconsistent_edges"], r["max_jump"]))

    def _repr_html_(self) -> str:
        r = self._record
        return _html_table("Profile of %s on %s goal %s" % (r["heuristic"], r["shape"], r["goal"]),
                           [("exact share", "%.4f" % r["exact_share"]), ("mean h/h*", "%.4f" % r["mean_ratio"]),
                            ("overestimates", r["inadmissible"]), ("moves with |dh|>1", r["inconsistent_edges"]),
                            ("max |dh|", r["max_jump"])])


def _values(values: Any, states: int, name: str) -> np.ndarray:
    v = np.asarray(values)
    if v.dtype == object:
        raise ArgumentError("%s: every value must be a number" % name)
    if v.dtype.kind not in "iuf" or v.dtype == np.bool_:
        raise TypeError("%s: numbers are needed, not dtype %s" % (name, v.dtype))
    if v.shape != (states,):
        raise ArgumentError("%s: one value per board is needed, %d in rank order, not shape %s"
                            % (name, states, v.shape))
    if v.dtype.kind == "f":
        if not np.all(np.isfinite(v)) or np.any(v != np.floor(v)):
            raise ArgumentError("%s: the profile counts whole numbers of moves; round the values first" % name)
    if v.size and (v.min() < 0 or v.max() > 255):
        bad = int(np.argmax((v < 0) | (v > 255)))
        raise ArgumentError("%s: the value of board %d is %s: the profile counts values 0 to 255"
                            % (name, bad, v[bad]))
    return np.ascontiguousarray(v, dtype=np.uint8)


Heuristic = Union[str, npt.ArrayLike, Callable[[Tuple[int, ...]], float]]


def profile(heuristic: Heuristic, *, shape: str = "3x3", goal: GoalLike = "last", name: Optional[str] = None,
            progress: ProgressArg = None) -> Profile:
    """The analyzer's profile of a heuristic over every board of shape (at
    most 12 cells), against the exact distances.

    Parameters
    ----------
    heuristic : str, array_like or callable
        A built-in name ("misplaced", "manhattan", "linear-conflict",
        "pdb:1,2,3,4/5,6,7,8", "max:A+B"), an array of values in rank
        order, or a function of a board (a tuple of ints, 0 the blank),
        called once per board.
    shape : str, default "3x3"
    goal : str or board, default "last"
    name : str, optional
        The heuristic's name in the profile.
    progress : None, bool or callable
        See table().

    Returns
    -------
    Profile
    """
    shape = _shape_text(shape)
    goal_text = _goal_text(goal)
    req: Dict[str, Any] = {"op": "profile", "shape": shape, "goal": goal_text}
    if isinstance(heuristic, str):
        req["heuristic"] = heuristic
        return Profile(_engine.call(req, progress=progress)["profile"])
    sp = _space(shape, goal_text)
    states = sp["states"]
    if states is None or sp["cells"] > 12:
        raise ShapeError("%s has too many boards to profile: at most 12 cells" % sp["shape"])
    if callable(heuristic):
        name = name or getattr(heuristic, "__name__", "function")
        values = np.empty(states, dtype=np.int64)
        every = boards(shape, goal=goal_text)
        step = max(1, states // 100)
        from ._progress import Reporter
        rep = Reporter(progress)
        ok = False
        try:
            for i, row in enumerate(every):
                values[i] = _whole(heuristic(tuple(row.tolist())), name, row)
                if i % step == 0 or i == states - 1:
                    rep(name, i + 1, states)
            ok = True
        finally:
            rep.finish(ok)
        del every
    else:
        values = heuristic  # type: ignore[assignment]
        name = name or "values"
    req["name"] = name
    v = _values(values, states, name)
    return Profile(_engine.call(req, v, progress=progress)["profile"])


def _whole(h: Any, name: str, row: np.ndarray) -> int:
    if isinstance(h, (bool, np.bool_)) or not isinstance(h, numbers.Real):
        raise TypeError("%s%s returned %r: a number is needed" % (name, tuple(row.tolist()), h))
    if not math.isfinite(h) or h != int(h):
        raise ArgumentError("%s%s returned %r: the profile counts whole numbers of moves"
                            % (name, tuple(row.tolist()), h))
    return int(h)


# --- builds -------------------------------------------------------------------

def build_table(shape: str, *, goal: GoalLike = "last", progress: ProgressArg = None) -> str:
    """Builds the distance table of shape and goal into the cache folder (as
    `enumerate -shape`); 12 cells take seconds to minutes.

    Returns
    -------
    str
        The table's path.
    """
    r = _engine.call({"op": "build_table", "shape": _shape_text(shape), "goal": _goal_text(goal)}, progress=progress)
    return str(r["reports"][0]["file"])


def build_databases(partition: str = "6-6-3", *, shape: str = "4x4", goal: GoalLike = "last",
                    zero_aware: bool = False, progress: ProgressArg = None) -> Tuple[str, ...]:
    """Builds the pattern databases of partition (a preset such as "6-6-3",
    or patterns "1,2,3/4,5,6,7,8") into the cache folder (as `enumerate
    databases -pdb`).

    Parameters
    ----------
    zero_aware : bool, default False
        Build zero-aware databases (as `enumerate databases -zero-aware`):
        stronger, and many times larger.

    Returns
    -------
    tuple of str
        The paths of the files.
    """
    if not isinstance(partition, str):
        raise TypeError("partition must be a string such as '6-6-3', not %r" % (partition,))
    if not isinstance(zero_aware, (bool, np.bool_)):
        raise TypeError("zero_aware must be True or False, not %r" % (zero_aware,))
    req: Dict[str, Any] = {"op": "build_databases", "partition": partition, "shape": _shape_text(shape),
                           "goal": _goal_text(goal)}
    if zero_aware:
        req["zero_aware"] = True
    r = _engine.call(req, progress=progress)
    return tuple(p["file"] for p in r["reports"][0]["patterns"])
