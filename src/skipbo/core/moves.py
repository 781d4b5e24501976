"""Moves as small integers, and the move notation.

A move is an ``int`` in ``0..144`` (python-chess keeps squares as ints for the
same reason): plays are ``source * 4 + slot``, discards follow, ``END`` is last.
Every table below is built once at import, so applying or listing moves is a
matter of indexing. :func:`format_move` and :func:`parse_move` are the notation
of ``notation.md``; ``parse_move(format_move(m)) == m`` for every move.

Sources of a play:

=========  ==================================
0          own stock top (``S``)
1..4       own discard pile tops (``D1``..``D4``)
5          partner's stock top (``pS``)
6..9       partner's discard pile tops (``pD1``..``pD4``)
10..22     a hand card 1..12 or SB (``H1``..``H12``, ``HSB``)
=========  ==================================
"""

from __future__ import annotations

from operator import index
from typing import Final, NamedTuple

from .cards import SB, card_name
from .errors import MOVE_EXAMPLES, MoveSyntaxError, shown

Move = int
"""A move id; see the module docstring for the encoding."""

SLOTS: Final = 4
SRC_STOCK: Final = 0
SRC_DISCARD: Final = 1
SRC_PARTNER_STOCK: Final = 5
SRC_PARTNER_DISCARD: Final = 6
SRC_HAND: Final = 9
"""A hand card ``c`` is source ``SRC_HAND + c`` (10..22)."""
SOURCES: Final = SRC_HAND + SB + 1
PLAY_COUNT: Final = SOURCES * SLOTS
DISCARD_BASE: Final = PLAY_COUNT
END: Final = DISCARD_BASE + SB * SLOTS
MOVE_COUNT: Final = END + 1


def play_move(source: int, slot: int) -> Move:
    """The play of ``source`` onto build slot ``slot`` (0-based)."""
    return source * SLOTS + slot


def discard_move(card: int, pile: int) -> Move:
    """The discard of hand card ``card`` onto own discard pile ``pile`` (0-based)."""
    return DISCARD_BASE + (card - 1) * SLOTS + pile


def is_play(move: Move) -> bool:
    """True for a move that puts a card on a build pile."""
    return move < PLAY_COUNT


class MoveInfo(NamedTuple):
    """A readable decoding of a move id, for code that is not on the hot path."""

    kind: str
    """``"play"``, ``"discard"`` or ``"end"``."""
    source: int
    """Play source (see module docstring), or -1."""
    card: int
    """The hand card of a hand play or discard, else 0."""
    target: int
    """Build slot of a play or discard pile of a discard (0-based), else -1."""


def _source_text(source: int) -> str:
    if source == SRC_STOCK:
        return "S"
    if source < SRC_PARTNER_STOCK:
        return f"D{source - SRC_DISCARD + 1}"
    if source == SRC_PARTNER_STOCK:
        return "pS"
    if source < SRC_HAND + 1:
        return f"pD{source - SRC_PARTNER_DISCARD + 1}"
    return "H" + card_name(source - SRC_HAND)


def _build_tables() -> tuple[tuple[str, ...], tuple[MoveInfo, ...]]:
    texts: list[str] = []
    infos: list[MoveInfo] = []
    for source in range(SOURCES):
        for slot in range(SLOTS):
            texts.append(f"{_source_text(source)}-B{slot + 1}")
            card = source - SRC_HAND if source > SRC_HAND else 0
            infos.append(MoveInfo("play", source, card, slot))
    for card in range(1, SB + 1):
        for pile in range(SLOTS):
            texts.append(f"H{card_name(card)}-D{pile + 1}")
            infos.append(MoveInfo("discard", -1, card, pile))
    texts.append("end")
    infos.append(MoveInfo("end", -1, 0, -1))
    return tuple(texts), tuple(infos)


MOVE_TEXT, MOVE_INFO = _build_tables()
"""``MOVE_TEXT[m]`` is the notation of move id ``m`` (an RL action's name);
``MOVE_INFO[m]`` its decoding. Tuples, so that nobody can change the notation."""
MOVE_BY_TEXT: Final = {text: move for move, text in enumerate(MOVE_TEXT)}
"""Move id by its exact notation (what :func:`parse_move` looks up)."""


def format_move(move: Move) -> str:
    """The notation of ``move``, e.g. ``"S-B2"`` or ``"H9-D1"``."""
    return MOVE_TEXT[move]


def parse_move(text: object) -> Move:
    """The move written as ``text``; raises :class:`MoveSyntaxError` otherwise.

    Only the exact notation is accepted: case-sensitive, no spaces, no leading
    zeros, so that every move has one spelling. The error's message shows what a
    move looks like (and the intended move, when only case or spaces are off).
    """
    move = MOVE_BY_TEXT.get(text) if isinstance(text, str) else None
    if move is None:
        raise MoveSyntaxError(malformed_move(text))
    return move


def malformed_move(text: object) -> str:
    """Why ``text`` is not a move: ``"malformed move 'h1-b1' (did you mean 'H1-B1'?
    ...)"``, saying what a move looks like."""
    hint = ""
    if isinstance(text, str):
        near = _near_move(text)
        if near is not None:
            hint = f"did you mean {near!r}? "
    return f"malformed move {shown(text)} ({hint}a move is written like {MOVE_EXAMPLES})"


def _near_move(text: str) -> str | None:
    """The move ``text`` means if only its case or spaces are wrong, else None."""
    source, dash, target = "".join(text.split()).upper().partition("-")
    if source.startswith("P"):
        source = "p" + source[1:]
    near = f"{source}{dash}{target}" if dash else source.lower()
    return near if near in MOVE_BY_TEXT and near != text else None


def as_move(move: object) -> Move:
    """A move given as an id or as its notation, as the public API takes it.

    Text is parsed (:func:`parse_move`); any integer type (e.g. a NumPy action)
    becomes a plain ``int``. Anything else, ``bool`` included, is refused with a
    :class:`MoveSyntaxError` that says what a move is, rather than a ``TypeError``
    from deep inside the rules. The id's range is the rules' business.
    """
    if isinstance(move, str):
        return parse_move(move)
    if not isinstance(move, bool):
        try:
            return index(move)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise MoveSyntaxError(
        f"a move is a move id (int) or its notation ({MOVE_EXAMPLES}), not {shown(move)}"
    )
