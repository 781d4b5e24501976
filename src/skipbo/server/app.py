"""The ASGI app: HTTP for the lobby, one WebSocket per player or spectator (:mod:`.ws`).

The server is the only authority (design.md, "The path of one move"): a request
is validated against the schema, the table checks it (rules via the core) and
stores it before anyone is told. A refusal is a coded error (:mod:`.errors`).
Tables nobody uses are freed from memory by a periodic sweep and read back from
storage when someone asks for their code.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from concurrent.futures import Executor, ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

from skipbo.bots import bot_names, ladder_names

from .analysis import ANALYSES_PER_MINUTE, add_analysis_route
from .config import TableConfig, TableError
from .guard import CREATE_PER_MINUTE, CreateLimiter, SecurityHeaders, add_error_handlers
from .hub import Hub
from .messages import RATE_PER_SECOND, CreateTableRequest, JoinRequest, TokenRequest
from .replay import add_replay_routes
from .storage import Storage
from .tables import Table, TableRegistry
from .timers import GRACE_SECONDS
from .ws import add_websocket_route

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
"""The table page: plain HTML, CSS and JavaScript, no build step."""
IDLE_SECONDS = 30 * 60.0
"""A table nobody is connected to and nobody moved at for this long is freed from memory."""
SWEEP_SECONDS = 60.0


def create_app(
    storage: Storage,
    pool: Executor | None = None,
    rate: float = RATE_PER_SECOND,
    *,
    grace: float = GRACE_SECONDS,
    turn_scale: float = 1.0,
    create_limit: int = CREATE_PER_MINUTE,
    analysis_limit: int = ANALYSES_PER_MINUTE,
    idle_seconds: float = IDLE_SECONDS,
    sweep_seconds: float = SWEEP_SECONDS,
) -> FastAPI:
    """The app over ``storage``; every stored table is restored before it serves.

    ``pool`` runs the bots (default: a small thread pool, shut down with the app);
    ``rate`` is how many messages a second one connection may send; ``grace`` how
    long a person may be away before a bot plays for them; ``turn_scale`` real
    seconds per second of a turn timer (tests shrink it); ``create_limit`` tables
    per client and minute (0: no limit); ``analysis_limit`` uploaded records
    analysed per client and minute (0: no limit); tables unused for ``idle_seconds`` (or
    finished) are freed from memory every ``sweep_seconds``.
    """
    registry = TableRegistry.restore_all(storage)
    own_pool = pool is None
    bot_pool = pool or ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")
    hub = Hub(registry, bot_pool, rate, grace=grace, turn_scale=turn_scale)

    async def sweep() -> None:
        while True:
            await asyncio.sleep(sweep_seconds)
            for code in registry.expire(idle_seconds, hub.in_use):
                hub.forget(code)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        for table in registry.tables.values():
            hub.wake_bots(table)  # bots that owed a move when the server stopped
        sweeper = asyncio.create_task(sweep())
        yield
        sweeper.cancel()
        await hub.close()
        if own_pool:
            hub.pool.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(title="Skip-Bo", lifespan=lifespan)
    app.add_middleware(SecurityHeaders)
    app.state.registry = registry
    app.state.hub = hub
    add_error_handlers(app, [CreateTableRequest, JoinRequest, TokenRequest])
    _add_http_routes(app, registry, hub, CreateLimiter(create_limit))
    add_websocket_route(app, registry, hub)
    add_replay_routes(app, registry)
    add_analysis_route(app, registry, analysis_limit)
    return app


def add_page_routes(app: FastAPI) -> None:
    """The page, its files, the favicon and the bot list: the same in every mode."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/")
    async def home() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/favicon.ico", response_model=None)
    async def favicon() -> Response:
        icon = STATIC / "favicon.svg"
        if not icon.is_file():
            raise TableError("not_found")
        return FileResponse(icon, media_type="image/svg+xml")

    @app.get("/api/bots")
    async def bots() -> dict[str, Any]:
        """Every bot a seat can hold, and the ladder's levels weakest first (the
        quick game offers only those, in that order)."""
        return {"bots": bot_names(), "ladder": ladder_names()}


def _add_http_routes(
    app: FastAPI, registry: TableRegistry, hub: Hub, limiter: CreateLimiter
) -> None:
    add_page_routes(app)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "tables": len(registry.tables)}

    @app.post("/api/tables")
    async def create(body: CreateTableRequest, request: Request) -> dict[str, Any]:
        config = TableConfig.make(
            body.players,
            body.stock,
            body.teams,
            body.target,
            body.seats,
            body.turn_seconds,
            body.hints,
        )
        if body.name is not None and "human" not in config.seats:
            raise TableError("bots_only_name", "name")
        client = request.client.host if request.client else "?"
        if not limiter.allow(client):
            raise TableError("too_many_tables", limit=limiter.per_minute)
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
