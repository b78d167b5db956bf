"""tilespace.widgets without a browser: its tables, figures and panel built
from the engine's answers, its colours and legend against the page's
files, and its import without the optional extra."""

import os
import re
import subprocess
import sys

import numpy as np
import pytest

import tilespace

if not os.environ.get("CI"):  # CI installs the extra: there, its absence fails
    pytest.importorskip("matplotlib")
    pytest.importorskip("ipywidgets")

import matplotlib  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402

from tilespace import widgets  # noqa: E402
from tilespace.widgets import _figures, _logic  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MEDIUM = "1,2,5,3,4,0,6,7,8"


def page_file(name):
    with open(os.path.join(ROOT, "serve", "static", name), encoding="utf-8") as f:
        return f.read()


def test_import_tilespace_imports_no_extra():
    code = "import sys, tilespace; print(sorted(m for m in ('matplotlib', 'ipywidgets', 'IPython') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd="/")
    assert out.stdout.strip() == "[]"


def test_import_tilespace_widgets_makes_no_widget():
    """A widget opens a comm with the frontend when it is made; importing
    the package makes none, so a notebook that only draws figures runs under
    an nbclient that cannot read this ipywidgets' widgets (Debian 12's)."""
    code = ("import ipywidgets\nmade = []\nopen_ = ipywidgets.Widget.open\n"
            "ipywidgets.Widget.open = lambda self: made.append(type(self).__name__)\n"
            "import tilespace.widgets\nprint(made)\n"
            "tilespace.widgets.ComparisonPanel()\nprint(len(made) > 10)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd="/")
    assert out.stdout.split() == ["[]", "True"], out.stdout + out.stderr


def test_panel_shows_its_figures_as_images(tmp_path):
    """The panel's results are widgets of its own (HTML and Image), which
    every frontend that shows widgets shows; the image is the figure's PNG."""
    p = widgets.ComparisonPanel(algorithms=["bfs", "astar-manhattan"], nodes=100_000)
    p.preset.value = list(widgets.PRESETS)[1]
    c = p.run()
    kinds = [type(x).__name__ for x in p.output.children]
    assert kinds == ["HTML"] + ["Image"] * len(p.last_figures), kinds
    assert len(p.last_figures) == 1 + sum(r["result"]["found"] for r in c)
    image = p.output.children[1]
    assert bytes(image.value) == p.last_figures[0]._repr_png_() and bytes(image.value)[:8] == b"\x89PNG\r\n\x1a\n"
    assert "BFS" in p.output.children[0].value


@pytest.mark.parametrize("missing", ["ipywidgets", "matplotlib"])
def test_widgets_without_the_extra_name_it(missing):
    code = ("import sys; sys.modules[%r] = None\n"
            "try:\n    import tilespace.widgets\nexcept ImportError as e:\n    print(e)\n"
            "else:\n    print('imported')" % missing)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd="/")
    msg = out.stdout
    assert "extra 'widgets'" in msg and missing in msg and "pip install 'tilespace[widgets]'" in msg, msg


def test_colours_and_legend_are_the_pages():
    css = page_file("style.css")
    root = css[css.index(":root {"):css.index("}", css.index(":root {"))]
    var = dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-f]{6})", root))
    assert widgets.OUTCOME_COLOURS["optimal"] == var["good"]
    assert widgets.OUTCOME_COLOURS["longer"] == var["longer"]
    assert widgets.OUTCOME_COLOURS["stopped"] == var["stopped"]
    html = page_file("index.html")
    for outcome in _logic.LEGEND_OUTCOMES:
        m = re.search(r'class="key bar-%s">([^<]+)<' % outcome, html)
        assert m and m.group(1) == widgets.OUTCOME_LABELS[outcome]
    # The page draws the algorithms from the engine's one table
    # (/api/algorithms), and so does the panel: tilespace.algorithms().
    algs = tilespace.algorithms()
    assert [a["key"] for a in algs] == [k for k, _ in widgets.ALGORITHMS]
    styles = set()
    for a in algs:
        colour, linestyle, marker = _logic.line_style(a["key"])
        st = a["style"]
        assert colour == st["colour"] and marker == _logic._MARKERS[st["marker"]]
        assert linestyle == ((0, tuple(int(v) for v in st["dash"].split())) if st["dash"] else "-")
        styles.add((st["colour"], st["dash"], st["marker"]))
    assert len(styles) == len(algs), "two algorithms drawn alike"
    assert _logic.line_style("no-such-algorithm") == ("#1d2330", "-", "o")


