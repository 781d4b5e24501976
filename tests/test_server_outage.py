"""PostgreSQL stops under a cluster worker, then comes back.

While it is away a request gets a coded, retryable refusal quickly (JSON
``storage_unavailable``, HTTP 503; a move in flight the same over the
WebSocket, nothing stored), ``/readyz`` says not ready and ``/healthz`` alive;
once it is back, play resumes by itself with presence intact. Needs PostgreSQL's
binaries and ``SKIPBO_TEST_REDIS`` (``.ci/run`` provides both).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

from private_postgres import PrivatePostgres
from server_harness import TIMEOUT, ServerProcess, http
from test_server_cluster import Player, play

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


def test_a_postgresql_outage_is_refused_cleanly_and_play_resumes(
    postgres: PrivatePostgres,
) -> None:
    redis = os.environ.get(REDIS_ENV)
    if not redis:
        pytest.skip(f"needs {REDIS_ENV}")
    worker = ServerProcess(postgres.url, ("--redis", redis))
    ann = None
    try:
        body = {"players": 2, "stock": 20, "seats": ["human", "human"], "name": "Ann"}
        status, made = http(worker.base, "POST", "/api/tables", body)
        assert status == 200, made
        status, bob = http(worker.base, "POST", f"/api/tables/{made['code']}/join", {"name": "B"})
        assert status == 200, bob
        ann = Player(worker.base, made["code"], made["token"])
        other = Player(worker.base, made["code"], bob["token"])
        play([ann, other], lambda: ann.my_turn() and other.view["seats"][0]["connected"])
        assert http(worker.base, "GET", "/readyz") == (
            200,
            {"ready": True, "database": True, "redis": True},
        )

        postgres.stop()
        status, ready = http(worker.base, "GET", "/readyz")
        assert status == 503 and ready["database"] is False and ready["redis"] is True
        assert http(worker.base, "GET", "/healthz")[0] == 200
        started = time.monotonic()
        status, refused = http(worker.base, "POST", "/api/tables", body)
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
        worker.kill()
