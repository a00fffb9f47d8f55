"""Test-wide settings: the engine's cache of loaded files lives in a temporary directory.

`interpreter.load_game` remembers every file it loads (see interpreter/cache.py).
The tests must neither read nor fill the user's own cache, so the whole run
uses a fresh directory of its own, removed at the end. The cache stays on, so
that every test that loads a file twice also checks that a remembered load
behaves like a fresh one; tests of the cache itself set PIRDSL_CACHE_DIR or
PIRDSL_NO_CACHE for themselves.
"""

from __future__ import annotations

import os
import shutil
import tempfile

_CACHE_DIRECTORY = tempfile.mkdtemp(prefix="pirdsl-test-cache-")
os.environ["PIRDSL_CACHE_DIR"] = _CACHE_DIRECTORY


def pytest_unconfigure(config) -> None:
    shutil.rmtree(_CACHE_DIRECTORY, ignore_errors=True)
