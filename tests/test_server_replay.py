"""The replay endpoint: a record in, every step's public view out, computed by the core."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from server_harness import TIMEOUT, http, http_raw, thread_server
from skipbo.core import card_name, parse_move, parse_record, player_view, start_round
from skipbo.server.replay import MAX_RECORD_BYTES, ReplayError, decode_upload, replay_steps

GOLDEN = Path(__file__).parent / "golden" / "spec_examples.jsonl"


def post_raw(base: str, body: bytes) -> tuple[int, Any]:
    return http_raw(base, "POST", "/api/replay", body)


def final_public_view(data: dict[str, Any]) -> dict[str, Any]:
    """The core's spectator view after all of a record's moves."""
    state = start_round(parse_record(data))
    for text in data["moves"]:
        state.play(parse_move(text))
    return player_view(state, None).to_json()


def golden() -> list[dict[str, Any]]:
    return [json.loads(line) for line in GOLDEN.read_text().splitlines() if line.strip()]


def test_golden_records_replay_step_by_step(tmp_path: Path) -> None:
    records = golden()
    assert records
    with thread_server(tmp_path / "r.db") as (base, _app):
        for data in records[:4]:
            status, out = post_raw(base, json.dumps(data).encode())
            assert status == 200, out
            steps = out["steps"]
            assert len(steps) == len(data["moves"]) + 1
            assert steps[0]["move"] is None
            assert [s["move"] for s in steps[1:]] == data["moves"]
            assert steps[-1]["view"] == final_public_view(data)
            assert all(s["view"]["hand"] == [] for s in steps)  # the public view: no hand
            assert out["names"] == data["names"]
        # a .jsonl upload of one line works the same
        line = (json.dumps(records[0]) + "\n").encode()
        assert post_raw(base, line)[0] == 200


def test_every_golden_record_replays_in_process() -> None:
    for data in golden():
        out = replay_steps(data)
        assert len(out["steps"]) == len(data["moves"]) + 1
        assert out["steps"][-1]["view"] == final_public_view(data)
        if data.get("result") is not None:
            assert out["result"]["reason"] == data["result"]["reason"]


def test_bad_records_get_a_clear_error(tmp_path: Path) -> None:
    good = golden()[0]
    illegal = {**good, "moves": ["S-B4", *good["moves"]]}
    with thread_server(tmp_path / "e.db") as (base, _app):
        cases = {
            b"not json": "not JSON",
            b"[1, 2]": "bad record",
            json.dumps({**good, "deck": ["1"]}).encode(): "deck",
            json.dumps({**good, "moves": ["S-B9"]}).encode(): "at move 0",
            json.dumps({**good, "result": {"winner": None, "reason": "cap"}}).encode(): "result",
            (json.dumps(good) + "\n" + json.dumps(good)).encode(): "one record",
            b"\xff\xfe": "UTF-8",
        }
        for body, words in cases.items():
            status, out = post_raw(base, body)
            assert status == 400 and words in out["error"], (body[:40], out)
        status, out = post_raw(base, json.dumps(illegal).encode())
        assert status == 400 and "does not replay" in out["error"]


def test_an_oversized_upload_is_refused(tmp_path: Path) -> None:
    with thread_server(tmp_path / "o.db") as (base, _app):
        body = b" " * (MAX_RECORD_BYTES + 1)
        try:
            status, out = post_raw(base, body)
        except OSError:  # the server may close before reading it all: refused too
            return
        assert status == 413 and "at most" in out["error"]
    try:
        decode_upload(body)
    except ReplayError as exc:
        assert "at most" in str(exc)
    else:
        raise AssertionError("an oversized upload was taken")


def test_a_finished_round_of_a_table_replays(tmp_path: Path) -> None:
    with thread_server(tmp_path / "t.db") as (base, _app):
        body = {"players": 2, "stock": 2, "seats": ["bot:random", "bot:random"]}
        status, created = http(base, "POST", "/api/tables", body)
        assert status == 200
        code = created["code"]
        lobby = http(base, "POST", "/api/tables", {"players": 2, "name": "ann"})[1]["code"]
        assert http(base, "GET", f"/api/tables/{lobby}/replay/0")[0] == 400  # no round yet
        deadline = time.monotonic() + TIMEOUT
        while http(base, "GET", f"/api/tables/{code}")[1]["phase"] == "playing":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        status, out = http(base, "GET", f"/api/tables/{code}/replay/0")
        assert status == 200, out
        record = http(base, "GET", f"/api/tables/{code}/records/0")[1]
        assert len(out["steps"]) == len(record["moves"]) + 1
        assert out["steps"][-1]["view"] == final_public_view(record)
        assert out["result"] is not None
        assert http(base, "GET", f"/api/tables/{code}/replay/7")[0] == 400
        assert http(base, "GET", "/api/tables/NOPE22/replay/0")[0] == 404


def test_a_finished_record_shows_every_hand_at_every_step() -> None:
    record = next(r for r in golden() if r.get("result"))
    out = replay_steps(record)
    state = start_round(parse_record(record))
    players = state.rules.players
    for step, text in zip(out["steps"], [*record["moves"], None], strict=True):
        assert step["hands"] == [
            [card_name(c) for c in state.hand_cards(seat)] for seat in range(players)
        ]
        if text is not None:
            state.play(parse_move(text))
    unfinished = {**record, "moves": record["moves"][:-1]}
    unfinished.pop("result")
    assert all("hands" not in step for step in replay_steps(unfinished)["steps"])
