"""The search bots (pirdsl/mcts.py): their specs, reproducibility, fairness, and small strength checks.

The long strength measurements (dozens of games per pairing) are not run here:
`python benchmarks/strength.py` plays them and writes docs/strength.md. The
checks below are their small versions, sized for the default test run.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from interpreter import load_game
from interpreter.knowledge import SeatMemory
from pirdsl.bots import make_bot, parse_bot_spec, seat_seed
from pirdsl.mcts import Budget, SearchBot
from pirdsl.playing import play_to_end

ROOT = Path(__file__).resolve().parent.parent
CLASSIC = ROOT / "tests" / "classic"
TIC_TAC_TOE = load_game(str(CLASSIC / "tic_tac_toe.pir"))
CONNECT_FOUR = load_game(str(CLASSIC / "connect_four.pir"))
SEED_GAMES = {path.stem: load_game(str(path)) for path in sorted((ROOT / "games").glob("*.pir"))}


@pytest.mark.parametrize("spec, kind, budget", [
    ("mcts", "mcts", Budget()),
    ("mcts:2000", "mcts", Budget(iterations=2000)),
    ("ismcts:0.5s", "ismcts", Budget(iterations=None, seconds=0.5)),
    ("random", "random", None),
    ("greedy", "greedy", None),
])
def test_bot_specs_name_a_kind_and_a_budget(spec, kind, budget):
    assert parse_bot_spec(spec) == (kind, budget)


@pytest.mark.parametrize("spec", ["mcts:", "mcts:0", "mcts:x", "ismcts:-1s", "ismcts:nans", "random:5", "alien", "MCTS"])
def test_bad_bot_specs_are_refused_with_a_reason(spec):
    with pytest.raises(ValueError) as caught:
        parse_bot_spec(spec)
    assert "\n" not in str(caught.value)


def _choices(game, players, seed, specs, decisions=12):
    """The first `decisions` choices of a game played by bots of the given specs (fresh bots, fixed seeds)."""
    state = game.new_state(players=players, seed=seed)
    bots = [make_bot(specs[seat % len(specs)], seat_seed(seed, seat)) for seat in range(state.num_seats)]
    taken = []
    while not state.is_terminal() and len(taken) < decisions:
        if state.is_chance():
            state.apply_chance()
            continue
        index = bots[state.current_player()].choose_action(state)
        taken.append(index)
        state.apply_action(index)
    return taken


def test_an_iteration_budget_gives_the_same_choices_for_the_same_seed():
    first = _choices(CONNECT_FOUR, 2, 4, ["mcts:60", "ismcts:60"])
    assert first == _choices(CONNECT_FOUR, 2, 4, ["mcts:60", "ismcts:60"])
    deck = SEED_GAMES["decks_of_glory"]
    assert _choices(deck, 2, 1, ["ismcts:15"], 6) == _choices(deck, 2, 1, ["ismcts:15"], 6)


def _ismcts_choices(game, players: int, count: int) -> list[int]:
    """The first `count` real choices of ismcts:40 (seed 5) in seat 0, against random moves (seed 6), from seed 4;
    every iteration spent (`settle` off) on a fresh tree (`reuse` off), as when they were recorded."""
    bot = make_bot("ismcts:40", 5)
    bot.settle = bot.reuse = False
    return _own_decisions(game, players, bot, count)


def test_ismcts_decides_as_it_did_before_its_bookkeeping_got_cheaper():
    """Choices recorded when the tree's options were first told apart by their keys (`State.action_keys`)
    rather than their labels: a cheaper search must still be the same search, deal for deal."""
    assert _ismcts_choices(SEED_GAMES["glory_islands"], 2, 15) == [3, 1, 2, 0, 1, 3, 3, 2, 2, 3, 5, 0, 3, 3, 2]
    assert _ismcts_choices(SEED_GAMES["decks_of_glory"], 2, 12) == [0, 0, 1, 3, 0, 0, 0, 0, 1, 1, 0, 0]


def _tree(node, depth: int = 4) -> list:
    """A search tree's statistics as plain data, `depth` levels down."""
    return sorted((repr(key), child.visits, round(child.reward, 9), child.available,
                   _tree(child, depth - 1) if depth > 1 else None) for key, child in node.children.items())


