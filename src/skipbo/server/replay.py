"""Replay a ``skipbo-record/1`` for the replay page: one public view per step.

The page never computes a rule: it gets the list of steps ``[{move, seat, view}]``
worked out here by the core (``parse_record``, ``start_round``, ``Round.play``) and
only shows them. Every view is ``player_view(state, None)``, the spectators' public
view, so no hand and no stock below its top is shown even though a finished record
is public anyway. The first step has ``move`` null: the position as dealt.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from skipbo.core import (
    SkipBoError,
    parse_move,
    parse_record,
    player_view,
    replay,
    start_round,
)

from .tables import TableRegistry

MAX_RECORD_BYTES = 2 * 1024 * 1024
"""The largest upload taken (a full record is about 1 KiB of deck plus its moves)."""


class ReplayError(ValueError):
    """A record that cannot be replayed; the message says why, for the page."""


def decode_upload(raw: bytes) -> Any:
    """The one record in an uploaded ``.json`` or ``.jsonl`` body.

    A JSON Lines file must hold exactly one non-empty line: the page replays one round.
    """
    if len(raw) > MAX_RECORD_BYTES:
        raise ReplayError(f"a record may be at most {MAX_RECORD_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ReplayError("a record must be UTF-8 JSON") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) > 1:
            raise ReplayError(
                f"this file holds {len(lines)} lines: upload one record (one line)"
            ) from None
        raise ReplayError("not JSON: upload a skipbo-record/1 file") from None


def replay_steps(data: Any) -> dict[str, Any]:
    """``{"names", "rules", "result", "steps": [{move, seat, view}]}`` of one record.

    Raises :class:`ReplayError` for a bad record or an illegal move (with its index).
    """
    try:
        record = parse_record(data)
    except SkipBoError as exc:
        raise ReplayError(f"bad record: {exc}") from None
    outcome = replay(record)  # checks every move, the shuffles and the stated result
    if not outcome.ok:
        where = "" if outcome.index is None else f" at move {outcome.index}"
        raise ReplayError(f"the record does not replay{where}: {outcome.error}")
    state = start_round(record)
    steps: list[dict[str, Any]] = [
        {"move": None, "seat": None, "view": player_view(state, None).to_json()}
    ]
    for text in record.moves:
        seat = state.to_move
        state.play(parse_move(text))
        steps.append({"move": text, "seat": seat, "view": player_view(state, None).to_json()})
    names = record.names or [f"seat {i + 1}" for i in range(record.rules.players)]
    result = state.result
    return {
        "names": names,
        "result": None if result is None else result.to_json(),
        "steps": steps,
    }


def add_replay_routes(app: FastAPI, registry: TableRegistry) -> None:
    """``POST /api/replay`` (an uploaded record) and ``GET /api/tables/{code}/replay/{i}``."""

    too_big = ReplayError(f"a record may be at most {MAX_RECORD_BYTES} bytes")

    def refused(exc: Exception, status: int = 400) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=status)

    @app.post("/api/replay")
    async def replay_upload(request: Request) -> Any:
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_RECORD_BYTES:
            return refused(too_big, 413)
        raw = b""
        async for chunk in request.stream():  # stop reading as soon as it is too big
            raw += chunk
            if len(raw) > MAX_RECORD_BYTES:
                return refused(too_big, 413)
        try:
            # the replay is CPU work: off the event loop, like the bots
            return await run_in_threadpool(lambda: replay_steps(decode_upload(raw)))
        except ReplayError as exc:
            return refused(exc)

    @app.get("/api/tables/{code}/replay/{round_index}")
    async def replay_table_round(code: str, round_index: int) -> Any:
        record = registry.get(code).record(round_index)  # TableError -> 404/400 as elsewhere
        try:
            return await run_in_threadpool(replay_steps, record)
        except ReplayError as exc:
            return refused(exc)
