"""Replay a ``skipbo-record/1`` for the replay page: one public view per step.

The page never computes a rule: it gets the list of steps ``[{move, seat, view}]``
worked out here by the core (``parse_record``, ``start_round``, ``Round.play``) and
only shows them. Every view is ``player_view(state, None)``, the spectators' public
view. A finished record holds the whole deal and is public, so then each step also
has ``hands``, every seat's hand at that step (the replay page shows them); an
unfinished record's steps never do. The first step has ``move`` null: the
position as dealt.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from starlette.concurrency import run_in_threadpool

from skipbo.core import (
    Record,
    ReplayOutcome,
    Round,
    SkipBoError,
    card_name,
    parse_move,
    parse_record,
    player_view,
    replay,
    start_round,
)

from .errors import CodedError
from .guard import coded_response
from .service import TableSource

MAX_RECORD_BYTES = 2 * 1024 * 1024
"""The largest upload taken (a full record is about 1 KiB of deck plus its moves)."""
MAX_REPLAYED_MOVES = 5000
"""The most moves a replayed record may hold: real rounds hold a few hundred, and every
step is a view (about 1 KiB of answer, several in memory), so 2 MiB of moves (a round
that never ends is legal, and some 150,000 moves fit) would be a 100 MB answer and most
of a gigabyte of memory for one request, which nothing limits per client."""


class ReplayError(CodedError):
    """A record that cannot be replayed; the code says why, for the page."""


def decode_upload(raw: bytes) -> Any:
    """The one record in an uploaded ``.json`` or ``.jsonl`` body.

    A JSON Lines file must hold exactly one non-empty line: the page replays one round.
    """
    if len(raw) > MAX_RECORD_BYTES:
        raise ReplayError("record_too_large", max=MAX_RECORD_BYTES)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ReplayError("record_not_utf8") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) > 1:
            raise ReplayError("record_lines", lines=len(lines)) from None
        raise ReplayError("record_not_json") from None


def replay_steps(data: Any) -> dict[str, Any]:
    """``{"names", "rules", "result", "steps": [{move, seat, view, hands?}]}`` of one record.

    Raises :class:`ReplayError` for a bad record or an illegal move (with its index).
    """
    record = parsed_record(data)
    if len(record.moves) > MAX_REPLAYED_MOVES:  # before any of it is replayed
        raise ReplayError("record_too_many_moves", moves=len(record.moves), max=MAX_REPLAYED_MOVES)
    outcome = checked_replay(record)
    state = start_round(record)
    steps: list[dict[str, Any]] = [
        {"move": None, "seat": None, "view": player_view(state, None).to_dict()}
    ]
    hands = [_hands(state)]
    for text in record.moves:
        seat = state.to_move
        state.play(parse_move(text))
        steps.append({"move": text, "seat": seat, "view": player_view(state, None).to_dict()})
        hands.append(_hands(state))
    final = outcome.state or state
    if final.over:  # a finished record: the deal is public, so are the hands
        for step, held in zip(steps, hands, strict=True):
            step["hands"] = held
    names = record.names or [f"seat {i + 1}" for i in range(record.rules.players)]
    result = final.result
    return {
        "names": names,
        "result": None if result is None else result.to_dict(),
        "steps": steps,
    }


def parsed_record(data: Any) -> Record:
    """``data`` as a record, or :class:`ReplayError` ``bad_record`` saying why not."""
    try:
        return parse_record(data)
    except SkipBoError as exc:
        raise ReplayError("bad_record", reason=str(exc)) from None


def checked_replay(record: Record) -> ReplayOutcome:
    """The core's replay of ``record`` (every move, the shuffles, the stated result).

    Raises :class:`ReplayError` when it does not replay (with the illegal move's index).
    """
    outcome = replay(record)
    if not outcome.ok:
        if outcome.index is None:
            raise ReplayError("record_does_not_replay", reason=outcome.error)
        raise ReplayError("record_illegal_move", index=outcome.index, reason=outcome.error)
    return outcome


async def read_upload(request: Request) -> bytes:
    """The request's body, read only while it is at most :data:`MAX_RECORD_BYTES`.

    Raises :class:`ReplayError` ``record_too_large`` (413) as soon as it is bigger:
    by its declared length, or by what arrived.
    """
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_RECORD_BYTES:
        raise ReplayError("record_too_large", max=MAX_RECORD_BYTES)
    raw = b""
    async for chunk in request.stream():  # stop reading as soon as it is too big
        raw += chunk
        if len(raw) > MAX_RECORD_BYTES:
            raise ReplayError("record_too_large", max=MAX_RECORD_BYTES)
    return raw


def _hands(state: Round) -> list[list[str]]:
    return [[card_name(c) for c in state.hand_cards(seat)] for seat in range(state.rules.players)]


def add_replay_routes(app: FastAPI, registry: TableSource) -> None:
    """``POST /api/replay`` (an uploaded record) and ``GET /api/tables/{code}/replay/{i}``."""

    @app.post("/api/replay")
    async def replay_upload(request: Request) -> Any:
        try:
            raw = await read_upload(request)
            # the replay is CPU work: off the event loop, like the bots
            return await run_in_threadpool(lambda: replay_steps(decode_upload(raw)))
        except ReplayError as exc:
            return coded_response(exc)

    @app.get("/api/tables/{code}/replay/{round_index}")
    async def replay_table_round(code: str, round_index: int) -> Any:
        table = await registry.fetch(code)  # TableError -> 404/400 as elsewhere
        record = table.record(round_index)
        try:
            return await run_in_threadpool(replay_steps, record)
        except ReplayError as exc:
            return coded_response(exc)
