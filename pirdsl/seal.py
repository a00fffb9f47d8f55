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
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise SealError(f"cannot read the save key {path} ({getattr(error, 'strerror', None) or error})") from None
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) < 16:
        raise SealError(f"the save key {path} is damaged; delete it (saves sealed with it can then no longer be loaded)")
    return key


def load_key(create: bool) -> bytes | None:
    """The save key; made (atomically, owner-only) when `create` and there is none yet, else None."""
    folder = config_dir()
    path = folder / KEY_FILE
    key = _read_key(path)
    if key is not None or not create:
        return key
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temporary = folder / f".{KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(handle, "w", encoding="ascii") as file:
                file.write(secrets.token_hex(32) + "\n")
            try:
                os.link(temporary, path)  # fails if another pirdsl made the key meanwhile: use theirs
            except FileExistsError:
                pass
        finally:
            temporary.unlink(missing_ok=True)
    except OSError as error:
        raise SealError(
            f"cannot make the key that seals saves in {folder} ({error.strerror or error}); "
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
