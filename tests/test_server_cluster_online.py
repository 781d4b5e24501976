"""Online play across cluster workers: identity, the lobby and Find a game live in
PostgreSQL, so a guest on one worker is paired with a guest on another.

Needs ``SKIPBO_TEST_POSTGRES`` and ``SKIPBO_TEST_REDIS`` (``.ci/run`` sets both).
"""

from __future__ import annotations

import time

from server_harness import ServerProcess
from test_server_cluster import Player, database, pair, pg_url, play, redis_url, round_over
from test_server_players import Browser

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