def _searched(bot, state) -> tuple:
    """What a bot's search at `state` leaves: its choice, its counts, and the tree below its choice."""
    choice = bot.choose_action(state)
    kept = bot.kept.get(state.current_player())
    return (choice, bot.last_iterations, bot.last_carried, bot.failed_iterations, bot.far_playouts,
            bot.limit_playouts, bot.near_end, _tree(kept[2]) if kept else None)


@pytest.mark.parametrize("game, players, spec, late", [
    ("glory_islands", 2, "ismcts:80", False), ("glory_islands", 3, "ismcts:60", True),
    ("decks_of_glory", 2, "ismcts:60", False), ("mysterious_islands", 2, "ismcts:12", False),
    ("connect_four", 2, "mcts:80", False), ("kuhn_poker", 2, "ismcts:40", False)])
def test_an_iteration_run_through_the_playout_build_is_the_one_taken_step_by_step(game, players, spec, late):
    """Each iteration is one run of the playout build, steered down the tree by `before_step`: the same
    tree, draw for draw, as the same iterations taken a step at a time through the state's API; in the
    tree, on to the new node's next decision, to a round's end, near the game's end, and with plain UCT."""
    game = SEED_GAMES.get(game) or load_game(str(CLASSIC / f"{game}.pir"))
    state = game.new_state(players=players, seed=4)
    walker = random.Random(6)
    positions = []
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance()
            continue
        if state.num_actions() > 1:
            positions.append(state.clone())
        state.apply_action(walker.randrange(state.num_actions()))
    chosen = positions[-4:-1] if late else positions[:4]
    played, stepwise = make_bot(spec, 5), make_bot(spec, 5)
    stepwise.played = False
    for position in chosen:
        assert _searched(played, position.clone()) == _searched(stepwise, position.clone())
    if late and spec.startswith("ismcts"):
        assert played.near_end  # the last decisions' playouts ran to the end


def test_a_search_stopped_once_settled_makes_the_choice_of_its_whole_budget():
    # At each decision a copy of the bot spends every iteration; the bot itself stops once no
    # other option can catch up. Same choice every time, fewer iterations in all.
    import copy

    for game, players in ((SEED_GAMES["glory_islands"], 2), (SEED_GAMES["decks_of_glory"], 2)):
        state = game.new_state(players=players, seed=4)
        bot = make_bot("ismcts:60", 5)
        walker = random.Random(6)
        decisions = spent = 0
        while not state.is_terminal() and decisions < 8:
            if state.is_chance():
                state.apply_chance()
            elif state.current_player() == 0 and state.num_actions() > 1:
                whole = copy.deepcopy(bot)
                whole.settle = False
                choice = bot.choose_action(state)
                assert choice == whole.choose_action(state)
                assert whole.last_iterations + whole.last_carried == 60
                assert bot.last_carried == whole.last_carried and bot.last_iterations <= whole.last_iterations
                spent += bot.last_iterations
                decisions += 1
                state.apply_action(choice)
            else:
                state.apply_action(walker.randrange(state.num_actions()))
        assert decisions == 8 and spent < 8 * 60


def _own_decisions(game, players: int, bot, count: int, on_decision=None) -> list[int]:
    """The first `count` real choices of `bot` in seat 0 against random moves (seed 6), from seed 4."""
    state = game.new_state(players=players, seed=4)
    walker = random.Random(6)
    chosen = []
    while not state.is_terminal() and len(chosen) < count:
        if state.is_chance():
            state.apply_chance()
        elif state.current_player() == 0 and state.num_actions() > 1:
            if on_decision is not None:
                on_decision(state)
            chosen.append(bot.choose_action(state))
            state.apply_action(chosen[-1])
        else:
            state.apply_action(walker.randrange(state.num_actions()))
    return chosen


