"""Cards as small integers.

Numbers 1..12 are themselves and the wild SKIP-BO card is ``SB == 13``; ``NO_CARD
== 0`` stands for "no card" (an empty stock or pile top). Small ints make hands
count arrays and move tables plain list lookups, which is what keeps the engine
fast; the strings of the notation ("1".."12", "SB") only appear at the edges.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, cast

from .errors import shown

NO_CARD: Final = 0
SB: Final = 13
MAX_VALUE: Final = 12
CARD_VALUES: Final = tuple(range(1, 14))
DECK_SIZE: Final = 162
COPIES_PER_NUMBER: Final = 12
WILD_COPIES: Final = 18

_NAMES: Final = ("", *(str(v) for v in range(1, 13)), "SB")
_BY_NAME: Final = {name: card for card, name in enumerate(_NAMES) if name}


def card_name(card: int) -> str:
    """The notation of a card: ``"1"``..``"12"`` or ``"SB"``."""
    return _NAMES[card]


def card_names(cards: Iterable[int]) -> list[str]:
    """The notation of each card, in order (views write thousands of these a second)."""
    return list(map(_NAMES.__getitem__, cards))


def parse_cards(texts: Sequence[object]) -> list[int]:
    """:func:`parse_card` of each item, in order: a record's deck is 162 of them, so
    one dict lookup per card in C, and card by card only to say which is wrong."""
    try:
        return list(map(_BY_NAME.__getitem__, cast("Sequence[str]", texts)))
    except (KeyError, TypeError):  # not a card's name, or not even hashable
        return [parse_card(text) for text in texts]


def parse_card(text: object) -> int:
    """The card written as ``text``; raises ``ValueError`` for anything else."""
    card = _BY_NAME.get(text) if isinstance(text, str) else None
    if card is None:
        raise ValueError(f"not a card: {shown(text)} (expected '1'..'12' or 'SB')")
    return card


_FULL_DECK: Final = tuple(
    [v for v in range(1, MAX_VALUE + 1) for _ in range(COPIES_PER_NUMBER)] + [SB] * WILD_COPIES
)

_FULL_DECK_LIST: Final = list(_FULL_DECK)
"""The same as a list, which a sorted deck is compared to without copying it."""
_CARD_VALUES: Final = range(SB + 1)
_FULL_DECK_COUNTS: Final = [_FULL_DECK.count(card) for card in _CARD_VALUES]
"""How many of each card (``NO_CARD`` first) one game has."""


def full_deck() -> list[int]:
    """The 162 cards in a fixed order: twelve of each number, then 18 SB."""
    return list(_FULL_DECK)


def is_full_deck(cards: list[int]) -> bool:
    """True when ``cards`` holds exactly the 162 cards of one game.

    Counted in C as bytes (every record and every deal asks, and sorting 162 ints
    costs several times more); anything that is not a byte is sorted and compared.
    """
    try:
        packed = bytes(cards)
    except (TypeError, ValueError):
        return sorted(cards) == _FULL_DECK_LIST
    return len(packed) == DECK_SIZE and list(map(packed.count, _CARD_VALUES)) == _FULL_DECK_COUNTS
