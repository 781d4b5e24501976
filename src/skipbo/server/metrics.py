"""What a server counts for its operators: ``GET /metrics`` in Prometheus' text format.

Both servers count the same things (docs/deploy.md, "Reading the metrics"):
people's moves accepted and refused, the time from a move received to every
local view sent, the database time of a change, bot decisions, open WebSockets,
tables in memory, refusals by code, store outages and Redis losses, and the
garbage collector's pauses (:mod:`.gcpauses`).

A cluster started by ``skipbo serve --workers N`` runs N processes behind one
port, and a scrape reaches any one of them; so the command points
``PROMETHEUS_MULTIPROC_DIR`` at a fresh folder before any worker starts and
each process writes its values there (prometheus-client's multiprocess mode):
``/metrics`` on any worker then adds every worker's counters and histograms,
and lists the gauges per worker (a ``pid`` label). Workers on other hosts are
scraped on their own hosts. The mode is chosen once, when this module is
imported, as prometheus-client chooses it.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from fastapi import FastAPI
from fastapi.responses import Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

T = TypeVar("T")

ENV_DIR = "PROMETHEUS_MULTIPROC_DIR"
MULTIPROCESS = bool(os.environ.get(ENV_DIR))
"""Whether this process writes its values where its sibling workers' are read."""
GAUGE_SECONDS = 2.0
"""How often a server states its gauges (a scrape may be answered by another worker)."""
LATENCY = (0.001, 0.0025, 0.005, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Histogram buckets in seconds, around the 50 ms p99 target of a move."""

MOVES = Counter("skipbo_moves", "People's moves received over WebSocket, by outcome", ["outcome"])
MOVE_SECONDS = Histogram(
    "skipbo_move_seconds",
    "From a person's move received to every view of this server's connections sent",
    buckets=LATENCY,
)
CHANGE_DB_SECONDS = Histogram(
    "skipbo_change_db_seconds",
    "Database time of one stored change (one process: the wait for the group commit;"
    " cluster: the row lock and read, then the writes and COMMIT)",
    buckets=LATENCY,
)
BOT_SECONDS = Histogram(
    "skipbo_bot_decision_seconds", "Time a bot took to choose a move", buckets=LATENCY
)
REFUSALS = Counter(
    "skipbo_refusals", "Refused WebSocket messages and HTTP requests, by code", ["code"]
)
STORAGE_ERRORS = Counter(
    "skipbo_storage_errors", "Requests and messages refused because the store was unreachable"
)
REDIS_LOSSES = Counter("skipbo_redis_losses", "Times a cluster worker lost its Redis subscription")
REDIS_PUBLISH_FAILURES = Counter(
    "skipbo_redis_publish_failures", "News a cluster worker could not publish to Redis"
)
GC_PAUSE_SECONDS = Histogram(
    "skipbo_gc_pause_seconds",
    "Garbage collections of the server's process, by generation (the event loop stops)",
    ["generation"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25),
)
MOVES_ACCEPTED = MOVES.labels("accepted")
MOVES_REFUSED = MOVES.labels("refused")
"""The two children of :data:`MOVES`, bound once: ``labels()`` takes a lock and looks
the child up on every call, which a move should not pay for."""
GC_PAUSES_BY_GENERATION = tuple(GC_PAUSE_SECONDS.labels(str(g)) for g in range(3))
""":data:`GC_PAUSE_SECONDS`' child of each generation, bound once (see above)."""
CONNECTIONS = Gauge("skipbo_connections", "Open WebSockets", multiprocess_mode="liveall")
TABLES = Gauge("skipbo_tables_in_memory", "Tables held in memory", multiprocess_mode="liveall")


def exposition() -> tuple[bytes, str]:
    """The text of a scrape and its content type: every worker's values in a cluster."""
    if not MULTIPROCESS:
        return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    return generate_latest(registry), CONTENT_TYPE_LATEST


def fresh_directory(path: str) -> None:
    """Empty a multiprocess folder of a previous run's files (prometheus-client asks it)."""
    folder = Path(path)
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.db"):
        old.unlink()


def process_gone() -> None:
    """This worker stops: its live gauges leave the sums (multiprocess mode only)."""
    if MULTIPROCESS:
        multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]


async def timed_move(work: Awaitable[T]) -> T:
    """``await work``, a person's move: counted by outcome, timed when it is accepted."""
    started = time.perf_counter()
    try:
        done = await work
    except BaseException:
        MOVES_REFUSED.inc()
        raise
    MOVES_ACCEPTED.inc()
    MOVE_SECONDS.observe(time.perf_counter() - started)
    return done


async def timed(histogram: Histogram, work: Awaitable[T]) -> T:
    """``await work``, its duration observed by ``histogram``."""
    started = time.perf_counter()
    try:
        return await work
    finally:
        histogram.observe(time.perf_counter() - started)


async def keep_gauges(tables: Callable[[], int]) -> None:
    """State the number of tables in memory every :data:`GAUGE_SECONDS` (until cancelled)."""
    while True:
        TABLES.set(tables())
        await asyncio.sleep(GAUGE_SECONDS)


def add_metrics_route(app: FastAPI) -> None:
    """``GET /metrics``: for the operators' Prometheus (keep it off the public address)."""

    @app.get("/metrics", include_in_schema=False)
    async def scrape() -> Response:
        body, kind = exposition()
        return Response(body, media_type=kind)


def refused(code: str) -> None:
    """Count one refusal of ``code`` (and a store outage as such)."""
    REFUSALS.labels(code).inc()
    if code == "storage_unavailable":
        STORAGE_ERRORS.inc()
