"""Online play across cluster workers: identity, the lobby and Find a game live in
PostgreSQL, so a guest on one worker is paired with a guest on another.

Needs ``SKIPBO_TEST_POSTGRES`` and ``SKIPBO_TEST_REDIS`` (``.ci/run`` sets both).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from server_harness import ServerProcess, http
from skipbo.server.storage import PostgresStorage
from test_pairing import check_pairing_by_rating
from test_server_cluster import (
    Player,
    database,
    pair,
    pg_url,
    play,
    redis_url,
    round_over,
    wait_for,
    workers,
)
from test_server_players import Browser
from test_server_players import wait_for as poll

__all__ = ["database", "pair", "pg_url", "redis_url"]  # the cluster tests' fixtures


def test_guests_on_two_workers_find_each_other_and_play(pair: list[ServerProcess]) -> None:
    w1, w2 = pair
    ann, bob, cy = Browser(w1.base), Browser(w2.base), Browser(w2.base)
    ids = [person.get("/api/me").json()["id"] for person in (ann, bob, cy)]
    assert len(set(ids)) == 3
    waiting = ann.post("/api/find", {"players": 2, "stock": 10}).json()
    code = waiting["code"]
    lobby = cy.get("/api/lobby").json()["tables"]  # another worker lists it
    assert code in [t["table_id"] for t in lobby]
    paired = bob.post("/api/find", {"players": 2, "stock": 10}).json()
    assert paired["code"] == code, (waiting, paired)
    players = [Player(w1.base, code, waiting["token"]), Player(w2.base, code, paired["token"])]
    try:
        play(players, round_over(players), deadline=120.0)
    finally:
        for player in players:
            player.client.close()
    deadline = time.monotonic() + 20
    while not cy.get(f"/api/players/{ids[0]}").json()["games"]:
        assert time.monotonic() < deadline, "the finished game was not recorded"
        time.sleep(0.2)
    for player_id in ids[:2]:
        profile = cy.get(f"/api/players/{player_id}").json()
        assert profile["player"]["games"] == 1 and profile["games"][0]["table_id"] == code


def test_pairing_by_rating_across_workers(pair: list[ServerProcess], pg_url: str) -> None:
    """Tables made on one worker, seekers on the other: the closest rating, not the oldest."""
    w1, w2 = pair
    store = PostgresStorage(pg_url)
    try:
        check_pairing_by_rating(w1.base, store, w2.base)
    finally:
        store.close()


def test_a_game_in_play_is_listed_and_watched_on_another_worker(pair: list[ServerProcess]) -> None:
    """Ann and Bob are paired on worker 1; Cy, on worker 2, finds their game among the
    lobby's games in play and watches: each move arrives, and Cy cannot play."""
    w1, w2 = pair
    ann, bob, cy = Browser(w1.base), Browser(w1.base), Browser(w2.base)
    for person in (ann, bob, cy):
        person.get("/api/me")
    kind = {"players": 2, "stock": 30, "slow_hours": None}
    waiting = ann.post("/api/find", kind).json()
    paired = bob.post("/api/find", kind).json()
    code = waiting["code"]
    assert paired["code"] == code
    deadline = time.monotonic() + 20
    while code not in [t["table_id"] for t in cy.get("/api/lobby").json()["playing"]]:
        assert time.monotonic() < deadline, "the game in play was not listed"
        time.sleep(0.1)
    watcher = Player(w2.base, code, None)
    players = [Player(w1.base, code, waiting["token"]), Player(w1.base, code, paired["token"])]
    try:
        assert watcher.view["seat"] is None and watcher.view["legal"] == []
        for _ in range(3):
            mover = whose_turn(players)
            moves = mover.view["moves"]
            mover.move()
            wait_for(watcher, lambda m=moves: watcher.view["moves"] > m, 20, "a move to arrive")
            assert not watcher.view["view"].get("hand")
        watcher.client.send({"type": "move", "move": whose_turn(players).view["legal"][0]})
        wait_for(watcher, lambda: bool(watcher.errors), 20, "the refusal")
        assert watcher.errors[-1]["code"] == "spectator"
    finally:
        for person in (watcher, *players):
            person.client.close()


def whose_turn(players: list[Player]) -> Player:
    """The player whose turn it is, once the last move's answer has come."""
    end = time.monotonic() + 20
    while True:
        for player in players:
            player.drain()
            if player.my_turn() and not player.waiting:
                return player
        assert time.monotonic() < end, "nobody's turn"


@pytest.fixture
def slow_pair(pg_url: str, redis_url: str) -> Iterator[list[ServerProcess]]:
    """Two workers of its own (the test restarts them)."""
    started = workers(pg_url, redis_url)
    yield started
    for worker in started:
        worker.kill()


def test_a_slow_game_waits_through_a_cluster_restart(
    slow_pair: list[ServerProcess], pg_url: str, redis_url: str
) -> None:
    """Two guests find a slow game on two workers; the player to move has it in "your
    turn" on either worker; every worker is killed and new ones start: the turn and its
    deadline are still there, the player sits back down on a new worker and moves, and
    the turn passes to the other player."""
    w1, w2 = slow_pair
    ann, bob = Browser(w1.base), Browser(w2.base)
    for person in (ann, bob):
        person.get("/api/me")
    kind = {"players": 2, "stock": 10, "slow_hours": 1}
    made = ann.post("/api/find", kind).json()
    assert bob.post("/api/find", kind).json()["code"] == made["code"]
    code = made["code"]
    people = [ann, bob]
    mover, before = turn_waiting(people, code)
    assert before["deadline"] > time.time() + 0.9 * 3600
    for worker in slow_pair:
        worker.kill()
    slow_pair[:] = workers(pg_url, redis_url)
    for person, worker in zip(people, reversed(slow_pair), strict=True):
        person.base = worker.base  # the same browser, its cookie, another worker
    assert turn_waiting(people, code) == (mover, before)  # the same player and deadline
    seat = people[mover].post(f"/api/tables/{code}/reseat").json()
    player = Player(people[mover].base, code, seat["token"])
    try:
        assert player.my_turn()
        while player.my_turn():
            player.move()
            wait_for(player, lambda: not player.waiting, 20, "the move's answer")
    finally:
        player.client.close()
    assert turn_waiting(people, code)[0] == 1 - mover


