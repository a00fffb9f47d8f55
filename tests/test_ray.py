"""`simulate --ray` and `analyze --ray`: the games played as Ray tasks on a local Ray instance give the local figures exactly.

Skipped when Ray is not installed (it comes with the test extra: pip install -e '.[test]').
The test starts its own Ray instance on this machine, with the checkout on the
workers' import path, and stops it afterwards.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from interpreter import load_game
from pirdsl.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray")
    paths = [str(ROOT)] + [part for part in os.environ.get("PYTHONPATH", "").split(os.pathsep) if part]
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join(paths)}})
    yield ray
    ray.shutdown()


def _figures(result):
    return {key: value for key, value in result.items() if key not in ("seconds", "games_per_second", "jobs", "ray")}


def test_ray_gives_the_same_figures_as_one_local_process(local_ray):
    game = load_game(str(ROOT / "games" / "decks_of_glory.pir"))
    options = dict(seed=3, seat_bots=["greedy"], rotate=True, balance=True)
    records = []
    on_ray = simulate(game, 2, 12, ray_address="auto", on_record=records.append, **options)
    local_records = []
    local = simulate(game, 2, 12, jobs=1, on_record=local_records.append, **options)
    assert on_ray["ray"] == "auto"
    assert _figures(on_ray) == _figures(local)
    assert records == local_records


def test_analyze_on_ray_gives_the_same_analysis_as_one_local_process(local_ray):
    """`pirdsl analyze --ray`: each game's watch comes back with its record from a Ray task."""
    from pirdsl.analyze.run import analyze

    game = load_game(str(ROOT / "tests" / "cases" / "analyze_sound.pir"))
    on_ray = analyze(game, 2, 6, 1, (), "greedy", ray_address="auto")
    local = analyze(game, 2, 6, 1, (), "greedy", jobs=1)
    assert on_ray["games"] == on_ray["completed"] == 6
    for key in ("coverage", "choices", "points", "flow", "findings", "headline"):
        assert on_ray[key] == local[key], key


def test_without_ray_installed_the_option_is_a_one_line_usage_error(monkeypatch, capsys):
    import importlib.util

    import pirdsl.cli as cli

    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *rest: None if name == "ray" else
                        real_find_spec(name, *rest))
    code = cli.main(["simulate", str(ROOT / "tests" / "classic" / "tic_tac_toe.pir"), "--games", "2", "--ray", "auto"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("pirdsl: error: --ray needs Ray") and err.count("\n") == 1
