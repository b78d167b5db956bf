"""The comparison panel for Jupyter: every classroom algorithm on one board
against its exact distance, in the page's outcome colours, the solutions'
boards, new boards at an exact distance, and the scaling curves over every
board (or a sample) at each distance.

    from tilespace.widgets import ComparisonPanel
    ComparisonPanel()

It needs the optional extra "widgets" (ipywidgets and matplotlib):
pip install "tilespace[widgets]", or Debian's python3-ipywidgets and
python3-matplotlib. The figures and tables are also functions of the
engine's answers (comparison_figure, scaling_figure, path_figure,
comparison_table, …), usable without the panel; PanelFigure is the
matplotlib Figure they return, which a notebook can draw on too (it shows
itself as a PNG whatever matplotlib's backend).

Importing this package makes no widget: a notebook that only draws the
figures opens no widget in the kernel.
"""

try:
    import ipywidgets  # noqa: F401
    import matplotlib  # noqa: F401
except ImportError as e:  # pragma: no cover - exercised by a test in a subprocess
    raise ImportError(
        "tilespace.widgets needs the optional extra 'widgets' (ipywidgets and matplotlib), and %s is "
        "not installed: pip install 'tilespace[widgets]' (or, on Debian, apt install python3-ipywidgets "
        "python3-matplotlib)" % (e.name or "one of them"), name=e.name) from e

from ._figures import (PanelFigure, board_figure, comparison_figure, draw_board, path_figure,  # noqa: E402
                       scaling_caption, scaling_figure)
from ._logic import (OUTCOME_COLOURS, OUTCOME_LABELS, PRESETS, comparison_table,  # noqa: E402
                     outcome_of, table_html, table_text, walk)
from ._panel import ALGORITHMS, ComparisonPanel  # noqa: E402

__all__ = [
    "ComparisonPanel", "ALGORITHMS", "PRESETS", "OUTCOME_COLOURS", "OUTCOME_LABELS",
    "PanelFigure", "comparison_figure", "scaling_figure", "scaling_caption", "path_figure", "board_figure", "draw_board",
    "comparison_table", "table_text", "table_html", "outcome_of", "walk",
]
