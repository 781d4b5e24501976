"""The WebSocket ``/ws/{code}`` of a cluster worker: the same protocol as one process.

Every message becomes one change of :class:`~.hub.ClusterHub` (one PostgreSQL
transaction). A move must answer the position its player saw (the ``at`` the
client sends, else the last view this connection was sent): if the game moved on
meanwhile (the same person on two devices, or a view still in flight), the move
is refused with ``table_moved_on`` and the player gets the table as it is now, so
a lost race is never played on a position its player did not see.
"""

from __future__ import annotations

from fastapi import FastAPI
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..config import TableError
from ..hub import Connection
from ..messages import BackRequest, Hello, HintRequest, MoveRequest, NextRequest, ResignRequest
from ..tables import Table
from ..ws import Acting, admit, serve_messages
from .hub import ClusterHub, Entry


def add_cluster_websocket_route(app: FastAPI, hub: ClusterHub) -> None:
    """``/ws/{code}``: hello, move, next, resign, back, hint."""

    @app.websocket("/ws/{code}")
    async def play(websocket: WebSocket, code: str) -> None:
        await websocket.accept()
        try:
            entry = await hub.entry(code)
        except TableError as exc:
            await websocket.send_json(exc.message())
            await websocket.close(code=4404)
            return
        code = entry.table.code
        conn = hub.connect(code, websocket)
        try:
            await serve_messages(conn, code, lambda raw: _handle(conn, code, hub, raw))
        except WebSocketDisconnect:
            pass
        finally:
            await hub.remove(code, conn)


async def _handle(conn: Connection, code: str, hub: ClusterHub, raw: str | bytes | None) -> None:
    admitted = admit(conn, raw)
    if isinstance(admitted, Hello):
        conn.resigned = False
        await hub.hello(conn, code, admitted.token)
        return
    seat, _, request = admitted
    if isinstance(request, MoveRequest):
        await _move(conn, code, hub, admitted, request.move, request.at)
    elif isinstance(request, NextRequest):
        await hub.change(code, lambda e: ready(e.table, seat))
    elif isinstance(request, ResignRequest):
        await hub.change(code, lambda e: e.table.resign(seat))
    elif isinstance(request, BackRequest):
        await hub.change(code, lambda e: e.table.presence.autopilot.discard(seat))
    elif isinstance(request, HintRequest):
        await hub.hint(conn, code, seat)


async def _move(
    conn: Connection,
    code: str,
    hub: ClusterHub,
    acting: Acting,
    move: str,
    at: tuple[int, int] | None,
) -> None:
    """Play ``move`` for the acting seat, on the position the player saw: ``at`` as the
    client says, else the last one this worker sent it."""
    seat, token, _ = acting

    def play(e: Entry) -> None:
        e.table.presence.autopilot.discard(seat)  # a person who moves is back
        e.table.play(seat, token, move)

    try:
        await hub.change(code, play, at=at if at is not None else hub.seen.get(conn))
    except TableError as exc:
        if exc.code != "table_moved_on":
            raise
        await conn.send(exc.message())
        await hub.send_state(conn, hub.entries.get(code) or await hub.fresh(code))


def ready(table: Table, seat: int) -> None:
    """``seat`` asks for the next round (dealt in the same change once everyone asked)."""
    if table.finished or (table.started and table.match.round.over):
        table.presence.ready.add(seat)
    else:
        raise TableError("round_not_over")
