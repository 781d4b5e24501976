"""The combo bot: stock first, chains through hand, discard tops and wild cards, tidy discards."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from conftest import make_position
from skipbo.bots.combo import (
    HAND,
    ComboBot,
    ComboWeights,
    TurnSearch,
    _cover,
    best_discard,
    combo_line,
)
from skipbo.core import SB, Round, Rules, format_move, player_view
from skipbo.core.cards import NO_CARD


def _position(
    hand: Sequence[int],
    build: Sequence[Sequence[int]],
    discards: Sequence[Sequence[int]] = ((), (), (), ()),
    stock: Sequence[int] = (9, 12),
    next_stock: Sequence[int] = (2, 11),
    rules: Rules | None = None,
    partner_stock: Sequence[int] | None = None,
    next_discards: Sequence[Sequence[int]] = ((), (), (), ()),
) -> Round:
    """Seat 0 to move (2 players unless ``rules``); seat 1 (next) shows ``next_stock``'s
    top, and seat 2 (the partner at a partnership table) ``partner_stock``'s."""
    stocks = {0: list(stock), 1: list(next_stock)}
    if partner_stock is not None:
        stocks[2] = list(partner_stock)
    return make_position(
        rules or Rules.make(2, 30),
        stocks=stocks,
        hands={0: list(hand)},
        discards={0: [list(p) for p in discards], 1: [list(p) for p in next_discards]},
        build=[list(b) for b in build] + [[] for _ in range(4 - len(build))],
    )


def _play_turn(bot: ComboBot, state: Round) -> list[str]:
    """The moves ``bot`` makes for seat 0 until its turn ends (or the round does)."""
    moves = []
    while state.to_move == 0 and state.result is None:
        move = bot.choose(player_view(state, 0), state.legal_moves())
        moves.append(format_move(move))
        state.play(move)
    return moves


def test_plays_the_stock_card_when_it_fits() -> None:
    state = _position([9, 10, 11, 11, 12], [[1, 2, 3]], stock=(9, 4))
    assert _play_turn(ComboBot("t"), state)[0] == "S-B1"


def test_chains_hand_discard_top_and_wild_card_to_the_stock() -> None:
    # stock 7 on B1 at 3: the hand's 4, D1's 5 and a wild card as 6 reach it
    state = _position([4, SB, 9, 10, 11], [[1, 2, 3]], [[5], [], [], []], stock=(9, 7))
    assert _play_turn(ComboBot("t"), state)[:4] == ["H4-B1", "D1-B1", "HSB-B1", "S-B1"]


def test_plays_a_discard_pile_down_to_the_stock() -> None:
    # D1 holds 6 under 5 under 4: the pile itself is the chain to the stock's 7
    state = _position([9, 10, 11, 11, 12], [[1, 2, 3]], [[6, 5, 4], [], [], []], stock=(9, 7))
    assert _play_turn(ComboBot("t"), state)[:4] == ["D1-B1", "D1-B1", "D1-B1", "S-B1"]


def test_plays_nothing_the_stock_card_does_not_need_before_it() -> None:
    # the 8 fits B2 as well, but it may serve the next stock card: it waits
    build = [[1, 2, 3, 4], [1, 2, 3, 4, 5, 6, 7]]
    state = _position([5, 8, 10, 11, 12], build, stock=(9, 6), next_stock=(2, 12))
    line = combo_line(player_view(state, 0), ComboWeights())
    assert [format_move(move) for move in line] == ["H5-B1", "S-B1"]
    eager = combo_line(player_view(state, 0), ComboWeights(wait=0.0))
    assert [format_move(move) for move in eager][-1] == "S-B1" and len(eager) > 2


def test_keeps_the_wild_card_when_no_chain_reaches_the_stock() -> None:
    # the wild card as 2 would let 3 and 4 follow, but the stock's 12 stays out of reach
    state = _position([SB, 3, 4, 9, 10], [[1]], stock=(9, 12))
    moves = _play_turn(ComboBot("t"), state)
    assert not any(move.startswith("HSB") for move in moves)
    assert moves[-1].startswith("H") and "-D" in moves[-1]


def test_spends_a_wild_card_to_empty_the_hand() -> None:
    # the last card in hand is a wild card: playing it draws five new cards
    state = _position([SB], [[1, 2, 3]], stock=(9, 12))
    line = combo_line(player_view(state, 0), ComboWeights())
    assert [format_move(move) for move in line] == ["HSB-B1"]


def test_does_not_hand_the_next_opponent_their_stock_card() -> None:
    # playing the 4 would leave B1 needing 5, the next opponent's stock card
    state = _position([4, 9, 10, 11, 11], [[1, 2, 3]], stock=(9, 12), next_stock=(2, 5))
    moves = _play_turn(ComboBot("t"), state)
    assert "H4-B1" not in moves
    safe = _position([4, 9, 10, 11, 11], [[1, 2, 3]], stock=(9, 12), next_stock=(2, 12))
    assert "H4-B1" in _play_turn(ComboBot("t"), safe)


