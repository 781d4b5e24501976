"""The greedy bot: get the stock down, keep wild cards for that, discard tidily.

Each decision, in this order:

1. play the stock top (own, then the partner's) if it fits a build pile;
2. else play the first card of the shortest chain of discard tops and hand
   cards that brings a build pile up to the stock top (wild cards only where
   no number will do);
3. else play numbers from discard tops and the hand that do not hand the next
   opponent their stock top, so the hand empties and refills;
4. else discard: onto a pile whose top is one higher (a descending run), or
   the same value, or an empty pile; the highest card that fits best; a wild
   card only when nothing else is held.

It sees only the player view and the legal moves, like every bot.
"""

from __future__ import annotations

from collections.abc import Sequence

from skipbo.core import SB, Move, PlayerView
from skipbo.core.cards import MAX_VALUE, NO_CARD
from skipbo.core.moves import (
    SLOTS,
    SRC_DISCARD,
    SRC_HAND,
    SRC_PARTNER_DISCARD,
    SRC_PARTNER_STOCK,
    SRC_STOCK,
    discard_move,
    play_move,
)


class GreedyBot:
    """A fast, sensible baseline: stock first, chains to the stock, tidy discards."""

    name = "greedy"
    hand_first = False
    """Whether chains to the stock take hand numbers before discard tops."""

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self._plan: list[Move] = []
        self._hand_after: list[int] = []

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """The greedy move; always one of ``legal``."""
        move = self._planned(view, legal)
        if move is None:
            move = stock_play(view)
        if move is None:
            chain = _chain_play(view, self.hand_first)
            if chain is not None:
                self._start_plan(chain, len(view.hand))
                move = self._planned(view, legal)
        if move is None:
            move = self._free_move(view)
        if move is not None and move in legal:
            return move
        move = _discard(view)
        return move if move is not None and move in legal else legal[0]

    def _free_move(self, view: PlayerView) -> Move | None:
        """A play that does not aim at the stock, once no chain reaches it."""
        return _free_play(view)

    def _start_plan(self, chain: Sequence[Move], hand: int) -> None:
        """Remember a chain so later decisions of this turn need no search.

        Within a turn nothing changes but our own moves, so the chain stays
        right until a refill (the hand size then differs from what we expect).
        """
        self._plan = list(chain)
        self._hand_after = []
        for move in chain:
            hand -= move >= (SRC_HAND + 1) * SLOTS
            self._hand_after.append(hand)
        self._plan.append(-1)
        self._hand_after.insert(0, -1)

    def _planned(self, view: PlayerView, legal: Sequence[Move]) -> Move | None:
        """The next move of the remembered chain, if it still fits the view."""
        if len(self._plan) > 1:
            move = self._plan.pop(0)
            expected = self._hand_after.pop(0)
            if (expected < 0 or expected == len(view.hand)) and move in legal:
                return move
        self._plan, self._hand_after = [], []
        return None


def _slot_for(view: PlayerView, card: int) -> int | None:
    """A build slot that takes ``card`` now (for SB: the pile closest to 12)."""
    build = view.build
    if card == SB:
        return max(range(SLOTS), key=lambda s: build[s])
    for slot in range(SLOTS):
        if build[slot] + 1 == card:
            return slot
    return None


def stock_play(view: PlayerView) -> Move | None:
    seat = view.seat
    assert seat is not None
    sources = [(SRC_STOCK, view.players[seat].stock_top)]
    partner = view.partner
    if partner is not None:
        sources.append((SRC_PARTNER_STOCK, view.players[partner].stock_top))
    for source, top in sources:
        if top != NO_CARD:
            slot = _slot_for(view, top)
            if slot is not None:
                return play_move(source, slot)
    return None


def _chain_play(view: PlayerView, hand_first: bool = False) -> list[Move] | None:
    """The cheapest chain of plays that makes a stock top playable.

    Numbers come from the discard tops before the hand, or with ``hand_first``
    from the hand before the discard tops (a hand card played is replaced at
    the next turn, a discard top is not)."""
    seat = view.seat
    assert seat is not None
    targets = [view.players[seat].stock_top]
    if view.partner is not None:
        targets.append(view.players[view.partner].stock_top)
    piles = own_piles(view)
    counts = [0] * (SB + 1)
    for card in view.hand:
        counts[card] += 1
    best: tuple[int, int, list[Move]] | None = None
    for target in targets:
        if target in (NO_CARD, SB):
            continue
        for slot in range(SLOTS):
            if view.build[slot] < target - 1:
                chain = _chain(piles, counts, view.build[slot], slot, target, hand_first)
                if chain is not None and (best is None or chain[:2] < best[:2]):
                    best = chain
    return None if best is None else best[2]


