"""Seals on save files: an HMAC that makes an edited or damaged save recognisable.

A save file is the whole game as plain JSON (every hand, the order of every
pile, the seed and the generator's state), so that a game can be continued
later. The seal is an HMAC-SHA256 over the save's canonical JSON (keys sorted,
no spaces, ASCII, no NaN or Infinity), keyed with 32 random bytes that pirdsl
keeps in the user's configuration directory (`save-key`, readable by its owner
only) and makes on the first save.

What it protects against: a save damaged on disk or in transit, and a save
edited by hand (a card moved between hands, a score set to 99), which are
refused as damaged. What it does not: anyone who can read the key file (the
same user account, which at a shared terminal is everyone at the table) can
seal an edited save; and nobody needs the key to *read* a save, which shows
every secret of the game. A save also cannot be loaded by another user or on
another computer unless the key file is copied along (or `PIRDSL_CONFIG_DIR`
points both at the same folder).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import Any

KEY_FILE = "save-key"
KEY_BYTES = 65  # 32 random bytes in hex and a newline
KEY_MAX_BYTES = 1024  # a key file bigger than this is not one: it is not read
SEAL_PREFIX = "hmac-sha256:"
CONFIG_DIR_VARIABLE = "PIRDSL_CONFIG_DIR"


class SealError(Exception):
    """The key cannot be made or read; the message is one line for the user."""


def config_dir() -> Path:
    """Where pirdsl keeps the save key: $PIRDSL_CONFIG_DIR, else the platform's user config folder."""
    chosen = os.environ.get(CONFIG_DIR_VARIABLE)
    if chosen:
        return Path(chosen)
    from platformdirs import user_config_dir

    return Path(user_config_dir("pirdsl", appauthor=False))


def canonical_json(data: Any) -> bytes:
    """The one byte string a JSON value is sealed as (ValueError for NaN or Infinity)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False).encode()


def _read_key(path: Path) -> bytes | None:
    """The key in `path`, None when there is none; only a small regular file is read.

    A named pipe would make the read wait forever and a link to /dev/zero would be read
    until memory runs out, so the file is opened without waiting (O_NONBLOCK) and looked
    at (fstat) before a byte of it is read, and no more than KEY_MAX_BYTES are read.
    """
    from interpreter.files import kind_of

    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        if os.path.islink(path):
            raise SealError(f"the save key {path} is a symbolic link to nothing; delete it") from None
        return None
    except OSError as error:
        raise SealError(f"cannot read the save key {path} ({error.strerror or error})") from None
    try:
        info = os.fstat(handle)
        kind = kind_of(info.st_mode)
        if kind is not None:
            raise SealError(f"the save key {path} is {kind}, not a key file; delete it or set {CONFIG_DIR_VARIABLE}")
        if info.st_size > KEY_MAX_BYTES:
            raise SealError(f"the save key {path} is not a key ({info.st_size} bytes; a key is {KEY_BYTES}); "
                            "delete it (saves sealed with it can then no longer be loaded)")
        raw = os.read(handle, KEY_MAX_BYTES + 1)
    except OSError as error:
        raise SealError(f"cannot read the save key {path} ({error.strerror or error})") from None
    finally:
        os.close(handle)
    try:
        key = bytes.fromhex(raw.decode("ascii").strip())
    except (UnicodeDecodeError, ValueError):
        key = b""
    if len(key) < 16 or len(raw) > KEY_MAX_BYTES:
        raise SealError(f"the save key {path} is damaged; delete it (saves sealed with it can then no longer be loaded)")
    return key


def load_key(create: bool) -> bytes | None:
    """The save key; made (atomically, owner-only) when `create` and there is none yet, else None."""
    from interpreter.files import OutputError, PendingFile

    folder = config_dir()
    path = folder / KEY_FILE
    key = _read_key(path)
    if key is not None or not create:
        return key
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
        raise SealError(
            f"cannot make the key that seals saves in {folder} ({reason}); "
            f"set {CONFIG_DIR_VARIABLE} to a folder you can write to"
        ) from None
    key = _read_key(path)
    if key is None:
        raise SealError(f"cannot make the key that seals saves in {folder}")
    return key


def seal(data: dict, key: bytes) -> str:
    """The seal of a save's fields (everything but the seal itself)."""
    return SEAL_PREFIX + hmac.new(key, canonical_json(data), hashlib.sha256).hexdigest()


def seal_matches(data: dict, claimed: Any, key: bytes) -> bool:
    """Whether `claimed` is the seal of `data` under `key` (compared in constant time)."""
    if not isinstance(claimed, str):
        return False
    try:
        expected = seal(data, key)
    except ValueError:
        return False
    return hmac.compare_digest(expected.encode(), claimed.encode("utf-8", "replace"))
