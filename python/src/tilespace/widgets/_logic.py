"""The comparison panel's logic without a display: tables, outcomes, paths
and the scaling summary, built from the engine's answers. Nothing here
imports ipywidgets or matplotlib, so it is tested without a browser."""

import math
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

import tilespace

# The page's outcome colours and legend (serve/static/style.css and
# index.html): a path of the optimal length, a longer one, and a search
# stopped without a path. "found" is a path where no optimum is known,
# "shorter" a path shorter than the reference (a wrong reference).
OUTCOME_COLOURS = {
    "optimal": "#2a7148",
    "longer": "#b35900",
    "stopped": "#7a2e8e",
    "found": "#515a6b",
    "shorter": "#b3261e",
}
OUTCOME_LABELS = {
    "optimal": "optimal path",
    "longer": "longer than optimal",
    "stopped": "stopped (node limit, time limit or loop): no path",
    "found": "path found (optimum unknown)",
    "shorter": "shorter than the reference: the reference is wrong",
}
# The three outcomes the legend always shows, in the page's order.
LEGEND_OUTCOMES = ("optimal", "longer", "stopped")

#: A comparison: a tilespace.Comparison, the record `classroom compare
#: -json` writes, or its list of rows.
ComparisonLike = Union[Mapping[str, Any], Sequence[Mapping[str, Any]]]

# The page's marker names as matplotlib's.
_MARKERS = {"circle": "o", "square": "s", "triangle": "^", "triangle-down": "v",
            "diamond": "D", "cross": "x", "plus": "P"}


def alg_styles() -> Dict[str, Tuple[str, str, str]]:
    """Each algorithm's style on every chart, the page's: a colour, a dash
    (SVG's dash array, "" solid) and a marker, from the engine's table of
    algorithms (tilespace.algorithms())."""
    return {a["key"]: (a["style"]["colour"], a["style"]["dash"], a["style"]["marker"])
            for a in tilespace.algorithms()}


def line_style(key: str) -> Tuple[str, Any, str]:
    """An algorithm's colour, matplotlib linestyle and marker, the page's;
    an algorithm without a style is drawn in the page's ink, solid."""
    colour, dash, marker = alg_styles().get(key, ("#1d2330", "", "circle"))
    linestyle = (0, tuple(int(v) for v in dash.split())) if dash else "-"
    return colour, linestyle, _MARKERS[marker]


# The studied notebook's presets. Its "Easy" board cannot reach the goal
# 1,2,…,8,_ (an odd number of inversions): the panel says so, as the
# notebook did; its "Hard" board is 31 moves away, the most there is.
PRESETS = {
    "Easy   (2 8 3 | 1 6 4 | 7 _ 5)": "2,8,3,1,6,4,7,0,5",
    "Medium (1 2 5 | 3 4 _ | 6 7 8)": "1,2,5,3,4,0,6,7,8",
    "Hard   (8 6 7 | 2 5 4 | 3 _ 1)": "8,6,7,2,5,4,3,0,1",
    "Custom (edit the board)": "",
}

# The blank's moves: (row step, column step).
_STEPS = {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}


def parse_shape(shape: Optional[str], cells: Optional[int] = None) -> Tuple[int, int]:
    """(rows, cols) of an "RxC" shape; None: square from cells."""
    if shape is None:
        side = math.isqrt(cells or 0)
        if cells is None or side * side != cells or side < 2:
            raise ValueError(f"a board of {cells} tiles has no square shape: give shape='RxC'")
        return side, side
    text = str(shape).lower()
    r, sep, c = text.partition("x")
    if not sep or not r.isdigit() or not c.isdigit():
        raise ValueError(f"shape {shape!r} is not of the form RxC, such as 3x3")
    return int(r), int(c)


def outcome_of(row: Mapping[str, Any]) -> str:
    """A comparison row's outcome: "optimal", "longer", "stopped", "found"
    or "shorter", as the engine says it (or, without its word, read from the
    row's figures, as the page does)."""
    if row.get("outcome"):
        return row["outcome"]
    result = row["result"]
    if not result["found"]:
        return "stopped"
    excess = row.get("excess_moves")
    if excess is None:
        return "found"
    return "optimal" if excess == 0 else ("longer" if excess > 0 else "shorter")


def comparison_parts(comparison: ComparisonLike) -> Tuple[Optional[int], List[Dict[str, Any]]]:
    """(optimal distance or None, the algorithms' rows) of a comparison:
    a tilespace.Comparison, the object `classroom compare -json` writes
    (with "algorithms"), or its list of rows."""
    if isinstance(comparison, dict):
        return comparison.get("optimal_distance"), list(comparison["algorithms"])
    rows = list(comparison)
    if hasattr(comparison, "optimal_distance"):  # tilespace.Comparison
        return comparison.optimal_distance, rows
    for row in rows:
        if row.get("excess_moves") is not None and row["result"]["found"]:
            return row["result"]["path_length"] - row["excess_moves"], rows
    return None, rows


def format_count(n: float) -> str:
    """1234567 as "1,234,567"."""
    return f"{int(n):,}"


def format_seconds(s: float) -> str:
    """A duration as the page writes it: µs, ms or s."""
    s = float(s)
    if s < 1e-3:
        return f"{s * 1e6:.0f} µs"
    if s < 1:
        return f"{s * 1e3:.1f} ms"
    return f"{s:.2f} s"


