"""The tables of one cluster worker: every change one PostgreSQL transaction.

:class:`ClusterTables` is the cluster's side of :class:`~..service.TableService`:
each request becomes a change of :class:`~.hub.ClusterHub` (the table's row
locked, the copy caught up, the core's check, COMMIT, then the views and the
news to the other workers through Redis).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket

from ..config import TableConfig
from ..hub import Connection
from ..service import answers
from ..tables import Table
from .db import ClusterDb
from .hub import ClusterHub, Entry
from .limits import SeatBudget
from .notify import Notifier
from .stored import StoredRegistry


class ClusterTables:
    """A worker's copies of the tables it serves, and their connections."""

    def __init__(
        self,
        hub: ClusterHub,
        db: ClusterDb,
        notifier: Notifier,
        stored: StoredRegistry,
        budget: SeatBudget,
    ) -> None:
        self.hub = hub
        self.db = db
        self.notifier = notifier
        self.stored = stored
        self.budget = budget
        """Each seat's messages, counted across the cluster (:mod:`.limits`)."""

    def health(self) -> dict[str, Any]:
        return {"ok": True, "tables": len(self.hub.entries), "worker": self.db.worker}

    async def readiness(self) -> dict[str, bool]:
        return {
            "database": await answers(self.db.ping()),
            "redis": await answers(self.notifier.ping()),
        }

    async def start(self) -> None:
        await self.db.open()
        self.notifier.start()
        self.hub.start()

    async def stop(self) -> None:
        await self.hub.close()
        await self.notifier.close()
        await self.db.close()
        self.stored.storage.close()

    def sweep(self, idle_seconds: float) -> None:
        for code in self.hub.sweep(idle_seconds):
            self.budget.forget(code)

    async def fetch(self, code: str) -> Table:
        return await self.stored.fetch(code)

    async def _canonical(self, code: str) -> str:
        """The table's own code for ``code`` as typed; :class:`TableError` if none."""
        return (await self.hub.entry(code)).table.code

    # ------------------------------------------------------------ seats

    async def create(self, config: TableConfig, name: str | None) -> dict[str, Any]:
        entry = await self.hub.create(config)
        code = entry.table.code
        out: dict[str, Any] = {"code": code}
        if name is not None:
            out.update(await self._join(code, name))
        out["table"] = self.hub.entries[code].table.view_for(out.get("seat"))
        return out

    async def join(self, code: str, name: str) -> dict[str, Any]:
        code = await self._canonical(code)
        joined = await self._join(code, name)
        table = self.hub.entries[code].table
        return {"code": code, **joined, "table": table.view_for(joined["seat"])}

    async def _join(self, code: str, name: str) -> dict[str, Any]:
        seat, token = await self.hub.change(code, lambda e: e.table.join(name))
        return {"seat": seat, "token": token}

    async def leave(self, code: str, token: str) -> dict[str, Any]:
        code = await self._canonical(code)
        seat = await self.hub.change(code, lambda e: e.table.leave(token))
        return {"code": code, "seat": seat}

    async def fill(self, code: str, token: str, bot: str) -> dict[str, Any]:
        code = await self._canonical(code)
        await self.hub.change(code, lambda e: e.table.fill(token, bot))
        table = self.hub.entries[code].table
        return {"code": code, "table": table.view_for(table.authenticate(token))}

    async def time_out(self, code: str) -> None:
        code = await self._canonical(code)
        await self.hub.change(code, lambda e: e.table.time_out())

    async def rename_seat(self, code: str, seat: int, name: str) -> None:
        code = await self._canonical(code)
        await self.hub.change(code, lambda e: e.table.rename_seat(seat, name))

    async def reseat(self, code: str, seat: int) -> dict[str, Any]:
        code = await self._canonical(code)
        token = await self.hub.change(code, lambda e: e.table.reseat(seat))
        return {"code": code, "seat": seat, "token": token}

    async def public_view(self, code: str) -> dict[str, Any]:
        return (await self.hub.fresh(code)).table.view_for(None)

    async def record(self, code: str, round_index: int) -> dict[str, Any]:
        return (await self.hub.fresh(code)).table.record(round_index)

    # ------------------------------------------------------------ connections

    async def connect(self, code: str, websocket: WebSocket) -> tuple[str, Connection]:
        code = await self._canonical(code)
        return code, self.hub.connect(code, websocket)

    async def disconnect(self, code: str, conn: Connection) -> None:
        await self.hub.remove(code, conn)

    async def hello(self, conn: Connection, code: str, token: str | None) -> None:
        await self.hub.hello(conn, code, token)

    async def move(
        self,
        conn: Connection,
        code: str,
        seat: int,
        token: str,
        move: str,
        at: tuple[int, int] | None,
    ) -> None:
        """Play on the position the player saw: ``at`` as the client says, else the
        last one this worker sent the connection."""

        def play(e: Entry) -> None:
            e.table.presence.autopilot.discard(seat)  # a person who moves is back
            e.table.play(seat, token, move)

        await self.hub.change(code, play, at=at if at is not None else self.hub.seen.get(conn))

    async def send_state(self, conn: Connection, code: str) -> None:
        await self.hub.send_current(conn, code)

    async def within_rate(self, code: str, seat: int) -> bool:
        return await self.budget.allow(code, seat)

    async def ready(self, code: str, seat: int, token: str) -> None:
        await self.hub.change(code, _as_seat(seat, token, lambda t: t.ask_next(seat)))

    async def resign(self, code: str, seat: int, token: str) -> None:
        await self.hub.change(code, _as_seat(seat, token, lambda t: t.resign(seat)))

    async def back(self, code: str, seat: int, token: str) -> None:
        await self.hub.change(
            code, _as_seat(seat, token, lambda t: t.presence.autopilot.discard(seat))
        )

    async def hint(self, conn: Connection, code: str, seat: int, token: str) -> None:
        await self.hub.hint(conn, code, seat, token)

    async def react(self, code: str, seat: int, token: str, reaction: str) -> None:
        await self.hub.react(code, seat, token, reaction)


def _as_seat(seat: int, token: str, act: Callable[[Table], object]) -> Callable[[Entry], None]:
    """A change that does ``act`` for ``seat`` once ``token`` still opens it on the
    committed table (the change runs on the copy caught up with the store): a connection
    greeted here with a token a reseat on another worker replaced, not yet told of it,
    acts for nobody."""

    def change(entry: Entry) -> None:
        entry.table.check_seat(seat, token)
        act(entry.table)

    return change
