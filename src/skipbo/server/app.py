"""The ASGI app: HTTP for the lobby, one WebSocket per player or spectator.

The server is the only authority (design.md, "The path of one move"): a message
is validated against the schema, the table checks the token, the turn and (via
the core) the move, stores it, and only then does every connection get its own
view. A refused message gets ``{"type": "error"}`` and changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from concurrent.futures import Executor, ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from skipbo.bots import bot_names

from .config import TableConfig, TableError
from .hub import Connection, Hub
from .messages import (
    RATE_PER_SECOND,
    CreateTableRequest,
    Hello,
    JoinRequest,
    MessageError,
    MoveRequest,
    TokenRequest,
    parse_client_message,
)
from .replay import add_replay_routes
from .storage import Storage
from .tables import Table, TableRegistry

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
"""The table page: plain HTML, CSS and JavaScript, no build step."""


def create_app(
    storage: Storage, pool: Executor | None = None, rate: float = RATE_PER_SECOND
) -> FastAPI:
    """The app over ``storage``; every stored table is restored before it serves.

    ``pool`` runs the bots (default: a small thread pool, shut down with the app);
    ``rate`` is how many messages a second one connection may send.
    """
    registry = TableRegistry.restore_all(storage)
    own_pool = pool is None
    bot_pool = pool or ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")
    hub = Hub(registry, bot_pool, rate)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        for table in registry.tables.values():
            hub.wake_bots(table)  # bots that owed a move when the server stopped
        yield
        await hub.close()
        if own_pool:
            hub.pool.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(title="Skip-Bo", lifespan=lifespan)
    app.state.registry = registry
    app.state.hub = hub
    _add_http_routes(app, registry, hub)
    _add_websocket_route(app, registry, hub)
    add_replay_routes(app, registry)
    return app


def _add_http_routes(app: FastAPI, registry: TableRegistry, hub: Hub) -> None:
    @app.exception_handler(TableError)
    async def refused(request: Request, exc: TableError) -> JSONResponse:
        status = 404 if str(exc) == "no table with this code" else 400
        return JSONResponse({"error": str(exc)}, status_code=status)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/")
    async def home() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "tables": len(registry.tables)}

    @app.get("/api/bots")
    async def bots() -> dict[str, Any]:
        return {"bots": bot_names()}

    @app.post("/api/tables")
    async def create(body: CreateTableRequest) -> dict[str, Any]:
        config = TableConfig.make(body.players, body.stock, body.teams, body.target, body.seats)
        if body.name is not None and "human" not in config.seats:
            raise TableError("a table of bots only has no seat for a name")
        table = registry.create(config)
        out: dict[str, Any] = {"code": table.code}
        if body.name is not None:
            out.update(await _join(table, hub, body.name))
        else:
            await hub.changed(table)
        out["table"] = table.view_for(out.get("seat"))
        return out

    @app.post("/api/tables/{code}/join")
    async def join(code: str, body: JoinRequest) -> dict[str, Any]:
        table = registry.get(code)
        joined = await _join(table, hub, body.name)
        return {"code": table.code, **joined, "table": table.view_for(joined["seat"])}

    @app.post("/api/tables/{code}/leave")
    async def leave(code: str, body: TokenRequest) -> dict[str, Any]:
        table = registry.get(code)
        seat = table.leave(body.token)
        await hub.changed(table)
        return {"code": table.code, "seat": seat}

    @app.get("/api/tables/{code}")
    async def info(code: str) -> dict[str, Any]:
        return registry.get(code).view_for(None)

    @app.get("/api/tables/{code}/records/{round_index}")
    async def record(code: str, round_index: int) -> dict[str, Any]:
        return registry.get(code).record(round_index)


async def _join(table: Table, hub: Hub, name: str) -> dict[str, Any]:
    seat, token = table.join(name)
    await hub.changed(table)
    return {"seat": seat, "token": token}


def _add_websocket_route(app: FastAPI, registry: TableRegistry, hub: Hub) -> None:
    @app.websocket("/ws/{code}")
    async def play(websocket: WebSocket, code: str) -> None:
        await websocket.accept()
        try:
            table = registry.get(code)
        except TableError as exc:
            await websocket.send_json({"type": "error", "error": str(exc)})
            await websocket.close(code=4404)
            return
        conn = hub.connect(table.code, websocket)
        try:
            await _serve(conn, table, hub)
        except WebSocketDisconnect:
            pass
        finally:
            hub.remove(table.code, conn)


async def _serve(conn: Connection, table: Table, hub: Hub) -> None:
    """Answer one connection's messages until it closes."""
    while True:
        message = await conn.websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        try:
            await _handle(conn, table, hub, message.get("text") or message.get("bytes"))
        except (MessageError, TableError) as exc:
            await conn.send({"type": "error", "error": str(exc)})
        except Exception:  # a bug must cost one message, never the connection
            log.exception("message at table %s failed", table.code)
            await conn.send({"type": "error", "error": "internal error"})


async def _handle(conn: Connection, table: Table, hub: Hub, raw: str | bytes | None) -> None:
    if not conn.limiter.allow():
        raise MessageError("rate limit exceeded: slow down")
    request = parse_client_message(raw)
    if isinstance(request, Hello):
        seat = None if request.token is None else table.authenticate(request.token)
        conn.seat, conn.token, conn.greeted = seat, request.token, True
        await hub.send_state(conn, table)
        hub.wake_bots(table)
        return
    if not conn.greeted:
        raise MessageError("say hello first")
    if conn.token is None or conn.seat is None:
        raise TableError("a spectator cannot act")
    if isinstance(request, MoveRequest):
        await table.play_async(conn.seat, conn.token, request.move)
    else:
        await table.advance_async(conn.token)
    await hub.changed(table)
