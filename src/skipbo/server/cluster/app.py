"""The ASGI app of one cluster worker: the same routes and protocol as one process.

:func:`create_cluster_app` builds it; ``skipbo serve --workers N --redis ...``
starts N uvicorn workers on :func:`app_from_env` (uvicorn imports the factory
in each process; the URLs come from the environment the command set).
"""

from __future__ import annotations

import asyncio
import os
import socket
import uuid
from collections.abc import AsyncIterator
from concurrent.futures import Executor, ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from starlette.concurrency import run_in_threadpool

from ..analysis import add_analysis_route
from ..app import IDLE_SECONDS, SWEEP_SECONDS, add_page_routes
from ..config import TableConfig, TableError
from ..guard import CREATE_PER_MINUTE, CreateLimiter, SecurityHeaders, add_error_handlers
from ..messages import RATE_PER_SECOND, CreateTableRequest, JoinRequest, TokenRequest
from ..replay import add_replay_routes
from ..storage import PostgresStorage, StoredTable
from ..tables import Table, TableRegistry
from ..timers import GRACE_SECONDS
from .db import ClusterDb
from .hub import TICK_SECONDS, ClusterHub
from .notify import Notifier
from .ws import add_cluster_websocket_route

ENV_DB = "SKIPBO_CLUSTER_DB"
ENV_REDIS = "SKIPBO_CLUSTER_REDIS"
ENV_CREATE_LIMIT = "SKIPBO_CLUSTER_CREATE_LIMIT"
ENV_GRACE = "SKIPBO_CLUSTER_GRACE"
ENV_TURN_SCALE = "SKIPBO_CLUSTER_TURN_SCALE"


def worker_name() -> str:
    """A name no other worker ever had (host, process, random): leases and counts use it."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class StoredRegistry(TableRegistry):
    """Tables read from PostgreSQL on every request (the replay of a finished round)."""

    def get(self, code: str) -> Table:
        code = code.strip().upper()
        stored: StoredTable | None = self.storage.load_table(code)
        if stored is None:
            raise TableError("no_table")
        return Table.restore(stored, self.storage)

    async def fetch(self, code: str) -> Table:
        """:meth:`get` in the threadpool: a PostgreSQL read must not hold up the
        event loop, which serves every WebSocket of this worker."""
        return await run_in_threadpool(self.get, code)


def create_cluster_app(
    db_url: str,
    redis_url: str,
    pool: Executor | None = None,
    rate: float = RATE_PER_SECOND,
    *,
    grace: float = GRACE_SECONDS,
    turn_scale: float = 1.0,
    create_limit: int = CREATE_PER_MINUTE,
    idle_seconds: float = IDLE_SECONDS,
    sweep_seconds: float = SWEEP_SECONDS,
    tick: float = TICK_SECONDS,
) -> FastAPI:
    """One worker over PostgreSQL ``db_url`` and Redis ``redis_url`` (see :mod:`.hub`)."""
    worker = worker_name()
    own_pool = pool is None
    bot_pool = pool or ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")
    db = ClusterDb(db_url, worker)
    hub = ClusterHub(db, bot_pool, rate, grace=grace, turn_scale=turn_scale, tick=tick)
    notifier = Notifier(redis_url, hub.heard, hub.on_subscribed)
    hub.publish = notifier.publish

    async def sweep() -> None:
        while True:
            await asyncio.sleep(sweep_seconds)
            hub.sweep(idle_seconds)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await db.open()
        notifier.start()
        hub.start()
        sweeper = asyncio.create_task(sweep())
        yield
        sweeper.cancel()
        await hub.close()
        await notifier.close()
        await db.close()
        if own_pool:
            bot_pool.shutdown(wait=False, cancel_futures=True)
        registry.storage.close()

    app = FastAPI(title="Skip-Bo", lifespan=lifespan)
    app.add_middleware(SecurityHeaders)
    app.state.hub = hub
    app.state.worker = worker
    add_error_handlers(app, [CreateTableRequest, JoinRequest, TokenRequest])
    add_page_routes(app)
    _add_table_routes(app, hub, worker, CreateLimiter(create_limit))
    add_cluster_websocket_route(app, hub)
    registry = StoredRegistry(PostgresStorage(db_url))
    add_replay_routes(app, registry)
    add_analysis_route(app, registry)
    return app


def _add_table_routes(app: FastAPI, hub: ClusterHub, worker: str, limiter: CreateLimiter) -> None:
    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "tables": len(hub.entries), "worker": worker}

    @app.post("/api/tables")
    async def create(body: CreateTableRequest, request: Request) -> dict[str, Any]:
        config = TableConfig.make(
            body.players, body.stock, body.teams, body.target, body.seats, body.turn_seconds
        )
        if body.name is not None and "human" not in config.seats:
            raise TableError("bots_only_name", "name")
        client = request.client.host if request.client else "?"
        if not limiter.allow(client):
            raise TableError("too_many_tables", limit=limiter.per_minute)
        entry = await hub.create(config)
        out: dict[str, Any] = {"code": entry.table.code}
        if body.name is not None:
            out.update(await _join(hub, entry.table.code, body.name))
        out["table"] = hub.entries[entry.table.code].table.view_for(out.get("seat"))
        return out

    @app.post("/api/tables/{code}/join")
    async def join(code: str, body: JoinRequest) -> dict[str, Any]:
        entry = await hub.entry(code)
        joined = await _join(hub, entry.table.code, body.name)
        table = hub.entries[entry.table.code].table
        return {"code": table.code, **joined, "table": table.view_for(joined["seat"])}

    @app.post("/api/tables/{code}/leave")
    async def leave(code: str, body: TokenRequest) -> dict[str, Any]:
        entry = await hub.entry(code)
        seat = await hub.change(entry.table.code, lambda e: e.table.leave(body.token))
        return {"code": entry.table.code, "seat": seat}

    @app.get("/api/tables/{code}")
    async def info(code: str) -> dict[str, Any]:
        return (await hub.fresh(code)).table.view_for(None)

    @app.get("/api/tables/{code}/records/{round_index}")
    async def record(code: str, round_index: int) -> dict[str, Any]:
        return (await hub.fresh(code)).table.record(round_index)


async def _join(hub: ClusterHub, code: str, name: str) -> dict[str, Any]:
    seat, token = await hub.change(code, lambda e: e.table.join(name))
    return {"seat": seat, "token": token}


def app_from_env() -> FastAPI:
    """The worker app of ``skipbo serve --workers N`` (uvicorn calls it in each process).

    ``SKIPBO_CLUSTER_GRACE`` (seconds) and ``SKIPBO_CLUSTER_TURN_SCALE`` shorten the
    clocks for tests, as ``create_app(grace=..., turn_scale=...)`` does in one process.
    """
    env = os.environ
    return create_cluster_app(
        env[ENV_DB],
        env[ENV_REDIS],
        create_limit=int(env.get(ENV_CREATE_LIMIT, CREATE_PER_MINUTE)),
        grace=float(env.get(ENV_GRACE, GRACE_SECONDS)),
        turn_scale=float(env.get(ENV_TURN_SCALE, 1.0)),
    )
