"""Settings every test shares.

Compiled games are cached in a folder of the test run's own, so that no test reads
what another run (or the developer's own games) left in ~/.cache/pirdsl, and no
run leaves anything there.

`pirdsl simulate` plays in one worker process per CPU core unless told otherwise,
and starting a worker (a fresh Python that imports the engine and loads the rules
file) costs about a second on the test machine. Most tests run a few dozen tiny
games, so here they play in the test's own process, as `--jobs 1` does; the tests
of `--jobs` (tests/test_simulate_jobs.py) ask for their workers explicitly, and
the one test of the default puts it back.

Saves are sealed with a key from the user's config folder; every test gets a folder
of its own, so no test reads or writes the developer's key. Tests that drive the
terminal type their input with the `typed` fixture.
"""

from __future__ import annotations

import atexit
import io
import os
import shutil
import sys
import tempfile

import pytest

_CACHE = tempfile.mkdtemp(prefix="pirdsl-test-cache-")
os.environ["PIRDSL_CACHE_DIR"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, True)

import pirdsl.cli as cli  # noqa: E402


@pytest.fixture(autouse=True)
def simulate_in_one_process(monkeypatch):
    monkeypatch.setattr(cli, "default_jobs", lambda: 1)


@pytest.fixture(autouse=True)
def save_key_folder(tmp_path, monkeypatch):
    """Saves are sealed with a key from a folder of the test's own, never the user's."""
    monkeypatch.setenv("PIRDSL_CONFIG_DIR", str(tmp_path / "config"))


class TerminalInput(io.StringIO):
    """Piped text that claims to be a terminal, to exercise the hot-seat screen."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def typed(monkeypatch):
    """Replace standard input with the given text: a pipe, or a terminal if asked."""

    def provide(text: str, terminal: bool = False) -> None:
        monkeypatch.setattr(sys, "stdin", TerminalInput(text) if terminal else io.StringIO(text))

    return provide
