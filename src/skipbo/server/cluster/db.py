"""Every statement of the cluster: the schema, the locked change, catching up, leases.

PostgreSQL is the authority. Besides the three tables every store has
(:mod:`..storage.base`), the cluster keeps:

- ``cluster_tables``: per table its ``version`` (one more for every committed
  change), the shared presence and clocks (:class:`~.shared.Shared`, JSON text),
  and the lease: the ``owner`` worker that runs its bots and clocks until
  ``lease_until``;
- ``cluster_workers``: every live worker and when it last said so (``seen``);
- ``cluster_connections``: how many connections each worker holds per table and
  seat, so that "connected" means "on some live worker".

A change is one transaction that starts by locking the table's row
(``SELECT ... FOR UPDATE``), so changes of one table are serialized across all
workers while other tables go on in parallel; nothing is acknowledged before
its ``COMMIT`` (``synchronous_commit`` on, as for the single-process store).
The common change (a move on an up-to-date copy) takes the same lock inside one
statement, the server-side function of :mod:`.commit` (created with the schema
here), together with the other changes of that moment; the locked transaction
below serves the rest (connections counted, a copy behind the store, a refusal).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import select
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from ..config import TableError
from ..storage import StorageUnavailable, StoredTable
from ..storage.base import Query, Row, assemble_tables
from ..storage.migrations import LOCK_KEY
from ..storage.postgres import POSTGRES_SQL, _one_line, _require_psycopg, _with_timeout
from .commit import CALL, COMMIT_FUNCTION, Change, Outcome, encode_changes, outcomes

if TYPE_CHECKING:
    from psycopg import AsyncConnection
    from psycopg_pool import AsyncConnectionPool

log = logging.getLogger(__name__)

LEASE_SECONDS = 5.0
"""A driver's lease on a table lasts this long unless renewed (it is renewed every tick)."""
DEAD_SECONDS = 6.0
"""A worker not seen for this long is dead: its connections no longer count (longer
while the judging worker was itself cut off: :meth:`ClusterDb.dead_seconds`)."""
POOL_SIZE = 8
IN_TABLE_ORDER = 'ORDER BY table_id COLLATE "C" FOR UPDATE'
"""How a statement that changes several ``cluster_tables`` rows locks them: one by
one in the order of their codes' bytes, as a group commit does (:func:`.commit.
encode_changes`). Two transactions that lock rows in the same order never wait for
each other in a circle; in different orders (a lease renewal against a batch of
moves) PostgreSQL broke such a deadlock by failing one of them, and a move failed so
was refused as if the database were away."""
POOL_WAIT_SECONDS = 5.0
"""How long a request waits for a database connection: a short outage waits and
completes, a longer one is refused (``storage_unavailable``) instead of hanging
(the pool's own retries come about a second apart, :data:`RECONNECT_SECONDS`).
While PostgreSQL is known to be away a request waits :data:`AWAY_WAIT_SECONDS` instead."""
RECONNECT_SECONDS = 2.0
"""How long the pool tries one new connection (a try, one after 1 s, one at the end)
before it gives up and calls :meth:`ClusterDb._gave_up`, which makes the outage known
and has the pool start again at once. So while PostgreSQL is away a connection is tried
about every second, and the pool is back about a second after the database, however
long the outage was (the pool's own backoff, 1, 2, 4 ... up to 300 s, left it away for
minutes after a long outage)."""
AWAY_WAIT_SECONDS = 0.2
"""How long a request waits for a connection while PostgreSQL is known to be away: it
is refused (``storage_unavailable``) at once instead of after :data:`POOL_WAIT_SECONDS`,
yet a connection the pool has just made again is still found."""
SCHEMA_LOCK = LOCK_KEY
"""Advisory lock taken while creating the schema, so that workers starting together agree
(the key a store's upgrade takes, so that the two never run at once)."""

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS cluster_tables (
    table_id TEXT PRIMARY KEY REFERENCES tables(table_id),
    version BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT '{}',
    owner TEXT,
    lease_until TIMESTAMPTZ
)""",
    """CREATE TABLE IF NOT EXISTS cluster_workers (
    worker TEXT PRIMARY KEY,
    seen TIMESTAMPTZ NOT NULL
)""",
    """CREATE TABLE IF NOT EXISTS cluster_connections (
    table_id TEXT NOT NULL,
    worker TEXT NOT NULL,
    seat INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (table_id, worker, seat)
)""",
    COMMIT_FUNCTION,
)


def create_schema(url: str) -> None:
    """Create every table (the store's and the cluster's) once; one-line error if impossible.

    Run by ``skipbo serve`` before it starts its workers, under an advisory lock
    so that hosts starting together do not race on ``CREATE TABLE``.
    """
    _require_psycopg()
    import psycopg

    try:
        with psycopg.connect(_with_timeout(url), autocommit=True) as db, db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            for statement in (*POSTGRES_SQL.schema, *_SCHEMA):
                db.execute(statement)
    except psycopg.Error as exc:
        raise StorageUnavailable(f"cannot reach PostgreSQL: {_one_line(exc)}") from None


ROW = (
    "SELECT c.version, c.state, c.owner, coalesce(c.lease_until > now(), false),"
    " (SELECT coalesce(json_agg(json_build_array(m.seat, m.move) ORDER BY m.move_index), '[]')"
    "  FROM moves m WHERE m.table_id = c.table_id AND m.round_index = %(round)s"
    "  AND m.move_index >= %(start)s)"
    " FROM cluster_tables c WHERE c.table_id = %(code)s"
)
"""A table's row and the moves of one round from a start: catching up in one statement."""
LOCK = "SELECT 1 FROM cluster_tables WHERE table_id = %s FOR UPDATE"
"""Taken before :data:`ROW` is read, so that ROW's snapshot has every earlier change."""
ADOPT = (
    "INSERT INTO cluster_tables (table_id, version) SELECT table_id, 0 FROM tables"
    " WHERE table_id = %s ON CONFLICT DO NOTHING"
)
"""A table stored by a single-process server gets its row (version 0) when first used."""
SAVE = (
    "UPDATE cluster_tables SET version = version + 1, state = %(state)s,"
    " owner = CASE WHEN owner IS NULL OR lease_until IS NULL OR lease_until < now()"
    "   THEN %(me)s ELSE owner END,"
    " lease_until = CASE WHEN owner IS NULL OR lease_until IS NULL"
    "   OR lease_until < now() OR owner = %(me)s"
    "   THEN now() + make_interval(secs => %(lease)s) ELSE lease_until END"
    " WHERE table_id = %(code)s RETURNING version, owner"
)