def test_algorithms_are_the_comparisons():
    c = tilespace.compare(MEDIUM, nodes=1000)
    assert [(r["key"], r["result"]["algorithm"]) for r in c] == list(widgets.ALGORITHMS)


def test_presets():
    easy, medium, hard = [v for v in widgets.PRESETS.values() if v]
    with pytest.raises(tilespace.UnsolvableError):
        tilespace.distance(easy)
    assert tilespace.distance(medium) == 21
    assert tilespace.distance(hard) == 31 == int(np.asarray(tilespace.table("3x3")).max())


def test_walk_follows_each_path_to_the_goal():
    c = tilespace.compare(MEDIUM, algorithms=["bfs", "dfs", "greedy"])
    goal = tuple(range(1, 9)) + (0,)
    start = tuple(int(t) for t in MEDIUM.split(","))
    for row in c:
        boards = widgets.walk(start, row["result"]["path"])
        assert boards[0] == start and boards[-1] == goal
        assert len(boards) == row["result"]["path_length"] + 1
        d = tilespace.distances(np.array(boards))
        assert np.all(np.abs(np.diff(d.astype(int))) == 1)  # one move a step
        if row["key"] == "bfs":
            assert d.tolist() == list(range(21, -1, -1))
    with pytest.raises(ValueError):
        widgets.walk(start, ["Right"])  # the blank is in the last column


def test_comparison_table_outcomes():
    c = tilespace.compare(MEDIUM, algorithms=["bfs", "dfs", "iddfs", "greedy"], nodes=200000)
    table = widgets.comparison_table(c)
    want = {"BFS": "optimal", "DFS": "longer", "IDDFS": "stopped", "Greedy (Manhattan)": "longer"}
    assert {r["Algorithm"]: r["outcome"] for r in table} == want
    for row, r in zip(c, table):
        res = row["result"]
        assert r["outcome"] == row["outcome"] == _logic.outcome_of({"result": res, "excess_moves": row["excess_moves"]})
        if r["outcome"] == "longer":
            assert r["vs optimal"] == "+%s" % format(res["path_length"] - 21, ",")
        assert r["Nodes expanded"] == format(res["nodes_expanded"], ",")
    assert table[2]["Stopped by"] == "node limit" and table[2]["Path"] == "–"
    text = widgets.table_text(table)
    assert text.splitlines()[0].startswith("Algorithm") and len(text.splitlines()) == 5
    html = widgets.table_html(table)
    assert html.count("<tr>") == 5 and widgets.OUTCOME_COLOURS["stopped"] in html
    cells = re.findall(r"<t[dh]( [^>]*)?>", html)
    assert len(cells) == 5 * len(_logic.COMPARISON_COLUMNS)
    assert all(attrs.count("style=") == 1 for attrs in cells), "a cell with two style attributes: the second is ignored"
    assert sum(("color:" + widgets.OUTCOME_COLOURS["longer"]) in attrs for attrs in cells) == 2  # DFS and Greedy


def test_comparison_figure_colours_bars_by_outcome():
    c = tilespace.compare(MEDIUM, algorithms=["bfs", "dfs", "iddfs"], nodes=200000)
    fig = widgets.comparison_figure(c)
    outcomes = [r["outcome"] for r in c]
    axes = fig.axes
    assert len(axes) == len(_figures.COMPARISON_MEASURES)
    for ax, (_, field, _) in zip(axes, _figures.COMPARISON_MEASURES):
        bars = ax.patches
        assert [to_hex(b.get_facecolor()) for b in bars] == [widgets.OUTCOME_COLOURS[o] for o in outcomes]
        assert [b.get_hatch() for b in bars] == [("//" if o == "stopped" else None) for o in outcomes]
        for b, row in zip(bars, c):
            want = row["result"][field] if (field != "path_length" or row["result"]["found"]) else 0
            assert b.get_width() == pytest.approx(want)
    # On a log axis each bar starts at half the smallest value and ends at its own.
    for ax, (_, field, _) in zip(widgets.comparison_figure(c, log=True).axes, _figures.COMPARISON_MEASURES):
        assert ax.get_xscale() == "log"
        for b, row in zip(ax.patches, c):
            if field != "path_length" or row["result"]["found"]:
                assert b.get_x() + b.get_width() == pytest.approx(row["result"][field])
    legend = fig.legends[0]
    assert [t.get_text() for t in legend.get_texts()] == [widgets.OUTCOME_LABELS[o] for o in _logic.LEGEND_OUTCOMES]


