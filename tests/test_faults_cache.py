"""Faults around the cache (issue 26, points 5 to 7): nothing stale, nothing run that pirdsl did not write,
nothing deleted that the cache did not write.

- Never stale: a change to any engine file (`dsl`, `interpreter`, `codegen`, the
  grammar, the templates) gives every entry a new key, so the game is built again.
- Trusted entries: every entry carries a MAC made with the user's own cache key; a
  planted or edited one is never unpickled, unmarshalled or run, only made again.
- Pruning deletes only files the cache wrote, in its own folder: a project folder
  given as PIRDSL_CACHE_DIR keeps every file.
- A cache folder that belongs to another user, or that others can write to, is not
  used: one line on standard error, and the command runs without the cache.

Every test uses cache and configuration folders of its own (tmp_path).
"""

from __future__ import annotations

import marshal
import os
import pickle
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import interpreter
from dsl.diagnostics import PirError
from interpreter import cache, compiler

ROOT = Path(__file__).resolve().parent.parent
TIC_TAC_TOE = str(ROOT / "tests" / "classic" / "tic_tac_toe.pir")
GAMES = sorted(str(path) for path in (ROOT / "games").glob("*.pir"))
# A turn of actions without a question: the engine asks its own ("Choose your next action", interpreter/lowering.py).
ACTS = '''game "Acts":
  players 2 to 2

var steps per player = 0

play:
  for each p in players:
    p acts until "End the turn":
      up to 2 times:
        "Step":
          p.steps += 1

score p: p.steps
'''


@pytest.fixture(autouse=True)
def fresh_process_memory():
    """What the cache remembers within a process (folders looked at, warnings given, keys read) starts empty."""
    for memory in (cache._checked_folders, cache._warned, cache._mac_keys):
        memory.clear()
    yield
    for memory in (cache._checked_folders, cache._warned, cache._mac_keys):
        memory.clear()


@pytest.fixture
def cache_dir(tmp_path, monkeypatch) -> Path:
    directory = tmp_path / "cache"
    monkeypatch.setenv("PIRDSL_CACHE_DIR", str(directory))
    monkeypatch.delenv("PIRDSL_NO_CACHE", raising=False)
    return directory


def folder_of(cache_dir: Path) -> Path:
    return cache_dir / cache.FOLDER


def files(folder: Path, ending: str) -> list[Path]:
    return sorted(folder.glob(f"*{ending}"))


def environment(cache_dir: Path, **more: str) -> dict:
    """The environment of a pirdsl run in another process: this test's cache and configuration folders."""
    env = dict(os.environ, PIRDSL_CACHE_DIR=str(cache_dir), PYTHONPATH=str(ROOT), **more)
    env.pop("PIRDSL_NO_CACHE", None)
    return env


def pirdsl(cache_dir: Path, *arguments: str, **more: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pirdsl", *arguments], capture_output=True, text=True, cwd=ROOT,
                          env=environment(cache_dir, **more), timeout=300)


def signed(name: str, payload: bytes, key: bytes | None = None) -> bytes:
    """An entry as the cache writes it, with a MAC made with `key` (the user's own unless given)."""
    return cache.HEADER + cache._mac(key or cache._mac_key(create=False), name, payload) + payload


# ================================================================ 7. never stale


