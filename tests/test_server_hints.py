"""The coach at the server: hints over the WebSocket, the analysis of a finished round."""

from __future__ import annotations

import time
from pathlib import Path

from server_harness import TIMEOUT, Client, http, thread_server
from skipbo.server.bots import choose_bot_move
from skipbo.server.config import TableConfig


def test_hints_are_on_by_default_only_for_one_person_against_bots() -> None:
    assert TableConfig.make(seats=["human", "bot:hard"]).hints
    assert TableConfig.make(players=3, seats=["bot:easy", "human", "bot:hard"]).hints
    assert not TableConfig.make(seats=["human", "human"]).hints
    assert not TableConfig.make(seats=["bot:hard", "bot:hard"]).hints
    assert not TableConfig.make(players=3, seats=["human", "human", "bot:hard"]).hints
    assert TableConfig.make(seats=["human", "human"], hints=True).hints
    assert not TableConfig.make(seats=["human", "bot:hard"], hints=False).hints
    config = TableConfig.make(seats=["human", "human"], hints=True)
    assert TableConfig.from_json(config.to_json()) == config


def test_a_hint_is_the_experts_move_sent_to_the_asker_only(tmp_path: Path) -> None:
    with thread_server(tmp_path / "h.db") as (base, app):
        # stock 20: with 5 the bot, moving first, sometimes emptied its stock before
        # the person's first turn, and the wait for that turn never ended
        body = {"players": 2, "stock": 20, "seats": ["human", "bot:hard"], "name": "ann"}
        status, created = http(base, "POST", "/api/tables", body)
        assert status == 200 and created["table"]["config"]["hints"] is True
        code, token = created["code"], created["token"]
        table = app.state.registry.get(code)
        client = Client(base, code)
        watcher = Client(base, code)
        view = client.hello(token)["view"]
        watcher.hello()
        while view["to_move"] != 0:
            view = client.recv()["view"]
        answer = client.ask({"type": "hint"})
        assert answer["type"] == "hint", answer
        assert answer["move"] in view["legal"]
        assert answer["move"] == choose_bot_move(table.hint_turn(0))
        refusal = watcher.ask({"type": "hint"})
        while refusal["type"] == "state":  # the bot's moves and presence reach watchers too
            refusal = watcher.recv()
        assert refusal["code"] == "spectator"  # no hint to watchers
        client.close()
        watcher.close()


def test_a_table_of_people_refuses_hints_with_a_code(tmp_path: Path) -> None:
    with thread_server(tmp_path / "n.db") as (base, _app):
        created = http(base, "POST", "/api/tables", {"players": 2, "stock": 5, "name": "ann"})[1]
        code = created["code"]
        joined = http(base, "POST", f"/api/tables/{code}/join", {"name": "bob"})[1]
        assert created["table"]["config"]["hints"] is False
        client = Client(base, code)
        client.hello(created["token"])
        other = Client(base, code)
        other.hello(joined["token"])
        answer = client.ask({"type": "hint"})
        while answer["type"] == "state":
            answer = client.recv()
        assert answer["type"] == "error" and answer["code"] == "hints_off"
        client.close()
        other.close()


def test_the_analysis_of_a_finished_round(tmp_path: Path) -> None:
    with thread_server(tmp_path / "a.db") as (base, _app):
        body = {"players": 2, "stock": 2, "seats": ["bot:hard", "bot:hard"]}
        code = http(base, "POST", "/api/tables", body)[1]["code"]
        lobby = http(base, "POST", "/api/tables", {"players": 2, "name": "ann"})[1]["code"]
        assert http(base, "GET", f"/api/tables/{lobby}/analysis/0")[0] == 400
        deadline = time.monotonic() + TIMEOUT
        while http(base, "GET", f"/api/tables/{code}")[1]["phase"] == "playing":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        status, out = http(base, "GET", f"/api/tables/{code}/analysis/0?seat=1")
        assert status == 200, out
        record = http(base, "GET", f"/api/tables/{code}/records/0")[1]
        assert out["round"] == 0 and out["seat"] == 1
        assert [m["played"] for m in out["moves"]] == [
            record["moves"][m["index"]] for m in out["moves"]
        ]
        assert sum(out["marks"].values()) == sum(1 for m in out["moves"] if m["mark"])
        status, bad = http(base, "GET", f"/api/tables/{code}/analysis/0?seat=5")
        assert status == 400 and bad["code"] == "invalid_field"
