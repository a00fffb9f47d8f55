"""Remember the rules files the engine has loaded, so that the next command reads them at once.

When `interpreter.load_game` has parsed, checked and compiled a file without
error, it stores the file's syntax tree, its outline (the few declarations a
game reads as it loads, `interpreter.game.outline_of`) and the checker's
warnings here, under
a key made of the file's text, the path it was given as (every span names it),
and a fingerprint of the code that produced them: the `dsl` and `interpreter`
sources, the grammar, and the versions of Python, Lark and Pydantic. Changing
any of these, or the file, gives a new key, so an entry is never out of date;
only files that loaded are stored, so an entry means "this loads, with these
warnings". `pirdsl check` answers from an entry without importing the parser,
the checker or the engine; every other command takes the outline from it,
and the whole tree only when it asks for it (a rule summary, a worked example).

Beside a load it keeps notes: warnings that code other than the checker finds
about the same file (the wording lint of `codegen.wording_lint`), under a key
that adds that code's fingerprint (`note_key`), so that `pirdsl check` answers
them from here too.

It also keeps each game's generated Python module, like `__pycache__`: the
module's source (for people, tracebacks and profilers) and its compiled code,
named by the hash of the rules text and a fingerprint of what writes and runs
generated modules (interpreter/compiler.py and runtime.py) and of the Python
version, so that a game loads without generating and compiling its code again.

Where: `$PIRDSL_CACHE_DIR` if set (set but empty: no cache), else
`$XDG_CACHE_HOME/pirdsl`, else `~/.cache/pirdsl`. `PIRDSL_NO_CACHE=1` turns
the cache off. Deleting the directory clears it. The cache is an optimisation only: a directory that cannot
be written is skipped silently, and an entry that cannot be read (damaged,
truncated, from another version) counts as missing.

This module imports nothing heavier than `dsl.diagnostics`, so that the fast
path of `pirdsl check` stays fast.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import marshal
import os
import pickle
import sys
import time
import zlib
from dataclasses import dataclass
from importlib.machinery import PathFinder
from pathlib import Path
from types import CodeType
from typing import Any

from dsl.diagnostics import Diagnostic, Span

CACHE_FORMAT = 2
MAX_ENTRIES = 100  # the most recently written entries are kept; each is some tens of kilobytes


@dataclass
class CachedLoad:
    """A remembered load of one rules file: what the checker warned about, the syntax tree and its outline."""

    source: str
    warnings: list[Diagnostic]
    tree_data: bytes
    outline_data: bytes

    def game_file(self) -> Any:
        """The file's `dsl.ast.GameFile`, or None when the stored tree cannot be read back."""
        return _unpickled(self.tree_data)

    def outline(self) -> Any:
        """The outline of the lowered file (a `dsl.ast.GameFile`), or None when it cannot be read back."""
        return _unpickled(self.outline_data)


def _unpickled(data: bytes) -> Any:
    try:
        return pickle.loads(zlib.decompress(data))
    except Exception:  # noqa: BLE001 - a damaged entry is a missing one
        return None


def cache_directory() -> Path | None:
    """Where entries are kept, or None when the cache is turned off (PIRDSL_NO_CACHE)."""
    if os.environ.get("PIRDSL_NO_CACHE", "") not in ("", "0"):
        return None
    explicit = os.environ.get("PIRDSL_CACHE_DIR")
    if explicit is not None:
        return Path(explicit) if explicit else None
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):  # the XDG spec: a relative path is to be ignored
        return Path(xdg) / "pirdsl"
    return Path.home() / ".cache" / "pirdsl"


@functools.lru_cache(maxsize=1)
def code_fingerprint() -> bytes:
    """A digest of everything that decides what loading a file gives: our code and its dependencies."""
    digest = hashlib.sha256()
    digest.update(f"pirdsl cache {CACHE_FORMAT}\0{sys.implementation.name}\0{sys.version}\0".encode())
    here = Path(__file__).resolve().parent
    for package in (here.parent / "dsl", here):
        for file in sorted(package.iterdir()):
            if file.suffix in (".py", ".lark"):
                digest.update(f"{package.name}/{file.name}\0".encode())
                digest.update(file.read_bytes())
    for name, version_file in (("lark", "__init__.py"), ("pydantic", "version.py")):
        spec = PathFinder.find_spec(name)
        locations = list(spec.submodule_search_locations or []) if spec is not None else []
        for location in locations:
            candidate = Path(location) / version_file
            if candidate.is_file():
                digest.update(f"{name}\0".encode())
                digest.update(candidate.read_bytes())
                break
    return digest.digest()


