"""The playout build plays the same games as the ordinary build (interpreter/playout.py).

Every shipped game, variant file and classic game, at every player count, each of its
variants alone and all together: random games played step by step through the state
API (the ordinary build, stopping at every decision) and played out without stopping
(the playout build), with the same seeds and the same random choices, must reach the
same state: the same JSON save (board, variables, log, history, generator), the same
scores, winners and returns, and the same steps counted. A playout that keeps no log
(`Playout(..., log=False)`, as `simulate` and the bots play) reaches the same save but
for the log, to which it added no line. `simulate` gives the same
figures and records both ways, a playout stopped by its step limit or its hook stops
where the step-by-step loop does, and a rules failure says the same thing.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter import GameRuleError, load_game, load_source
from interpreter.playout import Playout
from interpreter.values import IllegalAction
from pirdsl import baseline_bots
from pirdsl.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
FILES = (sorted((ROOT / "games").glob("*.pir")) + sorted((ROOT / "games" / "variants").glob("*.pir"))
         + sorted((ROOT / "tests" / "classic").glob("*.pir")))
LONG = {"mysterious_islands", "jamaica"}  # a few hundred ms a game: fewer seeds


def _configurations():
    for path in FILES:
        game = load_game(str(path))
        variant_sets = [[]] + [[v] for v in sorted(game.variants)]
        if len(game.variants) > 1:
            variant_sets.append(sorted(game.variants))
        for players in range(game.min_players, game.max_players + 1):
            for variants in variant_sets:
                yield pytest.param(path, players, variants,
                                   id=f"{path.stem}-{players}-{'+'.join(variants) or 'base'}")


def _chooser(seed: int):
    """Random choices: choose(seat, count) for a playout, choose(state) step by step."""
    rng = random.Random(seed)

    def choose(state_or_seat, count=None) -> int:
        if count is None:
            count = state_or_seat.num_actions()
        return rng.randrange(count) if count > 1 else 0

    return choose


def _step_by_step(state, choose, steps: int, before_step=None) -> tuple[bool, int, int]:
    """The ordinary build, one step at a time: (ended, decisions, chance steps)."""
    decisions = chance = 0
    for _ in range(steps):
        if state.is_terminal():
            return True, decisions, chance
        if before_step is not None and before_step(state):
            return False, decisions, chance
        if state.is_chance():
            state.apply_chance()
            chance += 1
        else:
            state.apply_action(choose(state))
            decisions += 1
    return state.is_terminal(), decisions, chance


def _variables(state):
    """The state's variables as a save writes them (pieces by number)."""
    return ({name: state._encode(value) for name, value in state.vars.items()},
            [{name: state._encode(value) for name, value in seat.items()} for seat in state.pvars])


def _outcome(state):
    return state.scores(), state.winners(), state.returns()


@pytest.mark.parametrize("path,players,variants", list(_configurations()))
def test_both_builds_play_the_same_games(path, players, variants):
    game = load_game(str(path))
    for seed in range(2 if path.stem in LONG else 6):
        ordinary = game.new_state(players=players, seed=seed, variants=variants)
        played_out = game.new_state(players=players, seed=seed, variants=variants)
        log_before = list(played_out.log)
        ended, decisions, chance = _step_by_step(ordinary, _chooser(seed), 100_000)
        keep_log = seed % 2 == 0  # every other game without its log, as simulate and the bots play
        playout = Playout(_chooser(seed), 100_000, log=keep_log)
        assert played_out.play_out(playout) is ended is True
        if keep_log:
            assert played_out.to_json() == ordinary.to_json()
        else:  # the same save but for the log, which gained no line
            assert played_out.log == log_before
            assert {**played_out.to_json(), "log": None} == {**ordinary.to_json(), "log": None}
        assert (playout.decisions, playout.chance_steps) == (decisions, chance)
        assert _outcome(played_out) == _outcome(ordinary)


