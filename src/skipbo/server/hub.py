"""Connections to tables: who listens where, sending each its own view, driving bots.

After every accepted change the hub sends every connection of the table the
view of its own seat (spectators: the public view), built fresh by the table, so
no message is ever shared between seats. Bots think in an executor (thread or
process pool) so the event loop keeps serving every other table meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import orjson
from starlette.websockets import WebSocket

from .bots import choose_bot_move
from .config import TableError
from .messages import RATE_PER_SECOND, RateLimiter
from .tables import Table, TableRegistry

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
    limiter: RateLimiter = field(default_factory=RateLimiter)

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

    orjson, because at a few thousand moves a second the encoding of every view
    was the server's largest single cost (the standard library took about a
    seventh of its time).
    """
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class Hub:
    """Every table's listeners, and the bot tasks."""

    def __init__(
        self,
        registry: TableRegistry,
        pool: Executor,
        rate: float = RATE_PER_SECOND,
        bot_pause: float = BOT_PAUSE,
    ) -> None:
        self.registry = registry
        self.pool = pool
        self.rate = rate
        """Messages a second each connection may send."""
        self.bot_pause = bot_pause
        self._listeners: dict[str, set[Connection]] = {}
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}

    def connect(self, code: str, websocket: WebSocket) -> Connection:
        """A new listener of ``code``'s updates (it gets them once it said hello)."""
        conn = Connection(websocket, limiter=RateLimiter(self.rate))
        self._listeners.setdefault(code, set()).add(conn)
        return conn

    def remove(self, code: str, conn: Connection) -> None:
        """Stop sending to ``conn``."""
        self._listeners.get(code, set()).discard(conn)

    async def send_state(self, conn: Connection, table: Table) -> None:
        """Send ``conn`` the view of its own seat."""
        await conn.send({"type": "state", "view": table.view_for(conn.seat)})

    async def changed(self, table: Table) -> None:
        """After an accepted change: every listener gets its view, then bots move."""
        await self.broadcast(table)
        self.wake_bots(table)

    async def broadcast(self, table: Table) -> None:
        """Every greeted listener of ``table`` gets the view of its own seat.

        Each distinct seat's view is built and encoded once (all spectators share
        one text), and the parts common to all seats are built once per change:
        at a few thousand moves a second this, not the rules, is the server's work.
        """
        conns = [conn for conn in self._listeners.get(table.code, ()) if conn.greeted]
        if not conns:
            return
        views = table.views_for(conn.seat for conn in conns)
        texts = {seat: encode({"type": "state", "view": view}) for seat, view in views.items()}
        for conn in conns:
            await conn.send_text(texts[conn.seat])

    def wake_bots(self, table: Table) -> None:
        """Make sure a bot to move at ``table`` is thinking (one task per table)."""
        task = self._bot_tasks.get(table.code)
        if (task is None or task.done()) and table.bot_turn() is not None:
            self._bot_tasks[table.code] = asyncio.create_task(self._run_bots(table))

    async def _run_bots(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while table.bot_turn() is not None:
            await asyncio.sleep(self.bot_pause)
            turn = table.bot_turn()
            if turn is None:
                break
            try:
                move = await loop.run_in_executor(self.pool, choose_bot_move, turn)
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
            await self.broadcast(table)

    async def close(self) -> None:
        """Stop the bot tasks (at shutdown)."""
        for task in self._bot_tasks.values():
            task.cancel()
        await asyncio.gather(*self._bot_tasks.values(), return_exceptions=True)
