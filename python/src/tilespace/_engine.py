"""The Go engine, loaded with ctypes: one call with a JSON request and two
optional buffers, run in a worker thread so that Ctrl-C cancels it. The
worker threads are kept for the next calls, so that a call answered at
once costs a hand-over between threads, not a thread's start."""

from __future__ import annotations

import ctypes
import json
import logging
import os
import queue
import sys
import threading
from typing import Any, Callable, Dict, List, Optional

import numpy as np

from . import _progress, errors

#: The engine's notes for people (a database being built, a table
#: missing, a search started) go to this logger at INFO; nothing is
#: printed unless logging is configured to show them.
log = logging.getLogger("tilespace")

_NAMES = {"darwin": "libtilespace.dylib", "win32": "tilespace.dll"}
LIBRARY = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       _NAMES.get(sys.platform, "libtilespace.so"))

_lib = None
_lock = threading.Lock()

#: How often the waiting thread wakes to report progress and take Ctrl-C, in seconds.
POLL = 0.05


def _load() -> Any:
    global _lib
    with _lock:
        if _lib is not None:
            return _lib
        if not os.path.exists(LIBRARY):
            raise ImportError(
                "tilespace's engine %s is missing: install the package with pip (a wheel, or "
                "pip install ./python from a clone, which builds it with the Go toolchain)" % LIBRARY)
        lib = ctypes.CDLL(LIBRARY)
        i64, ptr = ctypes.c_int64, ctypes.c_void_p
        lib.tilespace_job_new.argtypes = []
        lib.tilespace_job_new.restype = i64
        lib.tilespace_job_cancel.argtypes = [i64]
        lib.tilespace_job_cancel.restype = None
        lib.tilespace_job_free.argtypes = [i64]
        lib.tilespace_job_free.restype = None
        lib.tilespace_job_progress.argtypes = [i64]
        lib.tilespace_job_progress.restype = ptr
        lib.tilespace_call.argtypes = [i64, ctypes.c_char_p, i64, ptr, i64, ptr, i64]
        lib.tilespace_call.restype = ptr
        lib.tilespace_free.argtypes = [ptr]
        lib.tilespace_free.restype = None
        _lib = lib
        return lib


def _take(lib: Any, p: Optional[int]) -> Dict[str, Any]:
    """The JSON object of a C string the engine returned, freed."""
    if not p:
        raise errors.Error("the engine returned nothing")
    try:
        return json.loads(ctypes.string_at(p).decode("utf-8"))
    finally:
        lib.tilespace_free(p)


def _pointer(a: Optional[np.ndarray]) -> tuple:
    """The address and byte length of a C-contiguous array, or (None, 0)."""
    if a is None:
        return None, 0
    return a.ctypes.data, a.nbytes


#: Worker threads waiting for a call, each by its queue; at most MAX_IDLE.
_idle: List["queue.SimpleQueue[Callable[[], None]]"] = []
_idle_lock = threading.Lock()
MAX_IDLE = 4


def _serve(q: "queue.SimpleQueue[Callable[[], None]]") -> None:
    """A worker thread: runs the calls put on q, one at a time, waiting
    in _idle between them; ends when enough others wait."""
    while True:
        q.get()()
        with _idle_lock:
            if len(_idle) >= MAX_IDLE:
                return
            _idle.append(q)


def _in_worker(run: Callable[[], None]) -> None:
    """Runs run (which never raises) in an idle worker thread, or a new one."""
    with _idle_lock:
        q = _idle.pop() if _idle else None
    if q is None:
        q = queue.SimpleQueue()
        threading.Thread(target=_serve, args=(q,), name="tilespace-engine", daemon=True).start()
    q.put(run)


def _forget_workers() -> None:
    # A forked child has none of its parent's threads.
    del _idle[:]


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_workers)


