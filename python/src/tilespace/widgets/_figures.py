"""The comparison panel's figures, drawn with matplotlib from the engine's
answers: a board, a solution's strip of boards, the comparison's bar
charts in the outcome colours, and the scaling curves. Each function
returns a matplotlib Figure (a PanelFigure, made without pyplot, so nothing
is shown or kept until it is displayed or saved)."""

import io
from typing import TYPE_CHECKING, Any, List, Optional, Sequence

from matplotlib.axes import Axes

from matplotlib.figure import Figure
from matplotlib.patches import Patch, Rectangle
from matplotlib.ticker import FuncFormatter, MaxNLocator

from ._logic import (LEGEND_OUTCOMES, OUTCOME_COLOURS, OUTCOME_LABELS, ComparisonLike, line_style,
                     comparison_parts, format_count, format_seconds, outcome_of, parse_shape, walk)

if TYPE_CHECKING:
    from .._scaling import Scaling

TILE, TILE_INK, BLANK, LINE = "#2f5d8a", "#ffffff", "#e4e7ee", "#1d2330"


class PanelFigure(Figure):
    """A matplotlib Figure that shows itself as a PNG in IPython and
    Jupyter whatever matplotlib's backend (made without pyplot, no backend
    hook displays it otherwise)."""

    def _repr_png_(self):
        buf = io.BytesIO()
        self.savefig(buf, format="png", dpi=100, bbox_inches="tight")
        return buf.getvalue()


def draw_board(ax: Axes, board: Sequence[int], shape: Optional[str] = None, title: Optional[str] = None) -> None:
    """Draws board (tiles in reading order, 0 the blank) on ax."""
    rows, cols = parse_shape(shape, len(board))
    ax.set_xlim(0, cols)
    ax.set_ylim(0, rows)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=8)
    size = 15 if cols <= 3 else (11 if cols == 4 else 9)
    for i, t in enumerate(board):
        r, c = divmod(i, cols)
        y = rows - 1 - r
        ax.add_patch(Rectangle((c + 0.04, y + 0.04), 0.92, 0.92, facecolor=TILE if t else BLANK,
                               edgecolor=LINE if t else BLANK, linewidth=0.6))
        if t:
            ax.text(c + 0.5, y + 0.5, str(int(t)), ha="center", va="center", color=TILE_INK,
                    fontsize=size, fontweight="bold")


def board_figure(board: Sequence[int], shape: Optional[str] = None, title: Optional[str] = None,
                 goal: Optional[Sequence[int]] = None) -> PanelFigure:
    """A figure of one board, and of the goal beside it when given."""
    boards = [(board, title or "board")] + ([(goal, "goal")] if goal is not None else [])
    fig = PanelFigure(figsize=(2.0 * len(boards), 2.2))
    for i, (b, t) in enumerate(boards):
        draw_board(fig.add_subplot(1, len(boards), i + 1), b, shape, t)
    fig.tight_layout()
    return fig


def strip_positions(n: int, fit: int = 12, tail: int = 3) -> List[Optional[int]]:
    """Which of n boards a strip of at most fit shows: the first ones, then
    None (the boards left out), then the last tail ones, the goal always
    among them; all of them when they fit."""
    if n <= fit:
        return list(range(n))
    head = max(1, fit - 1 - tail)
    return list(range(head)) + [None] + list(range(n - tail, n))


def path_figure(board: Sequence[int], moves: Sequence[str], shape: Optional[str] = None, title: Optional[str] = None,
                fit: int = 12) -> PanelFigure:
    """The boards along a solution, left to right, each titled with the
    moves made so far and the blank's last move; a long one shows its first
    and last boards with the number left out between them."""
    boards = walk(board, moves, shape)
    shown = strip_positions(len(boards), fit)
    fig = PanelFigure(figsize=(1.25 * len(shown), 1.75))
    for k, i in enumerate(shown):
        ax = fig.add_subplot(1, len(shown), k + 1)
        if i is None:
            ax.axis("off")
            left = len(boards) - len([j for j in shown if j is not None])
            ax.text(0.5, 0.5, f"… {format_count(left)}\nmore …", ha="center", va="center", fontsize=8)
            continue
        draw_board(ax, boards[i], shape, "start" if i == 0 else f"{i}: {moves[i - 1]}")
    if title:
        fig.suptitle(title, fontsize=9, fontweight="bold")
    fig.tight_layout()
    return fig


# The comparison's measures, as the page's charts: title, field, format.
COMPARISON_MEASURES = (
    ("Nodes expanded", "nodes_expanded", format_count),
    ("Nodes generated", "nodes_generated", format_count),
    ("Max frontier", "max_frontier", format_count),
    ("Path length (moves)", "path_length", format_count),
    ("Time", "seconds", format_seconds),
)


def _tick_count(v, _):
    return f"{v:,.0f}"


def _tick_seconds(v, _):
    return f"{v:g}"


def outcome_handles(outcomes: Sequence[str] = LEGEND_OUTCOMES) -> List[Patch]:
    """The legend's keys: a patch per outcome, stopped hatched as the page
    stripes it (so it reads without colour too)."""
    return [Patch(facecolor=OUTCOME_COLOURS[o], hatch="//" if o == "stopped" else None,
                  edgecolor="white" if o == "stopped" else OUTCOME_COLOURS[o], label=OUTCOME_LABELS[o])
            for o in outcomes]


