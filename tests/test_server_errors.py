"""Every refusal is a code with parameters, and the page has a text for each code.

The codes live in one registry (``skipbo.server.errors.ERRORS``); the page's
``static/errors.js`` translates them. These tests read both, the server's raise
sites, and real HTTP and WebSocket refusals.
"""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any

import pytest

from server_harness import Client, http, http_raw, thread_server
from skipbo.server.errors import ERRORS, CodedError

SERVER = Path(__file__).parent.parent / "src" / "skipbo" / "server"
LANGUAGES = ("en", "fr", "de", "nl")


def js_texts() -> dict[str, dict[str, str]]:
    """``ERROR_TEXTS`` of errors.js: language -> code -> text (a small reader for its layout)."""
    source = (SERVER / "static" / "errors.js").read_text(encoding="utf-8")
    body = source.split("const ERROR_TEXTS = {", 1)[1].split("\n};", 1)[0]
    out: dict[str, dict[str, str]] = {}
    for block in re.finditer(r"^  (\w+): \{\n(.*?)\n  \},", body, re.S | re.M):
        entries = re.findall(r'^\s+(\w+): "((?:[^"\\]|\\.)*)",$', block.group(2), re.M)
        out[block.group(1)] = dict(entries)
    return out


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_code_has_a_text_in_every_language() -> None:
    texts = js_texts()
    assert set(texts) == set(LANGUAGES)
    for lang in LANGUAGES:
        assert set(texts[lang]) == set(ERRORS), lang
        for code, text in texts[lang].items():
            allowed = placeholders(ERRORS[code]) | {"field"}
            assert placeholders(text) <= allowed, (lang, code, text)


def test_every_raised_code_is_registered() -> None:
    raised: set[str] = set()
    pattern = r'(?:TableError|MessageError|ReplayError|CodedError)\(\s*"(\w+)"'
    for path in SERVER.rglob("*.py"):
        raised |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    status = (SERVER / "guard.py").read_text().split("STATUS =")[1].split("}")[0]
    raised |= set(re.findall(r'"(\w+)"', status))
    assert raised, "no raise site found"
    assert raised <= set(ERRORS), raised - set(ERRORS)


def test_a_coded_error_keeps_the_english_text() -> None:
    exc = CodedError("invalid_field", "stock", min=1, max=30)
    assert str(exc) == "stock must be 1..30"
    assert exc.payload() == {
        "error": "stock must be 1..30",
        "code": "invalid_field",
        "params": {"min": 1, "max": 30},
        "field": "stock",
    }
    with pytest.raises(KeyError):
        CodedError("no_such_code")


BAD_TABLES: list[tuple[dict[str, Any], str, str | None, dict[str, Any]]] = [
    ({"players": 2, "stock": 31}, "invalid_field", "stock", {"min": 1, "max": 30}),
    ({"players": 9}, "invalid_field", "players", {"min": 2, "max": 6}),
    ({"players": 2, "turn_seconds": 5}, "invalid_field", "turn_seconds", {"min": 10, "max": 600}),
    ({"players": 2, "target": 0}, "invalid_field", "target", {"min": 1, "max": 10_000}),
    ({"players": 2, "name": "x" * 257}, "too_long", "name", {"max": 256}),
    ({"players": 2, "colour": "red"}, "unknown_field", "colour", {}),
    ({"players": 3, "teams": True}, "teams_players", "teams", {"players": 3}),
    (
        {"players": 6, "stock": 25},
        "stock_too_large",
        "stock",
        {"stock": 25, "players": 6, "max": 22},
    ),
    ({"players": 2, "seats": ["human"]}, "seats_count", "seats", {"players": 2, "count": 1}),
    ({"players": 2, "name": " "}, "name_invalid", "name", {"max": 24}),
    ({"players": 2, "seats": ["bot:random"] * 2, "name": "ann"}, "bots_only_name", "name", {}),
]


def test_http_refusals_name_the_code_and_the_field(tmp_path: Path) -> None:
    with thread_server(tmp_path / "e.db") as (base, _app):
        for body, code, field, params in BAD_TABLES:
            status, answer = http(base, "POST", "/api/tables", body)
            assert status == 400, (body, answer)
            assert answer["code"] == code and answer.get("field") == field, (body, answer)
            assert answer["params"] == params, (body, answer)
            assert answer["error"] == str(CodedError(code, field, **params))
        assert http_raw(base, "POST", "/api/tables", b"{not json")[1]["code"] == "bad_json"
        status, answer = http(base, "GET", "/api/tables/NOPE22")
        assert status == 404 and answer["code"] == "no_table"
        assert answer["error"] == "no table with this code"
        status, answer = http(base, "GET", "/api/nothing/here")
        assert status == 404 and answer["code"] == "not_found"
        status, answer = http(base, "POST", "/api/tables/NOPE22/leave", {})
        assert status == 400 and answer["code"] == "missing_field" and answer["field"] == "token"


def test_websocket_refusals_carry_code_and_params(tmp_path: Path) -> None:
    with thread_server(tmp_path / "w.db") as (base, app):
        _, created = http(base, "POST", "/api/tables", {"players": 2, "name": "ann"})
        code = created["code"]
        _, joined = http(base, "POST", f"/api/tables/{code}/join", {"name": "bob"})
        table = app.state.registry.get(code)
        waiter = 1 - table.match.round.to_move
        client = Client(base, code)
        assert client.ask({"type": "move", "move": "end"})["code"] == "say_hello_first"
        client.hello([created["token"], joined["token"]][waiter])
        answer = client.ask({"type": "move", "move": "end"})
        assert answer == {
            "type": "error",
            "code": "not_your_turn",
            "params": {"seat": 1 - waiter},
            "error": f"not your turn: seat {1 - waiter} is to move",
        }
        answer = client.ask({"type": "move", "move": "x" * 17})
        assert answer["code"] == "malformed_message" and answer["field"] == "move"
        assert client.ask("[1, 2")["code"] == "malformed_message"
        assert client.ask("")["code"] == "malformed_message"  # an empty frame was "internal"
        client.close()
