"""Connections to tables: who listens where, sending each its own view, driving bots.

After every accepted change the hub sends every connection of the table the
view of its own seat (spectators: the public view), built fresh by the table, so
no message is ever shared between seats. Bots think in an executor (thread or
process pool) so the event loop keeps serving every other table meanwhile.

The hub also keeps the table's :class:`~.presence.Presence` true: a seat's first
connection and its last disconnection are changes everyone sees (one broadcast
each, never one per move), and so are autopilot, resignation and "ready".
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import orjson
from starlette.websockets import WebSocket

from . import metrics
from .bot_gate import BotGate
from .bots import choose_bot_move
from .config import TableError
from .messages import RATE_PER_SECOND, RateLimiter, reaction_limiter
from .storage import hash_token
from .tables import Table, TableRegistry
from .timers import GRACE_SECONDS, Timers

log = logging.getLogger(__name__)

BOT_PAUSE = 0.05
"""Seconds a bot waits before each move, so that people can follow its turn card by card
(and every listener has read one state before the next comes)."""


@dataclass(eq=False, slots=True)
class Connection:
    """One WebSocket at a table; ``seat`` is None for a spectator."""

    websocket: WebSocket
    greeted: bool = False
    seat: int | None = None
    token: str | None = None
    token_hash: str | None = None
    """The hash of ``token``: the connection keeps its seat while the seat's own is this
    one (:func:`unseat_revoked`)."""
    resigned: bool = False
    """The person gave their seat to a bot and now watches."""
    limiter: RateLimiter = field(default_factory=RateLimiter)
    reactions: RateLimiter = field(default_factory=reaction_limiter)
    """Reactions have a slower bucket of their own (:func:`.messages.reaction_limiter`)."""

    def hold(self, token: str | None) -> None:
        """Keep the seat token this connection said hello with (None: it watches)."""
        self.token = token
        self.token_hash = None if token is None else hash_token(token)

    async def send(self, message: dict[str, Any]) -> None:
        """Send, ignoring a peer that has gone (its handler cleans up)."""
        await self.send_text(encode(message))

    async def send_text(self, text: str) -> None:
        """Send an already encoded message (a broadcast encodes each seat's view once)."""
        try:
            await self.websocket.send_text(text)
        except Exception:  # a closed socket must not stop a broadcast
            log.debug("send to a closed connection dropped")


def encode(message: dict[str, Any]) -> str:
    """Compact JSON with UTF-8 kept, as Starlette's ``send_json`` writes it.

    orjson, because at a few thousand moves a second encoding every view is one of
    the server's largest single costs, and the standard library's encoder would
    take about a seventh of its time.
    """
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def reaction_message(seat: int, reaction: str) -> dict[str, Any]:
    """What every connection of a table gets when ``seat`` reacts: the preset's id only."""
    return {"type": "reaction", "seat": seat, "reaction": reaction}


def unseat_revoked(table: Table, listeners: Iterable[Connection]) -> list[int]:
    """Connections that may no longer act for their seat now watch; returns the seat
    each of them held.

    A seat's token changes when its person gives it back before the start (and someone
    else may take it) or sits down again on another device (``reseat``: the old token
    stops working). And a bot takes a seat for good when its person resigns at a table
    of three sides or more, or lets a slow game's deadline pass (``on_timeout`` ``bot``):
    the person's connections then watch as resigned, as a new hello with the token
    would. Either way a connection must neither be sent that seat's hand (the bot's,
    now) nor act for it.
    """
    left = []
    for conn in listeners:
        seat = conn.seat
        if seat is None:
            continue
        if table.seats[seat].token_hash != conn.token_hash:
            conn.seat, conn.token, conn.token_hash = None, None, None
            left.append(seat)
        elif not table.is_person(seat):  # the bot keeps the person's token hash
            conn.seat, conn.resigned = None, True
            left.append(seat)
    return left


async def send_to_all(listeners: Iterable[Connection], message: dict[str, Any]) -> None:
    """One message, encoded once, to every greeted connection in ``listeners``
    (players and spectators alike: it holds nothing any seat may not see)."""
    text = encode(message)
    for conn in [conn for conn in listeners if conn.greeted]:
        await conn.send_text(text)


async def send_views(table: Table, listeners: Iterable[Connection]) -> None:
    """Every greeted connection in ``listeners`` gets the view of its own seat, built once."""
    conns = [conn for conn in listeners if conn.greeted]
    if not conns:
        return
    views = table.views_for(conn.seat for conn in conns)
    texts = {seat: encode({"type": "state", "view": view}) for seat, view in views.items()}
    for conn in conns:
        await conn.send_text(texts[conn.seat])


class Hub:
    """Every table's listeners, and the bot tasks."""

    def __init__(
        self,
        registry: TableRegistry,
        pool: Executor,
        rate: float = RATE_PER_SECOND,
        bot_pause: float = BOT_PAUSE,
        grace: float = GRACE_SECONDS,
        turn_scale: float = 1.0,
    ) -> None:
        self.registry = registry
        self.pool = pool
        self.rate = rate
        """Messages a second each connection may send."""
        self.bot_pause = bot_pause
        self.gate = BotGate()
        """Holds the bots between moves when a test asks (:mod:`.bot_gate`)."""
        self.timers = Timers(self._autopilot_began, grace, turn_scale)
        self._listeners: dict[str, set[Connection]] = {}
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.observe: Callable[[Table], None] = _unobserved
        """Told of every table after each committed change (listings, results)."""

    def connect(self, code: str, websocket: WebSocket) -> Connection:
        """A new listener of ``code``'s updates (it gets them once it said hello)."""
        conn = Connection(websocket, limiter=RateLimiter(self.rate))
        self._listeners.setdefault(code, set()).add(conn)
        return conn

    async def remove(self, code: str, conn: Connection) -> None:
        """Stop sending to ``conn``; its seat's last connection gone is shown to all."""
        listeners = self._listeners.get(code, set())
        listeners.discard(conn)
        if not listeners:
            self._listeners.pop(code, None)
        table = self.registry.tables.get(code)
        if table is None or not conn.greeted or conn.seat is None:
            return
        if table.presence.disconnect(conn.seat):
            await self.changed(table)

    def in_use(self, code: str) -> bool:
        """Whether a connection, a bot or a clock still needs the table in memory."""
        task = self._bot_tasks.get(code)
        return bool(self._listeners.get(code)) or (task is not None and not task.done())

    def forget(self, code: str) -> None:
        """The table was freed from memory: drop its clocks and finished bot task."""
        self.timers.forget(code)
        self._bot_tasks.pop(code, None)

    # ------------------------------------------------------------ people

    async def hello(self, conn: Connection, table: Table, seat: int | None) -> None:
        """``conn`` takes ``seat`` (None: watches); coming back ends the seat's autopilot."""
        presence = table.presence
        changed = conn.greeted and conn.seat is not None and presence.disconnect(conn.seat)
        if seat is not None and not table.is_person(seat):  # resigned: watches
            seat, conn.resigned = None, True
        conn.seat, conn.greeted = seat, True
        if seat is not None:
            changed = presence.connect(seat) or changed
            if seat in presence.autopilot:
                presence.autopilot.discard(seat)
                changed = True
        if changed:
            await self.changed(table)
        else:
            await self.send_state(conn, table)
            self.wake_bots(table)

    async def back(self, table: Table, seat: int) -> None:
        """The person takes their seat back from the bot."""
        table.presence.autopilot.discard(seat)
        await self.changed(table)

    async def ready(self, table: Table, seat: int) -> None:
        """``seat`` asks for the next round; it is dealt once every present person asked."""
        table.ask_next(seat)
        await self.changed(table)

    async def resign(self, table: Table, seat: int) -> None:
        """``seat`` gives up; at more than two sides a bot takes the seat and its
        connections now watch (:meth:`changed`, :func:`unseat_revoked`)."""
        table.resign(seat)
        await self.changed(table)

    async def _advance_if_ready(self, table: Table) -> None:
        if not table.everyone_ready():
            return
        try:
            await table.advance_async()
        except TableError:  # another request dealt it first
            log.debug("table %s: next round already dealt", table.code)

    def _autopilot_began(self, table: Table) -> None:
        """A clock ran out (called by :class:`Timers`): show it and let the bot play."""
        task = asyncio.create_task(self._after_autopilot(table))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _after_autopilot(self, table: Table) -> None:
        await self.changed(table)

    async def send_state(self, conn: Connection, table: Table) -> None:
        """Send ``conn`` the view of its own seat."""
        await conn.send({"type": "state", "view": table.view_for(conn.seat)})

    async def changed(self, table: Table) -> None:
        """After an accepted change: connections that may no longer act for their seat
        watch (:func:`unseat_revoked`), the next round is dealt if nobody present is
        waited for any more, clocks follow, every listener gets its view, bots move.

        The next round is checked after every change, as a cluster worker checks it
        after every action: not only a "next" asked for, a disconnection or the
        autopilot, but a resignation, a seat given to a bot or a socket taken from a
        seat can leave nobody to wait for."""
        for seat in unseat_revoked(table, self._listeners.get(table.code, ())):
            table.presence.disconnect(seat)
        await self._advance_if_ready(table)
        self.timers.sync(table)
        self.observe(table)
        await self.broadcast(table)
        self.wake_bots(table)

    async def broadcast(self, table: Table) -> None:
        """Every greeted listener of ``table`` gets the view of its own seat.

        Each distinct seat's view is built and encoded once (all spectators share
        one text), and the parts common to all seats are built once per change:
        at a few thousand moves a second this, not the rules, is the server's work.
        """
        await send_views(table, self._listeners.get(table.code, ()))

    async def react(self, table: Table, seat: int, reaction: str) -> None:
        """Everyone at ``table`` sees ``seat``'s reaction (nothing is stored: it passes)."""
        await send_to_all(self._listeners.get(table.code, ()), reaction_message(seat, reaction))

    async def hint(self, conn: Connection, table: Table, seat: int) -> None:
        """Send ``conn`` (only) the expert's move for its seat, thought out in the bot
        pool from the seat's view; dropped when the position moved on meanwhile."""
        turn = table.hint_turn(seat)
        loop = asyncio.get_running_loop()
        move = await loop.run_in_executor(self.pool, choose_bot_move, turn)
        if table.at(turn) and move in turn.legal:
            await conn.send({"type": "hint", "move": move})

    def wake_bots(self, table: Table) -> None:
        """Make sure a bot to move at ``table`` is thinking (one task per table)."""
        task = self._bot_tasks.get(table.code)
        if (task is None or task.done()) and table.bot_turn() is not None:
            self._bot_tasks[table.code] = asyncio.create_task(self._run_bots(table))

    async def _run_bots(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while table.bot_turn() is not None:
            await self.gate.before_move(table.code)
            await asyncio.sleep(self.bot_pause)
            turn = table.bot_turn()
            if turn is None:
                break
            try:
                choice = loop.run_in_executor(self.pool, choose_bot_move, turn)
                move = await metrics.timed(metrics.BOT_SECONDS, choice)
            except Exception:
                log.exception(
                    "bot %s failed at table %s; it plays its first legal move", turn.bot, table.code
                )
                move = turn.legal[0]
            if move not in turn.legal:
                log.warning("bot %s chose %r, not a legal move; it plays the first", turn.bot, move)
                move = turn.legal[0]
            try:
                await table.play_bot_async(turn, move)
            except TableError as exc:
                log.warning("bot move %s refused at table %s: %s", move, table.code, exc)
                continue
            self.timers.sync(table)
            self.observe(table)
            await self.broadcast(table)

    async def close(self) -> None:
        """Stop the bot tasks (at shutdown)."""
        tasks = [*self._bot_tasks.values(), *self._tasks]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def _unobserved(table: Table) -> None:
    """Nobody watches the tables' changes (a hub without online features)."""
