"""People on the server: guests, accounts, the lobby, pairing, rated results.

Through the real app (FastAPI's TestClient: HTTP and WebSockets, cookies kept
per client, as each browser keeps its own), on SQLite; the same routes serve
the cluster (``test_server_cluster_online.py``).
"""

from __future__ import annotations

import http.cookiejar
import json
import logging
import random
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server_harness import Client, thread_server

PASSWORD = "correct horse battery"
ZOE = "Zoë 👨‍👩‍👧‍👦"


class Answer:
    """An HTTP answer: status, headers, JSON body."""

    def __init__(self, status: int, headers: Any, body: bytes) -> None:
        self.status_code = status
        self.headers = headers
        self._body = body

    def json(self) -> Any:
        return json.loads(self._body)


class Browser:
    """A browser of its own: its own cookie jar; it sends Origin as a page's fetch does."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def cookie(self, name: str) -> str:
        return next(c.value or "" for c in self.jar if c.name == name)

    def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> Answer:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        request.add_header("Origin", self.base)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with self.opener.open(request, timeout=20) as response:
                return Answer(response.status, response.headers, response.read())
        except urllib.error.HTTPError as exc:
            return Answer(exc.code, exc.headers, exc.read())

    def get(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, json: Any = None, headers: dict[str, str] | None = None) -> Answer:
        return self.request("POST", path, json if json is not None else {}, headers)


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    with thread_server(tmp_path / "p.db", create_limit=0) as (base, app):
        yield base, app


def test_a_first_visit_is_a_guest_with_a_safe_cookie(site: tuple[str, Any]) -> None:
    base, _ = site
    ann = Browser(base)
    first = ann.get("/api/me")
    assert first.status_code == 200 and first.json()["kind"] == "guest"
    cookie = first.headers["set-cookie"]
    assert "skipbo_session=" in cookie and "HttpOnly" in cookie
    assert "SameSite=lax" in cookie and "Secure" not in cookie
    again = ann.get("/api/me")
    assert again.json()["id"] == first.json()["id"] and "set-cookie" not in again.headers
    secure = Browser(base)  # behind a proxy that speaks https (uvicorn trusts loopback)
    cookie = secure.get("/api/me", headers={"X-Forwarded-Proto": "https"}).headers["set-cookie"]
    assert "Secure" in cookie


def test_a_guest_claims_an_account_and_logs_in_elsewhere(
    site: tuple[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    base, _ = site
    ann = Browser(base)
    guest = ann.get("/api/me").json()
    old_session = ann.cookie("skipbo_session")
    claimed = ann.post("/api/account/claim", {"user_name": ZOE, "password": PASSWORD})
    assert claimed.status_code == 200, claimed.json()
    assert claimed.json()["id"] == guest["id"] and claimed.json()["kind"] == "account"
    assert ann.cookie("skipbo_session") != old_session  # rotated: no fixation
    assert ann.post("/api/account/logout").status_code == 200
    assert ann.post("/api/me/name", {"name": "x"}).status_code == 401
    phone = Browser(base)
    phone.get("/api/me")  # a guest first, as any first visit
    wrong = phone.post("/api/account/login", {"user_name": "zoë 👨‍👩‍👧‍👦", "password": "nope-nope"})
    assert wrong.status_code == 401 and wrong.json()["code"] == "log_in_failed"
    back = phone.post("/api/account/login", {"user_name": "ZOË 👨‍👩‍👧‍👦", "password": PASSWORD})
    assert back.status_code == 200 and back.json()["id"] == guest["id"]
    assert phone.get("/api/me").json()["name"] == ZOE
    secrets = [PASSWORD, phone.cookie("skipbo_session"), old_session]
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert not any(secret in logged for secret in secrets)


def test_log_ins_are_limited_per_account(site: tuple[str, Any]) -> None:
    base, _ = site
    ann = Browser(base)
    ann.get("/api/me")
    ann.post("/api/account/claim", {"user_name": "Ann", "password": "a long password"})
    other = Browser(base)
    guess = {"user_name": "ann", "password": "guess-123"}
    codes = [other.post("/api/account/login", guess).json()["code"] for _ in range(7)]
    assert codes[:5] == ["log_in_failed"] * 5 and codes[-1] == "too_many_log_ins"


def test_a_request_from_another_site_is_refused(site: tuple[str, Any]) -> None:
    base, _ = site
    ann = Browser(base)
    ann.get("/api/me")
    evil = ann.post("/api/me/name", {"name": "Pwned"}, {"Origin": "https://evil.example"})
    assert evil.status_code == 403 and evil.json()["code"] == "cross_origin"
    site_header = ann.post("/api/me/name", {"name": "Pwned"}, {"Sec-Fetch-Site": "cross-site"})
    assert site_header.status_code == 403
    assert ann.post("/api/me/name", {"name": "Ann Lee"}).json()["name"] == "Ann Lee"


def test_find_a_game_pairs_two_guests_at_one_table_and_the_lobby_shows_it(
    site: tuple[str, Any],
) -> None:
    base, _ = site
    ann, bob, cy = Browser(base), Browser(base), Browser(base)
    for person in (ann, bob, cy):
        person.get("/api/me")
    waiting = ann.post("/api/find", {"players": 2, "stock": 10})
    assert waiting.status_code == 200, waiting.json()
    code = waiting.json()["code"]
    assert waiting.json()["table"]["phase"] == "lobby"
    lobby = cy.get("/api/lobby").json()["tables"]
    assert [t["table_id"] for t in lobby] == [code] and lobby[0]["open_seats"] == 1
    paired = bob.post("/api/find", {"players": 2, "stock": 10}).json()
    assert paired["code"] == code and paired["table"]["phase"] == "playing"
    assert wait_for(lambda: cy.get("/api/lobby").json()["tables"] == [])  # full: not open
    other = cy.post("/api/find", {"players": 3, "stock": 10}).json()
    assert other["code"] != code  # another kind waits at a table of its own


def wait_for(check: Any, tries: int = 200) -> bool:
    """Listings are written after the change, on the store's thread: poll a while."""
    for _ in range(tries):
        if check():
            return True
        time.sleep(0.02)
    return False


