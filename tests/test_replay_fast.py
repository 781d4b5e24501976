"""The fast replay path agrees with playing one move at a time (issue 22 §4).

:meth:`Round.play_while_legal` (what :func:`replay` uses) checks and plays the
commonest moves in one loop of its own instead of :meth:`Round.why_illegal` and
:meth:`Round.apply_unchecked` per move. Here random rounds of every table, with
a bad move or a bad reshuffle put in now and then, go through both paths: the
same moves are played, the same move is refused with the same words, and the
rounds are equal field by field and show every seat the same view, also when
the fast path starts in the middle of a round whose views were already built.
The import-time tables and the card parser that records use are checked too.
"""

from __future__ import annotations

import gc
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from conftest import check_invariants, choose
from skipbo.core import (
    MOVE_COUNT,
    BadRecordError,
    IllegalMoveError,
    Record,
    ReplayOutcome,
    Round,
    Rules,
    format_move,
    new_round,
    parse_card,
    parse_record,
    player_view,
    record_json,
    replay,
    start_round,
)
from skipbo.core.cards import full_deck, is_full_deck, parse_cards
from skipbo.core.moves import DISCARD_BASE, MOVE_BY_TEXT, SLOTS, SRC_PARTNER_STOCK, malformed_move
from skipbo.core.records import _check_result
from skipbo.core.state import DISCARDS_BY_MASK, HAND_MASKS, HAND_VALUES

CONFIGS = [(2, False), (3, False), (4, False), (4, True), (5, False), (6, False), (6, True)]
NOT_MOVES: list[object] = ["s-b1", "S-B9", "end ", 7, None, ["S-B1"], True]
"""Items of a record's ``moves`` that are no move's notation."""


@st.composite
def tables(draw: st.DrawFn) -> Rules:
    """Every configuration, small and full stocks (short rounds, and long ones with
    reshuffles), a turn cap sometimes."""
    players, teams = draw(st.sampled_from(CONFIGS))
    top = min(30, 162 // players - 5)
    stock = draw(st.sampled_from([1, 5, top]))
    cap = draw(st.sampled_from([None, None, None, 1, 40]))
    return Rules.make(players, stock, teams, cap)


def played_round(rules: Rules, seed: int, bias: float) -> Round:
    """A round played to its end with random legal moves."""
    rng = random.Random(seed)
    state = new_round(rules, seed)
    while state.result is None:
        state.apply_unchecked(choose(state, rng, bias))
    return state


def reference_replay(record: Record) -> ReplayOutcome:
    """:func:`replay` as it was before the fast path: ``why_illegal`` and
    ``apply_unchecked`` for each move."""
    state = start_round(record)
    for index, text in enumerate(record.moves):
        move = MOVE_BY_TEXT.get(text) if isinstance(text, str) else None
        if move is None:
            return ReplayOutcome(False, state, index, malformed_move(text))
        reason = state.why_illegal(move)
        if reason is not None:
            return ReplayOutcome(False, state, index, f"{text}: {reason}")
        try:
            state.apply_unchecked(move)
        except BadRecordError as exc:
            return ReplayOutcome(False, state, None, str(exc))
    if record.result is not None:
        problem = _check_result(state, record.result)
        if problem is not None:
            return ReplayOutcome(False, state, None, problem)
    return ReplayOutcome(True, state)


def spoil(data: dict[str, Any], rng: random.Random) -> str:
    """Spoil a record (JSON data) one way or another; how, for hypothesis' events."""
    moves = data["moves"]
    how = rng.choice(["none", "not a move", "any move", "extra move", "shuffles"])
    at = rng.randrange(len(moves) + 1)
    if how == "not a move":
        moves.insert(at, rng.choice(NOT_MOVES))
    elif how == "any move":  # legal or not, whatever it does to the rest
        moves.insert(at, format_move(rng.randrange(MOVE_COUNT)))
    elif how == "extra move":
        moves.append(format_move(rng.randrange(MOVE_COUNT)))
    elif how == "shuffles" and data["shuffles"]:
        shuffle = data["shuffles"][rng.randrange(len(data["shuffles"]))]
        if rng.random() < 0.5:
            del data["shuffles"][rng.randrange(len(data["shuffles"])) :]
        else:
            shuffle[rng.randrange(len(shuffle))] = "SB" if shuffle[0] != "SB" else "1"
    return how


def shuffler_data(shuffler: object) -> tuple[type, dict[str, object]]:
    """A shuffler's class and fields (the built-in ones have slots, no ``__eq__``)."""
    names: tuple[str, ...] = getattr(type(shuffler), "__slots__", ())
    return type(shuffler), {name: getattr(shuffler, name) for name in names}


def assert_same_round(fast: Round, slow: Round) -> None:
    """Equal in every compared field (dataclass equality), with valid invariants, and
    the same view for every seat and for watchers (the frozen copies agree)."""
    assert shuffler_data(fast.shuffler) == shuffler_data(slow.shuffler)
    slow.shuffler = fast.shuffler  # the same, but two objects (compared by identity)
    assert fast == slow
    check_invariants(fast)
    for seat in [*range(fast.rules.players), None]:
        assert player_view(fast, seat) == player_view(slow, seat)
    assert fast.legal_moves() == slow.legal_moves()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=tables(), seed=st.integers(0, 2**32 - 1), bias=st.sampled_from([0.0, 0.7, 1.0]))
