"""The cache of loaded rules files (interpreter/cache.py): a remembered load is a fresh load, only sooner.

Every test here uses a cache directory of its own (PIRDSL_CACHE_DIR in a
temporary directory), never the user's.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import interpreter
from dsl.diagnostics import PirError
from interpreter import cache
from interpreter.examples import run_examples
from test_parser_fast import canonical

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "games").glob("*.pir"))
# A game that loads with two warnings: a define nothing uses, and a line after 'return'.
WARNED = '''game "Warned":
  players 2 to 3
var points per player = 0
define unused = 1
rule finish(p):
  return
  p.points += 1
play:
  for each p in players:
    finish(p)
score p: p.points
'''


@pytest.fixture
def cache_directory(tmp_path, monkeypatch) -> Path:
    directory = tmp_path / "cache"
    monkeypatch.setenv("PIRDSL_CACHE_DIR", str(directory))
    monkeypatch.delenv("PIRDSL_NO_CACHE", raising=False)
    return directory


def entries(directory: Path) -> list[Path]:
    """The remembered loads (the generated modules kept beside them are named `<key>.py` and `.code`)."""
    folder = directory / cache.FOLDER
    return sorted(folder.glob("*.load")) if folder.exists() else []


def summary(game) -> tuple:
    """Everything a load gives, written out: tree, warnings, source, and how the game starts and plays."""
    state = game.new_state(players=game.min_players, seed=3)
    steps = []
    for _ in range(20):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply_chance()
        else:
            actions = state.legal_actions()
            steps.append([str(action) for action in actions])
            state.apply_action(actions[len(steps) % len(actions)].index)
    return (canonical(game.file), [(w.span, w.message, w.hint, w.severity) for w in game.warnings], game.source,
            game.file_hash, game.name, steps, state.observation(0),
            [(r.name, r.passed) for r in run_examples(game)])


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_a_remembered_load_is_the_same_as_a_fresh_one(cache_directory, path):
    fresh = interpreter.load_game(str(path))
    assert len(entries(cache_directory)) == 1
    assert cache.lookup(str(path), path.read_text(encoding="utf-8")) is not None
    remembered = interpreter.load_game(str(path))
    assert remembered.file is not fresh.file  # it did come from the cache
    assert summary(remembered) == summary(fresh)


def test_a_remembered_load_reads_the_whole_tree_only_when_it_is_asked_for(cache_directory):
    """Playing needs the outline and the compiled module; the tree is read when a rule summary or example asks."""
    path = str(ROOT / "games" / "glory_islands.pir")
    fresh = interpreter.load_game(path)
    remembered = interpreter.load_game(path)
    assert "file" not in vars(remembered) and "lowered" not in vars(remembered)
    remembered.new_state(players=3, seed=1)
    assert "file" not in vars(remembered)
    assert canonical(remembered.file) == canonical(fresh.file)


def test_warnings_are_remembered(cache_directory, tmp_path):
    path = tmp_path / "warned.pir"
    path.write_text(WARNED, encoding="utf-8")
    fresh = interpreter.load_game(str(path))
    assert len(fresh.warnings) == 2
    remembered = interpreter.load_game(str(path))
    assert [w.format(remembered.source) for w in remembered.warnings] == \
        [w.format(fresh.source) for w in fresh.warnings]


def test_a_changed_file_or_another_path_is_loaded_afresh(cache_directory, tmp_path):
    path = tmp_path / "warned.pir"
    path.write_text(WARNED, encoding="utf-8")
    interpreter.load_game(str(path))
    path.write_text(WARNED.replace("define unused = 1\n", ""), encoding="utf-8")
    assert len(interpreter.load_game(str(path)).warnings) == 1
    other = tmp_path / "copy.pir"
    other.write_text(WARNED, encoding="utf-8")
    game = interpreter.load_game(str(other))
    assert game.warnings[0].span.file == str(other)  # spans name the path the file was given as
    assert len(entries(cache_directory)) == 3


def test_other_code_does_not_use_the_entry(cache_directory, tmp_path, monkeypatch):
    path = tmp_path / "warned.pir"
    path.write_text(WARNED, encoding="utf-8")
    interpreter.load_game(str(path))
    monkeypatch.setattr(cache, "engine_fingerprint", lambda: b"another version of pirdsl")
    assert cache.lookup(str(path), WARNED) is None


def test_files_with_errors_are_not_remembered(cache_directory, tmp_path):
    path = tmp_path / "broken.pir"
    path.write_text(WARNED.replace("p.points += 1", "p.pionts += 1"), encoding="utf-8")
    for _ in range(2):
        with pytest.raises(PirError, match="pionts"):
            interpreter.load_game(str(path))
    assert entries(cache_directory) == []


@pytest.mark.parametrize("damage", [b"", b"not a pickle", pickle.dumps({"format": 99}), pickle.dumps([1, 2]),
                                    "truncated", "tree", "unsealed tree"])
def test_a_damaged_entry_counts_as_missing(cache_directory, tmp_path, damage):
    path = tmp_path / "warned.pir"
    path.write_text(WARNED, encoding="utf-8")
    fresh = interpreter.load_game(str(path))
    [entry] = entries(cache_directory)
    if damage == "truncated":
        entry.write_bytes(entry.read_bytes()[: len(entry.read_bytes()) // 2])
    elif damage in ("tree", "unsealed tree"):  # the record reads, the tree inside it does not
        name, payload = entry.name, cache._read(entry.name)
        record = pickle.loads(payload)
        record["tree"] = b"garbage"
        payload = pickle.dumps(record)
        mac = cache._mac(cache._mac_key(create=False), name, payload) if damage == "tree" else bytes(32)
        entry.write_bytes(cache.HEADER + mac + payload)
    else:
        entry.write_bytes(damage)
    again = interpreter.load_game(str(path))
    assert summary(again) == summary(fresh)
    assert cache.lookup(str(path), WARNED) is not None  # written again, whole


def test_no_cache_when_turned_off(cache_directory, tmp_path, monkeypatch):
    monkeypatch.setenv("PIRDSL_NO_CACHE", "1")
    path = tmp_path / "warned.pir"
    path.write_text(WARNED, encoding="utf-8")
    interpreter.load_game(str(path))
    interpreter.load_game(str(path))
    assert not cache_directory.exists()


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root can write anywhere")
def test_a_directory_that_cannot_be_written_is_skipped(tmp_path, monkeypatch):
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    monkeypatch.setenv("PIRDSL_CACHE_DIR", str(locked / "cache"))
    path = tmp_path / "warned.pir"
    path.write_text(WARNED, encoding="utf-8")
    assert len(interpreter.load_game(str(path)).warnings) == 2


def test_a_cache_path_that_is_a_file_is_skipped(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory", encoding="utf-8")
    monkeypatch.setenv("PIRDSL_CACHE_DIR", str(blocker / "cache"))
    path = tmp_path / "warned.pir"
    path.write_text(WARNED, encoding="utf-8")
    for _ in range(2):
        assert len(interpreter.load_game(str(path)).warnings) == 2
    assert blocker.read_text(encoding="utf-8") == "not a directory"


def test_where_the_cache_lives(tmp_path, monkeypatch):
    monkeypatch.delenv("PIRDSL_CACHE_DIR", raising=False)
    monkeypatch.delenv("PIRDSL_NO_CACHE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_directory() == tmp_path / "xdg" / "pirdsl"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # the XDG spec: ignore a relative path
    assert cache.cache_directory() == tmp_path / "home" / ".cache" / "pirdsl"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache.cache_directory() == tmp_path / "home" / ".cache" / "pirdsl"
    monkeypatch.setenv("PIRDSL_CACHE_DIR", str(tmp_path / "mine"))
    assert cache.cache_directory() == tmp_path / "mine"
    for off in ("1", "yes"):
        monkeypatch.setenv("PIRDSL_NO_CACHE", off)
        assert cache.cache_directory() is None
    monkeypatch.setenv("PIRDSL_NO_CACHE", "0")
    assert cache.cache_directory() == tmp_path / "mine"


def test_old_entries_are_pruned(cache_directory, tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "MAX_ENTRIES", 3)
    for number in range(5):
        path = tmp_path / f"game{number}.pir"
        path.write_text(WARNED, encoding="utf-8")
        interpreter.load_game(str(path))
    assert len(entries(cache_directory)) == 3


# ---------------------------------------------------------------- pirdsl check from the cache


def run_check(cache_dir: Path, *arguments: str) -> tuple[int, str, str, list[str]]:
    """`pirdsl check` in a new process: exit code, output, errors, and which heavy modules it imported."""
    program = (
        "import sys\n"
        "from pirdsl.cli import main\n"
        "code = main(sys.argv[1:])\n"
        "heavy = [m for m in ('dsl.parser', 'dsl.check', 'interpreter.game', 'pydantic', 'lark', 'rich', 'jinja2')"
        " if m in sys.modules]\n"
        "print('IMPORTED', ','.join(heavy), file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    environment = dict(os.environ, PIRDSL_CACHE_DIR=str(cache_dir), PYTHONPATH=str(ROOT))
    environment.pop("PIRDSL_NO_CACHE", None)
    done = subprocess.run([sys.executable, "-c", program, "check", *arguments], capture_output=True, text=True,
                          cwd=ROOT, env=environment, timeout=120)
    lines = done.stderr.splitlines()
    imported = lines[-1].removeprefix("IMPORTED ").split(",") if lines and lines[-1].startswith("IMPORTED") else None
    return done.returncode, done.stdout, "\n".join(lines[:-1]), [m for m in imported or [] if m]


def test_check_answers_from_the_cache_without_the_engine(tmp_path):
    warned = tmp_path / "warned.pir"
    warned.write_text(WARNED, encoding="utf-8")
    files = ["games/glory_islands.pir", str(warned)]
    for options in ([], ["--quiet"], ["--strict"]):
        cache_dir = tmp_path / f"cache{len(options)}{''.join(options)}"
        first = run_check(cache_dir, *options, *files)
        second = run_check(cache_dir, *options, *files)
        assert first[:3] == second[:3]
        assert "pydantic" in first[3] and "dsl.parser" in first[3]
        assert second[3] == [], f"check from the cache imported {second[3]}"
    code, out, err, _ = run_check(tmp_path / "cache", *files)
    assert code == 0
    assert out.splitlines() == ["games/glory_islands.pir: ok", f"{warned}: ok (2 warnings)"]
    assert f"{warned}:4:8: warning: define 'unused' is never used" in err
    assert f"{warned}:7:3: warning: this line is never carried out: it comes after 'return'" in err


def test_check_of_a_broken_file_is_never_remembered(tmp_path):
    broken = tmp_path / "broken.pir"
    broken.write_text(WARNED.replace("p.points += 1", "p.pionts += 1"), encoding="utf-8")
    for _ in range(2):
        code, _, err, imported = run_check(tmp_path / "cache", str(broken))
        assert code == 1 and "pionts" in err and "dsl.parser" in imported
