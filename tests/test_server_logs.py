"""The server's log: one JSON object per line, one line per refusal, never a secret.

Passwords, seat tokens, session ids and the store's password must never reach a
log line, whatever a library's error message quotes (:mod:`skipbo.server.logs`).
"""

from __future__ import annotations

import json
import logging
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from server_harness import TIMEOUT, Client, ServerProcess, http
from skipbo.server.logs import JsonFormatter, event, log_config, scrub

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
