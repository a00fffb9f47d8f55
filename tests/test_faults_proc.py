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

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import pytest

import pirdsl.cli as cli

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


def played(records: Path) -> int:
    return records.read_bytes().count(b"\n") if records.exists() else 0


def start_long_run(tmp_path: Path, command: str = "simulate", jobs: int = 2) -> tuple[subprocess.Popen, Path]:
    """A `pirdsl simulate` (or `compare`) of a million games in its own session, its workers started and playing."""
    records = tmp_path / "games.jsonl"
    if command == "simulate":
        argv = ["simulate", str(TIC_TAC_TOE), "--games", "1000000", "--records", str(records)]
    else:
        argv = ["compare", str(TIC_TAC_TOE), str(TIC_TAC_TOE), "--games", "1000000"]
    process = subprocess.Popen(
        [sys.executable, "-m", "pirdsl", *argv, "--jobs", str(jobs)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
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
    lines = records.read_text(encoding="utf-8").splitlines()
    assert all(json.loads(line)["game"] == number for number, line in enumerate(lines, 1))  # whole lines, in order


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
