"""What one seat knows about where the pieces are, kept by watching the table step by step.

A player at the table knows more than what lies face up now: it saw a card go
into a hand, it knows the six cards every player starts with, it knows that
the tokens a rival took came out of the bag. `SeatMemory` keeps the part of
that which a fair determinisation (`State.resample_hidden`) needs: for every
piece, the zone where the seat last knew it to be.

- At the start of play every piece's zone is known: setup follows the rules
  alone and does not depend on the seed (docs/engine-api.md), so the table as
  setup leaves it is common knowledge (the order of shuffled piles aside, which
  is chance to come).
- After every step (a decision or a chance outcome, replayed from
  `state.history`), every piece in a zone the seat may look into is known to be
  there; a piece that was in sight before the step and is now in a zone the seat
  may not look into is known to have gone there (the seat saw it go).
- A piece that moves from one hidden zone to another is not followed: the seat
  keeps knowing only where it was, so it stays mixed with the pieces that were
  there (a card played face down from a rival's hand is still one of that
  rival's cards; a token drawn unseen from the bag is still one of the bag's).

The memory reads the full state while it replays, but it keeps only zones of
pieces the seat could see, or saw go, or that setup placed; nothing else
enters `known_zones`.
"""

from __future__ import annotations

from typing import Any


class SeatMemory:
    """Where one seat last knew each piece to be, kept up to date by `update(state)`.

    Args:
        seat: the seat whose knowledge this is.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.known_zones: dict[int, int] = {}
        self._watched: Any = None  # the state as the memory last saw it (a copy it plays forward)
        self._in_sight: set[int] = set()  # pieces the seat could see at the last step
        self._pieces = 0  # pieces there were at the last step (those made since are new)

    @property
    def in_sight(self) -> frozenset[int]:
        """The pieces the seat could see at the last step `update` followed."""
        return frozenset(self._in_sight)

    def update(self, state: Any) -> dict[int, int]:
        """Follow the game up to `state` (replaying the steps since the last update) and return `known_zones`."""
        watched = self._watched
        history = state.history
        if watched is None or not _extends(history, watched.history):
            watched = state.program.new_state(
                players=state.world.player_count, seed=state.seed, variants=sorted(state.world.variants))
            self.known_zones = {piece_id: zone_id for piece_id, zone_id in enumerate(watched.loc)}
            self._pieces = len(watched.loc)
            self._in_sight = self._look(watched)
        for index in history[len(watched.history):]:
            watched.apply_action(index)
            self._look(watched)
        self._watched = watched
        return self.known_zones

    def _look(self, state: Any) -> set[int]:
        """Note what the seat sees after one step; returns the pieces in sight."""
        seat = self.seat
        known = self.known_zones
        in_sight: set[int] = set()
        for zone in state.world.zones:
            if zone.seen_by(seat):
                for piece_id in state.contents[zone.id]:
                    in_sight.add(piece_id)
                    known[piece_id] = zone.id
        for piece_id in self._in_sight - in_sight:
            known[piece_id] = state.loc[piece_id]  # seen going out of sight, into this zone
        for piece_id in range(self._pieces, len(state.loc)):
            if piece_id not in in_sight:
                known[piece_id] = state.loc[piece_id]  # made in play, out of sight, where the rules say
        self._pieces = len(state.loc)
        self._in_sight = in_sight
        return in_sight


def _extends(history: list[int], earlier: list[int]) -> bool:
    """Whether `history` goes on from `earlier` (the same game, later or at the same point)."""
    return len(history) >= len(earlier) and history[:len(earlier)] == earlier
