"""What a curious or malicious client sends must cost it a refusal, not the server.

Each test is an attack found by an audit of the server (2026-11-28): a body of
hundreds of megabytes, a replayed record of a round made to last 150,000 moves,
an id too large for the store, one browser at two seats of a rated game, names
that show nothing, a slow table with a turn timer, guests made by the thousand.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from server_harness import TIMEOUT, Client, http, http_raw, resign_by_socket, thread_server
from skipbo.server.account_errors import AccountError
from skipbo.server.accounts import Accounts
from skipbo.server.config import TableConfig
from skipbo.server.guard import MAX_BODY_BYTES
from skipbo.server.names import check_user_name
from skipbo.server.replay import MAX_REPLAYED_MOVES, ReplayError, replay_steps
from skipbo.server.storage import SqliteStorage
from skipbo.server.tables import TableRegistry, clean_name
from test_server_players import Browser

GOLDEN = Path(__file__).parent / "golden" / "spec_examples.jsonl"
HIDDEN = ("\u3164", "\u115f\u1160", "\u200d", "\ufe0f", "\u0301", "\u2800")
"""Names that show nothing: Hangul fillers, a zero-width joiner and a variation selector
alone, a combining mark alone, the blank braille pattern."""


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    with thread_server(tmp_path / "hard.db", create_limit=0) as (base, app):
        yield base, app


def wait_for(check: Callable[[], Any]) -> Any:
    deadline = time.monotonic() + TIMEOUT
    while not (found := check()):
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.05)
    return found


def raw_post(base: str, path: str, head: dict[str, str], chunks: Iterator[bytes]) -> bytes:
    """A POST written by hand (a chunked body, or a length the body never reaches);
    returns the answer's first bytes."""
    host, port = base.removeprefix("http://").split(":")
    lines = [f"POST {path} HTTP/1.1", f"Host: {host}:{port}", "Content-Type: application/json"]
    lines += [f"{name}: {value}" for name, value in head.items()]
    with socket.create_connection((host, int(port)), timeout=TIMEOUT) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        try:
            for chunk in chunks:
                sock.sendall(chunk)
        except OSError:  # the server answered and closed before the rest was sent
            pass
        return sock.recv(4096)


