"""Adapters that make any rules file a game of another library: OpenSpiel, PettingZoo.

Each adapter is its own module and needs its library, installed with an extra:
`pip install 'pirdsl[openspiel]'` for `pirdsl.adapters.openspiel`,
`pip install 'pirdsl[pettingzoo]'` for `pirdsl.adapters.pettingzoo`.
Both are built on the engine's public API (docs/engine-api.md), its fixed action
space (interpreter/actions.py) and its observation encoding (interpreter/encoding.py);
`tensors.py` lays out the information-state tensors both give.
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


class LegalActions:
    """The legal action numbers of a decision, worked out once per decision.

    A learning loop asks for the legal actions (the mask) and then takes one of them, and
    each needs the same map of action numbers to the engine's options (`ActionSpace.decode`,
    which numbers every option: the costly part). This keeps the map of the last decision
    asked about: the state it belongs to (held, so no other state can take its identity)
    and how many moves that state had made, so a move, a clone or another state asks again.
    """

    __slots__ = ("space", "_state", "_moves", "_found", "_sorted")

    def __init__(self, space):
        self.space = space
        self._state = None
        self._moves = -1
        self._found: dict[int, int] = {}
        self._sorted: list[int] = []

    def _decode(self, state) -> dict[int, int]:
        if state is not self._state or len(state.history) != self._moves:
            self._found = self.space.decode(state)
            self._sorted = sorted(self._found)
            self._state, self._moves = state, len(state.history)
        return self._found

    def legal(self, state) -> list[int]:
        """The legal action numbers now, in increasing order ([] at chance or the end)."""
        self._decode(state)
        return list(self._sorted)

    def apply(self, state, action: int) -> None:
        """Take action number `action` (a decision's option or a chance outcome)."""
        if state.is_chance():
            self.space.apply(state, action)
            return
        index = self._decode(state).get(action)
        if index is None:
            self.space.engine_index(state, action)  # raises the one-line ActionSpaceError
        state.apply_action(index)


__all__ = ["LegalActions", "load_game", "missing_extra", "split_variants"]
