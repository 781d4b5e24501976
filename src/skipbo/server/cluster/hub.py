"""One worker of the cluster: its tables, its connections, every change, the drivers.

The path of a change (a move, a join, "ready", a connection that comes or goes):

1. lock the table's row in PostgreSQL (:meth:`.db.ClusterDb.locked`);
2. catch up: if the stored version is newer than this worker's copy, read what
   changed (the running round's new moves, or the whole table when seats or
   rounds changed) and let the core replay it;
3. check and apply with the core, exactly as one process does (the table's own
   methods; their writes are recorded, :mod:`.recorder`); a person's move must
   also answer the position the person saw, or it is refused (``table_moved_on``);
4. store those writes, the new presence and version+1, COMMIT;
5. only then: every local connection gets its view, Redis tells the other
   workers, and they play the news on (or catch up from PostgreSQL, step 2)
   and send their views.

A change that needs nothing read (a move on a copy at the stored version) does
steps 3 and 4 the other way round and in one statement: the core checks and
applies it on the copy, then :mod:`.commit` stores it only if the table is still
at the copy's version, batched with this worker's other changes of the moment;
if the table moved on, the copy is read again and the change done as above.

Bots, the grace period and the turn timer run only on the worker holding the
table's lease (:class:`Driver` tasks); their changes are checked under the row
lock to still hold it, so they happen exactly once even in a race, and another
worker takes the lease over when the holder dies.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from starlette.websockets import WebSocket

from .. import metrics
from ..bot_gate import BotGate
from ..bots import choose_bot_move
from ..config import TableConfig, TableError
from ..hub import (
    BOT_PAUSE,
    Connection,
    reaction_message,
    send_to_all,
    send_views,
    unseat_revoked,
)
from ..messages import RATE_PER_SECOND, REACTIONS, RateLimiter
from ..settings import TICK_SECONDS
from ..storage import StoredTable
from ..storage.base import Query
from ..storage.outage import is_outage
from ..storage.postgres import POSTGRES_SQL
from ..tables import CREATE_TRIES, Table, new_code
from ..timers import GRACE_SECONDS
from .commit import Change, GroupCommit
from .db import ClusterDb, Tx
from .recorder import Recorder
from .shared import Shared, due, next_deadline

log = logging.getLogger(__name__)

T = TypeVar("T")
OUTAGE_RETRY_SECONDS = 1.0
"""How often a table's driver tries again while the store is away."""


class NotDriver(Exception):
    """A driver's change found that another worker holds the table's lease now."""


@dataclass(slots=True)
class Entry:
    """This worker's copy of one table at a stored ``version``."""

    table: Table
    recorder: Recorder
    shared: Shared
    version: int
    shown: int = -1
    """The version local connections were last sent."""
    touched: float = field(default_factory=time.monotonic)


@dataclass(slots=True)
class Done(Generic[T]):
    """A change done: the action's result, whether a new version was stored (which), the
    news for the other workers and the time spent waiting for PostgreSQL."""

    result: T
    stored: bool
    version: int
    news: dict[str, Any] | None
    db_seconds: float


def position(table: Table) -> tuple[int, int] | None:
    """Where the game is: (round at the table, moves in it); None before the deal."""
    return (table.round_index, len(table.match.round.history)) if table.started else None


