"""Information-state tensors of a fixed shape for the adapters: the whole record, or its recent part and totals.

An information state is what a seat has seen, in order: its observation at every
decision so far, who took each decision and which action it took itself. Two layouts
lay that out in floats (docs/adapters.md, "Information states", has both with their
sizes):

- `InformationStateLayout` ("perfect_recall"): the observation now, then one slot per
  decision of the longest game. Exact: two states a seat can tell apart never share a
  tensor. Its size grows with the longest game times the observation, so only games
  where it stays under PERFECT_RECALL_LIMIT floats get it (the small classic games).
- `RecentInformationStateLayout` ("recent"): the observation now, totals over the whole
  game (how many decisions each player took, how often the seat took each part of an
  action), then the slots of the last RECENT_DECISIONS decisions, newest first. A fixed,
  affordable size for any game, but not perfect recall: two states that differ only in
  what the seat saw before its recent decisions can share a tensor.

Both are built from what the seat itself may know: its own observations (interpreter/
encoding.py, which shows a seat only what the rules let it see), who decided (as the
information-state string shows it) and its own actions. Another seat's actions appear
only as far as the seat's observations show them. `information_layout` picks the layout
for a game. Each layout's `fill(out, current, moves, trail, player)` writes one tensor
from: the seat's observation now, `moves` ((player, action number) of every decision so
far, oldest first) and `trail` (per decision point, every player's observation as float32
bytes, the decision now possibly included).
"""

from __future__ import annotations

from array import array

import numpy as np

# The most floats of a perfect-recall tensor: a game whose longest game times a slot (who
# decided, the seat's own action, its observation) passes it gets the recent layout.
PERFECT_RECALL_LIMIT = 1 << 16
# How many of the latest decisions the recent layout keeps in full, as four frames stacked
# do for an Atari player: enough to see what just changed, at a size every game can afford.
RECENT_DECISIONS = 4


class InformationStateLayout:
    """The perfect-recall layout: where each part of the tensor lies.

    First the seat's observation now (interpreter/encoding.py's layout), then one slot per
    decision of the longest game, in the order they were taken, each: who decided (one-hot
    over the players), the action taken when the seat took it itself (one-hot over the
    action numbers; zeros for another player's), and the seat's observation when the
    decision was asked. Slots of decisions not yet taken are zeros.
    """

    kind = "perfect_recall"
    perfect_recall = True

    def __init__(self, players: int, actions: int, observation: int, max_length: int):
        self.players, self.actions, self.observation, self.max_length = players, actions, observation, max_length
        self.slot = players + actions + observation
        self.size = observation + max_length * self.slot
        self.provided = True

    def parts(self) -> list[tuple[str, int]]:
        """The parts in order: the observation now, then (decider, own_action, seen) per decision slot."""
        slot = [("decider", self.players), ("own_action", self.actions), ("seen", self.observation)]
        return [("observation", self.observation), *slot * self.max_length]

    def fill(self, out, current, moves, trail, player: int) -> None:
        """Write one player's information state into `out` (all zeros beforehand)."""
        observation, players, actions, slot = self.observation, self.players, self.actions, self.slot
        out[:observation] = current
        for step, (who, action) in enumerate(moves):
            base = observation + step * slot
            out[base + who] = 1.0
            if who == player:
                out[base + players + action] = 1.0
            seen = base + players + actions
            out[seen:seen + observation] = np.frombuffer(trail[step][player], np.float32)


class ActionParts:
    """An action number as the few things it is made of, each a place in a short vector.

    A game's action numbers (interpreter/actions.py) are single things (a card, a cell, a
    word), then blocks of lists: a statement's lists of one length, numbered by what each
    place of them may hold (`[ship 3, cell 40]`). One-hot over the numbers is as long as a
    block's places multiplied together; here an action is marked by its parts instead: the
    single thing among the single things, or each item of a list among what its place in
    its block may hold. Every number still has its own marks (an action is read back from
    them), and a game of single things keeps its one-hot.
    """

    def __init__(self, space):
        numbering = space.decisions
        self.singles = numbering.atom_count
        self.blocks = []  # (first action number, size, [(where its place's marks start, place size)])
        at = self.singles
        for block in numbering.blocks:
            places = []
            for size in block.sizes:
                places.append((at, size))
                at += size
            self.blocks.append((block.offset, block.size, places))
        self.size = at
        self._found: dict[int, tuple[int, ...]] = {}

    def parts(self) -> list[tuple[str, int]]:
        """The parts of the vector: single things, then each block's places in order (`list1_place2`: block 1, second item)."""
        found = [("single", self.singles)]
        for b, (_, _, places) in enumerate(self.blocks, 1):
            found += [(f"list{b}_place{p}", size) for p, (_, size) in enumerate(places, 1)]
        return found

    def marks(self, action: int) -> tuple[int, ...]:
        """The places set for action number `action` (one for a single thing, one per item for a list)."""
        found = self._found.get(action)
        if found is not None:
            return found
        if action < self.singles:
            found = (action,)
        else:
            offset, _, places = next(block for block in reversed(self.blocks) if block[0] <= action)
            rest, marks = action - offset, []
            for start, size in reversed(places):
                rest, index = divmod(rest, size)
                marks.append(start + index)
            found = tuple(reversed(marks))
        self._found[action] = found
        return found


