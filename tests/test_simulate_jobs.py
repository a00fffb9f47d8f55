"""`pirdsl simulate --jobs N`: games spread over worker processes.

They must give exactly the figures and records of one process; a worker that
cannot load the rules file or dies, and Ctrl-C, each end the run with one line
or none.

Starting a worker costs a second or two here (a fresh Python imports the engine
and loads the rules file), so these tests use few workers and few games. The
`pirdsl` process plays games too, all of them while its workers start, so most
tests here have it only wait (`OWN_CHUNKS_AHEAD = 0`), so that the workers play
every game and any difference between processes would show.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import fake_engine
import pirdsl.cli as cli
from pirdsl.commands import common
import pirdsl.simulate
from interpreter import load_game
from pirdsl.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
TIC_TAC_TOE = ROOT / "tests" / "classic" / "tic_tac_toe.pir"
GLORY_ISLANDS = ROOT / "games" / "glory_islands.pir"
TIMINGS = ("games_per_second", "seconds")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def simulate_with_records(capsys, tmp_path, path: str, jobs: int, *argv: str) -> tuple[int, dict, str, str]:
    """Exit code, the --json figures, the --records text and standard error of one run."""
    records = tmp_path / f"records-{jobs}.jsonl"
    code, out, err = run(capsys, "simulate", path, "--json", "--jobs", str(jobs), "--records", str(records), *argv)
    return code, json.loads(out), records.read_text(encoding="utf-8"), err


def without_timings(result: dict) -> dict:
    return {key: value for key, value in result.items() if key not in TIMINGS}


@pytest.fixture
def workers_play_every_game(monkeypatch):
    """The pirdsl process only hands out games and waits for them (the workers are unaffected)."""
    monkeypatch.setattr(pirdsl.simulate, "OWN_CHUNKS_AHEAD", 0)


# ---------------------------------------------------------------- the same figures in any number of processes


@pytest.mark.parametrize("path, argv", [
    # 45 games in chunks of 2 and a last one of 1, one seat greedy (clones and lookahead in the workers).
    (TIC_TAC_TOE, ("--games", "45", "--seed", "3", "--seat", "greedy")),
    # A game with chance, hidden hands and an automa seat.
    (GLORY_ISLANDS, ("--games", "5", "--players", "2", "--seed", "11")),
], ids=["tic-tac-toe", "glory-islands"])
def test_two_jobs_give_exactly_the_figures_and_records_of_one(capsys, tmp_path, workers_play_every_game, path, argv):
    code_one, one, records_one, err_one = simulate_with_records(capsys, tmp_path, str(path), 1, *argv)
    code_two, two, records_two, err_two = simulate_with_records(capsys, tmp_path, str(path), 2, *argv)
    assert (code_one, code_two) == (0, 0), err_one + err_two
    assert (one.pop("jobs"), two.pop("jobs")) == (1, 2)
    assert without_timings(one) == without_timings(two)
    assert records_one == records_two
    assert [json.loads(line)["game"] for line in records_two.splitlines()] == list(range(1, one["games"] + 1))


def test_rules_errors_in_workers_are_counted_and_the_first_is_the_same(capsys, tmp_path, monkeypatch,
                                                                      workers_play_every_game):
    """Dice Race's `fragile` variant fails in some games; which one fails first must not depend on the workers."""
    monkeypatch.setattr(common, "load_game", fake_engine.load_game)
    rules = tmp_path / "dice.pir"
    rules.write_text('fake-game "Dice Race"\ntarget 10\nrounds 8\n', encoding="utf-8")
    argv = ("--games", "30", "--variant", "fragile")
    code_one, one, records_one, err_one = simulate_with_records(capsys, tmp_path, str(rules), 1, *argv)
    code_two, two, records_two, err_two = simulate_with_records(capsys, tmp_path, str(rules), 2, *argv)
    assert code_one == code_two == 1
    assert 0 < two["errors"] < 30
    assert "fragile rule broke" in two["first_error"]
    assert err_one == err_two
    one.pop("jobs"), two.pop("jobs")
    assert without_timings(one) == without_timings(two)
    assert records_one == records_two


