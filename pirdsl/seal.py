"""Seals on save files: an HMAC that makes an edited or damaged save recognisable.

A save file is the whole game as plain JSON (every hand, the order of every
pile, the seed and the generator's state), so that a game can be continued
later. The seal is an HMAC-SHA256 over the save's canonical JSON (keys sorted,
no spaces, ASCII, no NaN or Infinity), keyed with 32 random bytes that pirdsl
keeps in the user's configuration directory (`save-key`, readable by its owner
only) and makes on the first save (interpreter/userkey.py reads and makes it).

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
from typing import Any

# The key is the user's own (interpreter/userkey.py), shared with the cache's MACs.
from interpreter.userkey import CONFIG_DIR_VARIABLE, KEY_FILE, config_dir, load_key
from interpreter.userkey import KeyFileError as SealError

SEAL_PREFIX = "hmac-sha256:"


def canonical_json(data: Any) -> bytes:
    """The one byte string a JSON value is sealed as (ValueError for NaN or Infinity)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False).encode()


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


__all__ = ["CONFIG_DIR_VARIABLE", "KEY_FILE", "SealError", "canonical_json", "config_dir", "load_key", "seal",
           "seal_matches"]
