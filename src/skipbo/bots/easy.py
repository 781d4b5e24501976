"""The easy bot: a beginner's habits, without the blunders.

It plays its stock card whenever it fits (with a wild card from the hand if
that alone makes it fit), then plays number cards from the hand and from its
discard tops that fit, and
ends the turn with a discard: the highest number onto an empty pile or onto a
pile where it continues a run, else onto a pile of its seeded choice. It looks
one card ahead only: no chains through the discard piles, no thought about
what the next player needs. That is what makes it weaker than ``medium``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from skipbo.core import SB, Move, PlayerView
from skipbo.core.cards import NO_CARD
from skipbo.core.moves import SLOTS, SRC_DISCARD, SRC_HAND, SRC_STOCK, discard_move, play_move


class EasyBot:
    """Stock first, hand cards that fit, a simple discard."""

    name = "easy"
    plays_discard_tops = False
    """Play discard-pile tops that fit (``medium``), or only hand cards (``easy``)."""

    def __init__(self, seed: int | str = 0) -> None:
        self._random = random.Random(f"skipbo/bot/easy/{seed}")

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """The first of: stock play, wild card under the stock, hand number, discard."""
        pile_top = _pile_top(view) if self.plays_discard_tops else None
        for move in (_stock(view), _wild_for_stock(view), _hand_number(view), pile_top):
            if move is not None and move in legal:
                return move
        move = self._discard(view)
        return move if move is not None and move in legal else legal[-1]

    def _discard(self, view: PlayerView) -> Move | None:
        numbers = sorted(c for c in view.hand if c != SB) or list(view.hand)
        if not numbers:
            return None
        card = numbers[-1]
        piles = view.me.discards
        for pile, cards in enumerate(piles):
            if not cards or cards[-1] in (card, card + 1):
                return discard_move(card, pile)
        return discard_move(card, self._random.randrange(SLOTS))


def _stock(view: PlayerView) -> Move | None:
    top = view.me.stock_top
    for slot, value in enumerate(view.build):
        if top == SB or top == value + 1:
            return play_move(SRC_STOCK, slot)
    return None


def _wild_for_stock(view: PlayerView) -> Move | None:
    top = view.me.stock_top
    if SB not in view.hand or top in (NO_CARD, SB):
        return None
    for slot, value in enumerate(view.build):
        if value + 2 == top:
            return play_move(SRC_HAND + SB, slot)
    return None


def _pile_top(view: PlayerView) -> Move | None:
    for pile, cards in enumerate(view.me.discards):
        if cards and cards[-1] != SB:
            for slot, value in enumerate(view.build):
                if value + 1 == cards[-1]:
                    return play_move(SRC_DISCARD + pile, slot)
    return None


def _hand_number(view: PlayerView) -> Move | None:
    for card in sorted(set(view.hand)):
        if card == SB:
            continue
        for slot, value in enumerate(view.build):
            if value + 1 == card:
                return play_move(SRC_HAND + card, slot)
    return None
