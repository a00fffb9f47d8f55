"""The hand-coded baselines in benchmarks/ play the same games as the classic rules files.

benchmarks/run.py reports pirdsl's random games per second as a ratio against a
plain Python implementation of the same game. A baseline that played a
different (smaller, or wrong) game would flatter that ratio, so each one must
give the published move counts, tic-tac-toe's random playouts must land on the
exact odds, and both must offer the same moves as pirdsl's engine, in the same
order, and end the same way, move by move over many random games (Glory Islands,
with chance nodes in the game, also the same chance weights and, after every
action, the same glory, board, hands, bag and supplies).
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
glory_islands_baseline = load_baseline("glory_islands_baseline")
GLORY_ISLANDS = BENCHMARKS.parent / "games" / "glory_islands.pir"


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


TREASURE_KINDS = ["ruby", "spices", "emerald", "crown", "doubloon"]


def engine_view(state) -> tuple:
    """What the baseline also keeps, read from the engine's state: whose pirate is on each island cell (row by
    row), each hand's cards in order, the bag's tokens in order, and each player's glory, track space, route
    travelled, pirates in supply, barrels and treasure tokens by kind."""
    pieces, contents = state.pieces, state.contents

    def zone(player, name):
        return [pieces[i] for i in contents[state.world.player_zones[player][name].id]]

    cells = state.world.boards["islands"].cells
    island = tuple(tuple(pieces[i].fields["owner"].index for i in contents[cell.id])
                   for cell in cells if cell.layers["island"] is not None)
    bag = [TREASURE_KINDS.index(pieces[i].fields["kind"]) for i in contents[state.world.zones_by_name["bag"].id]]
    players = []
    for p, variables in enumerate(state.pvars):
        kinds = [piece.fields["kind"] for piece in zone(p, "treasures")]
        players.append((variables["glory"], variables["sailing_space"], variables["travelled"],
                        len(zone(p, "crew")), len(zone(p, "barrels")),
                        [kinds.count(kind) for kind in TREASURE_KINDS],
                        [(card.fields["value"], card.fields["rank"]) for card in zone(p, "hand")]))
    return island, bag, players


def baseline_view(game) -> tuple:
    island = tuple(() if game.occupant[cell] is None else (game.occupant[cell],)
                   for cell in glory_islands_baseline.ISLAND_CELLS)
    players = [(game.glory[p], game.sailing_space[p], game.travelled[p], game.crew[p], game.barrels[p],
                game.treasures[p], game.hand[p]) for p in range(game.players)]
    return island, game.bag, players


def late_start(engine, hand_coded, seed: int) -> None:
    """Both games moved on to a late, cramped start: discs near the end of the sailing track (ships sink, a
    special action may not be paid in sailing) and a bag of a few tokens of two or three kinds (a draw with
    one outcome, an empty bag); the same change made to both."""
    rng = random.Random(seed)
    for p in range(hand_coded.players):
        engine.pvars[p]["sailing_space"] = hand_coded.sailing_space[p] = rng.randrange(30, 44)
    keep = rng.sample(range(5), rng.randrange(1, 4))
    left = {kind: rng.randrange(1, 3) for kind in keep}
    bag, box = engine.world.zones_by_name["bag"], engine.world.zones_by_name["box"]
    kept = []
    for piece_id in list(engine.contents[bag.id]):
        kind = TREASURE_KINDS.index(engine.pieces[piece_id].fields["kind"])
        if left.get(kind, 0) > 0:
            left[kind] -= 1
            kept.append(kind)
        else:
            engine.move_piece(piece_id, box.id)
    hand_coded.bag = kept


@pytest.mark.parametrize("players, games, late", [(4, 120, False), (3, 40, False), (4, 40, True), (3, 20, True)],
                         ids=["4-players", "3-players", "4-players-late", "3-players-late"])
def test_the_glory_islands_baseline_plays_the_rules_files_game_action_by_action(players, games, late):
    """Random games played in both at once: the same seat to move (or both at chance), the same number of
    options, the same chance outcomes with the same weights, and after every action the same glory, board,
    hands, bag and supplies; at the end the same winners."""
    game = load_game(str(GLORY_ISLANDS))
    rng = random.Random(2)
    for seed in range(games):
        engine, hand_coded = game.new_state(players=players, seed=seed), glory_islands_baseline.GloryIslands(players)
        if late:
            late_start(engine, hand_coded, seed)
        assert engine_view(engine) == baseline_view(hand_coded)
        while not engine.is_terminal():
            assert not hand_coded.is_terminal()
            assert engine.current_player() == hand_coded.current_player()
            if engine.is_chance():
                weights = hand_coded.chance_weights()
                assert [chance for _, chance in engine.chance_outcomes()] == [w / sum(weights) for w in weights]
                assert [label.split(": ")[-1] for label in engine.action_labels()] == [
                    TREASURE_KINDS[kind] for kind in hand_coded.legal_actions()]
            assert engine.num_actions() == len(hand_coded.legal_actions())
            index = rng.randrange(engine.num_actions())
            engine.apply_action(index)
            hand_coded.apply_action(index)
            assert engine.scores() == hand_coded.scores()
            assert engine_view(engine) == baseline_view(hand_coded)
        assert hand_coded.is_terminal()
        assert hand_coded.winners() == engine.winners()


def test_the_glory_islands_baseline_scores_treasure_sets_as_the_rules_file_does():
    """Every count of tokens by kind up to all 7 of each (random games almost never reach 7 of a kind)."""
    game = load_game(str(GLORY_ISLANDS))
    state = game.new_state(players=4, seed=0)
    rules_set_points = game.module["define_set_points"]
    rng = random.Random(3)
    for counts in [[7, 0, 0, 0, 0], [7, 7, 7, 7, 7], [6, 5, 1, 0, 2]] + [
            [rng.randrange(8) for _ in range(5)] for _ in range(200)]:
        assert glory_islands_baseline.set_points(counts) == rules_set_points(state, counts), counts
