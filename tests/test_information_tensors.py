"""Every game has an information-state tensor of a fixed shape, built only from what its seat may know.

Games too long for the perfect-recall layout (the shipped games, Breakthrough) get the
recent layout of pirdsl/adapters/tensors.py: the observation now, totals, and the last few
decisions in full (docs/adapters.md, "Information states"). Checked here, through the
OpenSpiel and PettingZoo adapters:

- every shipped and classic game declares a tensor and gives one of that shape at every
  decision of a random game, quickly, whose first part is the observation tensor;
- a seat's tensor does not change when two pieces hidden from it trade places, nor while
  both games go on with the same moves and the seat sees the same (tests/test_secrets.py's
  swap), though another seat's may;
- the recent layout with a window as long as the game is as fine as the information-state
  strings (so its parts are laid out right), and action parts tell every action apart;
- PettingZoo's `observation="information_state"` gives OpenSpiel's tensors along the
  same game and passes PettingZoo's own tests.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from pirdsl.adapters import openspiel as adapter  # noqa: E402
from pirdsl.adapters.tensors import ActionParts, RecentInformationStateLayout  # noqa: E402
from tests.test_secrets import _hidden_from, _swapped  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CLASSIC = ROOT / "tests" / "classic"
SHIPPED = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "games").glob("*.pir"))
EVERY = SHIPPED + sorted(str(path.relative_to(ROOT)) for path in CLASSIC.glob("*.pir"))
PLAYERS = {"games/glory_islands.pir": 3, "games/jamaica.pir": 3, "games/to_glory.pir": 3}
SMALL = {"connect_four", "kuhn_poker", "leduc_poker", "liars_dice", "tic_tac_toe"}
DECISIONS = 120          # decisions of each random game asked about
MEAN_SECONDS = 0.05      # the most one tensor may take on average (about 2 ms on a quiet machine)


def _load(path: str):
    return adapter.load(str(ROOT / path), PLAYERS.get(path))


def _step(state, rng: random.Random) -> None:
    if state.is_chance_node():
        actions, chances = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, chances)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("path", EVERY)
def test_every_game_gives_a_tensor_of_its_declared_shape_all_game_long(path):
    game = _load(path)
    layout = game.information_layout
    assert game.get_type().provides_information_state_tensor
    assert layout.kind == ("perfect_recall" if Path(path).stem in SMALL else "recent")
    shape = game.information_state_tensor_shape()
    assert shape == [layout.size] and sum(length for _, length in layout.parts()) == layout.size
    rng = random.Random(path)
    state = game.new_initial_state()
    asked, seconds, decisions = 0, 0.0, 0
    while not state.is_terminal() and decisions < DECISIONS:
        if not state.is_chance_node():
            decisions += 1
            for player in {state.current_player(), rng.randrange(game.num_players())}:
                started = time.perf_counter()
                tensor = np.asarray(state.information_state_tensor(player), np.float32)
                seconds += time.perf_counter() - started
                asked += 1
                assert tensor.shape == (layout.size,) and np.isfinite(tensor).all()
                observation = state.observation_tensor(player)
                assert tensor[:len(observation)].tolist() == observation
                if not layout.perfect_recall:  # the totals count every decision so far
                    totals = tensor[layout.totals:layout.totals + game.num_players()]
                    assert totals.sum() == len(state._engine.mine)
        _step(state, rng)
    assert asked and seconds / asked < MEAN_SECONDS


def _swapped_in_sight(state, seat: int, rng: random.Random):
    """Like `_swapped`, but with a piece another seat sees where there is one (else `_swapped`'s)."""
    hidden = _hidden_from(state, seat)
    in_sight = {piece for zone in state.world.zones for piece in state.contents[zone.id]
                if any(zone.seen_by(other) for other in range(state.num_seats) if other != seat)}
    rng.shuffle(hidden)
    for a in [piece for piece in hidden if piece in in_sight]:
        for b in hidden:
            piece_a, piece_b = state.pieces[a], state.pieces[b]
            if piece_a.type == piece_b.type and state.piece_key(piece_a) != state.piece_key(piece_b):
                other = state.clone()
                zone_a, zone_b = other.loc[a], other.loc[b]
                contents_a, contents_b = other.own_zone(zone_a), other.own_zone(zone_b)
                index_a, index_b = contents_a.index(a), contents_b.index(b)
                contents_a[index_a], contents_b[index_b] = b, a
                other.loc[a], other.loc[b] = zone_b, zone_a
                return other
    return _swapped(state, seat, rng)


def _twin(state, engine):
    """A copy of `state` that holds `engine` now, with the same record before the decision now."""
    twin = state.clone()
    box = twin._owned()
    box.state, box.texts, box.legal = engine, {}, None
    box.trail = box.trail[:len(box.mine)]  # what the seats see now is worked out from `engine`
    return twin


def _same_for(state, twin, player: int, rng: random.Random, steps: int) -> tuple[int, bool]:
    """Play both on with the same moves while `player` sees the same; (tensors compared, whether another differed)."""
    compared, other_differs = 0, False
    for _ in range(steps):
        if state.is_terminal() or twin.is_terminal():
            break
        if state.observation_tensor(player) != twin.observation_tensor(player):
            break  # from here the seat may tell the two games apart
        if not state.is_chance_node():
            assert twin.information_state_tensor(player) == state.information_state_tensor(player)
            assert twin.information_state_string(player) == state.information_state_string(player)
            compared += 1
            other_differs = other_differs or any(
                twin.information_state_tensor(other) != state.information_state_tensor(other)
                for other in range(state.num_players()) if other != player)
        if state.is_chance_node():
            outcomes = [action for action, _ in state.chance_outcomes()]
            if outcomes != [action for action, _ in twin.chance_outcomes()]:
                break
            action = rng.choice(outcomes)
        else:
            if state.legal_actions() != twin.legal_actions():
                break
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        twin.apply_action(action)
    return compared, other_differs


@pytest.mark.parametrize("path", ["games/jamaica.pir", "games/glory_islands.pir"])
def test_a_tensor_holds_nothing_its_seat_may_not_see(path):
    game = _load(path)
    assert not game.facts.perfect_information and game.information_layout.kind == "recent"
    rng = random.Random(7)
    state = game.new_initial_state()
    compared, others_differed = 0, 0
    for step in range(90):
        if state.is_terminal():
            break
        if not state.is_chance_node() and step % 6 == 0:
            for player in range(game.num_players()):
                swapped = _swapped_in_sight(state.engine, game.seats[player], rng)
                if swapped is None:
                    continue
                found, differs = _same_for(state.clone(), _twin(state, swapped), player, rng, 8)
                compared += found
                others_differed += differs
        _step(state, rng)
    assert compared > 20
    assert others_differed, "no swap was ever seen by another seat: the test would miss a leak"


def _walk_with(game, layout) -> tuple[int, int]:
    """Over the whole tree: (distinct information-state strings, distinct tensors of `layout`), checking they agree."""
    tensor_of: dict[str, bytes] = {}
    tensors: set[bytes] = set()

    def visit(state):
        if state.is_terminal():
            return
        if state.is_chance_node():
            for action, _ in state.chance_outcomes():
                visit(state.child(action))
            return
        player = state.current_player()
        text = state.information_state_string(player)
        box = state._engine
        out = np.zeros(layout.size, np.float32)
        layout.fill(out, game.encoding.encode(box.state, game.seats[player]), box.mine, box.shared.trail(box), player)
        key = out.tobytes()
        assert tensor_of.setdefault(text, key) == key, "one information-state string, two tensors"
        tensors.add(key)
        for action in state.legal_actions():
            visit(state.child(action))

    visit(game.new_initial_state())
    return len(tensor_of), len(tensors)


def test_the_recent_layout_over_a_whole_game_is_as_fine_as_the_strings():
    game = adapter.load(str(CLASSIC / "liars_dice.pir"), dice_sides=3)
    players, space, observation, longest = 2, game.space, game.encoding.size, game.max_length
    whole = RecentInformationStateLayout(players, space, observation, longest, window=longest)
    assert _walk_with(game, whole) == (192, 192)
    recent = RecentInformationStateLayout(players, space, observation, longest)
    strings, tensors = _walk_with(game, recent)
    assert strings == 192 and tensors <= strings


@pytest.mark.parametrize("path", ["games/jamaica.pir", "games/mysterious_islands.pir",
                                  "tests/classic/breakthrough.pir"])
def test_action_parts_tell_every_action_apart(path):
    game = _load(path)
    parts = ActionParts(game.space)
    assert sum(length for _, length in parts.parts()) == parts.size < game.space.size
    seen = set()
    for action in range(game.space.size):
        marks = parts.marks(action)
        assert all(0 <= mark < parts.size for mark in marks)
        seen.add(marks)
    assert len(seen) == game.space.size


# ------------------------------------------------------------ PettingZoo

def _pettingzoo():
    pytest.importorskip("pettingzoo")
    from pirdsl.adapters import pettingzoo
    return pettingzoo


def _kuhn_tensors() -> set[bytes]:
    game = adapter.load(str(CLASSIC / "kuhn_poker.pir"))
    found = set()

    def visit(state):
        if state.is_terminal():
            return
        if state.is_chance_node():
            for action, _ in state.chance_outcomes():
                visit(state.child(action))
            return
        found.add(np.asarray(state.information_state_tensor(state.current_player()), np.float32).tobytes())
        for action in state.legal_actions():
            visit(state.child(action))

    visit(game.new_initial_state())
    return found


def test_pettingzoo_information_states_are_openspiels():
    pettingzoo = _pettingzoo()
    known = _kuhn_tensors()
    env = pettingzoo.env(str(CLASSIC / "kuhn_poker.pir"), observation="information_state")
    assert env.observation_space("player_0")["observation"].shape == (184,)
    rng = random.Random(1)
    asked = 0
    for seed in range(20):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            assert observation["observation"].tobytes() in known
            asked += 1
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert asked >= 40


def test_pettingzoo_information_state_of_a_long_game():
    pettingzoo = _pettingzoo()
    path = str(ROOT / "games/glory_islands.pir")
    plain = pettingzoo.env(path, players=3)
    recalled = pettingzoo.env(path, players=3, observation="information_state")
    layout = recalled.unwrapped.information_layout
    assert layout.kind == "recent"
    assert recalled.observation_space("player_1")["observation"].shape == (layout.size,)
    plain.reset(seed=4)
    recalled.reset(seed=4)
    rng = random.Random(4)
    for step, agent in enumerate(recalled.agent_iter(max_iter=150)):
        observation, _, terminated, truncated, _ = recalled.last()
        seen = plain.observe(agent)
        tensor = observation["observation"]
        assert tensor.shape == (layout.size,) and tensor.dtype == np.float32
        assert np.array_equal(tensor[:layout.observation], seen["observation"])
        assert tensor[layout.totals:layout.totals + 3].sum() == step
        if terminated or truncated:
            break
        action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        recalled.step(action)
        plain.step(action)


def test_pettingzoo_and_openspiel_give_the_same_tensors_along_a_game():
    pettingzoo = _pettingzoo()
    path = str(ROOT / "games/glory_islands.pir")
    env = pettingzoo.env(path, players=3, observation="information_state")
    env.reset(seed=3)
    inside = env.unwrapped
    game = adapter.load(path, 3)
    mirror = game.new_initial_state()  # follows the environment's moves and chance outcomes
    rng = random.Random(3)
    compared = 0
    for agent in env.agent_iter(max_iter=100):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            break
        history = inside.state.history
        while len(mirror.engine.history) < len(history):
            index = history[len(mirror.engine.history)]
            if mirror.is_chance_node():  # the very outcome, look-alikes told apart
                box = mirror._owned()
                box.texts = {}
                box.state.apply_action(index)
            else:
                number = {index: number for number, index in mirror._engine.decoded(game.space)[1].items()}[index]
                mirror.apply_action(number)
        assert mirror.engine.history == history
        for player, name in enumerate(inside.possible_agents):
            expected = np.asarray(mirror.information_state_tensor(player), np.float32)
            assert np.array_equal(env.observe(name)["observation"], expected)
        compared += 1
        env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert compared >= 50


def test_pettingzoo_official_tests_pass_on_information_states():
    pettingzoo = _pettingzoo()
    pettingzoo.run_official_tests(str(CLASSIC / "kuhn_poker.pir"), cycles=100, observation="information_state")
    pettingzoo.run_official_tests(str(ROOT / "games/decks_of_glory.pir"), cycles=40, observation="information_state")
    with pytest.raises(ValueError, match="observation 'state' is not offered"):
        pettingzoo.env(str(CLASSIC / "kuhn_poker.pir"), observation="state")
