"""Game records (notation.md, ``skipbo-record/1``) and the move notation.

Replays go through the Python API. ``outcome`` below stands for what
``skipbo replay`` prints for one record: ``{"ok": false, "index": null}`` when
:func:`parse_record` refuses the record itself, else :meth:`ReplayOutcome.to_json`.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from conftest import check_invariants, play_out
from skipbo.core import (
    END,
    FORMAT,
    MOVE_COUNT,
    MOVE_INFO,
    BadRecordError,
    MoveSyntaxError,
    Rules,
    card_name,
    format_move,
    new_round,
    parse_move,
    parse_record,
    record_json,
    replay,
)

GOLDEN = Path(__file__).parent / "golden"
SPEC_EXAMPLES = [
    json.loads(line)
    for line in (GOLDEN / "spec_examples.jsonl").read_text().splitlines()
    if line.strip()
]


def outcome(data: object) -> dict[str, Any]:
    """The ``skipbo replay`` line for one decoded record."""
    try:
        record = parse_record(data)
    except BadRecordError as exc:
        return {"ok": False, "index": None, "error": str(exc)}
    return replay(record).to_dict()


def spec(comment: str) -> dict[str, Any]:
    """A deep copy of the spec example with this comment."""
    return copy.deepcopy(next(r for r in SPEC_EXAMPLES if r["comment"] == comment))


def with_shuffles() -> dict[str, Any]:
    record = spec("2 players with a reshuffle")
    assert len(record["shuffles"]) >= 1
    return record


# ---------------------------------------------------------------- the spec examples


def test_spec_examples_are_all_there() -> None:
    assert len(SPEC_EXAMPLES) == 11
    reasons = {r["result"]["reason"] for r in SPEC_EXAMPLES}
    assert reasons == {"stock", "blocked"}


@pytest.mark.parametrize("record", SPEC_EXAMPLES, ids=[r["comment"] for r in SPEC_EXAMPLES])
def test_spec_example_replays_to_its_result(record: dict[str, Any]) -> None:
    out = outcome(record)
    assert out == {"ok": True, "result": record["result"]}
    state = replay(parse_record(record)).state
    assert state is not None and state.result is not None
    check_invariants(state)
    assert len(state.history) == len(record["moves"]) == record["result"]["moves"]
    assert state.shuffles == parse_record(record).shuffles[: len(state.shuffles)]
    # writing the replayed round gives the record back (less the comment)
    written = record_json(state, names=record["names"], extra={"comment": record["comment"]})
    assert written == record


def test_spec_example_with_end_moves_uses_end() -> None:
    record = spec("an empty hand that ends its turn with 'end'")
    assert "end" in record["moves"]


# ---------------------------------------------------------------- bad records: index None


def test_record_must_be_an_object_with_the_right_format() -> None:
    for bad in ([], "x", None, 3):
        assert outcome(bad)["index"] is None
    record = spec("stock of 1")
    record["format"] = "skipbo-record/2"
    out = outcome(record)
    assert out["ok"] is False and out["index"] is None and "format" in out["error"]
    del record["format"]  # an absent format is the current one
    assert outcome(record)["ok"] is True
    del record["rules"]  # said as missing, not as rules that are no object
    assert outcome(record)["error"] == "a record must have its rules"


@pytest.mark.parametrize(
    "deck_change",
    ["drop one", "add one", "thirteen ones", "not a card", "number card", "not a list"],
)
def test_deck_of_anything_but_the_162_cards_is_a_bad_record(deck_change: str) -> None:
    record = spec("stock of 1")
    deck = record["deck"]
    if deck_change == "drop one":
        deck.pop()
    elif deck_change == "add one":
        deck.append("5")
    elif deck_change == "thirteen ones":
        deck[deck.index("2")] = "1"
    elif deck_change == "not a card":
        deck[0] = "13"
    elif deck_change == "number card":
        deck[0] = int(deck[0]) if deck[0] != "SB" else 13
    else:
        record["deck"] = "".join(deck)
    out = outcome(record)
    assert out["ok"] is False and out["index"] is None
    assert "deck" in out["error"]
    if deck_change == "thirteen ones":  # the count that is off, not the size (which is right)
        assert out["error"].endswith("(it has 13 cards '1', not 12)"), out["error"]


@pytest.mark.parametrize(
    "rules",
    [
        {"players": 7},
        {"players": 1},
        {"players": 2, "stock": 31},
        {"players": 2, "stock": 0},
        {"players": 6, "stock": 23},
        {"players": 5, "stock": 28},
        {"players": 3, "teams": True},
        {"players": 2, "cap": 0},
        {"players": 2, "speed": "fast"},
        {"stock": 10},
        "2 players",
    ],
)
def test_impossible_rules_are_a_bad_record(rules: object) -> None:
    record = spec("stock of 1")
    record["rules"] = rules
    out = outcome(record)
    assert out["ok"] is False and out["index"] is None
    assert "rules" in out["error"]


def test_rules_defaults_and_cap_in_a_record() -> None:
    record = spec("2 players, stock 30")
    record["rules"] = {"players": 2}  # stock defaults to 30, teams to false
    assert outcome(record)["ok"] is True
    record["rules"] = {"players": 2, "stock": 30, "teams": False, "cap": 5}
    out = outcome(record)  # the round now ends at turn 5: later moves are illegal
    assert out["ok"] is False and out["index"] is not None
    first_after = sum(1 for m in record["moves"][: out["index"]] if "-D" in m or m == "end")
    assert first_after == 5


@pytest.mark.parametrize("dealer", [2, -1, "0", None, True, 0.0])
def test_wrong_dealer_is_a_bad_record(dealer: object) -> None:
    record = spec("2 players, stock 30")
    record["dealer"] = dealer
    out = outcome(record)
    assert out["ok"] is False and out["index"] is None and "dealer" in out["error"]


def test_other_dealer_rotates_the_whole_round() -> None:
    """The deal starts at the dealer's left (§3): another dealer rotates every
    stock and the first turn by the same number of seats, so the same moves are
    legal but the winner is another seat, and the stated result no longer holds."""
    record = spec("3 players, stock 30")
    winner = record["result"]["winner"]
    record["dealer"] = (record["dealer"] + 1) % 3
    out = outcome(record)
    assert out["ok"] is False and out["index"] is None and "winner" in out["error"]
    del record["result"]
    out = outcome(record)
    assert out["ok"] is True and out["result"]["winner"] == (winner + 1) % 3


def test_bad_field_types_are_a_bad_record() -> None:
    for field, value in [
        ("moves", "S-B1"),
        ("shuffles", "SB"),
        ("shuffles", [["1", "x"]]),
        ("shuffles", ["1"]),
        ("names", ["only one"]),
        ("result", "won"),
    ]:
        record = spec("stock of 1")
        record[field] = value
        out = outcome(record)
        assert out["ok"] is False and out["index"] is None, field


def test_missing_shuffle_is_a_bad_record() -> None:
    record = with_shuffles()
    record["shuffles"] = []
    out = outcome(record)
    assert out["ok"] is False and out["index"] is None
    assert "shuffle 1" in out["error"]
    record = with_shuffles()
    record["shuffles"] = record["shuffles"][:1]
    if len(with_shuffles()["shuffles"]) > 1:
        out = outcome(record)
        assert out["ok"] is False and out["index"] is None and "shuffle 2" in out["error"]


def test_wrong_shuffle_is_a_bad_record() -> None:
    record = with_shuffles()
    first = record["shuffles"][0]
    first[0] = "1" if first[0] != "1" else "2"  # no longer exactly the completed cards
    out = outcome(record)
    assert out["ok"] is False and out["index"] is None
    assert "shuffle 1" in out["error"]
    record = with_shuffles()
    record["shuffles"][0] = record["shuffles"][0][:-1]
    assert outcome(record)["index"] is None


def test_reordered_shuffle_is_used_as_given() -> None:
    """A shuffle with the right cards in another order is not bad: it is the new
    draw pile, so the recorded moves soon stop fitting (an illegal move's index)
    or the stated result no longer matches."""
    record = with_shuffles()
    record["shuffles"][0].reverse()
    out = outcome(record)
    assert out["ok"] is False


def test_shuffles_beyond_the_needed_ones_are_ignored() -> None:
    record = with_shuffles()
    needed = len(record["shuffles"])
    record["shuffles"].append(list(record["deck"][:24]))
    assert outcome(record) == {"ok": True, "result": record["result"]}
    state = replay(parse_record(record)).state
    assert state is not None and len(state.shuffles) == needed


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("winner", 1),
        ("winner", None),
        ("winner", False),  # JSON false is not the seat 0
        ("reason", "blocked"),
        ("points", 71),
        ("moves", 345),
        ("turns", 121),
        ("team", [0]),
    ],
)
def test_stated_result_that_differs_is_a_bad_record(key: str, value: object) -> None:
    record = spec("2 players, stock 30")
    assert record["result"]["winner"] == 0 and record["result"]["points"] == 70
    record["result"][key] = value
    out = outcome(record)
    assert out["ok"] is False and out["index"] is None
    assert "result" in out["error"]


def test_stated_result_of_an_unfinished_round_is_a_bad_record() -> None:
    record = spec("2 players, stock 30")
    record["moves"] = record["moves"][:-1]
    out = outcome(record)
    assert out["ok"] is False and out["index"] is None


def test_record_without_result_is_never_an_error() -> None:
    record = spec("2 players, stock 30")
    finished = dict(record["result"])
    del record["result"]
    assert outcome(record) == {"ok": True, "result": finished}
    record["moves"] = record["moves"][:100]
    assert outcome(record) == {"ok": True, "result": None}
    record["moves"] = []
    assert outcome(record) == {"ok": True, "result": None}


def test_blocked_partnership_result_has_no_points_or_team() -> None:
    record = spec("a blocked partnership round")
    assert set(record["result"]) == {"winner", "reason", "moves", "turns"}
    record["result"]["points"] = 0
    assert outcome(record)["index"] is None


def test_forfeit_result_is_accepted_for_the_seat_to_move_only() -> None:
    record = spec("2 players, stock 30")
    record["moves"] = record["moves"][:50]
    state = replay(parse_record({**record, "result": None})).state
    assert state is not None
    seat = state.to_move
    record["result"] = {"winner": None, "reason": "forfeit", "forfeited": seat}
    assert outcome(record) == {
        "ok": True,
        "result": {
            "winner": None,
            "reason": "forfeit",
            "forfeited": seat,
            "moves": 50,
            "turns": state.turns,
        },
    }
    record["result"]["forfeited"] = 1 - seat
    assert outcome(record)["index"] is None


# ---------------------------------------------------------------- bad moves: their index


@pytest.mark.parametrize("bad", ["s-b1", "S-B01", " S-B1", "H0-B1", "end ", 7, None, ["S-B1"]])
def test_malformed_move_is_refused_at_its_index(bad: object) -> None:
    record = spec("2 players, stock 30")
    record["moves"][17] = bad
    out = outcome(record)
    assert out["ok"] is False and out["index"] == 17
    assert "malformed" in out["error"]


def test_illegal_move_is_refused_at_its_index() -> None:
    record = spec("3 players, stock 30")
    record["moves"][40] = "end"  # a hand is never empty this early
    out = outcome(record)
    assert out["ok"] is False and out["index"] == 40
    assert out["error"].startswith("end: ")
    # a move that is well formed but whose card is not there
    record = spec("3 players, stock 30")
    state = replay(parse_record({**record, "moves": record["moves"][:40], "result": None})).state
    assert state is not None
    missing = next(c for c in range(1, 14) if c not in state.hand_cards(state.to_move))
    record["moves"][40] = f"H{card_name(missing)}-D1"
    out = outcome(record)
    assert out["index"] == 40 and "no " in out["error"]


def test_partner_move_without_partners_is_illegal_at_its_index() -> None:
    record = spec("short game, stock 10")
    record["moves"][0] = "pS-B1"
    out = outcome(record)
    assert out["ok"] is False and out["index"] == 0 and "partner" in out["error"]


def test_move_after_the_round_ended_is_illegal_at_its_index() -> None:
    record = spec("stock of 1")
    n = len(record["moves"])
    record["moves"].append(record["moves"][-1])
    out = outcome(record)
    assert out == {"ok": False, "index": n, "error": out["error"]}
    assert "over" in out["error"]
    blocked = spec("a blocked round")
    m = len(blocked["moves"])
    blocked["moves"].append("end")
    assert outcome(blocked)["index"] == m


def test_the_first_bad_move_is_the_one_reported() -> None:
    record = spec("2 players, stock 30")
    record["moves"][30] = "end"
    record["moves"][20] = "S-B9"
    assert outcome(record)["index"] == 20


# ---------------------------------------------------------------- writing records


def test_record_json_of_a_fresh_round() -> None:
    rules = Rules.make(4, stock=12, teams=True, cap=50)
    state = new_round(rules, seed="fresh")
    data = record_json(state, names=["a", "b", "c", "d"], extra={"comment": "new"})
    assert data == {
        "format": FORMAT,
        "rules": {"players": 4, "stock": 12, "teams": True, "cap": 50},
        "names": ["a", "b", "c", "d"],
        "dealer": state.dealer,
        "deck": [card_name(c) for c in state.deck],
        "shuffles": [],
        "moves": [],
        "comment": "new",
    }
    assert FORMAT == "skipbo-record/1"
    assert record_json(state)["names"] == ["seat0", "seat1", "seat2", "seat3"]


def test_unknown_fields_are_kept() -> None:
    record = spec("stock of 1")
    parsed = parse_record(record)
    assert parsed.extra == {"comment": "stock of 1"}
    assert parsed.names == record["names"]


def test_record_json_of_a_finished_round_replays() -> None:
    import random

    state = play_out(new_round(Rules.make(6, teams=True), seed=61), random.Random(61))
    data = json.loads(json.dumps(record_json(state)))
    assert data["result"] == state.result.to_dict()  # type: ignore[union-attr]
    assert outcome(data) == {"ok": True, "result": data["result"]}


# ---------------------------------------------------------------- notation


def test_notation_round_trips_every_move_id() -> None:
    texts = [format_move(m) for m in range(MOVE_COUNT)]
    assert MOVE_COUNT == 145
    assert len(set(texts)) == 145
    for m, text in enumerate(texts):
        assert parse_move(text) == m
    assert format_move(END) == "end"


def test_notation_covers_exactly_the_moves_of_the_table() -> None:
    sources = ["S", "D1", "D2", "D3", "D4", "pS", "pD1", "pD2", "pD3", "pD4"]
    sources += [f"H{card_name(c)}" for c in range(1, 14)]
    plays = {f"{s}-B{b}" for s in sources for b in range(1, 5)}
    discards = {f"H{card_name(c)}-D{d}" for c in range(1, 14) for d in range(1, 5)}
    assert {format_move(m) for m in range(MOVE_COUNT)} == plays | discards | {"end"}
    assert len(plays) == 92 and len(discards) == 52


def test_notation_examples_and_move_info() -> None:
    examples = {
        "S-B2": ("play", 0, 1),
        "D3-B1": ("play", 0, 0),
        "H7-B4": ("play", 7, 3),
        "HSB-B1": ("play", 13, 0),
        "pS-B2": ("play", 0, 1),
        "pD1-B3": ("play", 0, 2),
        "H9-D1": ("discard", 9, 0),
        "end": ("end", 0, -1),
    }
    for text, (kind, card, target) in examples.items():
        info = MOVE_INFO[parse_move(text)]
        assert (info.kind, info.card, info.target) == (kind, card, target), text


@pytest.mark.parametrize(
    "text",
    [
        "s-b1",
        "S-B01",
        " S-B1",
        "S-B1 ",
        "S-B1\n",
        "H0-B1",
        "H13-B1",
        "D5-B1",
        "S-B5",
        "S-B0",
        "D0-B1",
        "pD5-B1",
        "H07-B1",
        "Hsb-B1",
        "HSb-B1",
        "PS-B1",
        "ps-B1",
        "H1-D5",
        "H1-D0",
        "H1-pD1",
        "S-D1",
        "D1-D2",
        "End",
        "END",
        "S-B",
        "S B1",
        "S_B1",
        "SB1",
        "HK-B1",
        "",
    ],
)
def test_notation_rejects_variants(text: str) -> None:
    with pytest.raises(MoveSyntaxError, match="malformed"):
        parse_move(text)


def test_notation_rejects_non_strings() -> None:
    for value in (0, 1.0, None, b"S-B1", ["S-B1"]):
        with pytest.raises(MoveSyntaxError):
            parse_move(value)