def call_direct(request: Dict[str, Any]) -> Dict[str, Any]:
    """Runs a request that takes no time (space, algorithms, a lookup in
    a table at hand) in this thread: no Ctrl-C, no progress, no buffers."""
    lib = _load()
    data = json.dumps(request).encode("utf-8")
    handle = lib.tilespace_job_new()
    if handle < 0:
        raise errors.Error("the engine could not start a job")
    try:
        resp = _take(lib, lib.tilespace_call(handle, data, len(data), None, 0, None, 0))
    finally:
        lib.tilespace_job_free(handle)
    return _result(resp)


def call(request: Dict[str, Any], inbuf: Optional[np.ndarray] = None, outbuf: Optional[np.ndarray] = None,
         progress: _progress.ProgressArg = None) -> Dict[str, Any]:
    """Runs one request; returns its response, or raises its error.

    inbuf and outbuf are C-contiguous NumPy arrays the engine reads and
    writes during the call. progress (see _progress.Reporter) is served in
    this thread while the call runs: a callback gets (what, done, total)
    going up only, and a bar shows when the call lasts. Ctrl-C cancels the
    engine's work and raises KeyboardInterrupt once it has stopped.
    """
    reporter = _progress.Reporter(progress)
    lib = _load()
    data = json.dumps(request).encode("utf-8")
    handle = lib.tilespace_job_new()
    if handle < 0:
        raise errors.Error("the engine could not start a job")
    box: Dict[str, Any] = {}
    # Released by the worker when the call returns: a lock's wait is the
    # cheapest hand-over between threads (an Event's is a condition's).
    done = threading.Lock()
    done.acquire()

    def run(data=data, inbuf=inbuf, outbuf=outbuf):
        # The buffers are referenced here, so they live while the engine
        # uses them even if the caller has gone.
        try:
            ip, il = _pointer(inbuf)
            op, ol = _pointer(outbuf)
            box["p"] = lib.tilespace_call(handle, data, len(data), ip, il, op, ol)
        except BaseException as e:  # never in the engine: ctypes' own faults
            box["raised"] = e
        finally:
            box["done"] = True
            done.release()

    # The waiting is on a lock, not on Thread.join: a join interrupted by
    # Ctrl-C may take the thread for finished while it still runs.
    interrupted = False
    ok = False
    finished = False
    try:
        _in_worker(run)
        try:
            while not done.acquire(timeout=POLL):
                p = _take(lib, lib.tilespace_job_progress(handle))
                _notes(p)
                reporter(p.get("what", ""), p.get("done", 0), p.get("total", 0))
            finished = True
        except KeyboardInterrupt:
            interrupted = True
            if not box.get("done"):
                lib.tilespace_job_cancel(handle)
            _wait(done, box)
            finished = True
        if "raised" in box:
            raise box["raised"]
        resp = _take(lib, box.get("p"))
        if interrupted:
            raise KeyboardInterrupt
        if reporter.callback is not None or reporter.last is not None:
            # The last progress, which the polls may have missed.
            p = _take(lib, lib.tilespace_job_progress(handle))
            _notes(p)
            reporter(p.get("what", ""), p.get("done", 0), p.get("total", 0))
        result = _result(resp)
        ok = True
        return result
    finally:
        reporter.finish(ok)
        if finished:
            lib.tilespace_job_free(handle)


def _notes(resp: Dict[str, Any]) -> None:
    """Logs the engine's notes for people (a database being built, a table
    missing) as they come."""
    for note in resp.get("notes", ()):
        log.info("%s", note)


def _result(resp: Dict[str, Any]) -> Dict[str, Any]:
    _notes(resp)
    if "error" in resp:
        err = resp["error"]
        if err.get("kind") == "canceled":
            raise KeyboardInterrupt
        raise errors.from_response(err)
    return resp


def _wait(done: Any, box: Dict[str, Any]) -> None:
    """Waits for the cancelled call to end (box["done"] set, the lock done
    released); a second Ctrl-C while it stops is taken as the same
    request."""
    while not box.get("done"):
        try:
            if done.acquire(timeout=POLL):
                return
        except KeyboardInterrupt:
            pass
