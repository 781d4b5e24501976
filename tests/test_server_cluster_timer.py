"""The turn timer in the cluster: it fires once, on the worker holding the table's lease.

Ann (on worker 1) never moves; Bob (on worker 2) plays his turns at once. When
Ann's turn clock runs out, the autopilot plays exactly one turn for her (her
moves between two of Bob's turns: one turn, ending with its discard), whichever
worker her players are on. Then the worker that drives the table is killed: the
other takes the lease over, and the clock of Ann's next turn fires there, once.
Needs ``SKIPBO_TEST_POSTGRES`` and ``SKIPBO_TEST_REDIS``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from server_harness import http
from storage_backends import postgres_backend, throwaway_database
from test_server_cluster import Player, play, workers

REDIS_ENV = "SKIPBO_TEST_REDIS"
TURN_SECONDS = 10
TURN_SCALE = 0.15
"""Real seconds per second of a turn: Ann's 10-second clock runs out in 1.5 s."""


@pytest.fixture(scope="module", autouse=True)
def short_turns() -> Iterator[None]:
    """Workers of this module: short turns, a grace period that never ends in a test."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SKIPBO_CLUSTER_TURN_SCALE", str(TURN_SCALE))
        patch.setenv("SKIPBO_CLUSTER_GRACE", "600")
        yield


@pytest.fixture(scope="module")
def urls() -> Iterator[tuple[str, str]]:
    redis = os.environ.get(REDIS_ENV)
    if not redis:
        pytest.skip(f"cluster tests need {REDIS_ENV}=redis://HOST:PORT/DB (and PostgreSQL)")
    pytest.importorskip("psycopg_pool", reason="the cluster needs pip install '.[cluster]'")
    for database in throwaway_database():
        yield postgres_backend(database).url, redis


def moves(pg_url: str, code: str) -> list[tuple[int, str]]:
    """The stored moves of round 0, in order: (seat, move)."""
    import psycopg

    sql = "SELECT seat, move FROM moves WHERE table_id = %s AND round_index = 0 ORDER BY move_index"
    with psycopg.connect(pg_url) as db:
        return [(int(seat), str(move)) for seat, move in db.execute(sql, (code,)).fetchall()]


def one_turn_of_ann(played: list[tuple[int, str]]) -> bool:
    """Moves of seat 0 only, one discard, and that discard last: one whole turn."""
    discards = [i for i, (_, move) in enumerate(played) if "-D" in move]
    return bool(played) and {seat for seat, _ in played} == {0} and discards == [len(played) - 1]


def ann_to_move(bob: Player) -> bool:
    view = bob.view
    return view["phase"] == "playing" and view["to_move"] == 0 and not bob.waiting


def test_the_turn_timer_fires_once_across_workers_and_after_its_driver_dies(
    urls: tuple[str, str],
) -> None:
    pg_url, redis = urls
    w1, w2 = servers = workers(pg_url, redis)
    players: list[Player] = []
    try:
        body = {
            "players": 2,
            "stock": 30,
            "seats": ["human", "human"],
            "name": "Ann",
            "turn_seconds": TURN_SECONDS,
        }
        status, made = http(w1.base, "POST", "/api/tables", body)  # worker 1 drives it
        assert status == 200, made
        code = made["code"]
        status, joined = http(w2.base, "POST", f"/api/tables/{code}/join", {"name": "Bob"})
        assert status == 200, joined
        ann = Player(w1.base, code, made["token"])
        bob = Player(w2.base, code, joined["token"])
        players += [ann, bob]

        for round_trip in ("two workers", "after the driver died"):
            play([bob], lambda: ann_to_move(bob), watch=tuple(players[:-1]))
            before = len(moves(pg_url, code))
            play([bob], lambda: bob.my_turn(), deadline=45.0, watch=tuple(players[:-1]))
            played = moves(pg_url, code)[before:]
            assert one_turn_of_ann(played), (round_trip, played)
            assert bob.view["seats"][0]["autopilot"], round_trip
            if round_trip == "two workers":
                w1.kill()
                ann.client.close()
                players.remove(ann)
                ann = Player(w2.base, code, made["token"])  # her hello ends the autopilot
                players.insert(0, ann)
                play([bob], lambda: not bob.view["seats"][0]["autopilot"], watch=(ann,))
    finally:
        for player in players:
            player.client.close()
        for server in servers:
            server.kill()
