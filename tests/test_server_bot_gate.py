"""The test switch that holds bots between moves (``ServerSettings(hold_bots=True)``).

Browser tests use it to act at a known position instead of racing the bots; this
checks the switch itself: held bots do not move, each released move is played
once, and without the switch there is no such route.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from server_harness import Client, http, thread_server


def bots_table(base: str) -> tuple[str, Client]:
    """A table of two bots, and a spectator greeted at it (its first view)."""
    status, made = http(base, "POST", "/api/tables", {"players": 2, "seats": ["bot:random"] * 2})
    assert status == 200, made
    watcher = Client(base, made["code"])
    assert watcher.hello(None)["view"]["moves"] == 0
    return made["code"], watcher


def moves_now(watcher: Client, at_least: int) -> int:
    """The moves of the round once the spectator's views reach ``at_least`` of them."""
    view: dict[str, Any] = watcher.until(
        lambda m: m["type"] == "state" and m["view"]["moves"] >= at_least
    )["view"]
    return int(view["moves"])


def test_held_bots_play_exactly_the_moves_let_through(tmp_path: Path) -> None:
    with thread_server(tmp_path / "g.db", hold_bots=True) as (base, _app):
        code, watcher = bots_table(base)
        try:
            deadline = time.monotonic() + 10
            while not http(base, "POST", f"/api/test/bots/{code}", {"moves": 0})[1]["waiting"]:
                assert time.monotonic() < deadline, "no bot came to the gate"
                time.sleep(0.02)
            assert http(base, "POST", f"/api/test/bots/{code}", {"moves": 3})[0] == 200
            assert moves_now(watcher, 3) == 3
            deadline = time.monotonic() + 10
            while not http(base, "POST", f"/api/test/bots/{code}", {"moves": 0})[1]["waiting"]:
                assert time.monotonic() < deadline, "the bot did not come back to the gate"
                time.sleep(0.02)
            again = Client(base, code)  # a fresh look: still three moves, nothing more
            assert again.hello(None)["view"]["moves"] == 3
            again.close()
        finally:
            watcher.close()


def test_without_the_switch_bots_move_and_there_is_no_route(tmp_path: Path) -> None:
    with thread_server(tmp_path / "g.db") as (base, _app):
        code, watcher = bots_table(base)
        try:
            assert moves_now(watcher, 5) >= 5
            assert http(base, "POST", f"/api/test/bots/{code}", {"moves": 1})[0] in (404, 405)
        finally:
            watcher.close()
