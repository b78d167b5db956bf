"""The Python examples of docs/python.md and README.md run, and print what
the documents say they print.

An example is a ```python block followed by a ```text block: its output.
The blocks of one document run in order in one namespace, each in a
fresh folder; the output must match exactly. With TILESPACE_DOCS_UPDATE=1
the text blocks are rewritten from what the examples print."""

import contextlib
import io
import os
import re

import pytest

from conftest import ROOT

EXAMPLE = re.compile(r"```python\n(.*?)```\n+```text\n(.*?)```", re.S)


def examples(text):
    return [(m.start(2), m.end(2), m.group(1), m.group(2)) for m in EXAMPLE.finditer(text)]


@pytest.mark.parametrize("doc,least", [("docs/python.md", 6), ("README.md", 1)])
def test_examples(doc, least, tmp_path, monkeypatch):
    path = os.path.join(ROOT, doc)
    with open(path) as f:
        text = f.read()
    found = examples(text)
    assert len(found) >= least, "%s: %d examples, want at least %d" % (doc, len(found), least)
    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": "__doc_example__"}
    got = []
    for start, end, code, want in found:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, doc, "exec"), namespace)
        got.append((start, end, out.getvalue()))
        if not os.environ.get("TILESPACE_DOCS_UPDATE"):
            assert out.getvalue() == want, "%s: the example\n%s\nprints\n%s" % (doc, code, out.getvalue())
    if os.environ.get("TILESPACE_DOCS_UPDATE"):
        for start, end, printed in reversed(got):
            text = text[:start] + printed + text[end:]
        with open(path, "w") as f:
            f.write(text)
