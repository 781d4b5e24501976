"""Slow games past their deadline on the cluster: acted on exactly once.

Both workers look for turns past their deadline every ``SLOW_CHECK`` seconds
(``SKIPBO_CLUSTER_SLOW_CHECK`` shortens the 30 s of production, as
``SKIPBO_CLUSTER_GRACE`` does the grace period); each expired turn is claimed by one
statement, so only one of them acts. Deadlines are moved into the past in PostgreSQL
itself, so no test waits an hour. A second action would show: at three sides the
player after the one who timed out would give up (or be handed to a bot) too; at two,
the game would be recorded twice. Needs ``SKIPBO_TEST_POSTGRES`` and
``SKIPBO_TEST_REDIS`` (``.ci/run`` sets both).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from server_harness import ServerProcess, http
from test_server_cluster import Player, database, pg_url, play, redis_url, workers
from test_server_players import Browser

__all__ = ["database", "pg_url", "redis_url"]  # the cluster tests' fixtures

SLOW_CHECK = 0.2
"""Seconds between two looks for expired turns on each worker (30 in production)."""
CHECKS = 15
"""Rounds of checks both workers run after the first action, in which nothing more may happen."""
ACT_WITHIN = 10.0
"""Seconds the workers have to act on an expired turn: far less than the 30 s between
two checks without the setting, so the test fails if the workers ignore it."""


@pytest.fixture(scope="module")
def pair(pg_url: str, redis_url: str) -> Iterator[list[ServerProcess]]:
    """Two workers that check deadlines every SLOW_CHECK seconds."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SKIPBO_CLUSTER_SLOW_CHECK", str(SLOW_CHECK))
        patch.setenv("SKIPBO_CLUSTER_RATE", "1000")  # a test player answers at once
        both = workers(pg_url, redis_url)
    yield both
    for worker in both:
        worker.kill()


def slow_table(
    pair: list[ServerProcess], players: int, on_timeout: str, rated: bool = False
) -> tuple[str, list[Browser], list[str]]:
    """A slow table (8 h a turn) of ``players`` guests, seated from both workers in turn;
    its code, the guests and their seats' tokens."""
    people = [Browser(pair[i % 2].base) for i in range(players)]
    for person in people:
        person.get("/api/me")
    body = {
        "players": players,
        "stock": 10,
        "name": "P0",
        "slow_hours": 8,
        "on_timeout": on_timeout,
        "rated": rated,
    }
    made = people[0].post("/api/tables", body).json()
    code = str(made["code"])
    tokens = [str(made["token"])]
    for index, person in enumerate(people[1:], start=1):
        joined = person.post(f"/api/tables/{code}/join", {"name": f"P{index}"}).json()
        tokens.append(str(joined["token"]))
    return code, people, tokens


def waiting_turn(
    people: list[Browser], code: str, moved_from: int | None = None
) -> tuple[int, float]:
    """Whose "your turn" list holds ``code`` (not ``moved_from``), and its deadline."""
    end = time.monotonic() + 30
    while time.monotonic() < end:
        for index, person in enumerate(people):
            if index == moved_from:
                continue
            for table in person.get("/api/me/tables").json()["your_turn"]:
                if table["table_id"] == code and table["deadline"]:
                    return index, float(table["deadline"])
        time.sleep(0.1)
    raise AssertionError(f"{code} is in nobody's turn list")


def expire(pg: str, code: str) -> None:
    import psycopg

    with psycopg.connect(pg) as db:
        db.execute("UPDATE listings SET deadline = 1 WHERE table_id = %s", (code,))


def stored_status(pg: str, code: str) -> dict[str, Any]:
    import psycopg

    with psycopg.connect(pg) as db:
        row = db.execute("SELECT status FROM tables WHERE table_id = %s", (code,)).fetchone()
    assert row is not None
    status: dict[str, Any] = json.loads(row[0])
    return status


def public_view(base: str, code: str) -> dict[str, Any]:
    status, body = http(base, "GET", f"/api/tables/{code}")
    assert status == 200, body
    view: dict[str, Any] = body
    return view


def until(check: Any, what: str, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.1)


def test_at_three_sides_the_late_player_alone_is_taken_by_a_bot(
    pair: list[ServerProcess], pg_url: str
) -> None:
    """P0..P2 on two workers; the player to move lets the deadline pass: a bot takes
    that seat (the player gave up), plays the turn, and the next player's turn waits
    with a fresh deadline; after many more checks on both workers nobody else is gone."""
    code, people, _ = slow_table(pair, 3, "lose")
    late, _ = waiting_turn(people, code)
    expire(pg_url, code)
    until(lambda: stored_status(pg_url, code).get("resigned") == [late], "the time-out", ACT_WITHIN)
    nxt, deadline = waiting_turn(people, code, moved_from=late)
    assert deadline > time.time() + 7.9 * 3600
    time.sleep(CHECKS * SLOW_CHECK)
    assert stored_status(pg_url, code)["resigned"] == [late]
    for worker in pair:  # each worker's copy says the same
        view = public_view(worker.base, code)
        assert view["phase"] == "playing" and view["to_move"] == nxt
        kinds = [seat["kind"] for seat in view["seats"]]
        assert kinds == ["bot" if seat == late else "human" for seat in range(3)], kinds
    assert waiting_turn(people, code, moved_from=late) == (nxt, deadline)


