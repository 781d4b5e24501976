"""Guessing the other hand from its last turn (issue 25 §2, research): the worlds a
deterministic ``combo`` agrees with. The true round always agrees, and the filter
rejects hands that ``combo`` would have played on with."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from conftest import check_invariants
from skipbo.bots import make_bot
from skipbo.bots.combo import ComboWeights
from skipbo.bots.inference import (
    CANNOT_TELL,
    HandParticles,
    LastTurn,
    TurnStart,
    cards_that_may_have_left,
    world_with_hand,
)
from skipbo.bots.research.expert_variants import ExpertVariant, VariantSettings
from skipbo.core import Move, PlayerView, Round, Rules, new_round, player_view
from skipbo.core.determinize import sample_round, unseen_cards
from skipbo.core.moves import DISCARD_BASE
from skipbo.sim.runner import play_round


@dataclass(frozen=True)
class Seen:
    """One of combo's turns as seat 0's views saw it, with the truth to check against."""

    before: PlayerView
    """Seat 0's view at its last discard (``discard``)."""
    discard: Move
    now: PlayerView
    """Seat 0's view at the start of its next turn."""
    turn: LastTurn
    started: list[int]
    """Combo's true hand when its turn started."""
    hand: list[int]
    """Combo's true hand now."""
    truth: Round
    """The true round now (a copy)."""


def turns_with_hands(seed: str) -> list[Seen]:
    """Seat 0 (the expert) against ``combo``: each of combo's turns seat 0 saw."""
    state = new_round(Rules.make(2, 30), seed)
    bots = [make_bot("expert", 0), make_bot("combo", 1)]
    ended: tuple[PlayerView, Move] | None = None
    started: list[int] = []
    seen = []
    while state.result is None:
        seat = state.to_move
        view = player_view(state, seat)
        if seat == 0 and ended is not None:
            turn = LastTurn.seen(ended[0], view)
            if turn is not None:
                seen.append(Seen(*ended, view, turn, started, state.hand_cards(1), state.copy()))
            ended = None
        move = bots[seat].choose(view, state.legal_moves())
        if seat == 0 and move >= DISCARD_BASE:
            ended = (view, move)
            state.play(move)
            started = state.hand_cards(1)
        else:
            state.play(move)
    return seen


def test_the_true_round_nearly_always_agrees_with_combos_last_turn() -> None:
    """Combo asked afresh at the end of its turn, holding its true hand, ends the turn
    as it did. Not always (1 of the 120 turns here): during the turn combo follows the
    line it planned earlier, from the turn's start or its last chance event, and a
    fresh search from the end need not agree with it (that search was bounded by
    :data:`~skipbo.bots.combo.NODE_LIMIT` positions, and saw other positions first).
    A guess that disagrees is dropped, so such a turn costs the guesses one true hand;
    they start again from samples when all are gone."""
    weights = ComboWeights()
    seen = [t for seed in ("a", "b", "c") for t in turns_with_hands(f"infer/{seed}")]
    assert len(seen) > 60
    disagreeing = sum(not t.turn.agrees(t.truth, weights) for t in seen)
    assert disagreeing <= len(seen) // 50


def test_sampled_hands_are_often_rejected() -> None:
    """The filter says something: many uniformly sampled hands would have played on or
    discarded otherwise (a filter that accepts everything fails this)."""
    weights = ComboWeights()
    rejected = asked = 0
    for t in turns_with_hands("infer/d"):
        for k in range(5):
            asked += 1
            rejected += not t.turn.agrees(sample_round(t.now, f"s{k}"), weights)
    assert rejected > asked // 4


def test_a_bot_that_infers_plays_legal_rounds_and_finds_agreeing_worlds() -> None:
    settings = VariantSettings(race=True, events=3, worlds=2, margin=1000.0, infer=20)
    bot = ExpertVariant("i", settings=settings)
    state = play_round(Rules.make(2, 10), [bot, make_bot("combo", 3)], "infer/legal")
    assert state.result is not None and state.result.reason in ("stock", "blocked")
    found, missed = bot.inferred
    assert found > missed


