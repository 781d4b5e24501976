"""The core's reasons against a move, said in the language of the screen.

:meth:`skipbo.core.Round.why_illegal` answers in English sentences, which the
browser shows as they are. The terminal game reads each of those sentences
back into a text of :mod:`.texts` with its fields (the card, the pile), so a
refused move reads in the player's language. Nothing here decides what is
legal: a sentence this module does not know is shown as the core wrote it
(a test checks that every sentence the core gives is known).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from .texts import Words

_Fill = Callable[[re.Match[str], Words], dict[str, object]]


def _none(_: re.Match[str], __: Words) -> dict[str, object]:
    return {}


def _n(match: re.Match[str], _: Words) -> dict[str, object]:
    return {"n": match[1]}


def _card(match: re.Match[str], _: Words) -> dict[str, object]:
    return {"card": match[1]}


def _source(match: re.Match[str], _: Words) -> dict[str, object]:
    return {"source": match[1]}


def _move(match: re.Match[str], _: Words) -> dict[str, object]:
    return {"move": match[1]}


def _cannot_go(match: re.Match[str], words: Words) -> dict[str, object]:
    return {"a_card": words.a_card(match[1]), "pile": match[2], "a_need": words.a_card(match[3])}


_REASONS: Final[tuple[tuple[re.Pattern[str], str, _Fill], ...]] = tuple(
    (re.compile(pattern), key, fill)
    for pattern, key, fill in (
        (r"there is no (\S+) in the hand", "no_card", _card),
        (r"the own stock is empty", "own_stock_empty", _none),
        (r"the own discard pile (\d) is empty", "own_discard_empty", _n),
        (r"the partner's stock is empty", "partner_stock_empty", _none),
        (r"the partner's discard pile (\d) is empty", "partner_discard_empty", _n),
        (r"there is no partner in this game", "no_partner", _none),
        (r"an? (\S+) cannot go on B(\d), which needs an? (\S+)", "cannot_go", _cannot_go),
        (
            r"'end' is only allowed with an empty hand; discard a card to end the turn",
            "end_not_allowed",
            _none,
        ),
        (r"the round is already over", "round_already_over", _none),
        (r"(\S+) has no legal move now", "no_legal_move", _source),
        (r"(\S+) is not possible now", "not_a_move_now", _move),
        (r"(\S+) is not a move", "no_such_move", _move),
        (r"choose a source first", "source_first", _none),
    )
)
_PREFIX: Final = re.compile(r"(\S+): (.*)")
"""``S-B1: a 7 cannot go on B1, ...``: the move, then the reason."""


def said(message: str, words: Words) -> str:
    """``message`` (a reason, maybe after ``MOVE: ``) in the language of ``words``;
    a text that is none of the core's reasons is returned as it is."""
    head = _PREFIX.fullmatch(message)
    prefix, rest = (f"{head[1]}: ", head[2]) if head and _read(head[2]) else ("", message)
    found = _read(rest)
    if found is None:
        return message
    key, match, fill = found
    return prefix + words(key, **fill(match, words))


def known(message: str) -> bool:
    """Whether :func:`said` translates ``message``."""
    head = _PREFIX.fullmatch(message)
    return _read(message) is not None or bool(head and _read(head[2]))


def _read(text: str) -> tuple[str, re.Match[str], _Fill] | None:
    """The text key of a reason, the match holding its fields, and how to fill them."""
    for pattern, key, fill in _REASONS:
        match = pattern.fullmatch(text)
        if match:
            return key, match, fill
    return None
