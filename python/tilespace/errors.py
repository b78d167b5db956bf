"""The exceptions of tilespace: each carries the engine's message."""


class Error(Exception):
    """Base of every error the engine reports; str(e) is its message."""

    #: The engine's name for the kind of error ("board", "unsolvable", ...).
    kind = "unavailable"

    def __init__(self, message, facts=None):
        super().__init__(message)
        self.message = message
        #: What the engine knows of the error (shape, goal, partition), if anything.
        self.facts = dict(facts or {})


class BoardError(Error):
    """A board that cannot be read: bad text, wrong shape, a tile twice or missing."""

    kind = "board"


class UnsolvableError(Error):
    """A board that cannot reach its goal (the parity rule)."""

    kind = "unsolvable"


class GoalError(Error):
    """A goal that is not last, first or a board of the shape."""

    kind = "goal"


class ShapeError(Error):
    """A shape that is not RxC, is too small or too large for what was asked."""

    kind = "shape"


class MissingFileError(Error):
    """A distance table or pattern databases that are not built yet."""

    kind = "missing"


class DamagedFileError(Error):
    """A table or database file that is damaged (checksum, truncation, contents)."""

    kind = "damaged"


class LimitError(Error):
    """A time, memory or node limit was reached before the answer."""

    kind = "limit"


class ArgumentError(Error, ValueError):
    """An argument the engine refuses: an unknown heuristic or algorithm, a bad
    partition, a distance no board has. Also a ValueError."""

    kind = "value"


_BY_KIND = {c.kind: c for c in (BoardError, UnsolvableError, GoalError, ShapeError,
                                 MissingFileError, DamagedFileError, LimitError, ArgumentError)}


def from_response(err):
    """The exception of an error response {"kind": ..., "message": ...}; a
    missing file's message ends with the call that builds it."""
    cls = _BY_KIND.get(err.get("kind"), Error)
    message, facts = err.get("message", "unknown error"), err.get("facts") or {}
    if cls is MissingFileError and "shape" in facts:
        where = "shape=%r, goal=%r" % (facts["shape"], facts.get("goal", "last"))
        if "partition" in facts:
            message += "; build them with tilespace.build_databases(%r, %s)" % (facts["partition"], where)
        else:
            message += "; build it with tilespace.build_table(%s)" % where
    return cls(message, facts)
