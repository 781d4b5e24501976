"""kill -9 mid-round, restart on the same store: every table resumes with no move lost.

Run on SQLite and on PostgreSQL (``storage_backend``; the latter skips without a server).
"""

from __future__ import annotations

import random
from typing import Any

from server_harness import Client, ServerProcess, game_only, hello_all, http
from storage_backends import Backend


def _state(client: Client) -> dict[str, Any]:
    message = client.recv()
    assert message["type"] == "state", message
    view: dict[str, Any] = message["view"]
    return view


def test_a_killed_server_comes_back_exactly(storage_backend: Backend) -> None:
    db = storage_backend.url
    server = ServerProcess(db)
    try:
        base = server.base
        _, created = http(base, "POST", "/api/tables", {"players": 2, "stock": 6, "name": "ann"})
        code = created["code"]
        _, joined = http(base, "POST", f"/api/tables/{code}/join", {"name": "bob"})
        tokens = [created["token"], joined["token"]]
        _, waiting = http(base, "POST", "/api/tables", {"players": 2, "name": "cy"})
        clients = [Client(base, code), Client(base, code)]
        views = hello_all(clients, tokens)
        rng = random.Random(5)
        turns_seen = set()
        for _ in range(25):
            mover = views[0]["to_move"]
            turns_seen.add(mover)
            if views[0]["phase"] != "playing":
                break
            clients[mover].send({"type": "move", "move": rng.choice(views[mover]["legal"])})
            views = [_state(client) for client in clients]
        assert turns_seen == {0, 1}
        spectator = http(base, "GET", f"/api/tables/{code}")[1]
        lobby = http(base, "GET", f"/api/tables/{waiting['code']}")[1]
        for client in clients:
            client.close()
    finally:
        server.kill()  # SIGKILL right after the last move was acknowledged

    server = ServerProcess(db)
    try:
        base = server.base
        again = [Client(base, code), Client(base, code)]
        for seat, view in enumerate(hello_all(again, tokens)):
            assert view["seat"] == seat
            assert game_only(view) == game_only(views[seat])
        assert http(base, "GET", f"/api/tables/{code}")[1] == spectator
        assert http(base, "GET", f"/api/tables/{waiting['code']}")[1] == lobby
        mover = views[0]["to_move"]
        move = views[mover]["legal"][0]
        again[mover].send({"type": "move", "move": move})
        after = [_state(client) for client in again]
        assert after[0]["last_moves"][-1] == {"seat": mover, "move": move}
        assert after[0]["view"]["players"] == after[1]["view"]["players"]
        for client in again:
            client.close()
    finally:
        server.kill()
