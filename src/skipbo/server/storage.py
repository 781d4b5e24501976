"""Where tables live between restarts: one small interface, SQLite behind it.

The server keeps nothing it could not rebuild from this store: each table's
configuration (with its secret seed), its seats (tokens only as SHA-256 hashes)
and every accepted move. Replaying the moves through the core gives back the
exact table (core ``Match.restore``), so a crash loses no move as long as a move
is committed here before anyone is told about it. Moves are group-committed:
one writer thread commits every move queued so far in one transaction, and a
move's awaitable completes only after that commit, so the promise holds at a
few thousand moves a second. The :class:`Storage` protocol is
all the server uses, so that a PostgreSQL store can follow without touching it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import queue
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger(__name__)

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
    """What the server needs from a store.

    Every synchronous call is durable when it returns. :meth:`append_move_async`
    is the hot path: it never blocks the event loop, and its awaitable completes
    only once the move is durable, so the caller can tell players afterwards.
    """

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

    def append_move_async(
        self, table_id: str, round_index: int, move_index: int, seat: int, move_text: str
    ) -> asyncio.Future[None]:
        """Queue one accepted move; the future (of the running loop) completes once committed.

        Called from a running event loop. Moves queued earlier are committed no
        later than this one (per-table order is the order of the calls); the
        future raises as :meth:`append_move` would if the slot is taken.
        """
        ...

    def set_status_async(self, table_id: str, status_json: str) -> asyncio.Future[None]:
        """:meth:`set_status` queued like :meth:`append_move_async` (same order, same promise)."""
        ...

    def load_tables(self) -> list[StoredTable]:
        """Every stored table, with seats and moves, in creation order."""
        ...

    def close(self) -> None:
        """Release the store (after committing everything queued)."""
        ...


def sqlite_path(url_or_path: str) -> str:
    """The file of ``sqlite:///file.db`` (or a plain path); ``:memory:`` stays as is."""
    if url_or_path.startswith("sqlite:///"):
        return url_or_path[len("sqlite:///") :]
    if "://" in url_or_path:
        raise ValueError(f"unsupported database URL {url_or_path!r} (only sqlite:/// for now)")
    return url_or_path


INSERT_MOVE = (
    "INSERT INTO moves (table_id, round_index, move_index, seat, move) VALUES (?, ?, ?, ?, ?)"
)
SET_STATUS = "UPDATE tables SET status = ? WHERE table_id = ?"

MAX_BATCH = 4096
"""At most this many writes share one transaction (bounds one commit's latency)."""


@dataclass(slots=True)
class _Write:
    """One statement queued for the writer, and whom to tell once it is committed."""

    sql: str
    params: tuple[Any, ...]
    sync: Future[None] | None = None
    loop: asyncio.AbstractEventLoop | None = None
    waiter: asyncio.Future[None] | None = None


@dataclass(slots=True)
class _Call:
    """A read (or anything else) run on the writer's connection, after earlier writes."""

    fn: Callable[[sqlite3.Connection], Any]
    result: Future[Any]


_STOP = object()
"""Queued by :meth:`SqliteStorage.close`: commit what came before, then end the writer."""


