"""Shared test set-up: compiled games are cached in a folder of the test run's own.

So that no test reads what another run (or the developer's own games) left in
~/.cache/pirdsl, and no run leaves anything there.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

_CACHE = tempfile.mkdtemp(prefix="pirdsl-test-cache-")
os.environ["PIRDSL_CACHE_DIR"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, True)
