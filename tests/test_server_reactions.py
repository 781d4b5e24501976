"""Preset reactions at a table, on both servers.

A seated player sends ``{"type": "react", "reaction": ID}`` (one of the presets,
never free text); every connection of the table (the other players and the
spectators) gets ``{"type": "reaction", "seat", "reaction"}``. A spectator may
not react, a free text is refused by the schema, and past a few reactions in a
row the connection is refused with ``too_many_reactions`` while its moves still
pass. The cluster variant seats the players on two workers, so that the
reaction reaches the other worker's sockets through Redis; it needs
``SKIPBO_TEST_POSTGRES`` and ``SKIPBO_TEST_REDIS`` like the other cluster tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from server_harness import Client, http, thread_server
from skipbo.server.messages import REACTION_BURST, REACTIONS
from test_server_cluster import database, pair, pg_url, redis_url

__all__ = ["database", "pair", "pg_url", "redis_url"]  # the cluster tests' fixtures


def is_reaction(message: dict[str, Any]) -> bool:
    return message["type"] == "reaction"


class Seated(NamedTuple):
    """Ann, Bob and a spectator at one table, and a move its player to move may play."""

    ann: Client
    bob: Client
    watcher: Client
    mover: Client
    move: str


def seated_pair(ann_base: str, bob_base: str) -> Seated:
    """Ann (seat 0) on ``ann_base``, Bob (seat 1) and a spectator on ``bob_base``,
    each greeted, at a new two-player table."""
    status, made = http(ann_base, "POST", "/api/tables", {"players": 2, "name": "Ann"})
    assert status == 200, made
    code = made["code"]
    status, joined = http(bob_base, "POST", f"/api/tables/{code}/join", {"name": "Bob"})
    assert status == 200, joined
    ann, bob, watcher = Client(ann_base, code), Client(bob_base, code), Client(bob_base, code)
    views = [ann.hello(made["token"])["view"], bob.hello(joined["token"])["view"]]
    watcher.hello(None)
    mover = views[0]["to_move"]
    return Seated(ann, bob, watcher, (ann, bob)[mover], views[mover]["legal"][0])


def check_reactions(seated: Seated) -> None:
    """What both servers must do with reactions (the clients are fresh)."""
    ann, bob, watcher = seated.ann, seated.bob, seated.watcher
    ann.send({"type": "react", "reaction": "wp"})
    expected = {"type": "reaction", "seat": 0, "reaction": "wp"}
    assert bob.until(is_reaction) == expected
    assert watcher.until(is_reaction) == expected
    assert ann.until(is_reaction) == expected  # the sender sees it beside its own name

    watcher.send({"type": "react", "reaction": "gg"})
    assert watcher.until(lambda m: m["type"] == "error")["code"] == "spectator"
    bob.send({"type": "react", "reaction": "you are bad"})  # never free text
    refusal = bob.until(lambda m: m["type"] == "error")
    assert refusal["code"] == "malformed_message" and refusal["field"] == "reaction"

    for reaction in REACTIONS[: int(REACTION_BURST)]:  # Bob's first burst passes
        bob.send({"type": "react", "reaction": reaction})
        assert ann.until(is_reaction) == {"type": "reaction", "seat": 1, "reaction": reaction}
    bob.send({"type": "react", "reaction": "hurry"})
    refusal = bob.until(lambda m: m["type"] == "error")
    assert refusal["code"] == "too_many_reactions", refusal
    assert "reaction" in refusal["error"] and refusal["params"]["per_minute"] > 0

    ann.send({"type": "react", "reaction": "thanks"})  # Ann's own bucket is not Bob's
    assert bob.until(is_reaction)["seat"] == 0
    seated.mover.send({"type": "move", "move": seated.move})  # moves are not held back
    moved = seated.mover.until(  # Ann, if she moves, also gets her own "thanks" first
        lambda m: m["type"] == "error" or (m["type"] == "state" and m["view"].get("moves") == 1)
    )
    assert moved["type"] == "state", moved


@pytest.fixture
def one_process(tmp_path: Path) -> Iterator[str]:
    with thread_server(tmp_path / "r.db", create_limit=0) as (base, _app):
        yield base


def test_a_reaction_reaches_everyone_at_the_table(one_process: str) -> None:
    seated = seated_pair(one_process, one_process)
    try:
        check_reactions(seated)
    finally:
        for client in seated[:3]:
            client.close()


def test_a_reaction_reaches_the_other_worker(pair: list[Any]) -> None:
    w1, w2 = pair
    seated = seated_pair(w1.base, w2.base)
    try:
        check_reactions(seated)
    finally:
        for client in seated[:3]:
            client.close()
