"""The tables of `pirdsl serve` kept in an SQLite database, so that a restarted server resumes them.

One row per table: the rules file's hash, the players, variants, seed, who sits
where, the links' secrets and every action taken so far (chance outcomes too).
A table is made again by replaying its actions from the seed (`tables.replay`),
which checks each draw against the record. Each row is sealed as save files are
(`pirdsl.seal`, the user's own key): a row edited by hand is refused, not played.
The database file holds the links' secrets: it is made readable by its owner only.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from dataclasses import asdict
from pathlib import Path
from typing import Iterator

from pirdsl.seal import load_key, seal, seal_matches
from pirdsl.web.tables import TableSpec

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    table_id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    seal TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


class StoreError(Exception):
    """The database cannot be used; the message is one line."""


class TableStore:
    """Tables in one SQLite file (or in memory, for ":memory:")."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        self.lock = threading.Lock()
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self.connection = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self.connection.execute("PRAGMA journal_mode=WAL")
            self.connection.executescript(SCHEMA)
        except sqlite3.Error as error:
            raise StoreError(f"{self.path}: cannot use this file as the tables' database ({error})") from None
        if self.path != ":memory:":
            try:
                os.chmod(self.path, 0o600)
            except OSError:
                pass
        self.key = load_key(create=True)

    def save(self, spec: TableSpec) -> None:
        """Keep a table as it is now (a new one, or one more action)."""
        body = asdict(spec)
        text = json.dumps(body, sort_keys=True)
        with self.lock:
            self.connection.execute(
                "INSERT INTO tables (table_id, body, seal) VALUES (?, ?, ?) "
                "ON CONFLICT(table_id) DO UPDATE SET body = excluded.body, seal = excluded.seal",
                (spec.table_id, text, seal(body, self.key)))

    def load(self) -> Iterator[tuple[str, TableSpec | None, str]]:
        """Every table kept: (table_id, its spec or None, why it cannot be used or "")."""
        with self.lock:
            rows = self.connection.execute("SELECT table_id, body, seal FROM tables ORDER BY rowid").fetchall()
        for table_id, text, claimed in rows:
            try:
                body = json.loads(text)
            except ValueError:
                yield table_id, None, "its record is not JSON"
                continue
            if not isinstance(body, dict) or not seal_matches(body, claimed, self.key):
                yield table_id, None, "its record's seal does not match (edited, or made by another user)"
                continue
            try:
                yield table_id, TableSpec(**body), ""
            except TypeError:
                yield table_id, None, "its record is not a table"

    def host_secret(self) -> str:
        """The secret of the host's page, made once and kept, so that its address survives a restart."""
        from pirdsl.web.tables import new_secret

        with self.lock:
            row = self.connection.execute("SELECT value FROM meta WHERE name = 'host'").fetchone()
            if row is not None:
                return row[0]
            secret = new_secret()
            self.connection.execute("INSERT INTO meta (name, value) VALUES ('host', ?)", (secret,))
            return secret

    def close(self) -> None:
        with self.lock:
            self.connection.close()