def test_cards_that_cannot_have_left_the_hand_are_still_in_it() -> None:
    """The particles' one certainty, checked on true hands: a card held at the end of
    the previous turn and not among what the piles gained or the discard is held now."""
    checked = kept = 0
    for seed in ("p/a", "p/b", "p/c"):
        seen = turns_with_hands(seed)
        for previous, now in itertools.pairwise(seen):
            gone = cards_that_may_have_left(now.before, now.now, now.turn)
            if gone is None:
                continue
            stayed = Counter(previous.hand) - gone
            assert not stayed - Counter(now.hand), (previous.hand, gone, now.hand)
            checked += 1
            kept += stayed.total()
    assert checked > 50 and kept > checked // 2  # the check is not empty


def test_carried_guesses_hold_more_of_the_true_hand_than_uniform_samples() -> None:
    weights = ComboWeights()
    particles = HandParticles(12, 20)
    guessed = uniform = 0.0
    for k, seen in enumerate(
        [s for seed in ("p/d", "p/e", "p/h", "p/i") for s in turns_with_hands(seed)]
    ):
        particles.update(seen.before, seen.discard, seen.now, seen.turn, weights, f"{k}")
        if not particles.hands:
            continue
        hand = seen.hand
        guessed += sum(_common(h, hand) for h in particles.hands) / len(particles.hands)
        samples = [sample_round(seen.now, f"u{k}").hand_cards(1) for k in range(12)]
        uniform += sum(_common(h, hand) for h in samples) / len(samples)
    assert guessed > 1.25 * uniform > 0, (guessed, uniform)
    carried, dropped, restarted, replays = particles.found
    assert carried > dropped and restarted < carried and replays == 0


def test_combo_replayed_from_its_true_starting_hand_ends_its_turn_as_seen() -> None:
    """:class:`TurnStart`'s replay is exact: the true hand at the turn's start gives the
    true hand at its end (or the replay cannot tell: the hand was drawn up again), and
    another starting hand is often refused."""
    weights = ComboWeights()
    exact = refused = 0
    for seen in turns_with_hands("p/f") + turns_with_hands("p/g"):
        start = TurnStart.seen(seen.before, seen.discard, seen.now, seen.turn, "s")
        if start is None:
            continue
        replayed = start.replayed(seen.started, weights, "r")
        assert replayed in (seen.hand, CANNOT_TELL)
        exact += replayed == seen.hand
        other = sample_round(start.start, "o").hand_cards(seen.turn.seat)
        refused += start.replayed(other, weights, "r") is None
    assert exact > 40 and refused > exact // 2


def _common(a: list[int], b: list[int]) -> int:
    return (Counter(a) & Counter(b)).total()


def test_a_world_with_a_guessed_hand_agrees_with_the_view_and_holds_the_guess() -> None:
    state = new_round(Rules.make(3, 20), "p/world")
    for _ in range(30):
        state.play(
            make_bot("combo", state.to_move).choose(
                player_view(state, state.to_move), state.legal_moves()
            )
        )
    view = player_view(state, state.to_move)
    other = (state.to_move + 1) % 3
    hand = sample_round(view, "guess").hand_cards(other)
    world = world_with_hand(view, other, hand, "w")
    assert world is not None
    assert world.hand_cards(other) == hand
    assert player_view(world, state.to_move) == view
    check_invariants(world)  # 162 cards, among them
    for card in set(view.hand) - set(unseen_cards(view)):  # every copy is in sight
        assert world_with_hand(view, other, [*hand[:-1], card], "w") is None
    assert world_with_hand(view, other, hand[:-1], "w") is None  # a hand of the wrong size


def test_a_bot_with_carried_guesses_plays_legal_rounds() -> None:
    settings = VariantSettings(race=True, events=3, worlds=2, margin=1000.0, particles=6, infer=10)
    bot = ExpertVariant("h", settings=settings)
    state = play_round(Rules.make(2, 10), [bot, make_bot("combo", 3)], "infer/particles")
    assert state.result is not None and state.result.reason in ("stock", "blocked")
    carried, dropped, _, _ = bot.guesses.found
    assert carried > dropped
