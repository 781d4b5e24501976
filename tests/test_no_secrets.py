"""Nothing secret leaves the server or lands in its records and logs, over a whole game.

Two guests claim accounts, log out and in again, change a password (every session
id and password is kept), are paired by Find a game and play a rated round to its
end over their WebSockets. Then:

- every state a player received holds no password, session id or seat token, and
  its cards are public or that player's own hand, compared with the server's round
  at the moment it was received (``assert_no_leak``);
- every page the site serves about them (``/api/me``, the lobby, the profiles, the
  turn list, the download of their games, the table's public view, the record,
  the replay) holds no password, session id or token;
- no log line of the server (every logger, at DEBUG) holds one either;
- the store itself (the SQLite file and its write-ahead log) holds no password,
  session id or seat token in clear: they are kept as hashes.
"""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path
from typing import Any

import pytest

from server_harness import Client, assert_no_leak, thread_server
from test_server_players import Browser

CLIENT_LOGGER = "websockets.client"
"""The tests' own WebSocket clients log what they send (a seat's token in its hello):
the test's side, not the server's."""
PASSWORDS = {"ann": "Ann's long password", "bob": "Bob's first password", "bob2": "Bob's new one"}


def sessions_of(person: Browser) -> set[str]:
    return {c.value or "" for c in person.jar if c.name in ("skipbo_session", "skipbo_device")}


def accounts_come_and_go(base: str) -> tuple[list[Browser], set[str]]:
    """Ann and Bob as accounts, every session id they ever had (each step rotates it)."""
    ann, bob = Browser(base), Browser(base)
    seen: set[str] = set()
    for person, name in ((ann, "Ann"), (bob, "Bob")):
        person.get("/api/me")
        seen |= sessions_of(person)
        password = PASSWORDS[name.lower()]
        body = {"user_name": name, "password": password}
        assert person.post("/api/account/claim", body).status_code == 200
        seen |= sessions_of(person)
        assert person.post("/api/account/logout").status_code == 200
        assert person.post("/api/account/login", body).status_code == 200
        seen |= sessions_of(person)
    change = {"old": PASSWORDS["bob"], "new": PASSWORDS["bob2"]}
    assert bob.post("/api/account/password", change).status_code == 200
    seen |= sessions_of(bob)
    return [ann, bob], seen


def play_checked(base: str, app: Any, code: str, tokens: list[str], secrets: list[str]) -> int:
    """Both play random legal moves (stock first) to the end; every message each one
    gets is checked against the round as the server holds it when it arrives."""
    rng = random.Random(5)
    clients = [Client(base, code) for _ in tokens]
    table = app.state.registry.get(code)
    checked = 0

    def read_until(seat: int, moves: int) -> None:
        nonlocal checked
        while True:
            message = clients[seat].recv()
            raw = clients[seat].raw[-1]
            for secret in secrets:
                assert secret not in raw
            if message["type"] == "state" and message["view"].get("moves") == moves:
                assert_no_leak(raw, table, seat, secrets)  # the table is at this position
                checked += 1
                return

    try:
        for seat, token in enumerate(tokens):
            clients[seat].hello(token)
        while not table.finished:
            seat = table.match.round.to_move
            legal = table.view_for(seat)["legal"]
            builds = [m for m in legal if m.startswith("S")] or legal
            moves = len(table.match.round.history) + 1
            clients[seat].send({"type": "move", "move": rng.choice(builds)})
            for other in range(len(tokens)):
                read_until(other, moves)
    finally:
        for client in clients:
            client.close()
    return checked


def test_no_view_record_or_log_line_holds_a_secret(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    db = tmp_path / "secrets.db"
    with thread_server(db, create_limit=0) as (base, app):
        (ann, bob), sessions = accounts_come_and_go(base)
        kind = {"players": 2, "stock": 10}
        waiting = ann.post("/api/find", kind).json()
        paired = bob.post("/api/find", kind).json()
        code = waiting["code"]
        assert paired["code"] == code
        tokens = [waiting["token"], paired["token"]]
        if waiting["seat"] != 0:
            tokens.reverse()
        secrets = [*PASSWORDS.values(), *sessions, *tokens]
        assert len(sessions) >= 6
        checked = play_checked(base, app, code, tokens, secrets)
        assert checked > 10 and app.state.registry.get(code).finished
        app.state.online.store.run(lambda tx: None)  # the listings and results are written
        ids = [ann.get("/api/me").json()["id"], bob.get("/api/me").json()["id"]]
        pages = [
            "/api/me",
            "/api/lobby",
            "/api/me/tables",
            f"/api/players/{ids[0]}",
            f"/api/players/{ids[1]}",
            "/api/leaderboard",
            "/api/account/games",
            f"/api/tables/{code}",
            f"/api/tables/{code}/records/0",
            f"/api/tables/{code}/replay/0",
        ]
        for person in (ann, bob):
            for page in pages:
                answer = person.get(page)
                assert answer.status_code == 200, (page, answer.status_code)
                text = answer._body.decode()
                for secret in secrets:
                    assert secret not in text, page
        record = json.loads(ann.get(f"/api/tables/{code}/records/0")._body)
        assert record["format"].startswith("skipbo-record/")
    server = [r for r in caplog.records if not r.name.startswith(CLIENT_LOGGER)]
    logged = "\n".join(record.getMessage() + (record.exc_text or "") for record in server)
    assert any(r.name.startswith("skipbo.") for r in server), "no server log line captured"
    for secret in secrets:
        assert secret not in logged
    stored = b"".join(path.read_bytes() for path in tmp_path.glob("secrets.db*"))
    for secret in secrets:
        assert secret.encode() not in stored
