"""How a card is shown: the notation's numbers, or playing cards (rules §1).

The browser offers the same two styles; this mirrors its mapping (Ace..Queen
for 1..12, King or Joker for the wild card) without importing server code.
Display only: moves are always typed and recorded in the notation.
"""

from __future__ import annotations

from typing import Final

from skipbo.core import NO_CARD, SB, card_name

FACE_STYLES: Final = ("numbers", "cards")
_PLAYING: Final = {1: "A", 11: "J", 12: "Q", SB: "K"}


def face(card: int, style: str = "numbers") -> str:
    """The text on ``card`` in ``style``; an empty string for ``NO_CARD``."""
    if card == NO_CARD:
        return ""
    if style == "cards":
        return _PLAYING.get(card, str(card))
    return card_name(card)


def band(card: int) -> str:
    """The colour band of a card, as the browser has it: low, mid, high or sb."""
    if card == SB:
        return "sb"
    if card <= 4:
        return "low"
    return "mid" if card <= 8 else "high"