COMPARISON_COLUMNS = ("Algorithm", "Found", "Path", "vs optimal", "Nodes expanded",
                      "Nodes generated", "Max frontier", "Time", "Stopped by")


def comparison_table(comparison: ComparisonLike) -> List[Dict[str, str]]:
    """The comparison as the page's table: a dict per algorithm with the
    COMPARISON_COLUMNS as keys (text), plus "outcome"."""
    optimal, rows = comparison_parts(comparison)
    out = []
    for row in rows:
        r = row["result"]
        outcome = outcome_of(row)
        if outcome == "optimal":
            vs = "optimal"
        elif outcome == "longer":
            vs = "+" + format_count(r["path_length"] - optimal) if optimal is not None else "longer"
        elif outcome == "shorter":
            vs = "−" + format_count(optimal - r["path_length"]) + " (shorter than the reference)"
        elif outcome == "stopped":
            vs = "stopped"
        else:
            vs = "– (optimum unknown)"
        out.append({
            "Algorithm": r["algorithm"],
            "Found": "yes" if r["found"] else "no",
            "Path": format_count(r["path_length"]) if r["found"] else "–",
            "vs optimal": vs,
            "Nodes expanded": format_count(r["nodes_expanded"]),
            "Nodes generated": format_count(r["nodes_generated"]),
            "Max frontier": format_count(r["max_frontier"]),
            "Time": format_seconds(r["seconds"]),
            "Stopped by": r.get("stopped_by") or "",
            "outcome": outcome,
        })
    return out


def table_text(table: Iterable[Mapping[str, Any]], columns: Sequence[str] = COMPARISON_COLUMNS) -> str:
    """A table (dicts with the columns as keys) as aligned plain text: the
    first column left-aligned, the others right-aligned."""
    cells = [list(columns)] + [[str(row[c]) for c in columns] for row in table]
    widths = [max(len(line[i]) for line in cells) for i in range(len(columns))]
    lines = []
    for line in cells:
        parts = [line[0].ljust(widths[0])] + [v.rjust(w) for v, w in zip(line[1:], widths[1:])]
        lines.append("  ".join(parts).rstrip())
    return "\n".join(lines)


def _escape(s: Any) -> str:
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def table_html(table: Iterable[Mapping[str, Any]], columns: Sequence[str] = COMPARISON_COLUMNS) -> str:
    """A comparison table as HTML, its "vs optimal" cell in the outcome's
    colour, and the legend under it."""
    def align(c: str) -> str:
        return "left" if c in ("Algorithm", "Stopped by") else "right"

    # One style attribute a cell (a second one is ignored by the browser),
    # with room between the columns, which no stylesheet of the frontend gives.
    head = "".join(f'<th style="text-align:{align(c)};padding:0 0.5em">{_escape(c)}</th>' for c in columns)
    body = []
    for row in table:
        tds = []
        for c in columns:
            style = f"text-align:{align(c)};padding:0 0.5em"
            if c == "vs optimal" and row.get("outcome") in OUTCOME_COLOURS:
                style += f';color:{OUTCOME_COLOURS[row["outcome"]]};font-weight:600'
            tds.append(f'<td style="{style}">{_escape(row[c])}</td>')
        body.append("<tr>" + "".join(tds) + "</tr>")
    return ("<table><thead><tr>" + head + "</tr></thead><tbody>" + "".join(body)
            + "</tbody></table>" + legend_html())


def legend_html() -> str:
    """The outcome legend, as the page writes it."""
    keys = " ".join(
        f'<span style="white-space:nowrap"><span style="display:inline-block;width:0.9em;height:0.9em;'
        f'background:{OUTCOME_COLOURS[o]};margin-right:0.3em"></span>{_escape(OUTCOME_LABELS[o])}</span>'
        for o in LEGEND_OUTCOMES)
    return f'<p style="font-size:90%">{keys}</p>'


def walk(board: Sequence[int], moves: Iterable[str], shape: Optional[str] = None) -> List[Tuple[int, ...]]:
    """The boards along a path: board, then each board after one of the
    blank's moves ("Up", "Down", "Left", "Right"), as tuples. A move off
    the board is a ValueError."""
    b = list(board)
    rows, cols = parse_shape(shape, len(b))
    out = [tuple(b)]
    blank = b.index(0)
    for m in moves:
        if m not in _STEPS:
            raise ValueError(f"{m!r} is not a move (Up, Down, Left, Right)")
        dr, dc = _STEPS[m]
        r, c = divmod(blank, cols)
        r, c = r + dr, c + dc
        if not (0 <= r < rows and 0 <= c < cols):
            raise ValueError(f"the blank cannot move {m} from row {blank // cols + 1}, column {blank % cols + 1}")
        to = r * cols + c
        b[blank], b[to] = b[to], b[blank]
        blank = to
        out.append(tuple(b))
    return out


def quartiles(values: Iterable[float]) -> Optional[Tuple[float, float, float]]:
    """(q1, median, q3) of values by linear interpolation between order
    statistics (as the page and the figures compute them); None when empty."""
    v = sorted(float(x) for x in values)
    if not v:
        return None

    def q(p: float) -> float:
        i = (len(v) - 1) * p
        lo, hi = math.floor(i), math.ceil(i)
        return v[lo] + (v[hi] - v[lo]) * (i - lo)

    return q(0.25), q(0.5), q(0.75)
