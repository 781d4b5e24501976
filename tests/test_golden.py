"""Golden records: every round in tests/golden/*.jsonl must replay to its result.

``spec_examples.jsonl`` holds the examples that came with the spec;
``engine_rounds.jsonl`` holds rounds this engine played (new_round with a seed,
random legal moves; the ``comment`` field of each says which and what it shows).
A change of the rules core that changes any of these results breaks a rule or
the record format.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import check_invariants, check_legality, reference_legal
from skipbo.core import (
    RecordedShuffles,
    Round,
    parse_move,
    parse_record,
    player_view,
    record_json,
    replay,
)

GOLDEN = Path(__file__).parent / "golden"


def load(name: str) -> list[dict[str, Any]]:
    lines = (GOLDEN / name).read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip()]


SPEC = load("spec_examples.jsonl")
ENGINE = load("engine_rounds.jsonl")
ALL = [("spec", r) for r in SPEC] + [("engine", r) for r in ENGINE]


def by_comment(records: list[dict[str, Any]], start: str) -> dict[str, Any]:
    return next(r for r in records if r["comment"].startswith(start))


@pytest.mark.parametrize(("source", "record"), ALL, ids=[f"{s}: {r['comment']}" for s, r in ALL])
def test_golden_record_replays_to_its_result(source: str, record: dict[str, Any]) -> None:
    assert record["format"] == "skipbo-record/1"
    assert "result" in record and record["comment"]
    outcome = replay(parse_record(record))
    assert outcome.ok, (outcome.index, outcome.error)
    assert outcome.to_dict() == {"ok": True, "result": record["result"]}
    state = outcome.state
    assert state is not None and state.result is not None
    assert state.result.to_dict() == record["result"]
    assert record_json(state, names=record["names"], extra={"comment": record["comment"]}) == (
        record
    )


@pytest.mark.parametrize(("source", "record"), ALL, ids=[f"{s}: {r['comment']}" for s, r in ALL])
def test_golden_record_move_by_move(source: str, record: dict[str, Any]) -> None:
    """The same round through the checked Round.play, every position checked."""
    parsed = parse_record(record)
    state = Round.deal(parsed.rules, parsed.dealer, parsed.deck, RecordedShuffles(parsed.shuffles))
    for text in record["moves"]:
        assert text in reference_legal(state)
        state.play(parse_move(text))
        check_invariants(state)
    check_legality(state)
    assert state.result is not None and state.result.to_dict() == record["result"]
    for seat in range(parsed.rules.players):
        view = player_view(state, seat).to_dict()
        assert view["to_move"] == state.to_move


def test_engine_rounds_show_what_their_comments_say() -> None:
    short = by_comment(ENGINE, "2 players, short game")
    assert short["rules"]["stock"] == 10 and short["shuffles"] == []
    assert short["result"]["reason"] == "stock"

    reshuffled = by_comment(ENGINE, "2 players, won after two or more reshuffles")
    assert len(reshuffled["shuffles"]) >= 2 and reshuffled["result"]["reason"] == "stock"

    partner = by_comment(ENGINE, "4 players in partnerships")
    assert partner["rules"]["teams"] is True
    assert partner["moves"][-1].startswith("pS-"), "the last card came from the partner's stock"
    result = partner["result"]
    assert result["reason"] == "stock" and result["winner"] in result["team"]
    assert sorted(result["team"]) == result["team"] and len(result["team"]) == 2
    assert (result["team"][1] - result["team"][0]) == 2

    six = by_comment(ENGINE, "6 players in partnerships")
    assert (
        six["moves"][-1].startswith("S-")
        and six["result"]["team"][1] - six["result"]["team"][0] == 3
    )

    five = by_comment(ENGINE, "5 players")
    assert five["rules"] == {"players": 5, "stock": 20, "teams": False}
    assert len(five["shuffles"]) >= 1

    for start in ("3 players, blocked", "2 players, blocked"):
        blocked = by_comment(ENGINE, start)
        assert blocked["result"]["reason"] == "blocked" and blocked["result"]["winner"] is None
        assert "points" not in blocked["result"]
    assert by_comment(ENGINE, "2 players, blocked")["shuffles"]

    first_turn = by_comment(ENGINE, "2 players, stock 1")
    assert first_turn["result"]["turns"] == 1 and first_turn["result"]["points"] == 30


def test_golden_files_cover_every_configuration() -> None:
    configs = {(r["rules"]["players"], r["rules"]["teams"]) for _, r in ALL}
    assert configs >= {(2, False), (3, False), (4, True), (5, False), (6, True)}
    reasons = {r["result"]["reason"] for _, r in ALL}
    assert reasons == {"stock", "blocked"}