class ClusterHub:
    """A worker's tables (copies of PostgreSQL's), connections and drivers."""

    def __init__(
        self,
        db: ClusterDb,
        pool: Executor,
        rate: float = RATE_PER_SECOND,
        *,
        grace: float = GRACE_SECONDS,
        turn_scale: float = 1.0,
        bot_pause: float = BOT_PAUSE,
        tick: float = TICK_SECONDS,
    ) -> None:
        self.db = db
        self.pool = pool
        self.rate = rate
        self.grace = grace
        self.turn_scale = turn_scale
        self.bot_pause = bot_pause
        self.gate = BotGate()
        """Holds the bots this worker drives between moves when a test asks."""
        self.tick = tick
        self.publish: Callable[[str, int, dict[str, Any] | None], None] | None = None
        """Set by the app: tells the other workers of a committed version (soon, not waited for)."""
        self.tell: Callable[[str, dict[str, Any], str], Any] | None = None
        """Set by the app: tells the other workers of an event that is not stored."""
        self.observe: Callable[[Table], None] = lambda table: None
        """Told of a table after each change this worker committed (listings, results)."""
        self.entries: dict[str, Entry] = {}
        self.listeners: dict[str, set[Connection]] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._wakes: dict[str, asyncio.Event] = {}
        self._waiting: dict[str, tuple[float | None, bool]] = {}
        """A waiting driver's table -> what it waits for (:meth:`_worth_waking`)."""
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._catching: set[str] = set()
        """Tables a :meth:`_follow` task is bringing up to date."""
        self._wanted: dict[str, int] = {}
        """Per table, the newest version heard of."""
        self._news: dict[str, dict[int, dict[str, Any]]] = {}
        """Per table, the news heard and not yet played, by version."""
        self.seen: dict[Connection, tuple[int, int] | None] = {}
        """The position of the last view each connection was sent: what its person saw."""
        self._owned: set[str] = set()
        """Tables whose lease this worker holds: it runs their bots and clocks."""
        self._tasks: set[asyncio.Task[Any]] = set()
        self.committer = GroupCommit(db.commit_many)
        """Stores the changes of :meth:`_at_once`, those of one moment together."""

    # ------------------------------------------------------------ copies

    def _lock(self, code: str) -> asyncio.Lock:
        return self._locks.setdefault(code, asyncio.Lock())

    def _since(self, code: str) -> tuple[int, int] | None:
        """Where this worker's copy of ``code`` stands: read the moves from there."""
        entry = self.entries.get(code)
        return position(entry.table) if entry is not None else None

    def _extends(self, tx: Tx) -> bool:
        """Whether the copy catches up with ``tx`` by playing on (same rounds, seats, status)."""
        entry = self.entries.get(tx.code)
        if entry is None:
            return False
        layout = Shared.from_json(tx.state).layout
        return entry.version == tx.version or (
            entry.table.started and layout == entry.shared.layout
        )

    def _update(self, tx: Tx, stored: StoredTable | None) -> Entry:
        """The copy at ``tx``'s version: the moves read with the row, or ``stored`` rebuilt."""
        entry = self.entries.get(tx.code)
        if entry is not None and entry.version == tx.version and stored is None:
            return entry
        shared = Shared.from_json(tx.state)
        if stored is not None:
            recorder = entry.recorder if entry is not None else Recorder()
            table = Table.restore(stored, recorder)
            if entry is None:
                entry = self.entries[tx.code] = Entry(table, recorder, shared, tx.version)
            entry.table = table
        assert entry is not None
        if stored is None:
            entry.table.extend_round(tx.moves)
        entry.shared, entry.version = shared, tx.version
        entry.touched = time.monotonic()
        shared.show(entry.table, self.turn_scale)
        return entry

    async def entry(self, code: str) -> Entry:
        """This worker's copy of ``code``, read if it has none; :class:`TableError` if none."""
        code = code.strip().upper()
        entry = self.entries.get(code)
        return entry if entry is not None else await self.fresh(code)

    async def fresh(self, code: str, locked: bool = False) -> Entry:
        """The copy brought up to the committed version (and shown to local connections).

        ``locked``: the caller holds the table's lock already.
        """
        code = code.strip().upper()
        async with contextlib.nullcontext() if locked else self._lock(code):
            tx = await self.db.peek(code, self._since(code))
            stored = None
            if not self._extends(tx):
                tx, stored = await self.db.read_all(code)
            entry = self._update(tx, stored)
            await self._show(entry)
            return entry

    def heard(self, code: str, version: int, news: dict[str, Any] | None = None) -> None:
        """Redis says ``code`` is at ``version``: catch up if this worker holds an older copy.

        ``news`` (the change's moves and shared state) spares the read from
        PostgreSQL when it follows this copy exactly; anything else is read there.
        One task per table catches up, in order, until nothing newer was heard.
        """
        entry = self.entries.get(code)
        if entry is None or entry.version >= version:
            return
        self._wanted[code] = max(self._wanted.get(code, 0), version)
        if news is not None:
            self._news.setdefault(code, {})[version] = news
        if code not in self._catching:
            self._catching.add(code)
            self._spawn(self._follow(code))

    async def _follow(self, code: str) -> None:
        """Bring ``code``'s copy to the newest version heard: by the news, else from PostgreSQL."""
        try:
            while True:
                entry = self.entries.get(code)
                if entry is None or entry.version >= self._wanted.get(code, 0):
                    return
                async with self._lock(code):
                    if not self._take_news(code):
                        await self.fresh(code, locked=True)
                    elif (entry := self.entries.get(code)) is not None:
                        await self._show(entry)
        except TableError:
            log.debug("table %s is gone", code)
        finally:
            self._catching.discard(code)
            self._news.pop(code, None)
            self._wanted.pop(code, None)

    def _take_news(self, code: str) -> bool:
        """Play on every heard change that follows the copy; whether it is now up to date."""
        entry, news = self.entries.get(code), self._news.get(code, {})
        if entry is None:
            return False
        while (step := news.pop(entry.version + 1, None)) is not None:
            if not _follows(entry, entry.version + 1, step):
                break
            entry.table.extend_round((int(seat), str(move)) for seat, move in step["moves"])
            entry.shared = Shared.from_json(step["state"])
            entry.version, entry.touched = entry.version + 1, time.monotonic()
            entry.shared.show(entry.table, self.turn_scale)
        for old in [v for v in news if v <= entry.version]:
            del news[old]
        return entry.version >= self._wanted.get(code, 0)

    async def _show(self, entry: Entry) -> None:
        """After a version change: local connections get their views, the driver wakes."""
        if entry.shown == entry.version:
            return
        entry.shown = entry.version
        table = entry.table
        listeners = self.listeners.get(table.code, set())
        # a seat left, sat at again elsewhere or taken by a bot: its old connections
        # watch (the tick's reassert_connections stores their counts anew)
        unseat_revoked(table, listeners)
        await send_views(table, listeners)
        here = position(table)
        for conn in listeners:
            self.seen[conn] = here
        if self._worth_waking(entry):
            self._wakes.setdefault(table.code, asyncio.Event()).set()
        if self._drivers.get(table.code) is None and table.code in self._owned:
            self._start_driver(table.code)

    # ------------------------------------------------------------ changes

    async def change(
        self,
        code: str,
        action: Callable[[Entry], T],
        *,
        count: tuple[int, ...] = (),
        recount: bool = False,
        drive: bool = False,
        at: tuple[int, int] | None = None,
    ) -> T:
        """Run ``action`` on the table in one transaction, as the module says; its result.

        ``count``: seats whose number of connections on this worker is stored
        anew (counted under the table's lock, so a connection that comes or goes
        meanwhile is counted right); ``recount``: ask who is connected anew;
        ``drive``: only as the lease holder; ``at``: the :func:`position` a person's move answers.
        A change that needs no reading is tried at once (:meth:`_at_once`), else locked.
        """
        async with self._lock(code):
            try:
                done = None if count or recount else await self._at_once(code, action, drive, at)
                if done is None:
                    done = await self._locked(code, action, count, recount, drive, at)
            finally:
                if (entry := self.entries.get(code)) is not None:
                    await self._show(entry)
        if done.stored:
            metrics.CHANGE_DB_SECONDS.observe(done.db_seconds)
            if entry is not None:
                self.observe(entry.table)
            if self.publish is not None:
                self.publish(code, done.version, done.news)
        return done.result

    async def _at_once(
        self, code: str, action: Callable[[Entry], T], drive: bool, at: tuple[int, int] | None
    ) -> Done[T] | None:
        """The change applied to this worker's copy, then stored in one statement if the
        table is still at the copy's version (:mod:`.commit`); None: do it locked.

        Anything this copy may judge wrongly goes the locked way, which catches up
        first: a refusal, a change with nothing to store, a position the copy does
        not show, a copy with news waiting; and a change the store found stale (the
        copy, now ahead of the store, is forgotten and read again).
        """
        entry = self.entries.get(code)
        if entry is None or self._wanted.get(code, 0) > entry.version:
            return None
        table = entry.table
        start = position(table)
        if at is not None and at != start:
            return None
        before = entry.shared.copy()
        try:
            result = action(entry)
            if table.everyone_ready():
                table.deal_next()
        except TableError:
            self._undo(entry, before)
            return None
        writes, state, news = self._stored(entry, before, start)
        if state is None:
            return None
        started = time.perf_counter()
        try:
            outcome = await self.committer.submit(Change(code, entry.version, drive, writes, state))
        except BaseException:
            self.entries.pop(code, None)  # memory may be ahead of the store: read again
            raise
        if outcome.status != "ok":
            self.entries.pop(code, None)  # ahead of the store: read again
            if outcome.status == "lease":
                raise NotDriver(code)
            return None
        entry.version, entry.touched = outcome.version, time.monotonic()
        if outcome.owner == self.db.worker:
            self._owned.add(code)
        return Done(result, True, outcome.version, news, time.perf_counter() - started)

    async def _locked(
        self,
        code: str,
        action: Callable[[Entry], T],
        count: tuple[int, ...],
        recount: bool,
        drive: bool,
        at: tuple[int, int] | None,
    ) -> Done[T]:
        """The change in a transaction that locks the table's row and catches up first."""
        entry: Entry | None = None
        try:
            async with self.db.locked(code, self._since(code)) as tx:
                entry = self._update(tx, None if self._extends(tx) else await tx.head())
                if drive and not tx.mine:
                    raise NotDriver(code)
                result = await self._apply(tx, entry, action, count, recount, at)
        except (TableError, NotDriver):
            raise
        except BaseException:
            if entry is not None:
                self.entries.pop(code, None)  # memory may be ahead of the store: read again
            raise
        if tx.mine:
            self._owned.add(code)
        stored = tx.version != tx.read_version
        return Done(result, stored, tx.version, tx.news, tx.db_seconds)

    async def _apply(
        self,
        tx: Tx,
        entry: Entry,
        action: Callable[[Entry], T],
        count: tuple[int, ...],
        recount: bool,
        at: tuple[int, int] | None,
    ) -> T:
        before = entry.shared.copy()
        table = entry.table
        start = position(table)
        if at is not None and at != position(table):
            raise TableError("table_moved_on")
        for seat in count:
            await tx.count_connections(seat, self._held(table.code, seat))
        try:
            if count or recount:
                entry.shared.connected = await tx.connected()
                entry.shared.show(table, self.turn_scale)
            result = action(entry)
            if table.everyone_ready():
                table.deal_next()
        except TableError:
            self._undo(entry, before)
            raise
        writes, state, tx.news = self._stored(entry, before, start)
        await tx.commit(writes, state)
        if state is not None:
            entry.version = tx.version
            entry.touched = time.monotonic()
        return result

    def _undo(self, entry: Entry, before: Shared) -> None:
        """After a refused action: the shared state as it was, no writes kept."""
        entry.shared = before
        before.show(entry.table, self.turn_scale)
        entry.recorder.drain()

    def _stored(
        self, entry: Entry, before: Shared, start: tuple[int, int] | None
    ) -> tuple[list[Query], dict[str, Any] | None, dict[str, Any] | None]:
        """What an applied action stores: its writes, the new shared state (None: nothing
        changed) and the news that lets the other workers follow without reading."""
        entry.shared.take(entry.table, time.time(), self.turn_scale)
        writes = entry.recorder.drain()
        if any(sql != POSTGRES_SQL.insert_move for sql, _ in writes):
            entry.shared.layout += 1  # seats or rounds changed: other copies are rebuilt
        if not writes and entry.shared == before:
            return writes, None, None
        state = entry.shared.to_json()
        if before.layout != entry.shared.layout:
            return writes, state, None
        moves = [[params[3], params[4]] for _, params in writes]
        return writes, state, {"at": start, "moves": moves, "state": state}

    async def create(self, config: TableConfig) -> Entry:
        """A new table, stored with its row (version 1); this worker drives it."""
        for _ in range(CREATE_TRIES):
            code, recorder = new_code(), Recorder()
            table = Table.create(code, config, recorder)
            shared = Shared()
            shared.take(table, time.time(), self.turn_scale)
            try:
                async with self.db.transaction(code) as tx:
                    for sql, params in recorder.drain():
                        await tx.db.execute(sql, params)
                    await tx.insert_row(shared.to_json())
            except Exception as exc:
                if "duplicate key" in str(exc):
                    continue  # the code is taken: draw another
                raise
            entry = self.entries[code] = Entry(table, recorder, shared, 1)
            shared.show(table, self.turn_scale)
            self._owned.add(code)
            await self._show(entry)
            return entry
        raise RuntimeError("no free join code found")

    # ------------------------------------------------------------ connections

    def connect(self, code: str, websocket: WebSocket) -> Connection:
        conn = Connection(websocket, limiter=RateLimiter(self.rate))
        self.listeners.setdefault(code, set()).add(conn)
        return conn

    def _held(self, code: str, seat: int) -> int:
        """This worker's greeted connections of ``seat`` at ``code``."""
        return sum(1 for c in self.listeners.get(code, ()) if c.greeted and c.seat == seat)

    async def hello(self, conn: Connection, code: str, token: str | None) -> None:
        """``conn`` takes the seat of ``token`` (None: watches); ends the seat's autopilot."""
        entry = await self.fresh(code)
        seat = None if token is None else entry.table.authenticate(token)
        old = conn.seat if conn.greeted else None
        if seat is not None and not entry.table.is_person(seat):  # resigned: watches
            seat, conn.resigned = None, True
        conn.seat, conn.greeted = seat, True
        conn.hold(token)
        shown = entry.version
        if old is not None and old != seat:
            await self.change(code, _nothing, count=(old,))
        if seat is not None:
            await self.change(
                code,
                lambda e: e.table.presence.autopilot.discard(seat),
                count=(seat,),
            )
        entry = self.entries.get(code) or await self.fresh(code)
        if entry.version == shown:  # nothing changed: only this connection needs the view
            await self.send_state(conn, entry)

    async def hint(self, conn: Connection, code: str, seat: int, token: str) -> None:
        """Send ``conn`` (only) the expert's move for its seat, as one process does
        (:meth:`skipbo.server.hub.Hub.hint`), from this worker's up-to-date copy (where
        ``token`` must still open the seat)."""
        table = (await self.fresh(code)).table
        table.check_seat(seat, token)
        turn = table.hint_turn(seat)
        loop = asyncio.get_running_loop()
        move = await loop.run_in_executor(self.pool, choose_bot_move, turn)
        now = self.entries.get(table.code)
        if now is not None and now.table.at(turn) and move in turn.legal:
            await conn.send({"type": "hint", "move": move})

    async def react(self, code: str, seat: int, token: str, reaction: str) -> None:
        """``seat``'s reaction to this worker's connections of ``code`` at once, and
        through Redis to the other workers' (:meth:`heard_event`); nothing is stored, so
        nothing is read either: ``token`` is checked on this worker's copy, which may
        not know of a reseat elsewhere for a moment (a reaction shown, no harm done)."""
        entry = self.entries.get(code)
        if entry is not None:
            entry.table.check_seat(seat, token)
        message = reaction_message(seat, reaction)
        await send_to_all(self.listeners.get(code, ()), message)
        if self.tell is not None:
            self._spawn(self.tell(code, message, self.db.worker))  # nobody waits for it

    def heard_event(self, code: str, event: dict[str, Any], origin: str) -> None:
        """Another worker's reaction at ``code``: shown to this worker's connections of it.
        Only a well-formed reaction passes (this worker sent its own already)."""
        seat, reaction = event.get("seat"), event.get("reaction")
        if origin == self.db.worker or not self.listeners.get(code):
            return
        if event.get("type") != "reaction" or type(seat) is not int or reaction not in REACTIONS:
            return
        message = reaction_message(seat, str(reaction))
        self._spawn(send_to_all(self.listeners.get(code, ()), message))

    async def send_state(self, conn: Connection, entry: Entry) -> None:
        """Send ``conn`` its view (and remember what it saw)."""
        self.seen[conn] = position(entry.table)
        await conn.send({"type": "state", "view": entry.table.view_for(conn.seat)})

    async def send_current(self, conn: Connection, code: str) -> None:
        """Send ``conn`` its view of ``code`` as committed (asked for, or after a refusal).

        Under the table's lock: a change is applied to the copy before its commit
        returns, so the copy read meanwhile could show a change never stored.
        """
        async with self._lock(code):
            entry = self.entries.get(code) or await self.fresh(code, locked=True)
            await self.send_state(conn, entry)

    async def remove(self, code: str, conn: Connection) -> None:
        listeners = self.listeners.get(code, set())
        listeners.discard(conn)
        self.seen.pop(conn, None)
        if not listeners:
            self.listeners.pop(code, None)
        if conn.greeted and conn.seat is not None:
            seat = conn.seat
            try:
                await self.change(code, _nothing, count=(seat,))
            except Exception:  # the store is away: the reaper counts again later
                log.warning("table %s: a disconnection could not be stored", code)

    # ------------------------------------------------------------ drivers

    def start(self) -> None:
        """Start the worker's loop (leases, takeovers, reaping, versions)."""
        self._spawn(self._loop())

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _start_driver(self, code: str) -> None:
        task = self._drivers.get(code)
        if task is None or task.done():
            self._drivers[code] = asyncio.create_task(self._drive(code))

    def _worth_waking(self, entry: Entry) -> bool:
        """Whether a change gives the table's driver something to do: a bot to move, or
        clocks other than those it waits for. A busy driver looks again anyway; a waiting
        one woken for nothing would only wait again (at saturation, once a move)."""
        waiting = self._waiting.get(entry.table.code)
        if waiting is None:
            return True
        if entry.table.bot_turn() is not None:
            return True
        return waiting != self._clocks(entry.shared)

    def _clocks(self, shared: Shared) -> tuple[float | None, bool]:
        """What a driver's wait depends on: the next deadline, and whether anyone is
        connected (a clock acts only then)."""
        return next_deadline(shared, self.grace), bool(shared.connected)

    async def _drive(self, code: str) -> None:
        """Bots and clocks of one table, while this worker holds its lease.

        The store away (PostgreSQL stopped) stops nothing for good: the driver says so
        once, tries again every :data:`OUTAGE_RETRY_SECONDS`, and goes on once it is back.
        """
        wake = self._wakes.setdefault(code, asyncio.Event())
        away = False
        try:
            while code in self._owned:
                try:
                    await self._drive_once(code, wake)
                except Exception as exc:
                    if not is_outage(exc):
                        raise
                    if not away:
                        log.warning("driver of table %s waits: the store is away (%s)", code, exc)
                    away = True
                    await asyncio.sleep(OUTAGE_RETRY_SECONDS)
                    continue
                if away:
                    log.info("driver of table %s goes on: the store is back", code)
                    away = False
        except NotDriver:
            self._owned.discard(code)
        except TableError as exc:
            log.warning("driver of table %s stopped: %s", code, exc)
            self._owned.discard(code)
        finally:
            self._drivers.pop(code, None)

    async def _drive_once(self, code: str, wake: asyncio.Event) -> None:
        """One step of :meth:`_drive`: a bot's move, the autopilot, or a wait for a clock."""
        wake.clear()
        entry = await self.entry(code)
        if entry.table.bot_turn() is not None:
            await self._bot_move(code)
            return
        now = time.time()
        if due(entry.table, entry.shared, now, self.grace):
            await self.change(code, self._autopilot, drive=True)
            return
        clocks = self._clocks(entry.shared)
        deadline = clocks[0]
        wait = self.tick if deadline is None else min(deadline - now + 0.01, self.tick)
        # asyncio.timeout, not wait_for: on Python 3.11 wait_for swallows a
        # cancellation that comes as the wake is set, and close() waits forever
        self._waiting[code] = clocks
        try:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(wait, 0.01)):
                    await wake.wait()
        finally:
            self._waiting.pop(code, None)

    def _autopilot(self, entry: Entry) -> None:
        seats = due(entry.table, entry.shared, time.time(), self.grace)
        entry.table.presence.autopilot |= seats

    async def _bot_move(self, code: str) -> None:
        await self.gate.before_move(code)
        await asyncio.sleep(self.bot_pause)
        entry = self.entries.get(code)
        turn = entry.table.bot_turn() if entry is not None else None
        if turn is None:
            return
        loop = asyncio.get_running_loop()
        try:
            choice = loop.run_in_executor(self.pool, choose_bot_move, turn)
            move = await metrics.timed(metrics.BOT_SECONDS, choice)
        except Exception:
            log.exception("bot %s failed at table %s; it plays its first legal", turn.bot, code)
            move = turn.legal[0]
        if move not in turn.legal:
            move = turn.legal[0]
        try:
            await self.change(code, lambda e: e.table.play_bot(turn, move), drive=True)
        except TableError as exc:
            log.debug("bot move %s refused at table %s: %s", move, code, exc)

    async def _loop(self) -> None:
        """:meth:`_tick` every :attr:`tick`, whatever fails. A tick the store's outage
        stopped is not a line of its own (one a second while it lasts): the store says
        the outage once (:class:`.db.ClusterDb`), and the next tick catches up."""
        while True:
            try:
                await self._tick()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # PostgreSQL away for a moment: try again next tick
                level = logging.DEBUG if is_outage(exc) else logging.WARNING
                log.log(level, "cluster tick failed: %s", exc)
            await asyncio.sleep(self.tick)

    async def _tick(self) -> None:
        """Say we live, keep our leases, take over dead ones, recount, catch up.

        Reaping waits for a tick whose previous heartbeat was recent: a worker
        that was itself cut off (paused, or PostgreSQL away) first lets the
        others say they live, and gives their heartbeats as much longer for a
        while (:meth:`.db.ClusterDb.dead_seconds`). Then this worker's own
        connection rows are stated again, since another worker may have reaped
        them while it looked dead.
        """
        steady = await self.db.heartbeat()
        self._owned = await self.db.renew() | await self.db.claim()
        for code in self._owned:
            self._start_driver(code)
        for code in await self.db.reap() if steady else set():
            await self._recount(code)
        await self.reassert_connections()
        await self.catch_up_all()

    async def _recount(self, code: str, seats: tuple[int, ...] = ()) -> None:
        """Store ``seats``' connection counts (if any) and who is connected now."""
        try:
            await self.change(code, _nothing, count=seats, recount=True)
        except TableError:
            log.debug("table %s is gone", code)

    async def reassert_connections(self) -> None:
        """Make the stored connection rows of this worker match its sockets.

        A worker that paused longer than :data:`.db.DEAD_SECONDS` had its rows
        reaped by the others, and its players were shown away; while it lives
        its rows are put back (and presence recomputed) here, every tick.
        """
        stored = await self.db.connections()
        held: dict[tuple[str, int], int] = {}
        for code, conns in self.listeners.items():
            for conn in conns:
                if conn.greeted and conn.seat is not None:
                    held[(code, conn.seat)] = held.get((code, conn.seat), 0) + 1
        wrong: dict[str, set[int]] = {}
        for code, seat in stored.keys() | held.keys():
            if stored.get((code, seat), 0) != held.get((code, seat), 0):
                wrong.setdefault(code, set()).add(seat)
        for code, seats in wrong.items():
            log.info("table %s: connections of seats %s stated again", code, sorted(seats))
            await self._recount(code, tuple(sorted(seats)))

    async def catch_up_all(self) -> None:
        """Compare every held copy with PostgreSQL (news may have been lost)."""
        versions = await self.db.versions(list(self.entries))
        for code, version in versions.items():
            self.heard(code, version)

    async def on_subscribed(self) -> None:
        """Redis (re)subscribed: anything published meanwhile may be lost, so compare."""
        try:
            await self.catch_up_all()
        except Exception as exc:
            log.warning("catching up after subscribing failed: %s", exc)

    def sweep(self, idle_seconds: float) -> list[str]:
        """Forget copies nobody here uses (no connection, not driven, or finished and idle)."""
        now = time.monotonic()
        gone = []
        for code, entry in list(self.entries.items()):
            if self.listeners.get(code):
                continue
            if code in self._owned:
                if not (entry.table.finished or now - entry.touched > idle_seconds):
                    continue
                self._owned.discard(code)
                self._spawn(self.db.release(code))
            gone.append(code)
            del self.entries[code]
            self._locks.pop(code, None)
        return gone

    async def close(self) -> None:
        tasks = [*self._drivers.values(), *self._tasks]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.committer.close()


def _follows(entry: Entry, version: int, news: dict[str, Any]) -> bool:
    """Whether ``news`` is the change right after this copy (version, position, layout)."""
    at = news.get("at")
    return (
        entry.version == version - 1
        and (tuple(at) if at is not None else None) == position(entry.table)
        and Shared.from_json(news["state"]).layout == entry.shared.layout
    )


def _nothing(entry: Entry) -> None:
    """A change with no action of its own (connections counted, presence recomputed)."""
