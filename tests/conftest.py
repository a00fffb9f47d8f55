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
of its own, so no test reads or writes the developer's key. Cache entries carry a
MAC made with another key from that folder (`cache-key`): every test's folder holds
the same one, made for the run, so that what one test stored the next one finds. Tests that drive the
terminal type their input with the `typed` fixture.
"""

from __future__ import annotations

import atexit
import io
import os
import secrets
import shutil
import sys
import tempfile

import pytest

_CACHE = tempfile.mkdtemp(prefix="pirdsl-test-cache-")
os.environ["PIRDSL_CACHE_DIR"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, True)
_CACHE_KEY = secrets.token_hex(32) + "\n"

from pirdsl.commands import common  # noqa: E402


@pytest.fixture(autouse=True)
def simulate_in_one_process(monkeypatch):
    monkeypatch.setattr(common, "default_jobs", lambda: 1)


@pytest.fixture(autouse=True)
def save_key_folder(tmp_path, monkeypatch):
    """Saves are sealed with a key from a folder of the test's own, never the user's; it has the run's cache key."""
    folder = tmp_path / "config"
    folder.mkdir()
    handle = os.open(folder / "cache-key", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(handle, "w", encoding="ascii") as file:
        file.write(_CACHE_KEY)
    monkeypatch.setenv("PIRDSL_CONFIG_DIR", str(folder))


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
