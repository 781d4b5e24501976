"""PostgreSQL stops under a cluster worker, then comes back.

A short outage waits and completes: a move sent while the database is stopped
for a moment is stored once it is back, within the pool's wait, and the players
see it. While a longer one lasts a request gets a coded, retryable refusal
quickly (JSON ``storage_unavailable``, HTTP 503; a move in flight the same over
the WebSocket, nothing stored), ``/readyz`` says not ready and ``/healthz``
alive; once it is back, play resumes by itself with presence intact. Needs
PostgreSQL's binaries and ``SKIPBO_TEST_REDIS`` (``.ci/run`` provides both).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator

import pytest

from private_postgres import PrivatePostgres
from server_harness import TIMEOUT, ServerProcess, http
from test_server_cluster import Player, play, stored_moves
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
        ann.client.send({"type": "move", "move": ann.view["legal"][0]})
        wait_until(lambda: ann.drain() or ann.errors, TIMEOUT, "no answer to the move")
        assert [e["code"] for e in ann.errors] == ["storage_unavailable"], ann.errors

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
