"""Adapters that make any rules file a game of another library: OpenSpiel, PettingZoo.

Each adapter is its own module and needs its library, installed with an extra:
`pip install 'pirdsl[openspiel]'` for `pirdsl.adapters.openspiel`,
`pip install 'pirdsl[pettingzoo]'` for `pirdsl.adapters.pettingzoo`.
Both are built on the engine's public API (docs/engine-api.md), its fixed action
space (interpreter/actions.py) and its observation encoding (interpreter/encoding.py).
docs/adapters.md shows how to use them.
"""

from __future__ import annotations

from interpreter import load_game


def split_variants(variants) -> list[str]:
    """Variant names from a list, or from one text with the names joined by `+` (or spaces)."""
    if variants is None:
        return []
    if isinstance(variants, str):
        return [name for name in variants.replace("+", " ").replace(",", " ").split() if name]
    return [str(name) for name in variants]


def missing_extra(library: str, extra: str) -> ImportError:
    """The one-line error for an adapter whose library is not installed."""
    return ImportError(f"{library} is not installed: install it with pip install 'pirdsl[{extra}]'")


__all__ = ["load_game", "missing_extra", "split_variants"]
