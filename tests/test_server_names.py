"""Every server path that takes a name counts what a reader sees (grapheme clusters)
and, when it refuses, says what is allowed (issue 21 §1.9).

A family emoji is one cluster of seven code points: a name of emoji passes the
request's own size check (code points) and reaches the server's name check, which
counts it as the reader does. Through the real app over HTTP, on SQLite.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server_harness import thread_server
from test_server_players import Browser

FAMILY = "👨\u200d👩\u200d👧\u200d👦"


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with thread_server(tmp_path / "n.db", create_limit=0) as (url, _app):
        yield url


def table_body(name: str) -> dict[str, Any]:
    return {"name": name, "players": 2, "seats": ["human", "human"]}


def test_a_table_name_is_counted_in_clusters(base: str) -> None:
    ann, bob = Browser(base), Browser(base)
    host = "Zoë " + FAMILY * 20  # 24 clusters, 144 code points
    made = ann.post("/api/tables", table_body(host))
    assert made.status_code == 200, made.json()
    guest = FAMILY * 24  # a name of emoji only: 24 clusters, 168 code points
    joined = bob.post(f"/api/tables/{made.json()['code']}/join", {"name": guest})
    assert joined.status_code == 200, joined.json()
    seats = ann.get(f"/api/tables/{made.json()['code']}").json()["seats"]
    assert [seat["name"] for seat in seats] == [host, guest]


def test_a_refused_name_says_what_is_allowed(base: str) -> None:
    ann = Browser(base)
    for name in ("Zoë " + FAMILY * 21, "Eve\u202eevil", " "):  # 25 clusters; a bidi override
        refused = ann.post("/api/tables", table_body(name))
        assert refused.status_code == 400, refused.json()
        body = refused.json()
        assert body["code"] == "name_invalid" and body["field"] == "name"
        assert "emoji" in body["error"] and "printable" not in body["error"], body


def test_a_user_name_is_counted_in_clusters(base: str) -> None:
    ann = Browser(base)
    ann.get("/api/me")
    name = "Zo" + FAMILY * 18  # 20 clusters (a user name's most), 128 code points
    renamed = ann.post("/api/me/name", {"name": name})
    assert renamed.status_code == 200 and renamed.json()["name"] == name, renamed.json()
    password = "correct horse battery"
    claimed = ann.post("/api/account/claim", {"user_name": name + "ë", "password": password})
    assert claimed.status_code == 400 and claimed.json()["code"] == "user_name_length"
    user = "Zoë" + FAMILY * 17  # 18 clusters, 122 code points
    claimed = ann.post("/api/account/claim", {"user_name": user, "password": password})
    assert claimed.status_code == 200, claimed.json()
