"""The exceptions of tilespace: each carries the engine's message, and each
is also the built-in exception of its kind, so that ``except ValueError``
catches a bad board and ``except TimeoutError`` a time limit."""

from __future__ import annotations

from typing import Any, Dict, Mapping, Optional

__all__ = ["Error", "BoardError", "UnsolvableError", "GoalError", "ShapeError", "MissingFileError",
           "DamagedFileError", "LimitError", "TimeLimitError", "ArgumentError", "from_response"]


class Error(Exception):
    """Base of every error the engine reports; ``str(e)`` is its message.

    Attributes
    ----------
    message : str
        The engine's message.
    facts : dict
        What the engine knows of the error (shape, goal, partition), if anything.
    """

    #: The engine's name for the kind of error ("board", "unsolvable", ...).
    kind = "unavailable"

    def __init__(self, message: str, facts: Optional[Mapping[str, Any]] = None) -> None:
        super().__init__(message)
        self.message = message
        self.facts: Dict[str, Any] = dict(facts or {})


class BoardError(Error, ValueError):
    """A board that cannot be read: bad text, wrong shape, a tile twice or
    missing. Also a ValueError."""

    kind = "board"


class UnsolvableError(Error, ValueError):
    """A board that cannot reach its goal (the parity rule). Also a ValueError."""

    kind = "unsolvable"


class GoalError(Error, ValueError):
    """A goal that is not last, first or a board of the shape. Also a ValueError."""

    kind = "goal"


class ShapeError(Error, ValueError):
    """A shape that is not RxC, is too small or too large for what was
    asked. Also a ValueError."""

    kind = "shape"


class MissingFileError(Error, FileNotFoundError):
    """A distance table or pattern databases that are not built yet. Also a
    FileNotFoundError."""

    kind = "missing"

    def __str__(self) -> str:
        return self.message


class DamagedFileError(Error):
    """A table or database file that is damaged (checksum, truncation, contents)."""

    kind = "damaged"


class LimitError(Error):
    """A time, memory or node limit was reached before the answer."""

    kind = "limit"


class TimeLimitError(LimitError, TimeoutError):
    """A time limit was reached before the answer. Also a TimeoutError."""

    kind = "time"

    def __str__(self) -> str:
        return self.message


class ArgumentError(Error, ValueError):
    """An argument the engine or the package refuses: an unknown heuristic or
    algorithm, a bad partition, a distance no board has, a number that is
    not one. Also a ValueError."""

    kind = "value"


_BY_KIND = {c.kind: c for c in (BoardError, UnsolvableError, GoalError, ShapeError, MissingFileError,
                                 DamagedFileError, LimitError, TimeLimitError, ArgumentError)}


def from_response(err: Mapping[str, Any]) -> Error:
    """The exception of an error response ``{"kind": ..., "message": ...}``;
    a missing file's message ends with the call that builds it."""
    cls = _BY_KIND.get(err.get("kind"), Error)
    message, facts = err.get("message", "unknown error"), err.get("facts") or {}
    if cls is MissingFileError and "shape" in facts:
        where = "shape=%r, goal=%r" % (facts["shape"], facts.get("goal", "last"))
        if "partition" in facts:
            if facts.get("zero_aware") == "true":
                where += ", zero_aware=True"
            message += "; build them with tilespace.build_databases(%r, %s)" % (facts["partition"], where)
        else:
            message += "; build it with tilespace.build_table(%s)" % where
    return cls(message, facts)
