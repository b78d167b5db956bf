"""Shared fixtures: the commands built once from the repository (the
answers the package is checked against), and a cache folder."""

import json
import os
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The engine reads $TILESPACE_CACHE on its first call: a private cache
# unless the caller chose one, shared with the commands below.
if not os.environ.get("TILESPACE_CACHE"):
    os.environ["TILESPACE_CACHE"] = tempfile.mkdtemp(prefix="tilespace-pytest-")


class CLI:
    """The commands query, classroom, analyze and enumerate, built from the repository."""

    def __init__(self, bindir):
        self.bindir = bindir

    def run(self, command, *args, check=True):
        p = subprocess.run([os.path.join(self.bindir, command)] + [str(a) for a in args],
                           capture_output=True, text=True, cwd=ROOT)
        if check and p.returncode != 0:
            raise AssertionError("%s %s: exit %d\n%s" % (command, " ".join(map(str, args)), p.returncode, p.stderr))
        return p

    def json_lines(self, command, *args):
        """The JSON lines a command writes; exit status 1 (some boards failed,
        each with its record) is allowed."""
        p = self.run(command, *args, check=False)
        if p.returncode not in (0, 1):
            raise AssertionError("%s %s: exit %d\n%s" % (command, " ".join(map(str, args)), p.returncode, p.stderr))
        return [json.loads(line) for line in p.stdout.splitlines() if line.strip()]


_built = []


def _commands():
    """The commands, built once for the whole run into a temporary folder."""
    if not _built:
        bindir = tempfile.mkdtemp(prefix="tilespace-commands-")
        subprocess.run(["go", "build", "-o", bindir + os.sep, "./cmd/query", "./cmd/classroom", "./cmd/analyze", "./cmd/enumerate"],
                       cwd=ROOT, check=True)
        _built.append(CLI(bindir))
    return _built[0]


@pytest.fixture
def cli():
    return _commands()


@pytest.fixture
def python():
    return sys.executable