def test_games_played_here_and_in_a_worker_come_out_in_game_order(tmp_path, monkeypatch):
    """This process plays the first games while a spawned worker starts (a forked one, ready at once,
    takes the first chunk), then shares the rest with it.

    Slowed down here (30 ms a game, 9 s for all 300), this process leaves most
    games to the worker once it has started; figures and records must still be
    those of one process.
    """
    game = load_game(str(TIC_TAC_TOE))
    alone: list[dict] = []
    expected = simulate(game, 2, 300, seed=5, on_record=alone.append)
    played_here = []
    play_game = pirdsl.simulate.play_game

    def slowly(game, settings, number, seed):
        played_here.append(number)
        time.sleep(0.03)
        return play_game(game, settings, number, seed)

    monkeypatch.setattr(pirdsl.simulate, "play_game", slowly)
    shared: list[dict] = []
    result = simulate(game, 2, 300, seed=5, jobs=2, on_record=shared.append)
    assert 0 < len(played_here) < 300
    if pirdsl.simulate.worker_context().get_start_method() == "fork":
        assert played_here[0] > 0  # the forked worker was waited for, and took the first games
    else:
        assert played_here[0] == 0  # a spawned worker cannot be ready before the first game
    assert shared == alone
    assert result.pop("jobs") == 2 and expected.pop("jobs") == 1
    assert without_timings(result) == without_timings(expected)


# ---------------------------------------------------------------- how many jobs


def test_without_jobs_simulate_uses_every_core(capsys, tmp_path, monkeypatch):
    monkeypatch.undo()  # tests/conftest.py plays in one process; this test is about the real default
    monkeypatch.setattr(common, "load_game", fake_engine.load_game)
    asked = {}

    def spy(*args, **options):
        asked["jobs"] = options["jobs"]
        raise KeyboardInterrupt  # stop before any process starts

    monkeypatch.setattr(pirdsl.simulate, "simulate", spy)
    rules = tmp_path / "dice.pir"
    rules.write_text('fake-game "Dice Race"\ntarget 10\nrounds 8\n', encoding="utf-8")
    assert cli.main(["simulate", str(rules)]) == cli.EXIT_INTERRUPTED
    assert asked["jobs"] == (os.cpu_count() or 1)


def test_jobs_reports_the_processes_used_never_more_than_the_games(capsys):
    for argv, jobs in [(("--jobs", "1", "--games", "3"), 1), (("--jobs", "4", "--games", "1"), 1)]:
        code, out, err = run(capsys, "simulate", str(TIC_TAC_TOE), "--json", *argv)
        assert code == 0, err
        assert json.loads(out)["jobs"] == jobs


def test_jobs_must_be_a_positive_number(capsys):
    code, out, err = run(capsys, "simulate", str(TIC_TAC_TOE), "--jobs", "0")
    assert code == 2
    assert "--jobs" in err


# ---------------------------------------------------------------- when workers fail


def die_in_a_worker(path: str):
    """A loader that works in the parent and kills the worker process that calls it."""
    if multiprocessing.parent_process() is not None:
        os._exit(3)
    return load_game(path)


def another_version_in_a_worker(path: str):
    """A loader that, in a worker, finds a rules file other than the one the parent loaded."""
    game = load_game(path)
    if multiprocessing.parent_process() is not None:
        game.file_hash = "0" * 64
    return game


@pytest.mark.parametrize("loader, message", [
    (die_in_a_worker, "a worker process stopped unexpectedly"),
    (another_version_in_a_worker, "the rules file changed since the simulation started"),
])
def test_a_worker_that_fails_ends_the_run_with_one_line(capsys, monkeypatch, workers_play_every_game, loader, message):
    monkeypatch.setattr(common, "load_game", loader)
    code, out, err = run(capsys, "simulate", str(TIC_TAC_TOE), "--games", "8", "--jobs", "2")
    assert code == 1
    assert out == ""
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("pirdsl: error: ") and message in err


def test_ctrl_c_stops_the_workers_and_exits_130_quietly(tmp_path):
    """Ctrl-C at a terminal interrupts every process of the foreground group: the parent and its workers."""
    records = tmp_path / "games.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-m", "pirdsl", "simulate", str(TIC_TAC_TOE), "--games", "1000000", "--jobs", "2",
         "--records", str(records)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while played(records) < 3_000 and time.monotonic() < deadline:
            time.sleep(0.1)  # long enough for the worker to have started (and played)
        assert played(records) >= 3_000, "3,000 games were not played within a minute"
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == cli.EXIT_INTERRUPTED
    assert (out, err) == (b"", b"")
    assert group_ends(process.pid), "worker processes outlived the command"
    # An interrupted run gives no records: its lines are dropped with their temporary file.
    assert not records.exists() and not pending_records(records)


def pending_records(records: Path) -> list[Path]:
    """The temporary file the --records lines go to until the run has succeeded (interpreter/files.py)."""
    return list(records.parent.glob(f".pirdsl-{records.name}.*.tmp"))


def played(records: Path) -> int:
    """How many games the --records file (or, while the run goes on, its temporary file) holds so far."""
    files = [records] if records.exists() else pending_records(records)
    return sum(file.read_bytes().count(b"\n") for file in files if file.exists())


def group_ends(group: int, seconds: float = 10) -> bool:
    """True once no process is left in the process group (multiprocessing's helper may take a moment)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False
