"""tilespace.scaling: the classroom algorithms' effort against the exact
distance, over every board (or a sample) at each distance."""

from __future__ import annotations

import dataclasses
import html
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from ._progress import ProgressArg
from .errors import ArgumentError

# The measures of a scaling run's summary, as (column, run field).
MEASURES = (("nodes", "nodes_expanded"), ("path", "path_length"), ("seconds", "seconds"))


@dataclasses.dataclass(frozen=True)
class Scaling:
    """The searches of a scaling run, one per algorithm and board.

    boards is an (N, cells) uint8 array of the boards searched, distance
    their exact distance; runs holds a NumPy array per field, one entry
    per search: algorithm (an index into algorithms), board (a row of
    boards), distance, nodes_expanded, nodes_generated, max_frontier,
    path_length (-1 when no path was found), seconds, and stopped_by (what
    stopped a search without a path, "" otherwise). counts[d] is the number
    of boards at distance d in the whole space, so every board of a
    distance was searched where boards_searched(d) == counts[d].
    """

    shape: str
    goal: Tuple[int, ...]
    algorithms: Tuple[str, ...]  # the algorithms' keys ("bfs", …)
    names: Tuple[str, ...]  # their names ("BFS", …)
    distances: Tuple[int, ...]
    counts: Tuple[int, ...]
    sample: Optional[int]  # boards per distance drawn, or None: every board
    seed: int
    limits: Dict[str, Any]
    boards: np.ndarray = dataclasses.field(repr=False)
    distance: np.ndarray = dataclasses.field(repr=False)
    runs: Dict[str, np.ndarray] = dataclasses.field(repr=False)

    def __repr__(self) -> str:
        return ("Scaling(%s goal %s: %s on %d boards at distances %s, %d searches)"
                % (self.shape, ",".join(map(str, self.goal)), ", ".join(self.names), len(self.boards),
                   _span(self.distances), len(self.runs["algorithm"])))

    def _repr_html_(self) -> str:
        head = "<tr><th>algorithm</th><th>distance</th><th>boards</th><th>optimal</th><th>longer</th><th>stopped</th><th>nodes (median)</th></tr>"
        rows = "".join("<tr><td>%s</td><td>%d</td><td>%d of %d</td><td>%d</td><td>%d</td><td>%d</td><td>%s</td></tr>"
                       % (html.escape(r["name"]), r["distance"], r["boards"], r["boards_at_distance"], r["optimal"],
                          r["longer"], r["stopped"], "-" if r["nodes_median"] is None else "%.0f" % r["nodes_median"])
                       for r in self.summary())
        return "<table><caption>%s</caption>%s%s</table>" % (html.escape(repr(self)), head, rows)

    def boards_searched(self, d: int) -> int:
        """How many boards at distance d were searched."""
        return int(np.count_nonzero(self.distance == d))

    def outcomes(self) -> np.ndarray:
        """Each search's outcome against the board's exact distance:
        "optimal", "longer" or "stopped" (as the comparison's)."""
        found = self.runs["path_length"] >= 0
        longer = self.runs["path_length"] > self.runs["distance"]
        return np.where(~found, "stopped", np.where(longer, "longer", "optimal"))

    def summary(self) -> List[Dict[str, Any]]:
        """A dict per algorithm and distance: boards searched and in the
        space, how many searches ended optimal, longer or stopped, and each
        measure's mean, first quartile, median and third quartile (nodes
        expanded and seconds over every search, stopped ones counting up to
        their limit; path length over the searches that found one)."""
        out = []
        outcomes = self.outcomes()
        for ai, key in enumerate(self.algorithms):
            for d in self.distances:
                sel = (self.runs["algorithm"] == ai) & (self.runs["distance"] == d)
                n = int(np.count_nonzero(sel))
                if n == 0:
                    continue
                row = {"algorithm": key, "name": self.names[ai], "distance": int(d), "runs": n,
                       "boards": self.boards_searched(d), "boards_at_distance": int(self.counts[d])}
                for o in ("optimal", "longer", "stopped"):
                    row[o] = int(np.count_nonzero(outcomes[sel] == o))
                for col, field in MEASURES:
                    v = self.runs[field][sel].astype(float)
                    if field == "path_length":
                        v = v[v >= 0]
                    if len(v) == 0:
                        row.update({col + "_mean": None, col + "_q1": None, col + "_median": None, col + "_q3": None})
                        continue
                    q1, med, q3 = np.percentile(v, [25, 50, 75])
                    row.update({col + "_mean": float(v.mean()), col + "_q1": float(q1),
                                col + "_median": float(med), col + "_q3": float(q3)})
                out.append(row)
        return out

    def as_dict(self) -> Dict[str, Any]:
        """The run as plain Python values (lists, not arrays)."""
        d = dataclasses.asdict(self)
        d["boards"] = self.boards.tolist()
        d["distance"] = self.distance.tolist()
        d["runs"] = {k: v.tolist() for k, v in self.runs.items()}
        return d


