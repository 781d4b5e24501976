"""The clairvoyant benchmark player (issue 25 §1): told the true round, it judges its
discards there; the fair expert beside it sees views only."""

from __future__ import annotations

import pytest

from skipbo.bots import make_bot
from skipbo.bots.expert import ExpertBot
from skipbo.bots.research.clairvoyant import ClairvoyantExpert, HandSeer, play_round_with_truth
from skipbo.core import Round, Rules, new_round, player_view
from skipbo.core.determinize import sample_round
from skipbo.core.moves import DISCARD_BASE


def at_a_discard(seed: str) -> Round:
    """A round of combo against combo, stopped where the seat to move must discard."""
    state = new_round(Rules.make(2, 30), seed)
    combo = [make_bot("combo", 1), make_bot("combo", 2)]
    for _ in range(400):
        legal = state.legal_moves()
        view = player_view(state, state.to_move)
        if all(m >= DISCARD_BASE for m in legal):
            return state
        state.play(combo[state.to_move].choose(view, legal))
    raise AssertionError("no discard decision found")


def test_it_plays_whole_rounds_with_legal_moves_only() -> None:
    rules = Rules.make(2, 10)
    for deal in range(3):
        bots = [ClairvoyantExpert(f"c/{deal}"), make_bot("combo", deal)]
        state = play_round_with_truth(rules, bots, f"ceiling-test/{deal}")
        assert state.result is not None
        assert state.result.reason in ("stock", "blocked"), "an illegal answer forfeits"


def test_its_world_is_the_true_round_and_a_copy() -> None:
    state = at_a_discard("truth")
    seer = ClairvoyantExpert("s")
    seer.truth = state
    view = player_view(state, state.to_move)
    world = seer._world(view, "any seed")
    assert world == state and world is not state
    before = state.copy()
    world.apply_unchecked(world.legal_moves()[0])
    assert world != state and state == before  # the truth is untouched


def test_without_the_truth_it_refuses_to_guess() -> None:
    state = at_a_discard("blind")
    view = player_view(state, state.to_move)
    with pytest.raises(RuntimeError, match="true round"):
        ClairvoyantExpert("s").choose(view, state.legal_moves())


def test_the_fair_expert_moves_the_same_whatever_the_hidden_cards() -> None:
    """Two rounds that look the same from the expert's seat but differ in every hidden
    card (a world sampled from its view) get the same move, at every decision of a round;
    the clairvoyant player may differ (it reads the hidden cards, by design)."""
    state = new_round(Rules.make(2, 30), "fair")
    combo = make_bot("combo", 2)
    differed = 0
    for step in range(300):
        if state.result is not None:
            break
        seat = state.to_move
        view = player_view(state, seat)
        legal = state.legal_moves()
        if seat == 0:
            other = sample_round(view, f"other/{step}")
            assert player_view(other, seat) == view
            assert (other.stocks, other.draw) != (state.stocks, state.draw)
            assert ExpertBot("e").choose(view, legal) == ExpertBot("e").choose(
                player_view(other, seat), other.legal_moves()
            )
            seers = [ClairvoyantExpert("c"), ClairvoyantExpert("c")]
            seers[0].truth, seers[1].truth = state, other
            differed += seers[0].choose(view, legal) != seers[1].choose(view, other.legal_moves())
            move = ExpertBot("e").choose(view, legal)
        else:
            move = combo.choose(view, legal)
        state.play(move)
    assert differed > 0, "the clairvoyant player never used what it was told"


def test_a_hand_seers_world_keeps_the_hands_and_open_cards_and_deals_the_rest_again() -> None:
    state = at_a_discard("hands")
    seer = HandSeer("h")
    seer.truth = state
    view = player_view(state, state.to_move)
    worlds = [seer._world(view, f"seed {k}") for k in range(2)]
    for world in worlds:
        assert world._hands == state._hands
        assert (world.build_cards, world.completed, world.discards) == (
            state.build_cards,
            state.completed,
            state.discards,
        )
        assert [s[-1:] for s in world.stocks] == [s[-1:] for s in state.stocks]
        hidden = sorted([c for s in world.stocks for c in s[:-1]] + list(world.draw))
        assert hidden == sorted([c for s in state.stocks for c in s[:-1]] + list(state.draw))
    assert worlds[0].draw != state.draw and worlds[0].draw != worlds[1].draw
