"""The engine build step of the tilespace package (its metadata is in
pyproject.toml): the Go package python/engine of the module one folder up,
compiled with `go build -buildmode=c-shared` into the package
(tilespace/libtilespace.so), so the wheel is a platform wheel that needs no
Go at run time. Building needs Go 1.26 or later on PATH (or $GO naming the
go command)."""

import os
import shutil
import subprocess
import sys

from setuptools import Command, setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
MODULE = os.path.dirname(HERE)  # the Go module: go.mod is there
LIBNAME = {"darwin": "libtilespace.dylib", "win32": "tilespace.dll"}.get(sys.platform, "libtilespace.so")


def go_command():
    go = os.environ.get("GO") or shutil.which("go")
    if not go:
        raise SystemExit(
            "tilespace: building the engine needs the Go toolchain (Go 1.26 or later, "
            "https://go.dev/dl/), and no `go` is on PATH; install Go, or set GO to the go command, "
            "then run pip again")
    return go


class build_engine(Command):
    """Compiles the Go engine into the package being built."""

    description = "compile the Go engine (go build -buildmode=c-shared)"
    user_options = []

    def initialize_options(self):
        self.build_lib = None

    def finalize_options(self):
        self.set_undefined_options("build_py", ("build_lib", "build_lib"))

    def run(self):
        if not os.path.exists(os.path.join(MODULE, "go.mod")):
            raise SystemExit("tilespace: %s holds no go.mod: build from a clone of the repository "
                             "(pip install ./python)" % MODULE)
        out = os.path.join(os.path.abspath(self.build_lib), "tilespace", LIBNAME)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        env = dict(os.environ, CGO_ENABLED="1")
        cmd = [go_command(), "build", "-buildmode=c-shared", "-o", out, "./python/engine"]
        print("tilespace: " + " ".join(cmd), flush=True)
        try:
            subprocess.run(cmd, cwd=MODULE, env=env, check=True)
        except subprocess.CalledProcessError as e:
            raise SystemExit("tilespace: the engine's build failed (exit status %d): see go's message above"
                             % e.returncode)
        header = out[: -len(os.path.splitext(out)[1])] + ".h"
        if os.path.exists(header):
            os.remove(header)


class build_py_with_engine(build_py):
    def run(self):
        super().run()
        self.run_command("build_engine")


class BinaryDistribution(Distribution):
    """The package carries a compiled library: a platform wheel."""

    def has_ext_modules(self):
        return True


cmdclass = {"build_py": build_py_with_engine, "build_engine": build_engine}
try:
    from wheel.bdist_wheel import bdist_wheel

    class bdist_wheel_any_python(bdist_wheel):
        """The engine is loaded with ctypes, so any Python 3 on the platform takes it."""

        def finalize_options(self):
            super().finalize_options()
            self.root_is_pure = False

        def get_tag(self):
            _, _, plat = super().get_tag()
            return "py3", "none", plat

    cmdclass["bdist_wheel"] = bdist_wheel_any_python
except ImportError:
    pass

setup(distclass=BinaryDistribution, cmdclass=cmdclass)
