"""Sampling a full round that agrees with what one seat sees.

Search bots cannot look at hidden cards, but they can imagine them: every card
not visible in the view (own stock below the top, other hands, other stocks
below their tops, the draw pile) is dealt at random from the cards that the view
does not show, so the sample is consistent with the visible card counts. The
sampled :class:`~skipbo.core.state.Round` then runs through the one rule path
like any other, which is how a bot plans a turn or rolls a game forward without
re-implementing a rule. A view carries no secret, so nothing leaks this way.

A view from a host that sends only the build piles' values and the number of
completed cards (notation.md's minimal view) leaves those cards unseen
(``NO_CARD``). Each is still known to be its position's number or an SB: the
``i``-th card of a pile counts ``i``, so the sample deals it as ``i`` or as an SB
from the unseen cards, SBs first where the numbers ran out (:func:`_fill_piles`).
"""

from __future__ import annotations

import random

from .cards import NO_CARD, SB, full_deck
from .errors import SkipBoError
from .shuffles import SeededShuffler
from .state import Round
from .view import PlayerView


def unseen_cards(view: PlayerView) -> list[int]:
    """The cards ``view`` does not show, ascending: the pool hidden cards come from
    (with the build and completed pile cards the view leaves unseen)."""
    counts = unseen_counts(view)
    return [card for card in range(1, SB + 1) for _ in range(counts[card])]


_DECK_COUNTS = tuple(full_deck().count(card) if card != NO_CARD else 0 for card in range(SB + 1))
"""How many of each card one game holds (index ``NO_CARD`` unused)."""


def unseen_counts(view: PlayerView) -> list[int]:
    """How many of each card the view does not show (index ``NO_CARD`` unused):
    :func:`unseen_cards` counted, without listing them (search bots ask it for
    every position they judge, so the seen cards are subtracted in place)."""
    counts = list(_DECK_COUNTS)
    for card in view.hand:
        counts[card] -= 1
    for card in view.completed_cards:
        counts[card] -= 1
    for pile in view.build_piles:
        for card in pile:
            counts[card] -= 1
    for player in view.players:
        counts[player.stock_top] -= 1
        for pile in player.discards:
            for card in pile:
                counts[card] -= 1
    counts[NO_CARD] = 0
    if min(counts) < 0:
        raise SkipBoError("the view shows more copies of a card than the deck holds")
    return counts


def sample_round(view: PlayerView, seed: int | str) -> Round:
    """A round consistent with ``view``, hidden cards dealt from a seeded shuffle.

    The seat to move, build piles, discard piles, stock tops, hand sizes and the
    viewer's hand are exactly the view's; the rest is one plausible world.
    """
    seat = view.seat
    if seat is None:
        raise SkipBoError("a spectator's view has no hand to plan with")
    counts = unseen_counts(view)
    build_cards, completed = _fill_piles(view, counts, random.Random(f"skipbo/piles/{seed}"))
    pool = [card for card in range(1, SB + 1) for _ in range(counts[card])]
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
        build_cards=build_cards,
        completed=completed,
        draw=pool,
        shuffler=SeededShuffler(f"sample/{seed}"),
    )


def _fill_piles(
    view: PlayerView, counts: list[int], rng: random.Random
) -> tuple[list[list[int]], list[int]]:
    """The build and completed pile cards with every unseen one dealt from ``counts``
    (which loses the cards dealt).

    An unseen card at position ``i`` of a pile (completed piles hold 1..12 each)
    is an ``i`` or an SB. Positions whose number the unseen cards lack must take
    an SB; the spare SBs then go to the other positions, each taking one with the
    chance an SB has among the cards that fit there, so the deal always succeeds
    when the view is possible at all.
    """
    build = [list(pile) for pile in view.build_piles]
    completed = list(view.completed_cards)
    holes = [(pile, i) for pile in build for i, card in enumerate(pile) if card == NO_CARD]
    holes += [(completed, i) for i, card in enumerate(completed) if card == NO_CARD]
    if not holes:
        return build, completed
    wanted = [0] * (SB + 1)
    for _, i in holes:
        wanted[i % 12 + 1] += 1
    spare = counts[SB] - sum(max(wanted[v] - counts[v], 0) for v in range(1, SB))
    if spare < 0:
        raise SkipBoError("the view's build and completed piles need more SBs than are unseen")
    rng.shuffle(holes)
    for pile, i in holes:
        value = i % 12 + 1
        wanted[value] -= 1
        forced = wanted[value] >= counts[value]  # every number left goes to a later hole
        if forced or rng.random() * (spare + counts[value]) < spare:
            card = SB
            spare -= not forced
        else:
            card = value
        counts[card] -= 1
        pile[i] = card
    return build, completed