def test_a_decision_straight_after_the_seats_own_goes_on_with_its_tree():
    """In Glory Islands a seat often decides twice in a row (a sailing card, then where to sail):
    the second search starts from the visits the first spent below its choice, and counts them."""
    bot = make_bot("ismcts:60", 5)
    carried = []

    def before(state):
        carried.append(bot.last_carried)

    _own_decisions(SEED_GAMES["glory_islands"], 2, bot, 12, before)
    carried.append(bot.last_carried)
    assert any(carried[1:]) and all(0 <= figure <= 60 for figure in carried)
    assert carried[1] == 0  # the first decision has nothing to go on from


def test_a_kept_tree_is_dropped_after_chance_a_rivals_step_or_a_reseed():
    game = SEED_GAMES["glory_islands"]
    bot = make_bot("ismcts:30", 5)
    state = game.new_state(players=2, seed=4)
    walker = random.Random(6)
    cases = {"chance": 0, "rival": 0, "own": 0}
    between: set[str] | None = None  # what happened since seat 0's last real decision
    checked_reseed = False
    while not state.is_terminal() and min(cases.values()) < 2:
        if state.is_chance():
            state.apply_chance()
            if between is not None:
                between.add("chance")
        elif state.current_player() == 0 and state.num_actions() > 1:
            if between is not None and not between and not checked_reseed:
                # Here the bot would go on with its tree; reseeded, it chooses as a bot made afresh.
                twin = copy.deepcopy(bot)
                twin.reseed(9)
                assert not twin.kept
                assert twin.choose_action(state) == SearchBot(9, bot.budget, redeal=True).choose_action(state)
                assert twin.last_carried == 0
                checked_reseed = True
            choice = bot.choose_action(state)
            if between is not None:
                for case in between or {"own"}:
                    cases[case] += 1
                if between:
                    assert bot.last_carried == 0, between
            between = set()
            state.apply_action(choice)
        else:
            if between is not None and state.current_player() != 0:
                between.add("rival")
            state.apply_action(walker.randrange(state.num_actions()))
    assert min(cases.values()) >= 2 and checked_reseed, cases


def test_a_seconds_budget_thinks_for_about_that_long():
    bot = make_bot("mcts:0.05s", 1)
    state = CONNECT_FOUR.new_state(players=2, seed=0)
    bot.choose_action(state)
    assert bot.last_iterations >= 1


def test_a_forced_move_is_taken_without_search():
    state = TIC_TAC_TOE.new_state(players=2, seed=0)
    bot = SearchBot(0, Budget(iterations=10))
    while state.num_actions() != 1 and not state.is_terminal():
        state.apply_action(0)
    if not state.is_terminal():
        assert bot.choose_action(state) == 0
        assert bot.last_iterations == 0


def _swap_unseen_alike(state, seat, rng):
    """A copy where two hidden pieces `seat` cannot tell apart trade places; None when there are none.

    Two pieces the seat cannot see are alike to it when they are of one kind and it last
    knew them in the same place (`SeatMemory`): the same seat, at the same table,
    could be looking at either arrangement.
    """
    known = SeatMemory(seat).update(state)
    hidden = [i for zone in state.world.zones if not zone.seen_by(seat) for i in state.contents[zone.id]]
    rng.shuffle(hidden)
    for a in hidden:
        for b in hidden:
            if a == b or state.pieces[a].type != state.pieces[b].type or known.get(a) != known.get(b):
                continue
            if state.piece_key(state.pieces[a]) == state.piece_key(state.pieces[b]):
                continue
            other = state.clone()
            zone_a, zone_b = other.loc[a], other.loc[b]
            index_a, index_b = other.contents[zone_a].index(a), other.contents[zone_b].index(b)
            other.own_zone(zone_a)[index_a], other.own_zone(zone_b)[index_b] = b, a  # a copy shares lists until it changes one
            other.loc[a], other.loc[b] = zone_b, zone_a
            return other
    return None


