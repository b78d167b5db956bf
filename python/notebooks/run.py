"""Executes the example notebooks end to end with nbclient, each in a fresh
kernel of this Python (the one with tilespace installed), and fails on the
first cell that raises.

    python python/notebooks/run.py [--figures DIR] [NOTEBOOK.ipynb ...]

Without notebooks, runs every .ipynb beside this script. The notebooks run
in a temporary folder, so nothing is written beside them. --figures DIR
writes the PNG output of each cell tagged "figure:NAME" to DIR/NAME.png
(docs/python.md's picture of the panel comes from there).

Jupyter's own `jupyter execute` runs the notebooks too, on the kernel
docs/python.md registers, where nbclient reads ipywidgets' widgets
(ipywidgets 7 or later); with ipywidgets 6 (Debian 12's) it stops at the
first cell that makes a widget, and this runner does not (Client below).
"""

import argparse
import base64
import glob
import json
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def kernel_of_this_python(folder):
    """A "python3" kernel spec that starts this interpreter, put first on
    JUPYTER_PATH: a system-wide spec (Debian's names /usr/bin/python3)
    would start a Python without the package being tested."""
    spec = os.path.join(folder, "kernels", "python3")
    os.makedirs(spec)
    with open(os.path.join(spec, "kernel.json"), "w") as f:
        json.dump({"argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                   "display_name": "Python 3 (tilespace)", "language": "python"}, f)
    os.environ["JUPYTER_PATH"] = folder + os.pathsep + os.environ.get("JUPYTER_PATH", "")
    # ipykernel's debugger warns at each start on a Python with frozen modules.
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")


def figures(nb, folder):
    """Writes the PNG of each cell tagged figure:NAME; returns the names."""
    names = []
    for cell in nb.cells:
        for tag in cell.get("metadata", {}).get("tags", []):
            if not tag.startswith("figure:"):
                continue
            pngs = [o["data"]["image/png"] for o in cell.get("outputs", []) if "image/png" in o.get("data", {})]
            if len(pngs) != 1:
                raise SystemExit("cell tagged %s has %d PNG outputs, not 1" % (tag, len(pngs)))
            name = tag[len("figure:"):]
            with open(os.path.join(folder, name + ".png"), "wb") as f:
                f.write(base64.b64decode(pngs[0]))
            names.append(name)
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--figures", metavar="DIR", help="write the PNG of each cell tagged figure:NAME to DIR/NAME.png")
    ap.add_argument("--timeout", type=int, default=600, help="seconds a cell may take (default 600)")
    ap.add_argument("notebooks", nargs="*")
    args = ap.parse_args()
    paths = args.notebooks or sorted(glob.glob(os.path.join(HERE, "*.ipynb")))
    if not paths:
        raise SystemExit("no notebooks to run")
    with tempfile.TemporaryDirectory(prefix="tilespace-notebooks-") as tmp:
        kernel_of_this_python(os.path.join(tmp, "jupyter"))
        import nbformat
        from nbclient import NotebookClient
        from nbclient.exceptions import CellExecutionError

        class Client(NotebookClient):
            def on_comm_open_jupyter_widget(self, msg):
                # ipywidgets 6 (Debian 12's) opens a widget's comm without
                # its state, which nbclient expects (ipywidgets 7 and later
                # send it): such a widget's state is not kept in the
                # executed notebook, its cell runs the same.
                if "state" not in msg["content"].get("data", {}):
                    return None
                return super().on_comm_open_jupyter_widget(msg)

        for path in paths:
            nb = nbformat.read(path, as_version=4)
            start = time.monotonic()
            client = Client(nb, timeout=args.timeout, kernel_name="python3",
                                    resources={"metadata": {"path": tmp}})
            try:
                client.execute()
            except CellExecutionError as e:
                print("%s: a cell failed:\n%s" % (os.path.basename(path), e), file=sys.stderr)
                return 1
            print("%s: %d cells ran in %.1f s" % (os.path.basename(path), len(nb.cells), time.monotonic() - start))
            if args.figures:
                os.makedirs(args.figures, exist_ok=True)
                for name in figures(nb, args.figures):
                    print("  wrote %s" % os.path.join(args.figures, name + ".png"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
