"""A connection whose seat token stopped working loses the seat at once.

A seat's token changes when its person gives the seat back before the start (and
someone else may take it) or sits down again on another device (``reseat``). A
WebSocket greeted with the old token must not go on receiving that seat's hand,
nor resign, ask for the next round or react for the seat's new holder: from then
on it watches, like a spectator, on either server (a cluster worker learns of the
new token through the table's news, and its old connections watch then).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from server_harness import Client, ServerProcess, http, thread_server
from skipbo.server import SqliteStorage, TableConfig, TableError, TableRegistry
from skipbo.server.cluster.hub import Entry
from skipbo.server.cluster.service import _as_seat
from skipbo.server.tables import Table
from test_server_cluster import database, pair, pg_url, redis_url
from test_server_players import Browser

__all__ = ["database", "pair", "pg_url", "redis_url"]  # the cluster test's fixtures


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    with thread_server(tmp_path / "stale.db", create_limit=0) as (base, app):
        yield base, app


def _watches_from_now_on(client: Client) -> dict[str, Any]:
    """The first state after the change, which must already be a spectator's."""
    state = client.until(lambda m: m["type"] == "state")
    assert state["view"]["seat"] is None, state["view"]["seat"]
    return state


def test_a_seat_given_back_and_taken_by_another_is_not_shown_to_the_old_socket(
    site: tuple[str, Any],
) -> None:
    base, app = site
    _, made = http(base, "POST", "/api/tables", {"players": 2, "name": "Ann"})
    code = made["code"]
    old = Client(base, code)
    try:
        assert old.hello(made["token"])["view"]["seat"] == 0
        assert http(base, "POST", f"/api/tables/{code}/leave", {"token": made["token"]})[0] == 200
        _watches_from_now_on(old)
        _, bob = http(base, "POST", f"/api/tables/{code}/join", {"name": "Bob"})
        _, cy = http(base, "POST", f"/api/tables/{code}/join", {"name": "Cy"})
        assert bob["seat"] == 0 and cy["seat"] == 1
        table: Table = app.state.registry.get(code)
        started = old.until(lambda m: m["type"] == "state" and m["view"]["phase"] == "playing")
        assert started["view"]["seat"] is None and started["view"]["view"]["hand"] == []
        assert table.view_for(table.match.round.to_move)["view"]["hand"]  # a hand to hide
        for message in ({"type": "resign"}, {"type": "react", "reaction": "gg"}):
            answer = old.ask(message)
            assert answer["type"] == "error" and answer["code"] == "spectator", answer
        assert table.resigned == [] and table.view_for(None)["phase"] == "playing"
        assert not table.presence.here(0)  # the old socket does not keep Bob "connected"
    finally:
        old.close()


def test_reseat_takes_the_seat_from_the_old_tokens_socket(site: tuple[str, Any]) -> None:
    base, app = site
    ann = Browser(base)
    ann.get("/api/me")
    made = ann.post("/api/tables", {"players": 2, "name": "Ann"}).json()
    code, seat = made["code"], made["seat"]
    http(base, "POST", f"/api/tables/{code}/join", {"name": "Bob"})  # no bot: no other news
    old = Client(base, code)
    try:
        assert old.hello(made["token"])["view"]["seat"] == seat
        again = ann.post(f"/api/tables/{code}/reseat").json()
        assert again["seat"] == seat
        _watches_from_now_on(old)
        answer = old.ask({"type": "resign"})
        assert answer["type"] == "error" and answer["code"] == "spectator", answer
        table: Table = app.state.registry.get(code)
        assert table.resigned == [] and table.is_person(seat)
        new = Client(base, code)
        try:
            assert new.hello(again["token"])["view"]["seat"] == seat  # the new token plays
        finally:
            new.close()
    finally:
        old.close()