def play_to_the_end(base: str, app: Any, code: str, tokens: list[str]) -> dict[str, Any]:
    """Both seats play random legal moves (stock first) over their WebSockets."""
    rng = random.Random(3)
    clients = [Client(base, code) for _ in tokens]
    for client, token in zip(clients, tokens, strict=True):
        client.hello(token)
    table = app.state.registry.get(code)
    try:
        while not table.finished:
            seat = table.match.round.to_move
            legal = table.view_for(seat)["legal"]
            moves = len(table.match.round.history)
            builds = [m for m in legal if m.startswith("S")] or legal  # a quick end
            clients[seat].send({"type": "move", "move": rng.choice(builds)})
            clients[seat].until(
                lambda m, n=moves: m["type"] != "state" or m["view"].get("moves") != n
            )
        view: dict[str, Any] = table.view_for(None)
        return view
    finally:
        for client in clients:
            client.close()


def play_out(base: str, app: Any, code: str, token: str) -> None:
    """The person of ``token`` plays random legal moves (stock first) over a WebSocket on
    each of their turns, the bots theirs, until the game is over."""
    rng = random.Random(5)
    client = Client(base, code)
    client.hello(token)
    table = app.state.registry.get(code)
    seat = table.seat_of(token)
    end = time.monotonic() + 120
    try:
        while not table.finished:
            assert time.monotonic() < end, "the game did not end"
            state = table.match.round
            legal = table.view_for(seat)["legal"] if state.to_move == seat else []
            if not legal:
                time.sleep(0.01)
                continue
            moves = len(state.history)
            builds = [m for m in legal if m.startswith("S")] or legal
            client.send({"type": "move", "move": rng.choice(builds)})
            client.until(lambda m, n=moves: m["type"] != "state" or m["view"].get("moves") != n)
    finally:
        client.close()


def test_a_rated_game_moves_both_ratings_and_shows_on_the_profiles(
    site: tuple[str, Any],
) -> None:
    base, app = site
    ann, bob = Browser(base), Browser(base)
    ids = [person.get("/api/me").json()["id"] for person in (ann, bob)]
    body = {"players": 2, "stock": 1, "name": "Ann", "rated": True}
    made = ann.post("/api/tables", body).json()
    joined = bob.post(f"/api/tables/{made['code']}/join", {"name": "Bob"}).json()
    assert made["table"]["config"]["rated"] and not made["table"]["config"]["hints"]
    end = play_to_the_end(base, app, made["code"], [made["token"], joined["token"]])
    winner = end["result"]["winner"]  # None: the round was blocked, a tie
    assert wait_for(lambda: ann.get(f"/api/players/{ids[1]}").json()["games"])
    profiles = [ann.get(f"/api/players/{player_id}").json() for player_id in ids]
    for seat, profile in enumerate(profiles):
        assert profile["player"]["games"] == 1
        assert profile["player"]["wins"] == int(seat == winner)
        assert len(profile["graph"]) == 1 and profile["games"][0]["rated"]
        game = profile["games"][0]  # the first rated game: from a new player's rating
        assert (game["rating_before"], game["rating_after"]) == (1500, profile["player"]["rating"])
    ratings = [profile["player"]["rating"] for profile in profiles]
    if winner is None:
        assert ratings[0] == ratings[1]
    else:
        assert ratings[winner] > ratings[1 - winner]