def copy_of_the_engine(tmp_path: Path) -> Path:
    """The engine's packages, copied: a stand-in for an installed pirdsl that is then upgraded."""
    copy = tmp_path / "installed"
    for package in ("dsl", "interpreter", "codegen", "pirdsl"):
        shutil.copytree(ROOT / package, copy / package, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def run_in(copy: Path, cache_dir: Path, program: str) -> str:
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, cwd=copy,
                          env=dict(environment(cache_dir), PYTHONPATH=str(copy)), timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_change_to_an_engine_file_is_never_served_from_the_cache(tmp_path, cache_dir):
    """The reproduction of point 7: lowering.py changed, and the cache still ran the module it had made before."""
    copy = copy_of_the_engine(tmp_path)
    rules = tmp_path / "acts.pir"
    rules.write_text(ACTS, encoding="utf-8")
    program = (
        "import interpreter, interpreter.compiler as compiler\n"
        "written = []\n"
        "module = compiler.ModuleWriter.module\n"
        "compiler.ModuleWriter.module = lambda self: written.append(1) or module(self)\n"
        f"game = interpreter.load_game({str(rules)!r})\n"
        "print(len(written), game.new_state(players=2, seed=1).prompt())\n"
    )
    assert run_in(copy, cache_dir, program) == "1 Choose your next action"
    assert run_in(copy, cache_dir, program) == "0 Choose your next action"  # from the cache, not written again
    lowering = copy / "interpreter" / "lowering.py"
    lowering.write_text(lowering.read_text(encoding="utf-8").replace("Choose your next action", "Pick your next move"),
                        encoding="utf-8")
    assert run_in(copy, cache_dir, program) == "1 Pick your next move"
    assert len(files(folder_of(cache_dir), ".code")) == 2 and len(files(folder_of(cache_dir), ".load")) == 2


@pytest.mark.parametrize("engine_file", ["interpreter/lowering.py", "interpreter/powers.py", "dsl/grammar.lark",
                                         "dsl/check.py", "codegen/english.py", "codegen/templates/summary.md.j2"])
def test_every_engine_file_is_in_the_key(tmp_path, cache_dir, engine_file):
    copy = copy_of_the_engine(tmp_path)
    program = "from interpreter import cache\nprint(cache.engine_fingerprint().hex())\n"
    before = run_in(copy, cache_dir, program)
    assert run_in(copy, cache_dir, program) == before  # the same files, the same key
    with open(copy / engine_file, "a", encoding="utf-8") as file:
        file.write("\n")
    assert run_in(copy, cache_dir, program) != before


def test_loads_notes_and_modules_all_follow_the_fingerprint(tmp_path, cache_dir, monkeypatch):
    path = tmp_path / "acts.pir"
    path.write_text(ACTS, encoding="utf-8")
    interpreter.load_game(str(path))
    assert interpreter.load_game(str(path)).file_hash
    key, module, note = cache.entry_key(str(path), ACTS), cache.module_key("x"), cache.note_key(str(path), ACTS, b"")
    monkeypatch.setattr(cache, "engine_fingerprint", lambda: b"pirdsl, upgraded")
    assert (cache.entry_key(str(path), ACTS), cache.module_key("x"), cache.note_key(str(path), ACTS, b"")) != \
           (key, module, note)
    assert cache.lookup(str(path), ACTS) is None
    written = []
    real = compiler.ModuleWriter.module
    monkeypatch.setattr(compiler.ModuleWriter, "module", lambda self: written.append(1) or real(self))
    interpreter.load_game(str(path))
    assert written == [1]


# ================================================================ 6. trusted entries


def malicious_code(filename: str, marker: Path):
    return compile(f"open({str(marker)!r}, 'w').write('planted code ran')\n", filename, "exec")


class Planted:
    """A pickle that, unpickled, writes a file: what a planted load entry could do."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (open, (str(self.marker), "w"))


def test_a_planted_module_is_never_run(tmp_path, cache_dir):
    """The reproduction of point 6: a module put in the cache folder ran, then 'internal error: KeyError: SPANS'."""
    game = interpreter.load_game(TIC_TAC_TOE)
    folder = folder_of(cache_dir)
    [code_file] = files(folder, ".code")
    marker = tmp_path / "PWNED"
    planted = marshal.dumps(malicious_code(str(code_file.with_suffix(".py")), marker))
    for entry in (planted, cache.HEADER + bytes(32) + planted, signed(code_file.name, planted, key=b"x" * 32)):
        code_file.write_bytes(entry)
        again = interpreter.load_game(TIC_TAC_TOE)
        assert not marker.exists()
        assert again.new_state(players=2).legal_actions()[4].label == "square 5"
        assert again.file_hash == game.file_hash
        assert cache.load(game.file_hash) is not None  # made again, with its MAC


def test_a_planted_load_entry_is_never_unpickled(tmp_path, cache_dir):
    interpreter.load_game(TIC_TAC_TOE)
    [entry] = files(folder_of(cache_dir), ".load")
    marker = tmp_path / "PWNED"
    planted = pickle.dumps(Planted(marker))
    for data in (planted, cache.HEADER + bytes(32) + planted, signed(entry.name, planted, key=b"y" * 32)):
        entry.write_bytes(data)
        assert cache.lookup(TIC_TAC_TOE, Path(TIC_TAC_TOE).read_text(encoding="utf-8")) is None
        assert interpreter.load_game(TIC_TAC_TOE).new_state(players=2).num_actions() == 9
        assert not marker.exists()


def test_the_mac_is_checked_before_anything_is_unpickled_or_unmarshalled(tmp_path, cache_dir, monkeypatch):
    game = interpreter.load_game(TIC_TAC_TOE)
    source = Path(TIC_TAC_TOE).read_text(encoding="utf-8")
    for entry in files(folder_of(cache_dir), ""):
        if entry.suffix in (".load", ".code"):
            data = bytearray(entry.read_bytes())
            data[-1] ^= 1  # one bit of what it holds
            entry.write_bytes(bytes(data))
    calls = []
    monkeypatch.setattr(cache.pickle, "loads", lambda *a, **k: calls.append("pickle"))
    monkeypatch.setattr(cache.marshal, "loads", lambda *a, **k: calls.append("marshal"))
    assert cache.lookup(TIC_TAC_TOE, source) is None
    assert cache.load(game.file_hash) is None
    assert calls == []


def test_an_entry_moved_to_another_name_is_not_used(tmp_path, cache_dir):
    first, second = tmp_path / "one.pir", tmp_path / "two.pir"
    first.write_text(ACTS, encoding="utf-8")
    second.write_text(ACTS.replace("2 times", "3 times"), encoding="utf-8")
    interpreter.load_game(str(first))
    interpreter.load_game(str(second))
    one, two = (folder_of(cache_dir) / f"{cache.entry_key(str(path), path.read_text())}.load" for path in (first, second))
    shutil.copyfile(one, two)  # signed, but for another name
    assert cache.lookup(str(second), second.read_text()) is None


def test_entries_of_another_user_key_are_not_used(tmp_path, cache_dir, monkeypatch):
    interpreter.load_game(TIC_TAC_TOE)
    source = Path(TIC_TAC_TOE).read_text(encoding="utf-8")
    assert cache.lookup(TIC_TAC_TOE, source) is not None
    monkeypatch.setenv("PIRDSL_CONFIG_DIR", str(tmp_path / "another key"))
    assert cache.lookup(TIC_TAC_TOE, source) is None  # no key yet: nothing is trusted
    assert interpreter.load_game(TIC_TAC_TOE).new_state(players=2).num_actions() == 9
    assert (tmp_path / "another key" / "cache-key").is_file()  # made on the first store
    assert not (tmp_path / "another key" / "save-key").exists()  # the cache never makes the save key
    assert cache.lookup(TIC_TAC_TOE, source) is not None


def test_planted_notes_are_not_read(tmp_path, cache_dir, capsys):
    from pirdsl.cli import main

    rules = tmp_path / "acts.pir"
    rules.write_text(ACTS, encoding="utf-8")
    assert main(["check", str(rules)]) == 0
    first = capsys.readouterr()
    every_notes = files(folder_of(cache_dir), ".notes")  # the wording lint's and the examples' answers'
    assert len(every_notes) == 2
    for notes in every_notes:
        planted = ('{"format": %d, "key": "%s", "notes": [{"span": {"file": "x", "line": 1, "column": 1,'
                   ' "end_line": 1, "end_column": 2}, "message": "planted", "hint": null, "severity": "error"}]}'
                   % (cache.CACHE_FORMAT, notes.stem)).encode()
        notes.write_bytes(cache.HEADER + bytes(32) + planted)
    assert main(["check", str(rules)]) == 0
    assert capsys.readouterr() == first


def test_a_cache_key_that_is_a_fifo_turns_the_cache_off_without_waiting(tmp_path):
    config = tmp_path / "config-fifo"
    config.mkdir()
    os.mkfifo(config / "cache-key")
    done = pirdsl(tmp_path / "cache", "check", TIC_TAC_TOE, PIRDSL_CONFIG_DIR=str(config))
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, f"{TIC_TAC_TOE}: ok", "")
    assert not list((tmp_path / "cache").glob("*/*.load"))


# ================================================================ 5. pruning


def test_pruning_deletes_nothing_the_cache_did_not_write(tmp_path, cache_dir, monkeypatch):
    cache_dir.mkdir()
    theirs = []
    for number in range(250):
        theirs.append(cache_dir / f"old_{number}.py")
    theirs += [cache_dir / ("a" * 64), cache_dir / f"{'b' * 64}.load", cache_dir / f"{'c' * 32}-{'d' * 16}.code",
               cache_dir / ".new-left-by-someone"]
    for path in theirs:
        path.write_text("# not the cache's\n", encoding="utf-8")
        os.utime(path, (time.time() - 86400 * 400,) * 2)
    monkeypatch.setattr(cache, "MAX_ENTRIES", 3)
    for number in range(6):
        path = tmp_path / f"game{number}.pir"
        path.write_text(ACTS.replace("2 times", f"{number + 1} times"), encoding="utf-8")
        interpreter.load_game(str(path))
    folder = folder_of(cache_dir)
    (folder / "notes.txt").write_text("mine, in the cache's folder\n", encoding="utf-8")
    path = tmp_path / "game6.pir"
    path.write_text(ACTS.replace("2 times", "7 times"), encoding="utf-8")
    interpreter.load_game(str(path))
    assert all(path.is_file() for path in theirs)
    assert (folder / "notes.txt").is_file()
    assert len(files(folder, ".load")) == 3 and len(files(folder, ".code")) + len(files(folder, ".py")) <= 6


def test_a_folder_without_the_marker_is_never_pruned(tmp_path, monkeypatch):
    folder = tmp_path / "looks like the cache"
    folder.mkdir()
    for number in range(5):
        (folder / f"{number:064x}.load").write_bytes(b"")
    monkeypatch.setattr(cache, "MAX_ENTRIES", 1)
    cache._prune(folder)
    assert len(list(folder.iterdir())) == 5


def test_check_and_simulate_keep_a_project_folders_files(tmp_path):
    """The reproduction of point 5: 250 old *.py files in PIRDSL_CACHE_DIR, and check + simulate deleted 52."""
    project = tmp_path / "project"
    project.mkdir()
    for number in range(250):
        path = project / f"old_{number}.py"
        path.write_text(f"# module {number}\n", encoding="utf-8")
        os.utime(path, (time.time() - 86400 * 400,) * 2)
    done = pirdsl(project, "check", *GAMES)
    assert done.returncode == 0, done.stderr
    done = pirdsl(project, "simulate", str(ROOT / "games" / "jamaica.pir"), "--games", "2", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    assert len(list(project.glob("old_*.py"))) == 250
    assert sorted(path.name for path in project.iterdir() if not path.name.startswith("old_")) == [cache.FOLDER]


# ================================================================ folders not to trust


@pytest.mark.parametrize("mode", [0o777, 0o1777, 0o775, 0o757], ids=oct)
def test_a_folder_others_can_write_to_is_refused_with_one_line(tmp_path, cache_dir, capsys, mode):
    cache_dir.mkdir()
    cache_dir.chmod(mode)
    for _ in range(2):
        game = interpreter.load_game(TIC_TAC_TOE)
        assert game.new_state(players=2).num_actions() == 9
    assert list(cache_dir.iterdir()) == []
    err = capsys.readouterr().err
    assert err == f"pirdsl: warning: not using the cache in {cache_dir}: others can write to it (mode {mode:o}); " \
                  f"running without it (chmod go-w {cache_dir}, or set PIRDSL_CACHE_DIR to a folder of your own)\n"


def test_a_folder_of_another_user_is_refused(tmp_path, cache_dir, capsys, monkeypatch):
    cache_dir.mkdir(mode=0o700)
    monkeypatch.setattr(cache.os, "geteuid", lambda: cache_dir.stat().st_uid + 1)
    interpreter.load_game(TIC_TAC_TOE)
    assert list(cache_dir.iterdir()) == []
    assert capsys.readouterr().err == f"pirdsl: warning: not using the cache in {cache_dir}: it belongs to another " \
                                      "user; running without it (set PIRDSL_CACHE_DIR to a folder of your own)\n"


def test_an_entries_folder_that_is_a_link_is_refused(tmp_path, cache_dir, capsys):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    cache_dir.mkdir(mode=0o700)
    (cache_dir / cache.FOLDER).symlink_to(elsewhere)
    interpreter.load_game(TIC_TAC_TOE)
    assert list(elsewhere.iterdir()) == []
    assert "it is not a folder; running without it" in capsys.readouterr().err


def test_a_shared_folder_with_a_planted_module_runs_without_the_cache(tmp_path):
    """Point 6 as found: a world-writable PIRDSL_CACHE_DIR, a module planted there by someone else."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    marker = tmp_path / "PWNED"
    planted = shared / cache.FOLDER
    planted.mkdir()
    for name in ("0" * 64, "f" * 64):
        (planted / f"{name}.code").write_bytes(marshal.dumps(malicious_code(str(planted / f"{name}.py"), marker)))
    done = pirdsl(shared, "simulate", TIC_TAC_TOE, "--games", "2", "--jobs", "1")
    assert done.returncode == 0
    assert not marker.exists()
    [line] = done.stderr.splitlines()
    assert line.startswith(f"pirdsl: warning: not using the cache in {shared}: others can write to it (mode 777)")
    assert sorted(path.name for path in planted.iterdir()) == [f"{'0' * 64}.code", f"{'f' * 64}.code"]


# ================================================================ the parser's tables


@pytest.fixture
def fresh_parser():
    """The parser is built again in this test (it is made once a process), and again after it."""
    from dsl import parser

    parser._lark.cache_clear()
    parser._runner.cache_clear()
    yield parser
    parser._lark.cache_clear()
    parser._runner.cache_clear()


def test_the_parser_never_reads_lark_s_cache_in_the_shared_temporary_folder(tmp_path):
    """Lark's own cache unpickles a file whose name anyone can work out, in /tmp: another user could plant one."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    marker = tmp_path / "PWNED"
    # Where Lark's cache=True keeps pirdsl's grammar (as pirdsl used to ask), then a pickle that runs code put there.
    plant = (
        "import glob, os, pickle\n"
        "from lark import Lark\n"
        "import dsl.parser as p\n"
        "Lark(p.GRAMMAR_PATH.read_text(), parser='lalr', lexer='contextual', postlex=p._PirIndenter(),\n"
        "     propagate_positions=True, maybe_placeholders=True, start=['start', 'expr'], cache=True)\n"
        "[name] = glob.glob(os.path.join(os.environ['TMPDIR'], '.lark_cache_*'))\n"
        "class Planted:\n"
        f"    def __reduce__(self): return (open, ({str(marker)!r}, 'w'))\n"
        "open(name, 'wb').write(b'x\\n' + pickle.dumps(Planted()))\n"
    )
    done = subprocess.run([sys.executable, "-c", plant], cwd=ROOT, env=environment(tmp_path / "c", TMPDIR=str(temporary)),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    planted = sorted(temporary.iterdir())
    for cache_setting in ({"PIRDSL_NO_CACHE": "1"}, {}):
        done = pirdsl(tmp_path / "cache", "check", TIC_TAC_TOE, TMPDIR=str(temporary), **cache_setting)
        assert done.returncode == 0 and done.stderr == "", done.stderr
        assert not marker.exists()
        assert sorted(temporary.iterdir()) == planted  # nothing else written there either


def test_the_parser_s_tables_from_the_cache_parse_as_fresh_ones(cache_dir, fresh_parser):
    from test_parser_fast import canonical

    import interpreter.game  # noqa: F401 - it gives the parser the cache to keep its tables in

    fresh = {path: canonical(fresh_parser.parse_file(path)) for path in GAMES}
    assert cache.lookup_parser_tables() is not None
    fresh_parser._lark.cache_clear()
    fresh_parser._runner.cache_clear()
    built = []
    real = fresh_parser.Lark.__init__
    fresh_parser.Lark.__init__ = lambda self, *a, **k: built.append(1) or real(self, *a, **k)
    try:
        remembered = {path: canonical(fresh_parser.parse_file(path)) for path in GAMES}
    finally:
        fresh_parser.Lark.__init__ = real
    assert built == []  # loaded, not built
    assert fresh_parser._runner() is not None  # and the fast parser runs over them
    assert remembered == fresh
    with pytest.raises(PirError, match="expected a number") as raised:  # Lark's own parser, for the message
        fresh_parser.parse_source('game "x":\n  players 2 to\n', "bad.pir")
    assert "write 'players MIN to MAX'" in raised.value.format()


def test_planted_parser_tables_are_never_unpickled(tmp_path, cache_dir, fresh_parser):
    import interpreter.game  # noqa: F401

    fresh_parser.parse_file(TIC_TAC_TOE)
    [tables] = files(folder_of(cache_dir), ".tables")
    marker = tmp_path / "PWNED"
    tables.write_bytes(cache.HEADER + bytes(32) + pickle.dumps(Planted(marker)))
    fresh_parser._lark.cache_clear()
    fresh_parser._runner.cache_clear()
    assert fresh_parser.parse_file(TIC_TAC_TOE).declarations
    assert not marker.exists()
