"""The server's log: one JSON object per line, one line per refusal, never a secret.

Passwords, seat tokens, session ids and the store's password must never reach a
log line, whatever a library's error message quotes (:mod:`skipbo.server.logs`);
nor may a hidden card (a hand, a stock below its top, the draw pile) or the
table's seed, which an operator reading the log could use at a running table.
"""

from __future__ import annotations

import json
import logging
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server_harness import TIMEOUT, Client, ServerProcess, http
from skipbo.core.cards import card_names
from skipbo.server.cluster.recorder import Recorder
from skipbo.server.logs import (
    JsonFormatter,
    PoolTries,
    WorkerDeaths,
    event,
    log_config,
    scrub,
)
from skipbo.server.storage import SqliteStorage, StoredTable
from skipbo.server.tables import Table
from test_server_cluster import Player, play, round_over

PG_PASSWORD = "pg-Secret-42"
URL = f"postgresql://skipbo:{PG_PASSWORD}@db.example:5432/skipbo"


def formatted(record_of: Any) -> dict[str, Any]:
    """The JSON line a logger writes for one call of ``record_of(logger)``."""
    lines: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(self.format(record))

    logger = logging.getLogger("skipbo.test_logs")
    handler = Keep()
    handler.setFormatter(JsonFormatter())
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        record_of(logger)
    finally:
        logger.removeHandler(handler)
    (line,) = lines
    assert "\n" not in line
    parsed: dict[str, Any] = json.loads(line)
    return parsed


def test_a_url_password_never_reaches_a_line() -> None:
    line = formatted(lambda log: log.warning("cannot reach %s: refused", URL))
    assert PG_PASSWORD not in json.dumps(line)
    assert line["message"] == "cannot reach postgresql://skipbo:***@db.example:5432/skipbo: refused"
    assert line["level"] == "warning" and line["worker"] and line["time"].endswith("Z")


def test_secret_fields_and_key_values_are_hidden() -> None:
    line = formatted(
        lambda log: event(
            log,
            logging.INFO,
            "refused",
            code="wrong_token",
            table="ABCD",
            token="tok-Secret",
            session_id="sess-Secret",
            detail="password=pw-Secret&user=ann token: tok2-Secret",
        )
    )
    text = json.dumps(line)
    for secret in ("tok-Secret", "sess-Secret", "pw-Secret", "tok2-Secret"):
        assert secret not in text
    assert line["message"] == "refused" and line["code"] == "wrong_token"
    assert line["table"] == "ABCD" and line["token"] == "***"


def test_a_traceback_is_scrubbed_too() -> None:
    def fail(log: logging.Logger) -> None:
        try:
            raise ConnectionError(f"connection to {URL} failed")
        except ConnectionError:
            log.exception("store away")

    line = formatted(fail)
    assert PG_PASSWORD not in json.dumps(line)
    assert "ConnectionError" in line["exception"]


def test_a_json_event_text_becomes_fields() -> None:
    """Lines written as JSON text by older code are merged, not nested in a string."""
    text = json.dumps({"event": "storage_unavailable", "table": "ABCD"})
    line = formatted(lambda log: log.warning("%s", text))
    assert line["message"] == "storage_unavailable" and line["table"] == "ABCD"


def test_scrub_leaves_plain_text_alone() -> None:
    plain = "table ABCD: game 1 recorded (redis://cache:6379/0)"
    assert scrub(plain) == plain


def test_the_config_names_the_servers_loggers() -> None:
    config = log_config("debug")
    assert config["loggers"]["skipbo"]["level"] == "DEBUG"
    assert config["formatters"]["json"]["()"].endswith("JsonFormatter")


def test_a_dead_worker_is_told_as_a_warning_and_the_chatter_is_not() -> None:
    """uvicorn's supervisor says "Child process [PID] died" at INFO (a kill -9 of a
    worker left no line at all): it passes as a warning; its other INFO lines do not."""
    records: list[logging.LogRecord] = []
    supervisor = logging.getLogger("uvicorn.error")
    keep = logging.Handler()
    keep.emit = records.append  # type: ignore[method-assign]
    keep.addFilter(WorkerDeaths())
    supervisor.addHandler(keep)
    level = supervisor.level
    supervisor.setLevel(logging.INFO)
    try:
        supervisor.info("Started parent process [12]")
        supervisor.info("Child process [34] died")
        supervisor.info("Waiting for child process [34]")
        supervisor.error("Child process [56] failed to start, stopping the parent process.")
    finally:
        supervisor.removeHandler(keep)
        supervisor.setLevel(level)
    assert [(r.levelname, r.getMessage()) for r in records] == [
        ("WARNING", "Child process [34] died"),
        ("ERROR", "Child process [56] failed to start, stopping the parent process."),
    ]
    assert log_config()["loggers"]["uvicorn.error"]["filters"] == ["worker_deaths"]


