"""Connect Four written by hand in plain Python: the baseline that pirdsl's speed is measured against.

The same game as tests/classic/connect_four.pir (seven columns of six), played
through the same small protocol as pirdsl's engine (docs/engine-api.md): a state
with its legal actions, `apply_action`, `is_terminal` and `winners`, and a random
playout that picks uniformly among the legal actions with a `random.Random`, as
pirdsl's random bot does. It is meant to be the code a Python programmer would
write for the game: plain and reasonably quick, neither contorted for speed nor
slow on purpose, so that the ratio between the two says what the generic engine
costs.

tests/test_baselines.py checks it against the published move counts and move by
move against the rules file, so a broken baseline cannot flatter the ratio.
"""

from __future__ import annotations

import random

COLUMNS = 7
ROWS = 6
# Across, up, and the two diagonals; each is also followed backwards.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


class ConnectFour:
    """A game of Connect Four: red (player 0) drops first; four in a line wins, a full rack is a draw."""

    __slots__ = ("columns", "player", "discs", "winners_found", "over")

    def __init__(self) -> None:
        self.columns: list[list[int]] = [[] for _ in range(COLUMNS)]  # each column's discs, from the bottom up
        self.player = 0  # the player to move
        self.discs = 0
        self.winners_found: list[int] = []
        self.over = False

    def clone(self) -> ConnectFour:
        copy = ConnectFour.__new__(ConnectFour)
        copy.columns = [column[:] for column in self.columns]
        copy.player = self.player
        copy.discs = self.discs
        copy.winners_found = self.winners_found[:]
        copy.over = self.over
        return copy

    def current_player(self) -> int:
        return self.player

    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self) -> list[int]:
        """The columns (0 to 6) that are not full, in order; none once the game is over."""
        if self.over:
            return []
        return [column for column in range(COLUMNS) if len(self.columns[column]) < ROWS]

    def apply_action(self, column: int) -> None:
        """The player to move drops a disc in `column`; ValueError when it is full or the game is over."""
        if self.over or len(self.columns[column]) >= ROWS:
            raise ValueError(f"no disc can be dropped in column {column} now")
        player = self.player
        self.columns[column].append(player)
        self.discs += 1
        row = len(self.columns[column]) - 1
        if self.lines_up_four(column, row, player):
            self.winners_found = [player]
            self.over = True
        elif self.discs == COLUMNS * ROWS:
            self.winners_found = [0, 1]  # a draw: both players share it, as in pirdsl
            self.over = True
        else:
            self.player = 1 - player

    def lines_up_four(self, column: int, row: int, player: int) -> bool:
        """Whether the disc at (column, row) is part of four or more of `player`'s discs in a line."""
        return any(
            1 + self.run(column, row, dx, dy, player) + self.run(column, row, -dx, -dy, player) >= 4
            for dx, dy in DIRECTIONS
        )

    def run(self, column: int, row: int, dx: int, dy: int, player: int) -> int:
        """How many of `player`'s discs follow (column, row) without a break in direction (dx, dy)."""
        count = 0
        column, row = column + dx, row + dy
        while 0 <= column < COLUMNS and 0 <= row < len(self.columns[column]) and self.columns[column][row] == player:
            count += 1
            column, row = column + dx, row + dy
        return count

    def winners(self) -> list[int]:
        """The winning player, or both on a draw; [] until the game is over."""
        return self.winners_found


def play_random_game(rng: random.Random) -> list[int]:
    """Play one game from the start, each move chosen uniformly among the legal ones; the winners."""
    state = ConnectFour()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.winners()


def perft(state: ConnectFour, depth: int) -> list[int]:
    """How many move sequences of each length 1..depth start at `state`, as `pirdsl.perft.perft` counts them."""
    counts = [0] * depth

    def visit(node: ConnectFour, level: int) -> None:
        moves = node.legal_actions()
        counts[level] += len(moves)
        if level + 1 == depth:
            return
        for move in moves:
            child = node.clone()
            child.apply_action(move)
            visit(child, level + 1)

    if depth > 0:
        visit(state, 0)
    return counts
