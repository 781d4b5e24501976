"""A cluster worker's change in one statement (issue 23 §1): group commit, batched news,
the server-side function's version and lease checks, and the fall-back when a
worker's copy is behind the store.

The function and the hubs run on a real PostgreSQL (``SKIPBO_TEST_POSTGRES``, as
``.ci/run`` sets it; they skip without it); the batching is checked without one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import orjson
import pytest

from skipbo.server.cluster.commit import Change, GroupCommit, Outcome
from skipbo.server.cluster.notify import Notifier, decode, encode, encode_many, frame
from skipbo.server.storage.postgres import POSTGRES_SQL
from storage_backends import postgres_backend, throwaway_database

# ------------------------------------------------------------ without a database


def change(code: str, expect: int = 1) -> Change:
    return Change(code, expect, False, [], {})


def test_changes_waiting_meanwhile_go_in_one_call() -> None:
    """While one call is on its way, every change submitted meanwhile waits and then goes
    in the next call, together: 1 + 9 changes make two calls, not ten."""
    calls: list[list[str]] = []

    async def run(changes: list[Change]) -> list[Outcome]:
        calls.append([c.code for c in changes])
        await asyncio.sleep(0.01)
        return [Outcome("ok", c.expect + 1, "me") for c in changes]

    async def scenario() -> list[Outcome]:
        committer = GroupCommit(run)
        first = asyncio.create_task(committer.submit(change("A")))
        await asyncio.sleep(0)  # A's call is on its way
        rest = [committer.submit(change(code)) for code in "BCDEFGHIJ"]
        return await asyncio.gather(first, *rest)

    outcomes = asyncio.run(scenario())
    assert calls == [["A"], list("BCDEFGHIJ")]
    assert [o.status for o in outcomes] == ["ok"] * 10


def test_a_failed_call_fails_each_of_its_changes_and_not_the_next() -> None:
    """PostgreSQL away during a call: each change of it gets the error (as the locked
    path would); changes after it are sent anew."""
    attempts = 0

    async def run(changes: list[Change]) -> list[Outcome]:
        nonlocal attempts
        attempts += 1
        await asyncio.sleep(0.01)
        if attempts == 1:
            raise ConnectionError("database away")
        return [Outcome("ok", 2, "me") for _ in changes]

    async def scenario() -> list[Any]:
        committer = GroupCommit(run)
        first = [asyncio.create_task(committer.submit(change(c))) for c in "AB"]
        await asyncio.sleep(0)
        later = asyncio.create_task(committer.submit(change("C")))
        return await asyncio.gather(*first, later, return_exceptions=True)

    a, b, c = asyncio.run(scenario())
    assert isinstance(a, ConnectionError) and isinstance(b, ConnectionError)
    assert isinstance(c, Outcome) and c.status == "ok"


def test_news_of_one_moment_is_one_message_and_reads_back() -> None:
    """Several tables' news in one Redis message (a list); one alone stays as it was."""
    items = [encode("T1", 5, {"moves": [[0, "H1-B1"]]}), encode("T2", 9, None)]
    assert decode(encode_many(items)) == [("T1", 5, {"moves": [[0, "H1-B1"]]}), ("T2", 9, None)]
    assert encode_many(items[:1]) == items[0]
    assert decode(items[1]) == [("T2", 9, None)]
    assert decode(orjson.dumps({"table": "T"})) is None
    assert decode(b"[1, 2]") is None


def test_a_worker_skips_its_own_news_and_news_of_tables_it_does_not_hold() -> None:
    """Every worker hears the whole channel: only other workers' news of tables it holds
    reach it (decoded), whatever order the frame lists the tables in."""
    heard: list[tuple[str, int]] = []
    notifier = Notifier.__new__(Notifier)  # no Redis needed to hear a message
    notifier.origin, notifier.holds = "w1", {"T2", "T3"}.__contains__
    notifier.on_version = lambda code, version, news=None: heard.append((code, version))
    notifier.on_event = None
    body = encode_many([encode("T1", 5, None), encode("T2", 9, None)])
    notifier._heard(frame("w1", ["T1", "T2"], body))  # its own
    notifier._heard(frame("w2", ["T1"], encode("T1", 6, None)))  # a table it does not hold
    assert heard == []
    notifier._heard(frame("w2", ["T1", "T2"], body))
    assert heard == [("T1", 5), ("T2", 9)]  # the hub ignores tables it does not hold
    assert decode(frame("w2", ["T1", "T2"], body)) == [("T1", 5, None), ("T2", 9, None)]


