"""What every store shares: the interface, the schema, the rows, the group-commit writer.

The server keeps nothing it could not rebuild from a store: each table's
configuration (with its secret seed), its seats (tokens only as SHA-256 hashes)
and every accepted move. Replaying the moves through the core gives back the
exact table (core ``Match.restore``), so a crash loses no move as long as a move
is committed before anyone is told about it.

A durable commit costs a disk flush (milliseconds), so one commit per move would
cap the server at a few hundred moves a second. :class:`GroupCommitStorage`
shares that cost: one writer thread owns the connection, takes every write
queued so far, runs them in ONE transaction, commits, and only then completes
each write's future. Nobody is told about a write before its batch is durable, so
the promise is the same as one commit per write. An operation (:mod:`.tx`: a
listing, a result, a rating) queued among the moves joins their transaction in
a savepoint of its own, so it neither costs a flush of its own nor ends the
group: its failure undoes only itself, as its own transaction would have.

A backend only says how to connect, how to run one batch and how to read; both
backends use the same SQL (:class:`Sql`), differing only in the parameter
marker and creation order.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import queue
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from .tx import Op, T, Tx

log = logging.getLogger(__name__)

MAX_BATCH = 4096
"""At most this many writes share one transaction (bounds one commit's latency)."""


class StorageUnavailable(ValueError):
    """The store cannot be opened; the message is one line, fit for the command's error."""


class StorageClosedError(RuntimeError):
    """A write or read after :meth:`Storage.close`."""


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

    def load_table(self, table_id: str) -> StoredTable | None:
        """One stored table (a table freed from memory, asked for again), or None."""
        ...

    def close(self) -> None:
        """Release the store (after committing everything queued)."""
        ...


# ------------------------------------------------------------------ the SQL


@dataclass(frozen=True, slots=True)
class Sql:
    """Every statement a store runs, for one SQL dialect.

    The tables are the same everywhere; a dialect differs only in its parameter
    marker and in how creation order is kept (SQLite's implicit ``rowid``, an
    identity column elsewhere), so the statements are written once, here.
    """

    schema: tuple[str, ...]
    create_table: str
    set_status: str
    add_seat: str
    update_seat: str
    insert_move: str
    select_tables: str
    select_seats: str
    select_moves: str
    select_table: str
    select_table_seats: str
    select_table_moves: str

    @classmethod
    def make(cls, param: str, order_column: str | None) -> Sql:
        """Statements with ``param`` as the marker; ``order_column`` None means ``rowid``."""
        order_def = ""
        if order_column is not None:
            order_def = f"    {order_column} BIGINT GENERATED ALWAYS AS IDENTITY,\n"

        def q(text: str) -> str:
            return text.replace("{p}", param)

        return cls(
            schema=(_TABLES.replace("{order}", order_def), _SEATS, _MOVES),
            create_table=q("INSERT INTO tables (table_id, config) VALUES ({p}, {p})"),
            set_status=q("UPDATE tables SET status = {p} WHERE table_id = {p}"),
            add_seat=q(
                "INSERT INTO seats (table_id, seat, token_hash, name, kind)"
                " VALUES ({p}, {p}, {p}, {p}, {p})"
            ),
            update_seat=q(
                "UPDATE seats SET token_hash = {p}, name = {p}, kind = {p}"
                " WHERE table_id = {p} AND seat = {p}"
            ),
            insert_move=q(
                "INSERT INTO moves (table_id, round_index, move_index, seat, move)"
                " VALUES ({p}, {p}, {p}, {p}, {p})"
            ),
            select_tables="SELECT table_id, config, status FROM tables"
            f" ORDER BY {order_column or 'rowid'}",
            select_seats="SELECT table_id, seat, token_hash, name, kind FROM seats"
            " ORDER BY table_id, seat",
            select_moves="SELECT table_id, round_index, seat, move FROM moves"
            " ORDER BY table_id, round_index, move_index",
            select_table=q("SELECT table_id, config, status FROM tables WHERE table_id = {p}"),
            select_table_seats=q(
                "SELECT table_id, seat, token_hash, name, kind FROM seats"
                " WHERE table_id = {p} ORDER BY seat"
            ),
            select_table_moves=q(
                "SELECT table_id, round_index, seat, move FROM moves"
                " WHERE table_id = {p} ORDER BY round_index, move_index"
            ),
        )


_TABLES = """CREATE TABLE IF NOT EXISTS tables (
    table_id TEXT PRIMARY KEY,
{order}    config TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT '{}'
)"""
_SEATS = """CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(table_id),
    seat INTEGER NOT NULL,
    token_hash TEXT,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
)"""
_MOVES = """CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(table_id),
    round_index INTEGER NOT NULL,
    move_index INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (table_id, round_index, move_index)
)"""

Row = tuple[Any, ...]
Query = tuple[str, tuple[Any, ...]]
"""A statement and its parameters."""


def assemble_tables(
    tables: Sequence[Row], seats: Sequence[Row], moves: Sequence[Row]
) -> list[StoredTable]:
    """The rows of :attr:`Sql.select_tables`, ``select_seats`` and ``select_moves`` as tables."""
    by_id = {
        tid: StoredTable(tid, json.loads(config), json.loads(status))
        for tid, config, status in tables
    }
    for tid, seat, token_hash, name, kind in seats:
        by_id[tid].seats.append(StoredSeat(seat, token_hash, name, kind))
    for tid, round_index, seat, move in moves:
        rounds = by_id[tid].moves
        while len(rounds) <= round_index:
            rounds.append([])
        rounds[round_index].append((seat, move))
    return list(by_id.values())


# ---------------------------------------------------------- the writer thread


@dataclass(slots=True)
class Write:
    """One statement queued for the writer, and whom to tell once it is committed."""

    sql: str
    params: tuple[Any, ...]
    sync: Future[None] | None = None
    loop: asyncio.AbstractEventLoop | None = None
    waiter: asyncio.Future[None] | None = None


@dataclass(slots=True)
class Operation:
    """An operation (:mod:`.tx`) queued for the writer: run in the batch's transaction,
    in a savepoint of its own; its future completes once the batch is committed."""

    op: Op[Any]
    result: Future[Any]
    value: Any = None
    error: BaseException | None = None
    started: bool = False
    skipped: bool = False
    """Its caller gave up before it ran: it does not run, and its future (cancelled)
    is not completed (that would raise, and end the writer thread)."""


Item = Write | Operation
"""What one group-commit transaction runs, in queue order."""


@dataclass(slots=True)
class _Call:
    """A read run on the writer's thread, after every earlier write."""

    fn: Callable[[], Any]
    result: Future[Any]


_STOP = object()
"""Queued by :meth:`GroupCommitStorage.close`: commit what came before, then end the writer."""

Conn = TypeVar("Conn")


class GroupCommitStorage(ABC, Generic[Conn]):
    """:class:`Storage` over one connection owned by a writer thread, with group commit.

    The queue is FIFO and there is one writer, so writes are committed in the
    order they were made. Subclasses give :attr:`sql` and the four
    connection-level steps; ``_db`` is touched by the writer thread only.
    """

    sql: Sql
    _db: Conn

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[Item | _Call | object] = queue.SimpleQueue()
        self._closed = False
        self._close_lock = threading.Lock()
        self.batches = 0
        """Transactions committed by the writer (for tests and the benchmark)."""
        ready: Future[None] = Future()
        self._thread = threading.Thread(
            target=self._run, args=(ready,), name="skipbo-storage", daemon=True
        )
        self._thread.start()
        ready.result()  # raises what connecting raised

    # ---------------------------------------------------- backend steps

    @abstractmethod
    def _connect(self) -> Conn:
        """A new connection with the schema created (runs on the writer thread)."""

    @abstractmethod
    def _transact(self, batch: list[Item]) -> list[BaseException | None]:
        """Run ``batch`` in one transaction and commit durably; each write's own error.

        A refused write (a move slot already taken) must not undo the others, and
        an :class:`Operation` runs in a savepoint of its own (:func:`run_operation`:
        its value or error is kept on it; a failure undoes only the operation).
        Raising means the transaction as a whole failed and nothing is stored.
        The list has one entry per item: None for an operation (its outcome is on it).
        """

    @abstractmethod
    def _read(self, queries: Sequence[Query]) -> list[list[Row]]:
        """Every row of each query, read in one snapshot."""

    @abstractmethod
    def _disconnect(self) -> None:
        """Close the connection (the writer ends)."""

    # ------------------------------------------------------------ the writer

    def _run(self, ready: Future[None]) -> None:
        try:
            self._db = self._connect()
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
                if not self._serve(items):
                    return
        finally:
            self._disconnect()

    def _serve(self, items: list[Item | _Call | object]) -> bool:
        """Run ``items`` in order: each run of writes and operations is one transaction.
        False: stop."""
        batch: list[Item] = []
        for item in items:
            if isinstance(item, Write | Operation):
                batch.append(item)
                continue
            self._commit(batch)
            batch = []
            if isinstance(item, _Call):
                # False: its caller gave up before it ran, so it does not run (and a
                # cancelled future must not be completed: that would end this thread)
                if item.result.set_running_or_notify_cancel():
                    try:
                        item.result.set_result(item.fn())
                    except BaseException as exc:
                        item.result.set_exception(exc)
            else:  # _STOP
                return False
        self._commit(batch)
        return True

    def _commit(self, batch: list[Item]) -> None:
        """Commit ``batch``, then tell each writer (futures complete only after COMMIT)."""
        if not batch:
            return
        try:
            errors = self._transact(batch)
        except BaseException as exc:  # the commit failed: nothing of the batch is stored
            errors = [exc] * len(batch)
        self.batches += 1
        _notify(batch, errors)

    # --------------------------------------------------------------- callers

    def _put(self, item: Item | _Call) -> None:
        with self._close_lock:  # nothing may be queued behind the stop: it would never finish
            if self._closed:
                raise StorageClosedError("the storage is closed")
            self._queue.put(item)

    def _write(self, sql: str, params: tuple[Any, ...]) -> None:
        """Queue one statement and wait until its batch is committed."""
        done: Future[None] = Future()
        self._put(Write(sql, params, sync=done))
        done.result()

    def _write_async(self, sql: str, params: tuple[Any, ...]) -> asyncio.Future[None]:
        """Queue one statement without waiting; the future completes after its commit."""
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[None] = loop.create_future()
        self._put(Write(sql, params, loop=loop, waiter=waiter))
        return waiter

    def create_table(self, table_id: str, config_json: str) -> None:
        self._write(self.sql.create_table, (table_id, config_json))

    def set_status(self, table_id: str, status_json: str) -> None:
        self._write(self.sql.set_status, (status_json, table_id))

    def add_seat(
        self, table_id: str, seat: int, token_hash: str | None, name: str, kind: str
    ) -> None:
        self._write(self.sql.add_seat, (table_id, seat, token_hash, name, kind))

    def update_seat(
        self, table_id: str, seat: int, token_hash: str | None, name: str, kind: str
    ) -> None:
        self._write(self.sql.update_seat, (token_hash, name, kind, table_id, seat))

    def append_move(
        self, table_id: str, round_index: int, move_index: int, seat: int, move_text: str
    ) -> None:
        self._write(self.sql.insert_move, (table_id, round_index, move_index, seat, move_text))

    def append_move_async(
        self, table_id: str, round_index: int, move_index: int, seat: int, move_text: str
    ) -> asyncio.Future[None]:
        params = (table_id, round_index, move_index, seat, move_text)
        return self._write_async(self.sql.insert_move, params)

    def set_status_async(self, table_id: str, status_json: str) -> asyncio.Future[None]:
        return self._write_async(self.sql.set_status, (status_json, table_id))

    def load_tables(self) -> list[StoredTable]:
        done: Future[list[StoredTable]] = Future()
        self._put(_Call(self._load, done))
        return done.result()

    def _load(self) -> list[StoredTable]:
        sql = self.sql
        queries = [(sql.select_tables, ()), (sql.select_seats, ()), (sql.select_moves, ())]
        tables, seats, moves = self._read(queries)
        return assemble_tables(tables, seats, moves)

    def load_table(self, table_id: str) -> StoredTable | None:
        done: Future[list[StoredTable]] = Future()
        sql, key = self.sql, (table_id,)
        queries = [
            (sql.select_table, key),
            (sql.select_table_seats, key),
            (sql.select_table_moves, key),
        ]
        self._put(_Call(lambda: assemble_tables(*self._read(queries)), done))
        found = done.result()
        return found[0] if found else None

    def run(self, op: Op[T]) -> T:
        """Run an operation (:mod:`.tx`) atomically, after every write queued before.

        It shares the transaction of the writes queued with it, in a savepoint of
        its own: it is all applied or, if it raises, not at all (a broken
        constraint raises :class:`~.tx.StorageConflict`). Blocks until committed:
        call it from a thread, never from the event loop (there, :meth:`run_async`).
        """
        done: Future[T] = Future()
        self._put(Operation(op, done))
        return done.result()

    def run_async(self, op: Op[T]) -> asyncio.Future[T]:
        """:meth:`run` from a running event loop: the future completes once committed."""
        done: Future[T] = Future()
        self._put(Operation(op, done))
        return asyncio.wrap_future(done)

    def close(self) -> None:
        with self._close_lock:
            if self._closed:
                return
            self._closed = True
            self._queue.put(_STOP)
        self._thread.join()


def run_operation(
    item: Operation, savepoint: Callable[[], AbstractContextManager[Any]], tx: Tx
) -> None:
    """Run ``item``'s operation on ``tx`` inside ``savepoint()`` (a context manager that
    releases it, or rolls back to it when the body raises); keep its value or error."""
    if not _claim(item):
        return
    item.value, item.error = None, None  # a batch run again (PostgreSQL) runs it again
    try:
        with savepoint():
            item.value = item.op(tx)
    except Exception as exc:  # the savepoint undid the operation alone
        item.error = exc


def _claim(item: Operation) -> bool:
    """Whether ``item`` is to run (and be told): False once its caller has given up."""
    if not item.started:
        item.started = True
        item.skipped = not item.result.set_running_or_notify_cancel()
    return not item.skipped


def _notify(batch: list[Item], errors: list[BaseException | None]) -> None:
    """Complete every future: operations' and synchronous writers' directly, each loop once."""
    by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], Any]]] = {}
    for write, error in zip(batch, errors, strict=True):
        if isinstance(write, Operation):
            if not _claim(write):  # (one the failed transaction never reached is told too)
                continue
            failed = error if error is not None else write.error  # the batch's failure first
            if failed is None:
                write.result.set_result(write.value)
            else:
                write.result.set_exception(failed)
        elif write.sync is not None:
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


def _settle(waiters: list[tuple[asyncio.Future[None], Any]]) -> None:
    """On the event loop: complete the futures of one committed batch."""
    for waiter, error in waiters:
        if waiter.done():  # the caller was cancelled; the write is stored all the same
            continue
        if error is None:
            waiter.set_result(None)
        else:
            waiter.set_exception(error)