@pytest.mark.parametrize("name, players", [("glory_islands", 3), ("jamaica", 3), ("decks_of_glory", 2),
                                           ("to_glory", 2), ("mysterious_islands", 2)])
@pytest.mark.parametrize("spec", ["ismcts:12", "mcts:12", "greedy"])
def test_search_bots_cheat_nowhere(name, players, spec):
    """Same seed, same choices, when hidden pieces the bot cannot see are swapped."""
    game = SEED_GAMES[name]
    rng = random.Random(name)
    state = game.new_state(players=players, seed=11)
    walker = make_bot("random", 0)
    checked = differing_tables = 0
    while not state.is_terminal() and checked < 4:
        if state.is_chance():
            state.apply_chance()
            continue
        seat = state.current_player()
        if state.num_actions() > 1 and len(state.history) % 3 == 0:
            other = _swap_unseen_alike(state, seat, rng)
            if other is not None:
                checked += 1
                differing_tables += other.contents != state.contents
                chosen = make_bot(spec, 77).choose_action(state.clone())
                assert make_bot(spec, 77).choose_action(other) == chosen, \
                    f"{spec} chose differently at {state.seat_names[seat]}'s decision after an unseen swap"
        state.apply_action(walker.choose_action(state))
    assert checked > 0 and differing_tables == checked


def _play(game, specs, seed):
    state = game.new_state(players=len(specs), seed=seed)
    bots = [make_bot(spec, seat_seed(seed, seat)) for seat, spec in enumerate(specs)]
    assert play_to_end(state, bots)
    return state.winners()


def test_mcts_with_2000_iterations_never_loses_tic_tac_toe_to_random():
    for seed in range(2):  # a draw is a win shared by both seats
        assert 0 in _play(TIC_TAC_TOE, ["mcts:2000", "random"], seed)
        assert 1 in _play(TIC_TAC_TOE, ["random", "mcts:2000"], seed)


def test_mcts_beats_random_at_connect_four():
    wins = sum(_play(CONNECT_FOUR, ["mcts:200", "random"], seed) == [0] for seed in range(2))
    wins += sum(_play(CONNECT_FOUR, ["random", "mcts:200"], seed) == [1] for seed in range(2))
    assert wins == 4


def test_play_takes_search_bots_with_budgets_at_the_terminal(capsys, monkeypatch):
    import pirdsl.cli as cli

    monkeypatch.setattr("builtins.input", lambda *_: "")
    code = cli.main(["play", str(CLASSIC / "tic_tac_toe.pir"), "--seat", "ismcts:30", "--seat", "mcts:0.01s",
                     "--seed", "2"])
    out = capsys.readouterr().out
    assert code == 0
    assert "ismcts:30" in out and "mcts:0.01s" in out and "Final scores" in out


@pytest.mark.parametrize("played", [True, False])
def test_an_iteration_the_rules_fail_on_is_dropped(monkeypatch, played):
    from interpreter import GameRuleError

    real_select = SearchBot._select
    calls = {"n": 0}

    def sometimes_failing(self, keys, node, root):
        if node is root:  # once an iteration, in the middle of its run of the rules
            calls["n"] += 1
            if calls["n"] % 3 == 0:
                raise GameRuleError("a deal the rules cannot go on from")
        return real_select(self, keys, node, root)

    monkeypatch.setattr(SearchBot, "_select", sometimes_failing)
    bot = SearchBot(1, Budget(iterations=60), redeal=True, settle=False)
    bot.played = played
    state = CONNECT_FOUR.new_state(players=2, seed=0)
    assert 0 <= bot.choose_action(state) < state.num_actions()
    assert bot.failed_iterations == 20


