"""Every game as a PettingZoo environment: PettingZoo's own api, seed, parallel and render tests.

Skipped only when PettingZoo is not installed (`pip install '.[pettingzoo]'`; CI installs it).
`python -m pirdsl.adapters.check` runs them on every configuration with more cycles;
benchmarks/adapters.md records PettingZoo's performance_benchmark figures.
"""

from __future__ import annotations

import os
import random

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402  (after the skip)

from pirdsl.adapters import pettingzoo as adapter  # noqa: E402
from interpreter.actions import ActionSpaceError  # noqa: E402
from pirdsl.adapters.check import NOT_YET, configurations  # noqa: E402
from tests.test_secrets import _swapped  # noqa: E402

# All of them take minutes (Jamaica's long games at six seats): the suite runs a quick
# selection unless PIRDSL_ADAPTERS=full, and CI runs `python -m pirdsl.adapters.check`.
CONFIGURATIONS = [
    pytest.param(path, players, variants, marks=pytest.mark.xfail(
        raises=ActionSpaceError, strict=True, reason=NOT_YET[path])) if path in NOT_YET else (path, players, variants)
    for path, players, variants in configurations(quick=os.environ.get("PIRDSL_ADAPTERS") != "full")
]
CYCLES = 60  # agent steps per test: enough to cross several kinds of decision, quick for the suite



def _ids(configurations: list) -> list[str]:
    plain = [c.values if hasattr(c, "values") else c for c in configurations]
    return [f"{p.split('/')[-1][:-4]}-{n}-{v or 'base'}" for p, n, v in plain]


@pytest.mark.parametrize("path, players, variants", CONFIGURATIONS,
                         ids=_ids(CONFIGURATIONS))
def test_pettingzoo_official_tests(path, players, variants):
    adapter.run_official_tests(path, players, variants, cycles=CYCLES)


def test_a_whole_game_ends_with_the_winners_rewarded_and_automa_played_inside():
    env = adapter.env("games/glory_islands.pir", players=2, render_mode="ansi")
    env.reset(seed=4)
    assert env.unwrapped.possible_agents == ["player_0", "player_1"]  # Henry Morgan is no agent
    totals = {agent: 0.0 for agent in env.possible_agents}
    rng = np.random.default_rng(4)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        assert observation["observation"].dtype == np.float32 and observation["action_mask"].dtype == np.int8
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0 and len(info["labels"]) >= len(legal)
        env.step(int(rng.choice(legal)))
    shares = env.unwrapped.state.returns()
    assert [totals[a] for a in env.possible_agents] == shares[:2]
    assert "Player 1" in env.unwrapped.render()


def test_observations_hide_what_they_should():
    env = adapter.PirdslEnv("games/jamaica.pir", players=3)
    env.reset(seed=2)
    rng = random.Random(2)
    checked = 0
    for step in range(200):
        if env.state.is_terminal():
            break
        for agent in env.possible_agents:
            seat = env.seat_of[agent]
            other = _swapped(env.state, seat, rng)
            if other is not None and step % 4 == 0:
                mine = env.observe(agent)
                real, env.state = env.state, other
                theirs = env.observe(agent)
                env.state = real
                assert np.array_equal(mine["observation"], theirs["observation"])
                assert np.array_equal(mine["action_mask"], theirs["action_mask"])
                checked += 1
        agent = env.agent_selection
        env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))
    assert checked > 20


def test_a_game_longer_than_its_declared_bound_stops_with_an_error(tmp_path):
    # A declared bound is kept, not truncated at: a game past it stops with an error.
    text = open("tests/classic/tic_tac_toe.pir").read().replace("longest 9 decisions", "longest 3 decisions")
    short = tmp_path / "short.pir"
    short.write_text(text)
    made = adapter.env(str(short), 2)
    made.reset(seed=0)
    for _ in range(3):
        made.step(int(np.flatnonzero(made.observe(made.agent_selection)["action_mask"])[0]))
    assert not any(made.truncations.values())
    with pytest.raises(RuntimeError, match="more than the 3 decisions the rules file declared"):
        made.step(int(np.flatnonzero(made.observe(made.agent_selection)["action_mask"])[0]))


def test_rewards_are_the_declared_payoff():
    env = adapter.env("tests/cases/payoff.pir", players=3)
    env.reset(seed=1)
    totals = {agent: 0.0 for agent in env.possible_agents}
    stakes = iter([1, 2, 2])  # each seat's stake in turn, found among the options by its label
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        stake = next(stakes)
        env.step(int(legal[info["labels"].index(str(stake))]))
    assert [totals[a] for a in env.possible_agents] == [-1.0, 0.5, 0.5]
