"""The ASGI app of one cluster worker: the same routes and protocol as one process.

:func:`create_cluster_app` builds it with :func:`~..app.build_app` over the
worker's :class:`~.service.ClusterTables`; ``skipbo serve --workers N --redis ...``
starts N uvicorn workers on :func:`app_from_env` (uvicorn imports the factory in
each process; the URLs and settings come from the environment the command set).
"""

from __future__ import annotations

import hashlib
import logging
import os
import socket
import time
import uuid
from concurrent.futures import Executor

from fastapi import FastAPI

from .. import logs
from ..app import build_app, new_bot_pool
from ..bot_gate import hold_bots_if_asked
from ..online import Online
from ..settings import ServerSettings
from ..storage import PostgresStorage, StorageUnavailable, safe_url
from .db import ClusterDb
from .hub import ClusterHub
from .limits import SeatBudget, Windows, shared_limits
from .notify import Notifier
from .service import ClusterTables
from .stored import StoredRegistry

log = logging.getLogger(__name__)

ENV_DB = "SKIPBO_CLUSTER_DB"
ENV_REDIS = "SKIPBO_CLUSTER_REDIS"


def worker_name() -> str:
    """A name no other worker ever had (host, process, random): leases and counts use it."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def cluster_key(db_url: str) -> str:
    """A short name of the cluster, the same on every worker: its database, sans password."""
    return hashlib.sha256(safe_url(db_url).encode()).hexdigest()[:12]


def create_cluster_app(
    db_url: str,
    redis_url: str,
    settings: ServerSettings | None = None,
    pool: Executor | None = None,
) -> FastAPI:
    """One worker over PostgreSQL ``db_url`` and Redis ``redis_url`` (see :mod:`.hub`)."""
    settings = settings or ServerSettings()
    worker = worker_name()
    logs.set_worker(worker)
    bot_pool = pool or new_bot_pool()
    db = ClusterDb(db_url, worker)
    hub = ClusterHub(
        db,
        bot_pool,
        settings.rate,
        grace=settings.grace,
        turn_scale=settings.turn_scale,
        tick=settings.tick,
    )
    notifier = Notifier(
        redis_url,
        hub.heard,
        hub.on_subscribed,
        hub.heard_event,
        origin=worker,
        holds=hub.entries.__contains__,
    )
    hub.publish = notifier.publish
    hub.tell = notifier.publish_event
    storage = reach_store(db_url)
    windows = Windows(notifier.redis, cluster_key(db_url))
    budget = SeatBudget(windows, settings.rate)
    service = ClusterTables(hub, db, notifier, StoredRegistry(storage), budget)
    online = Online(storage)
    hub.observe = online.observe
    app = build_app(
        service,
        settings,
        online,
        own_pool=bot_pool if pool is None else None,
        limits=shared_limits(
            windows, settings.create_limit, settings.miss_limit, settings.guest_limit
        ),
    )
    app.state.hub = hub
    app.state.worker = worker
    hold_bots_if_asked(app, hub.gate, settings.hold_bots)
    return app


STORE_WAIT_SECONDS = 1.0
"""How often a worker starting during an outage tries PostgreSQL again."""
STORE_WAIT_SAY_SECONDS = 30.0
"""How often it says it is still waiting."""


def reach_store(db_url: str) -> PostgresStorage:
    """The store, once PostgreSQL answers: a worker (re)started during an outage waits,
    with a warning line now and then, instead of dying with a traceback and being
    started again by its supervisor over and over (it is not ready meanwhile)."""
    said = -STORE_WAIT_SAY_SECONDS
    while True:
        try:
            return PostgresStorage(db_url)
        except StorageUnavailable as exc:
            now = time.monotonic()
            if now - said >= STORE_WAIT_SAY_SECONDS:
                log.warning("worker waits for PostgreSQL: %s", exc)
                said = now
            time.sleep(STORE_WAIT_SECONDS)


def app_from_env() -> FastAPI:
    """The worker app of ``skipbo serve --workers N`` (uvicorn calls it in each process).

    The settings come from :meth:`ServerSettings.from_env` (``SKIPBO_CLUSTER_GRACE``,
    ``SKIPBO_CLUSTER_TURN_SCALE`` and ``SKIPBO_CLUSTER_SLOW_CHECK`` shorten the clocks
    for tests).
    """
    env = os.environ
    return create_cluster_app(env[ENV_DB], env[ENV_REDIS], ServerSettings.from_env(env))
