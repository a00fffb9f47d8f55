"""Faults around processes and unbounded work: signals, a dead worker, an unreachable cluster, endless rules.

- SIGINT, SIGTERM and SIGHUP to `pirdsl simulate --jobs 2` (and `compare --jobs 2`)
  end every worker with the command, which exits quietly (Ctrl-C) or with one line;
  a worker killed with SIGKILL ends the run with one line, neither hanging nor
  printing a traceback; a parent killed with SIGKILL takes its workers with it (Linux).
- `--ray` with an address where nothing listens fails in seconds with one line,
  with Ray installed or not.
- A game whose log or state grows without end stops at a memory ceiling, naming
  the rule that kept growing; `check` warns about rounds and loops that cannot end.

The process tests start the command in its own session, wait (with a generous
deadline) until its workers exist and have played, signal it, and then wait for
every process of the session to be gone: they read the process table from /proc.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import pytest

import interpreter.growth as growth
import interpreter.limits as limits
import pirdsl.cli as cli
from dsl.check import check_game
from dsl.extends import read_rules
from dsl.parser import parse_source
from interpreter import GameRuleError, load_game
from pirdsl.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
TIC_TAC_TOE = ROOT / "tests" / "classic" / "tic_tac_toe.pir"
PROC = Path("/proc")

needs_proc = pytest.mark.skipif(not (PROC / "self" / "stat").exists(), reason="reads the process table from /proc")


# --- the process table ------------------------------------------------------------------------


def process_status(pid: int) -> tuple[str, int, int] | None:
    """(state, parent pid, session) of a process from /proc, or None when it is gone."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()  # the name in brackets may hold spaces
    return fields[0], int(fields[1]), int(fields[3])


def living_processes() -> list[tuple[int, str, int, int]]:
    """(pid, state, parent pid, session) of every process but zombies (dead, waiting to be reaped)."""
    found = []
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            status = process_status(int(entry.name))
            if status is not None and status[0] != "Z":
                found.append((int(entry.name), *status))
    return found


def children_of(pid: int) -> list[int]:
    return [child for child, _, parent, _ in living_processes() if parent == pid]


def session_members(session: int) -> list[int]:
    return [pid for pid, _, _, member_of in living_processes() if member_of == session]


