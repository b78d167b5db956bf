"""The example notebooks are kept without outputs (CI executes them with
notebooks/run.py, so no stale numbers are committed), and the runner's
figure extraction writes the PNG of a tagged cell."""

import base64
import glob
import importlib.util
import os
import re
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
NOTEBOOKS = sorted(glob.glob(os.path.join(HERE, "..", "notebooks", "*.ipynb")))


def test_there_are_three():
    assert [os.path.basename(p) for p in NOTEBOOKS] == [
        "1-uninformed-search.ipynb", "2-profile-a-heuristic.ipynb", "3-fifteen-puzzle.ipynb"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=os.path.basename)
def test_kept_without_outputs(path):
    nbformat = pytest.importorskip("nbformat")
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, "cell %d has outputs" % i


def test_figures_extracts_tagged_pngs(tmp_path):
    spec = importlib.util.spec_from_file_location("run", os.path.join(HERE, "..", "notebooks", "run.py"))
    run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run)
    nbformat = pytest.importorskip("nbformat")
    png = b"\x89PNG\r\n\x1a\nnot really"
    cell = nbformat.v4.new_code_cell("fig", metadata={"tags": ["figure:panel"]})
    cell.outputs = [nbformat.v4.new_output("display_data", data={"image/png": base64.b64encode(png).decode()})]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1"), cell])
    assert run.figures(nb, str(tmp_path)) == ["panel"]
    assert (tmp_path / "panel.png").read_bytes() == png
    cell.outputs = []
    with pytest.raises(SystemExit):
        run.figures(nb, str(tmp_path))


def test_a_cell_that_raises_fails_the_run(tmp_path):
    nbformat = pytest.importorskip("nbformat")
    pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import tilespace\nx = tilespace.distance('8,6,7,2,5,4,3,0,1')"),
                                         nbformat.v4.new_code_cell("assert x == 30, x")])
    path = tmp_path / "fails.ipynb"
    nbformat.write(nb, str(path))
    p = subprocess.run([sys.executable, os.path.join(HERE, "..", "notebooks", "run.py"), str(path)],
                       capture_output=True, text=True, cwd=str(tmp_path))
    assert p.returncode == 1, p.stdout + p.stderr
    assert "AssertionError" in p.stderr and "31" in p.stderr


@pytest.mark.parametrize("path", NOTEBOOKS, ids=os.path.basename)
def test_asks_for_the_documented_kernel_and_imports_no_private_name(path):
    """Each notebook names the kernel docs/python.md registers, keeps no
    widget state, and imports only public names of tilespace."""
    nbformat = pytest.importorskip("nbformat")
    nb = nbformat.read(path, as_version=4)
    assert nb.metadata.kernelspec.name == "tilespace"
    assert "widgets" not in nb.metadata
    doc = open(os.path.join(HERE, "..", "..", "docs", "python.md")).read()
    assert "ipykernel install --user --name tilespace" in doc
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for line in cell.source.splitlines():
            if "import" in line and "tilespace" in line:
                assert not re.search(r"tilespace(\.\w+)*\._|import\s+\(?\s*_|,\s*_\w", line), \
                    "cell %d imports a private name: %s" % (i, line)


def test_stock_jupyter_execute_runs_a_notebook(tmp_path):
    """docs/python.md's kernel command, then Jupyter's own `jupyter execute`
    (nbclient's, no runner of ours) on the heuristic notebook, which draws
    with tilespace.widgets: importing it makes no widget, so this runs
    whatever ipywidgets and nbclient are installed."""
    pytest.importorskip("ipykernel")
    jupyter = shutil.which("jupyter-execute")
    if not jupyter:
        pytest.skip("no jupyter-execute on PATH (Debian: python3-nbclient)")
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER_") and not k.startswith("XDG_")}
    env.update(HOME=str(tmp_path), PYDEVD_DISABLE_FILE_VALIDATION="1")
    subprocess.run([sys.executable, "-m", "ipykernel", "install", "--user", "--name", "tilespace",
                    "--display-name", "Python (tilespace)"], env=env, check=True, capture_output=True)
    nb = os.path.join(HERE, "..", "notebooks", "2-profile-a-heuristic.ipynb")
    shutil.copy(nb, str(tmp_path))
    p = subprocess.run([jupyter, os.path.basename(nb)], cwd=str(tmp_path), env=env, capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
