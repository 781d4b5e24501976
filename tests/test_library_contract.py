"""A library bot authors and researchers can trust (issue 22 §2).

One exception family, seeds that mean what they say, names that say what they
return, a round that prints, guards its internals, copies and takes back moves
exactly, and a round runner that takes plain functions as bots.
"""

from __future__ import annotations

import copy
import json
import random
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import choose
from skipbo.core import (
    IllegalMoveError,
    Match,
    Move,
    MoveSyntaxError,
    PlayerView,
    RecordedShuffles,
    RoundOverError,
    Rules,
    SkipBoError,
    card_name,
    new_round,
    parse_move,
    parse_record,
    player_view,
    record_json,
    replay,
)
from skipbo.core.determinize import sample_round

GARBAGE: list[Any] = [
    "h1-b1",
    "S-B9",
    "",
    " S-B1",
    "END",
    None,
    1.5,
    b"S-B1",
    [0],
    True,
    object(),
    -1,
    145,
    10**5000,
]
"""Things that are not a legal move in any position."""


def fresh() -> Any:
    return new_round(Rules.make(players=2, stock=10), seed=7)


# ------------------------------------------------------------------ one exception family


def test_the_family_is_one_tree_under_value_error() -> None:
    assert issubclass(SkipBoError, ValueError)
    assert issubclass(IllegalMoveError, SkipBoError)
    assert issubclass(MoveSyntaxError, IllegalMoveError)
    assert issubclass(RoundOverError, IllegalMoveError)


@pytest.mark.parametrize("bad", ["h1-b1", "S-B9", None, 1.5, b"S-B1"], ids=repr)
def test_except_illegal_move_error_catches_what_is_not_a_move(bad: Any) -> None:
    state = fresh()
    try:
        state.play(bad)
    except IllegalMoveError as error:  # as the README shows
        assert isinstance(error, MoveSyntaxError)
        assert "S-B1" in str(error), "the message shows what a move looks like"
    else:
        raise AssertionError(f"{bad!r} was played")
    assert state.history == []


def test_a_message_names_the_move_meant_when_only_case_is_off() -> None:
    with pytest.raises(MoveSyntaxError, match=r"did you mean 'H1-B1'\?"):
        parse_move("h1-b1")
    with pytest.raises(MoveSyntaxError, match=r"did you mean 'pS-B2'\?"):
        parse_move("PS-B2")
    with pytest.raises(MoveSyntaxError) as info:
        parse_move("S-B9")
    assert "did you mean" not in str(info.value) and "HSB-D1" in str(info.value)


@pytest.mark.parametrize("bad", GARBAGE, ids=lambda b: type(b).__name__)
def test_is_legal_never_raises_and_why_illegal_always_has_a_reason(bad: Any) -> None:
    state = fresh()
    assert state.is_legal(bad) is False
    reason = state.why_illegal(bad)
    assert isinstance(reason, str) and reason
    with pytest.raises(IllegalMoveError):
        state.play(bad)


def test_every_raiser_of_the_family_still_raises_its_class() -> None:
    state = fresh()
    with pytest.raises(MoveSyntaxError):
        parse_move("nope")
    with pytest.raises(IllegalMoveError) as info:
        state.play("H9-D1")
    assert type(info.value) is IllegalMoveError
    match = Match(Rules.make(players=2, stock=1), seed=1, target=None)
    with pytest.raises(MoveSyntaxError):
        match.play("s-b1")
    with pytest.raises(RoundOverError):
        match.next_round()  # the round is not over yet
    while not state.over:
        state.play(state.legal_moves()[-1])
    with pytest.raises(RoundOverError):
        state.play("S-B1")
    assert state.is_legal("S-B1") is False
    assert state.why_illegal("h1-b1") is not None  # garbage after the end: still a reason


