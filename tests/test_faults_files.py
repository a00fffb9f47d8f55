"""Files under faults (issue 26, points 1-4 and 9): nothing pirdsl writes loses a file.

Each numbered reproduction of the issue is run again the way a user runs it (the
command line through `pirdsl.cli.main`, or a real `python -m pirdsl` process where a
hang or a kill is the point), in a folder of the test's own, and each must keep every
file as it was and say why in one line:

1. `save` at the play prompt over a read-only file;
2. every output (`compile -o`, `simulate --records`, `--report`, `reference -o`,
   `save`) onto the rules file being read;
3. `--records` emptied by a run that then fails;
4. outputs that are symbolic links, named pipes, devices or folders;
9. a save key that is a named pipe, a link to /dev/zero, a folder or too large.

Also: a process killed while writing leaves the old file whole (interpreter/files.py);
`--seed` with `--load` is refused and a loaded game never shows its seed while a
person plays; a huge typed line is not repeated whole.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pirdsl.cli as cli
from pirdsl.commands import common
from interpreter.files import OutputError, PendingFile, check_target, write_file

ROOT = Path(__file__).resolve().parent.parent

STEPS = '''\
game "Steps":
  players 2 to 3

var points per player = 0

play:
  for each p in players:
    p chooses a from [1, 2, 3] "First step"
    p.points += a
    log "{p.name} steps {a}."
    p chooses b from [1, 2, 3] "Second step"
    p.points += b

score p: p.points
'''

OLD = "old contents: keep me\n"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_line_error(err: str, expected: str) -> None:
    assert "Traceback" not in err and "internal error" not in err, err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("pirdsl: error: ") and expected in err, err


@pytest.fixture
def game(tmp_path) -> Path:
    path = tmp_path / "game.pir"
    path.write_text(STEPS, encoding="utf-8")
    return path


def snapshot(folder: Path) -> dict[str, tuple]:
    """Every entry of a folder (config folder aside): its kind, mode, link target and bytes."""
    entries = {}
    for entry in sorted(folder.iterdir()):
        if entry.name == "config":
            continue
        info = os.lstat(entry)
        content = os.readlink(entry) if entry.is_symlink() else \
            entry.read_bytes() if stat.S_ISREG(info.st_mode) else None
        entries[entry.name] = (stat.S_IFMT(info.st_mode), stat.S_IMODE(info.st_mode), content)
    return entries


def play(capsys, typed, game: Path, lines: str, *options: str) -> tuple[int, str, str]:
    typed(lines)
    return run(capsys, "play", str(game), "--seed", "1", *options)


# ================================================================ 1. read-only files


def test_save_at_the_prompt_keeps_a_read_only_file(capsys, typed, tmp_path, game):
    kept = tmp_path / "kept.json"
    kept.write_text(OLD)
    kept.chmod(0o444)
    before = snapshot(tmp_path)
    code, out, _ = play(capsys, typed, game, f"save {kept}\nquit\n")
    assert code == 0
    assert f"Could not save to {kept}: is read-only; save to another name" in out
    assert snapshot(tmp_path) == before


def test_an_output_over_a_read_only_file_needs_force(capsys, tmp_path, game):
    kept = tmp_path / "kept.py"
    kept.write_text(OLD)
    kept.chmod(0o444)
    before = snapshot(tmp_path)
    code, _, err = run(capsys, "compile", str(game), "-o", str(kept))
    assert code == 1
    assert_one_line_error(err, f"{kept}: is read-only; give --force to replace it")
    assert snapshot(tmp_path) == before
    code, out, err = run(capsys, "compile", str(game), "-o", str(kept), "--force")
    assert code == 0, err
    assert kept.read_text().startswith('"""The rules of Steps')


# ================================================================ 2. the rules file itself


def outputs_onto(target: str) -> list[list[str]]:
    return [
        ["compile", "-o", target],
        ["simulate", "--games", "2", "--records", target],
        ["simulate", "--games", "2", "--report", target],
        ["reference", "-o", target],
        ["reference", "--format", "html", "-o", target],
    ]


@pytest.mark.parametrize("index", range(len(outputs_onto(""))),
                         ids=["compile", "records", "report", "reference", "reference-html"])