def test_greedy_looks_past_the_other_seats_to_the_end_of_the_round():
    """Decks of Glory: a broadside's hits land after both admirals have chosen (and cards are turned),
    so no score moves one step after the choice; greedy fires all the same, seen by looking on."""
    game = SEED_GAMES["decks_of_glory"]
    fired = held = 0
    for seed in range(6):
        state = game.new_state(players=2, seed=seed)
        bots = [make_bot("greedy", seat_seed(seed, 0)), make_bot("random", seat_seed(seed, 1))]
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance()
                continue
            seat = state.current_player()
            index = bots[seat].choose_action(state)
            if seat == 0 and "broadside" in state.prompt() and state.num_actions() > 1:
                fired += state.action_labels()[index] != "Hold fire"
                held += state.action_labels()[index] == "Hold fire"
            state.apply_action(index)
    assert fired > 0 and fired > 3 * held


def test_greedy_beats_random_at_decks_of_glory():
    """The small version of the strength table's row (benchmarks/strength.py)."""
    game = SEED_GAMES["decks_of_glory"]
    greedy = random_bot = 0
    for seed in range(6):
        for seat in (0, 1):
            winners = _play(game, ["greedy", "random"] if seat == 0 else ["random", "greedy"], seed)
            greedy += winners == [seat]
            random_bot += winners == [1 - seat]
    assert greedy > random_bot + 3


def test_leads_are_each_seat_against_the_best_other():
    from pirdsl.mcts import leads

    assert leads([3, 5, 5]) == [-2.0, 0.0, 0.0]
    assert leads([7, 2, 1]) == [5.0, -5.0, -6.0]
    assert leads([4]) == [0.0]


def test_an_ismcts_playout_stops_at_the_end_of_a_round_where_the_scores_differ():
    game = SEED_GAMES["glory_islands"]
    state = game.new_state(players=3, seed=3)
    walker = make_bot("random", 1)
    while len(set(state.scores())) == 1 or state.round < 3:
        assert not state.is_terminal()
        if state.is_chance():
            state.apply_chance()
        else:
            state.apply_action(walker.choose_action(state))
    start = state.round
    bot = SearchBot(2, Budget(iterations=10), redeal=True)
    values = bot._play_on(state)
    assert state.is_terminal() or state.round == start + 1
    assert len(values) == state.num_seats and max(values) >= 0


def test_near_the_end_an_ismcts_playout_runs_to_the_end_and_far_from_it_stops_at_a_round():
    game = SEED_GAMES["glory_islands"]
    state = game.new_state(players=3, seed=5)
    walker = make_bot("random", 1)
    decisions = []
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance()
        else:
            if state.num_actions() > 1:
                decisions.append(state.clone())
            state.apply_action(walker.choose_action(state))
    near, first = decisions[-3], decisions[0]
    bot = SearchBot(2, Budget(iterations=10), redeal=True)
    assert bot._end_is_near(near, near.current_player(), None)
    short_sighted = SearchBot(2, Budget(iterations=10), redeal=True, near_end=20)
    assert not short_sighted._end_is_near(first, first.current_player(), None)
    bot.choose_action(near)
    assert bot.near_end
    table = near.clone()
    bot._play_on(table)
    assert table.is_terminal()  # no stop at a round's end: the end was near


def _playout_limits(monkeypatch, game, players: int, decisions: int, iterations: int) -> list[int]:
    """The step limits of one ismcts decision's playouts, at a decision reached by random moves from seed 7."""
    import pirdsl.mcts as mcts

    state = game.new_state(players=players, seed=7)
    walker = random.Random(3)
    taken = 0
    while taken < decisions or state.is_chance() or state.num_actions() == 1:
        if state.is_chance():
            state.apply_chance()
        else:
            state.apply_action(walker.randrange(state.num_actions()) if taken < decisions else 0)
            taken += 1
    limits = []
    real = mcts.SearchBot._horizon_limit

    def noted(self):
        limits.append(real(self))
        return limits[-1]

    monkeypatch.setattr(mcts.SearchBot, "_horizon_limit", noted)
    bot = SearchBot(11, Budget(iterations=iterations), redeal=True, settle=False)  # every iteration played
    bot.choose_action(state)
    assert not bot.near_end
    return limits