def test_counts_the_cards_under_the_next_opponents_discard_tops() -> None:
    # after the 4, the next opponent plays their pile 5, 6, 7, 8, 9 down to their stock's 10
    pile = [[9, 8, 7, 6, 5], [], [], []]
    state = _position(
        [4, 9, 10, 11, 11], [[1, 2, 3]], stock=(9, 12), next_stock=(2, 10), next_discards=pile
    )
    assert "H4-B1" not in _play_turn(ComboBot("t"), state)


def test_uses_the_partners_stock_card() -> None:
    rules = Rules.make(4, 30, teams=True)
    state = _position([9, 10, 11, 11, 12], [[1, 2, 3]], rules=rules, partner_stock=(9, 4))
    assert _play_turn(ComboBot("t"), state)[0] == "pS-B1"


@pytest.mark.parametrize(
    ("hand", "tops", "expected"),
    [
        ([9, 3], (10, NO_CARD, NO_CARD, NO_CARD), "H9-D1"),  # continues a descending run
        ([9, 3], (5, 3, NO_CARD, NO_CARD), "H3-D2"),  # equal values stack
        ([12, 2], (5, 6, 7, 8), "H2-D1"),  # covers the closest higher card
        ([SB, 5], (NO_CARD, NO_CARD, NO_CARD, NO_CARD), "H5-D1"),  # never the wild card
    ],
)
def test_discards_keep_the_runs_descending(
    hand: list[int], tops: tuple[int, ...], expected: str
) -> None:
    counts = [0] * (SB + 1)
    for card in hand:
        counts[card] += 1
    assert format_move(best_discard(counts, tops, set())[1]) == expected


def test_discard_does_not_cover_next_turns_chain() -> None:
    # D1's 5 is a step from B1 (at 4) to the stock's 6: the 3 goes elsewhere
    counts = [0] * (SB + 1)
    counts[3] = 1
    assert format_move(best_discard(counts, (5, 8, 9, 10), {5})[1]) == "H3-D2"


def _cover_by_dict(distinct: int, k: int, share: float, wild: float, draws: int = 5) -> float:
    """The threat's draw chain as first written: a dict of (found, wild) states."""
    states = {(0, 0): 1.0}
    for _ in range(draws):
        step: dict[tuple[int, int], float] = {}
        for (found, jokers), p in states.items():
            new = (distinct - found) * share
            for key, q in (
                ((found + 1, jokers), new),
                ((found, min(jokers + 1, k)), wild),
                ((found, jokers), 1.0 - new - wild),
            ):
                step[key] = step.get(key, 0.0) + p * q
        states = step
    return sum(p for (found, jokers), p in states.items() if found + jokers >= k)


def test_cover_chance_is_the_dict_chain_to_the_last_bit() -> None:
    # combo's choices hang on exact ties, so the compiled chain must add the same
    # floats in the same order as the plain one
    for distinct in range(1, 6):
        for k in range(1, distinct + 1):
            for share in (0.0, 0.031, 0.067, 0.074, 0.089, 0.12):
                for wild in (0.0, 0.052, 0.111, 0.163):
                    expected = _cover_by_dict(distinct, k, share, wild)
                    assert _cover.__wrapped__(distinct, k, share, wild) == expected
                    for draws in range(HAND + 1):  # fewer draws: a hand partly kept
                        expected = _cover_by_dict(distinct, k, share, wild, draws)
                        assert _cover.__wrapped__(distinct, k, share, wild, draws) == expected


def test_the_last_card_weight_counts_the_next_opponents_last_stock_card_more() -> None:
    # the 4 leaves B1 needing 5; with threat 0 only the last-card weight can forbid it
    def four_played(next_stock: tuple[int, ...], weights: ComboWeights) -> bool:
        state = _position([4, 9, 10, 11, 11], [[1, 2, 3]], stock=(9, 12), next_stock=next_stock)
        line = combo_line(player_view(state, 0), weights)
        return "H4-B1" in [format_move(move) for move in line]

    plain = ComboWeights(threat=(0.0, 0.0, 0.0))
    last = ComboWeights(threat=(0.0, 0.0, 0.0), last_card=5000.0)
    assert four_played((5,), plain) and not four_played((5,), last)
    assert four_played((2, 5), last)  # not their last card: the threat weight (0) counts


def test_the_last_reach_weight_scales_next_turns_reach_only_for_the_last_stock_card() -> None:
    def reach(stock: tuple[int, ...]) -> tuple[float, ...]:
        view = player_view(_position([4, 9, 10, 11, 11], [[1, 2, 3]], stock=stock), 0)
        return TurnSearch(view, ComboWeights(last_reach=3.0)).reach

    assert reach((12,)) == tuple(3.0 * r for r in ComboWeights().reach)
    assert reach((9, 12)) == ComboWeights().reach
