"""Property tests: random rounds of every configuration, checked after every move.

Hypothesis draws the table (2..6 players, partnerships with 4 and 6, stocks from
1 to the largest that fits, sometimes a turn cap) and a seed; the moves are then
picked by ``random.Random(seed)`` among the legal ones (with a bias towards
build plays, so that rounds are won as well as blocked), which keeps each
example fast. After every move the whole state is checked against the rules
(see conftest.py: ``check_invariants``, ``reference_legal``,
``check_view_json``, ``scramble_hidden``) and against an independent model
of how turns, blocked rounds, caps and wins must come about (rules §5-§7).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from conftest import (
    ALL_MOVES,
    check_invariants,
    check_legality,
    check_view_json,
    choose,
    is_turn_end,
    play_out,
    scramble_hidden,
    view_json_sorted,
)
from skipbo.core import (
    SB,
    Round,
    Rules,
    format_move,
    new_round,
    parse_record,
    player_view,
    record_json,
    replay,
)
from skipbo.core.moves import MOVE_INFO, SRC_HAND, SRC_PARTNER_STOCK, SRC_STOCK

CONFIGS = [(2, False), (3, False), (4, False), (4, True), (5, False), (6, False), (6, True)]
MOVE_LIMIT = 20_000
"""No random round may take more moves than this (rounds end, rules §6)."""

PROPERTY_SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def max_stock(players: int) -> int:
    """The largest stock with n x (stock + 5) <= 162 (rules §3)."""
    return min(30, 162 // players - 5)


@st.composite
def tables(draw: st.DrawFn, cap: bool = True) -> Rules:
    """Rules for a random table: every configuration, stock 1..max, caps sometimes."""
    players, teams = draw(st.sampled_from(CONFIGS))
    top = max_stock(players)
    stock = draw(st.one_of(st.none(), st.sampled_from([1, top]), st.integers(1, top)))
    turn_cap = None
    if cap and draw(st.integers(0, 3)) == 0:  # a cap one time in four
        turn_cap = draw(st.integers(1, 200))
    return Rules.make(players, stock, teams, turn_cap)


seeds = st.integers(0, 2**32 - 1)
biases = st.sampled_from([0.0, 0.5, 0.9, 0.9, 1.0])
"""How often a build play is preferred: 0 gives quickly blocked rounds, 0.9 and 1
long rounds with reshuffles that are usually won."""


# ---------------------------------------------------------------- the model


@dataclass
class TurnModel:
    """What rules §5-§7 say about the move just played, from the state before it."""

    played: bool = False
    streak: int = 0

    def after(self, before: Round, move: int, after: Round) -> None:
        rules = before.rules
        n = rules.players
        p = before.to_move
        info = MOVE_INFO[move]
        empty_before = not before.draw and not before.completed
        assert after.history == [*before.history, move]
        if info.kind == "play":
            self._after_play(before, info.source, after)
            return
        # a discard or 'end' ends the turn (§5.3); the turn-ending move itself
        # draws nothing, so the draw and completed piles at its end are those before it
        if info.kind == "discard":
            assert after.discards[p][info.target][-1] == info.card
            assert after.hand_sizes[p] == before.hand_sizes[p] - 1
        else:
            assert before.hand_sizes[p] == 0
        idle = not self.played and empty_before
        self.streak = self.streak + 1 if idle else 0
        self.played = False
        capped = rules.cap is not None and before.turns >= rules.cap
        if self.streak >= n:
            # rules.md does not say which reason wins when both happen at once
            assert after.result is not None
            assert after.result.reason in (("blocked", "cap") if capped else ("blocked",))
        elif capped:
            assert after.result is not None and after.result.reason == "cap"
            assert after.result.turns == rules.cap
        else:
            assert after.result is None, after.result
        if after.result is not None:
            assert after.result.winner is None and after.result.points is None
            assert after.to_move == p and after.turns == before.turns
            return
        q = (p + 1) % n
        assert after.to_move == q and after.turns == before.turns + 1
        # the next seat refills at once (§5.1): 5 cards unless nothing is left to draw
        drawn = after.hand_sizes[q] - before.hand_sizes[q]
        assert drawn == max(0, 5 - before.hand_sizes[q]) or (not after.draw and not after.completed)

    def _after_play(self, before: Round, source: int, after: Round) -> None:
        p = before.to_move
        self.played = True
        assert after.to_move == p and after.turns == before.turns
        team = before.rules.team_seats(p)
        from_stock = source in (SRC_STOCK, SRC_PARTNER_STOCK)
        team_out = all(not after.stocks[s] for s in team)
        if from_stock and team_out:
            result = after.result
            assert result is not None and result.reason == "stock"
            assert result.winner == p, "the winner is the seat to move (§7)"
            opposing = sum(len(s) for seat, s in enumerate(after.stocks) if seat not in team)
            assert result.points == 25 + 5 * opposing
            assert result.team == (team if before.rules.teams else None)
            for seat in range(before.rules.players):  # no other side was out already
                if seat not in team:
                    assert any(after.stocks[s] for s in before.rules.team_seats(seat))
            return
        assert after.result is None
        # a hand emptied by a play draws 5 at once, as far as anything is drawable
        # (§5.2), also when it was already empty before a stock or discard play
        left = before.hand_sizes[p] - (1 if source > SRC_HAND else 0)
        nothing_left = not after.draw and not after.completed
        if left == 0:
            assert (
                after.hand_sizes[p] == 5
                or (0 < after.hand_sizes[p] < 5 and nothing_left)
                or (after.hand_sizes[p] == 0 and nothing_left)
            )
        else:
            assert after.hand_sizes[p] == left, "no draw while the hand holds cards"
        if after.hand_sizes[p] == 0:
            assert nothing_left


def check_view(state: Round, rng: random.Random) -> None:
    """The view holds exactly what rules §10 allows, and nothing hidden."""
    n = state.rules.players
    seat = rng.choice([*range(n), None])
    check_view_json(state, seat)
    other = scramble_hidden(state, seat, rng)
    assert player_view(other, seat) == player_view(state, seat)
    assert json.dumps(view_json_sorted(other, seat), sort_keys=True) == json.dumps(
        view_json_sorted(state, seat), sort_keys=True
    )


def check_reshuffles(before: Round, after: Round) -> None:
    """A new draw pile is made only from completed piles, and only when needed (§6)."""
    new = after.shuffles[len(before.shuffles) :]
    assert after.shuffles[: len(before.shuffles)] == before.shuffles
    if new:
        assert len(new) == 1, "one move never needs two reshuffles"
        order = new[0]
        assert order and len(order) % 12 == 0
        assert all(1 <= c <= SB for c in order)


# ---------------------------------------------------------------- the properties


@PROPERTY_SETTINGS
@given(rules=tables(), seed=seeds, bias=biases)
def test_every_move_keeps_every_invariant(rules: Rules, seed: int, bias: float) -> None:
    """After every move: 162 cards, ascending build piles, hands <= 5, tops right,
    legal moves exact, the view exactly the public state, and the turn model."""
    rng = random.Random(seed)
    state = new_round(rules, seed)
    check_invariants(state)
    check_legality(state)
    check_view(state, rng)
    model = TurnModel()
    while state.result is None:
        assert len(state.history) < MOVE_LIMIT, "the round does not end"
        move = choose(state, rng, bias)
        before = state.clone()
        state.play(move)
        model.after(before, move, state)
        check_reshuffles(before, state)
        check_invariants(state)
        check_legality(state)
        check_view(state, rng)
    assert state.legal_moves() == []
    assert not any(state.is_legal(m) for m in ALL_MOVES)
    assert state.result.moves == len(state.history)
    event(f"ended: {state.result.reason}")
    size = len(state.history)
    event(f"moves: {'<50' if size < 50 else '<300' if size < 300 else '300+'}")
    event(f"reshuffled: {bool(state.shuffles)}")


@settings(max_examples=150, deadline=None)
@given(rules=tables(cap=False), seed=seeds, bias=biases)
def test_every_random_round_ends(rules: Rules, seed: int, bias: float) -> None:
    state = play_out(new_round(rules, seed), random.Random(seed), bias, MOVE_LIMIT)
    assert state.result is not None, f"no end after {MOVE_LIMIT} moves"
    assert state.result.reason in ("stock", "blocked")
    turn_ends = sum(1 for m in state.history if is_turn_end(m))
    # turns begun: every turn-ending move began a new turn, except the last one
    # when it ended the round (blocked); a win ends the round inside a turn
    if state.result.reason == "stock":
        assert state.result.turns == turn_ends + 1
    else:
        assert state.result.turns == turn_ends


@settings(max_examples=40, deadline=None)
@given(rules=tables(), seed=seeds, bias=biases)
def test_same_seed_same_round(rules: Rules, seed: int, bias: float) -> None:
    first = play_out(new_round(rules, seed), random.Random(seed), bias)
    second = play_out(new_round(rules, seed), random.Random(seed), bias)
    assert first.deck == second.deck and first.dealer == second.dealer
    assert first.history == second.history
    assert first.shuffles == second.shuffles
    assert first.result == second.result
    assert record_json(first) == record_json(second)


@settings(max_examples=40, deadline=None)
@given(rules=tables(), seed=seeds, bias=biases, stop=st.integers(0, 400))
def test_record_round_trip(rules: Rules, seed: int, bias: float, stop: int) -> None:
    """record_json -> JSON text -> parse_record -> replay gives the same round,
    finished or stopped after ``stop`` moves."""
    rng = random.Random(seed)
    state = new_round(rules, seed)
    while state.result is None and len(state.history) < stop:
        state.apply_unchecked(choose(state, rng, bias))
    data = json.loads(json.dumps(record_json(state, extra={"comment": "round trip"})))
    assert data["format"] == "skipbo-record/1"
    assert len(data["deck"]) == 162
    assert data["moves"] == [format_move(m) for m in state.history]
    assert ("result" in data) == (state.result is not None)
    outcome = replay(parse_record(data))
    assert outcome.ok, outcome.error
    again = outcome.state
    assert again is not None
    assert again.result == state.result
    for field in (
        "stocks",
        "draw",
        "_hands",
        "discards",
        "build_cards",
        "completed",
        "shuffles",
        "history",
        "to_move",
        "turns",
    ):
        assert getattr(again, field) == getattr(state, field), field
    for seat in range(rules.players):
        assert player_view(again, seat) == player_view(state, seat)
    assert record_json(again, extra={"comment": "round trip"}) == data
    expected = None if state.result is None else state.result.to_dict()
    assert outcome.to_dict() == {"ok": True, "result": expected}


@settings(max_examples=30, deadline=None)
@given(rules=tables(), seed=seeds, bias=biases, stop=st.integers(0, 300))
def test_clone_is_independent(rules: Rules, seed: int, bias: float, stop: int) -> None:
    rng = random.Random(seed)
    state = new_round(rules, seed)
    while state.result is None and len(state.history) < stop:
        state.apply_unchecked(choose(state, rng, bias))
    copy = state.clone()
    assert copy == state, "a clone differs from its original in some field"
    assert all(hasattr(copy, name) for name in Round.__slots__), "clone left a field unset"
    record = record_json(state)
    play_out(copy, random.Random(seed + 1), bias)
    check_invariants(copy)
    assert record_json(state) == record, "playing a clone changed the original"
    check_invariants(state)
