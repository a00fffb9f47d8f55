"""Every shipped game plays exactly as it did when these figures were recorded.

A change to the engine (how rules are compiled and run, copied and saved) must not
change any game. For every rules file in games/ and tests/classic/, at every player
count and with each variant, tests/equivalence/<name>.json holds what the engine
gave when it was recorded:

- `quick`: the figures of `pirdsl simulate --games 10 --seed 0 --json` (every key
  but the timings) and the record of each game (`--records`);
- `simulate`: the same figures for 200 games, compared only when the environment
  variable PIRDSL_EQUIVALENCE=full is set (it takes minutes);
- `greedy`: a few games with the greedy bot, which copies states and reads
  observations at every decision;
- `perft`: the move counts from the start to a small depth;
- `traces`: for a few seeded games played by a seeded random hand, a short hash of
  everything the API shows at each step: whose turn it is, the prompt, the action
  labels or chance outcomes and their odds, every seat's observation and log,
  the scores, and the saved state but for its position in the rules;
- `examples`: the result of every worked example.

Record again (only for a change to the games that is meant, with its reason in
the commit message) with `python -m tests.test_equivalence --record` (or `--record GAME` for one game).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from interpreter import load_game  # noqa: E402
from interpreter.examples import run_examples  # noqa: E402
from pirdsl.perft import perft  # noqa: E402
from pirdsl.simulate import simulate  # noqa: E402

DATA = Path(__file__).resolve().parent / "equivalence"
FILES = sorted((ROOT / "games").glob("*.pir")) + sorted((ROOT / "tests" / "classic").glob("*.pir"))
QUICK_GAMES = 10
FULL_GAMES = 200
GREEDY_GAMES = 3
# Games whose greedy games take minutes each (the bot looks ahead through many options): one each.
GREEDY_GAMES_FOR = {"mysterious_islands": 1}
TIMINGS = ("games_per_second", "seconds")
# What simulate adds for a game with a payoff line: worked out from the returns, whose mean (mean_returns)
# is recorded already, so the records made before these figures existed stay as they are.
PAYOFF_FIGURES = ("mean_payoff", "mean_payoff_interval", "payoff_sd")
# The saved state's position in the rules (and its format version) belong to the engine, not the
# game; the rules file's hash changes with its comments (the top-level file_hash says whether the
# file is the one recorded).
ENGINE_KEYS = ("frames", "scopes", "version", "file_hash")
# Perft depths: the deepest that took about half a second or less on the engine these were recorded with.
PERFT_DEPTH = {"decks_of_glory": 4, "glory_islands": 5, "jamaica": 4, "tic_tac_toe": 5, "connect_four": 5,
               "breakthrough": 3, "to_glory": 3, "mysterious_islands": 4, "kuhn_poker": 5,
               "liars_dice": 4, "leduc_poker": 5}
TRACE_SEEDS = (0, 1)


def configurations(game) -> list[tuple[int, list[str]]]:
    """Every player count, each with no variant, each variant alone, and all variants together."""
    variant_sets = [[]] + [[v] for v in sorted(game.variants)]
    if len(game.variants) > 1:
        variant_sets.append(sorted(game.variants))
    return [(players, variants) for players in range(game.min_players, game.max_players + 1)
            for variants in variant_sets]


def figures(game, players: int, variants: list[str], games: int, bot: str = "random",
            records: list | None = None) -> dict:
    """`pirdsl simulate --json` without its timings."""
    result = simulate(game, players, games, 0, variants, bot,
                      on_record=records.append if records is not None else None)
    return {key: value for key, value in result.items() if key not in TIMINGS + PAYOFF_FIGURES}


def _digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def trace(game, players: int, variants: list[str], seed: int) -> list[str]:
    """A hash of everything the API shows at each step of one game played by a seeded random hand."""
    state = game.new_state(players=players, seed=seed, variants=variants)
    hand = random.Random(seed)
    steps = []
    while True:
        # Every seat's view at every step, but at a big table (where that is slow) the view of
        # the seat to move and of one other seat in turn.
        watched = range(state.num_seats) if state.num_seats <= 3 else \
            sorted({max(state.current_player(), 0), len(steps) % state.num_seats})
        seats = [state.observation(seat) for seat in watched]
        for view in seats:
            # The whole log at every step would make a long game's trace slow: its length and
            # its last lines at every step, and all of it at the end.
            log = view.pop("log")
            view["log_end"] = log if state.is_terminal() else [len(log)] + log[-4:]
        shown = {"to_move": state.current_player(), "terminal": state.is_terminal(),
                 "scores": state.scores(), "winners": state.winners(), "returns": state.returns(),
                 "seats": seats, "saved": {k: v for k, v in state.to_json().items() if k not in ENGINE_KEYS}}
        shown["saved"]["log"] = len(shown["saved"]["log"])
        if state.is_chance():
            shown["outcomes"] = [[action.label, probability] for action, probability in state.chance_outcomes()]
        elif not state.is_terminal():
            shown["prompt"] = state.prompt()
            shown["actions"] = [action.label for action in state.legal_actions()]
        steps.append(_digest(shown))
        if state.is_terminal():
            return steps
        if state.is_chance():
            state.apply_chance()
        else:
            state.apply_action(hand.randrange(state.num_actions()))


def examples(game) -> list[list]:
    return [[result.name, result.passed, result.message] for result in run_examples(game)]


def record(path: Path) -> dict:
    """Everything this file records for one rules file."""
    game = load_game(str(path))
    name = path.stem
    data: dict = {"file": str(path.relative_to(ROOT)), "file_hash": game.file_hash,
                  "quick": [], "simulate": [], "greedy": [], "perft": [], "traces": [], "examples": examples(game)}
    for players, variants in configurations(game):
        records: list = []
        data["quick"].append({"players": players, "variants": variants, "games": QUICK_GAMES,
                              "figures": figures(game, players, variants, QUICK_GAMES, records=records),
                              "records": records})
        data["simulate"].append({"players": players, "variants": variants, "games": FULL_GAMES,
                                 "figures": figures(game, players, variants, FULL_GAMES)})
    for players in (game.min_players, game.max_players):
        variants = sorted(game.variants) if players == game.max_players else []
        greedy_games = GREEDY_GAMES_FOR.get(name, GREEDY_GAMES)
        data["greedy"].append({"players": players, "variants": variants, "games": greedy_games,
                               "figures": figures(game, players, variants, greedy_games, "greedy")})
        data["perft"].append({"players": players, "variants": variants, "depth": PERFT_DEPTH[name],
                              "counts": perft(game.new_state(players=players, seed=0, variants=variants),
                                              PERFT_DEPTH[name])})
        for seed in (TRACE_SEEDS if players == game.min_players else TRACE_SEEDS[:1]):
            data["traces"].append({"players": players, "variants": variants, "seed": seed,
                                   "steps": trace(game, players, variants, seed)})
        if game.min_players == game.max_players:
            break
    return data


# ---------------------------------------------------------------- the tests


def _recorded(path: Path) -> dict:
    data_file = DATA / f"{path.stem}.json"
    assert data_file.exists(), f"nothing recorded for {path.name}: python -m tests.test_equivalence --record"
    data = json.loads(data_file.read_text())
    game = _game(path)
    assert data["file_hash"] == game.file_hash, (
        f"{path.name} has changed since its figures were recorded: if the change to the game is meant, "
        f"record them again (python -m tests.test_equivalence --record) and say why in the commit")
    return data


_GAMES: dict = {}


def _game(path: Path):
    if path not in _GAMES:
        _GAMES[path] = load_game(str(path))
    return _GAMES[path]


_ids = [path.stem for path in FILES]


@pytest.mark.parametrize("path", FILES, ids=_ids)
def test_random_games_end_as_recorded(path):
    data = _recorded(path)
    game = _game(path)
    for case in data["quick"]:
        records: list = []
        got = figures(game, case["players"], case["variants"], case["games"], records=records)
        where = f"{path.name}, {case['players']} players, variants {case['variants']}"
        for expected, actual in zip(case["records"], records):
            assert actual == expected, f"{where}: game {expected['game']} differs"
        assert got == case["figures"], where


@pytest.mark.skipif(os.environ.get("PIRDSL_EQUIVALENCE") != "full", reason="PIRDSL_EQUIVALENCE=full runs it")
@pytest.mark.parametrize("path", FILES, ids=_ids)
def test_two_hundred_random_games_end_as_recorded(path):
    data = _recorded(path)
    game = _game(path)
    for case in data["simulate"]:
        got = figures(game, case["players"], case["variants"], case["games"])
        assert got == case["figures"], f"{path.name}, {case['players']} players, variants {case['variants']}"


@pytest.mark.parametrize("path", FILES, ids=_ids)
def test_greedy_games_end_as_recorded(path):
    data = _recorded(path)
    game = _game(path)
    for case in data["greedy"]:
        got = figures(game, case["players"], case["variants"], case["games"], "greedy")
        assert got == case["figures"], f"{path.name}, {case['players']} players, variants {case['variants']}"


@pytest.mark.parametrize("path", FILES, ids=_ids)
def test_perft_counts_are_as_recorded(path):
    data = _recorded(path)
    game = _game(path)
    for case in data["perft"]:
        state = game.new_state(players=case["players"], seed=0, variants=case["variants"])
        assert perft(state, case["depth"]) == case["counts"], f"{path.name}, {case['players']} players"


@pytest.mark.parametrize("path", FILES, ids=_ids)
def test_every_step_shows_what_it_showed(path):
    data = _recorded(path)
    game = _game(path)
    for case in data["traces"]:
        got = trace(game, case["players"], case["variants"], case["seed"])
        where = f"{path.name}, {case['players']} players, variants {case['variants']}, seed {case['seed']}"
        for step, (expected, actual) in enumerate(zip(case["steps"], got)):
            assert actual == expected, f"{where}: step {step} differs"
        assert len(got) == len(case["steps"]), f"{where}: {len(got)} steps, not {len(case['steps'])}"


@pytest.mark.parametrize("path", FILES, ids=_ids)
def test_worked_examples_give_what_they_gave(path):
    data = _recorded(path)
    assert examples(_game(path)) == data["examples"]


def main(argv: list[str]) -> int:
    """`--record` records every game; `--record NAME ...` only the games named (file stems)."""
    if argv[:1] != ["--record"]:
        print("usage: python -m tests.test_equivalence --record [GAME ...]", file=sys.stderr)
        return 2
    chosen = [path for path in FILES if not argv[1:] or path.stem in argv[1:]]
    unknown = set(argv[1:]) - {path.stem for path in FILES}
    if unknown:
        print(f"no such game: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    DATA.mkdir(exist_ok=True)
    for path in chosen:
        data = record(path)
        (DATA / f"{path.stem}.json").write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(f"recorded {path.relative_to(ROOT)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