def comparison_figure(comparison: ComparisonLike, title: Optional[str] = None, log: bool = False,
                      measures: Sequence[Any] = COMPARISON_MEASURES) -> PanelFigure:
    """The comparison's bar charts: a panel per measure, a bar per
    algorithm in its outcome's colour (stopped: hatched, and no path
    length), the value beside each bar, the legend above; log: a
    logarithmic axis, so that small counts show beside large ones."""
    optimal, rows = comparison_parts(comparison)
    names = [row["result"]["algorithm"] for row in rows]
    outcomes = [outcome_of(row) for row in rows]
    colours = [OUTCOME_COLOURS.get(o, "#515a6b") for o in outcomes]
    height = 0.36 * len(rows) + 1.9
    fig = PanelFigure(figsize=(3.1 * len(measures), height))
    for k, (mtitle, field, fmt) in enumerate(measures):
        ax = fig.add_subplot(1, len(measures), k + 1)
        vals = [row["result"][field] if (field != "path_length" or row["result"]["found"]) else None for row in rows]
        heights = [v if v is not None else 0 for v in vals]
        positive = [h for h in heights if h > 0] or [1]
        low = min(positive) / 2 if log else 0
        ys = list(range(len(rows)))[::-1]
        # On a log axis a bar starts at half the smallest value, not at 0.
        bars = ax.barh(ys, [max(h - low, 0) for h in heights], left=low, color=colours, edgecolor="white",
                       linewidth=0.5)
        for bar, o in zip(bars, outcomes):
            if o == "stopped":
                bar.set_hatch("//")
        for y, v in zip(ys, vals):
            ax.text(max(v or 0, low), y, " " + (fmt(v) if v is not None else "not found"), va="center", fontsize=7)
        if log:
            ax.set_xscale("log")
            ax.set_xlim(low, max(positive) * 60)
        else:
            ax.set_xlim(0, max(positive) * 1.45)
            ax.xaxis.set_major_formatter(FuncFormatter(_tick_seconds if field == "seconds" else _tick_count))
            ax.xaxis.set_major_locator(MaxNLocator(3))
        if field == "path_length" and optimal is not None:
            ax.axvline(optimal, color=OUTCOME_COLOURS["optimal"], linestyle="--", linewidth=1)
        ax.set_yticks(ys)
        ax.set_yticklabels(names if k == 0 else [""] * len(names), fontsize=8)
        ax.set_title(mtitle + (" (log scale)" if log else ""), fontsize=9, fontweight="bold")
        ax.tick_params(axis="x", labelsize=7)
        ax.spines[["top", "right"]].set_visible(False)
    head = title or ("Optimal distance: " + (f"{optimal} moves" if optimal is not None else "unknown"))
    top = 1 - 0.6 / height  # room for the title and the legend, in inches
    fig.suptitle(head, fontsize=10, fontweight="bold", y=1 - 0.12 / height)
    fig.legend(handles=outcome_handles(), loc="upper center", bbox_to_anchor=(0.5, 1 - 0.38 / height), ncol=3,
               fontsize=8, frameon=False)
    fig.tight_layout(rect=(0, 0, 1, top))
    return fig


# The scaling charts' measures: title, summary column, log axis.
SCALING_MEASURES = (
    ("Nodes expanded", "nodes", True),
    ("Path length (moves)", "path", False),
    ("Time (s)", "seconds", True),
)


def scaling_figure(scaling: "Scaling", title: Optional[str] = None,
                   measures: Sequence[Any] = SCALING_MEASURES) -> PanelFigure:
    """The scaling curves: a panel per measure against the exact distance,
    a curve per algorithm (the mean; shaded, the middle half of the boards,
    Q1 to Q3), and, on path length, the exact distance itself (what an
    optimal algorithm finds)."""
    rows = scaling.summary()
    fig = PanelFigure(figsize=(4.6 * len(measures), 3.9))
    ds = list(scaling.distances)
    for k, (mtitle, col, log) in enumerate(measures):
        ax = fig.add_subplot(1, len(measures), k + 1)
        for ai, key in enumerate(scaling.algorithms):
            pts = [r for r in rows if r["algorithm"] == key and r[col + "_mean"] is not None]
            if not pts:
                continue
            colour, linestyle, marker = line_style(key)
            x = [r["distance"] for r in pts]
            ax.fill_between(x, [r[col + "_q1"] for r in pts], [r[col + "_q3"] for r in pts],
                            color=colour, alpha=0.18, linewidth=0)
            ax.plot(x, [r[col + "_mean"] for r in pts], color=colour, linestyle=linestyle, marker=marker, markersize=3.5,
                    linewidth=1.8, label=scaling.names[ai])
        if col == "path":
            ax.plot(ds, ds, color="#1d2330", linestyle="--", linewidth=1, label="exact distance")
        if log:
            ax.set_yscale("log")
        ax.set_xlabel("exact distance from the goal (moves)", fontsize=8)
        ax.set_title(mtitle + (" (log scale)" if log else ""), fontsize=9, fontweight="bold")
        ax.grid(True, linestyle=":", alpha=0.6)
        ax.tick_params(labelsize=7)
        ax.spines[["top", "right"]].set_visible(False)
        if k == 0 or col == "path":
            ax.legend(fontsize=7, frameon=False)
    fig.suptitle(title or scaling_caption(scaling), fontsize=9)
    fig.tight_layout()
    return fig


def scaling_caption(scaling: "Scaling") -> str:
    """What a scaling figure shows: which boards, at which distances."""
    every = all(scaling.boards_searched(d) == scaling.counts[d] for d in scaling.distances)
    which = "every board" if every else (
        f"{scaling.sample} boards drawn without repetition (seed {scaling.seed}; every board where fewer)")
    return (f"{scaling.shape}: {which} at each distance; line: the mean, shaded: Q1 to Q3; "
            "stopped searches count their expansions up to the limit")
