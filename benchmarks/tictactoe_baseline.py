"""Tic-tac-toe written by hand in plain Python: the baseline that pirdsl's speed is measured against.

The same game as tests/classic/tic_tac_toe.pir, played through the same small
protocol as pirdsl's engine (docs/engine-api.md): a state with its legal
actions, `apply_action`, `is_terminal` and `winners`, and a random playout that
picks uniformly among the legal actions with a `random.Random`, as pirdsl's
random bot does. It is meant to be the code a Python programmer would write for
the game: plain and reasonably quick, neither contorted for speed nor slow on
purpose, so that the ratio between the two says what the generic engine costs.

tests/test_baselines.py checks it against the published figures (move counts and
the odds of random play) and move by move against the rules file, so a broken
baseline cannot flatter the ratio.
"""

from __future__ import annotations

import random

SQUARES = 9
EMPTY = -1
# Squares are numbered 0 to 8, row by row from the top left (the rules file's 1 to 9).
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
LINES_THROUGH = tuple(tuple(line for line in LINES if square in line) for square in range(SQUARES))


class TicTacToe:
    """A game of tic-tac-toe: crosses (player 0) move first; three in a row wins, a full board is a draw."""

    __slots__ = ("board", "player", "marks", "winners_found", "over")

    def __init__(self) -> None:
        self.board = [EMPTY] * SQUARES  # the player whose mark is on each square, or EMPTY
        self.player = 0  # the player to move
        self.marks = 0
        self.winners_found: list[int] = []
        self.over = False

    def clone(self) -> TicTacToe:
        copy = TicTacToe.__new__(TicTacToe)
        copy.board = self.board[:]
        copy.player = self.player
        copy.marks = self.marks
        copy.winners_found = self.winners_found[:]
        copy.over = self.over
        return copy

    def current_player(self) -> int:
        return self.player

    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self) -> list[int]:
        """The empty squares, in order; none once the game is over."""
        if self.over:
            return []
        return [square for square in range(SQUARES) if self.board[square] == EMPTY]

    def apply_action(self, square: int) -> None:
        """The player to move marks `square`; ValueError when it is not empty or the game is over."""
        board = self.board
        if self.over or board[square] != EMPTY:
            raise ValueError(f"square {square} cannot be marked now")
        player = self.player
        board[square] = player
        self.marks += 1
        # Only a line through the square just marked can have become complete.
        if any(board[a] == board[b] == board[c] for a, b, c in LINES_THROUGH[square]):
            self.winners_found = [player]
            self.over = True
        elif self.marks == SQUARES:
            self.winners_found = [0, 1]  # a draw: both players share it, as in pirdsl
            self.over = True
        else:
            self.player = 1 - player

    def winners(self) -> list[int]:
        """The winning player, or both on a draw; [] until the game is over."""
        return self.winners_found


def play_random_game(rng: random.Random) -> list[int]:
    """Play one game from the start, each move chosen uniformly among the legal ones; the winners."""
    state = TicTacToe()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.winners()


def perft(state: TicTacToe, depth: int) -> list[int]:
    """How many move sequences of each length 1..depth start at `state`, as `pirdsl.perft.perft` counts them."""
    counts = [0] * depth

    def visit(node: TicTacToe, level: int) -> None:
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