def wait_until(condition: Callable[[], bool], seconds: float, what: str) -> None:
    """Wait for `condition` to hold (polling), failing the test with `what` after `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"{what} within {seconds:g} s")
        time.sleep(0.05)


def pending_records(records: Path) -> list[Path]:
    """The temporary file the --records lines go to until the run has succeeded (interpreter/files.py)."""
    return list(records.parent.glob(f".pirdsl-{records.name}.*.tmp"))


def played(records: Path) -> int:
    """How many games the --records file (or, while the run goes on, its temporary file) holds so far."""
    files = [records] if records.exists() else pending_records(records)
    return sum(file.read_bytes().count(b"\n") for file in files if file.exists())


def start_long_run(tmp_path: Path, command: str = "simulate", jobs: int = 2,
                   ignoring_hangups: bool = False) -> tuple[subprocess.Popen, Path]:
    """A `pirdsl simulate` (or `compare`) of a million games in its own session, its workers started and playing."""
    records = tmp_path / "games.jsonl"
    if command == "simulate":
        argv = ["simulate", str(TIC_TAC_TOE), "--games", "1000000", "--records", str(records)]
    else:
        argv = ["compare", str(TIC_TAC_TOE), str(TIC_TAC_TOE), "--games", "1000000"]
    process = subprocess.Popen(
        [sys.executable, "-m", "pirdsl", *argv, "--jobs", str(jobs)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        preexec_fn=(lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN)) if ignoring_hangups else None,
    )
    try:
        wait_until(lambda: len(children_of(process.pid)) >= jobs - 1 or process.poll() is not None, 60,
                   "the worker processes did not start")
        assert process.poll() is None, process.communicate()
        if command == "simulate":
            wait_until(lambda: played(records) >= 500, 60, "500 games were not played")
        else:
            # compare writes nothing as it goes: a worker that has used some CPU time has started playing.
            wait_until(lambda: any(cpu_seconds(child) > 0.5 for child in children_of(process.pid)), 60,
                       "no worker played")
    except BaseException:
        end_session(process)
        raise
    return process, records


def cpu_seconds(pid: int) -> float:
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return 0.0
    fields = text[text.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def end_session(process: subprocess.Popen) -> None:
    """Clean up after a failed test: kill whatever of the session is left (by pid)."""
    for pid in session_members(process.pid):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    if process.poll() is None:
        process.wait()


def finish(process: subprocess.Popen, workers: list[int]) -> tuple[int, str, str]:
    """Wait for the command to end and for its session to empty; its exit code, output and errors."""
    try:
        out, err = process.communicate(timeout=60)
        wait_until(lambda: not session_members(process.pid), 30, "processes of the command outlived it")
    finally:
        end_session(process)
    for worker in workers:
        status = process_status(worker)
        assert status is None or status[0] == "Z", f"worker {worker} outlived the command: {status}"
    return process.returncode, out.decode(), err.decode()


@needs_proc
@pytest.mark.parametrize("signal_number, to_group, exit_code, message", [
    (signal.SIGINT, True, cli.EXIT_INTERRUPTED, ""),  # Ctrl-C at a terminal: the whole foreground group
    (signal.SIGINT, False, cli.EXIT_INTERRUPTED, ""),
    (signal.SIGTERM, False, 143, "pirdsl: stopped by SIGTERM\n"),  # kill, a service manager, a batch system
    (signal.SIGHUP, False, 129, "pirdsl: stopped by SIGHUP\n"),
    (signal.SIGHUP, True, 129, "pirdsl: stopped by SIGHUP\n"),  # the terminal closed: the whole group
], ids=["SIGINT-group", "SIGINT", "SIGTERM", "SIGHUP", "SIGHUP-group"])
def test_a_signal_to_simulate_ends_every_worker_with_it(tmp_path, signal_number, to_group, exit_code, message):
    process, records = start_long_run(tmp_path)
    workers = children_of(process.pid)
    if to_group:
        os.killpg(process.pid, signal_number)
    else:
        os.kill(process.pid, signal_number)
    code, out, err = finish(process, workers)
    assert (code, out, err) == (exit_code, "", message)
    # A stopped run keeps the records file as it was (here: none) and leaves no temporary file behind.
    assert not records.exists() and not pending_records(records)


@needs_proc
def test_a_command_started_with_nohup_lives_through_a_hangup(tmp_path):
    """`nohup pirdsl simulate ...` ignores SIGHUP: so do the command and its workers."""
    process, records = start_long_run(tmp_path, ignoring_hangups=True)
    workers = children_of(process.pid)
    os.killpg(process.pid, signal.SIGHUP)
    # Still playing after the hangup: 500 more games are written (by the command, or its worker's results).
    so_far = played(records)
    wait_until(lambda: played(records) >= so_far + 500 or process.poll() is not None, 60, "play did not go on")
    assert process.poll() is None
    assert all((process_status(worker) or ("gone",))[0] not in ("gone", "Z") for worker in workers)
    os.kill(process.pid, signal.SIGTERM)
    code, out, err = finish(process, workers)
    assert (code, out, err) == (143, "", "pirdsl: stopped by SIGTERM\n")


@needs_proc
@pytest.mark.parametrize("signal_number, exit_code", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_a_signal_to_compare_ends_every_worker_with_it(tmp_path, signal_number, exit_code):
    process, _ = start_long_run(tmp_path, "compare")
    workers = children_of(process.pid)
    os.kill(process.pid, signal_number)
    code, out, err = finish(process, workers)
    assert (code, out, err) == (exit_code, "", f"pirdsl: stopped by {signal.Signals(signal_number).name}\n")


@needs_proc
def test_a_worker_killed_with_sigkill_ends_the_run_with_one_line(tmp_path):
    process, _ = start_long_run(tmp_path, jobs=3)
    workers = children_of(process.pid)
    os.kill(workers[0], signal.SIGKILL)
    code, out, err = finish(process, workers)
    assert code == cli.EXIT_FAILURE and out == ""
    assert err == ("pirdsl: error: a worker process stopped unexpectedly (killed, or out of memory?); "
                   "--jobs 1 plays every game in this process\n")


@needs_proc
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal is Linux's")
def test_workers_end_when_the_command_is_killed_with_sigkill(tmp_path):
    process, _ = start_long_run(tmp_path)
    workers = children_of(process.pid)
    os.kill(process.pid, signal.SIGKILL)
    code, _, _ = finish(process, workers)
    assert code == -signal.SIGKILL


# --- an unreachable Ray cluster -------------------------------------------------------------


@pytest.mark.parametrize("address", ["127.0.0.1:1", "ray://127.0.0.1:1"])
def test_an_unreachable_ray_address_fails_at_once_with_one_line(tmp_path, capsys, address):
    records = tmp_path / "old.jsonl"
    records.write_text('{"game": 1}\n', encoding="utf-8")
    started = time.monotonic()
    code = cli.main(["simulate", str(TIC_TAC_TOE), "--games", "2", "--ray", address, "--records", str(records)])
    seconds = time.monotonic() - started
    captured = capsys.readouterr()
    assert code == cli.EXIT_FAILURE and captured.out == ""
    assert captured.err == (f"pirdsl: error: --ray: cannot reach the Ray cluster at {address}: "
                            "connection refused (127.0.0.1 port 1)\n")
    assert seconds < 15
    assert records.read_text(encoding="utf-8") == '{"game": 1}\n'  # refused before the records were opened


def test_an_unreachable_ray_address_is_found_without_ray(monkeypatch, capsys):
    """The address is tried before Ray is looked for: the same line where Ray is not installed."""
    import importlib.util

    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *rest: None if name == "ray" else real_find_spec(name, *rest))
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails too
    code = cli.main(["compare", str(TIC_TAC_TOE), str(TIC_TAC_TOE), "--games", "2", "--ray", "127.0.0.1:1"])
    err = capsys.readouterr().err
    assert code == cli.EXIT_FAILURE
    assert err == "pirdsl: error: --ray: cannot reach the Ray cluster at 127.0.0.1:1: connection refused " \
        "(127.0.0.1 port 1)\n"

    from pirdsl.cluster import ClusterError, connect

    with pytest.raises(ClusterError, match="cannot reach the Ray cluster at 127.0.0.1:1"):
        connect("127.0.0.1:1")  # the library path, as simulate(ray_address=...) takes it


@pytest.mark.parametrize("address, expected", [
    ("auto", None),
    ("head:6379", ("head", 6379)),
    ("head", ("head", 6379)),
    ("ray://head", ("head", 10001)),
    ("ray://head:10002", ("head", 10002)),
    ("[::1]:6379", ("::1", 6379)),
    ("10.0.0.1:6379", ("10.0.0.1", 6379)),
])
def test_the_host_and_port_of_a_cluster_address(address, expected):
    from pirdsl.cluster import host_and_port

    assert host_and_port(address) == expected


def test_a_cluster_address_with_a_bad_port_is_one_line(capsys):
    code = cli.main(["simulate", str(TIC_TAC_TOE), "--games", "2", "--ray", "head:99999"])
    assert code == cli.EXIT_FAILURE
    assert capsys.readouterr().err == ("pirdsl: error: --ray: head:99999 is not a cluster address: "
                                       "the port must be a number from 1 to 65535\n")


# --- rules that pile up without end -----------------------------------------------------------


def rules_file(tmp_path: Path, play: str, extra: str = "") -> Path:
    path = tmp_path / "endless.pir"
    things = "var things = []\n" if "things" in play + extra else ""
    path.write_text('game "Endless":\n  players 2 to 2\n\nvar n = 0\n' + things + extra
                    + "\nplay:\n" + play + "\nscore p: 0\n", encoding="utf-8")
    return path


def stopped_by(path: Path) -> GameRuleError:
    """The error that stops the rules of `path`, started and given their first decision if they ask one."""
    game = load_game(str(path))
    with pytest.raises(GameRuleError) as raised:
        state = game.new_state(players=2)
        state.apply_action(0)
    return raised.value


def line_of(path: Path, text: str) -> int:
    return next(number for number, line in enumerate(path.read_text().splitlines(), 1) if text in line)


FOREVER = "  rounds until false:\n    n += 1\n    log \"the count is now {n}, and still going\"\n"


def test_a_never_ending_log_stops_at_the_ceiling_naming_the_loop(tmp_path):
    path = rules_file(tmp_path, FOREVER)
    error = stopped_by(path)
    assert "log lines without a decision" in error.message and "never ending" in error.message
    assert error.span.line == line_of(path, "rounds until false")
    assert str(error).startswith(f"{path}:{error.span.line}:")


@needs_proc
def test_a_never_ending_file_stops_with_one_line_in_little_memory(tmp_path):
    """The audit's file grew to 700 MB before the step guard; now it stops at the log ceiling, far below."""
    path = rules_file(tmp_path, FOREVER)
    # The peak of this process's own memory (VmHWM, in kB): not ru_maxrss, which on Linux keeps the
    # peak of the process it was forked from (a pytest already hundreds of MB large) across exec.
    measure = ("import sys\nfrom pirdsl.cli import main\ncode = main(sys.argv[1:])\n"
               "peak = next(line.split()[1] for line in open('/proc/self/status') if line.startswith('VmHWM:'))\n"
               "print('peak', peak, file=sys.stderr)\n"
               "sys.exit(code)\n")
    done = subprocess.run([sys.executable, "-c", measure, "simulate", str(path), "--games", "1", "--jobs", "1",
                           "--quiet", "--json"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    *lines, peak = done.stderr.splitlines()
    assert done.returncode == cli.EXIT_FAILURE
    assert "Traceback" not in done.stderr
    # Setup runs the loop already: the message, the line with a caret under the loop, the hint.
    assert re.fullmatch(re.escape(f"{path}:{line_of(path, 'rounds until false')}:3: error: the rules wrote ")
                        + r"100,\d{3} log lines without a decision \(at most 100,000 may come between two\): "
                        r"is a loop never ending\?", lines[0]), lines[0]
    assert len(lines) == 4 and lines[1].strip() == "rounds until false:" and lines[2].strip() == "^"
    assert int(peak.split()[1]) < 300_000  # kilobytes: well under the 734 MB it took before


@pytest.mark.parametrize("play, name, loop", [
    ("  while true:\n    things = things + [1, 2, 3, 4]\n", "things", "while true"),
    ("  players[0] chooses start from [1, 2]\n  gather()\n", "pile", "while count(pile)"),  # a rule's `let` name
])
def test_a_value_that_grows_without_end_stops_the_rules_naming_it(tmp_path, monkeypatch, play, name, loop):
    monkeypatch.setattr(growth, "MAX_SIZE", 20_000)  # the real ceiling is 100,000: the same, only slower
    path = rules_file(tmp_path, play, "\nrule gather:\n  let pile = []\n  while count(pile) >= 0:\n"
                                      "    pile = pile + [1]\n")
    error = stopped_by(path)
    assert f"the rules keep more than 20,000 items without a decision, all of them in {name}" in error.message
    assert error.span.line == line_of(path, loop)  # the loop that kept going


def test_log_lines_that_hold_ever_longer_values_stop_the_rules(tmp_path):
    path = rules_file(tmp_path, "  while true:\n    things = things + [n]\n    log \"now {things}\"\n")
    error = stopped_by(path)
    assert "the log lines written without a decision hold more than 1,000,000 items" in error.message
    assert error.span.line == line_of(path, "while true")


def test_a_long_loop_that_keeps_little_is_not_stopped(tmp_path, monkeypatch):
    """Only what is kept is measured: a loop of many steps over small values runs to its end."""
    monkeypatch.setattr(limits, "STEP_LIMIT", 200_000)
    path = rules_file(tmp_path, "  while n < 150000:\n    n += 1\n    things = [n, n + 1]\n"
                                "    if n % 1000 == 0:\n      log \"{n} so far\"\n"
                                "  players[0] chooses start from [1, 2]\n")
    state = load_game(str(path)).new_state(players=2)
    assert state.vars["n"] == 150_000 and not state.is_terminal()


def test_the_shipped_games_play_without_meeting_the_ceiling():
    for path in sorted((ROOT / "games").glob("*.pir")):
        game = load_game(str(path))
        result = simulate(game, 2, 3, seed=5)
        assert result["errors"] == 0, (path.name, result["first_error"])


# --- check: rounds and loops nothing can end ------------------------------------------------------


def loop_warnings(tmp_path: Path, play: str, extra: str = "") -> list[str]:
    """The loop warnings of a file, each as `TEXT OF ITS LINE:column: message`."""
    path = rules_file(tmp_path, play, extra)
    source = path.read_text()
    lines = source.splitlines()
    return [f"{lines[w.span.line - 1].strip()}:{w.span.column}: {w.message}"
            for w in check_game(parse_source(source, str(path)), source)
            if "never" in w.message and ("loop" in w.message or "rounds" in w.message)]


def test_check_warns_about_rounds_until_false_with_file_line_col_and_a_caret(tmp_path, capsys):
    path = rules_file(tmp_path, FOREVER)
    assert cli.main(["check", str(path)]) == cli.EXIT_OK
    err = capsys.readouterr().err
    line = line_of(path, "rounds until false")
    assert err == (
        f"{path}:{line}:16: warning: these rounds never end: 'until false' never holds, and nothing else stops "
        "them (no 'end game' or 'return' in them, no 'end game' in a rule they call)\n"
        "      rounds until false:\n"
        "                   ^^^^^\n"
        "  test something the rounds change, e.g. rounds until round_number == 10\n")


@pytest.mark.parametrize("play, extra, expected", [
    ("  while true:\n    n += 1\n", "",
     ["while true::9: this loop never ends: 'while true' always holds, and nothing leaves it (no 'return' or 'end game' in it, "
      "no 'end game' in a rule it calls)"]),
    ("  rounds:\n    n += 1\n", "",
     ["rounds::3: these rounds never end: without 'until', only 'end game' (or 'return') stops them, and nothing in them "
      "or in the rules they call does"]),
    ("  rounds until false:\n    finish()\n", "\nrule finish:\n  if n > 3:\n    end game\n",
     ["rounds until false::16: 'until false' never holds: these rounds end only at an 'end game' (or 'return')"]),
    # Ways out: none of these is warned about.
    ("  rounds:\n    finish()\n", "\nrule finish:\n  if n > 3:\n    end game\n", []),
    ("  rounds:\n    advance()\n", "\nrule advance:\n  n += 1\n\npower stop \"Stop\" after advance when n > 3:\n  end game\n",
     []),
    ("  count_up()\n", "\nrule count_up:\n  while true:\n    n += 1\n    if n > 3:\n      return\n", []),
    ("  while n < 3:\n    things = things + [1]\n", "", []),  # n never changes, but only literal constants are judged
    ("  rounds until n > 3:\n    pass\n", "", []),
])
def test_check_warns_only_about_loops_whose_words_say_they_never_end(tmp_path, play, extra, expected):
    assert loop_warnings(tmp_path, play, extra) == expected


def test_no_shipped_file_gets_a_never_ending_loop_warning():
    folders = ("games", "games/variants", "tests/cases", "tests/classic", "docs/examples")
    paths = [path for folder in folders for path in sorted((ROOT / folder).glob("*.pir"))]
    assert len(paths) > 50
    for path in paths:
        game_file, source, _ = read_rules(path.read_text(encoding="utf-8"), str(path))  # a variant: with its bases
        warnings = check_game(game_file, source)
        assert not [w for w in warnings if "never end" in w.message or "never holds" in w.message], path


def test_a_cluster_that_answers_but_never_joins_fails_with_one_line():
    """Something listening that is no Ray cluster kept ray.init waiting for ever: now the wait has an end."""
    import threading

    from pirdsl.cluster import ClusterError, joined_in_time

    never = threading.Event()
    with pytest.raises(ClusterError, match=r"^cannot join the Ray cluster at head:6379: something answers there, "
                                           r"but no Ray cluster within 0.2 s$"):
        joined_in_time(never.wait, "head:6379", seconds=0.2)

    def refused() -> None:
        raise ConnectionError("Failed to connect to Ray cluster at head:6379")

    with pytest.raises(ConnectionError):  # Ray's own failure goes on to connect(), which words it
        joined_in_time(refused, "head:6379", seconds=5)