class RecentInformationStateLayout:
    """The recent layout: the observation now, totals over the game, and the last few decisions in full.

    In order: the seat's observation now; `decisions` (per player: how many decisions it
    has taken so far); `own_actions` (how many times the seat's own actions had each part,
    `ActionParts`); then RECENT_DECISIONS slots, the newest decision first, each: who
    decided (one-hot), the seat's own action's parts (zeros for another player's), and
    the seat's observation when the decision was asked. Slots not yet reached are zeros.
    Not perfect recall: what the seat saw before its last few decisions is summed up, not kept.
    """

    kind = "recent"
    perfect_recall = False

    def __init__(self, players: int, space, observation: int, max_length: int, window: int = RECENT_DECISIONS):
        self.players, self.observation, self.max_length = players, observation, max_length
        self.actions = ActionParts(space)
        self.window = max(1, min(window, max_length))
        self.slot = players + self.actions.size + observation
        self.totals = observation  # where the totals start
        self.recent = observation + players + self.actions.size  # where the slots start
        self.size = self.recent + self.window * self.slot
        self.provided = True

    def parts(self) -> list[tuple[str, int]]:
        """The parts in order: observation, decisions, own_actions, then (decider, own_action, seen) per slot."""
        slot = [("decider", self.players), ("own_action", self.actions.size), ("seen", self.observation)]
        return [("observation", self.observation), ("decisions", self.players),
                ("own_actions", self.actions.size), *slot * self.window]

    def fill(self, out, current, moves, trail, player: int) -> None:
        """Write one player's information state into `out` (all zeros beforehand)."""
        observation, players = self.observation, self.players
        marks = self.actions.marks
        out[:observation] = current
        taken = len(moves)
        if not taken:
            return
        table = np.asarray(moves, np.int64)
        out[self.totals:self.totals + players] = np.bincount(table[:, 0], minlength=players)
        own = table[table[:, 0] == player, 1]
        if own.size:
            base = self.totals + players
            actions, counts = np.unique(own, return_counts=True)
            for action, count in zip(actions.tolist(), counts.tolist()):
                for mark in marks(action):
                    out[base + mark] += count
        seen_at = players + self.actions.size
        for back in range(min(self.window, taken)):
            step = taken - 1 - back
            who, action = moves[step]
            base = self.recent + back * self.slot
            out[base + who] = 1.0
            if who == player:
                for mark in marks(action):
                    out[base + players + mark] = 1.0
            out[base + seen_at:base + seen_at + observation] = np.frombuffer(trail[step][player], np.float32)


def information_layout(players: int, space, observation: int, max_length: int):
    """The layout for a game: perfect recall where it fits in PERFECT_RECALL_LIMIT floats, else the recent one."""
    exact = InformationStateLayout(players, space.size, observation, max_length)
    if exact.size <= PERFECT_RECALL_LIMIT:
        return exact
    return RecentInformationStateLayout(players, space, observation, max_length)


class Record:
    """The record a layout reads, kept by a game that moves one state forward (PettingZoo's).

    `moves` and `trail` as `fill` takes them; `note` at each decision point before the move.
    """

    def __init__(self, encoding, seats: list[int], player_of_seat: dict[int, int]):
        self.encoding, self.seats, self.player_of_seat = encoding, seats, player_of_seat
        self.moves: list[tuple[int, int]] = []
        self.trail: list[tuple[bytes, ...]] = []

    def clear(self) -> None:
        self.moves.clear()
        self.trail.clear()

    def views(self, state) -> tuple[bytes, ...]:
        """Every player's observation tensor of `state`, as float32 bytes."""
        encode = self.encoding.encode
        return tuple(array("f", encode(state, seat)).tobytes() for seat in self.seats)

    def note(self, state, action: int) -> None:
        """Keep the decision about to be taken in `state`: who takes it, action number `action`, what each saw."""
        if len(self.trail) == len(self.moves):
            self.trail.append(self.views(state))
        self.moves.append((self.player_of_seat[state.current_player()], action))

    def forget_last(self) -> None:
        """Take back the last `note` (its move was refused)."""
        self.moves.pop()
        self.trail.pop()