Since = tuple[int, int] | None
"""(round, first move) whose moves to read with the row; None: none."""


class Tx:
    """One open transaction on one table (its row locked, for a change).

    Round trips are what a change costs here, so this path takes two: the row
    lock with the new moves (:meth:`ClusterDb.locked`), then the writes, the new
    version and COMMIT in one pipeline (:meth:`commit`). The common change takes
    none of its own (:mod:`.commit`).
    """

    def __init__(
        self, db: AsyncConnection[Any], worker: str, code: str = "", dead: float = DEAD_SECONDS
    ) -> None:
        self.db = db
        self.worker = worker
        self.code = code
        self.dead = dead
        """Seconds without a heartbeat after which a worker's connections stop counting."""
        self.version = 0
        self.read_version = 0
        """The version when the transaction began (changed: :meth:`commit` saved one)."""
        self.state: dict[str, Any] = {}
        self.moves: list[tuple[int, str]] = []
        """The moves asked for with the row (``since``)."""
        self.owner: str | None = None
        self.lease_ok = False
        self.open = False
        self.news: dict[str, Any] | None = None
        """What the other workers need to follow this change without reading it back."""
        self.db_seconds = 0.0
        """Time spent waiting for PostgreSQL in :meth:`read_row` and :meth:`commit`."""

    @property
    def mine(self) -> bool:
        """Whether this worker holds the table's lease (it drives bots and clocks)."""
        return self.owner == self.worker and self.lease_ok

    async def fetch(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]:
        cursor = await self.db.execute(sql, params)
        return await cursor.fetchall()

    async def read_row(self, since: Since, *, begin: str | None = None, lock: bool = False) -> bool:
        """Read the row and the moves ``since``, after ``begin`` if given, in one round trip."""
        params = {
            "code": self.code,
            "round": since[0] if since else -1,
            "start": since[1] if since else 0,
        }
        sql = ROW
        started = time.perf_counter()
        async with self.db.pipeline() as pipeline:
            if begin is not None:
                await self.db.execute(begin)
                self.open = True
            if lock:  # apart: a statement that waited for the lock still sees its old snapshot
                await self.db.execute(LOCK, (self.code,))
            cursor = await self.db.execute(sql, params)
            await pipeline.sync()
            rows = await cursor.fetchall()
        if not rows:  # stored by a single-process server, or not a table at all
            await self.db.execute(ADOPT, (self.code,))
            if lock:
                await self.db.execute(LOCK, (self.code,))
            rows = await self.fetch(sql, params)
            if not rows:
                return False
        self.db_seconds += time.perf_counter() - started
        self.version, state, self.owner, self.lease_ok, moves = rows[0]
        self.read_version = self.version
        self.state = json.loads(state)
        self.moves = [(int(seat), str(move)) for seat, move in moves]
        return True

    async def head(self) -> StoredTable:
        """The stored table with every move (a copy rebuilt from scratch)."""
        sql = POSTGRES_SQL
        async with self.db.pipeline() as pipeline:
            tables = await self.db.execute(sql.select_table, (self.code,))
            seats = await self.db.execute(sql.select_table_seats, (self.code,))
            moves = await self.db.execute(sql.select_table_moves, (self.code,))
            await pipeline.sync()
            rows = [await tables.fetchall(), await seats.fetchall(), await moves.fetchall()]
        return assemble_tables(*rows)[0]

    async def count_connections(self, seat: int, n: int) -> None:
        """This worker now holds ``n`` connections of ``seat`` at the table."""
        if n:
            await self.db.execute(
                "INSERT INTO cluster_connections (table_id, worker, seat, n)"
                " VALUES (%s, %s, %s, %s)"
                " ON CONFLICT (table_id, worker, seat) DO UPDATE SET n = EXCLUDED.n",
                (self.code, self.worker, seat, n),
            )
        else:
            await self.db.execute(
                "DELETE FROM cluster_connections WHERE table_id = %s AND worker = %s AND seat = %s",
                (self.code, self.worker, seat),
            )

    async def connected(self) -> set[int]:
        """Seats with a connection on some live worker (this one is, whatever its last
        heartbeat says: it is running this statement)."""
        rows = await self.fetch(
            "SELECT DISTINCT c.seat FROM cluster_connections c JOIN cluster_workers w"
            " ON w.worker = c.worker WHERE c.table_id = %s AND c.n > 0"
            " AND (w.seen > now() - make_interval(secs => %s) OR c.worker = %s)",
            (self.code, self.dead, self.worker),
        )
        return {int(row[0]) for row in rows}

    async def commit(self, writes: Sequence[Query], state: dict[str, Any] | None) -> None:
        """The writes, then (``state`` given) version+1 with the lease if free, then COMMIT."""
        params = {
            "state": json.dumps(state),
            "me": self.worker,
            "lease": LEASE_SECONDS,
            "code": self.code,
        }
        started = time.perf_counter()
        async with self.db.pipeline() as pipeline:
            for sql, args in writes:
                await self.db.execute(sql, args)
            saved = await self.db.execute(SAVE, params) if state is not None else None
            await self.db.execute("COMMIT")
            await pipeline.sync()
            self.open = False
            row = await saved.fetchone() if saved is not None else None
        self.db_seconds += time.perf_counter() - started
        if row is not None and state is not None:
            self.version, self.owner = row
            self.lease_ok = True
            self.state = state

    async def rollback(self) -> None:
        """Undo an open transaction (after a refusal or an error); quiet if the link is gone."""
        if self.open and not self.db.broken and not self.db.closed:
            self.open = False
            with contextlib.suppress(Exception):
                await self.db.execute("ROLLBACK")

    async def insert_row(self, state: dict[str, Any]) -> None:
        """A new table's row, version 1, leased to this worker."""
        await self.db.execute(
            "INSERT INTO cluster_tables (table_id, version, state, owner, lease_until)"
            " VALUES (%s, 1, %s, %s, now() + make_interval(secs => %s))",
            (self.code, json.dumps(state), self.worker, LEASE_SECONDS),
        )
        self.version, self.state, self.owner, self.lease_ok = 1, state, self.worker, True


