"""A wheel a student installs without Go: `pip wheel ./python` builds a
platform wheel (the engine compiled in), and a fresh venv with no Go on
PATH installs it and answers."""

import glob
import os
import shutil
import subprocess
import sys
import zipfile

from conftest import ROOT


def test_wheel_installs_and_answers_without_go(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-build-isolation", "--no-deps",
                    "--wheel-dir", str(wheels), os.path.join(ROOT, "python")],
                   check=True, cwd=str(tmp_path), capture_output=True)
    [wheel] = glob.glob(str(wheels / "tilespace-*.whl"))
    name = os.path.basename(wheel)
    assert "-py3-none-" in name and not name.endswith("-any.whl"), name
    with zipfile.ZipFile(wheel) as z:
        files = z.namelist()
    assert "tilespace/py.typed" in files and any(f.startswith("tilespace/libtilespace") for f in files), files
    # A fresh venv that sees the system's NumPy, and a PATH without go.
    base = getattr(sys, "_base_executable", None) or shutil.which("python3")
    venv = tmp_path / "venv"
    subprocess.run([base, "-m", "venv", "--system-site-packages", str(venv)], check=True, capture_output=True)
    py = str(venv / "bin" / "python")
    subprocess.run([py, "-m", "pip", "install", "--quiet", "--no-index", "--no-deps", wheel], check=True,
                   capture_output=True)
    nogo = tmp_path / "bin"
    nogo.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("GO", "GOROOT", "PYTHONPATH")}
    env["PATH"] = "%s:%s" % (venv / "bin", nogo)
    env["TILESPACE_CACHE"] = str(tmp_path / "cache")
    p = subprocess.run([py, "-c", "import shutil, tilespace; assert shutil.which('go') is None; "
                        "print(tilespace.__version__, tilespace.distance('8,6,7,2,5,4,3,0,1'), tilespace.__file__)"],
                       capture_output=True, text=True, env=env, cwd=str(tmp_path))
    assert p.returncode == 0, p.stderr
    version, dist, where = p.stdout.split()
    assert dist == "31" and where.startswith(str(venv)) and p.stderr == ""
    from tilespace import __version__
    assert version == __version__