def test_a_waiting_player_fills_the_rest_with_bots(site: tuple[str, Any]) -> None:
    base, _ = site
    ann, bob = Browser(base), Browser(base)
    ann.get("/api/me")
    waiting = ann.post("/api/find", {"players": 3, "stock": 10}).json()
    code = waiting["code"]
    stranger = bob.post(f"/api/tables/{code}/fill", {"token": "not-a-seat"})
    assert stranger.status_code == 400 and stranger.json()["code"] == "wrong_token"
    filled = ann.post(f"/api/tables/{code}/fill", {"token": waiting["token"]}).json()
    seats = filled["table"]["seats"]
    assert filled["table"]["phase"] == "playing"
    assert [s["kind"] for s in seats] == ["human", "bot", "bot"]
    assert [s["bot"] for s in seats[1:]] == ["hard", "hard"] and seats[1]["name"] != seats[2][
        "name"
    ]
    again = ann.post(f"/api/tables/{code}/fill", {"token": waiting["token"]})
    assert again.json()["code"] == "game_started"
    assert wait_for(
        lambda: code not in [t["table_id"] for t in bob.get("/api/lobby").json()["tables"]]
    )


def test_a_player_sits_back_down_from_another_device(site: tuple[str, Any]) -> None:
    base, app = site
    ann, bob = Browser(base), Browser(base)
    ann.get("/api/me")
    bob.get("/api/me")
    ann.post("/api/account/claim", {"user_name": "Ann", "password": PASSWORD})
    made = ann.post("/api/tables", {"players": 2, "name": "Ann"}).json()
    bob.post(f"/api/tables/{made['code']}/join", {"name": "Bob"})
    laptop = Browser(base)
    laptop.get("/api/me")
    laptop.post("/api/account/login", {"user_name": "Ann", "password": PASSWORD})
    again = laptop.post(f"/api/tables/{made['code']}/reseat").json()
    assert again["seat"] == made["seat"] and again["token"] != made["token"]
    table = app.state.registry.get(made["code"])
    assert table.seat_of(again["token"]) == made["seat"] and table.seat_of(made["token"]) is None
    stranger = Browser(base)
    stranger.get("/api/me")
    refused = stranger.post(f"/api/tables/{made['code']}/reseat")
    assert refused.status_code == 400 and refused.json()["code"] == "not_your_seat"


def test_a_deleted_account_leaves_its_name_on_no_running_table(site: tuple[str, Any]) -> None:
    """Ann, an account, sits at a running table with Bob and deletes her account: Bob's
    view shows "deleted player" at her seat at once (the table in memory, not only the
    store), and so does the finished game when Bob then resigns."""
    base, _ = site
    ann, bob = Browser(base), Browser(base)
    for person in (ann, bob):
        person.get("/api/me")
    ann.post("/api/account/claim", {"user_name": "Ann Gone", "password": PASSWORD})
    made = ann.post("/api/tables", {"players": 2, "stock": 10, "name": "Ann Gone"}).json()
    joined = bob.post(f"/api/tables/{made['code']}/join", {"name": "Bob"}).json()
    watcher = Client(base, made["code"])
    try:
        view = watcher.hello(joined["token"])["view"]
        assert view["phase"] == "playing" and view["seats"][made["seat"]]["name"] == "Ann Gone"
        assert ann.post("/api/account/delete", {"password": PASSWORD}).status_code == 200
        shown = watcher.until(
            lambda m: (
                m["type"] == "state" and m["view"]["seats"][made["seat"]]["name"] != "Ann Gone"
            )
        )
        assert shown["view"]["seats"][made["seat"]]["name"] == "deleted player"
        watcher.send({"type": "resign"})
        watcher.until(lambda m: m["type"] == "state" and m["view"]["phase"] == "match_over")
    finally:
        watcher.close()
    public = bob.get(f"/api/tables/{made['code']}").json()
    assert [seat["name"] for seat in public["seats"]] == ["deleted player", "Bob"]
    profile = f"/api/players/{bob.get('/api/me').json()['id']}"
    assert wait_for(lambda: bob.get(profile).json()["games"])
    (game,) = bob.get(profile).json()["games"]
    names = [seat["name"] for seat in game["seats"]]
    assert "deleted player" in names and "Ann Gone" not in names


def lobby_codes(person: Browser) -> list[str]:
    return [table["table_id"] for table in person.get("/api/lobby").json()["tables"]]


