"""What the routes and the WebSocket need of a server's tables, whatever holds them.

One process (:class:`~.local.LocalTables`: tables in memory, moves committed to
SQLite or PostgreSQL) and a cluster worker
(:class:`~.cluster.service.ClusterTables`: every change one PostgreSQL
transaction, news through Redis) both offer this interface, so that every HTTP
route (:mod:`.routes`) and every WebSocket message (:mod:`.ws`) is written once
and a feature added there works on both servers.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, Protocol

from starlette.websockets import WebSocket

from .config import TableConfig
from .hub import Connection
from .tables import Table


class TableSource(Protocol):
    """Finished rounds to read (replays, analyses): a table as stored."""

    async def fetch(self, code: str) -> Table:
        """The table of ``code``; :class:`~.config.TableError` if there is none."""
        ...


class TableService(TableSource, Protocol):
    """Tables, seats and connections: each method checks, stores, then shows.

    Every change is stored before anyone is shown it; a refusal raises
    :class:`~.config.TableError` and changes nothing.
    """

    def health(self) -> dict[str, Any]:
        """What ``/api/health`` says of this server."""
        ...

    async def readiness(self) -> dict[str, bool]:
        """Each service this server needs, and whether it answers now (``/readyz``)."""
        ...

    async def start(self) -> None:
        """Begin serving (bots that owed a move, background loops)."""
        ...

    async def stop(self) -> None:
        """Stop every task and release what the service opened."""
        ...

    def sweep(self, idle_seconds: float) -> None:
        """Free from memory the tables nobody uses (they stay stored)."""
        ...

    async def create(self, config: TableConfig, name: str | None) -> dict[str, Any]:
        """A new table (``name`` takes its first open seat): code, seat, token, view."""
        ...

    async def join(self, code: str, name: str) -> dict[str, Any]:
        """``name`` takes the first open seat: code, seat, token and the seat's view."""
        ...

    async def leave(self, code: str, token: str) -> dict[str, Any]:
        """The seat of ``token`` is given back before the start: code and seat."""
        ...

    async def fill(self, code: str, token: str, bot: str) -> dict[str, Any]:
        """Bots take the open seats (asked by a seated person); the game starts."""
        ...

    async def time_out(self, code: str) -> None:
        """A slow game's turn ran past its deadline (see :meth:`.tables.Table.time_out`)."""
        ...

    async def reseat(self, code: str, seat: int) -> dict[str, Any]:
        """A new token for ``seat`` (its player, checked by the caller, is back)."""
        ...

    async def rename_seat(self, code: str, seat: int, name: str) -> None:
        """``seat`` shows ``name`` to everyone at once (its player's account was deleted)."""
        ...

    async def public_view(self, code: str) -> dict[str, Any]:
        """What a spectator sees of the table now."""
        ...

    async def record(self, code: str, round_index: int) -> dict[str, Any]:
        """The ``skipbo-record/1`` of a finished round."""
        ...

    async def connect(self, code: str, websocket: WebSocket) -> tuple[str, Connection]:
        """A new listener of the table: its canonical code and the connection."""
        ...

    async def disconnect(self, code: str, conn: Connection) -> None:
        """The connection closed; its seat's last connection gone is shown to all."""
        ...

    async def hello(self, conn: Connection, code: str, token: str | None) -> None:
        """``conn`` takes the seat of ``token`` (None: watches) and gets its view."""
        ...

    async def move(
        self,
        conn: Connection,
        code: str,
        seat: int,
        token: str,
        move: str,
        at: tuple[int, int] | None,
    ) -> None:
        """Play ``move`` for ``seat`` on the position ``at`` its player saw."""
        ...

    async def send_state(self, conn: Connection, code: str) -> None:
        """Send ``conn`` the table as it is now (after a refused move)."""
        ...

    async def within_rate(self, code: str, seat: int) -> bool:
        """Spend one of ``seat``'s messages (all its connections together); False past its rate.

        A person who opens more connections, or reconnects to another worker, gets
        no more messages for it.
        """
        ...

    # Each request below acts for ``seat`` with the ``token`` its connection said hello
    # with, and is refused (``wrong_token``) where the table as committed says that token
    # no longer opens the seat (:meth:`~.tables.Table.check_seat`): a cluster worker's
    # connection learns of a reseat elsewhere only a moment later.

    async def ready(self, code: str, seat: int, token: str) -> None:
        """``seat`` asks for the next round (dealt once every present person asked)."""
        ...

    async def resign(self, code: str, seat: int, token: str) -> None:
        """``seat`` gives up: the game ends (two sides) or a bot takes the seat."""
        ...

    async def back(self, code: str, seat: int, token: str) -> None:
        """The person takes their seat back from the bot playing for them."""
        ...

    async def hint(self, conn: Connection, code: str, seat: int, token: str) -> None:
        """Send ``conn`` the expert's move for its seat (dropped if the table moved on)."""
        ...

    async def react(self, code: str, seat: int, token: str, reaction: str) -> None:
        """Every connection of the table, on every worker, is shown ``seat``'s preset
        ``reaction`` (an id of :data:`.messages.REACTIONS`); nothing is stored."""
        ...


READY_SECONDS = 2.0
"""How long a readiness check waits for a service to answer."""


async def answers(check: Awaitable[object]) -> bool:
    """Whether ``check`` completes within :data:`READY_SECONDS` without an error."""
    try:
        await asyncio.wait_for(check, READY_SECONDS)
    except Exception:
        return False
    return True
