"""Test setup shared by the command-line tests.

Until the real engine lands, `interpreter` is an empty folder; the command line
imports `load_game`, `GameRuleError` and friends from it at import time. When
those names are missing (or the engine fails to import), this installs a
stand-in `interpreter` module built from `tests/fake_engine.py`, so the tests
of the command line run either way. With the real engine present nothing is
replaced here; the command-line tests then patch only `load_game`.
"""

from __future__ import annotations

import sys
import types

ENGINE_NAMES = ("load_game", "CHANCE", "TERMINAL", "IllegalAction", "GameRuleError")


def _real_engine_available() -> bool:
    try:
        import interpreter
    except Exception:  # noqa: BLE001 - a half-written engine may fail in any way
        return False
    return all(hasattr(interpreter, name) for name in ENGINE_NAMES)


if not _real_engine_available():
    for name in [module for module in sys.modules if module == "interpreter" or module.startswith("interpreter.")]:
        del sys.modules[name]
    import fake_engine

    stand_in = types.ModuleType("interpreter", "Stand-in for the engine (tests/conftest.py).")
    for name in ENGINE_NAMES:
        setattr(stand_in, name, getattr(fake_engine, name))
    stand_in.__path__ = []  # a package, so `interpreter.examples` can be patched in by tests
    sys.modules["interpreter"] = stand_in