def pool_lines(show: bool) -> list[tuple[str, str]]:
    """What passes :class:`PoolTries` of psycopg's pool saying what it says in an outage."""
    records: list[logging.LogRecord] = []
    pool = logging.getLogger("psycopg.pool")
    keep = logging.Handler()
    keep.emit = records.append  # type: ignore[method-assign]
    tries = PoolTries(show)
    pool.addFilter(tries)
    pool.addHandler(keep)
    try:
        pool.warning("error connecting in %r: %s", "pool-1", "connection refused")
        pool.warning("discarding broken connection: %s", "<psycopg.AsyncConnection [BAD]>")
        pool.warning("reconnection attempt in pool %r failed after %s sec", "pool-1", 2.0)
        pool.warning("rolling back returned connection: %s", "<psycopg.AsyncConnection>")
    finally:
        pool.removeHandler(keep)
        pool.removeFilter(tries)
    return [(r.levelname, r.getMessage()) for r in records]


def test_psycopg_pools_line_per_try_at_reconnecting_is_dropped() -> None:
    """psycopg's pool warns at each try at reconnecting while PostgreSQL is away (the
    worker says the outage once instead): those lines are dropped, or passed at debug
    when the server's level is debug; its other warnings (a bug of ours) pass."""
    returned = ("WARNING", "rolling back returned connection: <psycopg.AsyncConnection>")
    assert pool_lines(show=False) == [returned]
    shown = pool_lines(show=True)
    assert [level for level, _ in shown] == ["DEBUG", "DEBUG", "DEBUG", "WARNING"]
    assert shown[0][1] == "error connecting in 'pool-1': connection refused"
    assert log_config()["loggers"]["psycopg.pool"]["filters"] == ["pool_tries"]
    assert log_config("debug")["filters"]["pool_tries"]["show"] is True
    assert log_config("info")["filters"]["pool_tries"]["show"] is False


def test_a_running_server_logs_refusals_as_json_without_secrets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Refused requests and messages (a wrong token, a move out of turn, a wrong
    password, an invalid body) each give one JSON line with the code and the table;
    no token, password or session id appears anywhere in what the server wrote."""
    monkeypatch.setenv("SKIPBO_LOG_LEVEL", "debug")
    server = ServerProcess(tmp_path / "logs.db")
    secrets = ["pw-Never-Logged", "sess-Never-Logged", "tok-Never-Logged"]
    try:
        body = {"players": 2, "seats": ["human", "human"], "name": "Ann"}
        status, made = http(server.base, "POST", "/api/tables", body)
        assert status == 200, made
        code = made["code"]
        status, bob = http(server.base, "POST", f"/api/tables/{code}/join", {"name": "Bob"})
        assert status == 200, bob
        secrets += [made["token"], bob["token"]]
        client = Client(server.base, code)
        assert client.hello("tok-Never-Logged")["code"] == "wrong_token"
        view = client.hello(made["token"])["view"]
        if view["to_move"] == view["seat"]:  # Ann moves first: Bob's seat tries instead
            client.close()
            client = Client(server.base, code)
            view = client.hello(bob["token"])["view"]
        refusal = client.ask({"type": "move", "move": "H1-B1"})
        assert refusal["type"] == "error" and refusal["code"] == "not_your_turn", refusal
        client.close()
        wrong = {"user_name": "nobody", "password": "pw-Never-Logged"}
        request = urllib.request.Request(
            server.base + "/api/account/login",
            data=json.dumps(wrong).encode(),
            method="POST",
            headers={"Content-Type": "application/json", "Cookie": f"skipbo_session={secrets[1]}"},
        )
        try:
            urllib.request.urlopen(request, timeout=TIMEOUT)
        except urllib.error.HTTPError as exc:
            assert exc.code >= 400
        too_long = {"name": "x" * 300}  # past NAME_MAX
        status, _ = http(server.base, "POST", f"/api/tables/{code}/join", too_long)
        assert status == 400
    finally:
        server.process.terminate()
        server.process.wait(TIMEOUT)
        assert server.process.stderr is not None
        written = server.process.stderr.read().decode()
        server.kill()
    for secret in secrets:
        assert secret not in written
    lines = [json.loads(line) for line in written.splitlines() if line.strip()]
    refused = {(ln.get("code"), ln.get("table")) for ln in lines if ln["message"] == "refused"}
    assert ("wrong_token", code) in refused
    assert ("not_your_turn", code) in refused
    assert ("too_long", code) in refused
    assert any(line.get("path") == "/api/account/login" for line in lines)
    assert all(line["worker"] for line in lines)


HIDDEN_FIELDS = {"hand", "hands", "stock", "stocks", "draw", "deck", "seed", "view", "views"}
"""Fields that would carry a table's cards or its seed: no log line has one."""


