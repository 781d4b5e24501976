"""Where tables live between restarts: one small interface, SQLite behind it.

The server keeps nothing it could not rebuild from this store: each table's
configuration (with its secret seed), its seats (tokens only as SHA-256 hashes)
and every accepted move. Replaying the moves through the core gives back the
exact table (core ``Match.restore``), so a crash loses no move as long as a move
is committed here before anyone is told about it. The :class:`Storage` protocol is
all the server uses, so that a PostgreSQL store can follow without touching it.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    table_id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(table_id),
    seat INTEGER NOT NULL,
    token_hash TEXT,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(table_id),
    round_index INTEGER NOT NULL,
    move_index INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (table_id, round_index, move_index)
);
"""


def hash_token(token: str) -> str:
    """The SHA-256 hex digest under which a seat token is stored and compared."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(slots=True)
class StoredSeat:
    """One seat as stored: who sits there and the hash of their token."""

    seat: int
    token_hash: str | None
    name: str
    kind: str


@dataclass(slots=True)
class StoredTable:
    """Everything needed to rebuild one table."""

    table_id: str
    config: dict[str, Any]
    status: dict[str, Any]
    seats: list[StoredSeat] = field(default_factory=list)
    moves: list[list[tuple[int, str]]] = field(default_factory=list)
    """Per round (global index at the table): ``(seat, move text)`` in order."""


class Storage(Protocol):
    """What the server needs from a store. Every call is durable when it returns."""

    def create_table(self, table_id: str, config_json: str) -> None:
        """Store a new table's configuration (seed included: never sent to anyone)."""
        ...

    def set_status(self, table_id: str, status_json: str) -> None:
        """Replace a table's progress (started, rounds dealt per game)."""
        ...

    def add_seat(
        self, table_id: str, seat: int, token_hash: str | None, name: str, kind: str
    ) -> None:
        """Store a seat."""
        ...

    def update_seat(
        self, table_id: str, seat: int, token_hash: str | None, name: str, kind: str
    ) -> None:
        """Change who sits at a seat (join, leave)."""
        ...

    def append_move(
        self, table_id: str, round_index: int, move_index: int, seat: int, move_text: str
    ) -> None:
        """Commit one accepted move; raises if the slot is taken (a move never replaces one)."""
        ...

    def load_tables(self) -> list[StoredTable]:
        """Every stored table, with seats and moves, in creation order."""
        ...

    def close(self) -> None:
        """Release the store."""
        ...


def sqlite_path(url_or_path: str) -> str:
    """The file of ``sqlite:///file.db`` (or a plain path); ``:memory:`` stays as is."""
    if url_or_path.startswith("sqlite:///"):
        return url_or_path[len("sqlite:///") :]
    if "://" in url_or_path:
        raise ValueError(f"unsupported database URL {url_or_path!r} (only sqlite:/// for now)")
    return url_or_path


class SqliteStorage:
    """:class:`Storage` on stdlib sqlite3: WAL journal, ``synchronous=FULL``.

    FULL makes each commit wait for the disk, which is the promise the server
    makes to players: a move it announced survives a kill -9 or a power cut.
    One connection, guarded by a lock, so a thread pool may call it too.
    """

    def __init__(self, url_or_path: str) -> None:
        path = sqlite_path(url_or_path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def create_table(self, table_id: str, config_json: str) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO tables (table_id, config) VALUES (?, ?)", (table_id, config_json)
            )

    def set_status(self, table_id: str, status_json: str) -> None:
        with self._transaction() as db:
            db.execute("UPDATE tables SET status = ? WHERE table_id = ?", (status_json, table_id))

    def add_seat(
        self, table_id: str, seat: int, token_hash: str | None, name: str, kind: str
    ) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO seats (table_id, seat, token_hash, name, kind) VALUES (?, ?, ?, ?, ?)",
                (table_id, seat, token_hash, name, kind),
            )

    def update_seat(
        self, table_id: str, seat: int, token_hash: str | None, name: str, kind: str
    ) -> None:
        with self._transaction() as db:
            db.execute(
                "UPDATE seats SET token_hash = ?, name = ?, kind = ?"
                " WHERE table_id = ? AND seat = ?",
                (token_hash, name, kind, table_id, seat),
            )

    def append_move(
        self, table_id: str, round_index: int, move_index: int, seat: int, move_text: str
    ) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO moves (table_id, round_index, move_index, seat, move)"
                " VALUES (?, ?, ?, ?, ?)",
                (table_id, round_index, move_index, seat, move_text),
            )

    def load_tables(self) -> list[StoredTable]:
        with self._lock:
            rows = self._db.execute("SELECT table_id, config, status FROM tables ORDER BY rowid")
            tables = {
                tid: StoredTable(tid, json.loads(config), json.loads(status))
                for tid, config, status in rows.fetchall()
            }
            seats = self._db.execute(
                "SELECT table_id, seat, token_hash, name, kind FROM seats ORDER BY table_id, seat"
            )
            for tid, seat, token_hash, name, kind in seats.fetchall():
                tables[tid].seats.append(StoredSeat(seat, token_hash, name, kind))
            moves = self._db.execute(
                "SELECT table_id, round_index, seat, move FROM moves"
                " ORDER BY table_id, round_index, move_index"
            )
            for tid, round_index, seat, move in moves.fetchall():
                rounds = tables[tid].moves
                while len(rounds) <= round_index:
                    rounds.append([])
                rounds[round_index].append((seat, move))
        return list(tables.values())

    def close(self) -> None:
        with self._lock:
            self._db.close()