@pytest.mark.parametrize("spelling", ["same", "dotted", "hard link"])
def test_no_output_is_written_over_the_rules_file(capsys, tmp_path, game, index, spelling):
    if "--report" in outputs_onto("")[index]:
        pytest.importorskip("matplotlib")
    sub = tmp_path / "sub"
    sub.mkdir()
    target = {"same": str(game), "dotted": str(sub / ".." / "game.pir"), "hard link": str(tmp_path / "link.pir")}[
        spelling]
    if spelling == "hard link":
        os.link(game, target)
    command, *options = outputs_onto(target)[index]
    before = snapshot(tmp_path)
    code, out, err = run(capsys, command, str(game), *options)
    assert code == 1
    assert_one_line_error(err, "is the rules file this command reads; write to another file")
    assert out == ""
    assert snapshot(tmp_path) == before


def test_save_at_the_prompt_is_not_written_over_the_rules_file(capsys, typed, monkeypatch, tmp_path, game):
    monkeypatch.chdir(tmp_path)
    before = snapshot(tmp_path)
    code, out, _ = play(capsys, typed, game, f"save {game}\nsave ./{game.name}\nquit\n")
    assert code == 0
    assert out.count("is the rules file this command reads") == 2
    assert snapshot(tmp_path) == before


def test_records_and_report_may_not_name_one_file(capsys, tmp_path, game):
    pytest.importorskip("matplotlib")
    target = str(tmp_path / "out.html")
    code, _, err = run(capsys, "simulate", str(game), "--records", target, "--report", target)
    assert code == 2
    assert_one_line_error(err, "--records and --report name the same file")
    assert not Path(target).exists()


# ================================================================ 3. records kept when the run fails


@pytest.fixture
def old_records(tmp_path) -> Path:
    records = tmp_path / "r.jsonl"
    records.write_text(OLD)
    return records


def test_a_bad_report_path_fails_at_once_and_keeps_the_records(capsys, monkeypatch, tmp_path, game, old_records):
    pytest.importorskip("matplotlib")
    monkeypatch.setattr(common, "simulated", lambda *a, **k: pytest.fail("games were played before the check"))
    before = snapshot(tmp_path)
    code, out, err = run(capsys, "simulate", str(game), "--records", str(old_records),
                         "--report", "/nonexistent/r.html")
    assert code == 1
    assert_one_line_error(err, "/nonexistent/r.html: cannot write the file: the folder /nonexistent does not exist")
    assert snapshot(tmp_path) == before


def failing_run(error: BaseException):
    """A stand-in for the games that writes two records and then fails (as an unreachable --ray does)."""

    def simulated(*arguments, on_record=None, **options):
        for game in (1, 2):
            on_record({"game": game})
        raise error

    return simulated


@pytest.mark.parametrize("error, code, message", [
    (cli.CommandError("--ray: cannot reach the Ray cluster at 127.0.0.1:1"), 1, "cannot reach"),
    (KeyboardInterrupt(), cli.EXIT_INTERRUPTED, None),
])
def test_a_run_that_fails_midway_keeps_the_old_records(capsys, monkeypatch, tmp_path, game, old_records,
                                                       error, code, message):
    monkeypatch.setattr(common, "simulated", failing_run(error))
    before = snapshot(tmp_path)
    result, _, err = run(capsys, "simulate", str(game), "--records", str(old_records))
    assert result == code
    if message:
        assert_one_line_error(err, message)
    assert snapshot(tmp_path) == before  # the old records, and no temporary file left


def test_a_run_that_succeeds_replaces_the_records(capsys, tmp_path, game, old_records):
    code, _, err = run(capsys, "simulate", str(game), "--games", "3", "--records", str(old_records))
    assert code == 0, err
    assert [json.loads(line)["game"] for line in old_records.read_text().splitlines()] == [1, 2, 3]
    assert sorted(snapshot(tmp_path)) == ["game.pir", "r.jsonl"]  # no temporary file left


