"""A move answers the position its player saw (``at``), on the table and over the wire.

The same person on two devices sends the same move 0-200 ms apart: exactly one is
stored, and the other device is told ``table_moved_on``, never a second copy on
the position that followed. The cluster's version of the race is in
``test_server_cluster.py``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from server_harness import Client, http, thread_server
from skipbo.server import SqliteStorage, TableConfig, TableError, TableRegistry

OFFSETS = (0.0, 0.015, 0.04, 0.08, 0.12, 0.16, 0.2)
"""Seconds between the two devices' sends (the fault pass saw copies at 15-160 ms)."""


def test_a_move_on_a_position_the_table_left_is_refused(tmp_path: Path) -> None:
    registry = TableRegistry(SqliteStorage(str(tmp_path / "t.db")))
    table = registry.create(TableConfig.make(players=2, stock=20))
    tokens = dict(table.join(name) for name in ("ann", "bob"))
    seat = table.match.round.to_move
    seen = (table.round_index, len(table.match.round.history))
    first = table.view_for(seat)["legal"][0]
    table.play(seat, tokens[seat], first, at=seen)
    now = (table.round_index, len(table.match.round.history))
    mover = table.match.round.to_move
    legal = table.view_for(mover)["legal"]
    with pytest.raises(TableError) as refused:
        table.play(mover, tokens[mover], legal[0], at=seen)
    assert refused.value.code == "table_moved_on"
    assert len(table.match.round.history) == 1  # nothing was played
    table.play(mover, tokens[mover], legal[0], at=now)  # the position shown: accepted
    assert len(table.match.round.history) == 2


def position(view: dict[str, Any]) -> list[int]:
    return [view["round_index"], view["moves"]]


def build_move(legal: list[str]) -> str:
    """A move that leaves the turn with the mover (a stale copy of it could be legal)."""
    return next((m for m in legal if "-B" in m), legal[0])


class Device:
    """One WebSocket of a seat: its newest state and the refusals it was sent."""

    def __init__(self, base: str, code: str, token: str) -> None:
        self.client = Client(base, code)
        self.view: dict[str, Any] = self.client.hello(token)["view"]
        self.errors: list[str] = []

    def settle(self, wait: float = 0.3) -> dict[str, Any]:
        """Read until ``wait`` passes with nothing new; the newest state."""
        while True:
            try:
                text = self.client.ws.recv(timeout=wait)
            except TimeoutError:
                return self.view
            message = json.loads(text)
            if message["type"] == "state":
                self.view = message["view"]
            elif message["type"] == "error":
                self.errors.append(message["code"])

    def move(self, move: str, at: list[int]) -> None:
        self.client.send({"type": "move", "move": move, "at": at})


def test_two_devices_send_the_same_move_exactly_one_is_stored(tmp_path: Path) -> None:
    with thread_server(tmp_path / "s.db") as (base, app):
        body = {"players": 2, "stock": 30, "name": "Ann"}
        status, made = http(base, "POST", "/api/tables", body)
        assert status == 200, made
        code = made["code"]
        status, joined = http(base, "POST", f"/api/tables/{code}/join", {"name": "Bob"})
        assert status == 200, joined
        phone, laptop = Device(base, code, made["token"]), Device(base, code, made["token"])
        bob = Device(base, code, joined["token"])
        table = app.state.registry.get(code)
        try:
            for offset in OFFSETS:
                bob_plays_until_ann_moves(table, bob)
                view = phone.settle()
                assert position(laptop.settle()) == position(view)
                move = build_move(view["legal"])
                before = len(table.match.round.history)
                phone.move(move, position(view))
                time.sleep(offset)
                laptop.move(move, position(view))  # what the laptop showed: the same position
                phone.settle(), laptop.settle()
                assert len(table.match.round.history) == before + 1, f"offset {offset}"
                assert laptop.errors == ["table_moved_on"] and not phone.errors, offset
                laptop.errors.clear()
        finally:
            for device in (phone, laptop, bob):
                device.client.close()


def bob_plays_until_ann_moves(table: Any, bob: Device) -> None:
    """Bob (seat 1) plays his first legal move until it is Ann's (seat 0) turn."""
    end = time.monotonic() + 20
    while table.match.round.to_move != 0:
        assert time.monotonic() < end and not table.match.round.over
        view = bob.settle(0.05)
        if view["to_move"] == 1 and view["legal"]:
            bob.move(view["legal"][0], position(view))
            bob.settle(0.1)
