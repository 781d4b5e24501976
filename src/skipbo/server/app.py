"""The ASGI app: HTTP for the lobby, one WebSocket per player or spectator (:mod:`.ws`).

The server is the only authority (design.md, "The path of one move"): a request
is validated against the schema, the table checks it (rules via the core) and
stores it before anyone is told. A refusal is a coded error (:mod:`.errors`).
Tables nobody uses are freed from memory by a periodic sweep and read back from
storage when someone asks for their code.

:func:`build_app` is the one app of both servers: every route and message is
written once against a :class:`~.service.TableService`; :func:`create_app` gives
it the tables of one process, :func:`~.cluster.app.create_cluster_app` those of a
cluster worker.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from concurrent.futures import Executor, ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast

from fastapi import FastAPI
from fastapi.responses import FileResponse, Response

from skipbo.bots import bot_names, ladder_names

from . import gcpauses, metrics
from .accounts import Accounts
from .analysis import add_analysis_route
from .bot_gate import hold_bots_if_asked
from .config import TableError
from .delivery import add_delivery_routes
from .guard import (
    BodyLimit,
    ClientLimits,
    CodeGuesses,
    SameOrigin,
    SecurityHeaders,
    SocketLimit,
    add_error_handlers,
)
from .local import LocalTables
from .messages import CreateTableRequest, JoinRequest, TokenRequest
from .online import Online
from .player_routes import PLAYER_MODELS, add_player_routes
from .ratings import BOT_SKILLS
from .replay import add_replay_routes
from .routes import add_table_routes
from .service import TableService
from .settings import ServerSettings
from .storage import Storage
from .storage.outage import is_outage
from .storage.tx import Store
from .tables import TableRegistry
from .ws import add_websocket_route

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
"""The table page: plain HTML, CSS and JavaScript, no build step."""
UPLOADS = frozenset({"/api/replay", "/api/analysis"})
"""The routes that read a record's body themselves, up to 2 MiB (:func:`.replay.read_upload`)."""


def new_bot_pool() -> Executor:
    """The bots' default pool: a small thread pool (bots think off the event loop)."""
    return ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")


def create_app(
    storage: Storage, settings: ServerSettings | None = None, pool: Executor | None = None
) -> FastAPI:
    """The one-process app over ``storage``; every stored table is restored before it serves.

    ``pool`` runs the bots (default: :func:`new_bot_pool`, shut down with the app).
    """
    settings = settings or ServerSettings()
    registry = TableRegistry.restore_all(storage)
    service = LocalTables(registry, pool or new_bot_pool(), settings)
    online = Online(cast(Store, storage))
    service.hub.observe = online.observe
    own_pool = service.hub.pool if pool is None else None
    app = build_app(service, settings, online, own_pool=own_pool)
    app.state.registry = registry
    app.state.hub = service.hub
    hold_bots_if_asked(app, service.hub.gate, settings.hold_bots)
    return app


def build_app(
    service: TableService,
    settings: ServerSettings,
    online: Online,
    own_pool: Executor | None = None,
    limits: ClientLimits | None = None,
) -> FastAPI:
    """The app of either server over ``service``: page, tables, WebSocket, replays,
    analyses, and the sweep that frees unused tables from memory.

    ``own_pool``: a bot pool the app made, shut down when the app stops;
    ``limits``: what each client may do a minute (default: counted in this process,
    by ``settings``).
    """
    limits = limits or ClientLimits.local(
        settings.create_limit, settings.miss_limit, settings.guest_limit
    )

    async def sweep() -> None:
        while True:
            await asyncio.sleep(settings.sweep_seconds)
            service.sweep(settings.idle_seconds)

    async def expire() -> None:
        """Slow games' turns past their deadline (stored: a restart loses none). While
        the store stays away, only the first check it stops is a warning, not every one."""
        away = False
        while True:
            await asyncio.sleep(settings.slow_check_seconds)
            try:
                await online.expire(service.time_out)
                away = False
            except Exception as exc:  # the store away for a moment: next time
                quiet = away and is_outage(exc)
                level = logging.DEBUG if quiet else logging.WARNING
                log.log(level, "slow games' deadlines not checked: %s", exc)
                away = is_outage(exc)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        gcpauses.watch()
        gcpauses.settle()  # started: freeze what lives as long as the process
        sweeper, expirer = asyncio.create_task(sweep()), asyncio.create_task(expire())
        gauges = asyncio.create_task(metrics.keep_gauges(lambda: service.health()["tables"]))
        yield
        sweeper.cancel()
        expirer.cancel()
        gauges.cancel()
        metrics.process_gone()
        await online.drain()
        await service.stop()
        if own_pool is not None:
            own_pool.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(title="Skip-Bo", lifespan=lifespan)
    app.add_middleware(BodyLimit, own=UPLOADS)
    app.add_middleware(CodeGuesses, misses=limits.misses)
    app.add_middleware(SocketLimit, per_address=settings.socket_limit)
    app.add_middleware(SecurityHeaders)
    app.state.service = service
    app.state.online = online
    accounts = Accounts(online.store)
    app.add_middleware(SameOrigin)
    add_error_handlers(app, [CreateTableRequest, JoinRequest, TokenRequest, *PLAYER_MODELS])
    add_page_routes(app)
    metrics.add_metrics_route(app)
    add_table_routes(app, service, online, accounts, limits.create)
    add_player_routes(app, service, online, accounts, limits.guests)
    add_websocket_route(app, service)
    add_replay_routes(app, service)
    add_analysis_route(app, service, settings.analysis_limit)
    return app


def add_page_routes(app: FastAPI) -> None:
    """The page, its files, the favicon and the bot list: the same in every mode
    (the page and its files as :mod:`.delivery` sends them)."""
    app.state.shell = add_delivery_routes(app, STATIC)  # pages, manifest, worker, /static/*

    @app.get("/favicon.ico", response_model=None)
    async def favicon() -> Response:
        icon = STATIC / "favicon.svg"
        if not icon.is_file():
            raise TableError("not_found")
        return FileResponse(icon, media_type="image/svg+xml")

    @app.get("/api/bots")
    async def bots() -> dict[str, Any]:
        """Every bot a seat can hold, the ladder's levels weakest first (the quick game
        offers only those, in that order), and each bot's fixed public rating (the
        number a player's own is shown as, :data:`.ratings.BOT_SKILLS`), so that a
        player can see how they compare."""
        names = bot_names()
        ratings = {name: BOT_SKILLS[name].shown for name in names if name in BOT_SKILLS}
        return {"bots": names, "ladder": ladder_names(), "ratings": ratings}
