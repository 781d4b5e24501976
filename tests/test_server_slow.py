"""Slow games: a deadline per turn instead of a grace period, kept in the store.

The player to move sees the table in "your turn" with its deadline; nobody is
played for while away; past the deadline the player gives up (or a bot takes the
seat, as the table chose); a restart loses no deadline. Deadlines are moved into
the past in the store itself, so no test waits an hour.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from server_harness import Client, thread_server
from test_server_players import Browser, play_out, wait_for

FAST = {"grace": 0.2, "slow_check_seconds": 0.2, "create_limit": 0}


def slow_table(
    base: str, on_timeout: str = "lose", rated: bool = False
) -> tuple[list[Browser], dict[str, Any]]:
    """Ann and Bob at a slow table (8 h a turn); ``made`` is Ann's creation, with
    Bob's join as ``made["joined"]``."""
    ann, bob = Browser(base), Browser(base)
    for person in (ann, bob):
        person.get("/api/me")
    body = {
        "players": 2,
        "stock": 10,
        "name": "Ann",
        "slow_hours": 8,
        "on_timeout": on_timeout,
        "rated": rated,
    }
    made = ann.post("/api/tables", body).json()
    made["joined"] = bob.post(f"/api/tables/{made['code']}/join", {"name": "Bob"}).json()
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


def stored_status(db: Path, code: str) -> dict[str, Any]:
    with sqlite3.connect(db) as store:
        (status,) = store.execute(
            "SELECT status FROM tables WHERE table_id = ?", (code,)
        ).fetchone()
    found: dict[str, Any] = json.loads(status)
    return found


def test_a_seat_handed_to_a_bot_past_the_deadline_is_rated_as_a_loss(tmp_path: Path) -> None:
    """A rated slow game whose late player's seat goes to a bot (``on_timeout`` ``bot``):
    the bot plays the game out, and its result is not the person's: they abandoned it,
    so they lose it (as resigning would), and the game says ``abandoned``."""
    db = tmp_path / "s.db"
    with thread_server(db, **FAST) as (base, app):
        people, made = slow_table(base, on_timeout="bot", rated=True)
        code = made["code"]
        mover = to_move(app, code)
        assert wait_for(lambda: your_turn(people[mover]))
        move_deadline_into_the_past(db, code)
        table = app.state.registry.get(code)
        assert wait_for(lambda: table.seats[mover].bot == "hard")
        assert stored_status(db, code)["abandoned"] == [mover]  # kept through a restart
        seat_view = table.view_for(None)["seats"][mover]
        assert seat_view["abandoned"] is True and "resigned" not in seat_view
        stayed = [made["token"], made["joined"]["token"]][1 - mover]
        play_out(base, app, code, stayed)
        assert wait_for(lambda: people[mover].get("/api/me").json()["games"] == 1)
        me = [person.get("/api/me").json() for person in people]
        assert me[mover]["wins"] == 0 and me[mover]["rating"] < 1500
        assert me[1 - mover]["wins"] == 1 and me[1 - mover]["rating"] > 1500
        (game,) = people[mover].get(f"/api/players/{me[mover]['id']}").json()["games"]
        assert game["ending"] == "abandoned"
        assert game["seats"][mover]["resigned"] and game["seats"][mover]["place"] == 2
        assert game["seats"][mover]["bot"] is None  # the person's game, not the bot's


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


def test_a_socket_whose_seat_went_to_a_bot_past_the_deadline_watches_from_then_on(
    tmp_path: Path,
) -> None:
    """The late player's page was still open when the deadline passed and a bot took
    the seat: from then on it is sent a spectator's view (not the hand the bot plays
    on), and its requests for the seat are refused (a resignation would list the seat
    as resigned as well as abandoned). A cluster worker did so already; one process
    now does the same."""
    db = tmp_path / "s.db"
    with thread_server(db, **FAST) as (base, app):
        _, made = slow_table(base, on_timeout="bot")
        code = made["code"]
        mover = to_move(app, code)
        token = [made["token"], made["joined"]["token"]][mover]
        page = Client(base, code)
        try:
            assert page.hello(token)["view"]["seat"] == mover
            move_deadline_into_the_past(db, code)
            table = app.state.registry.get(code)
            page.until(lambda m: m["type"] == "state" and m["view"]["seat"] is None)
            assert table.seats[mover].bot == "hard"
            answer = page.ask({"type": "resign"})
            assert answer["type"] == "error" and answer["code"] == "resigned", answer
            assert table.resigned == [] and table.abandoned == [mover]
        finally:
            page.close()
