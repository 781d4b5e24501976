"""The guided first game on the cluster: opened on one worker, played on the other.

The second worker never saw the table made: it reads it from PostgreSQL and deals it
again from its configuration, so it must deal the arranged deal, not one from the
seed, for the lessons' moves to be legal there (and the bot, driven by whichever
worker holds the table's lease, must answer as scripted).
"""

from __future__ import annotations

from server_harness import Client, ServerProcess, http
from skipbo.server.tutorial import PERSON_MOVES
from test_server_cluster import database, pair, pg_url, redis_url
from test_tutorial import _after, _until_my_turn

__all__ = ["database", "pair", "pg_url", "redis_url"]  # the cluster tests' fixtures


def test_a_tutorial_made_on_one_worker_is_played_on_the_other(
    pair: list[ServerProcess],
) -> None:
    w1, w2 = pair
    status, created = http(w1.base, "POST", "/api/tutorial", {"name": "ann"})
    assert status == 200, created
    code, token = created["code"], created["token"]
    client = Client(w2.base, code)
    try:
        view = client.hello(token)["view"]
        assert view["config"]["deal"] == "tutorial"
        for move in PERSON_MOVES:
            view = _until_my_turn(client, view)
            assert move in view["legal"], (move, view["legal"])
            client.send({"type": "move", "move": move})
            view = _after(client, view["moves"])
        assert view["phase"] == "match_over" and view["result"]["winner"] == 0
        bot_moves = [m["move"] for m in view["last_moves"] if m["seat"] == 1]
        assert bot_moves == ["H12-D1"]
    finally:
        client.close()
