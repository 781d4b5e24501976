"""Moves as people type and read them: any case, and the card faces on screen.

The notation (notation.md) is exact and case-sensitive, which suits files and
bots; a person at the move line types ``h9-d1`` or, with ``--faces cards``,
``HQ-D1`` for the queen they see. :func:`notation` turns what was typed into
the notation (the core still decides whether it is a move at all), and
:func:`shown_move` writes a move back in the faces on screen.
"""

from __future__ import annotations

import re
from typing import Final

from skipbo.core import MoveSyntaxError, parse_move

from .texts import ENGLISH, Words

_FROM_CARDS: Final = {"A": "1", "J": "11", "Q": "12", "K": "SB"}
_TO_CARDS: Final = {number: letter for letter, number in _FROM_CARDS.items()}
_AN: Final = re.compile(r"\ba (8|11|SB)\b")


def notation(typed: str, faces: str = "numbers") -> str | None:
    """The notation of a typed move, or None when it cannot be a move.

    Case does not matter (``ps-b2`` is ``pS-B2``); with card faces a hand card
    may be written as shown (``HQ``, ``HK``, ``HA``, ``HJ``) or as its number.
    """
    text = typed.strip()
    if text.lower() == "end":
        return "end"
    source, dash, target = text.upper().partition("-")
    if not dash:
        return None
    if source.startswith("P"):
        source = "p" + source[1:]
    elif source.startswith("H") and faces == "cards":
        source = "H" + _FROM_CARDS.get(source[1:], source[1:])
    text = f"{source}-{target}"
    try:
        parse_move(text)
    except MoveSyntaxError:
        return None
    return text


def malformed(typed: str, faces: str = "numbers", words: Words = ENGLISH) -> str:
    """What to say about text that is no move: what a move looks like."""
    queen = "HQ" if faces == "cards" else "H12"
    shown = typed.strip()
    shown = shown if len(shown) <= 12 else shown[:11] + "…"
    examples = f"S-B1 D3-B2 {queen}-B4 {queen}-D1 pS-B2 end"
    return words("not_a_move", typed=shown, examples=examples)


def shown_move(text: str, faces: str = "numbers") -> str:
    """A move in the notation written with the faces on screen (``H12-D1`` → ``HQ-D1``)."""
    if faces != "cards" or not text.startswith("H"):
        return text
    card, dash, target = text[1:].partition("-")
    return f"H{_TO_CARDS.get(card, card)}{dash}{target}"


def with_articles(text: str) -> str:
    """``a 8``, ``a 11`` → ``an 8``, ``an 11`` in a reason from the core."""
    return _AN.sub(r"an \1", text)


_HAND_CARD: Final = re.compile(r"\bH(\d+|SB)(?=-)")
_CARD_WORD: Final = re.compile(r"\b(a|an|no) (\d+|SB)\b")


def shown_message(text: str, faces: str = "numbers") -> str:
    """A message about moves (the core's reasons included) in the faces on screen:
    ``H12-D1: there is no 12 in the hand`` → ``HQ-D1: there is no Q in the hand``."""
    text = with_articles(text)
    if faces != "cards":
        return text

    def hand(match: re.Match[str]) -> str:
        return "H" + _TO_CARDS.get(match[1], match[1])

    def card(match: re.Match[str]) -> str:
        shown = _TO_CARDS.get(match[2], match[2])
        word = match[1] if match[1] == "no" else ("an" if shown in ("A", "8", "11") else "a")
        return f"{word} {shown}"

    return _CARD_WORD.sub(card, _HAND_CARD.sub(hand, text))
