"""Sampling a full round that agrees with what one seat sees.

Search bots cannot look at hidden cards, but they can imagine them: every card
not visible in the view (own stock below the top, other hands, other stocks
below their tops, the draw pile) is dealt at random from the cards that the view
does not show, so the sample is consistent with the visible card counts. The
sampled :class:`~skipbo.core.state.Round` then runs through the one rule path
like any other, which is how a bot plans a turn or rolls a game forward without
re-implementing a rule. A view carries no secret, so nothing leaks this way.
"""

from __future__ import annotations

import random

from .cards import NO_CARD, SB, full_deck
from .errors import SkipBoError
from .shuffles import SeededShuffler
from .state import Round
from .view import PlayerView


def unseen_cards(view: PlayerView) -> list[int]:
    """The cards ``view`` does not show, ascending: the pool hidden cards come from."""
    counts = [0] * (SB + 1)
    for card in full_deck():
        counts[card] += 1
    seen = list(view.hand) + list(view.completed_cards)
    for pile in view.build_piles:
        seen += pile
    for player in view.players:
        if player.stock_top != NO_CARD:
            seen.append(player.stock_top)
        for pile in player.discards:
            seen += pile
    for card in seen:
        counts[card] -= 1
    if min(counts) < 0:
        raise SkipBoError("the view shows more copies of a card than the deck holds")
    return [card for card in range(1, SB + 1) for _ in range(counts[card])]


def sample_round(view: PlayerView, seed: int | str) -> Round:
    """A round consistent with ``view``, hidden cards dealt from a seeded shuffle.

    The seat to move, build piles, discard piles, stock tops, hand sizes and the
    viewer's hand are exactly the view's; the rest is one plausible world.
    """
    seat = view.seat
    if seat is None:
        raise SkipBoError("a spectator's view has no hand to plan with")
    pool = unseen_cards(view)
    random.Random(f"skipbo/sample/{seed}").shuffle(pool)
    needed = view.draw + sum(
        max(p.stock - 1, 0) + (p.hand if i != seat else 0) for i, p in enumerate(view.players)
    )
    if needed != len(pool):
        raise SkipBoError(f"the view hides {needed} cards but {len(pool)} are unaccounted for")
    stocks, hands = [], []
    for i, player in enumerate(view.players):
        below = [pool.pop() for _ in range(max(player.stock - 1, 0))]
        stocks.append([*below, player.stock_top] if player.stock else [])
        hands.append(list(view.hand) if i == seat else [pool.pop() for _ in range(player.hand)])
    return Round.assemble(
        rules=view.rules,
        to_move=view.to_move,
        stocks=stocks,
        hands=hands,
        discards=[[list(pile) for pile in p.discards] for p in view.players],
        build_cards=[list(pile) for pile in view.build_piles],
        completed=list(view.completed_cards),
        draw=pool,
        shuffler=SeededShuffler(f"sample/{seed}"),
    )
