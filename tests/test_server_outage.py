"""PostgreSQL stops under a cluster worker, then comes back.

A short outage waits and completes: a move sent while the database is stopped
for a moment is stored once it is back, within the pool's wait, and the players
see it. While a longer one lasts a request gets a coded, retryable refusal
(JSON ``storage_unavailable``, HTTP 503; a move in flight the same over the
WebSocket, nothing stored), at once once the outage is known, ``/readyz`` says
not ready and ``/healthz`` alive, and the log says the outage once and its end
once (not psycopg's line per try); once it is back the pool is too, within about
a second, play resumes by itself, and nobody is shown away for the outage.
Needs PostgreSQL's binaries and ``SKIPBO_TEST_REDIS`` (``.ci/run`` provides both).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import time
from collections.abc import Iterator

import pytest

from private_postgres import PrivatePostgres
from server_harness import TIMEOUT, ServerProcess, http
from test_server_cluster import Player, play, stored_moves, workers
from test_server_metrics import stop

REDIS_ENV = "SKIPBO_TEST_REDIS"


@pytest.fixture
def postgres() -> Iterator[PrivatePostgres]:
    pytest.importorskip("psycopg_pool", reason="the cluster needs pip install '.[cluster]'")
    server = PrivatePostgres()
    try:
        yield server
    finally:
        server.close()


def wait_until(check: object, seconds: float, why: str) -> None:
    end = time.monotonic() + seconds
    while not check():  # type: ignore[operator]
        assert time.monotonic() < end, why
        time.sleep(0.2)


def redis_url() -> str:
    redis = os.environ.get(REDIS_ENV)
    if not redis:
        pytest.skip(f"needs {REDIS_ENV}")
    return redis


BODY = {"players": 2, "stock": 20, "seats": ["human", "human"], "name": "Ann"}


def seated(base: str) -> tuple[Player, Player]:
    """Ann and Bob at a new table, both connected, at Ann's turn."""
    status, made = http(base, "POST", "/api/tables", BODY)
    assert status == 200, made
    status, bob = http(base, "POST", f"/api/tables/{made['code']}/join", {"name": "B"})
    assert status == 200, bob
    ann = Player(base, made["code"], made["token"])
    other = Player(base, made["code"], bob["token"])
    play([ann, other], lambda: ann.my_turn() and other.view["seats"][0]["connected"])
    return ann, other


def test_a_short_postgresql_outage_waits_and_the_move_completes(
    postgres: PrivatePostgres,
) -> None:
    """PostgreSQL stops and starts again at once: the move sent meanwhile is not
    refused; it waits for the database (the pool finds its closed connections
    before use) and is stored once, and both players see it."""
    worker = ServerProcess(postgres.url, ("--redis", redis_url()))
    players: tuple[Player, ...] = ()
    try:
        players = ann, other = seated(worker.base)
        code, moves = ann.view["code"], ann.view["moves"]
        assert stored_moves(postgres.url, code) == moves
        move = ann.view["legal"][0]
        postgres.stop()
        ann.client.send({"type": "move", "move": move})
        postgres.start()

        def answered() -> bool:
            for player in players:
                player.drain()
            return bool(ann.errors) or all(p.view["moves"] > moves for p in players)

        wait_until(answered, TIMEOUT, "the move sent during the outage got no answer")
        assert not ann.errors, ann.errors
        assert ann.view["moves"] == other.view["moves"] == moves + 1
        assert ann.view["last_moves"][-1] == {"seat": ann.view["seat"], "move": move}
        assert stored_moves(postgres.url, code) == moves + 1
    finally:
        for player in players:
            player.client.close()
        worker.kill()


def test_a_postgresql_outage_is_refused_cleanly_and_play_resumes(
    postgres: PrivatePostgres,
) -> None:
    worker = ServerProcess(postgres.url, ("--redis", redis_url()))
    ann = None
    try:
        ann, _ = seated(worker.base)
        assert http(worker.base, "GET", "/readyz") == (
            200,
            {"ready": True, "database": True, "redis": True},
        )

        postgres.stop()
        status, ready = http(worker.base, "GET", "/readyz")
        assert status == 503 and ready["database"] is False and ready["redis"] is True
        assert http(worker.base, "GET", "/healthz")[0] == 200
        started = time.monotonic()
        status, refused = http(worker.base, "POST", "/api/tables", BODY)
        assert status == 503 and refused["code"] == "storage_unavailable", refused
        assert time.monotonic() - started < TIMEOUT
        moves = ann.view["moves"]
        started = time.monotonic()  # the outage is known by now: refused at once
        ann.client.send({"type": "move", "move": ann.view["legal"][0]})
        wait_until(lambda: ann.drain() or ann.errors, TIMEOUT, "no answer to the move")
        assert [e["code"] for e in ann.errors] == ["storage_unavailable"], ann.errors
        assert time.monotonic() - started < 2.5  # not after the pool's 5 s wait

        postgres.start()
        wait_until(lambda: http(worker.base, "GET", "/readyz")[0] == 200, TIMEOUT, "not ready")
        ann.errors.clear()
        ann.client.send({"type": "move", "move": ann.view["legal"][0]})
        wait_until(
            lambda: ann.drain() or ann.view["moves"] == moves + 1 or ann.errors,
            TIMEOUT,
            "the move after the outage got no answer",
        )
        assert not ann.errors and ann.view["moves"] == moves + 1
        assert ann.view["seats"][0]["connected"] and ann.view["seats"][1]["connected"]
    finally:
        if ann is not None:
            ann.client.close()
        written = stop(worker)
    # the outage is told in warnings; an ERROR (Starlette's "Exception in ASGI
    # application" after the 503 was sent, a table driver's task dying) is a bug's
    lines = [json.loads(line) for line in written.splitlines() if line.startswith("{")]
    errors = [line for line in lines if line["level"] in ("error", "critical")]
    assert not errors and "Traceback" not in written, written
    assert any(line.get("code") == "storage_unavailable" for line in lines), written
    # the outage once when it starts, once when it is back: not psycopg's line per try
    # at reconnecting, nor the worker's tick failing once a second
    assert not [line for line in lines if line["logger"] == "psycopg.pool"], written
    assert not [line for line in lines if "tick failed" in line["message"]], written
    said = [line["message"].split(" (")[0] for line in lines if line["logger"].endswith(".db")]
    assert [text[:15] for text in said] == ["PostgreSQL away", "PostgreSQL back"], written


