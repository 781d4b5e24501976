"""Slow games: a deadline per turn instead of a grace period, kept in the store.

The player to move sees the table in "your turn" with its deadline; nobody is
played for while away; past the deadline the player gives up (or a bot takes the
seat, as the table chose); a restart loses no deadline. Deadlines are moved into
the past in the store itself, so no test waits an hour.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from server_harness import Client, thread_server
from test_server_players import Browser, wait_for

FAST = {"grace": 0.2, "slow_check_seconds": 0.2, "create_limit": 0}


def slow_table(base: str, on_timeout: str = "lose") -> tuple[list[Browser], dict[str, Any]]:
    ann, bob = Browser(base), Browser(base)
    for person in (ann, bob):
        person.get("/api/me")
    body = {"players": 2, "stock": 10, "name": "Ann", "slow_hours": 8, "on_timeout": on_timeout}
    made = ann.post("/api/tables", body).json()
    bob.post(f"/api/tables/{made['code']}/join", {"name": "Bob"})
    return [ann, bob], made


def to_move(app: Any, code: str) -> int:
    return int(app.state.registry.get(code).match.round.to_move)


def your_turn(person: Browser) -> list[dict[str, Any]]:
    turn: list[dict[str, Any]] = person.get("/api/me/tables").json()["your_turn"]
    return turn


def move_deadline_into_the_past(db: Path, code: str) -> None:
    with sqlite3.connect(db) as store:
        store.execute("UPDATE listings SET deadline = 1 WHERE table_id = ?", (code,))


def test_the_player_to_move_has_a_deadline_and_nobody_plays_for_the_absent(
    tmp_path: Path,
) -> None:
    with thread_server(tmp_path / "s.db", **FAST) as (base, app):
        people, made = slow_table(base)
        code = made["code"]
        assert made["table"]["config"]["slow_hours"] == 8
        mover = to_move(app, code)
        assert wait_for(lambda: your_turn(people[mover]))
        (waiting,) = your_turn(people[mover])
        assert waiting["table_id"] == code and waiting["deadline"] > time.time() + 7.9 * 3600
        assert your_turn(people[1 - mover]) == []
        # both were connected once and left: a live game's grace would hand them to a bot
        for token in (made["token"],):
            client = Client(base, code)
            client.hello(token)
            client.close()
        time.sleep(1.0)
        table = app.state.registry.get(code)
        assert not table.presence.autopilot and len(table.match.round.history) == 0


def test_past_the_deadline_the_player_to_move_loses(tmp_path: Path) -> None:
    with thread_server(tmp_path / "s.db", **FAST) as (base, app):
        people, made = slow_table(base)
        code = made["code"]
        mover = to_move(app, code)
        assert wait_for(lambda: your_turn(people[mover]))
        move_deadline_into_the_past(tmp_path / "s.db", code)
        table = app.state.registry.get(code)
        assert wait_for(lambda: table.finished)
        assert table.resigned == [mover] and table.match_winner() == 1 - mover
        assert wait_for(lambda: people[mover].get("/api/me").json()["games"] == 1)


def test_a_bot_takes_the_seat_when_the_table_says_so(tmp_path: Path) -> None:
    with thread_server(tmp_path / "s.db", **FAST) as (base, app):
        people, made = slow_table(base, on_timeout="bot")
        code = made["code"]
        mover = to_move(app, code)
        assert wait_for(lambda: your_turn(people[mover]))
        move_deadline_into_the_past(tmp_path / "s.db", code)
        table = app.state.registry.get(code)
        assert wait_for(lambda: table.seats[mover].bot == "hard")
        assert wait_for(lambda: len(table.match.round.history) > 0)  # the bot plays on
        assert not table.finished and table.seats[mover].name == ["Ann", "Bob"][mover]


def test_a_restart_keeps_the_deadline_and_still_acts_on_it(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    with thread_server(db, **FAST) as (base, app):
        people, made = slow_table(base)
        code = made["code"]
        mover = to_move(app, code)
        assert wait_for(lambda: your_turn(people[mover]))
        (before,) = your_turn(people[mover])
        cookies = [person.jar for person in people]
    with thread_server(db, **FAST) as (base, app):
        again = [Browser(base) for _ in people]
        for person, jar in zip(again, cookies, strict=True):
            for cookie in jar:
                person.jar.set_cookie(cookie)
        Client(base, code).hello(made["token"])  # a change after the restart
        time.sleep(0.5)
        (after,) = your_turn(again[mover])
        assert after["deadline"] == before["deadline"]  # the turn did not start again
        move_deadline_into_the_past(db, code)
        table = app.state.registry.get(code)
        assert wait_for(lambda: table.finished)
