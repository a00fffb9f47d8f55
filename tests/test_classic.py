"""Classic games whose figures are published: the engine must reproduce them exactly.

tests/classic/ holds tic-tac-toe, Connect Four (7 columns by 6 rows) and
Breakthrough (8x8), written as an author would write them (and Kuhn poker, whose
published value tests/test_kuhn.py checks through OpenSpiel). Their move counts
("perft") and the outcome odds of uniformly random tic-tac-toe are known, so a
change to the engine that changes how a game is played shows up here as a
wrong number rather than as a game that merely looks odd.

Published figures:
- tic-tac-toe: 9, 72, 504, 3,024, 15,120, 54,720, 148,176, 200,448, 127,872
  sequences of 1 to 9 moves (255,168 games in all); with every legal move equally
  likely, the first player wins 737/1260 of games, the second 121/420, and 8/63
  are drawn.
- Connect Four: 7^n sequences of n discs for n up to 6 (no four line up before
  the seventh disc).
- Breakthrough 8x8: 22, 484, 11,132 and 256,036 sequences of 1 to 4 moves.

Plain perft (`pirdsl.perft.perft`: one clone and one `apply_action` per move)
reaches every published depth of Connect Four and Breakthrough in a few seconds,
and tic-tac-toe's depth 7. Tic-tac-toe's last two depths (349,000 more moves to
apply: about 25 seconds on the shared test machine, most of this file's time)
are counted by position instead (`perft_by_position`), which expands each
position once however many move orders reach it; the exact odds and the number
of games come from the same kind of walk. Everything goes through the engine's
public API only.
"""

from __future__ import annotations

import functools
import json
import math
from fractions import Fraction
from pathlib import Path

import pytest

import pirdsl.cli as cli
from interpreter import load_game
from interpreter.examples import run_examples
from pirdsl.perft import children_of, perft
from pirdsl.simulate import simulate

CLASSIC = Path(__file__).parent / "classic"
TIC_TAC_TOE = CLASSIC / "tic_tac_toe.pir"
CONNECT_FOUR = CLASSIC / "connect_four.pir"
BREAKTHROUGH = CLASSIC / "breakthrough.pir"
CLASSIC_FILES = [TIC_TAC_TOE, CONNECT_FOUR, BREAKTHROUGH]

PUBLISHED_PERFT = {
    "tic_tac_toe": [9, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872],
    "connect_four": [7, 49, 343, 2_401, 16_807, 117_649],
    "breakthrough": [22, 484, 11_132, 256_036],
}
TIC_TAC_TOE_GAMES = 255_168  # move sequences that play a game out, from 5 to 9 moves long

# Outcome odds of tic-tac-toe when each legal move is equally likely.
FIRST_WINS = Fraction(737, 1260)
SECOND_WINS = Fraction(121, 420)
DRAW = Fraction(8, 63)

GAMES = {path.stem: load_game(str(path)) for path in CLASSIC_FILES}


def start(name: str):
    """A fresh two-player state of a classic game (these games have no chance, so the seed is irrelevant)."""
    return GAMES[name].new_state(players=2, seed=0)


# ---------------------------------------------------------------- counting through the public API


def position_key(state) -> str:
    """Everything the seat to move sees but the log, as text: the position, for games without secrets.

    Two states with the same key continue identically when nothing is hidden and
    nothing is left to chance: the board, the variables, whose turn it is and the
    options offered are all in the observation. The log (how the position was
    reached) is left out, which is what lets transposed move orders meet.
    """
    assert not state.is_chance(), "a position key is only sound without chance"
    seat = state.current_player() if not state.is_terminal() else 0
    view = state.observation(seat)
    view.pop("log")
    zones = [zone for seat_view in view["seats"] for zone in seat_view["zones"].values()]
    zones += view["globals"]["zones"].values()
    assert all(zone["items"] is not None for zone in zones), "a position key is only sound without hidden zones"
    return json.dumps(view, sort_keys=True)


def perft_by_position(state, depth: int) -> list[int]:
    """The same counts as `pirdsl.perft.perft`, expanding each position once whatever the moves that led there.

    The number of sequences that continue from a position depends only on the
    position (see `position_key`), so each (position, depth left) is counted once
    and its counts are reused wherever the position comes up again. Tic-tac-toe's
    549,945 move sequences pass through only 5,478 positions.
    """
    remembered: dict[tuple[str, int], list[int]] = {}

    def counts_from(node, levels: int) -> list[int]:
        key = (position_key(node), levels)
        if key not in remembered:
            children = children_of(node)
            counts = [len(children)] + [0] * (levels - 1)
            if levels > 1:
                for index in children:
                    child = node.clone()
                    child.apply_action(index)
                    for level, count in enumerate(counts_from(child, levels - 1), 1):
                        counts[level] += count
            remembered[key] = counts
        return remembered[key]

    return counts_from(state, depth) if depth > 0 else []


def games_and_odds(state) -> tuple[int, tuple[Fraction, Fraction, Fraction]]:
    """How many move sequences play the game out, and the exact odds of each outcome.

    The odds are (first player wins, second wins, draw) when every legal action
    is equally likely at every decision. The whole game tree is walked through
    the engine, with exact fractions; each position is worked out once (see
    `position_key`).
    """
    remembered: dict[str, tuple[int, tuple[Fraction, ...]]] = {}

    def walk(node) -> tuple[int, tuple[Fraction, ...]]:
        key = position_key(node)
        if key not in remembered:
            if node.is_terminal():
                winners = node.winners()
                outcome = (winners == [0], winners == [1], winners == [0, 1])
                remembered[key] = (1, tuple(Fraction(happened) for happened in outcome))
            else:
                actions = node.legal_actions()
                games = 0
                odds = [Fraction(0)] * 3
                for action in actions:
                    child = node.clone()
                    child.apply_action(action.index)
                    child_games, child_odds = walk(child)
                    games += child_games
                    odds = [total + part / len(actions) for total, part in zip(odds, child_odds)]
                remembered[key] = (games, tuple(odds))
        return remembered[key]

    return walk(state)


