"""The tables of one process: in memory, every change committed to the store first.

:class:`LocalTables` is the one-process side of :class:`~.service.TableService`:
a :class:`~.tables.TableRegistry` holds the tables (restored from the store at
start), each :class:`~.tables.Table` commits its changes before it applies them
(moves of all tables share group commits), and the :class:`~.hub.Hub` sends
every listener its own view and runs the bots.
"""

from __future__ import annotations

from concurrent.futures import Executor
from typing import Any, cast

from starlette.websockets import WebSocket

from .config import TableConfig, TableError
from .hub import Connection, Hub
from .messages import RateLimiter
from .service import answers
from .settings import ServerSettings
from .storage.tx import Store, Tx
from .tables import Table, TableRegistry


class LocalTables:
    """Tables, listeners and bots of a single-process server."""

    def __init__(self, registry: TableRegistry, pool: Executor, settings: ServerSettings) -> None:
        self.registry = registry
        self.hub = Hub(
            registry, pool, settings.rate, grace=settings.grace, turn_scale=settings.turn_scale
        )
        self.rate = settings.rate
        self.seat_rates: dict[tuple[str, int], RateLimiter] = {}
        """Each seat's messages, whichever of its connections sends them."""

    def health(self) -> dict[str, Any]:
        return {"ok": True, "tables": len(self.registry.tables)}

    async def readiness(self) -> dict[str, bool]:
        store = cast(Store, self.registry.storage)

        async def commits() -> None:  # a closed store raises here, inside the check
            await store.run_async(ping)

        return {"database": await answers(commits())}

    async def start(self) -> None:
        for table in self.registry.tables.values():
            self.hub.wake_bots(table)  # bots that owed a move when the server stopped

    async def stop(self) -> None:
        await self.hub.close()

    def sweep(self, idle_seconds: float) -> None:
        for code in self.registry.expire(idle_seconds, self.hub.in_use):
            self.hub.forget(code)
            for key in [key for key in self.seat_rates if key[0] == code]:
                del self.seat_rates[key]

    async def fetch(self, code: str) -> Table:
        return await self.registry.fetch(code)

    # ------------------------------------------------------------ seats

    async def create(self, config: TableConfig, name: str | None) -> dict[str, Any]:
        table = self.registry.create(config)
        out: dict[str, Any] = {"code": table.code}
        if name is not None:
            out.update(await self._join(table, name))
        else:
            await self.hub.changed(table)
        out["table"] = table.view_for(out.get("seat"))
        return out

    async def join(self, code: str, name: str) -> dict[str, Any]:
        table = self.registry.get(code)
        joined = await self._join(table, name)
        return {"code": table.code, **joined, "table": table.view_for(joined["seat"])}

    async def _join(self, table: Table, name: str) -> dict[str, Any]:
        seat, token = table.join(name)
        await self.hub.changed(table)
        return {"seat": seat, "token": token}

    async def leave(self, code: str, token: str) -> dict[str, Any]:
        table = self.registry.get(code)
        seat = table.leave(token)
        await self.hub.changed(table)
        return {"code": table.code, "seat": seat}

    async def fill(self, code: str, token: str, bot: str) -> dict[str, Any]:
        table = self.registry.get(code)
        table.fill(token, bot)
        await self.hub.changed(table)
        return {"code": table.code, "table": table.view_for(table.authenticate(token))}

    async def time_out(self, code: str) -> None:
        table = self.registry.get(code)
        table.time_out()
        await self.hub.changed(table)

    async def rename_seat(self, code: str, seat: int, name: str) -> None:
        table = self.registry.get(code)
        table.rename_seat(seat, name)
        await self.hub.changed(table)

    async def reseat(self, code: str, seat: int) -> dict[str, Any]:
        table = self.registry.get(code)
        token = table.reseat(seat)
        await self.hub.changed(table)  # the old token's connections watch from now on
        return {"code": table.code, "seat": seat, "token": token}

    async def public_view(self, code: str) -> dict[str, Any]:
        return self.registry.get(code).view_for(None)

    async def record(self, code: str, round_index: int) -> dict[str, Any]:
        return self.registry.get(code).record(round_index)

    # ------------------------------------------------------------ connections

    async def connect(self, code: str, websocket: WebSocket) -> tuple[str, Connection]:
        table = self.registry.get(code)
        return table.code, self.hub.connect(table.code, websocket)

    async def disconnect(self, code: str, conn: Connection) -> None:
        await self.hub.remove(code, conn)

    async def hello(self, conn: Connection, code: str, token: str | None) -> None:
        table = self.registry.get(code)
        seat = None if token is None else table.authenticate(token)
        conn.hold(token)
        await self.hub.hello(conn, table, seat)

    async def move(
        self,
        conn: Connection,
        code: str,
        seat: int,
        token: str,
        move: str,
        at: tuple[int, int] | None,
    ) -> None:
        table = self.registry.get(code)
        autopilot = table.presence.autopilot
        was_away = seat in autopilot
        autopilot.discard(seat)  # a person who moves is back (no stand-in move meanwhile)
        try:
            await table.play_async(seat, token, move, at)
        except TableError:
            if was_away:  # a refused move changes nothing, presence included
                autopilot.add(seat)
            raise
        await self.hub.changed(table)

    async def send_state(self, conn: Connection, code: str) -> None:
        await self.hub.send_state(conn, self.registry.get(code))

    async def within_rate(self, code: str, seat: int) -> bool:
        return self.seat_rates.setdefault((code, seat), RateLimiter(self.rate)).allow()

    async def ready(self, code: str, seat: int, token: str) -> None:
        await self.hub.ready(self._seated(code, seat, token), seat)

    async def resign(self, code: str, seat: int, token: str) -> None:
        await self.hub.resign(self._seated(code, seat, token), seat)

    async def back(self, code: str, seat: int, token: str) -> None:
        await self.hub.back(self._seated(code, seat, token), seat)

    async def hint(self, conn: Connection, code: str, seat: int, token: str) -> None:
        await self.hub.hint(conn, self._seated(code, seat, token), seat)

    async def react(self, code: str, seat: int, token: str, reaction: str) -> None:
        await self.hub.react(self._seated(code, seat, token), seat, reaction)

    def _seated(self, code: str, seat: int, token: str) -> Table:
        """The table, once ``token`` still opens ``seat`` (one process shows a reseat to
        its connections at once, so this only guards what the cluster needs guarded)."""
        table = self.registry.get(code)
        table.check_seat(seat, token)
        return table


def ping(tx: Tx) -> None:
    """The cheapest statement: the store answers and its transaction commits."""
    tx.rows("SELECT 1")