def test_the_servers_syntax_refusal_still_starts_with_malformed_move() -> None:
    """src/skipbo/server/tables.py answers ``str(MoveSyntaxError)`` as ``move_syntax``'s
    reason, and its tests read it from the start: that start is unchanged."""
    with pytest.raises(MoveSyntaxError) as info:
        parse_move("s-b1")
    assert str(info.value).startswith("malformed move 's-b1'")


# ------------------------------------------------------------------ seeds


def test_new_round_without_a_seed_deals_a_fresh_round_each_time() -> None:
    rules = Rules.make(players=2)
    decks = {new_round(rules).deck for _ in range(5)}
    assert len(decks) == 5
    state = new_round(rules)
    again = new_round(rules, seed=state.shuffler.seed)  # the drawn seed deals it again
    assert again.deck == state.deck and again.dealer == state.dealer


@pytest.mark.parametrize("seed", [0, 7, "x", 2**80, np.int64(3)], ids=str)
def test_an_explicit_seed_deals_the_same_round_every_time(seed: Any) -> None:
    rules = Rules.make(players=3, stock=10)
    assert new_round(rules, seed).deck == new_round(rules, seed).deck
    assert record_json(new_round(rules, seed)) == record_json(new_round(rules, seed))


def test_a_numpy_seed_is_the_same_int() -> None:
    rules = Rules.make(players=2)
    assert new_round(rules, np.int64(3)).deck == new_round(rules, 3).deck


@pytest.mark.parametrize(
    "seed", [1.5, b"seed", True, [1], random.Random(1)], ids=lambda value: type(value).__name__
)
def test_a_seed_of_another_type_is_refused_clearly(seed: Any) -> None:
    with pytest.raises(SkipBoError, match=r"seed must be an int or a str"):
        new_round(Rules.make(players=2), seed)


def test_rules_and_dealer_of_the_wrong_type_are_refused_clearly() -> None:
    with pytest.raises(SkipBoError, match="rules must be a Rules"):
        new_round(2, seed=1)  # type: ignore[arg-type]
    with pytest.raises(SkipBoError, match="dealer must be a seat"):
        new_round(Rules.make(players=2), 1, dealer="0")  # type: ignore[arg-type]


# ------------------------------------------------------------------ to_dict / from_dict


def test_to_dict_and_from_dict_round_trip_every_public_object() -> None:
    state = fresh()
    view = player_view(state, 0)  # a view in play ("over" is not in notation.md's view)
    while not state.over:
        state.play(state.legal_moves()[-1])
    rules = state.rules
    assert PlayerView.from_dict(json.loads(json.dumps(view.to_dict()))) == view
    assert Rules.from_dict(rules.to_dict()) == rules
    assert state.result is not None
    assert state.result.to_dict()["reason"] == state.result.reason
    outcome = replay(parse_record(record_json(state)))
    assert outcome.to_dict() == {"ok": True, "result": state.result.to_dict()}
    record = parse_record(record_json(state))
    assert type(record).from_dict(record.to_dict()) == record


def test_the_old_names_still_work_with_a_deprecation_warning() -> None:
    state = fresh()
    view = player_view(state, 0)
    calls = [
        (view.to_json, view.to_dict()),
        (state.rules.to_json, state.rules.to_dict()),
        (lambda: PlayerView.from_json(view.to_dict()), view),
        (lambda: PlayerView.from_json(json.dumps(view.to_dict())), view),  # text too
        (lambda: Rules.from_json({"players": 2, "stock": 10}), state.rules),
        (lambda: replay(parse_record(record_json(state))).to_json(), {"ok": True, "result": None}),
    ]
    for call, expected in calls:
        with pytest.warns(DeprecationWarning, match=r"is deprecated; use \w+\.(to|from)_dict"):
            assert call() == expected
    while not state.over:
        state.play(state.legal_moves()[-1])
    assert state.result is not None
    with pytest.warns(DeprecationWarning):
        assert state.result.to_json() == state.result.to_dict()


