"""Presence, autopilot, the turn timer, ready for the next round, resignation, bot names.

Grace periods and turn timers are made tiny through ``create_app``'s parameters;
no test asserts how long anything took, only what happened once it did.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from server_harness import TIMEOUT, Client, hello_all, http, thread_server
from skipbo.server.tables import BOT_PERSONS
from storage_backends import Backend

State = dict[str, Any]


def _table(base: str, players: int = 2, **extra: Any) -> tuple[str, list[str]]:
    body = {"players": players, "stock": 1, "name": "ann", **extra}
    _, created = http(base, "POST", "/api/tables", body)
    tokens = [created["token"]]
    for name in ("bob", "cy", "dee", "eve", "fay")[: players - 1]:
        tokens.append(
            http(base, "POST", f"/api/tables/{created['code']}/join", {"name": name})[1]["token"]
        )
    return created["code"], tokens


def _state(client: Client, done: Any = lambda view: True) -> State:
    """The next state whose view satisfies ``done`` (errors and other states are skipped)."""
    message = client.until(lambda m: m["type"] == "state" and done(m["view"]))
    view: State = message["view"]
    return view


def _pick(legal: list[str], rng: random.Random) -> str:
    """A move that ends a one-card-stock round soon: stock first, then builds, then discards."""
    for prefix in ("S", "H"):
        builds = [m for m in legal if m.startswith(prefix) and "-B" in m]
        if builds:
            return rng.choice(builds)
    return rng.choice(legal)


def _play_round(clients: list[Client], views: list[State], rng: random.Random) -> list[State]:
    """Both people play until the round is over; every move gives each client one state."""
    while views[0]["phase"] == "playing":
        mover = views[0]["to_move"]
        clients[mover].send({"type": "move", "move": _pick(views[mover]["legal"], rng)})
        views = [_state(client) for client in clients]
    return views


def test_connections_are_shown_and_a_bot_plays_for_an_absent_person(tmp_path: Path) -> None:
    with thread_server(tmp_path / "g.db", grace=0.2) as (base, _app):
        code, tokens = _table(base)
        ann = Client(base, code)
        view = ann.hello(tokens[0])["view"]
        assert [seat["connected"] for seat in view["seats"]] == [True, False]
        assert not any(seat["autopilot"] or seat["ready"] for seat in view["seats"])
        bob = Client(base, code)
        bob.hello(tokens[1])
        _state(ann, lambda v: v["seats"][1]["connected"])
        bob.close()
        _state(ann, lambda v: not v["seats"][1]["connected"])
        view = _state(ann, lambda v: v["seats"][1]["autopilot"])  # the grace period ran out
        rng = random.Random(2)
        while view["phase"] == "playing" and not any(m["seat"] == 1 for m in view["last_moves"]):
            if view["to_move"] == 0:
                move = rng.choice([m for m in view["legal"] if "-D" in m] or view["legal"])
                ann.send({"type": "move", "move": move})
                view = _state(
                    ann, lambda v, m=move: v["last_moves"][-1:] == [{"seat": 0, "move": m}]
                )
            else:
                view = _state(ann)
        assert view["phase"] != "playing" or any(m["seat"] == 1 for m in view["last_moves"])
        back = Client(base, code)
        assert back.hello(tokens[1])["view"]["seats"][1]["autopilot"] is False
        _state(ann, lambda v: not v["seats"][1]["autopilot"] and v["seats"][1]["connected"])
        for client in (ann, back):
            client.close()


def test_the_turn_timer_hands_the_turn_to_a_bot_until_back(tmp_path: Path) -> None:
    with thread_server(tmp_path / "t.db", turn_scale=0.02) as (base, _app):
        code, tokens = _table(base, turn_seconds=10)
        clients = [Client(base, code), Client(base, code)]
        views = hello_all(clients, tokens)
        assert views[0]["config"]["turn_seconds"] == 10
        mover = views[0]["to_move"]
        remaining = views[mover]["turn_remaining"]
        assert remaining is None or 0 <= remaining <= 10  # None: the clock already ran out
        view = _state(clients[mover], lambda v: v["seats"][mover]["autopilot"])
        assert view["seats"][mover]["connected"]
        clients[mover].send({"type": "back"})
        _state(clients[mover], lambda v: not v["seats"][mover]["autopilot"])
        for client in clients:
            client.close()


def test_the_next_round_waits_for_every_connected_person(tmp_path: Path) -> None:
    with thread_server(tmp_path / "r.db") as (base, _app):
        code, tokens = _table(base)
        clients = [Client(base, code), Client(base, code)]
        views = _play_round(clients, hello_all(clients, tokens), random.Random(4))
        assert views[0]["phase"] == "match_over"  # one round: next is a rematch
        clients[0].send({"type": "next"})
        views = [_state(client) for client in clients]
        assert views[1]["seats"][0]["ready"] and not views[1]["seats"][1]["ready"]
        assert views[1]["phase"] == "match_over"
        clients[1].send({"type": "next"})
        views = [_state(client) for client in clients]
        assert views[0]["phase"] == "playing" and views[0]["game"] == 1
        assert not any(seat["ready"] for seat in views[0]["seats"])
        views = _play_round(clients, views, random.Random(5))
        clients[1].close()  # an absent person is not waited for
        _state(clients[0], lambda v: not v["seats"][1]["connected"])
        clients[0].send({"type": "next"})
        assert _state(clients[0])["game"] == 2
        clients[0].close()


def test_resigning_at_two_sides_ends_the_game_and_is_stored(storage_backend: Backend) -> None:
    with thread_server(storage_backend.url) as (base, _app):
        code, tokens = _table(base, stock=5)
        clients = [Client(base, code), Client(base, code)]
        hello_all(clients, tokens)
        clients[0].send({"type": "resign"})
        for client in clients:
            view = _state(client)
            assert view["phase"] == "match_over" and view["resigned"] == 0
            assert view["match_winner"] == 1 and view["legal"] == []
        assert clients[0].ask({"type": "resign"})["code"] == "game_over"
        for client in clients:
            client.close()
    with thread_server(storage_backend.url) as (base, _app):
        view = http(base, "GET", f"/api/tables/{code}")[1]
        assert view["phase"] == "match_over" and view["resigned"] == 0
        assert view["match_winner"] == 1


def test_resigning_at_three_sides_hands_the_seat_to_a_bot(storage_backend: Backend) -> None:
    with thread_server(storage_backend.url) as (base, _app):
        code, tokens = _table(base, players=3, stock=5)
        clients = [Client(base, code) for _ in tokens]
        hello_all(clients, tokens)
        clients[0].send({"type": "resign"})
        view = _state(clients[0], lambda v: v["resigned"] == 0)
        assert view["seat"] is None and view["phase"] == "playing"  # the person now watches
        assert view["seats"][0]["kind"] == "bot" and view["seats"][0]["bot"] == "hard"
        assert view["seats"][0]["name"] == "ann"
        # everyone is told who gave up: the seat says so (its moves keep the name)
        assert view["seats"][0]["resigned"] is True and "resigned" not in view["seats"][1]
        assert clients[0].ask({"type": "move", "move": "end"})["code"] == "resigned"
        again = Client(base, code)
        assert again.hello(tokens[0])["view"]["seat"] is None
        for client in [*clients, again]:
            client.close()
    with thread_server(storage_backend.url) as (base, _app):
        view = http(base, "GET", f"/api/tables/{code}")[1]
        assert view["seats"][0]["kind"] == "bot" and view["resigned"] == 0
        assert view["seats"][0]["resigned"] is True


def test_bots_get_distinct_person_names(tmp_path: Path) -> None:
    with thread_server(tmp_path / "n.db") as (base, _app):
        levels = ["random", "greedy", "hard", "expert", "greedy"]
        body = {"players": 6, "stock": 5, "seats": ["human", *(f"bot:{b}" for b in levels)]}
        view = http(base, "POST", "/api/tables", body)[1]["table"]
        bots = view["seats"][1:]
        names = [seat["name"] for seat in bots]
        assert len(set(names)) == 5 and set(names) <= set(BOT_PERSONS)
        assert [seat["bot"] for seat in bots] == levels
        assert all(seat["kind"] == "bot" and seat["connected"] for seat in bots)


def test_idle_tables_are_freed_and_come_back_on_demand(storage_backend: Backend) -> None:
    options = {"idle_seconds": 0.0, "sweep_seconds": 0.02}
    with thread_server(storage_backend.url, **options) as (base, app):
        created = http(base, "POST", "/api/tables", {"players": 2, "name": "ann"})[1]
        code = created["code"]
        registry = app.state.registry
        deadline = time.monotonic() + TIMEOUT
        while code in registry.tables:
            assert time.monotonic() < deadline, "the table was never freed"
            time.sleep(0.02)
        status, view = http(base, "GET", f"/api/tables/{code.lower()}")
        assert status == 200 and view["phase"] == "lobby"
        assert view["seats"][0]["name"] == "ann"
        status, joined = http(base, "POST", f"/api/tables/{code}/join", {"name": "bob"})
        assert status == 200 and joined["table"]["phase"] == "playing"
        assert registry.storage.load_table("NOPE22") is None


def test_a_refused_move_leaves_the_autopilot_on(tmp_path: Path) -> None:
    """A person whose seat a bot plays sends a move that is refused: nothing changes,
    the seat stays on autopilot (it was switched off silently, and the bot stopped)."""
    with thread_server(tmp_path / "r.db", turn_scale=0.02) as (base, app):
        code, tokens = _table(base, turn_seconds=10)
        clients = [Client(base, code), Client(base, code)]
        views = hello_all(clients, tokens)
        mover = views[0]["to_move"]
        _state(clients[mover], lambda v: v["seats"][mover]["autopilot"])
        clients[mover].send({"type": "move", "move": "H9-B9"})  # never legal (no B9)
        refusal = clients[mover].until(lambda m: m["type"] == "error")
        assert refusal["code"] in ("move_syntax", "illegal_move", "not_your_turn", "round_over")
        assert mover in app.state.registry.get(code).presence.autopilot
        for client in clients:
            client.close()


def test_the_last_person_not_ready_resigning_deals_the_next_round(tmp_path: Path) -> None:
    """At three sides between rounds, two people asked for the next round and the third
    resigns: a bot takes the seat and nobody present is waited for, so the next round is
    dealt at once, as a cluster worker deals it (it checks after every change). One
    process checked only after a "next", a disconnection or the autopilot, and stayed
    between rounds with two people ready."""
    with thread_server(tmp_path / "r.db") as (base, app):
        code, tokens = _table(base, 3, target=500)
        clients = [Client(base, code) for _ in range(3)]
        try:
            views = hello_all(clients, tokens)
            rng = random.Random(3)
            while views[0]["phase"] == "playing":
                mover = views[0]["to_move"]
                clients[mover].send({"type": "move", "move": _pick(views[mover]["legal"], rng)})
                views = [_state(client) for client in clients]
            assert views[0]["phase"] == "round_over", views[0]["phase"]
            for seat in (0, 1):
                clients[seat].send({"type": "next"})
                _state(clients[0], lambda view, seat=seat: view["seats"][seat]["ready"])
            clients[2].send({"type": "resign"})
            dealt = _state(clients[0], lambda view: view["round_index"] == 1)
            assert dealt["phase"] == "playing" and dealt["seats"][2]["kind"] == "bot"
            assert app.state.registry.get(code).round_index == 1
        finally:
            for client in clients:
                client.close()