def test_a_cancelled_find_leaves_the_lobby_and_pairs_nobody(site: tuple[str, Any]) -> None:
    """Ann finds a game and cancels (gives her seat back): her emptied table leaves the
    lobby at once, and Bob, looking for the same kind, gets a table of his own, not
    Ann's empty one. Cy then joins the empty table by its link: listed again. At a table
    where someone still waits, a person who leaves does not take it off the lobby."""
    base, _ = site
    ann, bob, cy, dee, eve = (Browser(base) for _ in range(5))
    for person in (ann, bob, cy, dee, eve):
        person.get("/api/me")
    kind = {"players": 2, "stock": 10}
    waiting = ann.post("/api/find", kind).json()
    code = waiting["code"]
    assert code in lobby_codes(cy)
    left = ann.post(f"/api/tables/{code}/leave", {"token": waiting["token"]})
    assert left.status_code == 200 and left.json()["seat"] == waiting["seat"]
    assert code not in lobby_codes(cy)  # at once: the leave answered after unlisting
    found = bob.post("/api/find", kind).json()
    assert found["code"] != code and found["table"]["phase"] == "lobby"
    assert lobby_codes(cy) == [found["code"]]
    cy.post(f"/api/tables/{code}/join", {"name": "Cy"})  # by the link: someone waits again
    assert set(lobby_codes(ann)) == {code, found["code"]}
    three = {"players": 3, "stock": 10}
    first = dee.post("/api/find", three).json()
    assert eve.post("/api/find", three).json()["code"] == first["code"]
    dee.post(f"/api/tables/{first['code']}/leave", {"token": first["token"]})
    assert first["code"] in lobby_codes(ann)  # Eve still waits there


def test_find_a_slow_game_keeps_the_chosen_time_out(site: tuple[str, Any]) -> None:
    """Find a game takes ``on_timeout`` as the table form does: the table a seeker opens
    has it, and a seeker joins only a slow table of the same hours and the same choice."""
    base, _ = site
    ann, bob, cy, dee = (Browser(base) for _ in range(4))
    for person in (ann, bob, cy, dee):
        person.get("/api/me")
    slow = {"players": 2, "stock": 10, "slow_hours": 8}
    made = ann.post("/api/find", slow | {"on_timeout": "bot"}).json()
    assert made["table"]["config"]["on_timeout"] == "bot"
    other = bob.post("/api/find", slow).json()  # "lose", the default: not Ann's table
    assert other["code"] != made["code"] and other["table"]["config"]["on_timeout"] == "lose"
    longer = dee.post("/api/find", slow | {"slow_hours": 24, "on_timeout": "bot"}).json()
    assert longer["code"] not in (made["code"], other["code"])
    paired = cy.post("/api/find", slow | {"on_timeout": "bot"}).json()
    assert paired["code"] == made["code"] and paired["table"]["phase"] == "playing"
    wrong = cy.post("/api/find", slow | {"on_timeout": "never"})
    assert wrong.status_code == 400 and wrong.json()["field"] == "on_timeout", wrong.json()


def test_a_person_who_left_a_rated_game_for_good_loses_it(tmp_path: Path) -> None:
    """Bob leaves a rated live game and does not come back: after the grace period the
    autopilot plays his seat to the end, and the result is not his to keep: he abandoned
    the game, so it counts as his loss (as a resignation would), whatever the bot made
    of it, and the game says ``abandoned``."""
    with thread_server(tmp_path / "p.db", create_limit=0, grace=0.2) as (base, app):
        ann, bob = Browser(base), Browser(base)
        ids = [person.get("/api/me").json()["id"] for person in (ann, bob)]
        body = {"players": 2, "stock": 10, "name": "Ann", "rated": True}
        made = ann.post("/api/tables", body).json()
        code = made["code"]
        joined = bob.post(f"/api/tables/{code}/join", {"name": "Bob"}).json()
        leaving = Client(base, code)
        leaving.hello(joined["token"])
        leaving.close()  # Bob is gone for good
        play_out(base, app, code, made["token"])  # the autopilot plays Bob's turns
        other = joined["seat"]
        assert other in app.state.registry.get(code).presence.autopilot
        assert wait_for(lambda: bob.get("/api/me").json()["games"] == 1)
        ann_now, bob_now = ann.get("/api/me").json(), bob.get("/api/me").json()
        assert bob_now["wins"] == 0 and bob_now["rating"] < 1500
        assert ann_now["wins"] == 1 and ann_now["rating"] > 1500
        (game,) = ann.get(f"/api/players/{ids[1]}").json()["games"]
        assert game["ending"] == "abandoned"
        assert game["seats"][other]["resigned"] and game["seats"][other]["place"] == 2