@pytest.mark.parametrize("name", ["glory_islands", "decks_of_glory", "to_glory"])
def test_a_playout_stops_where_the_loop_stops(name):
    game = load_game(str(ROOT / "games" / f"{name}.pir"))
    for seed, steps in ((0, 1), (1, 37), (2, 60)):
        ordinary = game.new_state(players=game.min_players, seed=seed)
        played_out = ordinary.clone()
        ended, decisions, chance = _step_by_step(ordinary, _chooser(seed), steps)
        playout = Playout(_chooser(seed), steps)
        assert played_out.play_out(playout) is ended is False
        assert playout.stopped and (playout.decisions, playout.chance_steps) == (decisions, chance)
        assert played_out.round == ordinary.round and played_out.history == ordinary.history
        assert played_out.scores() == ordinary.scores() and played_out._encode(played_out.pending) == ordinary._encode(ordinary.pending)
        assert _variables(played_out) == _variables(ordinary) and played_out.contents == ordinary.contents
        with pytest.raises(IllegalAction, match="playout stopped"):
            played_out.apply_action(0)
    # Stopped by its hook: at the first step of round 3.
    ordinary = game.new_state(players=game.min_players, seed=5)
    played_out = ordinary.clone()
    _step_by_step(ordinary, _chooser(5), 10_000, lambda state: state.round >= 3)
    assert played_out.play_out(Playout(_chooser(5), 10_000, lambda state: state.round >= 3)) is False
    assert played_out.history == ordinary.history and _variables(played_out) == _variables(ordinary)


@pytest.mark.parametrize("name", ["glory_islands", "decks_of_glory", "to_glory", "jamaica"])
def test_uniform_draws_play_what_choose_plays(name):
    """`Playout(..., uniform=...)`: decisions drawn straight from each seat's generator, without
    `choose`, give the same game as `choose` drawing from the same generators, to the end or to a step limit."""
    game = load_game(str(ROOT / "games" / f"{name}.pir"))
    for seed, steps in ((0, 100_000), (1, 100_000), (2, 45)):
        states, counts = [], []
        for uniform in (False, True):
            state = game.new_state(players=game.max_players, seed=seed)
            generators = [random.Random(seed * 10 + seat) for seat in range(state.num_seats)]
            draws = [generator._randbelow for generator in generators]

            def choose(seat, count, draws=draws):
                return draws[seat](count) if count > 1 else 0

            playout = Playout(choose, steps, log=False, uniform=draws if uniform else None)
            assert state.play_out(playout) is (steps == 100_000)
            states.append(state)
            counts.append((playout.decisions, playout.chance_steps, [g.getstate() for g in generators]))
        assert states[0].history == states[1].history and states[0].contents == states[1].contents
        assert _variables(states[0]) == _variables(states[1]) and counts[0] == counts[1]
        if steps == 100_000:
            assert states[0].to_json() == states[1].to_json()


@pytest.mark.parametrize("name", ["glory_islands", "decks_of_glory", "to_glory"])
def test_a_hook_asked_each_round_stops_where_one_asked_every_step_stops(name):
    """`each_round`: the hook is asked only when the round is not the one it was last asked in."""
    game = load_game(str(ROOT / "games" / f"{name}.pir"))
    for seed in range(3):
        start = game.new_state(players=game.min_players, seed=seed)
        runs = []
        for each_round in (False, True):
            state, asked = start.clone(), []
            last = state.round

            def round_ended_level_or_not(now, asked=asked):  # stops at the end of the second round it sees
                nonlocal last
                asked.append(now.round)
                if now.round != last:
                    last = now.round
                    return now.round >= start.round + 2
                return False

            playout = Playout(_chooser(seed), 10_000, round_ended_level_or_not, log=False, each_round=each_round)
            state.play_out(playout)
            runs.append((state.history, _variables(state), state.round, playout.decisions, playout.chance_steps,
                         asked))
        every_step, each_round = runs
        assert every_step[:5] == each_round[:5]
        # asked once per new round (never in the round the playout began in), not at every step
        assert each_round[5] == [seen for seen in dict.fromkeys(every_step[5]) if seen != start.round]
        assert len(every_step[5]) > len(each_round[5])


