"""``GET /metrics``: what a server counts, in Prometheus' text format.

One process is checked in a thread (its registry is this process's); a cluster of
two workers behind one port (``--workers 2``) must add both workers' counts
whichever of them answers the scrape, list its gauges per worker, and count a
lost Redis (with its warning line).
"""

from __future__ import annotations

import json
import random
import time
import urllib.request
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from server_harness import TIMEOUT, Client, ServerProcess, http, thread_server
from test_server_cluster import (
    Player,
    RedisServer,
    database,
    new_table,
    pg_url,
    play,
    redis_url,
    stored_moves,
)

__all__ = ["database", "pg_url", "redis_url"]  # the cluster tests' fixtures

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def scrape(base: str) -> Samples:
    """Every sample of one scrape, by name and labels."""
    with urllib.request.urlopen(base + "/metrics", timeout=TIMEOUT) as response:
        assert response.headers["Content-Type"].startswith("text/plain")
        text = response.read().decode()
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    """The sum of ``name``'s samples whose labels include ``labels``."""
    wanted = set(labels.items())
    return sum(v for (n, have), v in samples.items() if n == name and wanted <= have)


def test_one_process_counts_moves_refusals_bots_and_connections(tmp_path: Path) -> None:
    with thread_server(tmp_path / "m.db") as (base, _):
        before = scrape(base)
        body = {"players": 2, "stock": 2, "seats": ["human", "bot:greedy"], "name": "ann"}
        status, created = http(base, "POST", "/api/tables", body)
        assert status == 200, created
        client = Client(base, created["code"])
        view = client.hello(created["token"])["view"]
        during = scrape(base)
        assert value(during, "skipbo_connections") == value(before, "skipbo_connections") + 1
        rng, moved, refused = random.Random(5), 0, 0
        while view["phase"] == "playing":
            if view["to_move"] == 0:
                if not refused:
                    # On our own turn nothing else moves, so the next message is the
                    # answer; no discard pile is filled before our first discard.
                    answer = client.ask({"type": "move", "move": "D4-B1"})
                    assert answer["type"] == "error" and answer["code"] == "illegal_move"
                    refused = 1
                ends = [m for m in view["legal"] if "-D" in m or m == "end"]
                client.send({"type": "move", "move": rng.choice(ends)})
                moved += 1
            view = client.recv()["view"]
        client.close()
        end = time.monotonic() + TIMEOUT
        while value(after := scrape(base), "skipbo_tables_in_memory") < 1:
            assert time.monotonic() < end, "the tables gauge was never stated"
            time.sleep(0.2)

    def delta(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert delta("skipbo_moves_total", outcome="accepted") == moved
    assert delta("skipbo_moves_total", outcome="refused") == refused
    assert delta("skipbo_refusals_total", code="illegal_move") == refused
    assert delta("skipbo_move_seconds_count") == moved
    bot_moves = delta("skipbo_bot_decision_seconds_count")
    assert bot_moves >= 1
    assert delta("skipbo_change_db_seconds_count") == moved + bot_moves  # every stored move


# ------------------------------------------------------------------ the cluster


def stop(server: ServerProcess) -> str:
    """SIGTERM (uvicorn's supervisor stops its workers too); what the server wrote."""
    server.process.terminate()
    try:
        _, written = server.process.communicate(timeout=TIMEOUT)
    finally:
        server.kill()
    return bytes(written).decode()


def test_two_workers_behind_one_port_add_up(pg_url: str, redis_url: str) -> None:
    """Each scrape, whichever worker answers, sums the moves both workers accepted
    and lists each worker's gauges under its own ``pid``."""
    server = ServerProcess(pg_url, ("--redis", redis_url, "--workers", "2"))
    players: list[Player] = []
    try:
        code, ann_token, bob_token = new_table(server.base, server.base, stock=5)
        ann, bob = Player(server.base, code, ann_token), Player(server.base, code, bob_token)
        players += [ann, bob]
        people = lambda: stored_moves(pg_url, code, 0) + stored_moves(pg_url, code, 1)  # noqa: E731
        play([ann, bob], lambda: people() >= 6 and not ann.waiting and not bob.waiting)
        stored = people()
        scrapes = [scrape(server.base) for _ in range(6)]
        for samples in scrapes:
            assert value(samples, "skipbo_moves_total", outcome="accepted") == stored
        pids = {
            dict(labels)["pid"]
            for samples in scrapes
            for (name, labels), _ in samples.items()
            if name == "skipbo_tables_in_memory"
        }
        assert len(pids) == 2, pids
    finally:
        for player in players:
            player.client.close()
        stop(server)


def test_a_lost_redis_is_counted_and_logged_as_a_warning(pg_url: str) -> None:
    """One loss, however many tries it takes to subscribe again: counted once, one
    warning, and one when it is back (the worker used to say it every half second)."""
    redis = RedisServer()
    server = ServerProcess(pg_url, ("--redis", redis.url))
    try:
        redis.stop()
        end = time.monotonic() + TIMEOUT
        while value(scrape(server.base), "skipbo_redis_losses_total") < 1:
            assert time.monotonic() < end, "the lost subscription was not counted"
            time.sleep(0.2)
        time.sleep(3)  # several tries to subscribe again, all refused
        redis.start()
        end = time.monotonic() + TIMEOUT
        while http(server.base, "GET", "/readyz")[0] != 200:
            assert time.monotonic() < end, "not ready again"
            time.sleep(0.2)
        time.sleep(1)  # the subscription comes back after the publishing side
        assert value(scrape(server.base), "skipbo_redis_losses_total") == 1
    finally:
        written = stop(server)
        redis.stop()
    lines = [json.loads(line) for line in written.splitlines() if line.strip()]
    said = [line["message"] for line in lines if "redis subscription" in line["message"]]
    assert len(said) == 2 and "lost" in said[0] and said[1] == "redis subscription back", said
    assert all(
        line["level"] == "warning" for line in lines if "redis subscription" in line["message"]
    ), written