def _span(ds: Sequence[int]) -> str:
    ds = list(ds)
    if ds and ds == list(range(ds[0], ds[-1] + 1)) and len(ds) > 2:
        return "%d-%d" % (ds[0], ds[-1])
    return ",".join(map(str, ds))


def _from_response(resp: Dict[str, Any]) -> Scaling:
    """A Scaling from the engine's answer."""
    cells = len(resp["goal"])
    boards = np.asarray(resp["boards"], dtype=np.uint8).reshape(-1, cells)
    dist = np.asarray(resp["board_distance"], dtype=np.int64)
    r = resp["runs"]
    runs = {
        "algorithm": np.asarray(r["algorithm"], dtype=np.int64),
        "board": np.asarray(r["board"], dtype=np.int64),
    }
    runs["distance"] = dist[runs["board"]] if len(dist) else np.zeros(0, dtype=np.int64)
    for k in ("nodes_expanded", "nodes_generated", "max_frontier", "path_length"):
        runs[k] = np.asarray(r[k], dtype=np.int64)
    runs["seconds"] = np.asarray(r["seconds"], dtype=float)
    runs["stopped_by"] = np.asarray(r["stopped_by"], dtype=str) if r["stopped_by"] else np.zeros(0, dtype=str)
    return Scaling(
        shape=resp["shape"], goal=tuple(resp["goal"]),
        algorithms=tuple(a["key"] for a in resp["algorithms"]),
        names=tuple(a["name"] for a in resp["algorithms"]),
        distances=tuple(resp["distances"]), counts=tuple(resp["counts"]),
        sample=resp["sample"] or None, seed=resp["seed"], limits=dict(resp["limits"]),
        boards=boards, distance=dist, runs=runs)


def scaling(shape: str = "3x3", *, goal: Any = "last", algorithms: Union[None, str, Sequence[str]] = None,
            distances: Union[None, int, Sequence[int]] = None, sample: Optional[int] = None, seed: int = 0,
            nodes: Optional[int] = None, seconds: Optional[float] = None, memory_mib: Optional[int] = None,
            dfs_depth: Optional[int] = None, progress: ProgressArg = None) -> Scaling:
    """The classroom algorithms' effort against the exact distance.

    Each algorithm is run on every board at each distance, or on sample
    boards per distance drawn without repetition with seed (every board
    where there are fewer). A shape needs a distance table (at most 12
    cells). Ctrl-C stops the searches.

    Parameters
    ----------
    shape : str, default "3x3"
    goal : str or board, default "last"
    algorithms : str or list of str, optional
        Keys as compare's; None: every one.
    distances : int or list of int, optional
        None: 1 to the radius.
    sample : int, optional
        Boards per distance; None: every board.
    seed : int, default 0
    nodes, seconds, memory_mib : optional
        Limits of each search, as compare's (the defaults are compare's).
    dfs_depth : int, optional
        DFS's depth limit, as the studied notebook's DFS.
    progress : None, bool or callable
        None: a bar after a few seconds; True: at once; False: none; a
        function progress(what, done, total), called as the searches end,
        going up only and ending at its total.

    Returns
    -------
    Scaling
    """
    from . import _engine, _goal_text, _shape_text

    req = {"op": "scaling", "shape": _shape_text(shape), "goal": _goal_text(goal), "seed": _whole(seed, "seed", 0)}
    if isinstance(algorithms, str):
        algorithms = algorithms.split(",")
    if algorithms is not None:
        algorithms = list(algorithms)
        if not algorithms or not all(isinstance(a, str) for a in algorithms):
            raise TypeError("algorithms: a list of algorithm keys such as ['bfs', 'dfs', 'ucs'], or None for all")
        req["algorithms"] = algorithms
    if distances is not None:
        if isinstance(distances, (int, np.integer)):
            distances = [distances]
        req["distances"] = [_whole(d, "distances", 1) for d in distances]
        if not req["distances"]:
            raise ArgumentError("distances: give at least one distance, or None for every distance")
    if sample is not None:
        req["sample"] = _whole(sample, "sample", 1)
    for name, v in (("nodes", nodes), ("memory_mib", memory_mib), ("dfs_depth", dfs_depth)):
        if v is not None:
            req[name] = _whole(v, name, 1)
    if seconds is not None:
        req["seconds"] = _positive(seconds, "seconds")
    return _from_response(_engine.call(req, progress=progress))


def _whole(v: Any, name: str, least: int) -> int:
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
        raise TypeError(f"{name}: a whole number is needed, not {v!r}")
    if v < least:
        raise ArgumentError(f"{name}: {v} is less than {least}")
    return int(v)


def _positive(v: Any, name: str) -> float:
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name}: a number of seconds is needed, not {v!r}")
    if not v > 0 or v == float("inf"):
        raise ArgumentError(f"{name}: {v} is not a positive number of seconds")
    return float(v)
