"""Refused messages: impersonation, out of turn, illegal, malformed, oversized, too fast.

Each gets an error answer, changes nothing at the table, and leaves the
connection working.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from server_harness import Client, game_only, http, thread_server
from skipbo.core import format_move
from skipbo.server.tables import Table


def _fingerprint(table: Table) -> str:
    """Everything a seat or spectator could see, plus the move log."""
    views = [game_only(table.view_for(seat)) for seat in (None, 0, 1)]
    return json.dumps([views, table.log], sort_keys=True)


def _two_player_table(base: str) -> tuple[str, list[str]]:
    _, created = http(base, "POST", "/api/tables", {"players": 2, "name": "ann"})
    _, joined = http(base, "POST", f"/api/tables/{created['code']}/join", {"name": "bob"})
    return created["code"], [created["token"], joined["token"]]


def _refused(client: Client, message: Any) -> str:
    answer = client.ask(message)
    assert answer["type"] == "error", answer
    error: str = answer["error"]
    return error


def test_impersonation_and_out_of_turn_are_refused(tmp_path: Path) -> None:
    with thread_server(tmp_path / "i.db") as (base, app):
        code, tokens = _two_player_table(base)
        table: Table = app.state.registry.get(code)
        mover = table.match.round.to_move
        waiter = 1 - mover
        before = _fingerprint(table)
        move = format_move(table.match.round.legal_moves()[0])

        stranger = Client(base, code)
        assert _refused(stranger, {"type": "move", "move": move}) == "say hello first"
        assert _refused(stranger, {"type": "hello", "token": tokens[mover] + "x"}) == "wrong token"
        assert _refused(stranger, {"type": "move", "move": move}) == "say hello first"
        assert stranger.hello()["view"]["seat"] is None  # still welcome as a spectator
        assert _refused(stranger, {"type": "move", "move": move}) == "a spectator cannot act"

        other = Client(base, code)
        assert other.hello(tokens[waiter])["view"]["seat"] == waiter
        assert _refused(other, {"type": "move", "move": move}).startswith("not your turn")
        assert _refused(other, {"type": "next"}) == "the round is not over yet"
        assert _fingerprint(table) == before

        player = Client(base, code)
        assert player.hello(tokens[mover])["view"]["legal"]
        illegal = "D1-B1"  # the discard piles are empty at the start
        assert _refused(player, {"type": "move", "move": illegal}).startswith("D1-B1: ")
        assert _refused(player, {"type": "move", "move": "s-b1"}).startswith("malformed move")
        assert _fingerprint(table) == before
        assert player.ask({"type": "move", "move": move})["type"] == "state"
        assert len(table.match.round.history) == 1
        for client in (stranger, other, player):
            client.close()


def test_malformed_and_oversized_messages_are_refused(tmp_path: Path) -> None:
    with thread_server(tmp_path / "m.db") as (base, app):
        code, tokens = _two_player_table(base)
        table: Table = app.state.registry.get(code)
        client = Client(base, code)
        seat = client.hello(tokens[0])["view"]["seat"]
        before = _fingerprint(table)
        for bad in (
            "not json",
            "[1, 2]",
            '{"type": "dance"}',
            '{"type": "move"}',
            '{"type": "move", "move": 5}',
            '{"type": "move", "move": "S-B1", "seat": 1}',
            '{"type": "hello", "token": ["x"]}',
            b"\xff\xfe binary",
            json.dumps({"type": "move", "move": "S-B1", "pad": "x" * 5000}),
        ):
            error = _refused(client, bad)
            assert error.startswith(("malformed message", "message too large")), error
        assert _fingerprint(table) == before
        assert client.hello(tokens[0])["view"]["seat"] == seat  # the connection still works
        client.close()


def test_too_many_messages_hit_the_rate_limit(tmp_path: Path) -> None:
    with thread_server(tmp_path / "r.db", rate=20) as (base, _app):
        code, tokens = _two_player_table(base)
        client = Client(base, code)
        client.hello(tokens[0])
        for _ in range(40):
            client.send({"type": "next"})
        answers = [client.recv()["error"] for _ in range(40)]
        assert any(error.startswith("rate limit") for error in answers)
        client.close()


def test_http_refusals(tmp_path: Path) -> None:
    with thread_server(tmp_path / "h.db") as (base, _app):
        code, tokens = _two_player_table(base)
        assert http(base, "POST", f"/api/tables/{code}/join", {"name": "cy"})[0] == 400
        assert http(base, "GET", "/api/tables/NOPE22")[0] == 404
        assert http(base, "GET", f"/api/tables/{code}/records/0")[0] == 400
        assert http(base, "POST", "/api/tables", {"players": 9})[0] == 400
        assert http(base, "POST", "/api/tables", {"players": 2, "seats": ["x", "y"]})[0] == 400
        status, info = http(base, "GET", f"/api/tables/{code}")
        assert status == 200 and info["view"]["hand"] == []
        assert not any(token in json.dumps(info) for token in tokens)
        lost = Client(base, "NOPE22")
        assert lost.recv() == {
            "type": "error",
            "code": "no_table",
            "params": {},
            "error": "no table with this code",
        }
        lost.close()