def entry_key(path: str, source: str) -> str:
    """The name of the entry for `source` loaded as `path` by this code."""
    digest = hashlib.sha256(code_fingerprint())
    digest.update(path.encode("utf-8", "surrogatepass") + b"\0")
    digest.update(source.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def lookup(path: str, source: str) -> CachedLoad | None:
    """The remembered load of `source` as `path`, or None (not stored, unreadable, or no cache)."""
    try:
        directory = cache_directory()
        if directory is None:
            return None
        key = entry_key(path, source)
        data = (directory / key).read_bytes()
        entry = pickle.loads(data)
        if not (isinstance(entry, dict) and entry.get("format") == CACHE_FORMAT and entry.get("key") == key):
            return None
        warnings, tree_data, outline_data = entry["warnings"], entry["tree"], entry["outline"]
        if not isinstance(warnings, list) or not all(isinstance(w, Diagnostic) for w in warnings) \
                or not isinstance(tree_data, bytes) or not isinstance(outline_data, bytes):
            return None
        return CachedLoad(source, warnings, tree_data, outline_data)
    except Exception:  # noqa: BLE001 - no entry, or a damaged one: load the file afresh
        return None


def store(path: str, source: str, warnings: list[Diagnostic], game_file: Any, outline: Any) -> None:
    """Remember that `source`, loaded as `path`, gave `game_file`, its `outline` and `warnings`.

    Silently skipped when it cannot be.
    """
    try:
        directory = cache_directory()
        if directory is None:
            return
        key = entry_key(path, source)
        # Kept as bytes inside the entry, so that `pirdsl check` reads the warnings without the AST's classes.
        tree_data, outline_data = (zlib.compress(pickle.dumps(tree, protocol=pickle.HIGHEST_PROTOCOL), 1)
                                   for tree in (game_file, outline))
        data = pickle.dumps({"format": CACHE_FORMAT, "key": key, "warnings": list(warnings), "tree": tree_data,
                             "outline": outline_data}, protocol=pickle.HIGHEST_PROTOCOL)
        _write(directory / key, data)
        _prune(directory)
    except Exception:  # noqa: BLE001 - a read-only home, a full disk, a tree too deep to pickle: no cache
        return


def note_key(path: str, source: str, fingerprint: bytes) -> str:
    """The name of an entry of notes about `source` loaded as `path`, made by code with `fingerprint`.

    Notes are warnings that other code than the checker finds (the wording lint of
    `codegen`): their key adds that code's fingerprint to the load's own.
    """
    digest = hashlib.sha256(entry_key(path, source).encode())
    digest.update(b"\0notes\0" + fingerprint)
    return digest.hexdigest()


def lookup_notes(key: str) -> list[Diagnostic] | None:
    """The warnings stored under `key`, or None (not stored, unreadable, or no cache).

    Notes are plain JSON, read as data: nothing in them is ever run or unpickled.
    """
    try:
        directory = cache_directory()
        if directory is None:
            return None
        entry = json.loads((directory / key).read_text(encoding="utf-8"))
        if not (isinstance(entry, dict) and entry.get("format") == CACHE_FORMAT and entry.get("key") == key):
            return None
        return [Diagnostic(span=Span(**note["span"]), message=str(note["message"]),
                           hint=None if note["hint"] is None else str(note["hint"]), severity=str(note["severity"]))
                for note in entry["notes"]]
    except Exception:  # noqa: BLE001 - no entry, or a damaged one: find them afresh
        return None


def store_notes(key: str, notes: list[Diagnostic]) -> None:
    """Remember the warnings `notes` under `key`; silently skipped when it cannot be."""
    try:
        directory = cache_directory()
        if directory is None:
            return
        data = json.dumps({"format": CACHE_FORMAT, "key": key,
                           "notes": [dataclasses.asdict(note) for note in notes]})
        _write(directory / key, data.encode("utf-8"))
        _prune(directory)
    except Exception:  # noqa: BLE001 - a read-only home, a full disk: no cache
        return


def _prune(directory: Path) -> None:
    """Keep the MAX_ENTRIES most recently written loads and modules; delete the rest and writes abandoned long ago."""
    loads, modules, abandoned = [], [], []
    an_hour_ago = time.time() - 3600
    for item in os.scandir(directory):
        try:
            if item.name.startswith(".new-"):
                if item.stat().st_mtime < an_hour_ago:
                    abandoned.append((0, item.path))
            elif item.is_file():
                group = loads if len(item.name) == 64 else modules if item.name.endswith((".py", ".code")) else None
                if group is not None:
                    group.append((item.stat().st_mtime, item.path))
        except OSError:
            pass
    loads.sort(reverse=True)
    modules.sort(reverse=True)
    for _, old in loads[MAX_ENTRIES:] + modules[2 * MAX_ENTRIES:] + abandoned:  # a module is its source and code
        try:
            os.unlink(old)
        except OSError:
            pass


# ------------------------------------------------------------ generated modules


@functools.cache
def module_fingerprint() -> str:
    """What generated code depends on besides the rules: the compiler, the runtime, the Python."""
    digest = hashlib.sha256(sys.version.encode())
    here = Path(__file__).parent
    for name in ("compiler.py", "runtime.py"):
        digest.update((here / name).read_bytes())
    return digest.hexdigest()[:16]


def _module_entry(source_hash: str) -> Path | None:
    folder = cache_directory()
    if folder is None:
        return None
    return folder / f"{source_hash[:32]}-{module_fingerprint()}"


def load(source_hash: str) -> CodeType | None:
    """The compiled module of a rules text, if the cache has it."""
    entry = _module_entry(source_hash)
    if entry is None:
        return None
    try:
        code = marshal.loads(entry.with_suffix(".code").read_bytes())
    except Exception:  # noqa: BLE001 - missing or damaged: compile again
        return None
    if not isinstance(code, CodeType) or code.co_filename != str(entry.with_suffix(".py")):
        return None
    return code


def source_file(source_hash: str, text: str) -> str | None:
    """Write a module's source into the cache; its path (what its code should carry), or None."""
    entry = _module_entry(source_hash)
    if entry is None:
        return None
    path = entry.with_suffix(".py")
    try:
        if not (path.exists() and path.read_text(encoding="utf-8") == text):
            _write(path, text.encode("utf-8"))
    except OSError:
        return None
    return str(path)


def keep(source_hash: str, code: CodeType) -> None:
    """Keep a module's compiled code next to its source."""
    entry = _module_entry(source_hash)
    if entry is None:
        return
    try:
        _write(entry.with_suffix(".code"), marshal.dumps(code))
        _prune(entry.parent)
    except (OSError, ValueError):
        pass


def _write(path: Path, data: bytes) -> None:
    """Write a whole file or nothing: another process may be writing the same entry."""
    import tempfile

    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".new-", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
