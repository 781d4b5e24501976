"""A match comes back exactly from its seed and its moves (what a server stores)."""

from __future__ import annotations

import random

import pytest

from skipbo.core import IllegalMoveError, Match, RoundOverError, Rules, player_view


def _play_until(match: Match, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if match.over:
            return
        if match.round.over:
            match.next_round()
        match.play(rng.choice(match.round.legal_moves()))


@pytest.mark.parametrize(
    "rules", [Rules.make(2, 3), Rules.make(3, 2), Rules.make(4, 2, teams=True)], ids=str
)
def test_restored_match_equals_the_original(rules: Rules) -> None:
    original = Match(rules, seed="restore", target=100)
    _play_until(original, random.Random(1), 600)
    assert len(original.rounds) > 1
    restored = Match.restore(rules, "restore", 100, original.history())
    assert restored.scores == original.scores
    assert restored.history() == original.history()
    assert [r.result for r in restored.rounds] == [r.result for r in original.rounds]
    for seat in range(rules.players):
        assert player_view(restored.round, seat) == player_view(original.round, seat)
    assert restored.round.legal_moves() == original.round.legal_moves()


def test_restore_refuses_an_illegal_stored_move() -> None:
    rules = Rules.make(2, 5)
    match = Match(rules, seed=3)
    legal = set(match.round.legal_moves())
    illegal = next(m for m in range(145) if m not in legal)
    with pytest.raises(IllegalMoveError):
        Match.restore(rules, 3, 500, [[illegal]])


def test_restore_refuses_a_next_round_before_the_round_ended() -> None:
    with pytest.raises(RoundOverError):
        Match.restore(Rules.make(2, 5), 3, 500, [[], []])
