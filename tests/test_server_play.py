"""Playing over real WebSockets: each seat sees its own hand and nothing hidden; bots play."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from server_harness import Client, assert_no_leak, hello_all, http, thread_server
from skipbo.core import format_move, parse_record, replay
from skipbo.server.ratings import BOT_SKILLS
from skipbo.server.tables import Table


def test_two_players_see_only_their_own_hands(tmp_path: Path) -> None:
    with thread_server(tmp_path / "p.db") as (base, app):
        status, created = http(
            base, "POST", "/api/tables", {"players": 2, "stock": 5, "name": "ann"}
        )
        assert status == 200 and created["seat"] == 0
        code = created["code"]
        status, joined = http(base, "POST", f"/api/tables/{code.lower()}/join", {"name": "bob"})
        assert status == 200 and joined["seat"] == 1
        tokens = [created["token"], joined["token"]]
        table = app.state.registry.get(code)
        seed = str(table._seed)
        clients = [Client(base, code), Client(base, code), Client(base, code)]
        seats: list[int | None] = [0, 1, None]
        for view in hello_all(clients, [*tokens, None]):
            assert view["phase"] == "playing"
        rng = random.Random(7)
        moves = 0
        while moves < 40 and not table.match.round.over:
            mover = table.match.round.to_move
            views = [client.raw[-1] for client in clients]
            legal = _view(views[mover])["legal"]
            assert sorted(legal) == sorted(m for m in _legal(table))
            clients[mover].send({"type": "move", "move": rng.choice(legal)})
            for client in clients:
                message = client.recv()
                assert message["type"] == "state", message
            moves += 1
            for client, seat in zip(clients, seats, strict=True):
                others = [t for s, t in enumerate(tokens) if s != seat]
                assert_no_leak(client.raw[-1], table, seat, [*others, seed])
                view = _view(client.raw[-1])
                assert view["last_moves"][-1]["seat"] == mover
                assert bool(view["legal"]) == (seat == table.match.round.to_move)
        assert moves == len(table.match.round.history)
        for client in clients:
            client.close()


def _legal(table: Table) -> list[str]:
    return [format_move(move) for move in table.match.round.legal_moves()]


def _view(raw: str) -> dict[str, Any]:
    view: dict[str, Any] = json.loads(raw)["view"]
    return view


def test_a_bot_seat_plays_by_itself(tmp_path: Path) -> None:
    with thread_server(tmp_path / "b.db") as (base, app):
        body = {"players": 2, "stock": 2, "seats": ["human", "bot:greedy"], "name": "ann"}
        status, created = http(base, "POST", "/api/tables", body)
        assert status == 200
        code, token = created["code"], created["token"]
        table = app.state.registry.get(code)
        client = Client(base, code)
        view = client.hello(token)["view"]
        rng = random.Random(3)
        while view["phase"] == "playing":
            if view["to_move"] == 0:
                # Only turn-ending moves: the person cannot win before the bot has
                # moved, whoever the random deal lets start.
                ends = [m for m in view["legal"] if "-D" in m or m == "end"]
                client.send({"type": "move", "move": rng.choice(ends)})
            view = client.recv()["view"]
            assert_no_leak(client.raw[-1], table, 0, [str(table._seed)])
        assert view["phase"] == "match_over" and view["result"] is not None
        assert any(seat == 1 for seat, _ in table.log[0])
        status, record = http(base, "GET", f"/api/tables/{code}/records/0")
        assert status == 200 and replay(parse_record(record)).ok
        bot_name = view["seats"][1]["name"]
        assert record["names"] == ["ann", f"{bot_name} (greedy)"]
        again = client.ask({"type": "next"})["view"]
        assert again["game"] == 1 and again["phase"] == "playing"
        client.close()


def test_a_spectator_sees_no_hand_and_cannot_act(tmp_path: Path) -> None:
    with thread_server(tmp_path / "s.db") as (base, _app):
        body = {"players": 2, "seats": ["bot:random", "bot:random"]}
        status, created = http(base, "POST", "/api/tables", body)
        assert status == 200 and "token" not in created
        code = created["code"]
        client = Client(base, code)
        view = client.hello()["view"]
        assert view["seat"] is None and view["legal"] == [] and view["view"]["hand"] == []
        client.send({"type": "move", "move": "end"})
        refused = client.until(lambda message: message["type"] == "error")
        assert refused["error"] == "a spectator cannot act"
        client.close()


def test_the_bot_list_names_the_ladder_weakest_first(tmp_path: Path) -> None:
    with thread_server(tmp_path / "b.db") as (base, _app):
        status, answer = http(base, "GET", "/api/bots")
    assert status == 200
    assert answer["ladder"] == ["random", "easy", "medium", "hard", "expert"]
    assert set(answer["ladder"]) <= set(answer["bots"])
    assert {"combo", "planner", "greedy"} <= set(answer["bots"])


def test_the_bot_list_gives_each_bots_fixed_public_rating(tmp_path: Path) -> None:
    """Bots have fixed public ratings so that a player can see how they compare: the
    list gives each bot's, the number a player's own rating is shown as."""
    with thread_server(tmp_path / "b.db") as (base, _app):
        status, answer = http(base, "GET", "/api/bots")
    assert status == 200
    assert answer["ratings"] == {bot: BOT_SKILLS[bot].shown for bot in answer["bots"]}
    assert answer["ratings"]["medium"] == 1500  # where a new player starts
    ladder = [answer["ratings"][bot] for bot in answer["ladder"]]
    assert ladder == sorted(ladder)  # weakest first, as the quick game offers them
