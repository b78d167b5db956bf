"""Progress of long calls: reported to a callback only going up and ending
at its total, and shown, when a call lasts more than a few seconds, as a
tqdm bar when tqdm is installed, else a widget bar in Jupyter (ipywidgets),
else a line on stderr when it is a terminal; nothing otherwise."""

from __future__ import annotations

import sys
import time
from typing import Any, Callable, Dict, Optional, Union

#: A callback progress(what, done, total).
ProgressCallback = Callable[[str, int, int], Any]
#: What a long call's ``progress=`` takes: None (a bar after a few seconds),
#: True (a bar at once), False (nothing), or a callback.
ProgressArg = Union[None, bool, ProgressCallback]

#: Seconds a call runs before its bar appears when progress is None.
DELAY = 3.0


class Reporter:
    """Takes the engine's progress (what, done, total) as it is polled and
    passes it on going up only, stage by stage (a stage is a what); a
    total of 0 is a stage of unknown length."""

    def __init__(self, progress: ProgressArg) -> None:
        if progress is not None and not isinstance(progress, bool) and not callable(progress):
            raise TypeError("progress: None, True, False or a function progress(what, done, total), not %r"
                            % (progress,))
        self.callback = progress if callable(progress) and not isinstance(progress, bool) else None
        self.show = progress is None or progress is True
        self.delay = 0.0 if progress is True else DELAY
        self.start = time.monotonic()
        self.done: Dict[str, int] = {}
        self.last: Optional[tuple] = None
        self.bar: Optional[_Bar] = None

    def __call__(self, what: str, done: int, total: int) -> None:
        if not what:
            return
        total = max(0, int(total))  # 0: a stage of unknown length
        done = max(0, int(done))
        if total:
            done = min(done, total)
        if done < self.done.get(what, 0):
            done = self.done[what]
        self.done[what] = done
        state = (what, done, int(total))
        if state == self.last:
            return
        self.last = state
        if self.callback is not None:
            self.callback(*state)
        if self.show and (self.bar is not None or time.monotonic() - self.start >= self.delay):
            if self.bar is None:
                self.bar = _bar()
            if self.bar is not None:
                self.bar.update(*state)

    def finish(self, ok: bool) -> None:
        """Ends the last stage at its total when the call succeeded, and
        closes the bar."""
        if ok and self.last is not None and 0 < self.last[2] and self.last[1] < self.last[2]:
            self(self.last[0], self.last[2], self.last[2])
        if self.bar is not None:
            self.bar.close()
            self.bar = None


class _Bar:
    def update(self, what: str, done: int, total: int) -> None:
        raise NotImplementedError

    def close(self) -> None:
        pass


class _Tqdm(_Bar):
    def __init__(self, tqdm: Any) -> None:
        self.tqdm = tqdm
        self.bar: Any = None
        self.what = ""

    def update(self, what: str, done: int, total: int) -> None:
        if self.bar is None or what != self.what:
            self.close()
            self.bar = self.tqdm(total=total or None, desc=what, leave=False)
            self.what = what
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


class _Widget(_Bar):
    def __init__(self, widgets: Any, display: Callable[[Any], Any]) -> None:
        self.bar = widgets.IntProgress(min=0, max=1, value=0)
        self.label = widgets.Label()
        self.box = widgets.HBox([self.bar, self.label])
        display(self.box)

    def update(self, what: str, done: int, total: int) -> None:
        self.bar.max = max(total, 1)
        self.bar.value = done if total else 0
        self.label.value = _text(what, done, total)

    def close(self) -> None:
        self.box.close()


class _Line(_Bar):
    def __init__(self) -> None:
        self.width = 0

    def update(self, what: str, done: int, total: int) -> None:
        text = "tilespace: " + _text(what, done, total)
        sys.stderr.write("\r" + text.ljust(self.width))
        sys.stderr.flush()
        self.width = len(text)

    def close(self) -> None:
        sys.stderr.write("\r" + " " * self.width + "\r")
        sys.stderr.flush()


def _text(what: str, done: int, total: int) -> str:
    if not total:
        return "%s: working" % what
    return "%s: %d of %d (%.0f%%)" % (what, done, total, 100.0 * done / total)


def _in_jupyter() -> bool:
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    try:
        ip = shell.get_ipython()  # type: ignore[attr-defined]
    except Exception:
        return False
    return ip is not None and "IPKernelApp" in getattr(ip, "config", {})


def _bar() -> Optional[_Bar]:
    """The bar that shows here: tqdm's, Jupyter's or the terminal's; None
    where none shows (stderr a file or a pipe)."""
    jupyter = _in_jupyter()
    if not jupyter and not getattr(sys.stderr, "isatty", lambda: False)():
        return None
    try:
        from tqdm.auto import tqdm
        return _Tqdm(tqdm)
    except ImportError:
        pass
    if jupyter:
        try:
            import ipywidgets
            from IPython.display import display
            return _Widget(ipywidgets, display)
        except ImportError:
            return None
    return _Line()
