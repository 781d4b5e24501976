"""Limits that hold across the cluster: two workers allow what one allows.

A client that creates tables on both workers, or a seat whose messages come
through connections on both, gets the one limit in all (counted in Redis,
:mod:`skipbo.server.cluster.limits`), not one limit per worker. Needs
``SKIPBO_TEST_POSTGRES`` and ``SKIPBO_TEST_REDIS``.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import Iterator
from typing import NamedTuple

import pytest

from server_harness import Client, ServerProcess, http
from storage_backends import postgres_backend, throwaway_database
from test_server_cluster import new_table
from test_server_players import Browser

REDIS_ENV = "SKIPBO_TEST_REDIS"
LIMIT = 3
"""Tables a client may create a minute, codes it may miss and guests it may be given
a minute, and messages a seat may send a second."""


class Cluster(NamedTuple):
    workers: list[ServerProcess]
    code: str
    """A running table, made before any test (it counts against the create limit)."""
    bob_token: str


@pytest.fixture(scope="module")
def pair() -> Iterator[Cluster]:
    """Two workers with low limits on a database of their own (its own Redis counts),
    and a table made on them."""
    redis = os.environ.get(REDIS_ENV)
    if not redis:
        pytest.skip(f"cluster tests need {REDIS_ENV}=redis://HOST:PORT/DB (and PostgreSQL)")
    pytest.importorskip("psycopg_pool", reason="the cluster needs pip install '.[cluster]'")
    for database in throwaway_database():
        url = postgres_backend(database).url
        limits = [f"--{kind}-limit={LIMIT}" for kind in ("create", "miss", "guest")]
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("SKIPBO_CLUSTER_RATE", str(LIMIT))
            started = [
                ServerProcess(url, (*limits, "--redis", redis), wait=False) for _ in range(2)
            ]
        try:
            for worker in started:
                worker.wait_ready()
            # stock 10: the round must still run (the bot alone could end a stock of 3)
            code, _, bob_token = new_table(started[0].base, started[1].base, stock=10)
            yield Cluster(started, code, bob_token)
        finally:
            for worker in started:
                worker.kill()


def test_a_client_creates_no_more_tables_on_two_workers_than_on_one(pair: Cluster) -> None:
    """One table was made already: LIMIT - 1 more, on either worker, then refusals."""
    body = {"players": 2, "seats": ["human", "human"]}
    tries = 2 * LIMIT
    answers = [http(pair.workers[i % 2].base, "POST", "/api/tables", body) for i in range(tries)]
    made = [answer for status, answer in answers if status == 200]
    refused = [answer["code"] for status, answer in answers if status == 429]
    assert len(made) == LIMIT - 1, answers
    assert refused == ["too_many_tables"] * (tries - LIMIT + 1)


def test_a_seat_on_two_workers_gets_one_message_rate(pair: Cluster) -> None:
    """Bob asks for the next round (refused: the round runs) LIMIT times through a
    connection on each worker at once: past LIMIT in all, ``rate_limited``.

    Each connection alone is within its own rate (LIMIT a second): only the
    seat's count across the workers refuses.
    """
    devices = [Client(worker.base, pair.code) for worker in pair.workers]
    try:
        for device in devices:
            device.hello(pair.bob_token)
        for device in devices:
            for _ in range(LIMIT):
                device.send({"type": "next"})
        answers = [
            device.until(lambda m: m["type"] == "error")["code"]
            for device in devices
            for _ in range(LIMIT)
        ]
        assert len(answers) == 2 * LIMIT
        assert answers.count("rate_limited") >= LIMIT, answers
        assert set(answers) <= {"rate_limited", "round_not_over"}, answers
    finally:
        for device in devices:
            device.close()


def test_grants_asked_at_once_share_one_round_trip_and_survive_a_script_flush() -> None:
    """Ten seats asking at the same moment: one pipelined call, never more than the
    limit in all; after Redis loses its scripts (a restart, ``SCRIPT FLUSH``), the
    next grant loads the script again instead of failing over to local counts."""
    url = os.environ.get(REDIS_ENV)
    if not url:
        pytest.skip(f"needs {REDIS_ENV}=redis://HOST:PORT/DB")
    redis_asyncio = pytest.importorskip("redis.asyncio")
    from skipbo.server.cluster.limits import Windows

    async def scenario() -> tuple[list[int], int, tuple[int, int] | None]:
        redis = redis_asyncio.from_url(url)
        try:
            windows = Windows(redis, f"test-{os.getpid()}-{uuid.uuid4().hex}")
            asks = [windows.grant("msg:T:0", 2, 7, 60.0) for _ in range(10)]
            answers = await asyncio.gather(*asks)
            calls = windows.calls
            await redis.script_flush()
            again = await windows.grant("msg:T:1", 1, 7, 60.0)
            return [a[0] for a in answers if a is not None], calls, again
        finally:
            await redis.aclose()

    granted, calls, again = asyncio.run(scenario())
    assert calls == 1
    assert len(granted) == 10 and sum(granted) == 7 and max(granted) == 2
    assert again is not None and again[0] == 1


def test_a_client_is_given_no_more_guests_on_two_workers_than_on_one(pair: Cluster) -> None:
    """New browsers (no cookie) on both workers in turn: LIMIT guests at most in all
    (none was made before in this module), then ``too_many_guests`` on either."""
    answers = [Browser(pair.workers[i % 2].base).get("/api/me") for i in range(2 * LIMIT)]
    made = [answer for answer in answers if answer.status_code == 200]
    refused = [answer.json()["code"] for answer in answers if answer.status_code == 429]
    assert len(made) == LIMIT, [answer.status_code for answer in answers]
    assert refused == ["too_many_guests"] * LIMIT


def test_a_client_misses_no_more_codes_on_two_workers_than_on_one(pair: Cluster) -> None:
    """LIMIT codes leading nowhere, asked of both workers in turn (each sees fewer than
    LIMIT); the next miss on each worker finds the cluster's count spent, and from then
    on each refuses every code, the real table's too. Counted per worker, the worker
    that saw one miss of the LIMIT would still serve it. (Last in this module: the
    workers refuse this client table codes for a minute after it.)"""
    bases = [worker.base for worker in pair.workers]
    for guess in range(LIMIT):
        status, answer = http(bases[guess % 2], "GET", f"/api/tables/NOPE{guess}")
        assert (status, answer["code"]) == (404, "no_table")
    for base in bases:  # one more on each: answered, and it spends the count
        assert http(base, "GET", "/api/tables/NOPE9")[0] == 404
    for base in bases:
        status, answer = http(base, "GET", f"/api/tables/{pair.code}")
        assert (status, answer["code"]) == (429, "too_many_misses"), answer
    assert http(bases[1], "GET", "/api/bots")[0] == 200  # what names no code is served