class ClusterDb:
    """A worker's connection pool and the statements that are not about one table."""

    def __init__(self, url: str, worker: str) -> None:
        _require_psycopg()
        from psycopg_pool import AsyncConnectionPool

        self.worker = worker
        self._conninfo = _with_timeout(url)
        self._beat: float | None = None
        """``time.monotonic()`` of the last heartbeat that reached PostgreSQL."""
        self._gap = 0.0
        """How long this worker went without a heartbeat before its last one that came
        late (PostgreSQL away, or the worker paused) ..."""
        self._back = -DEAD_SECONDS
        """... and ``time.monotonic()`` when that heartbeat came."""
        self._away: float | None = None
        """``time.monotonic()`` since PostgreSQL is known to be away; None: it is not."""
        self._telling = asyncio.Lock()
        """Held while an outage is confirmed: two tries that give up together say it once."""
        self._sweep: asyncio.Task[None] | None = None
        """The pool checking its idle connections after one was found closed."""
        self.pool: AsyncConnectionPool[Any] = AsyncConnectionPool(
            self._conninfo,
            min_size=1,
            max_size=POOL_SIZE,
            timeout=POOL_WAIT_SECONDS,
            open=False,
            kwargs={"autocommit": True},
            configure=self._configure,
            check=self._check_idle,
            reconnect_timeout=RECONNECT_SECONDS,
            reconnect_failed=self._gave_up,
        )

    @property
    def away(self) -> bool:
        """Whether PostgreSQL is known to be away (requests are refused at once)."""
        return self._away is not None

    async def _configure(self, db: AsyncConnection[Any]) -> None:
        """Every new pooled connection: durable commits; one made while PostgreSQL was
        known away says it is back (one line per outage, not one per try)."""
        await _configure(db)
        if self._away is not None:
            log.warning("PostgreSQL back after %.0f s", time.monotonic() - self._away)
            self._away = None

    async def _gave_up(self, pool: AsyncConnectionPool[Any]) -> None:
        """The pool could not connect for :data:`RECONNECT_SECONDS`: PostgreSQL is away,
        said once per outage with why (psycopg's own line per try is dropped, see
        :mod:`..logs`); then the pool is asked to try again at once, not only when a
        request next waits, so that it is back as soon as the database is."""
        async with self._telling:
            if self._away is None and (why := await self._why_away()) is not None:
                self._away = time.monotonic()
                log.warning("PostgreSQL away (%s): requests are refused until it is back", why)
        if not pool.closed:
            await pool.check()

    async def _why_away(self) -> str | None:
        """Why PostgreSQL cannot be reached, from one connection tried now (the pool does
        not tell); None if it can be after all."""
        import psycopg

        try:
            db = await psycopg.AsyncConnection.connect(self._conninfo, connect_timeout=2)
        except psycopg.Error as exc:
            return _one_line(exc)
        await db.close()
        return None

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[AsyncConnection[Any]]:
        """A pooled connection, waited for up to :data:`POOL_WAIT_SECONDS`, or only
        :data:`AWAY_WAIT_SECONDS` while PostgreSQL is known to be away: a request is then
        refused at once, not after the whole wait (``PoolTimeout``, an outage)."""
        wait = POOL_WAIT_SECONDS if self._away is None else AWAY_WAIT_SECONDS
        async with self.pool.connection(timeout=wait) as db:
            yield db

    async def _check_idle(self, db: AsyncConnection[Any]) -> None:
        """Before the pool hands out ``db``: raise if its server closed it.

        When PostgreSQL stops or restarts, every idle pooled connection is dead
        but does not know it yet; used as is, the first statement fails and the
        request is refused at once. Found here, the pool drops it and waits (up to
        :data:`POOL_WAIT_SECONDS`) for a new connection, so a short outage waits
        and completes. An idle connection has nothing to read unless its server
        said goodbye, so a healthy one is told without a round trip; only one
        with something to read is tried. One found closed makes the pool check
        all its idle ones (they went with the same server).
        """
        if not db.closed and not _readable(db.pgconn.socket):
            return
        try:
            await db.execute("")
        except Exception:
            if self._sweep is None or self._sweep.done():
                self._sweep = asyncio.get_running_loop().create_task(self.pool.check())
            raise

    async def open(self) -> None:
        await self.pool.open(wait=True)
        await self.heartbeat()

    async def close(self) -> None:
        """Leave: connections no longer count, leases free at once for the other workers."""
        try:
            async with self._connection() as db, db.transaction():
                await db.execute(
                    "UPDATE cluster_tables SET lease_until = now() - interval '1 second'"
                    " WHERE table_id IN (SELECT table_id FROM cluster_tables"
                    f"   WHERE owner = %s {IN_TABLE_ORDER})",
                    (self.worker,),
                )
                await db.execute(
                    "UPDATE cluster_workers SET seen = '-infinity' WHERE worker = %s",
                    (self.worker,),
                )
        finally:
            await self.pool.close()

    @asynccontextmanager
    async def transaction(self, code: str = "") -> AsyncIterator[Tx]:
        async with self._connection() as db, db.transaction():
            yield Tx(db, self.worker, code, self.dead_seconds())

    @asynccontextmanager
    async def locked(self, code: str, since: Since) -> AsyncIterator[Tx]:
        """A transaction holding ``code``'s row lock; :class:`TableError` if no such table.

        The body ends it with :meth:`Tx.commit`; if it does not (or raises), it is
        rolled back.
        """
        async with self._connection() as db:
            tx = Tx(db, self.worker, code, self.dead_seconds())
            try:
                if not await tx.read_row(since, begin="BEGIN", lock=True):
                    raise TableError("no_table")
                yield tx
            finally:
                await tx.rollback()

    async def peek(self, code: str, since: Since) -> Tx:
        """The row and the moves ``since`` as committed now (one statement, no lock)."""
        async with self._connection() as db:
            tx = Tx(db, self.worker, code)
            if not await tx.read_row(since):
                raise TableError("no_table")
            return tx

    async def read_all(self, code: str) -> tuple[Tx, StoredTable]:
        """The row and the whole stored table, in one snapshot (a copy rebuilt)."""
        async with self._connection() as db:
            tx = Tx(db, self.worker, code)
            try:
                if not await tx.read_row(None, begin="BEGIN ISOLATION LEVEL REPEATABLE READ"):
                    raise TableError("no_table")
                stored = await tx.head()
            finally:
                await tx.rollback()
            return tx, stored

    async def commit_many(self, changes: list[Change]) -> list[Outcome]:
        """Store each change that still follows its table's version, in one statement
        and one transaction (:mod:`.commit`); what became of each."""
        rows = await self._rows(CALL, (encode_changes(changes), self.worker, LEASE_SECONDS))
        return outcomes(changes, rows)

    async def _rows(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]:
        async with self._connection() as db:
            cursor = await db.execute(sql, params)
            return await cursor.fetchall() if cursor.description else []

    async def ping(self) -> None:
        """One statement on a pooled connection (raises if PostgreSQL is away)."""
        await self._rows("SELECT 1")

    async def heartbeat(self) -> bool:
        """This worker is alive (its connections count for :data:`DEAD_SECONDS`).

        Returns whether the previous heartbeat was recent (within half of
        :data:`DEAD_SECONDS`): if not, this worker was cut off itself (paused, or
        PostgreSQL away) and the others' heartbeats may be just as late, so it
        must not judge them dead yet (nor for a while: :meth:`dead_seconds`).
        """
        await self._rows(
            "INSERT INTO cluster_workers (worker, seen) VALUES (%s, now())"
            " ON CONFLICT (worker) DO UPDATE SET seen = now()",
            (self.worker,),
        )
        now, last = time.monotonic(), self._beat
        self._beat = now
        steady = last is not None and now - last < DEAD_SECONDS / 2
        if last is not None and not steady:
            self._gap, self._back = now - last, now
        return steady

    def dead_seconds(self) -> float:
        """How long another worker's heartbeat may be missing before its connections stop
        counting, as far as this worker can tell: :data:`DEAD_SECONDS`, plus as long as
        this worker could not write its own, while that lasts and for
        :data:`DEAD_SECONDS` after it ended.

        When PostgreSQL is away every worker's heartbeats stop together, and the
        workers get theirs through again one by one when it is back. Judged by
        :data:`DEAD_SECONDS` alone, the first one back would count the others' people
        away (and reap their connections) until the others' next heartbeats: seats
        shown away after every outage, and kept away if nothing counted them again.
        """
        if self._beat is None:
            return DEAD_SECONDS
        now = time.monotonic()
        late = now - self._beat
        if late >= DEAD_SECONDS / 2:
            return DEAD_SECONDS + late
        if now - self._back < DEAD_SECONDS:
            return DEAD_SECONDS + self._gap
        return DEAD_SECONDS

    async def connections(self) -> dict[tuple[str, int], int]:
        """This worker's stored connection rows: (table, seat) -> connections."""
        rows = await self._rows(
            "SELECT table_id, seat, n FROM cluster_connections WHERE worker = %s",
            (self.worker,),
        )
        return {(str(code), int(seat)): int(n) for code, seat, n in rows}

    async def renew(self) -> set[str]:
        """Extend every lease this worker holds; the tables it still drives."""
        rows = await self._rows(
            "UPDATE cluster_tables SET lease_until = now() + make_interval(secs => %s)"
            " WHERE table_id IN (SELECT table_id FROM cluster_tables"
            f"   WHERE owner = %s AND lease_until > now() {IN_TABLE_ORDER})"
            " RETURNING table_id",
            (LEASE_SECONDS, self.worker),
        )
        return {str(row[0]) for row in rows}

    async def claim(self, limit: int = 100) -> set[str]:
        """Take over the tables whose driver's lease ran out (a dead or stuck worker)."""
        rows = await self._rows(
            "UPDATE cluster_tables SET owner = %(me)s,"
            " lease_until = now() + make_interval(secs => %(lease)s)"
            " WHERE table_id IN (SELECT table_id FROM cluster_tables WHERE owner IS NOT NULL"
            "   AND lease_until < now() ORDER BY lease_until LIMIT %(limit)s"
            "   FOR UPDATE SKIP LOCKED) RETURNING table_id",
            {"me": self.worker, "lease": LEASE_SECONDS, "limit": limit},
        )
        return {str(row[0]) for row in rows}

    async def release(self, code: str) -> None:
        """Stop driving ``code`` (finished or idle): nobody needs to hold its lease."""
        await self._rows(
            "UPDATE cluster_tables SET owner = NULL, lease_until = NULL"
            " WHERE table_id = %s AND owner = %s",
            (code, self.worker),
        )

    async def reap(self) -> set[str]:
        """Forget the connections of dead workers (:meth:`dead_seconds`); the tables
        whose presence may change."""
        rows = await self._rows(
            "DELETE FROM cluster_connections WHERE worker IN (SELECT worker FROM cluster_workers"
            " WHERE seen < now() - make_interval(secs => %s)) RETURNING table_id",
            (self.dead_seconds(),),
        )
        await self._rows(  # long dead workers hold nothing any more: forget them
            "DELETE FROM cluster_workers WHERE seen < now() - interval '1 hour'"
            " AND worker NOT IN (SELECT worker FROM cluster_connections)"
        )
        return {str(row[0]) for row in rows}

    async def versions(self, codes: Sequence[str]) -> dict[str, int]:
        """The committed version of each table in ``codes`` (to notice missed news)."""
        rows = await self._rows(
            "SELECT table_id, version FROM cluster_tables WHERE table_id = ANY(%s)",
            (list(codes),),
        )
        return {str(code): int(version) for code, version in rows}


def _readable(fd: int) -> bool:
    """Whether the socket ``fd`` has something to read (or was closed), without waiting."""
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        return bool(poller.poll(0))
    return bool(select.select([fd], [], [], 0)[0])


async def _configure(db: AsyncConnection[Any]) -> None:
    """Every pooled session commits durably, whatever the server's default."""
    await db.execute("SET synchronous_commit TO on")