def test_at_two_sides_the_late_player_loses_once(pair: list[ServerProcess], pg_url: str) -> None:
    """The player to move lets the deadline pass: the game ends, the other wins, and it is
    recorded once (one game each, one win), whichever worker acted."""
    code, people, _ = slow_table(pair, 2, "lose")
    late, _ = waiting_turn(people, code)
    expire(pg_url, code)
    until(lambda: public_view(pair[1].base, code)["phase"] == "match_over", "the end", ACT_WITHIN)
    time.sleep(CHECKS * SLOW_CHECK)
    assert stored_status(pg_url, code)["resigned"] == [late]
    assert public_view(pair[0].base, code)["match_winner"] == 1 - late

    def totals() -> list[tuple[int, int]]:
        return [(me["games"], me["wins"]) for me in (p.get("/api/me").json() for p in people)]

    until(lambda: totals()[late] == (1, 0), "the game's record")
    expected = [(1, 0), (1, 0)]
    expected[1 - late] = (1, 1)
    assert totals() == expected


def test_a_seat_handed_to_a_bot_is_rated_as_its_persons_loss(
    pair: list[ServerProcess], pg_url: str
) -> None:
    """A rated slow game, ``on_timeout`` ``bot``: past the deadline a bot takes the late
    player's seat (stored as abandoned, so every worker's copy knows); the other player
    plays the game out against it on the other worker, and the late player, whatever the
    bot made of the game, is rated as having lost it, the game ``abandoned``."""
    code, people, tokens = slow_table(pair, 2, "bot", rated=True)
    late, _ = waiting_turn(people, code)
    expire(pg_url, code)
    until(
        lambda: stored_status(pg_url, code).get("abandoned") == [late], "the time-out", ACT_WITHIN
    )
    assert stored_status(pg_url, code)["resigned"] == []
    for worker in pair:
        seat = public_view(worker.base, code)["seats"][late]
        assert seat["kind"] == "bot" and seat.get("abandoned") is True
    stays = 1 - late
    player = Player(pair[late % 2].base, code, tokens[stays])  # the worker the late one used
    try:
        play([player], lambda: player.view["phase"] != "playing", deadline=120.0)
    finally:
        player.client.close()
    until(lambda: people[late].get("/api/me").json()["games"] == 1, "the game's record")
    me = [person.get("/api/me").json() for person in people]
    assert (me[late]["games"], me[late]["wins"]) == (1, 0) and me[late]["rating"] < 1500
    assert (me[stays]["games"], me[stays]["wins"]) == (1, 1) and me[stays]["rating"] > 1500
    (game,) = people[stays].get(f"/api/players/{me[late]['id']}").json()["games"]
    assert game["ending"] == "abandoned" and game["seats"][late]["resigned"]


def test_the_next_player_gets_a_fresh_deadline_after_the_copy_was_read_again(
    pair: list[ServerProcess], pg_url: str
) -> None:
    """A worker reads a table again (a new copy) when another worker changed its seats;
    the next turn it commits then is a new turn all the same. It used to take the new
    copy for a restart and keep the stored deadline: the next player got what was left
    of the last player's turn (here 100 s instead of 8 h)."""
    import psycopg

    code, people, tokens = slow_table(pair, 2, "lose", rated=True)
    mover, first = waiting_turn(people, code)
    assert first > time.time() + 7.9 * 3600
    other = 1 - mover
    sock = Player(pair[mover % 2].base, code, tokens[mover])  # slow_table: person i on i % 2
    try:
        assert sock.view["seat"] == mover and sock.view["to_move"] == mover
        sock.drain(0.5)
        seen = len(sock.states)
        assert people[other].post(f"/api/tables/{code}/reseat").status_code == 200
        until(lambda: (sock.drain(0.5), len(sock.states) > seen)[1], "the reseat's news")
        with psycopg.connect(pg_url) as db:  # the mover has 100 s of the 8 hours left
            db.execute(
                "UPDATE listings SET deadline = %s WHERE table_id = %s", (time.time() + 100, code)
            )
        sock.end_turn()  # one discard: the turn is the other player's
        turn, deadline = waiting_turn(people, code, moved_from=mover)
        assert turn == other
        left = deadline - time.time()
        assert left > 7.9 * 3600, f"the next player got {left:.0f} s instead of 8 h"
    finally:
        sock.client.close()


def test_a_turn_back_at_a_seat_is_written_whichever_worker_wrote_the_one_between(
    pair: list[ServerProcess],
) -> None:
    """Each player on a worker of their own, each turn one discard: the turn comes back
    to the first player through the first player's worker, whose last written turn was
    that seat's too. It used to take the turn for the one it wrote and write nothing:
    the listing kept the second player to move, with their deadline."""
    code, people, tokens = slow_table(pair, 2, "lose", rated=True)
    first, _ = waiting_turn(people, code)
    second = 1 - first
    socks = [Player(pair[i].base, code, tokens[i]) for i in range(2)]  # one per worker
    try:
        for sock in socks:
            sock.drain(0.5)
        socks[first].end_turn()
        assert waiting_turn(people, code, moved_from=first)[0] == second
        socks[second].drain(0.5)
        socks[second].end_turn()
        socks[first].drain(0.5)
        assert socks[first].view["to_move"] == first
        assert waiting_turn(people, code, moved_from=second)[0] == first
    finally:
        for sock in socks:
            sock.client.close()
