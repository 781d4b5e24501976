"""Sampled worlds agree with the view they were sampled from, and hide nothing new."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skipbo.core import Round, Rules, SkipBoError, new_round, player_view
from skipbo.core.determinize import sample_round, unseen_cards, unseen_counts

CONFIGS = [(2, False), (3, False), (4, True), (5, False), (6, True)]


def _random_position(players: int, teams: bool, seed: int, moves: int | None = None) -> Round:
    state = new_round(Rules.make(players, teams=teams), seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(300) if moves is None else moves):
        if state.result is not None:
            break
        state.apply_unchecked(rng.choice(state.legal_moves()))
    return state


@settings(max_examples=40, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6))
def test_sample_reproduces_the_view_and_the_legal_moves(
    config: tuple[int, bool], seed: int
) -> None:
    state = _random_position(*config, seed)
    if state.result is not None:
        return
    seat = state.to_move
    view = player_view(state, seat)
    world = sample_round(view, seed)
    assert player_view(world, seat).to_dict() == view.to_dict()
    assert sorted(world.legal_moves()) == sorted(state.legal_moves())
    total = (
        sum(len(s) for s in world.stocks)
        + sum(world.hand_sizes)
        + sum(len(p) for ds in world.discards for p in ds)
        + sum(len(b) for b in world.build_cards)
        + len(world.completed)
        + len(world.draw)
    )
    assert total == 162


def test_unseen_pool_is_what_the_view_does_not_show() -> None:
    state = _random_position(2, False, 5)
    view = player_view(state, state.to_move)
    hidden = view.draw + sum(max(p.stock - 1, 0) for p in view.players)
    hidden += sum(p.hand for i, p in enumerate(view.players) if i != view.seat)
    assert len(unseen_cards(view)) == hidden


@pytest.mark.parametrize(("players", "teams"), CONFIGS)
def test_unseen_counts_are_the_hidden_cards_counted(players: int, teams: bool) -> None:
    state = _random_position(players, teams, 11, moves=60)
    seat = state.to_move
    view = player_view(state, seat)
    hidden = list(state.draw)
    for p in range(players):
        hidden += state.stocks[p][:-1]
        if p != seat:
            hidden += state.hand_cards(p)
    counts = unseen_counts(view)
    assert counts == [0] + [hidden.count(card) for card in range(1, 14)]
    assert unseen_cards(view) == sorted(hidden)


def test_same_seed_same_world_other_seed_other_world() -> None:
    state = _random_position(2, False, 9, moves=20)
    assert state.result is None and len(state.draw) > 20
    view = player_view(state, state.to_move)
    assert sample_round(view, 1).draw == sample_round(view, 1).draw
    assert sample_round(view, 1).draw != sample_round(view, 2).draw


def test_spectator_view_cannot_be_sampled() -> None:
    state = new_round(Rules.make(2), 1)
    with pytest.raises(SkipBoError):
        sample_round(player_view(state, None), 1)
