"""The generic engine: runs any checked rules file through a small, standard state API.

See docs/engine-api.md for the API every tool uses. The names below are
imported when first used, so that a command that needs only a part of the
engine (`pirdsl check` answering from the cache) does not pay for the rest.
"""

from __future__ import annotations

import importlib
from typing import Any

# Each public name and the module it lives in.
_HOMES = {
    "Game": "interpreter.game",
    "load_game": "interpreter.game",
    "load_source": "interpreter.game",
    "Action": "interpreter.state",
    "CHANCE": "interpreter.state",
    "State": "interpreter.state",
    "TERMINAL": "interpreter.state",
    "GameRuleError": "interpreter.values",
    "IllegalAction": "interpreter.values",
}

__all__ = ["Action", "CHANCE", "Game", "GameRuleError", "IllegalAction", "State", "TERMINAL",
           "load_game", "load_source"]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'interpreter' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
