"""The user's own secret keys: 32 random bytes each in pirdsl's configuration folder, made on first use.

Two things are keyed: the seals on save files (pirdsl/seal.py, with the key in
`save-key`) and the MACs on cache entries (interpreter/cache.py, with the key in
`cache-key`). Each is a key of its own, so that a cache entry's MAC can never
pass for a save's seal, and so that the cache, which makes its key on the first
load, never makes a save key (a save brought from another computer is then still
told "there is no save key", not "its seal does not match"). They live in
`$PIRDSL_CONFIG_DIR`, else the platform's user configuration folder
(`~/.config/pirdsl` on Linux): the key in hex on one line, readable by its owner
only.

Only a regular file of at most a kilobyte is read as a key: a FIFO, a
device or a folder in its place is refused with one line, never read (a FIFO
would block, /dev/zero would be read until memory runs out).

This module imports nothing but a few of the standard library's, so that
`pirdsl check` answering from the cache stays fast.
"""

from __future__ import annotations

import os
from pathlib import Path

KEY_FILE = "save-key"
CACHE_KEY_FILE = "cache-key"
# What each key is called in a message.
KEY_NAMES = {KEY_FILE: "save key", CACHE_KEY_FILE: "cache key"}
KEY_PURPOSES = {KEY_FILE: "the key that seals saves", CACHE_KEY_FILE: "the key that signs the cache's entries"}
CONFIG_DIR_VARIABLE = "PIRDSL_CONFIG_DIR"
KEY_FILE_LIMIT = 1024  # the key is 64 hex digits and a newline; a bigger file is not a key


class KeyFileError(Exception):
    """The key cannot be made or read; the message is one line for the user."""


def config_dir() -> Path:
    """Where pirdsl keeps its keys: $PIRDSL_CONFIG_DIR, else the platform's user config folder."""
    chosen = os.environ.get(CONFIG_DIR_VARIABLE)
    if chosen:
        return Path(chosen)
    from platformdirs import user_config_dir  # only here: most runs set nothing and read the key once

    return Path(user_config_dir("pirdsl", appauthor=False))


def _read_key(path: Path) -> bytes | None:
    """The key in `path`, or None when there is no such file; KeyFileError when it is not a key."""
    name = KEY_NAMES.get(path.name, "key")
    try:
        # Without blocking: a FIFO put in the key's place opens at once, and is then refused.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None
    except OSError as error:
        raise KeyFileError(f"cannot read the {name} {path} ({error.strerror or error})") from None
    from interpreter.files import kind_of

    suffix = " (saves sealed with it can then no longer be loaded)" if path.name == KEY_FILE else ""
    try:
        try:
            # Looked at before a byte is read: a folder, a pipe or a device is refused, a huge file not read.
            info = os.fstat(handle)
            kind = kind_of(info.st_mode)
            if kind is not None:
                raise KeyFileError(f"the {name} {path} is {kind}, not a key file; remove it and pirdsl makes a "
                                   f"new one{suffix}")
            if info.st_size > KEY_FILE_LIMIT:
                raise KeyFileError(f"the {name} {path} is not a key ({info.st_size} bytes; a key is 65); "
                                   f"delete it{suffix}")
            data = os.read(handle, KEY_FILE_LIMIT + 1)
        finally:
            os.close(handle)
    except OSError as error:
        raise KeyFileError(f"cannot read the {name} {path} ({error.strerror or error})") from None
    try:
        key = bytes.fromhex(data.decode("ascii").strip()) if len(data) <= KEY_FILE_LIMIT else b""
    except (UnicodeDecodeError, ValueError):
        key = b""
    if len(key) < 16:
        raise KeyFileError(f"the {name} {path} is damaged; delete it" + (
            " (saves sealed with it can then no longer be loaded)" if path.name == KEY_FILE else ""))
    return key


def load_key(create: bool, file_name: str = KEY_FILE) -> bytes | None:
    """The key in `file_name` (the save key unless told), or None; made (atomically, owner-only) if `create` and none."""
    folder = config_dir()
    path = folder / file_name
    key = _read_key(path)
    if key is not None or not create:
        return key
    import secrets

    from interpreter.files import OutputError, PendingFile

    try:
        folder.mkdir(parents=True, exist_ok=True)
        try:
            # Written whole, then linked into place only if no other pirdsl made the key meanwhile.
            with PendingFile(path, mode=0o600, replace=False, force_hint="delete it") as pending:
                pending.write(secrets.token_hex(32) + "\n")
        except FileExistsError:
            pass  # another pirdsl made the key meanwhile: use theirs
    except OSError as error:
        reason = error.reason if isinstance(error, OutputError) else (error.strerror or str(error))
        raise KeyFileError(
            f"cannot make {KEY_PURPOSES.get(file_name, 'a key')} in {folder} ({reason}); "
            f"set {CONFIG_DIR_VARIABLE} to a folder you can write to"
        ) from None
    key = _read_key(path)
    if key is None:
        raise KeyFileError(f"cannot make {KEY_PURPOSES.get(file_name, 'a key')} in {folder}")
    return key