def test_path_figure_strip():
    assert _figures.strip_positions(5, fit=12) == [0, 1, 2, 3, 4]
    assert _figures.strip_positions(40, fit=12, tail=3) == list(range(8)) + [None, 37, 38, 39]
    c = tilespace.compare(MEDIUM, algorithms=["bfs"])
    fig = widgets.path_figure(tuple(int(t) for t in MEDIUM.split(",")), c[0]["result"]["path"])
    titles = [ax.get_title() for ax in fig.axes]
    assert titles[0] == "start" and titles[-1] == "21: %s" % c[0]["result"]["path"][-1]
    # 22 boards: the first 8 and the last 3 shown, 11 left out between them.
    gaps = [t.get_text() for ax in fig.axes for t in ax.texts if "more" in t.get_text()]
    assert gaps == ["… 11\nmore …"] and len(fig.axes) == 12


def test_scaling_figure_draws_the_summary():
    s = tilespace.scaling(algorithms=["bfs", "dfs"], distances=[2, 4, 6], sample=4, seed=1, dfs_depth=10)
    fig = widgets.scaling_figure(s)
    rows = s.summary()
    assert len(fig.axes) == 3
    for ax, (_, col, log) in zip(fig.axes, _figures.SCALING_MEASURES):
        assert ax.get_yscale() == ("log" if log else "linear")
        lines = {ln.get_label(): ln for ln in ax.get_lines()}
        for key, name in zip(s.algorithms, s.names):
            pts = [r for r in rows if r["algorithm"] == key and r[col + "_mean"] is not None]
            assert list(lines[name].get_xdata()) == [r["distance"] for r in pts]
            assert list(lines[name].get_ydata()) == pytest.approx([r[col + "_mean"] for r in pts])
        if col == "path":
            assert list(lines["exact distance"].get_ydata()) == [2, 4, 6]
    assert "4 boards drawn" in widgets.scaling_caption(s)
    every = tilespace.scaling(algorithms=["bfs"], distances=[1, 2])
    assert widgets.scaling_caption(every).startswith("3x3: every board at each distance")


def test_panel_runs_without_a_browser(capsys):
    p = widgets.ComparisonPanel()
    assert p.board.value == "2,8,3,1,6,4,7,0,5"  # the first preset, the unsolvable one
    assert p.run() is None
    assert "cannot reach the goal" in p.message.value and len(p.last_figures) == 1
    p.preset.value = list(widgets.PRESETS)[1]
    assert p.board.value == MEDIUM
    p.algorithms.value = ("bfs", "astar-manhattan", "climber")
    c = p.run()
    assert [r["key"] for r in c] == ["bfs", "astar-manhattan", "climber"]
    assert len(p.last_figures) == 1 + sum(r["result"]["found"] for r in c)
    b = p.new_board(17)
    assert p.board.value == b and tilespace.distance(b) == 17
    p.board.value = "1,2,3"
    assert p.run() is None and "1,2,3" in p.message.value
    # The scaling curves start with what the page checks first.
    assert p.scaling_algorithms.value == tuple(a["key"] for a in tilespace.algorithms() if a["chosen"])
    p.scaling_distances.value = "3, 5"
    p.scaling_sample.value = 2
    p.scaling_algorithms.value = ("bfs", "ucs")
    s = p.run_scaling()
    assert s.distances == (3, 5) and len(s.boards) == 4 and s.algorithms == ("bfs", "ucs")
    assert p.scaling_progress.layout.visibility == "hidden"
    p._scaling_progress("scaling", 3, 10)
    assert (p.scaling_progress.value, p.scaling_progress.max) == (3, 10)
    capsys.readouterr()


def test_figures_save_as_png(tmp_path):
    matplotlib.use("Agg")
    c = tilespace.compare(MEDIUM, algorithms=["bfs", "dfs"])
    out = tmp_path / "c.png"
    widgets.comparison_figure(c).savefig(out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
