"""The examples of docs/adapters.md run as written (from the repository's folder)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

ROOT = Path(__file__).resolve().parent.parent
BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "adapters.md").read_text(), re.S)


def test_the_guide_has_examples():
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_an_example_of_the_guide_runs(index, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    exec(compile(BLOCKS[index], f"docs/adapters.md example {index + 1}", "exec"), {"__name__": "__main__"})
    assert capsys.readouterr().out.strip()
