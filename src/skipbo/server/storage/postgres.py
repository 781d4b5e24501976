"""The production store: PostgreSQL through psycopg 3 (``pip install 'skipbo[postgres]'``).

Same tables, same statements and same group commit as SQLite (see :mod:`.base`).
Each run of writes in a batch is sent in one pipeline inside one transaction (an
operation between them runs in a savepoint), so a batch of moves costs about
one round trip plus the commit's WAL flush; ``synchronous_commit`` is
forced on for the session, whatever the server's default, because COMMIT must
return only once the batch is on disk. PostgreSQL aborts a whole transaction on
the first error, so a batch with a refused write (a move slot already taken) is
rolled back and run again with one savepoint per write: the rare case pays, the
common case does not. psycopg is imported only here and only when a PostgreSQL
store is opened, so the SQLite path never needs it.

Opening a store upgrades the schema to the latest version (:mod:`.migrations`),
under an advisory lock so that workers starting together upgrade once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from .base import (
    GroupCommitStorage,
    Item,
    Operation,
    Query,
    Row,
    Sql,
    StorageUnavailable,
    Write,
    run_operation,
)
from .migrations import upgrade
from .tx import StorageConflict, with_marker

if TYPE_CHECKING:
    import psycopg

POSTGRES_SQL = Sql.make("%s", "created")
CONNECT_TIMEOUT = 10
"""Seconds to wait for the server unless the URL says ``connect_timeout``."""


def is_postgres_url(url: str) -> bool:
    """Whether ``url`` names a PostgreSQL database (both schemes libpq knows)."""
    return url.startswith(("postgresql://", "postgres://"))


def _require_psycopg() -> None:
    """A one-line :class:`StorageUnavailable` saying how to install psycopg if it is missing."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise StorageUnavailable(
            "PostgreSQL storage needs psycopg: pip install 'skipbo[postgres]'"
        ) from None


def _one_line(exc: BaseException) -> str:
    """libpq's messages span lines (with hints); the command prints one."""
    return re.sub(r"\s+", " ", str(exc)).strip() or type(exc).__name__


def _with_timeout(url: str) -> str:
    """``url`` as libpq connection info, with :data:`CONNECT_TIMEOUT` unless it has one."""
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    if "connect_timeout" in conninfo_to_dict(url):
        return url
    return make_conninfo(url, connect_timeout=CONNECT_TIMEOUT)


class PostgresStorage(GroupCommitStorage["psycopg.Connection[Any]"]):
    """:class:`~.base.Storage` on a PostgreSQL database (``postgresql://user:pass@host/db``).

    The tables go into the first schema of the connection's ``search_path``
    (``public`` by default; ``?options=-csearch_path%3DNAME`` picks another).
    """

    sql = POSTGRES_SQL

    def __init__(self, url: str) -> None:
        _require_psycopg()
        self._url = url
        super().__init__()

    def _connect(self) -> psycopg.Connection[Any]:
        import psycopg

        try:
            db = psycopg.connect(_with_timeout(self._url), autocommit=True)
        except psycopg.Error as exc:
            raise StorageUnavailable(f"cannot reach PostgreSQL: {_one_line(exc)}") from None
        try:
            db.execute("SET synchronous_commit TO on")
            with db.transaction():
                upgrade(self.sql.schema)(PostgresTx(db))
        except StorageUnavailable:
            db.close()
            raise
        except (psycopg.Error, StorageConflict) as exc:
            db.close()
            raise StorageUnavailable(f"cannot set up PostgreSQL: {_one_line(exc)}") from None
        return db

    def _live(self) -> psycopg.Connection[Any]:
        """The connection, a new one if the server went away since the last use."""
        if self._db.closed or self._db.broken:
            self._db.close()
            self._db = self._connect()
        return self._db

    def _transact(self, batch: list[Item]) -> list[BaseException | None]:
        """The batch in one transaction, each run of writes pipelined and each operation in
        a savepoint; on a refused write, once more with a savepoint per write."""
        import psycopg

        db = self._live()
        try:
            with db.transaction():
                for group in _groups(batch):
                    if isinstance(group, Operation):
                        run_operation(group, db.transaction, PostgresTx(db))
                        continue
                    with db.pipeline():  # a refused write raises here, at the sync
                        for write in group:
                            db.execute(write.sql, write.params)
            return [None] * len(batch)
        except psycopg.OperationalError:
            raise  # the connection or the commit failed: the whole batch did
        except psycopg.Error:
            return self._transact_each(batch)

    def _transact_each(self, batch: list[Item]) -> list[BaseException | None]:
        """One transaction, one savepoint per write and per operation, so a refused write
        undoes only itself (an operation run in the failed try runs again)."""
        import psycopg

        db = self._db
        errors: list[BaseException | None] = []
        with db.transaction():
            for item in batch:
                if not isinstance(item, Write):
                    run_operation(item, db.transaction, PostgresTx(db))
                    errors.append(None)
                    continue
                try:
                    with db.transaction():
                        db.execute(item.sql, item.params)
                    errors.append(None)
                except psycopg.Error as exc:
                    errors.append(exc)
        return errors

    def _read(self, queries: Sequence[Query]) -> list[list[Row]]:
        with self._db.transaction():
            self._db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            return [self._db.execute(query, params).fetchall() for query, params in queries]

    def _disconnect(self) -> None:
        self._db.close()


def _groups(batch: list[Item]) -> Iterator[list[Write] | Operation]:
    """``batch`` in order: each run of writes as one list (sent in one pipeline), and
    each operation alone (it reads its rows, so it waits for the server's answers)."""
    writes: list[Write] = []
    for item in batch:
        if isinstance(item, Write):
            writes.append(item)
            continue
        if writes:
            yield writes
            writes = []
        yield item
    if writes:
        yield writes


class PostgresTx:
    """:class:`~.tx.Tx` on a psycopg connection inside a transaction."""

    dialect = "postgres"

    def __init__(self, db: psycopg.Connection[Any]) -> None:
        self._db = db

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        import psycopg

        try:
            cursor = self._db.execute(with_marker(sql, "%s"), tuple(params))
        except psycopg.IntegrityError as exc:
            raise StorageConflict(_one_line(exc)) from exc
        return cursor.fetchall() if cursor.description else []

    def attempt(self, sql: str, params: Sequence[Any] = ()) -> list[Row] | None:
        # PostgreSQL aborts a transaction at its first error: a savepoint keeps it alive
        try:
            with self._db.transaction():
                return self.rows(sql, params)
        except StorageConflict:
            return None