class SqliteStorage:
    """:class:`Storage` on stdlib sqlite3: WAL journal, ``synchronous=FULL``, group commit.

    FULL makes each commit wait for the disk, which is the promise the server
    makes to players: a move it announced survives a kill -9 or a power cut. A
    disk flush costs milliseconds, so one commit per move would cap the server at
    a few hundred moves a second. Instead one writer thread owns the connection:
    it takes every write queued so far, runs them in ONE transaction, commits
    (one fsync for the whole batch) and only then completes each write's future.
    Nobody is told about a write before its batch is on disk, so the guarantee is
    the same as one commit per write; only the cost is shared. The queue is FIFO
    and there is one writer, so writes are committed in the order they were made.
    """

    def __init__(self, url_or_path: str) -> None:
        path = sqlite_path(url_or_path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._queue: queue.SimpleQueue[_Write | _Call | object] = queue.SimpleQueue()
        self._closed = False
        self._close_lock = threading.Lock()
        self.batches = 0
        """Transactions committed by the writer (for tests and the benchmark)."""
        ready: Future[None] = Future()
        self._thread = threading.Thread(
            target=self._run, args=(path, ready), name="skipbo-storage", daemon=True
        )
        self._thread.start()
        ready.result()  # raises what connecting raised

    # ------------------------------------------------------------ the writer

    def _run(self, path: str, ready: Future[None]) -> None:
        try:
            db = sqlite3.connect(path, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            db.executescript(SCHEMA)
        except BaseException as exc:
            ready.set_exception(exc)
            return
        ready.set_result(None)
        try:
            while True:
                items = [self._queue.get()]
                while len(items) < MAX_BATCH:
                    try:
                        items.append(self._queue.get_nowait())
                    except queue.Empty:
                        break
                if not self._serve(db, items):
                    return
        finally:
            db.close()

    def _serve(self, db: sqlite3.Connection, items: list[_Write | _Call | object]) -> bool:
        """Run ``items`` in order: each run of writes is one transaction. False: stop."""
        batch: list[_Write] = []
        for item in items:
            if isinstance(item, _Write):
                batch.append(item)
                continue
            self._commit(db, batch)
            batch = []
            if isinstance(item, _Call):
                try:
                    item.result.set_result(item.fn(db))
                except BaseException as exc:
                    item.result.set_exception(exc)
            else:  # _STOP
                return False
        self._commit(db, batch)
        return True

    def _commit(self, db: sqlite3.Connection, batch: list[_Write]) -> None:
        """One transaction for ``batch``; each write succeeds or fails on its own.

        Every statement is a single INSERT or UPDATE, which SQLite applies or undoes
        as a whole, so a refused write (a move slot already taken) leaves the rest
        of the batch intact. Futures complete only after COMMIT returned.
        """
        if not batch:
            return
        errors: list[BaseException | None] = []
        try:
            db.execute("BEGIN IMMEDIATE")
            for write in batch:
                try:
                    db.execute(write.sql, write.params)
                    errors.append(None)
                except sqlite3.Error as exc:
                    errors.append(exc)
            db.execute("COMMIT")
        except BaseException as exc:  # the commit failed: nothing of the batch is stored
            if db.in_transaction:
                db.execute("ROLLBACK")
            errors = [exc] * len(batch)
        self.batches += 1
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], Any]]] = {}
        for write, error in zip(batch, errors, strict=True):
            if write.sync is not None:
                if error is None:
                    write.sync.set_result(None)
                else:
                    write.sync.set_exception(error)
            elif write.loop is not None and write.waiter is not None:
                by_loop.setdefault(write.loop, []).append((write.waiter, error))
        for loop, waiters in by_loop.items():  # one wake-up per loop and batch
            try:
                loop.call_soon_threadsafe(_settle, waiters)
            except RuntimeError:  # the loop is closed: nobody is waiting any more
                log.debug("storage: a batch finished after its event loop closed")

    # --------------------------------------------------------------- callers

    def _put(self, item: _Write | _Call) -> None:
        with self._close_lock:  # nothing may be queued behind the stop: it would never finish
            if self._closed:
                raise sqlite3.ProgrammingError("the storage is closed")
            self._queue.put(item)

    def _write(self, sql: str, params: tuple[Any, ...]) -> None:
        """Queue one statement and wait until its batch is committed."""
        done: Future[None] = Future()
        self._put(_Write(sql, params, sync=done))
        done.result()

    def create_table(self, table_id: str, config_json: str) -> None:
        self._write("INSERT INTO tables (table_id, config) VALUES (?, ?)", (table_id, config_json))

    def set_status(self, table_id: str, status_json: str) -> None:
        self._write(SET_STATUS, (status_json, table_id))

    def add_seat(
        self, table_id: str, seat: int, token_hash: str | None, name: str, kind: str
    ) -> None:
        self._write(
            "INSERT INTO seats (table_id, seat, token_hash, name, kind) VALUES (?, ?, ?, ?, ?)",
            (table_id, seat, token_hash, name, kind),
        )

    def update_seat(
        self, table_id: str, seat: int, token_hash: str | None, name: str, kind: str
    ) -> None:
        self._write(
            "UPDATE seats SET token_hash = ?, name = ?, kind = ? WHERE table_id = ? AND seat = ?",
            (token_hash, name, kind, table_id, seat),
        )

    def append_move(
        self, table_id: str, round_index: int, move_index: int, seat: int, move_text: str
    ) -> None:
        self._write(INSERT_MOVE, (table_id, round_index, move_index, seat, move_text))

    def append_move_async(
        self, table_id: str, round_index: int, move_index: int, seat: int, move_text: str
    ) -> asyncio.Future[None]:
        return self._write_async(INSERT_MOVE, (table_id, round_index, move_index, seat, move_text))

    def set_status_async(self, table_id: str, status_json: str) -> asyncio.Future[None]:
        return self._write_async(SET_STATUS, (status_json, table_id))

    def _write_async(self, sql: str, params: tuple[Any, ...]) -> asyncio.Future[None]:
        """Queue one statement without waiting; the future completes after its commit."""
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[None] = loop.create_future()
        self._put(_Write(sql, params, loop=loop, waiter=waiter))
        return waiter

    def load_tables(self) -> list[StoredTable]:
        done: Future[list[StoredTable]] = Future()
        self._put(_Call(_load_tables, done))
        return done.result()

    def close(self) -> None:
        with self._close_lock:
            if self._closed:
                return
            self._closed = True
            self._queue.put(_STOP)
        self._thread.join()


def _settle(waiters: list[tuple[asyncio.Future[None], Any]]) -> None:
    """On the event loop: complete the futures of one committed batch."""
    for waiter, error in waiters:
        if waiter.done():  # the caller was cancelled; the write is stored all the same
            continue
        if error is None:
            waiter.set_result(None)
        else:
            waiter.set_exception(error)


def _load_tables(db: sqlite3.Connection) -> list[StoredTable]:
    rows = db.execute("SELECT table_id, config, status FROM tables ORDER BY rowid")
    tables = {
        tid: StoredTable(tid, json.loads(config), json.loads(status))
        for tid, config, status in rows.fetchall()
    }
    seats = db.execute(
        "SELECT table_id, seat, token_hash, name, kind FROM seats ORDER BY table_id, seat"
    )
    for tid, seat, token_hash, name, kind in seats.fetchall():
        tables[tid].seats.append(StoredSeat(seat, token_hash, name, kind))
    moves = db.execute(
        "SELECT table_id, round_index, seat, move FROM moves"
        " ORDER BY table_id, round_index, move_index"
    )
    for tid, round_index, seat, move in moves.fetchall():
        rounds = tables[tid].moves
        while len(rounds) <= round_index:
            rounds.append([])
        rounds[round_index].append((seat, move))
    return list(tables.values())