def _reseated_with_old_socket_elsewhere(pair: list[ServerProcess]) -> tuple[str, Client]:
    """Ann's table against Bob through the first worker, her socket greeted on the
    second, then her seat sat at again (``reseat``) through the first: the table's code
    and the old socket, whose worker may not have heard of the reseat yet."""
    here, there = pair
    ann = Browser(here.base)
    ann.get("/api/me")
    made = ann.post("/api/tables", {"players": 2, "name": "Ann"}).json()
    code, seat = made["code"], made["seat"]
    http(here.base, "POST", f"/api/tables/{code}/join", {"name": "Bob"})
    old = Client(there.base, code)
    greeted = old.hello(made["token"])["view"]
    assert (greeted["seat"], greeted["phase"]) == (seat, "playing")
    assert ann.post(f"/api/tables/{code}/reseat").json()["seat"] == seat
    return code, old


def test_a_cluster_worker_takes_the_seat_from_its_old_tokens_socket(
    pair: list[ServerProcess],
) -> None:
    """Ann sits down again through one worker; her old socket is on the other."""
    there = pair[1]
    code, old = _reseated_with_old_socket_elsewhere(pair)
    try:
        old.until(lambda m: m["type"] == "state" and m["view"]["seat"] is None)
        answer = old.ask({"type": "resign"})
        assert answer["type"] == "error" and answer["code"] == "spectator", answer
        view = http(there.base, "GET", f"/api/tables/{code}")[1]
        assert view["phase"] == "playing" and view["resigned"] is None
    finally:
        old.close()


def test_a_request_with_a_replaced_token_is_refused_by_the_committed_table(
    tmp_path: Path,
) -> None:
    """The cluster's window: a worker's connection greeted with a token that a reseat
    on another worker replaced still holds its seat until the news comes (a few ms).
    Its requests reach the change, which runs on the table as committed: there the
    old token opens nothing, so the change refuses it whatever the connection thinks."""
    registry = TableRegistry(SqliteStorage(str(tmp_path / "t.db")))
    table = registry.create(TableConfig.make(players=3, stock=5))
    tokens = dict(table.join(name) for name in ("ann", "bob", "cy"))
    old = tokens[0]
    new = table.reseat(0)
    with pytest.raises(TableError) as refused:
        table.check_seat(0, old)
    assert refused.value.code == "wrong_token"
    table.check_seat(0, new)
    with pytest.raises(TableError):
        table.check_seat(1, new)  # a token opens its own seat only
    entry = cast(Entry, SimpleNamespace(table=table))
    acts: list[Callable[[Table], object]] = [
        lambda t: t.resign(0),
        lambda t: t.ask_next(0),
        lambda t: t.presence.autopilot.discard(0),
    ]
    for act in acts:
        with pytest.raises(TableError) as refused:
            _as_seat(0, old, act)(entry)
        assert refused.value.code == "wrong_token"
    assert table.resigned == [] and table.is_person(0)
    _as_seat(0, new, lambda t: t.resign(0))(entry)  # the new device may
    assert table.resigned == [0]
    with pytest.raises(TableError) as refused:  # a bot plays the seat on: no second resign
        _as_seat(0, new, lambda t: t.resign(0))(entry)
    assert refused.value.code == "resigned" and table.resigned == [0]
    table.check_seat(1, tokens[1])


def test_a_resign_sent_right_after_a_reseat_elsewhere_resigns_nobody(
    pair: list[ServerProcess],
) -> None:
    """The old socket on the other worker resigns at once, before the news of the
    reseat reaches its worker (so it did, every time, before the committed table
    checked the token: the resignation went through). Refused either way now
    (``spectator`` once the worker heard, ``wrong_token`` by the committed table
    before), and the game goes on."""
    there = pair[1]
    code, old = _reseated_with_old_socket_elsewhere(pair)
    try:
        old.send({"type": "resign"})
        answer = old.until(lambda m: m["type"] == "error")  # past the news' new state
        assert answer["code"] in {"spectator", "wrong_token"}, answer
        view = http(there.base, "GET", f"/api/tables/{code}")[1]
        assert view["phase"] == "playing" and view["resigned"] is None
    finally:
        old.close()
