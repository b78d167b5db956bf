"""Ctrl-C during long work: KeyboardInterrupt, and no file half written."""

import os
import signal
import subprocess
import textwrap

import pytest

CHILD = textwrap.dedent("""
    import signal, sys, tilespace
    # Ctrl-C raises KeyboardInterrupt even where the test runs with SIGINT
    # ignored (a shell's background job), which Python would inherit.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    said = []
    def progress(what, done, total):
        if not said:
            said.append(1)
            print("working", flush=True)
    try:
        JOB
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    else:
        print("finished", flush=True)
""")


@pytest.mark.parametrize("job", [
    'tilespace.table("3x4", progress=progress)',  # a 2-bit search, then the .npy
    'tilespace.build_databases("6-6-3", progress=progress)',  # three databases, each written whole
    'tilespace.profile("manhattan", shape="3x4", progress=progress)',
])
def test_ctrl_c(tmp_path, python, job):
    cache = tmp_path / "cache"
    cache.mkdir()
    child = subprocess.Popen([python, "-c", CHILD.replace("JOB", job)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=str(tmp_path),
                             env=dict(os.environ, TILESPACE_CACHE=str(cache)))
    try:
        assert child.stdout.readline() == "working\n"  # the engine is at work
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=300)
    finally:
        child.kill()
    assert out == "interrupted\n", err
    assert child.returncode == 0, err
    left = sorted(os.listdir(cache))
    # Nothing half written; a database finished before the interruption is whole.
    assert [f for f in left if ".tmp-" in f or f.startswith(".")] == []
    assert all(f.endswith(".pdb") for f in left), left