def _chain(
    piles: list[tuple[int, list[int]]],
    counts: list[int],
    value: int,
    slot: int,
    target: int,
    hand_first: bool,
) -> tuple[int, int, list[Move]] | None:
    """(wild cards used, length, moves) of a chain raising ``slot`` to ``target - 1``."""
    if not _can_start(piles, counts, value + 1):
        return None
    piles = [(source, list(cards)) for source, cards in piles if cards]
    counts = list(counts)
    moves: list[Move] = []
    wilds = 0
    for need in range(value + 1, target):
        move = _take(piles, counts, need, slot, hand_first)
        if move is None:
            return None
        wilds += move[1]
        moves.append(move[0])
    return wilds, len(moves), moves


def _can_start(piles: list[tuple[int, list[int]]], counts: list[int], need: int) -> bool:
    """Cheap test that a chain's first card exists, before copying anything."""
    if counts[need] or counts[SB]:
        return True
    return any(cards and cards[-1] in (need, SB) for _, cards in piles)


def own_piles(view: PlayerView) -> list[tuple[int, list[int]]]:
    """(play source, cards) of every discard pile this seat may play from."""
    seat = view.seat
    assert seat is not None
    piles = [(SRC_DISCARD + i, list(p)) for i, p in enumerate(view.players[seat].discards)]
    if view.partner is not None:
        partner = view.players[view.partner].discards
        piles += [(SRC_PARTNER_DISCARD + i, list(p)) for i, p in enumerate(partner)]
    return piles


def _take(
    piles: list[tuple[int, list[int]]], counts: list[int], need: int, slot: int, hand_first: bool
) -> tuple[Move, int] | None:
    """Use up a card for value ``need``: numbers first (piles, then hand, or the
    other way round), then wilds."""
    if hand_first and counts[need]:
        counts[need] -= 1
        return play_move(SRC_HAND + need, slot), 0
    for source, cards in piles:
        if cards and cards[-1] == need:
            cards.pop()
            return play_move(source, slot), 0
    if counts[need]:
        counts[need] -= 1
        return play_move(SRC_HAND + need, slot), 0
    if counts[SB]:
        counts[SB] -= 1
        return play_move(SRC_HAND + SB, slot), 1
    for source, cards in piles:
        if cards and cards[-1] == SB:
            cards.pop()
            return play_move(source, slot), 1
    return None


def _free_play(view: PlayerView) -> Move | None:
    """A number from a discard top or the hand that does not set up the next player."""
    seat = view.seat
    assert seat is not None
    danger = next_opponent_top(view)
    candidates = [(source, cards[-1]) for source, cards in own_piles(view) if cards]
    candidates += [(SRC_HAND + card, card) for card in sorted(set(view.hand))]
    for source, card in candidates:
        if card == SB:
            continue
        slot = _slot_for(view, card)
        if slot is not None and (card + 1 != danger or card == MAX_VALUE):
            return play_move(source, slot)
    return None


def next_opponent_top(view: PlayerView) -> int:
    seat = view.seat
    assert seat is not None
    n = view.rules.players
    for step in range(1, n):
        other = (seat + step) % n
        if other != view.partner:
            return view.players[other].stock_top
    return NO_CARD


def _discard(view: PlayerView) -> Move | None:
    """The tidiest discard: runs downward, equal values, empty piles, high cards."""
    seat = view.seat
    assert seat is not None
    if not view.hand:
        return None
    piles = view.players[seat].discards
    numbers = [c for c in set(view.hand) if c != SB] or [SB]
    best: tuple[int, int, Move] | None = None
    for card in numbers:
        for pile, cards in enumerate(piles):
            score = discard_score(card, cards[-1] if cards else NO_CARD)
            key = (score, card, discard_move(card, pile))
            if best is None or key[:2] > best[:2]:
                best = key
    return None if best is None else best[2]


def discard_score(card: int, top: int) -> int:
    if top == card + 1:
        return 4
    if top == card:
        return 3
    if top == NO_CARD:
        return 2
    return 1 if top > card else 0
