"""ComparisonPanel: the studied notebook's panel (presets, a board box, a
scramble depth, show the path, run) rebuilt on the engine, with every
classroom algorithm, the outcome colours, new boards at an exact distance
and the scaling curves."""

from typing import Optional, Sequence

import ipywidgets as w
from IPython.display import display

import tilespace
from tilespace import BoardLike, GoalLike

from ._figures import board_figure, comparison_figure, path_figure, scaling_figure
from ._logic import PRESETS, _escape, comparison_parts, comparison_table, table_html

# Every classroom algorithm, as `classroom compare -algs` names them, with
# the names the comparison gives them: the engine's table
# (tilespace.algorithms()). "astar-exact" needs a distance table.
ALGORITHMS = tuple((a["key"], a["name"]) for a in tilespace.algorithms())
# The page's first choice, which the scaling curves start with.
CHOSEN = tuple(a["key"] for a in tilespace.algorithms() if a["chosen"])

# The fields' width. A Layout is a widget: each panel makes its own, and
# importing the package makes none, so a notebook that only draws the
# figures opens no widget comm (nbclient then runs it whatever its
# agreement with this ipywidgets).
_WIDTH = "430px"
# ipywidgets 7 and later take a style (the description's width) and a
# list's rows; 6 (Debian 12's) takes neither.
_NEW = int(str(getattr(w, "__version__", "7")).split(".")[0]) >= 7


def _kw(**kw):
    """Keyword arguments of a widget: the description's width, and rows,
    where this ipywidgets takes them."""
    if _NEW:
        kw.setdefault("style", {"description_width": "170px"})
    else:
        kw.pop("rows", None)
    return kw


def _message(kind, text):
    colour = {"warn": "#b35900", "error": "#b3261e", "ok": "#2a7148"}.get(kind, "#515a6b")
    return f'<p style="color:{colour};font-weight:600">{_escape(text)}</p>'


