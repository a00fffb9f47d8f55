"""The hand-coded baselines in benchmarks/ play the same games as the classic rules files.

benchmarks/run.py reports pirdsl's random games per second as a ratio against a
plain Python implementation of the same game. A baseline that played a
different (smaller, or wrong) game would flatter that ratio, so each one must
give the published move counts, tic-tac-toe's random playouts must land on the
exact odds, and both must offer the same moves as pirdsl's engine, in the same
order, and end the same way, move by move over many random games.
"""

from __future__ import annotations

import importlib.util
import math
import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter import load_game
from test_classic import CONNECT_FOUR, DRAW, FIRST_WINS, PUBLISHED_PERFT, SECOND_WINS, TIC_TAC_TOE

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def load_baseline(name: str):
    """A module of benchmarks/ (a folder of scripts, not a package), loaded from its file."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tictactoe_baseline = load_baseline("tictactoe_baseline")
connect_four_baseline = load_baseline("connect_four_baseline")


def test_tic_tac_toe_baseline_perft_is_the_published_count_to_depth_9():
    assert tictactoe_baseline.perft(tictactoe_baseline.TicTacToe(), 9) == PUBLISHED_PERFT["tic_tac_toe"]


def test_connect_four_baseline_perft_is_the_published_count_to_depth_6():
    assert connect_four_baseline.perft(connect_four_baseline.ConnectFour(), 6) == PUBLISHED_PERFT["connect_four"]


PLAYOUTS = 20_000
SIGMAS = 5


def test_tic_tac_toe_baseline_random_playouts_land_on_the_exact_odds():
    """Within 5 standard deviations of 737/1260, 121/420 and 8/63 (about 0.0035 each at 20,000 games).

    See tests/test_classic.py for why 5: a correct playout fails with a chance of
    about 6 in 10 million per rate, and a game with a missing line is many
    deviations off.
    """
    rng = random.Random(0)
    outcomes = Counter(tuple(tictactoe_baseline.play_random_game(rng)) for _ in range(PLAYOUTS))
    assert set(outcomes) <= {(0,), (1,), (0, 1)}
    for outcome, p in {(0,): FIRST_WINS, (1,): SECOND_WINS, (0, 1): DRAW}.items():
        sd = math.sqrt(p * (1 - p) / PLAYOUTS)
        rate = outcomes[outcome] / PLAYOUTS
        assert abs(rate - float(p)) <= SIGMAS * sd, f"{outcome}: {rate:.4f} against {float(p):.4f} (sd {sd:.4f})"


@pytest.mark.parametrize("rules, baseline, label, games", [
    (TIC_TAC_TOE, tictactoe_baseline.TicTacToe, "square {}", 300),
    (CONNECT_FOUR, connect_four_baseline.ConnectFour, "column {}", 60),
], ids=["tic-tac-toe", "connect-four"])
def test_the_baseline_offers_the_engines_moves_in_its_order_and_ends_the_same_way(rules, baseline, label, games):
    """Random games played in both at once: the same moves offered at every decision, the same end and winners."""
    game = load_game(str(rules))
    rng = random.Random(1)
    for seed in range(games):
        engine, hand_coded = game.new_state(players=2, seed=seed), baseline()
        while not engine.is_terminal():
            assert not hand_coded.is_terminal()
            assert engine.current_player() == hand_coded.current_player()
            moves = hand_coded.legal_actions()
            assert [action.label for action in engine.legal_actions()] == [label.format(move + 1) for move in moves]
            index = rng.randrange(len(moves))
            engine.apply_action(index)
            hand_coded.apply_action(moves[index])
        assert hand_coded.is_terminal()
        assert hand_coded.winners() == engine.winners()