def test_from_dict_refuses_text_clearly() -> None:
    text = json.dumps(player_view(fresh(), 0).to_dict())
    with pytest.raises(SkipBoError, match="expected a dict"):
        PlayerView.from_dict(text)  # type: ignore[arg-type]


def test_the_new_names_warn_nothing() -> None:
    state = fresh()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        player_view(state, 0).to_dict()
        Rules.from_dict(state.rules.to_dict())
        replay(parse_record(record_json(state))).to_dict()


# ------------------------------------------------------------------ str, repr, internals


def test_str_is_a_picture_of_the_table_and_repr_is_short() -> None:
    state = new_round(Rules.make(players=4, stock=5, teams=True), seed=3)
    for _ in range(7):
        state.play(state.legal_moves()[-1])
    text = str(state)
    lines = text.splitlines()
    assert len(lines) == 2 + 4
    assert lines[1].startswith("build  B1 ")
    mover = next(line for line in lines if line.startswith(">"))
    assert f"seat {state.to_move} " in mover
    for seat in range(4):
        shown = " ".join(card_name(c) for c in state.hand_cards(seat))
        assert f"hand {shown} " in lines[2 + seat]
    assert "(with 2)" in lines[2]
    short = repr(state)
    assert "\n" not in short and len(short) < 100
    assert short == "<Round 4 players in partnerships, stock 5, turn 8, seat 2 to move, 7 moves>"
    while not state.over:
        state.play(state.legal_moves()[0])
    assert "over" in repr(state) and str(state).splitlines()[-1].startswith("result {")


def test_internals_are_private_and_the_piles_read_only() -> None:
    state = fresh()
    for name in ("hands", "hand_masks", "tops"):
        assert not hasattr(state, name), name
    for name in ("stocks", "discards", "build", "build_cards", "completed", "draw", "hand_sizes"):
        value = getattr(state, name)
        assert isinstance(value, tuple), name
        with pytest.raises(AttributeError):
            setattr(state, name, value)
    assert state.stocks[state.to_move][-1] == state.stock_top(state.to_move)
    assert len(state.draw) == player_view(state, None).draw
    assert state.hand_sizes == tuple(len(state.hand_cards(s)) for s in range(2))


def test_copy_is_independent_and_documented() -> None:
    state = fresh()
    assert state.copy.__doc__ and "independent" in state.copy.__doc__
    for twin in (state.copy(), copy.copy(state), copy.deepcopy(state)):
        assert twin == state and twin is not state
        twin.play(twin.legal_moves()[-1])
        assert twin != state and state.history == []


# ------------------------------------------------------------------ undo


CONFIGS = [(2, False), (3, False), (4, True), (6, False)]


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    table=st.sampled_from(CONFIGS),
    stock=st.integers(1, 5),
    seed=st.integers(0, 2**32 - 1),
    bias=st.sampled_from([0.0, 0.9, 1.0]),
    moves=st.integers(1, 400),
)
def test_undo_restores_the_exact_state_shuffles_included(
    table: tuple[int, bool], stock: int, seed: int, bias: float, moves: int
) -> None:
    rules = Rules.make(table[0], stock, table[1])
    state = new_round(rules, seed)
    rng = random.Random(seed)
    before = [state.copy()]
    while state.result is None and len(state.history) < moves:
        state.apply_unchecked(choose(state, rng, bias))
        before.append(state.copy())
    played = list(state.history)
    for index in range(len(played) - 1, -1, -1):
        assert state.undo() == played[index]
        assert state == before[index], f"undo of move {index} differs"
        assert state.shuffles == before[index].shuffles
        assert player_view(state, state.to_move) == player_view(before[index], state.to_move)
        assert str(state) == str(before[index])
    with pytest.raises(SkipBoError, match="no move to take back"):
        state.undo()
    for move in played:  # the same moves again: the same round, reshuffles and all
        state.play(move)
    assert state == before[-1]


