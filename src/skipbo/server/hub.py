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

from starlette.websockets import WebSocket

from .bots import choose_bot_move
from .config import TableError
from .messages import RATE_PER_SECOND, RateLimiter
from .tables import Table, TableRegistry

log = logging.getLogger(__name__)


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
        try:
            await self.websocket.send_json(message)
        except Exception:  # a closed socket must not stop a broadcast
            log.debug("send to a closed connection dropped")


class Hub:
    """Every table's listeners, and the bot tasks."""

    def __init__(
        self, registry: TableRegistry, pool: Executor, rate: float = RATE_PER_SECOND
    ) -> None:
        self.registry = registry
        self.pool = pool
        self.rate = rate
        """Messages a second each connection may send."""
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
        for conn in list(self._listeners.get(table.code, ())):
            if conn.greeted:
                await self.send_state(conn, table)
        self.wake_bots(table)

    def wake_bots(self, table: Table) -> None:
        """Make sure a bot to move at ``table`` is thinking (one task per table)."""
        task = self._bot_tasks.get(table.code)
        if (task is None or task.done()) and table.bot_turn() is not None:
            self._bot_tasks[table.code] = asyncio.create_task(self._run_bots(table))

    async def _run_bots(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while (turn := table.bot_turn()) is not None:
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
                table.play_bot(turn, move)
            except TableError as exc:
                log.warning("bot move %s refused at table %s: %s", move, table.code, exc)
                continue
            for conn in list(self._listeners.get(table.code, ())):
                if conn.greeted:
                    await self.send_state(conn, table)

    async def close(self) -> None:
        """Stop the bot tasks (at shutdown)."""
        for task in self._bot_tasks.values():
            task.cancel()
        await asyncio.gather(*self._bot_tasks.values(), return_exceptions=True)
