"""The WebSocket ``/ws/{code}``: one connection per player or spectator.

A message is validated against the schema (:mod:`.messages`), then the server's
:class:`~.service.TableService` (one process or a cluster worker: this code is
the same for both) checks the token, the turn, the position the player saw and
(via the core) the move, stores it, and only then does every connection get its
own view. A refused message gets
``{"type": "error", "code", "params", "error"}`` and changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import NamedTuple

from fastapi import FastAPI
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import logs, metrics
from .config import TableError
from .errors import CodedError
from .hub import Connection
from .messages import (
    BackRequest,
    Hello,
    HintRequest,
    MessageError,
    MoveRequest,
    NextRequest,
    ReactRequest,
    Request,
    ResignRequest,
    parse_client_message,
)
from .service import TableService
from .storage.outage import is_outage

log = logging.getLogger(__name__)


def add_websocket_route(app: FastAPI, service: TableService) -> None:
    """``/ws/{code}``: hello, move, next, resign, back, hint, react."""

    @app.websocket("/ws/{code}")
    async def play(websocket: WebSocket, code: str) -> None:
        await websocket.accept()
        metrics.CONNECTIONS.inc()
        try:
            await _serve(service, websocket, code)
        finally:
            metrics.CONNECTIONS.dec()


async def _serve(service: TableService, websocket: WebSocket, code: str) -> None:
    """One accepted socket: joined to its table, served until it closes."""
    try:
        code, conn = await service.connect(code, websocket)
    except TableError as exc:
        await websocket.send_json(exc.message())
        await websocket.close(code=4404)
        return
    try:
        await serve_messages(conn, code, lambda raw: handle(service, conn, code, raw))
    except WebSocketDisconnect:
        pass
    finally:
        await service.disconnect(code, conn)


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
            refused(exc, code)
            await conn.send(exc.message())
        except Exception as exc:  # a bug must cost one message, never the connection
            await conn.send(failure(exc, code).message())


def refused(exc: CodedError, code: str) -> None:
    """Count and log one refused message: its code and table, nothing the player sent."""
    metrics.refused(exc.code)
    logs.event(log, logging.INFO, "refused", code=exc.code, table=code)


def failure(exc: Exception, code: str) -> CodedError:
    """The refusal for a message that failed: retryable while the store is away
    (one warning line), else an internal error (logged with its traceback)."""
    if is_outage(exc):
        metrics.refused("storage_unavailable")
        error = type(exc).__name__
        logs.event(log, logging.WARNING, "storage_unavailable", table=code, error=error)
        return CodedError("storage_unavailable")
    metrics.refused("internal")
    log.exception("message at table %s failed", code, exc_info=exc)
    return CodedError("internal")


class Acting(NamedTuple):
    """A request other than hello, the seat it acts for and that seat's token."""

    seat: int
    token: str
    request: Request


def admit(conn: Connection, raw: str | bytes | None) -> Hello | Acting:
    """The connection's message if it may be asked now: within the rate limit,
    valid, and (apart from a hello) from a greeted player who holds a seat.
    Raises the refusal otherwise."""
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


async def handle(
    service: TableService, conn: Connection, code: str, raw: str | bytes | None
) -> None:
    """One message of ``conn`` at table ``code``, admitted, then asked of ``service``."""
    admitted = admit(conn, raw)
    if isinstance(admitted, Hello):
        conn.resigned = False
        await service.hello(conn, code, admitted.token)
        return
    seat, token, request = admitted
    if not await service.within_rate(code, seat):
        raise MessageError("rate_limited")
    if isinstance(request, MoveRequest):
        await _move(service, conn, code, admitted, request)
    elif isinstance(request, NextRequest):
        await service.ready(code, seat, token)
    elif isinstance(request, ResignRequest):
        await service.resign(code, seat, token)
    elif isinstance(request, BackRequest):
        await service.back(code, seat, token)
    elif isinstance(request, HintRequest):
        await service.hint(conn, code, seat, token)
    elif isinstance(request, ReactRequest):
        await _react(service, conn, code, admitted, request)


async def _react(
    service: TableService, conn: Connection, code: str, acting: Acting, request: ReactRequest
) -> None:
    """A preset reaction, within the connection's own reaction rate (a clear refusal past it)."""
    if not conn.reactions.allow():
        per_minute = round(conn.reactions.rate * 60)
        raise MessageError(
            "too_many_reactions", burst=round(conn.reactions.burst), per_minute=per_minute
        )
    await service.react(code, acting.seat, acting.token, request.reaction)


async def _move(
    service: TableService, conn: Connection, code: str, acting: Acting, request: MoveRequest
) -> None:
    """A refused stale move is answered with the refusal and the table as it is now."""
    try:
        await metrics.timed_move(
            service.move(conn, code, acting.seat, acting.token, request.move, request.at)
        )
    except TableError as exc:
        if exc.code != "table_moved_on":
            raise
        refused(exc, code)
        await conn.send(exc.message())
        await service.send_state(conn, code)