def test_a_decision_whose_playouts_run_level_to_the_limit_cuts_the_rest_short(monkeypatch):
    """Mysterious Islands' opening: the seats' progress stays level for many rounds of random play, so
    after the first LEVEL_CHECK playouts (most ran all 200 steps) the rest stop after HORIZON_LIMIT."""
    from pirdsl.mcts import HORIZON_LIMIT, LEVEL_CHECK, PLAYOUT_LIMIT

    limits = _playout_limits(monkeypatch, SEED_GAMES["mysterious_islands"], 2, 20, LEVEL_CHECK + 5)
    assert limits == [PLAYOUT_LIMIT] * LEVEL_CHECK + [HORIZON_LIMIT] * 5


def test_playouts_that_find_their_round_keep_the_whole_limit(monkeypatch):
    from pirdsl.mcts import LEVEL_CHECK, PLAYOUT_LIMIT

    limits = _playout_limits(monkeypatch, SEED_GAMES["glory_islands"], 4, 8, LEVEL_CHECK + 5)
    assert limits == [PLAYOUT_LIMIT] * (LEVEL_CHECK + 5)


def test_mcts_plays_plain_uct_and_ismcts_searches_informed():
    assert not make_bot("mcts:10", 1).informed
    assert make_bot("ismcts:10", 1).informed


# ---------------------------------------------------------------- progress: how bots judge a position

CARGO = '''
game "Cargo":
  players 2 to 2

zone dock
zone hold per player owner
var delivered per player = 0
piece crate(weight)

setup:
  for each w in [1, 2, 3, 1, 2, 3]:
    create 1 crate(w) in dock

play:
  rounds until round_number > 3:
    for each p in players:
      p chooses c from dock "Load a crate" labelled "crate of {c.weight}" optional "Wait"
      if c != none:
        move c to p.hold

final scoring:
  for each p in players:
    p.delivered = sum([c.weight for c in p.hold])

score p: p.delivered
'''


def _loads(source: str, spec: str) -> int:
    """How many times the first seat loads a crate, played by `spec` against a player who always waits."""
    from interpreter import load_source

    game = load_source(source, "cargo.pir")
    loaded = 0
    for seed in range(3):
        state = game.new_state(players=2, seed=seed)
        bot = make_bot(spec, seed)
        while not state.is_terminal():
            if state.current_player() == 0:
                index = bot.choose_action(state)
                loaded += state.action_labels()[index] != "Wait"
            else:
                index = state.action_labels().index("Wait")
            state.apply_action(index)
    return loaded


def test_a_progress_line_tells_the_bots_what_the_score_does_not_show_yet():
    """Crates score only at the end: greedy sees no difference between loading and waiting one step on
    (its look further stops at a round's end, where nothing has scored), so it loads no more than a
    coin toss would; told that crates aboard count, it loads at every turn, and so does ismcts."""
    with_progress = CARGO + "progress p: sum([c.weight for c in p.hold])\n"
    assert _loads(with_progress, "greedy") == 12  # 3 games, 4 rounds each
    assert _loads(with_progress, "ismcts:20") == 12
    assert _loads(CARGO, "greedy") < 12


def test_progress_is_the_score_where_a_file_has_no_progress_line_and_a_number_where_it_has():
    from interpreter import GameRuleError, load_source

    plain = load_source(CARGO, "cargo.pir").new_state(players=2)
    assert plain.progress() == plain.scores() == [0, 0]
    state = load_source(CARGO + "progress p: count(p.hold) * 3 / 2\n", "cargo.pir").new_state(players=2)
    state.apply_action(0)
    assert state.progress() == [1.5, 0] and state.scores() == [0, 0]
    assert load_source(CARGO + "progress p: 6 / 2\n", "cargo.pir").new_state(players=2).progress() == [3, 3]
    broken = CARGO + "progress p: p.hold\n"
    with pytest.raises(GameRuleError) as raised:
        load_source(broken, "cargo.pir").new_state(players=2).progress()
    line = broken.splitlines().index("progress p: p.hold") + 1
    assert str(raised.value).startswith(f"cargo.pir:{line}:1: error: cannot work out a player's progress")