# ------------------------------------------------------------ on PostgreSQL


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    yield from throwaway_database()


@pytest.fixture
def pg_url(database: str) -> str:
    pytest.importorskip("psycopg_pool", reason="the cluster needs pip install '.[cluster]'")
    from skipbo.server.cluster.db import create_schema

    url = postgres_backend(database).url
    create_schema(url)
    return url


def rows(url: str, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(url) as db:
        return db.execute(sql, params).fetchall()


def new_table(url: str, code: str, owner: str = "w1") -> None:
    """A stored table at version 1, leased to ``owner``."""
    import psycopg

    with psycopg.connect(url) as db:
        db.execute(POSTGRES_SQL.create_table, (code, "{}"))
        db.execute(POSTGRES_SQL.add_seat, (code, 0, None, "open", "open"))
        db.execute(
            "INSERT INTO cluster_tables (table_id, version, state, owner, lease_until)"
            " VALUES (%s, 1, '{}', %s, now() + interval '1 minute')",
            (code, owner),
        )


def move(code: str, index: int) -> tuple[str, tuple[Any, ...]]:
    return POSTGRES_SQL.insert_move, (code, 0, index, 0, f"H{index + 1}-B1")


def commit_many(url: str, worker: str, changes: list[Change]) -> list[Outcome]:
    from skipbo.server.cluster.db import ClusterDb

    async def run() -> list[Outcome]:
        db = ClusterDb(url, worker)
        await db.open()
        try:
            return await db.commit_many(changes)
        finally:
            await db.close()

    return asyncio.run(run())


def test_one_statement_stores_changes_of_several_tables_at_their_versions(pg_url: str) -> None:
    """Two tables in one call: each stored, its version one more, the lease kept; a
    seat's name with a quote and a NULL token go through ``format``'s literals."""
    new_table(pg_url, "AAAA")
    new_table(pg_url, "BBBB")
    seat = (POSTGRES_SQL.update_seat, (None, "O'Brien; DROP TABLE moves", "human", "BBBB", 0))
    outcomes = commit_many(
        pg_url,
        "w1",
        [
            Change("BBBB", 1, False, [seat, move("BBBB", 0)], {"layout": 1}),
            Change("AAAA", 1, True, [move("AAAA", 0), move("AAAA", 1)], {"layout": 0}),
        ],
    )
    assert outcomes == [Outcome("ok", 2, "w1"), Outcome("ok", 2, "w1")]
    assert rows(pg_url, "SELECT count(*) FROM moves WHERE table_id = 'AAAA'") == [(2,)]
    assert rows(pg_url, "SELECT token_hash, name FROM seats WHERE table_id = 'BBBB'") == [
        (None, "O'Brien; DROP TABLE moves")
    ]
    assert rows(pg_url, "SELECT state FROM cluster_tables WHERE table_id = 'BBBB'") == [
        ('{"layout":1}',)
    ]


def test_a_change_on_an_old_version_or_without_the_lease_stores_nothing(pg_url: str) -> None:
    """The table moved on (``stale``), or a driver's change by a worker without the
    lease (``lease``): nothing of either is written, and the other change of the
    call is stored all the same."""
    new_table(pg_url, "CCCC", owner="w1")
    new_table(pg_url, "DDDD", owner="w1")
    outcomes = commit_many(
        pg_url,
        "w2",
        [
            Change("CCCC", 0, False, [move("CCCC", 0)], {}),
            Change("DDDD", 1, True, [move("DDDD", 0)], {}),
            Change("NONE", 1, False, [], {}),
        ],
    )
    assert outcomes == [
        Outcome("stale", 1, "w1"),
        Outcome("lease", 1, "w1"),
        Outcome("gone", 0, None),
    ]
    assert rows(pg_url, "SELECT count(*) FROM moves") == [(0,)]
    assert rows(pg_url, "SELECT version FROM cluster_tables ORDER BY table_id") == [(1,), (1,)]
    # a person's change (not a driver's) by w2 is stored; the live lease stays w1's
    assert commit_many(pg_url, "w2", [Change("DDDD", 1, False, [move("DDDD", 0)], {})]) == [
        Outcome("ok", 2, "w1")
    ]


def test_a_worker_behind_the_store_judges_its_change_on_the_latest_state(pg_url: str) -> None:
    """Worker B has not heard of Ann's join (no Redis here): its copy still shows seat 0
    open. Bob's join is tried at once, found stale, and run again on the stored
    table: Bob gets seat 1 and Ann keeps seat 0. Without the version check Bob would
    have taken seat 0 over Ann."""
    from skipbo.server.cluster.db import ClusterDb
    from skipbo.server.cluster.hub import ClusterHub, NotDriver
    from skipbo.server.config import TableConfig

    async def scenario() -> tuple[int, int, ClusterHub, ClusterHub]:
        pool = ThreadPoolExecutor(1)
        a, b = ClusterDb(pg_url, "wa"), ClusterDb(pg_url, "wb")
        await a.open()
        await b.open()
        hub_a, hub_b = ClusterHub(a, pool), ClusterHub(b, pool)
        try:
            code = (await hub_a.create(TableConfig.make(players=3))).table.code
            await hub_b.entry(code)
            ann, _ = await hub_a.change(code, lambda e: e.table.join("Ann"))
            bob, _ = await hub_b.change(code, lambda e: e.table.join("Bob"))
            with pytest.raises(NotDriver):  # B does not hold the lease: drives nothing
                await hub_b.change(code, lambda e: e.table.join("Cy"), drive=True)
            return ann, bob, hub_a, hub_b
        finally:
            await hub_a.close()
            await hub_b.close()
            await a.close()
            await b.close()
            pool.shutdown()

    ann, bob, hub_a, hub_b = asyncio.run(scenario())
    assert (ann, bob) == (0, 1)
    names = rows(pg_url, "SELECT seat, name FROM seats ORDER BY seat")
    assert names == [(0, "Ann"), (1, "Bob"), (2, "open")]
    assert rows(pg_url, "SELECT version FROM cluster_tables") == [(3,)]
    assert hub_a.committer.requests == 1  # Ann's join: one call of the function
    assert hub_b.committer.requests == 2  # Bob's (stale, then locked) and Cy's (no lease)


def test_lease_renewals_and_group_commits_never_deadlock(pg_url: str) -> None:
    """A worker renews its leases (one statement over all its tables) while its group
    commits lock the same tables' rows, each batch in whatever order its changes came.
    Both lock in the order of the codes, so neither waits for the other in a circle;
    in different orders PostgreSQL broke such deadlocks by failing one side, and a
    move failed so was refused as if the database were away (seen under load)."""
    from skipbo.server.cluster.db import ClusterDb

    codes = [f"L{index:03d}" for index in range(40)]
    for code in codes:
        new_table(pg_url, code)

    async def scenario() -> int:
        db = ClusterDb(pg_url, "w1")
        await db.open()
        versions = dict.fromkeys(codes, 1)

        async def commit_backwards() -> None:
            for _ in range(120):
                batch = [Change(code, versions[code], True, [], {}) for code in reversed(codes)]
                for got, done in zip(batch, await db.commit_many(batch), strict=True):
                    assert done.status == "ok"
                    versions[got.code] = done.version

        async def renew() -> int:
            renewed = 0
            for _ in range(120):
                renewed += len(await db.renew())
            return renewed

        try:
            _, renewed = await asyncio.gather(commit_backwards(), renew())
        finally:
            await db.close()
        return renewed

    assert asyncio.run(scenario()) == 120 * len(codes)  # every lease renewed every time
