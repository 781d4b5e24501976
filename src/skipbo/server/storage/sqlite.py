"""The embedded default store: stdlib sqlite3, WAL journal, ``synchronous=FULL``.

FULL makes each commit wait for the disk, which is the promise the server makes
to players: a move it announced survives a kill -9 or a power cut. The group
commit of :class:`~.base.GroupCommitStorage` shares that flush among every move
queued meanwhile.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

from .base import GroupCommitStorage, Query, Row, Sql, Write

SQLITE_SQL = Sql.make("?", None)


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
        for statement in self.sql.schema:
            db.execute(statement)
        return db

    def _transact(self, batch: list[Write]) -> list[BaseException | None]:
        """One ``BEGIN IMMEDIATE .. COMMIT``; a statement's error is that write's alone.

        Every statement is a single INSERT or UPDATE, which SQLite applies or undoes
        as a whole, so a refused write leaves the rest of the batch intact.
        """
        db = self._db
        errors: list[BaseException | None] = []
        db.execute("BEGIN IMMEDIATE")
        try:
            for write in batch:
                try:
                    db.execute(write.sql, write.params)
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
