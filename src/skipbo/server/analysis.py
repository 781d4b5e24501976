"""``GET /api/tables/{code}/analysis/{i}?seat=N``: the coach's analysis of a finished round.

The same analysis as ``skipbo analyze`` (:mod:`skipbo.coach`): for every decision
of the seat, the win chance after the move played and after the expert's, from
that seat's view only, with lichess-style marks. Only finished rounds are
analysed (a running round's record would show the deck). The analysis takes
seconds of CPU, so it runs off the event loop and is kept for the next asker:
it depends on nothing but the record and the seat.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from fastapi import FastAPI
from starlette.concurrency import run_in_threadpool

from skipbo.coach import MARKS, analyze
from skipbo.core import parse_record

from .config import TableError
from .tables import TableRegistry

KEPT = 32
"""Analyses kept in memory (most recently asked for)."""


def analysis_json(record: dict[str, Any], seat: int) -> dict[str, Any]:
    """Every assessment of ``seat`` in ``record`` and how many of each mark."""
    moves = [a.to_json() for a in analyze(parse_record(record), seat)]
    marks = {name: sum(1 for m in moves if m["mark"] == name) for _, name in reversed(MARKS)}
    return {"seat": seat, "moves": moves, "marks": marks}


def add_analysis_route(app: FastAPI, registry: TableRegistry) -> None:
    """Register the analysis endpoint (a small in-memory cache with it)."""
    cache: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()

    @app.get("/api/tables/{code}/analysis/{round_index}")
    async def analysis(code: str, round_index: int, seat: int = 0) -> dict[str, Any]:
        table = registry.get(code)
        record = table.record(round_index)  # finished rounds only (record_not_ready)
        players = table.config.rules.players
        if not 0 <= seat < players:
            raise TableError("invalid_field", "seat", min=0, max=players - 1)
        key = (table.code, round_index, seat)
        if key not in cache:
            cache[key] = await run_in_threadpool(analysis_json, record, seat)
            while len(cache) > KEPT:
                cache.popitem(last=False)
        cache.move_to_end(key)
        return {"round": round_index, **cache[key]}