@functools.cache
def tic_tac_toe_tree() -> tuple[int, tuple[Fraction, Fraction, Fraction]]:
    """`games_and_odds` of tic-tac-toe from the start, worked out once for the tests that need it."""
    return games_and_odds(start("tic_tac_toe"))


# ---------------------------------------------------------------- the files themselves


def test_the_classic_files_check_ok(capsys) -> None:
    code = cli.main(["check", *map(str, CLASSIC_FILES)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.splitlines() == [f"{path}: ok" for path in CLASSIC_FILES]


@pytest.mark.parametrize("path", CLASSIC_FILES, ids=lambda p: p.stem)
def test_the_worked_examples_pass(path: Path) -> None:
    results = run_examples(GAMES[path.stem])
    assert len(results) >= 5, "each classic game shows its rules at work in several examples"
    failures = [f"{result.name}: {result.message}" for result in results if not result.passed]
    assert not failures, "\n".join(failures)


def test_the_worked_examples_pass_through_the_cli(capsys) -> None:
    code = cli.main(["test", *map(str, CLASSIC_FILES)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.splitlines()[-1].endswith(" passed, 0 failed")


# ---------------------------------------------------------------- move counts


@pytest.mark.parametrize("name", ["connect_four", "breakthrough"])
def test_perft_matches_the_published_counts(name: str) -> None:
    expected = PUBLISHED_PERFT[name]
    assert perft(start(name), len(expected)) == expected


def test_tic_tac_toe_perft_matches_the_published_counts_to_depth_7() -> None:
    """Plain perft as far as it is quick; depths 8 and 9 are counted by position below."""
    assert perft(start("tic_tac_toe"), 7) == PUBLISHED_PERFT["tic_tac_toe"][:7]


def test_tic_tac_toe_counted_by_position_matches_the_published_counts_to_depth_9() -> None:
    """Depth 9 is the forced last move: a decision with one option counts like any other."""
    assert perft_by_position(start("tic_tac_toe"), 9) == PUBLISHED_PERFT["tic_tac_toe"]


def test_counting_by_position_agrees_with_plain_perft_where_positions_repeat() -> None:
    """Breakthrough reaches many positions by several move orders within three moves."""
    state = start("breakthrough")
    assert perft_by_position(state, 3) == perft(state, 3) == PUBLISHED_PERFT["breakthrough"][:3]


def test_tic_tac_toe_has_255168_games() -> None:
    games, _ = tic_tac_toe_tree()
    assert games == TIC_TAC_TOE_GAMES


def test_perft_through_the_command_line(capsys) -> None:
    expected = PUBLISHED_PERFT["breakthrough"][:3]
    code = cli.main(["perft", str(BREAKTHROUGH), "--depth", "3"])
    out = capsys.readouterr().out
    assert code == 0, out
    lines = out.splitlines()
    assert lines[:3] == [f"depth {depth}: {count}" for depth, count in enumerate(expected, 1)]
    assert lines[3].startswith("time: ")


# ---------------------------------------------------------------- the odds of random tic-tac-toe


def test_exact_odds_of_random_tic_tac_toe() -> None:
    _, odds = tic_tac_toe_tree()
    assert odds == (FIRST_WINS, SECOND_WINS, DRAW)


SAMPLED_GAMES = 4_000
SIGMAS = 5


def test_random_bots_win_tic_tac_toe_at_the_published_rates() -> None:
    """Random bots over SAMPLED_GAMES seeded games land within SIGMAS standard deviations of the exact odds.

    Each rate is a proportion of n independent games, with standard deviation
    sqrt(p (1 - p) / n): at n = 4,000 about 0.0078 for the first player's 0.585,
    0.0072 for the second's 0.288 and 0.0053 for the draws' 0.127. A correct
    engine lands outside 5 of them with a chance of about 6 in 10 million per
    rate, so the test does not depend on lucky seeds and stays sound if the
    bots' generator changes. A game played wrongly lands far outside: an engine
    that missed the rising diagonal would give 0.521, 0.241 and 0.238, that is
    8, 7 and 21 standard deviations off, and would need a fluke of more than 16
    of them to pass. Smaller biases (under about 0.05 on the first player's rate,
    such as a bot that never picks the last option: 0.607, 0.264, 0.129) are
    beyond what 4,000 games can see; the exact test above is the strict one, and
    this one checks that `simulate` and the random bot play the game its tree
    describes.
    """
    result = simulate(GAMES["tic_tac_toe"], players=2, games=SAMPLED_GAMES, seed=0, bot="random")
    assert result["completed"] == SAMPLED_GAMES, result["first_error"]
    first, second = result["sole_wins"]
    observed = {"first": first, "second": second, "draw": result["draws"]}  # a draw is a win both seats share
    for outcome, p in {"first": FIRST_WINS, "second": SECOND_WINS, "draw": DRAW}.items():
        sd = math.sqrt(p * (1 - p) / SAMPLED_GAMES)
        rate = observed[outcome] / SAMPLED_GAMES
        assert abs(rate - float(p)) <= SIGMAS * sd, f"{outcome}: {rate:.4f} against {float(p):.4f} (sd {sd:.4f})"