def test_the_pool_is_back_soon_after_a_long_outage(postgres: PrivatePostgres) -> None:
    """A worker's pool while PostgreSQL is away: once the outage is known a request is
    refused at once, and the pool is back about a second after the database, however
    long it was away (psycopg's own backoff, 1, 2, 4, 8 s ... between tries, left it
    away for as long again as the outage had lasted)."""
    from psycopg_pool import PoolTimeout

    from skipbo.server.cluster.db import ClusterDb, create_schema

    create_schema(postgres.url)

    async def scenario() -> tuple[float, float]:
        db = ClusterDb(postgres.url, "w1")
        await db.open()
        try:
            await asyncio.to_thread(postgres.stop)
            down = time.monotonic()
            while not db.away:  # the pool finds its connections dead and tries anew
                with contextlib.suppress(PoolTimeout):
                    await db.ping()
                assert time.monotonic() - down < TIMEOUT, "the outage was never known"
            started = time.monotonic()
            with pytest.raises(PoolTimeout):
                await db.ping()
            refused = time.monotonic() - started
            await asyncio.sleep(max(0.0, down + 8 - time.monotonic()))
            await asyncio.to_thread(postgres.start)
            back = time.monotonic()
            while True:
                with contextlib.suppress(PoolTimeout):
                    await db.ping()
                    return refused, time.monotonic() - back
                assert time.monotonic() - back < TIMEOUT, "the pool never came back"
        finally:
            with contextlib.suppress(Exception):
                await db.close()

    refused, back = asyncio.run(scenario())
    # bounds with room for a loaded machine that still tell the old pool apart: its
    # refusal took the whole 5 s wait, and its next try came 6-7 s after the database
    assert refused < 2.5
    assert back < 4.5


def test_nobody_is_shown_away_for_an_outage(postgres: PrivatePostgres) -> None:
    """Ann on one worker, Bob on another; PostgreSQL is away for longer than a worker
    may go without a heartbeat, and Ann's page reconnects meanwhile. Once it is back
    Bob, connected all along, is never shown away, nor is anyone once Ann is back:
    the worker back first counted the other's connections dead (their heartbeats
    were just as old as its own) and showed Bob away until something counted again."""
    from skipbo.server.cluster.db import DEAD_SECONDS

    servers = workers(postgres.url, redis_url())
    players: list[Player] = []
    try:
        status, made = http(servers[0].base, "POST", "/api/tables", BODY)
        assert status == 200, made
        status, bob_seat = http(
            servers[0].base, "POST", f"/api/tables/{made['code']}/join", {"name": "B"}
        )
        assert status == 200, bob_seat
        ann = Player(servers[0].base, made["code"], made["token"])
        bob = Player(servers[1].base, made["code"], bob_seat["token"])
        players += [ann, bob]
        play([ann, bob], lambda: all(here(p, 0) and here(p, 1) for p in players))
        postgres.stop()
        ann.client.close()
        time.sleep(DEAD_SECONDS + 2)  # every heartbeat is older than DEAD_SECONDS
        seen = len(bob.states)
        postgres.start()
        players[0] = ann = back_again(servers[0].base, made["code"], made["token"])
        end = time.monotonic() + DEAD_SECONDS + 3  # past every worker's extra patience
        while time.monotonic() < end:
            for player in players:
                player.drain(0.1)
        after = ann.states + bob.states[seen:]
        assert all(view["seats"][1]["connected"] for view in after), after
        assert not any(seat["autopilot"] for view in after for seat in view["seats"])
        assert all(here(p, 0) and here(p, 1) for p in players), [p.view for p in players]
    finally:
        for player in players:
            player.client.close()
        for server in servers:
            server.kill()


def here(player: Player, seat: int) -> bool:
    """Whether ``player``'s last view shows ``seat`` connected."""
    return bool(player.states) and bool(player.view["seats"][seat]["connected"])


def back_again(base: str, code: str, token: str) -> Player:
    """A page reconnecting as the database comes back: it asks again until its hello is
    answered with the table (a refused hello is answered ``storage_unavailable``)."""
    end = time.monotonic() + TIMEOUT
    while True:
        player = Player(base, code, token)
        if player.states:
            return player
        player.client.close()
        assert time.monotonic() < end, f"the hello was never answered: {player.errors}"
        time.sleep(0.2)