def test_a_json_body_past_the_limit_is_refused_before_it_is_read(site: tuple[str, Any]) -> None:
    """Without a limit a route reads the whole body before its schema is checked: one
    POST of 300 MB held most of a gigabyte of the server's memory."""
    base, _ = site
    declared = raw_post(
        base, "/api/tables", {"Content-Length": str(300 * 1024 * 1024)}, iter([b"{"])
    )
    assert declared.startswith(b"HTTP/1.1 413") and b'"too_large"' in declared, declared[:200]

    def chunked() -> Iterator[bytes]:
        piece = b" " * 65536
        for _ in range(MAX_BODY_BYTES // len(piece) + 4):
            yield b"%x\r\n%s\r\n" % (len(piece), piece)
        yield b"0\r\n\r\n"

    streamed = raw_post(base, "/api/me/name", {"Transfer-Encoding": "chunked"}, chunked())
    assert streamed.startswith(b"HTTP/1.1 413") and b'"too_large"' in streamed, streamed[:200]
    status, answer = http(base, "POST", "/api/tables", {"players": 2, "name": "Ann"})
    assert status == 200, answer  # a body of normal size goes through
    record = GOLDEN.read_text().splitlines()[0].encode()
    padded = record + b" " * (MAX_BODY_BYTES + 1)  # uploads keep their own 2 MiB limit
    assert http_raw(base, "POST", "/api/replay", padded)[0] == 200


def test_bot_names_tell_nothing_of_the_tables_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bots' names were drawn from the table's secret seed: their order, shown to
    everyone, was a function of the seed (about 9.5 of its 63 bits)."""
    monkeypatch.setattr("skipbo.server.tables.secrets.randbits", lambda bits: 12345)
    storage = SqliteStorage(str(tmp_path / "seed.db"))
    try:
        registry = TableRegistry(storage)
        config = TableConfig.make(6, seats=[f"bot:{level}" for level in ["easy"] * 6])
        orders = {tuple(seat.name for seat in registry.create(config).seats) for _ in range(8)}
    finally:
        storage.close()
    assert len(orders) > 1, "the same seed gave the same names every time"


def test_a_body_the_json_parser_gives_up_on_is_bad_json(site: tuple[str, Any]) -> None:
    """JSON nested past Python's parser's depth, or an integer of more digits than Python
    converts, failed in FastAPI's parsing: it was answered "not found"."""
    base, _ = site
    for body in (b"[" * 30_000, b'{"players": ' + b"1" * 5000 + b"}"):
        status, answer = http_raw(base, "POST", "/api/tables", body)
        assert (status, answer["code"]) == (400, "bad_json"), answer


def test_a_replay_of_too_many_moves_is_refused_before_it_is_replayed(
    site: tuple[str, Any],
) -> None:
    """A round that never ends is legal, and 150,000 of its moves fit in 2 MiB: replayed,
    that was a 96 MB answer and 650 MB of memory for one request."""
    base, _ = site
    record = json.loads(GOLDEN.read_text().splitlines()[0])
    record.pop("result", None)
    record["moves"] = ["H1-D1"] * (MAX_REPLAYED_MOVES + 1)  # refused before any is played
    with pytest.raises(ReplayError) as refused:
        replay_steps(record)
    assert refused.value.code == "record_too_many_moves"
    status, answer = http_raw(base, "POST", "/api/replay", json.dumps(record).encode())
    assert (status, answer["code"]) == (400, "record_too_many_moves")
    assert answer["params"] == {"moves": MAX_REPLAYED_MOVES + 1, "max": MAX_REPLAYED_MOVES}


def test_an_id_past_the_stores_range_is_refused_not_a_failure(site: tuple[str, Any]) -> None:
    """SQLite cannot bind an integer past 64 bits: it was a 500 and a traceback."""
    base, _ = site
    huge = 2**70
    for path in (f"/api/players/{huge}", f"/api/players/1?before={huge}", f"/api/players/-{huge}"):
        status, answer = http(base, "GET", path)
        assert (status, answer["code"]) == (400, "invalid_value"), (path, answer)
    assert http(base, "GET", f"/api/players/{2**63 - 1}")[0] == 404


def test_one_player_at_two_seats_of_a_rated_game_is_recorded_once(
    site: tuple[str, Any],
) -> None:
    """Ann joins her own rated table again from the same browser; the game ends. Linked to
    both seats, she made the whole record fail (one rating point per player and game), so
    that nobody's result of the game was kept."""
    base, _ = site
    ann = Browser(base)
    ann_id = ann.get("/api/me").json()["id"]
    body = {"players": 2, "stock": 10, "name": "Ann", "rated": True}
    made = ann.post("/api/tables", body).json()
    again = ann.post(f"/api/tables/{made['code']}/join", {"name": "Ann again"}).json()
    assert again["seat"] == 1 - made["seat"]
    resign_by_socket(base, made["code"], again["token"])
    profile = wait_for(lambda: ann.get(f"/api/players/{ann_id}").json()["games"])
    assert len(profile) == 1 and profile[0]["rated"]
    player = ann.get(f"/api/players/{ann_id}").json()["player"]
    assert (player["games"], player["wins"], player["rated_games"]) == (1, 1, 1)


@pytest.mark.parametrize("hidden", HIDDEN)
def test_a_name_that_shows_nothing_is_refused(site: tuple[str, Any], hidden: str) -> None:
    """A filler, a joiner or a lone mark alone was a name at a table that showed nothing,
    and two of them a user name."""
    base, _ = site
    status, answer = http(base, "POST", "/api/tables", {"players": 2, "name": hidden * 2})
    assert (status, answer["code"]) == (400, "name_invalid"), answer
    ann = Browser(base)
    ann.get("/api/me")
    for name in (hidden * 2, "Ann " + hidden):
        refused = ann.post("/api/me/name", {"name": name})
        assert refused.status_code == 400, (name, refused.json())


@pytest.mark.parametrize("hidden", ["\u3164", "\ufe0f", "\u034f"])
def test_a_user_name_with_an_invisible_tail_is_not_a_second_name(hidden: str) -> None:
    """ "Ann" + a Hangul filler (or a variation selector) showed as "Ann" yet was another
    user name, free to take: anyone could pass for Ann."""
    with pytest.raises(AccountError) as refused:
        check_user_name("Ann" + hidden)
    assert refused.value.code == "user_name_characters"
    for name in ("Ann", "Zoë 👨\u200d👩\u200d👧\u200d👦", "क्षत्रिय", "1\ufe0f\u20e3 Ann"):
        assert check_user_name(name) == name  # joiners and a keycap's selector still pass
    assert clean_name("Zoë 👨\u200d👩\u200d👧\u200d👦") == "Zoë 👨\u200d👩\u200d👧\u200d👦"


def test_a_slow_table_has_no_turn_timer(site: tuple[str, Any]) -> None:
    """docs/server.md: "a slow table has no turn timer"; asked for both, the table ran its
    timer and handed the person to the autopilot after it."""
    base, _ = site
    body = {"players": 2, "name": "Ann", "slow_hours": 24, "turn_seconds": 30}
    status, answer = http(base, "POST", "/api/tables", body)
    assert (status, answer["code"], answer["field"]) == (400, "invalid_value", "turn_seconds")
    body.pop("turn_seconds")
    assert http(base, "POST", "/api/tables", body)[0] == 200


def test_new_guests_are_limited_per_address(tmp_path: Path) -> None:
    """A first visit becomes a guest (a stored player) with no other check: a script could
    fill the store with guests, and use up their names."""
    with thread_server(tmp_path / "g.db", guest_limit=3) as (base, _app):
        browsers = [Browser(base) for _ in range(4)]
        answers = [browser.get("/api/me") for browser in browsers]
        assert [answer.status_code for answer in answers] == [200, 200, 200, 429]
        assert answers[-1].json()["code"] == "too_many_guests"
        assert browsers[0].get("/api/me").status_code == 200  # a guest already made is served


def test_an_address_that_misses_many_codes_is_refused_every_code_for_a_while(
    tmp_path: Path,
) -> None:
    """Join codes can be guessed (about 10^9): an address that asks for codes leading
    nowhere, past the limit, is refused every code, the real ones too, by HTTP and by
    socket; an address that only asks for real codes never is."""
    with thread_server(tmp_path / "m.db", miss_limit=3) as (base, _app):
        status, made = http(base, "POST", "/api/tables", {"players": 2, "name": "Ann"})
        code = made["code"]
        for _ in range(5):
            assert http(base, "GET", f"/api/tables/{code}")[0] == 200  # hits are not counted
        for guess in ("AAAAAA", "BBBBBB", "zz"):
            status, answer = http(base, "GET", f"/api/tables/{guess}")
            assert (status, answer["code"]) == (404, "no_table")
        status, answer = http(base, "GET", f"/api/tables/{code}")
        assert (status, answer["code"], answer["params"]) == (429, "too_many_misses", {"limit": 3})
        assert http(base, "POST", f"/api/tables/{code}/join", {"name": "Eve"})[0] == 429
        client = Client(base, code)
        assert client.recv()["code"] == "too_many_misses"
        with pytest.raises(ConnectionClosed) as closed:
            client.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        assert http(base, "GET", "/api/bots")[0] == 200  # what names no code is served


def test_a_socket_to_no_table_counts_as_a_miss(tmp_path: Path) -> None:
    with thread_server(tmp_path / "w.db", miss_limit=1) as (base, _app):
        _, made = http(base, "POST", "/api/tables", {"players": 2, "name": "Ann"})
        assert Client(base, "AAAAAA").recv()["code"] == "no_table"
        assert http(base, "GET", f"/api/tables/{made['code']}")[0] == 429


def test_an_address_holds_at_most_so_many_sockets_at_once(tmp_path: Path) -> None:
    """Sockets per address are bounded (without it one address could open them until
    the server's memory or file descriptors ran out); one closed makes room again."""
    from skipbo.server import command, guard

    assert command.SOCKETS_PER_ADDRESS == guard.SOCKETS_PER_ADDRESS
    assert command.CODE_MISSES_PER_MINUTE == guard.CODE_MISSES_PER_MINUTE
    assert command.GUESTS_PER_MINUTE == guard.GUESTS_PER_MINUTE
    with thread_server(tmp_path / "s.db", socket_limit=2) as (base, _app):
        _, made = http(base, "POST", "/api/tables", {"players": 2, "name": "Ann"})
        code = made["code"]
        held = [Client(base, code) for _ in range(2)]
        for client in held:
            assert client.hello()["type"] == "state"
        third = Client(base, code)
        assert third.recv() == {
            "type": "error",
            "code": "too_many_sockets",
            "error": "too many connections from this address: at most 2 at once",
            "params": {"limit": 2},
        }
        with pytest.raises(ConnectionClosed) as closed:
            third.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        held.pop().close()
        again = wait_for(lambda: _greeted(base, code))
        assert again.raw and held[0].hello()["type"] == "state"


def _greeted(base: str, code: str) -> Client | None:
    """A socket that got the table's state (None: refused, the old one not yet gone)."""
    client = Client(base, code)
    try:
        return client if client.hello()["type"] == "state" else None
    except ConnectionClosed:
        return None


class Taken:
    """Draws the same short guest name every time (as when nearly all are taken)."""

    def choice(self, seq: tuple[str, ...], /) -> str:
        return seq[0]

    def randrange(self, start: int, stop: int, /) -> int:
        return start


def test_guest_names_widen_when_the_short_ones_are_taken(tmp_path: Path) -> None:
    """There are 518,400 three-digit guest names: once they were taken, a first visit
    failed (RuntimeError, a 500) instead of becoming a guest."""
    store = SqliteStorage(str(tmp_path / "names.db"))
    try:
        accounts = Accounts(store, draw=Taken())
        first, second = accounts.new_guest(), accounts.new_guest()
        assert first.player.name == "Bold Badger 100"
        assert second.player.name == "Bold Badger 100000"
        assert check_user_name(second.player.name) == second.player.name
    finally:
        store.close()
