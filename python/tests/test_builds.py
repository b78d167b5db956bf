"""Builds and exports against enumerate's."""

import os
import subprocess
import textwrap

import numpy as np


def run_child(python, cache, code):
    p = subprocess.run([python, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                       env=dict(os.environ, TILESPACE_CACHE=str(cache)), cwd=str(cache.parent))
    assert p.returncode == 0, p.stderr
    return p.stdout


def test_build_table_and_export(cli, python, tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    out = run_child(python, cache, """
        import tilespace
        print(tilespace.build_table("2x4", goal="first"))
        print(tilespace.table("2x4", goal="first").filename)
    """).split()
    assert out == [str(cache / "2x4-first.tbl"), str(cache / "2x4-first.npy")]
    # The file enumerate verifies, and the array enumerate exports.
    cli.run("enumerate", "verify", out[0])
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    cli.run("enumerate", "export", "-format", "npy", "-shape", "2x4", "-goal", "first", "-out", theirs)
    assert (theirs / "2x4-first.npy").read_bytes() == (cache / "2x4-first.npy").read_bytes()
    assert np.load(out[1]).shape == (20160,)


def test_build_databases(cli, python, tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    out = run_child(python, cache, """
        import tilespace
        for f in tilespace.build_databases("1,2,3,4/5,6,7,8", shape="3x3", goal="first"):
            print(f)
    """).split()
    assert sorted(os.path.basename(f) for f in out) == ["3x3-first-pdb-1.2.3.4.pdb", "3x3-first-pdb-5.6.7.8.pdb"]
    for f in out:
        cli.run("enumerate", "verify", f)