def turn_waiting(people: list[Browser], code: str) -> tuple[int, dict[str, Any]]:
    """Whose "your turn" list holds ``code`` (polled: written after the change), and the entry."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for index, person in enumerate(people):
            for table in person.get("/api/me/tables").json()["your_turn"]:
                if table["table_id"] == code:
                    return index, table
        time.sleep(0.1)
    raise AssertionError(f"{code} is in nobody's turn list")


def test_a_deleted_account_leaves_its_name_on_no_running_table(pair: list[ServerProcess]) -> None:
    """Ann (worker 1) deletes her account while her game with Bob runs; Bob, connected to
    worker 2, sees "deleted player" at her seat at once, and so does either worker's view."""
    w1, w2 = pair
    ann, bob = Browser(w1.base), Browser(w2.base)
    for person in (ann, bob):
        person.get("/api/me")
    ann.post("/api/account/claim", {"user_name": "Ann Leaving", "password": "a long password"})
    made = ann.post("/api/tables", {"players": 2, "stock": 10, "name": "Ann Leaving"}).json()
    code, seat = made["code"], made["seat"]
    joined = bob.post(f"/api/tables/{code}/join", {"name": "Bob"}).json()
    player = Player(w2.base, code, joined["token"])
    try:
        assert player.view["seats"][seat]["name"] == "Ann Leaving"
        assert ann.post("/api/account/delete", {"password": "a long password"}).status_code == 200
        wait_for(
            player, lambda: player.view["seats"][seat]["name"] != "Ann Leaving", 20, "the news"
        )
        assert player.view["seats"][seat]["name"] == "deleted player"
    finally:
        player.client.close()
    for worker in pair:
        names = [s["name"] for s in Browser(worker.base).get(f"/api/tables/{code}").json()["seats"]]
        assert names[seat] == "deleted player" and "Ann Leaving" not in names


def test_a_cancelled_find_leaves_the_lobby_of_every_worker(pair: list[ServerProcess]) -> None:
    """Ann finds a game on worker 1 and cancels it on worker 2 (her seat given back):
    neither worker lists the emptied table, and Bob, looking for the same kind on worker
    1, gets a table of his own; the same slow kind with another time-out choice does not
    pair either."""
    w1, w2 = pair
    ann, bob, cy = Browser(w1.base), Browser(w1.base), Browser(w2.base)
    for person in (ann, bob, cy):
        person.get("/api/me")
    kind = {"players": 3, "stock": 30, "slow_hours": 24, "on_timeout": "bot"}
    waiting = ann.post("/api/find", kind).json()
    code = waiting["code"]
    assert waiting["table"]["config"]["on_timeout"] == "bot"
    ann.base = w2.base  # the same browser, on the other worker
    left = ann.post(f"/api/tables/{code}/leave", {"token": waiting["token"]})
    assert left.status_code == 200, left.json()
    for person in (bob, cy):  # one on each worker
        assert code not in [t["table_id"] for t in person.get("/api/lobby").json()["tables"]]
    found = bob.post("/api/find", kind).json()
    assert found["code"] != code and found["table"]["phase"] == "lobby"
    other = cy.post("/api/find", kind | {"on_timeout": "lose"}).json()
    assert other["code"] not in (code, found["code"])


def test_a_rematch_dealt_on_the_other_worker_is_listed_as_playing(
    pair: list[ServerProcess], pg_url: str
) -> None:
    """The game ends on one worker (which lists it finished) and the rematch is dealt on
    the other, whose last write was "playing": it used to write nothing, and the running
    rematch stayed listed finished (out of the lobby's games in play, "my running
    tables", and a slow table's deadline check)."""
    import psycopg

    def phase() -> str:
        with psycopg.connect(pg_url) as db:
            row = db.execute("SELECT phase FROM listings WHERE table_id = %s", (code,)).fetchone()
        assert row is not None
        return str(row[0])

    _, made = http(pair[0].base, "POST", "/api/tables", {"players": 2, "stock": 1, "name": "A"})
    code = made["code"]
    _, joined = http(pair[1].base, "POST", f"/api/tables/{code}/join", {"name": "B"})
    players = [Player(pair[0].base, code, made["token"])]
    players.append(Player(pair[1].base, code, joined["token"]))
    try:
        play(players, lambda: all(p.view["phase"] == "match_over" for p in players))
        ended_by = players[0].view["last_moves"][-1]["seat"]
        assert poll(lambda: phase() == "finished")
        # the player whose worker committed the end asks first; the other worker deals
        players[ended_by].client.send({"type": "next"})
        for p in players:
            p.client.until(lambda m: m["type"] == "state" and m["view"]["seats"][ended_by]["ready"])
        players[1 - ended_by].client.send({"type": "next"})
        for p in players:
            p.client.until(lambda m: m["type"] == "state" and m["view"]["game"] == 1)
        assert poll(lambda: phase() == "playing"), phase()
    finally:
        for p in players:
            p.client.close()
