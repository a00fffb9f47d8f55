"""Games' generated modules kept on disk, like __pycache__: a game loads without compiling again.

An entry is the module's Python source (for people, tracebacks and profilers) and
its compiled code, named by the hash of the rules text and a fingerprint of what
writes and runs generated modules (interpreter/compiler.py and runtime.py) and of
the Python version, so that a change to any of them makes new entries.

The folder is $PIRDSL_CACHE_DIR (set but empty: no cache at all), else
$XDG_CACHE_HOME/pirdsl, else ~/.cache/pirdsl. Whatever goes wrong with it (it
cannot be made or written, as for an installation on a read-only disk, or an
entry is damaged) only means that the game is compiled in memory, silently.
"""

from __future__ import annotations

import functools
import hashlib
import marshal
import os
import sys
import tempfile
from pathlib import Path
from types import CodeType


def directory() -> Path | None:
    """Where entries go, or None when caching is switched off."""
    chosen = os.environ.get("PIRDSL_CACHE_DIR")
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pirdsl"


@functools.cache
def fingerprint() -> str:
    """What generated code depends on besides the rules: the compiler, the runtime, the Python."""
    digest = hashlib.sha256(sys.version.encode())
    here = Path(__file__).parent
    for name in ("compiler.py", "runtime.py"):
        digest.update((here / name).read_bytes())
    return digest.hexdigest()[:16]


def _entry(source_hash: str) -> Path | None:
    folder = directory()
    if folder is None:
        return None
    return folder / f"{source_hash[:32]}-{fingerprint()}"


def load(source_hash: str) -> CodeType | None:
    """The compiled module of a rules text, if the cache has it."""
    entry = _entry(source_hash)
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
    entry = _entry(source_hash)
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
    entry = _entry(source_hash)
    if entry is None:
        return
    try:
        _write(entry.with_suffix(".code"), marshal.dumps(code))
    except (OSError, ValueError):
        pass


def _write(path: Path, data: bytes) -> None:
    """Write a whole file or nothing: another process may be writing the same entry."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".pirdsl-", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
