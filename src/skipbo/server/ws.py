"""The WebSocket ``/ws/{code}``: one connection per player or spectator.

A message is validated against the schema (:mod:`.messages`), then the table
checks the token, the turn and (via the core) the move, stores it, and only then
does every connection get its own view. A refused message gets
``{"type": "error", "code", "params", "error"}`` and changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import NamedTuple

from fastapi import FastAPI
from starlette.websockets import WebSocket, WebSocketDisconnect

from .config import TableError
from .errors import CodedError
from .hub import Connection, Hub
from .messages import (
    BackRequest,
    Hello,
    HintRequest,
    MessageError,
    MoveRequest,
    NextRequest,
    Request,
    ResignRequest,
    parse_client_message,
)
from .tables import Table, TableRegistry

log = logging.getLogger(__name__)


def add_websocket_route(app: FastAPI, registry: TableRegistry, hub: Hub) -> None:
    """``/ws/{code}``: hello, move, next, resign, back, hint."""

    @app.websocket("/ws/{code}")
    async def play(websocket: WebSocket, code: str) -> None:
        await websocket.accept()
        try:
            table = registry.get(code)
        except TableError as exc:
            await websocket.send_json(exc.message())
            await websocket.close(code=4404)
            return
        conn = hub.connect(table.code, websocket)
        try:
            await serve_messages(conn, table.code, lambda raw: _handle(conn, table, hub, raw))
        except WebSocketDisconnect:
            pass
        finally:
            await hub.remove(table.code, conn)


async def serve_messages(
    conn: Connection, code: str, handle: Callable[[str | bytes | None], Awaitable[None]]
) -> None:
    """Answer one connection's messages with ``handle`` until it closes."""
    while True:
        message = await conn.websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        try:
            await handle(message.get("text") or message.get("bytes"))
        except CodedError as exc:
            await conn.send(exc.message())
        except Exception:  # a bug must cost one message, never the connection
            log.exception("message at table %s failed", code)
            await conn.send(CodedError("internal").message())


class Acting(NamedTuple):
    """A request other than hello, the seat it acts for and that seat's token."""

    seat: int
    token: str
    request: Request


def admit(conn: Connection, raw: str | bytes | None) -> Hello | Acting:
    """The connection's message if it may be asked now: within the rate limit,
    valid, and (apart from a hello) from a greeted player who holds a seat.
    Raises the refusal otherwise. One process and a cluster worker share this."""
    if not conn.limiter.allow():
        raise MessageError("rate_limited")
    request = parse_client_message(raw)
    if isinstance(request, Hello):
        return request
    if not conn.greeted:
        raise MessageError("say_hello_first")
    if conn.token is None or conn.seat is None:
        raise TableError("resigned" if conn.resigned else "spectator")
    return Acting(conn.seat, conn.token, request)


async def _handle(conn: Connection, table: Table, hub: Hub, raw: str | bytes | None) -> None:
    admitted = admit(conn, raw)
    if isinstance(admitted, Hello):
        seat = None if admitted.token is None else table.authenticate(admitted.token)
        conn.token, conn.resigned = admitted.token, False
        await hub.hello(conn, table, seat)
        return
    seat, token, request = admitted
    if isinstance(request, MoveRequest):
        table.presence.autopilot.discard(seat)  # a person who moves is back
        await table.play_async(seat, token, request.move, request.at)
        await hub.changed(table)
    elif isinstance(request, NextRequest):
        await hub.ready(table, seat)
    elif isinstance(request, ResignRequest):
        await hub.resign(table, seat)
    elif isinstance(request, BackRequest):
        await hub.back(table, seat)
    elif isinstance(request, HintRequest):
        await hub.hint(conn, table, seat)
