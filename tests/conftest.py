"""Settings every test shares.

`pirdsl simulate` plays in one worker process per CPU core unless told otherwise,
and starting a worker (a fresh Python that imports the engine and loads the rules
file) costs about a second on the test machine. Most tests run a few dozen tiny
games, so here they play in the test's own process, as `--jobs 1` does; the tests
of `--jobs` (tests/test_simulate_jobs.py) ask for their workers explicitly, and
the one test of the default puts it back.
"""

from __future__ import annotations

import pytest

import pirdsl.cli as cli


@pytest.fixture(autouse=True)
def simulate_in_one_process(monkeypatch):
    monkeypatch.setattr(cli, "default_jobs", lambda: 1)