def test_records_killed_midway_keep_the_old_file(tmp_path, game, old_records):
    """SIGKILL, which nothing can catch, in the middle of a long run writing records."""
    process = subprocess.Popen(
        [sys.executable, "-m", "pirdsl", "simulate", str(game), "--games", "100000000", "--jobs", "1",
         "--records", str(old_records)],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        pending: list[Path] = []
        while time.monotonic() < deadline and process.poll() is None:
            pending = list(tmp_path.glob(".pirdsl-r.jsonl.*.tmp"))
            if pending and pending[0].stat().st_size > 10_000:
                break
            time.sleep(0.05)
        assert pending, "the run wrote no records within a minute"
        process.kill()
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert old_records.read_text() == OLD


# ================================================================ 4. links, pipes, devices and folders


@pytest.fixture
def notes(tmp_path) -> Path:
    path = tmp_path / "notes.txt"
    path.write_text(OLD)
    return path


def make_target(tmp_path: Path, kind: str, notes: Path) -> Path:
    target = tmp_path / "out"
    if kind == "link to a file":
        target.symlink_to(notes)
    elif kind == "dangling link":
        target.symlink_to(tmp_path / "nowhere")
    elif kind == "named pipe":
        os.mkfifo(target)
    elif kind == "link to a device":
        target.symlink_to("/dev/null")
    elif kind == "folder":
        target.mkdir()
    return target


KINDS = {
    "link to a file": "is a symbolic link",
    "dangling link": "is a symbolic link",
    "named pipe": "is a named pipe, not a regular file",
    "link to a device": "is a symbolic link",
    "folder": "is a directory, not a regular file",
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", ["compile", "records", "reference", "report"])
def test_an_output_that_is_not_a_regular_file_is_refused(capsys, tmp_path, game, notes, kind, command):
    if command == "report":
        pytest.importorskip("matplotlib")
    target = str(make_target(tmp_path, kind, notes))
    argv = {"compile": ["compile", str(game), "-o", target],
            "records": ["simulate", str(game), "--games", "2", "--records", target],
            "reference": ["reference", str(game), "-o", target],
            "report": ["simulate", str(game), "--games", "2", "--report", target]}[command]
    before = snapshot(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 1
    assert_one_line_error(err, f"{target}: {KINDS[kind]}")
    assert out == ""
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("kind", KINDS)
def test_save_at_the_prompt_refuses_what_is_not_a_regular_file(capsys, typed, tmp_path, game, notes, kind):
    target = make_target(tmp_path, kind, notes)
    before = snapshot(tmp_path)
    code, out, _ = play(capsys, typed, game, f"save {target}\nquit\n")
    assert code == 0
    assert f"Could not save to {target}: {KINDS[kind]}" in out
    assert snapshot(tmp_path) == before


def test_a_named_pipe_as_output_does_not_hang_a_real_process(tmp_path, game):
    pipe = tmp_path / "o.py"
    os.mkfifo(pipe)
    result = subprocess.run([sys.executable, "-m", "pirdsl", "compile", str(game), "-o", str(pipe)],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert_one_line_error(result.stderr, "is a named pipe")


def test_an_output_in_a_missing_folder_is_one_line(capsys, tmp_path, game):
    target = tmp_path / "missing" / "o.py"
    code, _, err = run(capsys, "compile", str(game), "-o", str(target))
    assert code == 1
    assert_one_line_error(err, f"the folder {tmp_path / 'missing'} does not exist")


# ================================================================ whole or not at all


def test_a_process_killed_while_writing_leaves_the_old_file_whole(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text(OLD)
    child = (
        "import sys, time\n"
        "from interpreter.files import write_file\n"
        "def pieces():\n"
        "    yield 'new ' * 100_000\n"
        "    print('written', flush=True)\n"
        "    while True:\n"
        "        time.sleep(1)\n"
        "        yield 'more '\n"
        f"write_file({str(target)!r}, pieces())\n"
    )
    process = subprocess.Popen([sys.executable, "-c", child], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().strip() == "written"
        temporary = list(tmp_path.glob(".pirdsl-out.txt.*.tmp"))
        assert len(temporary) == 1 and temporary[0].stat().st_size >= 0
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert target.read_text() == OLD


def test_a_failure_between_writing_and_renaming_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    target.write_text(OLD)

    def broken_replace(source, destination):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OutputError, match="out.txt: cannot write the file \\(No space left on device\\)"):
        write_file(target, "new contents")
    assert target.read_text() == OLD
    assert sorted(snapshot(tmp_path)) == ["out.txt"]


def test_an_error_while_writing_keeps_the_old_file(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text(OLD)

    def pieces():
        yield "half of a new file"
        raise RuntimeError("the generator broke")

    with pytest.raises(RuntimeError):
        write_file(target, pieces())
    assert target.read_text() == OLD
    assert sorted(snapshot(tmp_path)) == ["out.txt"]


def test_the_write_is_checked_again_before_the_rename(tmp_path):
    target = tmp_path / "out.txt"
    pending = PendingFile(target)
    pending.write("new")
    target.symlink_to(tmp_path / "elsewhere")  # made while a long run went on
    with pytest.raises(OutputError, match="is a symbolic link"):
        pending.commit()
    assert target.is_symlink() and not (tmp_path / "elsewhere").exists()
    assert sorted(snapshot(tmp_path)) == ["out.txt"]


def test_the_cache_can_write_its_own_way(tmp_path):
    """Bytes, an owner-only mode and no refusals meant for people's outputs (the cache's use)."""
    target = tmp_path / "entry.code"
    write_file(target, b"\x00\x01", mode=0o600, checked=False, sync=False, prefix=".new-")
    assert target.read_bytes() == b"\x00\x01"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    target.chmod(0o400)
    write_file(target, b"\x02", mode=0o600, checked=False)  # read-only: refused only for people's outputs
    assert target.read_bytes() == b"\x02"


def test_check_target_makes_nothing(tmp_path):
    check_target(tmp_path / "new.txt")
    assert sorted(snapshot(tmp_path)) == []


# ================================================================ 9. the save key


def key_folder(tmp_path: Path, kind: str) -> Path:
    folder = tmp_path / "key"
    folder.mkdir()
    key = folder / "save-key"
    if kind == "named pipe":
        os.mkfifo(key)
    elif kind == "link to /dev/zero":
        key.symlink_to("/dev/zero")
    elif kind == "folder":
        key.mkdir()
    elif kind == "too large":
        key.write_bytes(b"0" * 100_000)
    return folder


KEY_KINDS = {
    "named pipe": "is a named pipe, not a key file",
    "link to /dev/zero": "is a device, not a key file",
    "folder": "is a directory, not a key file",
    "too large": "is not a key (100000 bytes; a key is 65)",
}


@pytest.mark.parametrize("kind", KEY_KINDS)
def test_a_save_key_that_is_not_a_small_regular_file_is_one_line(tmp_path, game, kind):
    """Run as real processes with a time limit: a named pipe used to hang both save and load."""
    environment = {**os.environ, "PIRDSL_CONFIG_DIR": str(key_folder(tmp_path, kind))}
    save = tmp_path / "s.json"
    result = subprocess.run([sys.executable, "-m", "pirdsl", "play", str(game), "--seed", "1"],
                            input=f"save {save}\nquit\n", cwd=ROOT, env=environment, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0
    assert f"Could not save to {save}: the save key" in result.stdout and KEY_KINDS[kind] in result.stdout
    assert not save.exists()
    save.write_text('{"format": "pirdsl-save", "version": 2}')
    result = subprocess.run([sys.executable, "-m", "pirdsl", "play", str(game), "--load", str(save)],
                            stdin=subprocess.DEVNULL, cwd=ROOT, env=environment, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 1
    assert_one_line_error(result.stderr, KEY_KINDS[kind])


def test_a_save_that_is_a_link_to_dev_zero_is_one_line(capsys, tmp_path, game):
    save = tmp_path / "s.json"
    save.symlink_to("/dev/zero")
    code, _, err = run(capsys, "play", str(game), "--load", str(save))
    assert code == 1
    assert_one_line_error(err, "is a device or other special file, not a save file")


# ================================================================ the seed rule


SEED = "987654321987"


@pytest.fixture
def two_human_save(capsys, typed, tmp_path, game) -> Path:
    save = tmp_path / "evening.json"
    typed(f"1\nsave {save}\nquit\n")
    code, out, err = run(capsys, "play", str(game), "--players", "3", "--seed", SEED,
                         "--seat", "human", "--seat", "human", "--seat", "random")
    assert code == 0, err
    assert SEED not in out and save.exists()
    return save


@pytest.mark.parametrize("seats, shown", [
    ([], False),                                                       # as saved: two people and a bot
    (["--seat", "human", "--seat", "random", "--seat", "random"], False),  # one person
    (["--seat", "random", "--seat", "greedy", "--seat", "random"], True),  # bots only: no one to tell
])
def test_a_loaded_game_shows_its_seed_only_to_a_table_of_bots(capsys, typed, game, two_human_save, seats, shown):
    typed("quit\n")
    code, out, err = run(capsys, "play", str(game), "--load", str(two_human_save), *seats)
    assert code == 0, err
    assert (SEED in out + err) == shown


def test_seed_with_load_is_refused(capsys, typed, game, two_human_save):
    typed("quit\n")
    code, out, err = run(capsys, "play", str(game), "--load", str(two_human_save), "--seed", "5",
                         "--seat", "human", "--seat", "random", "--seat", "random")
    assert code == 2
    assert_one_line_error(err, "--seed cannot be given with --load")
    assert SEED not in out


# ================================================================ a huge typed line


def test_a_huge_bad_line_is_not_repeated_whole(capsys, typed, tmp_path, game):
    code, out, _ = play(capsys, typed, game, "x" * 1_000_000 + "\nquit\n")
    assert code == 0
    assert "Not understood: '" + "x" * 60 + "…'." in out
    assert len(out) < 20_000