@pytest.mark.parametrize("name", ["glory_islands", "decks_of_glory"])
def test_a_hook_may_hand_the_rest_of_the_playout_over(name):
    """`Playout.go_on` from `before_step`: asked at every step until the fifth, then at most 30 steps
    counting that one, asked only at a new round, and stopped at the second round's end it sees:
    the game the same loop plays step by step with the same hooks."""
    game = load_game(str(ROOT / "games" / f"{name}.pir"))
    for seed in range(2):
        start = game.new_state(players=game.min_players, seed=seed)
        asked = []

        def round_over(now):
            asked.append(now.round)
            return now.round >= start.round + 2

        def first_steps(now):
            asked.append(len(now.history))
            if len(now.history) == len(start.history) + 4:
                playout.go_on(now, 30, round_over, each_round=True)
            return False

        played = start.clone()
        playout = Playout(_chooser(seed), 10_000, first_steps, log=False)
        played.play_out(playout)
        stepped, choose, seen = start.clone(), _chooser(seed), []
        _step_by_step(stepped, choose, 4)
        the_round = stepped.round

        def new_round_over(now):
            nonlocal the_round
            if now.round == the_round:
                return False
            the_round = now.round
            seen.append(now.round)
            return now.round >= start.round + 2

        _step_by_step(stepped, choose, 30, new_round_over)
        assert played.history == stepped.history and _variables(played) == _variables(stepped)
        assert asked == [len(start.history) + i for i in range(5)] + seen


def test_a_failing_hook_or_policy_is_the_callers_error_not_a_rules_error():
    """A bug in the caller's `before_step` or `choose` comes out as itself, never as a failure of
    the rule that happened to be running (with that rule's line); the rules' own errors stay theirs."""
    game = load_game(str(ROOT / "games" / "glory_islands.pir"))
    start = game.new_state(players=4, seed=3)

    def failing_at(step: int):
        asked = []

        def hook(state):
            asked.append(1)
            if len(asked) == step:
                raise KeyError(f"the hook's own bug at step {step}")
            return False

        return hook

    def failing_choice(seat, count):
        raise ZeroDivisionError("the policy's own bug")

    for step in (1, 7):  # before anything was taken, and in the middle of the rules
        state = start.clone()
        with pytest.raises(KeyError, match="own bug"):
            state.play_out(Playout(_chooser(0), 1_000, failing_at(step)))
        if step == 1:
            state.apply_action(0)  # nothing was taken: an ordinary state still
        else:
            with pytest.raises(IllegalAction, match="cannot go on"):
                state.apply_action(0)
    with pytest.raises(ZeroDivisionError, match="own bug"):
        start.clone().play_out(Playout(failing_choice, 1_000))
    with pytest.raises(ZeroDivisionError, match="own bug"):
        start.clone().play_out(Playout(failing_choice, 1_000, lambda state: False))


def test_a_playout_stopped_before_its_first_step_can_go_on():
    game = load_game(str(ROOT / "games" / "glory_islands.pir"))
    state = game.new_state(players=4, seed=3)
    saved = state.to_json()
    assert state.play_out(Playout(_chooser(0), 0)) is False
    assert state.to_json() == saved
    state.apply_action(0)  # still an ordinary state


def test_simulate_gives_the_same_figures_and_records_both_ways(monkeypatch):
    game = load_game(str(ROOT / "games" / "glory_islands.pir"))
    runs = []
    for plays_out in (True, False):
        monkeypatch.setattr(baseline_bots.RandomBot, "plays_out", plays_out)
        records: list = []
        summary = simulate(game, 3, 12, seed=7, balance=True, on_record=records.append)
        summary.pop("seconds"), summary.pop("games_per_second")
        runs.append((summary, records))
    assert runs[0] == runs[1]
    # At the step limit: unfinished both ways, after the same steps.
    for plays_out in (True, False):
        monkeypatch.setattr(baseline_bots.RandomBot, "plays_out", plays_out)
        records = []
        simulate(game, 3, 3, seed=7, step_limit=60, on_record=records.append)
        runs.append(records)
    assert runs[2] == runs[3] and all(record.get("unfinished") for record in runs[2])


