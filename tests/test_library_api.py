"""What a new user of the library reaches for first (issue 14, "Library").

Move text wherever a move is taken, the seat that moved first, ``MOVE_TEXT`` from
``skipbo.core``, and plain errors for numbers too large to print.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import skipbo.core
from skipbo.core import (
    END,
    IllegalMoveError,
    Match,
    MoveSyntaxError,
    Rules,
    SkipBoError,
    card_name,
    format_move,
    new_round,
    parse_move,
    parse_record,
    record_json,
    replay,
    start_round,
)

GOLDEN = Path(__file__).parent / "golden" / "spec_examples.jsonl"
TOO_LARGE = 10 ** (sys.get_int_max_str_digits() + 10)


def a_record() -> dict[str, Any]:
    record: dict[str, Any] = json.loads(GOLDEN.read_text().splitlines()[0])
    return record


# ------------------------------------------------------------------ move text


def test_play_takes_move_text_as_well_as_ids() -> None:
    by_text = new_round(Rules.make(players=2, stock=10), seed=7)
    by_id = by_text.clone()
    text = format_move(by_text.legal_moves()[0])
    by_text.play(text)
    by_id.play(parse_move(text))
    assert by_text.history == by_id.history


def test_why_illegal_and_is_legal_take_move_text() -> None:
    state = new_round(Rules.make(players=2, stock=10), seed=7)
    legal = {format_move(m) for m in state.legal_moves()}
    assert state.why_illegal("S-B1") is None and state.is_legal("S-B1")
    assert "S-B1" in legal
    assert state.why_illegal("H9-D1") == "there is no 9 in the hand"
    assert not state.is_legal("H9-D1")


def test_an_illegal_move_by_text_names_the_move() -> None:
    state = new_round(Rules.make(players=2, stock=10), seed=7)
    with pytest.raises(IllegalMoveError, match=r"^H9-D1: there is no 9 in the hand$"):
        state.play("H9-D1")


@pytest.mark.parametrize("bad", ["s-b1", "S-B5", "", " S-B1"])
def test_malformed_move_text_is_a_syntax_error(bad: str) -> None:
    state = new_round(Rules.make(players=2, stock=10), seed=7)
    with pytest.raises(MoveSyntaxError, match="malformed move"):
        state.play(bad)
    assert "malformed move" in str(state.why_illegal(bad))
    assert state.is_legal(bad) is False


@pytest.mark.parametrize("bad", [1.0, None, b"S-B1", [0], True])
def test_a_move_of_another_type_says_what_a_move_is(bad: Any) -> None:
    state = new_round(Rules.make(players=2, stock=10), seed=7)
    with pytest.raises(MoveSyntaxError, match=r"a move id \(int\) or its notation"):
        state.play(bad)
    assert "a move id (int) or its notation" in str(state.why_illegal(bad))
    assert state.is_legal(bad) is False


def test_numpy_integers_are_move_ids() -> None:
    state = new_round(Rules.make(players=2, stock=10), seed=7)
    move = state.legal_moves()[0]
    state.play(np.int64(move))
    assert state.history == [move] and type(state.history[0]) is int


def test_out_of_range_ids_are_still_illegal_not_errors() -> None:
    state = new_round(Rules.make(players=2, stock=10), seed=7)
    assert state.why_illegal(END + 1) == f"{END + 1} is not a move id (0..{END})"
    assert state.why_illegal(-1) == f"-1 is not a move id (0..{END})"
    assert state.why_illegal(TOO_LARGE) == f"a number too large is not a move id (0..{END})"
    with pytest.raises(IllegalMoveError, match=r"^a number too large is not a move id"):
        state.play(TOO_LARGE)


def test_match_play_and_restore_take_move_text() -> None:
    match = Match(Rules.make(players=2, stock=3), seed=1, target=None)
    texts = []
    while not match.over:
        text = format_move(match.round.legal_moves()[-1])
        match.play(text)
        texts.append(text)
    restored = Match.restore(match.rules, 1, None, [texts])
    assert restored.history() == match.history()


# ------------------------------------------------------------ who moved first


@pytest.mark.parametrize("seed", [0, 7, "x"])
def test_first_seat_is_the_dealers_left_and_stays(seed: int | str) -> None:
    state = new_round(Rules.make(players=3, stock=5), seed=seed)
    first = state.to_move
    assert state.first_seat == first == (state.dealer + 1) % 3
    for _ in range(10):
        state.play(state.legal_moves()[-1])
    assert state.first_seat == first


def test_first_seat_of_a_replayed_record() -> None:
    data = a_record()
    record = parse_record(data)
    assert start_round(record).first_seat == (data["dealer"] + 1) % data["rules"]["players"]
    outcome = replay(record)
    assert outcome.state is not None
    assert outcome.state.first_seat == start_round(record).to_move


# ------------------------------------------------------------------ exports


def test_move_text_is_exported_by_the_core() -> None:
    assert "MOVE_TEXT" in skipbo.core.__all__
    assert skipbo.core.MOVE_TEXT[0] == "S-B1" and skipbo.core.MOVE_TEXT[END] == "end"
    assert len(skipbo.core.MOVE_TEXT) == skipbo.core.MOVE_COUNT


# ----------------------------------------------------------- numbers too large


def spoil(record: dict[str, Any], path: tuple[Any, ...]) -> dict[str, Any]:
    """``record`` with the value at ``path`` replaced by an int too long to print."""
    out = copy.deepcopy(record)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = TOO_LARGE
    return out


@pytest.mark.parametrize(
    "path",
    [
        ("dealer",),
        ("rules", "players"),
        ("rules", "stock"),
        ("deck", 0),
        ("moves", 0),
        ("result", "winner"),
        ("result", "moves"),
        ("format",),
    ],
)
def test_a_number_too_large_is_a_plain_error(path: tuple[Any, ...]) -> None:
    data = spoil(a_record(), path)
    try:
        message = str(replay(parse_record(data)).error)
    except SkipBoError as exc:
        message = str(exc)
    assert "a number too large" in message
    assert "set_int_max_str_digits" not in message and "4300" not in message


def test_a_huge_forfeited_seat_is_a_plain_error() -> None:
    state = new_round(Rules.make(players=2, stock=3), seed=1)
    data = record_json(state)
    data["result"] = {"winner": None, "reason": "forfeit", "forfeited": TOO_LARGE}
    error = replay(parse_record(data)).error
    seat = state.to_move
    assert error == f"result: forfeited must be the seat to move ({seat}), not a number too large"


def test_reasons_use_an_before_8_11_and_sb() -> None:
    """English articles in the core's reasons: "an 8", "an 11" (issue 14: "a 11")."""
    for seed in range(200):
        state = new_round(Rules.make(players=2, stock=10), seed=seed)
        hand = {card_name(c) for c in state.hand_cards(state.to_move)}
        if {"8", "11"} & hand:
            card = "8" if "8" in hand else "11"
            break
    else:
        raise AssertionError("no deal in 200 seeds puts an 8 or an 11 in the first hand")
    assert state.why_illegal(f"H{card}-B1") == f"an {card} cannot go on B1, which needs a 1"