def test_replay_agrees_with_one_move_at_a_time(rules: Rules, seed: int, bias: float) -> None:
    data = json.loads(json.dumps(record_json(played_round(rules, seed, bias))))
    event(spoil(data, random.Random(seed)))
    record = parse_record(data)
    fast, slow = replay(record), reference_replay(parse_record(data))
    assert fast.to_dict() == slow.to_dict()
    assert fast.state is not None and slow.state is not None
    assert_same_round(fast.state, slow.state)
    event(f"ok: {fast.ok}")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=tables(),
    seed=st.integers(0, 2**32 - 1),
    split=st.floats(0, 1),
    bad=st.sampled_from([None, *NOT_MOVES[:3], "any"]),
)
def test_play_while_legal_in_the_middle_of_a_round(
    rules: Rules, seed: int, split: float, bad: object
) -> None:
    """Both rounds play the first moves and build every view (the frozen copies of
    the piles), then one plays the rest with play_while_legal, the other with play."""
    rng = random.Random(seed)
    texts: list[object] = [format_move(m) for m in played_round(rules, seed, 0.7).history]
    if bad is not None:
        texts.insert(rng.randrange(len(texts) + 1), bad if bad != "any" else rng.choice(texts))
    first = int(split * len(texts))
    fast, slow = new_round(rules, seed), new_round(rules, seed)
    for state in (fast, slow):
        for text in texts[:first]:
            if isinstance(text, str) and state.is_legal(text):
                state.play(text)
        for seat in range(rules.players):
            player_view(state, seat)
    played = fast.play_while_legal(texts[first:])
    count = 0
    for text in texts[first:]:
        if not isinstance(text, str):
            break
        try:
            slow.play(text)
        except IllegalMoveError:
            break
        count += 1
    assert played == count
    assert_same_round(fast, slow)


def test_partner_plays_take_the_kernels_path() -> None:
    """A partnership round whose record has partner plays replays exactly."""
    for seed in range(40):
        state = played_round(Rules.make(4, 10, teams=True), seed, 1.0)
        if any(SRC_PARTNER_STOCK <= m >> 2 < SRC_PARTNER_STOCK + 5 for m in state.history):
            break
    else:
        pytest.fail("no partner play in 40 rounds")
    outcome = replay(parse_record(record_json(state)))
    assert outcome.ok and outcome.state is not None
    outcome.state.shuffler = state.shuffler  # recorded there, seeded here
    assert outcome.state == state


def test_a_wrong_reshuffle_leaves_the_round_as_far_as_it_got() -> None:
    """The error comes from inside the loop; what it leaves is a whole round."""
    state = next(
        s for seed in range(100) if (s := played_round(Rules.make(2, 30), seed, 1.0)).shuffles
    )
    data = record_json(state)
    data["shuffles"] = []
    fast = start_round(parse_record(data))
    with pytest.raises(BadRecordError, match="shuffle 1 is needed"):
        fast.play_while_legal(data["moves"])
    check_invariants(fast)
    assert fast.history == state.history[: len(fast.history)]


def test_nothing_is_played_once_the_round_is_over() -> None:
    state = played_round(Rules.make(2, 1), 3, 1.0)
    assert state.play_while_legal(["end", "S-B1"]) == 0


# ------------------------------------------------------------ import-time tables


def test_the_hand_mask_tables_list_each_held_value_and_its_discards() -> None:
    """Built a card at a time since the import got faster; checked the plain way.
    Bit 0 is no card (``NO_CARD``): no hand has it, and odd masks hold nothing."""
    for mask in range(HAND_MASKS):
        held = tuple(card for card in range(1, 14) if mask >> card & 1) if mask % 2 == 0 else ()
        assert HAND_VALUES[mask] == held
        discards = tuple(DISCARD_BASE + (c - 1) * SLOTS + pile for c in held for pile in range(4))
        assert DISCARDS_BY_MASK[mask] == discards


def test_the_import_leaves_the_garbage_collector_on() -> None:
    assert gc.isenabled()


# ------------------------------------------------------------ cards of a record


@pytest.mark.parametrize(
    "texts", [["1", "SB", "12"], [], ["1", "13"], ["1", 1], [None], [["1"]], ["1", True]]
)
def test_parse_cards_is_parse_card_of_each(texts: list[object]) -> None:
    try:
        expected: list[int] | str = [parse_card(text) for text in texts]
    except ValueError as exc:
        expected = str(exc)
    try:
        got: list[int] | str = parse_cards(texts)
    except ValueError as exc:
        got = str(exc)
    assert got == expected


@pytest.mark.parametrize("change", [None, "drop", 0, 14, -1, 300, 1.0, True, "1", 2**70])
def test_is_full_deck_says_what_sorting_says(change: object) -> None:
    """Counted as bytes now; the same answer as comparing the sorted deck (a 1 taken
    out and ``change`` put in), or the same TypeError for what does not sort."""
    deck: list[Any] = full_deck()
    random.Random(7).shuffle(deck)
    deck.remove(1)
    if change is None:
        deck.append(1)
    elif change != "drop":
        deck.append(change)
    try:
        expected: bool | type = sorted(deck) == full_deck()
    except TypeError:
        expected = TypeError
    try:
        got: bool | type = is_full_deck(deck)
    except TypeError:
        got = TypeError
    assert got == expected