def renderings(cards: list[int]) -> set[str]:
    """The ways a list of cards could be written into a line (two cards or more,
    so that a lone number in a line is not taken for a card)."""
    if len(cards) < 2:
        return set()
    names = card_names(cards)
    found = {
        json.dumps(names),
        json.dumps(names, separators=(",", ":")),
        repr(names),
        repr(cards),
        repr(tuple(cards)),
        json.dumps(cards, separators=(",", ":")),
    }
    if len(cards) >= 3:
        found |= {" ".join(names), ",".join(names), ", ".join(names)}
    return found


def hidden_cards(db: Path, code: str) -> tuple[set[str], str]:
    """Every hidden card list of the stored round of ``code`` at every position
    (each hand, each stock whole and below its top, the draw pile), as written
    by :func:`renderings`, and the table's seed."""
    storage = SqliteStorage(str(db))
    try:
        stored = storage.load_table(code)
    finally:
        storage.close()
    assert stored is not None and len(stored.moves) == 1
    start = StoredTable(stored.table_id, stored.config, stored.status, stored.seats, [[]])
    table = Table.restore(start, Recorder())
    hidden: set[str] = set()
    for step in [None, *stored.moves[0]]:
        if step is not None:
            table.extend_round([step])
        state = table.match.round
        for seat, stock in enumerate(state.stocks):
            hidden |= renderings(state.hand_cards(seat))
            hidden |= renderings(list(stock)) | renderings(list(stock[:-1]))
        hidden |= renderings(list(state.draw))
    return hidden, str(stored.config["seed"])


def leaves(value: Any) -> Iterator[tuple[str, Any]]:
    """Every (field name, value) of a parsed line, nested ones too ("" for list items)."""
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in items:
        yield str(key) if isinstance(value, dict) else "", item
        if isinstance(item, dict | list):
            yield from leaves(item)


TABLES = 5
"""Tables tried for one where a person gets a turn (stock 3: a bot may go out first)."""


def seated_table(base: str) -> tuple[str, list[Player]]:
    """A table of Ann, Bob and an easy bot, both people connected."""
    body = {"players": 3, "stock": 3, "seats": ["human", "human", "bot:easy"], "name": "Ann"}
    status, made = http(base, "POST", "/api/tables", body)
    assert status == 200, made
    code = made["code"]
    status, bob = http(base, "POST", f"/api/tables/{code}/join", {"name": "Bob"})
    assert status == 200, bob
    return code, [Player(base, code, made["token"]), Player(base, code, bob["token"])]


def turn_or_end(players: list[Player]) -> Any:
    """Until a person is to move or the round is over."""
    over = round_over(players)
    return lambda: any(p.my_turn() for p in players) or over()


def test_a_played_game_logs_no_hidden_cards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two people and a bot play a round to its end at debug level, with refused
    moves on the way (out of turn, a card not held, a malformed one): no line has
    a field that carries cards, and no hand, stock or draw pile of any position,
    nor the seed, appears in any line, raw or inside its JSON strings."""
    monkeypatch.setenv("SKIPBO_LOG_LEVEL", "debug")
    db = tmp_path / "cards.db"
    server = ServerProcess(db)
    players: list[Player] = []
    codes: list[str] = []
    try:
        for _ in range(TABLES):  # the bot may win before a person moves: another table then
            for player in players:
                player.client.close()
            code, players = seated_table(server.base)
            codes.append(code)
            play(players, turn_or_end(players))
            if any(p.my_turn() for p in players):
                break
        mover = next(p for p in players if p.my_turn())
        waiter = next(p for p in players if p is not mover)
        held = set(mover.view["view"]["hand"])
        missing = next(c for c in ("1", "5", "9", "12", "SB") if c not in held)
        for player, move in ((waiter, "H1-B1"), (mover, f"H{missing}-B1"), (mover, "H99")):
            player.client.send({"type": "move", "move": move})
            deadline = time.monotonic() + TIMEOUT
            while not player.errors:
                assert time.monotonic() < deadline, "no refusal"
                player.drain()
            player.errors.clear()
        play(players, round_over(players))
    finally:
        for player in players:
            player.client.close()
        server.process.terminate()
        server.process.wait(TIMEOUT)
        assert server.process.stderr is not None
        written = server.process.stderr.read().decode()
        server.kill()
    lines = [line for line in written.splitlines() if line.strip()]
    assert sum('"refused"' in line for line in lines) >= 3, written
    for code in codes:
        hidden, seed = hidden_cards(db, code)
        assert hidden
        assert_no_line_has(lines, hidden, seed)


def assert_no_line_has(lines: list[str], hidden: set[str], seed: str) -> None:
    """No line carries a card field, the seed or any of the ``hidden`` card strings."""
    for line in lines:
        texts = [line]
        for key, value in leaves(json.loads(line)):
            assert key.lower() not in HIDDEN_FIELDS, (key, line)
            if isinstance(value, str):
                texts.append(value)
        for text in texts:
            assert seed not in text, line
            leaked = [cards for cards in hidden if cards in text]
            assert not leaked, (leaked, line)