FAILING = """game "Falls over":
  players 2 to 2

var turns = 0

play:
  rounds:
    for each p in players:
      p chooses n from [1, 2, 3]
      turns += n
      check turns < 9 "too many turns: {turns}"

score p: turns
"""


def test_a_rules_failure_says_the_same_both_ways(monkeypatch):
    game = load_source(FAILING, "falls_over.pir")
    messages = []
    for plays_out in (True, False):
        monkeypatch.setattr(baseline_bots.RandomBot, "plays_out", plays_out)
        records: list = []
        simulate(game, 2, 4, seed=0, on_record=records.append)
        messages.append(records)
    assert messages[0] == messages[1]
    assert all("too many turns" in record["error"] for record in messages[0])
    state = game.new_state(players=2, seed=0)
    with pytest.raises(GameRuleError) as failure:
        state.play_out(Playout(lambda seat, count: 2, 100))
    assert "too many turns" in str(failure.value) and ":11:" in str(failure.value)


@pytest.mark.parametrize("name", ["glory_islands", "mysterious_islands"])
def test_a_playout_goes_on_from_live_rules_and_from_a_save(name):
    """From a state whose rules wait as generators (after `apply_action`), and from one restored from JSON."""
    game = load_game(str(ROOT / "games" / f"{name}.pir"))
    ordinary = game.new_state(players=2, seed=11)
    _step_by_step(ordinary, _chooser(1), 25)
    live, restored = ordinary.clone(), game.state_from_json(ordinary.to_json())
    live.apply_action(0) if not live.is_chance() else live.apply_chance()  # its rules now wait as generators
    ordinary.apply_action(0) if not ordinary.is_chance() else ordinary.apply_chance()
    restored.apply_action(0) if not restored.is_chance() else restored.apply_chance()
    _step_by_step(ordinary, _chooser(2), 100_000)
    for other in (live, restored):
        assert other.play_out(Playout(_chooser(2), 100_000)) is True
        assert other.to_json() == ordinary.to_json()


LOG_FAILS = """game "Says too much":
  players 2 to 2

var turns = 0

play:
  rounds until turns >= 4:
    for each p in players:
      p chooses n from [1, 2]
      turns += n
      log "{p.name} takes {n}, item {[1, 2][turns + 5]}"

score p: turns
"""


def test_a_failing_log_line_still_fails_simulate():
    """The playout build skips the log in most of simulate's games, but keeps it in some, as play does."""
    game = load_source(LOG_FAILS, "says_too_much.pir")
    state = game.new_state(players=2, seed=0)
    with pytest.raises(GameRuleError):  # in play, the line fails
        state.play_out(Playout(lambda seat, count: 0, 100))
    records: list = []
    simulate(game, 2, 10, seed=0, on_record=records.append)
    failed = [number for number, record in enumerate(records) if record.get("error")]
    assert failed == [0, 8]  # games 1 and 9, as simulate numbers them
    assert "says_too_much.pir:11:" in records[0]["error"]


@pytest.mark.parametrize("answer", ["past the end", "minus one", "text"])
def test_a_choose_answering_no_action_fails_alike_with_and_without_the_pending_step(answer):
    """`take_decision` asks `choose` at once, without a `before_step`; with one, the decision is set
    pending and `Playout.step` asks. A wrong answer is the same error either way, after the
    same decisions, with the decision left pending."""
    game = load_game(str(ROOT / "games" / "glory_islands.pir"))
    outcomes = []
    for before_step in (None, lambda state: False):
        state = game.new_state(players=4, seed=3)
        rng = random.Random(3)
        asked = []

        def choose(seat, count):
            asked.append(count)
            if len(asked) < 25:
                return rng.randrange(count)
            return {"past the end": count, "minus one": -1, "text": "0"}[answer]
        playout = Playout(choose, 10_000, before_step)
        with pytest.raises(IllegalAction, match="there is no action") as error:
            state.play_out(playout)
        outcomes.append((str(error.value), asked, playout.decisions, playout.taken, state.history,
                         state._encode(state.pending)))
    assert outcomes[0] == outcomes[1]
    assert outcomes[0][2] == 24 and outcomes[0][3] == 0
