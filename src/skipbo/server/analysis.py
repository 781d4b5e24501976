"""The coach's analysis of a finished round: of a table's, or of an uploaded record.

``GET /api/tables/{code}/analysis/{i}?seat=N`` analyses a table's finished round;
``POST /api/analysis?seat=N`` an uploaded ``skipbo-record/1`` (the body, read and
checked as ``POST /api/replay`` does). The same analysis as ``skipbo analyze``
(:mod:`skipbo.coach`): for every decision of the seat, the win chance after the
move played and after the expert's, from that seat's view only, with lichess-style
marks. Only finished rounds are analysed (a running round's record would show the
deck; a finished one is public).

The analysis takes CPU (milliseconds to tens of milliseconds a decision), so it runs
off the event loop, at most :data:`AT_ONCE` at a time, and is kept for the next
asker: it depends on nothing but the record and the seat, so it is kept by the
record's hash and the seat. An upload is refused beyond :data:`MAX_ANALYSED_MOVES`
moves, and one client may have at most ``analysis_limit`` uploads a minute analysed
(one already kept costs nothing and is not counted).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import OrderedDict
from typing import Any

from fastapi import FastAPI, Request
from starlette.concurrency import run_in_threadpool

from skipbo.coach import MARKS, analyze
from skipbo.core import parse_record

from .config import TableError
from .errors import CodedError
from .guard import RateLimiter, client_address
from .replay import checked_replay, decode_upload, parsed_record, read_upload
from .service import TableSource

KEPT = 32
"""Analyses kept in memory (most recently asked for)."""
AT_ONCE = 2
"""Analyses computed at the same time; more wait their turn (the machine's cores are few)."""
MAX_ANALYSED_MOVES = 1500
"""The most moves an uploaded record may hold to be analysed (real rounds hold a few hundred)."""
ANALYSES_PER_MINUTE = 6
"""Uploaded records one client (IP address) may have analysed a minute; 0: no limit."""

Key = tuple[str, int]


def analysis_json(record: dict[str, Any], seat: int) -> dict[str, Any]:
    """Every assessment of ``seat`` in ``record`` and how many of each mark."""
    moves = [a.to_json() for a in analyze(parse_record(record), seat)]
    marks = {name: sum(1 for m in moves if m["mark"] == name) for _, name in reversed(MARKS)}
    return {"seat": seat, "moves": moves, "marks": marks}


def record_hash(record: dict[str, Any]) -> str:
    """A hash of the record's content (the same record in other spacing or key order: same)."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def finished_upload(raw: bytes) -> tuple[dict[str, Any], int]:
    """The uploaded record (as JSON) and its player count, if it may be analysed.

    Refused with a coded error: what ``POST /api/replay`` refuses, more than
    :data:`MAX_ANALYSED_MOVES` moves (``record_too_long``, checked before the
    replay) and a round that is not over (``record_unfinished``).
    """
    data = decode_upload(raw)
    record = parsed_record(data)
    if len(record.moves) > MAX_ANALYSED_MOVES:
        raise CodedError("record_too_long", moves=len(record.moves), max=MAX_ANALYSED_MOVES)
    outcome = checked_replay(record)
    if outcome.state is None or not outcome.state.over:
        raise CodedError("record_unfinished")
    return data, record.rules.players


def check_seat(seat: int, players: int) -> None:
    if not 0 <= seat < players:
        raise TableError("invalid_field", "seat", min=0, max=players - 1)


class Analyses:
    """The analyses kept (by record hash and seat) and the limit on computing them."""

    def __init__(self) -> None:
        self.kept: OrderedDict[Key, dict[str, Any]] = OrderedDict()
        self._running: asyncio.Semaphore | None = None

    def get(self, key: Key) -> dict[str, Any] | None:
        found = self.kept.get(key)
        if found is not None:
            self.kept.move_to_end(key)
        return found

    async def compute(self, key: Key, record: dict[str, Any]) -> dict[str, Any]:
        """The analysis of seat ``key[1]`` in ``record``: kept, or computed in a thread."""
        if self._running is None:  # made in the server's event loop
            self._running = asyncio.Semaphore(AT_ONCE)
        async with self._running:
            found = self.get(key)  # someone may have asked for it meanwhile
            if found is not None:
                return found
            result = await run_in_threadpool(analysis_json, record, key[1])
        self.kept[key] = result
        while len(self.kept) > KEPT:
            self.kept.popitem(last=False)
        return result


def add_analysis_route(
    app: FastAPI, registry: TableSource, limit: int = ANALYSES_PER_MINUTE
) -> None:
    """Register both analysis endpoints (over one in-memory :class:`Analyses`)."""
    analyses = Analyses()
    limiter = RateLimiter(limit)

    @app.get("/api/tables/{code}/analysis/{round_index}")
    async def analysis(code: str, round_index: int, seat: int = 0) -> dict[str, Any]:
        table = await registry.fetch(code)
        record = table.record(round_index)  # finished rounds only (record_not_ready)
        check_seat(seat, table.config.rules.players)
        key = (record_hash(record), seat)
        found = analyses.get(key) or await analyses.compute(key, record)
        return {"round": round_index, **found}

    @app.post("/api/analysis")
    async def analysis_upload(request: Request, seat: int = 0) -> dict[str, Any]:
        raw = await read_upload(request)
        # parsing and replaying the record is CPU work too: off the event loop
        record, players = await run_in_threadpool(finished_upload, raw)
        check_seat(seat, players)
        key = (record_hash(record), seat)
        found = analyses.get(key)
        if found is not None:
            return found
        if not limiter.allow(client_address(request)):
            raise CodedError("too_many_analyses", limit=limiter.per_minute)
        return await analyses.compute(key, record)
