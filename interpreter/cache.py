"""Remember the rules files the engine has loaded, so that the next command reads them at once.

When `interpreter.load_game` has parsed, checked and compiled a file without
error, it stores the file's syntax tree, its outline (the few declarations a
game reads as it loads, `interpreter.game.outline_of`) and the checker's
warnings here. Only files that loaded are stored, so an entry means "this
loads, with these warnings". `pirdsl check` answers from an entry without
importing the parser, the checker or the engine; every other command takes the
outline from it, and the whole tree only when it asks for it (a rule summary, a
worked example).

Beside a load it keeps notes: warnings that code other than the checker finds
about the same file (the wording lint of `codegen.wording_lint`), so that
`pirdsl check` answers them from here too; each game's generated Python
module, like `__pycache__`: the module's source (for people, tracebacks and
profilers) and its compiled code, so that a game loads without generating and
compiling its code again; and the parser's tables (`dsl.parser.tables_store`),
instead of Lark's own cache, which unpickles a file in the shared temporary
folder.

Never stale: every entry's key is made of the rules text (and, for loads and
notes, the path it was given as: every span names it) and of a fingerprint of
all the code that shapes what is stored (`engine_fingerprint`): every file of
the `dsl` (grammar included), `interpreter` and `codegen` packages, and the
versions of Python, Lark, Pydantic and Jinja2. A change to any of them, or to
the file, gives a new key.

Never run what pirdsl did not write: every entry carries an HMAC-SHA256 made
with the user's own secret key (`cache-key` in pirdsl's configuration folder,
made on the first store, beside the key that seals saves: `interpreter.userkey`).
An entry whose MAC does not match (damaged, cut short,
from another version or another user, planted) counts as missing and is made
again: it is checked before anything in it is unpickled or unmarshalled, and
a module's code is run only from an entry that passed.

Never touch what it did not write: the entries live in a folder of their own
(`pirdsl-cache` inside the cache directory, with a `CACHEDIR.TAG` marker), and
pruning deletes only files there named as the cache names them.

Where: `$PIRDSL_CACHE_DIR` if set (set but empty: no cache), else
`$XDG_CACHE_HOME/pirdsl`, else `~/.cache/pirdsl`. `PIRDSL_NO_CACHE=1` turns
the cache off. Deleting the directory clears it. A directory (or entries
folder) that belongs to another user or that others can write to is not used:
one line on standard error says so and the command runs without the cache. The
cache is an optimisation only: a directory that cannot be written is skipped
silently, and an entry that cannot be read counts as missing.

This module imports nothing heavier than `dsl.diagnostics` and
`interpreter.userkey`, so that the fast path of `pirdsl check` stays fast.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import hmac
import json
import marshal
import os
import pickle
import stat
import sys
import time
import zlib
from dataclasses import dataclass
from importlib.machinery import PathFinder
from pathlib import Path
from types import CodeType
from typing import Any

from dsl.diagnostics import Diagnostic, Span
from interpreter import userkey

CACHE_FORMAT = 3
MAX_ENTRIES = 100  # of loads and of notes the most recently written are kept, and of modules twice as many files
FOLDER = "pirdsl-cache"  # the folder inside the cache directory that holds the entries, and only them
MARKER = "CACHEDIR.TAG"  # says the folder is a cache (https://bford.info/cachedir/) and pirdsl's
MARKER_TEXT = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This folder is pirdsl's cache (interpreter/cache.py): every file in it was written by pirdsl\n"
    "# and can be deleted. pirdsl deletes nothing outside it.\n"
)
HEADER = b"pirdsl cache 3\n"  # then the entry's MAC, then what it holds
MAC_SIZE = 32
# The kinds of entry, by the ending of their names: a name is the entry's 64-digit key and one of these.
KINDS = (".load", ".notes", ".py", ".code", ".tables")
# What decides what is stored: every file of these packages (beside this one), and these dependencies' versions.
ENGINE_PACKAGES = ("dsl", "interpreter", "codegen")
DEPENDENCIES = (("lark", "__init__.py"), ("pydantic", "version.py"), ("jinja2", "__init__.py"))


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
    # Only ever given bytes from an entry whose MAC was checked (`lookup`).
    try:
        return pickle.loads(zlib.decompress(data))
    except Exception:  # noqa: BLE001 - a damaged entry is a missing one
        return None


# ------------------------------------------------------------ where, and whether to trust it


def cache_directory() -> Path | None:
    """Where the cache is kept, or None when it is turned off (PIRDSL_NO_CACHE)."""
    if os.environ.get("PIRDSL_NO_CACHE", "") not in ("", "0"):
        return None
    explicit = os.environ.get("PIRDSL_CACHE_DIR")
    if explicit is not None:
        return Path(explicit) if explicit else None
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):  # the XDG spec: a relative path is to be ignored
        return Path(xdg) / "pirdsl"
    return Path.home() / ".cache" / "pirdsl"


_checked_folders: dict[Path, bool] = {}  # entries folders looked at in this process: whether they are usable
_warned: set[str] = set()


def entries_folder(create: bool = False) -> Path | None:
    """The folder the entries are in (`FOLDER` in the cache directory), or None when there is none to use.

    None when the cache is off, when the folder does not exist (and `create` is
    not set) or cannot be made, and when the cache directory or the folder belongs
    to another user or others can write to it: then once a process, one line on
    standard error says so, and the command runs without the cache.
    """
    directory = cache_directory()
    if directory is None:
        return None
    folder = directory / FOLDER
    usable = _checked_folders.get(folder)
    if usable is not None:
        return folder if usable else None
    try:
        if create:
            directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            try:
                folder.mkdir(mode=0o700)
            except FileExistsError:
                pass
        problem = _distrusted(directory, os.stat(directory)) or _distrusted(folder, os.lstat(folder))
    except FileNotFoundError:
        return None  # nothing stored yet: not remembered, a store makes it
    except OSError:  # cannot be made or looked at (read-only, a file in the way): no cache, without a word
        _checked_folders[folder] = False
        return None
    _checked_folders[folder] = problem is None
    if problem is not None:
        if problem not in _warned:
            _warned.add(problem)
            print(f"pirdsl: warning: not using the cache in {problem}", file=sys.stderr)
        return None
    return folder


def _distrusted(path: Path, info: os.stat_result) -> str | None:
    """Why code read from `path` could be someone else's (`path`, the reason, what to do), or None."""
    if not stat.S_ISDIR(info.st_mode):
        return f"{path}: it is not a folder; running without it"
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        return f"{path}: it belongs to another user; running without it " \
               "(set PIRDSL_CACHE_DIR to a folder of your own)"
    if os.name == "posix" and info.st_mode & 0o022:
        return f"{path}: others can write to it (mode {stat.S_IMODE(info.st_mode):o}); running without it " \
               f"(chmod go-w {path}, or set PIRDSL_CACHE_DIR to a folder of your own)"
    return None


