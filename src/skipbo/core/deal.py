"""Seeded set-up: the shuffled deck and the first dealer by high card (rules §3).

A round itself is dealt from an explicit deck order (see ``Round.deal``); this
module only turns a seed into such data, with a private ``random.Random`` so no
global random state is touched.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from .cards import SB, full_deck


def shuffled_deck(seed: int | str) -> list[int]:
    """A deck order (top card first) that depends only on ``seed``."""
    deck = full_deck()
    random.Random(f"skipbo/deck/{seed}").shuffle(deck)
    return deck


def dealer_by_high_card(players: int, cards: Iterable[int]) -> int:
    """The first dealer: every player draws, the highest number deals.

    ``cards`` is the sequence of cards drawn, in drawing order: SB cards do not
    count and their drawer draws again; players tied for highest draw again
    among themselves, in seat order.
    """
    stream: Iterator[int] = iter(cards)
    contenders = list(range(players))
    while len(contenders) > 1:
        drawn = {seat: _draw_number(stream) for seat in contenders}
        best = max(drawn.values())
        contenders = [seat for seat in contenders if drawn[seat] == best]
    return contenders[0]


def _draw_number(stream: Iterator[int]) -> int:
    for card in stream:
        if card != SB:
            return card
    raise ValueError("ran out of cards while drawing for the deal")


def seeded_dealer(players: int, seed: int | str) -> int:
    """The first dealer drawn by high card from a deck shuffled by ``seed``."""
    rng = random.Random(f"skipbo/dealer/{seed}")

    def draws() -> Iterator[int]:
        while True:
            deck = full_deck()
            rng.shuffle(deck)
            yield from deck

    return dealer_by_high_card(players, draws())
