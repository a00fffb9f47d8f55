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
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest

_CACHE = tempfile.mkdtemp(prefix="pirdsl-test-cache-")
os.environ["PIRDSL_CACHE_DIR"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, True)

import pirdsl.cli as cli  # noqa: E402


@pytest.fixture(autouse=True)
def simulate_in_one_process(monkeypatch):
    monkeypatch.setattr(cli, "default_jobs", lambda: 1)