# ------------------------------------------------------------ keys and MACs


@functools.lru_cache(maxsize=1)
def engine_fingerprint() -> bytes:
    """A digest of everything that decides what is stored: all of pirdsl's engine, and its dependencies.

    Every file of `dsl` (the grammar with it), `interpreter` and `codegen`, and the
    versions of Python, Lark, Pydantic and Jinja2: a change to any of them gives
    every entry a new key. Worked out once a process (about a millisecond).
    """
    digest = hashlib.sha256(f"pirdsl cache {CACHE_FORMAT}\0{sys.implementation.name}\0{sys.version}\0".encode())
    root = Path(__file__).resolve().parent.parent
    for package in ENGINE_PACKAGES:
        for folder, subfolders, files in os.walk(root / package):
            subfolders[:] = sorted(name for name in subfolders if name != "__pycache__" and not name.startswith("."))
            for name in sorted(files):
                if name.startswith(".") or name.endswith((".pyc", ".pyo")):
                    continue  # compiled copies and editors' files: not what runs
                path = os.path.join(folder, name)
                with open(path, "rb") as file:
                    data = file.read()
                digest.update(f"{os.path.relpath(path, root)}\0{len(data)}\0".encode())
                digest.update(data)
    for name, version_file in DEPENDENCIES:
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
    """The key of the entry for `source` loaded as `path` by this code."""
    digest = hashlib.sha256(engine_fingerprint())
    digest.update(path.encode("utf-8", "surrogatepass") + b"\0")
    digest.update(source.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def module_key(source_hash: str) -> str:
    """The key of the generated module of the rules text with hash `source_hash`, made by this code."""
    digest = hashlib.sha256(engine_fingerprint())
    digest.update(b"\0module\0" + source_hash.encode())
    return digest.hexdigest()


_mac_keys: dict[Path, bytes] = {}  # the configuration folder -> its cache key


def _mac_key(create: bool) -> bytes | None:
    """The key entries' MACs are made with (the user's own `cache-key`, `interpreter.userkey`), or None.

    None when there is no key yet (and `create` is not set), or it cannot be read
    or made: then nothing is read from the cache or stored in it.
    """
    try:
        folder = userkey.config_dir()
        known = _mac_keys.get(folder)
        if known is None:
            known = userkey.load_key(create, userkey.CACHE_KEY_FILE)
            if known is None:
                return None
            _mac_keys[folder] = known
        return known
    except Exception:  # noqa: BLE001 - a key that is not one: the cache stays off, as when it cannot be written
        return None


def _mac(key: bytes, name: str, payload: bytes) -> bytes:
    mac = hmac.new(key, HEADER, hashlib.sha256)
    mac.update(name.encode() + b"\0")  # an entry moved to another name does not pass
    mac.update(payload)
    return mac.digest()


def _read(name: str) -> bytes | None:
    """What entry `name` holds, if its MAC shows this user's pirdsl wrote it; else None (missing or not to trust).

    Nothing is unpickled or unmarshalled before this check.
    """
    folder = entries_folder()
    key = _mac_key(create=False) if folder is not None else None
    if key is None:
        return None
    try:
        # Not following a link, nor waiting on a FIFO: only a file pirdsl wrote is an entry.
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
        with os.fdopen(os.open(folder / name, flags), "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                return None
            data = file.read()
    except OSError:
        return None
    start = len(HEADER) + MAC_SIZE
    if len(data) < start or not data.startswith(HEADER):
        return None
    payload = data[start:]
    if not hmac.compare_digest(data[len(HEADER):start], _mac(key, name, payload)):
        return None
    return payload


def _store(name: str, payload: bytes) -> None:
    """Keep `payload` as entry `name`, with its MAC; raises OSError when it cannot (the callers skip it)."""
    folder = entries_folder(create=True)
    key = _mac_key(create=True) if folder is not None else None
    if key is None:
        return
    if not (folder / MARKER).is_file():
        _write(folder / MARKER, MARKER_TEXT.encode())
    _write(folder / name, HEADER + _mac(key, name, payload) + payload)
    _prune(folder)


# ------------------------------------------------------------ loads


def lookup(path: str, source: str) -> CachedLoad | None:
    """The remembered load of `source` as `path`, or None (not stored, not to trust, or no cache)."""
    try:
        key = entry_key(path, source)
        payload = _read(key + ".load")
        if payload is None:
            return None
        entry = pickle.loads(payload)  # its MAC is checked: pirdsl wrote it, for this user
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
        key = entry_key(path, source)
        # Kept as bytes inside the entry, so that `pirdsl check` reads the warnings without the AST's classes.
        tree_data, outline_data = (zlib.compress(pickle.dumps(tree, protocol=pickle.HIGHEST_PROTOCOL), 1)
                                   for tree in (game_file, outline))
        payload = pickle.dumps({"format": CACHE_FORMAT, "key": key, "warnings": list(warnings), "tree": tree_data,
                                "outline": outline_data}, protocol=pickle.HIGHEST_PROTOCOL)
        _store(key + ".load", payload)
    except Exception:  # noqa: BLE001 - a read-only home, a full disk, a tree too deep to pickle: no cache
        return


# ------------------------------------------------------------ notes


def note_key(path: str, source: str, kind: bytes) -> str:
    """The key of the notes of `kind` about `source` loaded as `path`.

    Notes are warnings that other code than the checker finds (the wording lint of
    `codegen`, whose files the engine fingerprint covers): their key adds their
    kind to the load's own.
    """
    digest = hashlib.sha256(entry_key(path, source).encode())
    digest.update(b"\0notes\0" + kind)
    return digest.hexdigest()


def lookup_notes(key: str) -> list[Diagnostic] | None:
    """The warnings stored under `key`, or None (not stored, not to trust, or no cache).

    Notes are plain JSON, read as data: nothing in them is ever run or unpickled.
    """
    try:
        payload = _read(key + ".notes")
        if payload is None:
            return None
        entry = json.loads(payload.decode("utf-8"))
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
        data = json.dumps({"format": CACHE_FORMAT, "key": key, "notes": [dataclasses.asdict(note) for note in notes]})
        _store(key + ".notes", data.encode("utf-8"))
    except Exception:  # noqa: BLE001 - a read-only home, a full disk: no cache
        return


# ------------------------------------------------------------ generated modules


def load(source_hash: str) -> CodeType | None:
    """The compiled module of a rules text, if the cache has it (and its MAC is this user's)."""
    try:
        key = module_key(source_hash)
        payload = _read(key + ".code")
        if payload is None:
            return None
        code = marshal.loads(payload)  # its MAC is checked: pirdsl compiled it, for this user
        folder = entries_folder()
        if not isinstance(code, CodeType) or folder is None or code.co_filename != str(folder / f"{key}.py"):
            return None
        return code
    except Exception:  # noqa: BLE001 - missing or damaged: compile again
        return None


def source_file(source_hash: str, text: str) -> str | None:
    """Write a module's source into the cache; its path (what its code should carry), or None.

    The source is there for people, tracebacks and profilers; what runs is the code
    compiled from the text in memory (and then kept, with its MAC, by `keep`).
    """
    try:
        folder = entries_folder(create=True)
        if folder is None or _mac_key(create=True) is None:
            return None
        path = folder / f"{module_key(source_hash)}.py"
        if not (path.is_file() and not path.is_symlink() and path.read_text(encoding="utf-8") == text):
            _write(path, text.encode("utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
    return str(path)


def keep(source_hash: str, code: CodeType) -> None:
    """Keep a module's compiled code next to its source."""
    try:
        _store(f"{module_key(source_hash)}.code", marshal.dumps(code))
    except (OSError, ValueError):
        pass


# ------------------------------------------------------------ the parser's tables


def _tables_name() -> str:
    return hashlib.sha256(engine_fingerprint() + b"\0parser tables").hexdigest() + ".tables"


def lookup_parser_tables() -> bytes | None:
    """The parser's tables as `dsl.parser` saved them (Lark's `save`), if the cache has them with their MAC."""
    try:
        return _read(_tables_name())
    except Exception:  # noqa: BLE001 - missing or damaged: the parser builds them again
        return None


def store_parser_tables(data: bytes) -> None:
    """Keep the parser's tables (for `dsl.parser`); silently skipped when it cannot be."""
    try:
        _store(_tables_name(), data)
    except Exception:  # noqa: BLE001 - a read-only home, a full disk: no cache
        pass


# ------------------------------------------------------------ pruning


def _prune(folder: Path) -> None:
    """Keep the most recent entries of each kind; delete the rest, and writes abandoned long ago.

    Only in the cache's own folder (it has the marker), and only files named as
    the cache names them: nothing else there or beside it is ever deleted.
    """
    if not (folder / MARKER).is_file():
        return
    groups: dict[str, list] = {ending: [] for ending in KINDS}
    abandoned = []
    an_hour_ago = time.time() - 3600
    for item in os.scandir(folder):
        try:
            if not item.is_file(follow_symlinks=False):
                continue
            name = item.name
            if name.startswith(".new-"):
                if item.stat(follow_symlinks=False).st_mtime < an_hour_ago:
                    abandoned.append(item.path)
                continue
            stem, dot, ending = name.partition(".")
            if len(stem) == 64 and not stem.strip("0123456789abcdef") and dot + ending in groups:
                groups[dot + ending].append((item.stat(follow_symlinks=False).st_mtime, item.path))
        except OSError:
            pass
    # A module is its source and its code: kept or deleted together, by the newer of the two, so that
    # no code is left whose source (what tracebacks and the profile tool read) is gone.
    modules: dict[str, list] = {}
    for mtime, path in groups[".py"] + groups[".code"]:
        stem = os.path.basename(path).partition(".")[0]
        entry = modules.setdefault(stem, [0.0, []])
        entry[0] = max(entry[0], mtime)
        entry[1].append(path)
    old = [path for _, paths in sorted(modules.values(), reverse=True)[MAX_ENTRIES:] for path in paths]
    for group, keep_count in ((groups[".load"], MAX_ENTRIES), (groups[".notes"], MAX_ENTRIES), (groups[".tables"], 2)):
        group.sort(reverse=True)
        old += [path for _, path in group[keep_count:]]
    for path in old + abandoned:
        try:
            os.unlink(path)
        except OSError:
            pass


def _write(path: Path, data: bytes) -> None:
    """Write a whole file or nothing (another process may be writing the same entry), by the one write path."""
    from interpreter.files import write_file

    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    write_file(path, data, mode=0o600, checked=False, sync=False, prefix=".new-")