def test_only_the_seat_to_move_forfeits_and_only_once() -> None:
    """A forfeit names the seat to move (docs/rules-decisions.md 6): another seat, a
    seat that does not exist or a second forfeit is refused, so every forfeited round
    replays (it used to take any seat and write records replay refused)."""
    state = new_round(Rules.make(players=2, stock=3), seed=2)
    other = 1 - state.to_move
    for seat in (other, 5, -1, True, float(state.to_move), str(state.to_move)):
        with pytest.raises(IllegalMoveError, match="only the seat to move"):
            state.forfeit(seat)  # type: ignore[arg-type]
    assert state.result is None
    state.forfeit(state.to_move)
    assert state.result is not None and state.result.forfeited == state.to_move
    with pytest.raises(RoundOverError):
        state.forfeit(state.to_move)
    assert replay(parse_record(record_json(state))).ok


def test_a_view_is_of_a_whole_number_or_of_nobody() -> None:
    state = new_round(Rules.make(players=2, stock=3), seed=2)
    for seat in ("0", 1.0, True, 2, -1):
        with pytest.raises(SkipBoError, match="seat must be"):
            player_view(state, seat)  # type: ignore[arg-type]
    assert player_view(state, None).seat is None and player_view(state, 1).seat == 1
    assert player_view(state, np.int64(1)) == player_view(state, 1)  # an RL agent's index


def test_undo_takes_back_the_winning_move_and_a_forfeit() -> None:
    state = new_round(Rules.make(players=2, stock=1), seed=2)
    while not state.over:
        state.play(state.legal_moves()[0])
    assert state.result is not None and state.result.reason == "stock"
    last = state.history[-1]
    state.undo()
    assert state.result is None and state.is_legal(last)
    state.play(state.legal_moves()[-1])
    state.forfeit(state.to_move)
    state.undo()
    assert state.result is None


def test_undo_with_recorded_shuffles_and_on_an_assembled_round() -> None:
    state = new_round(Rules.make(players=2, stock=2), seed=4)
    rng = random.Random(4)
    while state.result is None:
        state.apply_unchecked(choose(state, rng, 1.0))
    data = record_json(state)
    again = replay(parse_record(data)).state
    assert again is not None and isinstance(again.shuffler, RecordedShuffles)
    snapshot = again.copy()
    again.undo()
    again.play(snapshot.history[-1])
    assert again == snapshot
    middle = new_round(Rules.make(players=3, stock=5), seed=9)
    for _ in range(10):
        middle.play(middle.legal_moves()[-1])
    world = sample_round(player_view(middle, middle.to_move), 1)
    start = world.copy()
    for _ in range(3):
        if world.result is None:
            world.play(world.legal_moves()[-1])
    while world.history:
        world.undo()
    assert world == start


# ------------------------------------------------------------------ play_round


def test_play_round_takes_plain_functions_bots_and_names() -> None:
    from skipbo.bots import make_bot
    from skipbo.sim import play_round

    seen: list[int] = []

    def last(view: PlayerView, legal: Sequence[Move]) -> Move:
        seen.append(len(legal))
        return legal[-1]

    rules = Rules.make(players=3, stock=3)
    state = play_round(rules, [last, make_bot("random", 1), "greedy"], seed=5)
    assert state.over and seen
    again = play_round(rules, [last, make_bot("random", 1), make_bot("greedy", "5/2")], seed=5)
    assert again.history == state.history, "a name is that bot seeded '{seed}/{seat}'"


def test_play_round_forfeits_a_function_that_answers_an_illegal_move() -> None:
    from skipbo.sim import play_round

    def cheat(view: PlayerView, legal: Sequence[Move]) -> Move:
        return -1

    state = play_round(Rules.make(players=2, stock=3), [cheat, cheat], seed=1)
    assert state.result is not None and state.result.reason == "forfeit"
    with pytest.raises(ValueError, match="2 players need 2 bots"):
        play_round(Rules.make(players=2), [cheat], seed=1)