class ComparisonPanel:
    """The panel. Display it (the last line of a cell, or display(panel));
    its buttons call run(), new_board() and run_scaling(), which a script
    or a test may call too: each returns what it computed and keeps it
    (last_comparison, last_board, last_scaling, last_figures)."""

    def __init__(self, board: Optional[BoardLike] = None, *, shape: str = "3x3", goal: GoalLike = "last",
                 algorithms: Optional[Sequence[str]] = None, nodes: Optional[int] = None,
                 seconds: Optional[float] = None, seed: Optional[int] = None) -> None:
        self.shape, self.goal, self.seconds, self.seed = shape, goal, seconds, seed
        self.last_comparison = self.last_board = self.last_scaling = None
        self.last_figures = []
        first = next(iter(PRESETS))
        wide = w.Layout(width=_WIDTH)
        self.preset = w.Dropdown(**_kw(options=list(PRESETS), value=first if board is None else list(PRESETS)[-1],
                                 description="Preset", layout=wide))
        self.board = w.Text(**_kw(value=PRESETS[first] if board is None else _text(board),
                            placeholder="e.g. 1,2,5,3,4,0,6,7,8 (0 or _ the blank)",
                            description="Board", layout=wide))
        self.distance = w.BoundedIntText(**_kw(value=20, min=0, max=self._radius(), description="Scramble depth d",
                                         layout=wide))
        self.new_board_button = w.Button(description="New board at distance d", icon="random",
                                         layout=w.Layout(width="220px"))
        keys = [k for k, _ in ALGORITHMS]
        self.algorithms = w.SelectMultiple(**_kw(options=[(n, k) for k, n in ALGORITHMS],
                                           value=tuple(algorithms or keys), rows=len(ALGORITHMS),
                                           description="Algorithms", layout=wide))
        self.nodes = w.BoundedIntText(**_kw(value=nodes or 2_000_000, min=1, max=10**10,
                                      description="Expansions per algorithm", layout=wide))
        self.show_path = w.Checkbox(**_kw(value=True, description="Show the solutions' boards"))
        self.log_scale = w.Checkbox(**_kw(value=True, description="Charts on a log scale"))
        self.run_button = w.Button(description="Run", button_style="primary", icon="play",
                                   layout=w.Layout(width="220px"))
        self.message = w.HTML()
        # What a run shows (its table and figures) are widgets in a box, not
        # an Output widget's captured display: they show in every frontend
        # that shows widgets (an Output widget of ipywidgets 6 in Notebook 6
        # lets a button's output fall into the cell below the panel).
        self.output = w.VBox()

        self.scaling_algorithms = w.SelectMultiple(**_kw(options=[(n, k) for k, n in ALGORITHMS], value=CHOSEN,
                                                   rows=len(ALGORITHMS), description="Algorithms",
                                                   layout=wide))
        self.scaling_distances = w.Text(**_kw(value="2,4,6,8,10,12,14,16,18,20", description="Distances",
                                        layout=wide))
        self.scaling_sample = w.BoundedIntText(**_kw(value=20, min=0, max=10**6,
                                               description="Boards per distance (0: every board)",
                                               layout=wide))
        self.scaling_seed = w.BoundedIntText(**_kw(value=1, min=0, max=2**62, description="Seed",
                                             layout=wide))
        self.dfs_depth = w.BoundedIntText(**_kw(value=0, min=0, max=10**6, description="DFS depth limit (0: none)",
                                          layout=wide))
        self.scaling_button = w.Button(description="Draw the scaling curves", button_style="primary",
                                       icon="line-chart", layout=w.Layout(width="220px"))
        self.scaling_message = w.HTML()
        self.scaling_progress = w.IntProgress(value=0, min=0, max=1, description="Searches",
                                              layout=w.Layout(width=_WIDTH, visibility="hidden"))
        self.scaling_output = w.VBox()

        self.preset.observe(self._on_preset, names="value")
        self.run_button.on_click(lambda _: self.run())
        self.new_board_button.on_click(lambda _: self.new_board())
        self.scaling_button.on_click(lambda _: self.run_scaling())

        compare_tab = w.VBox([self.preset, self.board, w.HBox([self.distance, self.new_board_button]),
                              self.algorithms, self.nodes, self.show_path, self.log_scale, self.run_button, self.message,
                              self.output])
        scaling_tab = w.VBox([self.scaling_algorithms, self.scaling_distances, self.scaling_sample,
                              self.scaling_seed, self.dfs_depth, self.scaling_button, self.scaling_progress,
                              self.scaling_message,
                              self.scaling_output])
        self.tabs = w.Tab(children=[compare_tab, scaling_tab])
        self.tabs.set_title(0, "Compare")
        self.tabs.set_title(1, "Scaling")
        self.widget = w.VBox([w.HTML(f"<h3>tilespace: search algorithms on the {shape} puzzle</h3>"), self.tabs])

    def _ipython_display_(self):
        display(self.widget)

    def _radius(self):
        try:
            return int(tilespace.table(self.shape, goal=self.goal).max())
        except tilespace.Error:
            return 200  # no table: boards at a distance cannot be drawn, and new_board says so

    def _on_preset(self, change):
        if PRESETS.get(change["new"]):
            self.board.value = PRESETS[change["new"]]

    def new_board(self, distance: Optional[int] = None) -> Optional[str]:
        """Puts a board drawn uniformly at exactly distance moves (the
        scramble depth) in the board box, and returns it."""
        d = self.distance.value if distance is None else distance
        try:
            b = tilespace.random_boards(1, shape=self.shape, goal=self.goal, distance=d, seed=self.seed)[0]
        except (tilespace.Error, ValueError) as e:
            self.message.value = _message("error", f"No board at distance {d}: {e}")
            return None
        self.last_board = ",".join(str(int(t)) for t in b)
        self.preset.value = list(PRESETS)[-1]
        self.board.value = self.last_board
        self.message.value = _message("ok", f"A new board at distance {d}: {self.last_board}")
        return self.last_board

    def run(self) -> Optional[tilespace.Comparison]:
        """Runs the chosen algorithms on the board (tilespace.compare) and
        shows the table, the charts and, if asked, the solutions' boards.
        Returns the comparison, or None when the board cannot be run (an
        unsolvable board is shown beside the goal, with the engine's
        reason, as the studied notebook warned)."""
        text = self.board.value.strip()
        self.last_comparison, self.last_figures = None, []
        self.output.children = ()
        try:
            tilespace.distance(text, goal=self.goal, shape=self._board_shape(text))
        except tilespace.UnsolvableError as e:
            self.message.value = _message("warn", f"⚠ This board cannot reach the goal: {e}")
            fig = board_figure(_tiles(text), self.shape, "your board (unsolvable)", goal=self._goal_board())
            self.last_figures = [fig]
            self.output.children = (_image(fig),)
            return None
        except (tilespace.Error, ValueError, TypeError) as e:
            self.message.value = _message("error", str(e))
            return None
        algs = list(self.algorithms.value)
        if not algs:
            self.message.value = _message("error", "Choose at least one algorithm.")
            return None
        limits = {"nodes": self.nodes.value}
        if self.seconds is not None:
            limits["seconds"] = self.seconds
        self.message.value = _message("", "Running " + ", ".join(algs) + " …")
        c = tilespace.compare(text, goal=self.goal, shape=self._board_shape(text), algorithms=algs, **limits)
        self.last_comparison = c
        optimal, rows = comparison_parts(c)
        figs = [comparison_figure(c, log=self.log_scale.value)]
        if self.show_path.value:
            for row in rows:
                r = row["result"]
                if r["found"]:
                    figs.append(path_figure(_tiles(text), r["path"], self._board_shape(text),
                                            f'{r["algorithm"]}: {r["path_length"]:,} moves'))
        self.last_figures = figs
        self.output.children = (w.HTML(table_html(comparison_table(c))),) + tuple(_image(f) for f in figs)
        self.message.value = _message("ok", f"Board {text}: optimal distance {optimal} moves")
        return c

    def run_scaling(self) -> Optional[tilespace.Scaling]:
        """Runs tilespace.scaling with the scaling tab's settings and draws
        the curves; returns the Scaling."""
        self.scaling_output.children = ()
        try:
            ds = [int(x) for x in self.scaling_distances.value.replace(";", ",").replace(" ", ",").split(",") if x]
            self.scaling_progress.layout.visibility = "visible"
            s = tilespace.scaling(self.shape, goal=self.goal, algorithms=list(self.scaling_algorithms.value),
                                  distances=ds, sample=self.scaling_sample.value or None, seed=self.scaling_seed.value,
                                  nodes=self.nodes.value, dfs_depth=self.dfs_depth.value or None,
                                  progress=self._scaling_progress)
        except (tilespace.Error, ValueError, TypeError) as e:
            self.scaling_message.value = _message("error", str(e))
            return None
        finally:
            self.scaling_progress.layout.visibility = "hidden"
        self.last_scaling = s
        fig = scaling_figure(s)
        self.last_figures = [fig]
        self.scaling_output.children = (_image(fig),)
        self.scaling_message.value = _message("ok", f"{len(s.runs['algorithm']):,} searches on "
                                              f"{len(s.boards):,} boards")
        return s

    def _scaling_progress(self, what, done, total):
        """The engine's progress (searches done of all) on the bar."""
        if total:
            self.scaling_progress.max = int(total)
            self.scaling_progress.value = int(done)
            self.scaling_message.value = _message("", f"{int(done):,} of {int(total):,} searches")

    def _board_shape(self, text):
        return self.shape

    def _goal_board(self):
        """The goal as a board (for the unsolvable warning's picture): the
        one board at distance 0."""
        return tuple(int(t) for t in tilespace.random_boards(1, shape=self.shape, goal=self.goal, distance=0, seed=0)[0])


def _image(fig):
    """A figure as an Image widget: its PNG, at its size."""
    return w.Image(value=fig._repr_png_(), format="png")


def _text(board):
    if isinstance(board, str):
        return board
    return ",".join(str(int(t)) for t in board)


def _tiles(text):
    """The board box's text as tiles (commas or spaces, "_" the blank)."""
    parts = text.replace(",", " ").split()
    return tuple(0 if p == "_" else int(p) for p in parts)
