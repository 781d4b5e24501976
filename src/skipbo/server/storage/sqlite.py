"""The embedded default store: stdlib sqlite3, WAL journal, ``synchronous=FULL``.

FULL makes each commit wait for the disk, which is the promise the server makes
to players: a move it announced survives a kill -9 or a power cut. The group
commit of :class:`~.base.GroupCommitStorage` shares that flush among every move
queued meanwhile.

Opening a file upgrades its schema to the latest version (:mod:`.migrations`).
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .base import (
    GroupCommitStorage,
    Item,
    Query,
    Row,
    Sql,
    StorageUnavailable,
    Write,
    run_operation,
)
from .migrations import upgrade
from .tx import Op, StorageConflict, T, with_marker

log = logging.getLogger(__name__)

SQLITE_SQL = Sql.make("?", None)
OLDEST_SQLITE = (3, 35)
"""``RETURNING`` (3.35, 2021) is the newest SQLite feature the statements use."""


def sqlite_path(url_or_path: str) -> str:
    """The file of ``sqlite:///file.db`` (or a plain path); ``:memory:`` stays as is."""
    if url_or_path.startswith("sqlite:///"):
        return url_or_path[len("sqlite:///") :]
    if "://" in url_or_path:
        raise ValueError(
            f"unsupported database URL {url_or_path!r} (sqlite:///FILE or postgresql://...)"
        )
    return url_or_path


class SqliteStorage(GroupCommitStorage[sqlite3.Connection]):
    """:class:`~.base.Storage` on one SQLite file (``sqlite:///FILE``, a path, or ``:memory:``)."""

    sql = SQLITE_SQL

    def __init__(self, url_or_path: str) -> None:
        self._path = sqlite_path(url_or_path)
        if self._path != ":memory:":
            Path(self._path).parent.mkdir(parents=True, exist_ok=True)
        super().__init__()

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self._path, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        if sqlite3.sqlite_version_info < OLDEST_SQLITE:
            db.close()
            raise StorageUnavailable(
                f"SQLite {sqlite3.sqlite_version} is too old: skipbo needs 3.35 or newer"
            )
        try:
            found = sqlite_atomic(db, upgrade(self.sql.schema))
        except BaseException:
            db.close()
            raise
        log.debug("storage: SQLite schema version %d found", found)
        return db

    def _transact(self, batch: list[Item]) -> list[BaseException | None]:
        """One ``BEGIN IMMEDIATE .. COMMIT``; a statement's error is that write's alone.

        Every statement is a single INSERT or UPDATE, which SQLite applies or undoes
        as a whole, so a refused write leaves the rest of the batch intact; an
        operation runs in a savepoint.
        """
        db = self._db
        errors: list[BaseException | None] = []
        db.execute("BEGIN IMMEDIATE")
        try:
            for item in batch:
                if not isinstance(item, Write):
                    run_operation(item, lambda: _savepoint(db), SqliteTx(db))
                    errors.append(None)
                    continue
                try:
                    db.execute(item.sql, item.params)
                    errors.append(None)
                except sqlite3.Error as exc:
                    errors.append(exc)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return errors

    def _read(self, queries: Sequence[Query]) -> list[list[Row]]:
        # the writer runs no write meanwhile, so consecutive reads see one state
        return [self._db.execute(query, params).fetchall() for query, params in queries]

    def _disconnect(self) -> None:
        self._db.close()


class SqliteTx:
    """:class:`~.tx.Tx` on a SQLite connection inside ``BEGIN IMMEDIATE``."""

    dialect = "sqlite"

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            return self._db.execute(with_marker(sql, "?"), tuple(params)).fetchall()
        except sqlite3.IntegrityError as exc:
            raise StorageConflict(str(exc)) from exc

    def attempt(self, sql: str, params: Sequence[Any] = ()) -> list[Row] | None:
        # SQLite undoes a failed statement alone; the transaction goes on
        try:
            return self.rows(sql, params)
        except StorageConflict:
            return None


@contextmanager
def _savepoint(db: sqlite3.Connection) -> Iterator[None]:
    """A savepoint inside the open transaction: released, or rolled back to if the body raises."""
    db.execute("SAVEPOINT operation")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK TO operation")
        db.execute("RELEASE operation")
        raise
    db.execute("RELEASE operation")


def sqlite_atomic(db: sqlite3.Connection, op: Op[T]) -> T:
    """``op`` in one ``BEGIN IMMEDIATE .. COMMIT`` (rolled back if it raises)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        result = op(SqliteTx(db))
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return result
