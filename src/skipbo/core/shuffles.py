"""Where a new draw pile's order comes from when completed piles are reshuffled.

Randomness is data (rules §6): a round either derives each reshuffle from its
seed, or takes it from a record's ``shuffles`` list. Both are pure functions of
their inputs, so a round can be copied, replayed and compared freely.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .cards import card_name
from .errors import BadRecordError


class Shuffler(Protocol):
    """Gives the order (top card first) of the ``index``-th new draw pile."""

    def __call__(self, index: int, cards: list[int]) -> list[int]: ...


class SeededShuffler:
    """Reshuffles derived from a seed: shuffle ``i`` depends only on seed and ``i``."""

    __slots__ = ("seed",)

    def __init__(self, seed: int | str) -> None:
        self.seed = seed

    def __call__(self, index: int, cards: list[int]) -> list[int]:
        order = sorted(cards)
        random.Random(f"skipbo/shuffle/{self.seed}/{index}").shuffle(order)
        return order


class RecordedShuffles:
    """Reshuffles taken, in order, from a record; a missing or wrong one is an error."""

    __slots__ = ("orders",)

    def __init__(self, orders: Sequence[Sequence[int]]) -> None:
        self.orders = orders

    def __call__(self, index: int, cards: list[int]) -> list[int]:
        if index >= len(self.orders):
            raise BadRecordError(f"shuffle {index + 1} is needed but the record has none")
        order = list(self.orders[index])
        if sorted(order) != sorted(cards):
            names = " ".join(card_name(c) for c in sorted(cards))
            raise BadRecordError(
                f"shuffle {index + 1} is not exactly the completed piles' cards ({names})"
            )
        return order
