"""The table drawn from a :class:`skipbo.core.PlayerView`, as Rich text.

Pure functions of the view (never of the full round), so that a seat's screen
cannot show what rules §10 hides from it. Every colour is a foreground and
background pair, so the cards read the same on dark and light terminals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from rich.text import Text

from skipbo.core import NO_CARD, SB, PlayerView, PublicPlayer

from .faces import band, face
from .selection import hand_source

CARD_STYLES: Final = {
    "low": "bold #1c4fb8 on #f5f0e1",
    "mid": "bold #1b7a2f on #f5f0e1",
    "high": "bold #c0261b on #f5f0e1",
    "sb": "bold #ffffff on #c85f00",
}
EMPTY_STYLE: Final = "#8a8a8a on #3a3a3a"
LEGAL_STYLE: Final = "bold #000000 on #ffd23f"
CHOSEN_STYLE: Final = "bold #000000 on #56cfe1"
LABEL_STYLE: Final = "bold"
CURSOR_STYLE: Final = "bold reverse"
DIM: Final = "dim"


@dataclass(frozen=True, slots=True)
class Marks:
    """What to highlight: pile tokens (``S``, ``D2``, ``pS``, ``H7``, ``B1``...)."""

    legal: frozenset[str] = field(default_factory=frozenset)
    """The chosen source's legal targets (drawn in the highlight colour)."""
    playable: frozenset[str] = field(default_factory=frozenset)
    """Sources that can go onto a build pile now (underlined, colours kept)."""
    chosen: str | None = None
    cursor: str | None = None


NO_MARKS: Final = Marks()


def card_cell(card: int, faces: str, token: str = "", marks: Marks = NO_MARKS) -> Text:
    """One card (or an empty place) two cells wide, highlighted as ``marks`` say."""
    shown = face(card, faces) if card != NO_CARD else "··"
    style = CARD_STYLES[band(card)] if card != NO_CARD else EMPTY_STYLE
    if token and token == marks.chosen:
        style = CHOSEN_STYLE
    elif token and token in marks.legal:
        style = LEGAL_STYLE
    elif token and token in marks.playable:
        style += " underline"
    if token and token == marks.cursor:
        style += " reverse"
    return Text(f"{shown:>2}", style=style)


def label(text: str, token: str, marks: Marks) -> Text:
    """A pile's name; reversed when the keyboard cursor is on it."""
    return Text(text, style=CURSOR_STYLE if token and token == marks.cursor else LABEL_STYLE)


def pile_text(cards: Sequence[int], faces: str, token: str, marks: Marks) -> Text:
    """A discard pile in full, bottom card first; only the top carries the marks."""
    out = Text()
    if not cards:
        return out.append_text(card_cell(NO_CARD, faces, token, marks))
    for index, card in enumerate(cards):
        if index:
            out.append(" ")
        top = index == len(cards) - 1
        out.append_text(card_cell(card, faces, token if top else "", marks))
    return out


def stock_text(player: PublicPlayer, faces: str, name: str, token: str, marks: Marks) -> Text:
    """A stock (called ``name`` on screen): its face-up top and how many cards it holds."""
    out = label(name, token, marks)
    out.append(" ")
    out.append_text(card_cell(player.stock_top, faces, token, marks))
    return out.append(f" ×{player.stock:<2}", style=DIM)


def discards_text(
    player: PublicPlayer, faces: str, prefix: str, marks: Marks, sep: str = "  "
) -> Text:
    """The four discard piles of a player on one line (it wraps when long)."""
    out = Text()
    for index, cards in enumerate(player.discards):
        token = f"{prefix}D{index + 1}"
        if index:
            out.append(sep)
        name = token if prefix == "p" else f"D{index + 1}"
        out.append_text(label(name, token, marks)).append(" ")
        out.append_text(pile_text(cards, faces, token, marks))
    return out


def opponents_text(
    view: PlayerView, names: Sequence[str], faces: str, marks: Marks = NO_MARKS
) -> Text:
    """Every other seat (all of them for a spectator), in playing order.

    The partner's piles carry the ``p`` tokens, since they are sources too.
    """
    n = view.rules.players
    first = 0 if view.seat is None else view.seat + 1
    seats = [(first + k) % n for k in range(n if view.seat is None else n - 1)]
    out = Text()
    for seat in seats:
        if out:
            out.append("\n")
        out.append_text(_opponent_line(view, seat, names, faces, marks))
    return out


def _opponent_line(
    view: PlayerView, seat: int, names: Sequence[str], faces: str, marks: Marks
) -> Text:
    player = view.players[seat]
    partner = seat == view.partner
    prefix = "p" if partner else f"{seat}:"  # only the partner's piles are sources
    out = Text("▶ " if seat == view.to_move else "  ", style="bold")
    tag = " (partner)" if partner else ""
    out.append(f"{names[seat]}{tag}"[:22].ljust(22), style="bold" if partner else "")
    out.append_text(stock_text(player, faces, "pS" if partner else "S", f"{prefix}S", marks))
    out.append(f" hand {player.hand}  ", style=DIM)
    return out.append_text(discards_text(player, faces, prefix, marks))


def build_text(view: PlayerView, faces: str, marks: Marks = NO_MARKS) -> Text:
    """The four build piles by the value they count, SB-topped ones marked."""
    out = Text("Build  ", style=LABEL_STYLE)
    for slot, value in enumerate(view.build):
        token = f"B{slot + 1}"
        out.append_text(label(token, token, marks)).append(" ")
        out.append_text(card_cell(value or NO_CARD, faces, token, marks))
        pile = view.build_piles[slot]
        top_sb = bool(pile) and pile[-1] == SB
        out.append("*" if top_sb else " ", style=DIM).append("  ")
    out.append(f"draw {view.draw} · completed {view.completed}", style=DIM)
    return out


def own_text(view: PlayerView, name: str, faces: str, marks: Marks = NO_MARKS) -> Text:
    """The viewing seat's stock and its four discard piles in full, one per line."""
    if view.seat is None:
        return Text("(spectator: no hand is shown)", style=DIM)
    me = view.me
    out = Text(f"{name}  ", style="bold")
    out.append_text(stock_text(me, faces, "S", "S", marks))
    for index, cards in enumerate(me.discards):
        token = f"D{index + 1}"
        out.append("\n  ").append_text(label(token, token, marks)).append(" ")
        out.append_text(pile_text(cards, faces, token, marks))
    return out


def hand_text(view: PlayerView, faces: str, marks: Marks = NO_MARKS) -> Text:
    """The hand, each card under the key that picks it (1..5)."""
    out = Text("Hand   ", style=LABEL_STYLE)
    if view.seat is None:
        return out.append("hidden", style=DIM)
    if not view.hand:
        return out.append("empty", style=DIM)
    for index, card in enumerate(view.hand):
        token = hand_source(card)
        out.append_text(label(f"{index + 1}:", token, marks)).append(" ")
        out.append_text(card_cell(card, faces, token, marks)).append("   ")
    return out


LogLine = tuple[str, str, int]
"""A played move: who, the notation, the card it put down (NO_CARD for none)."""


def log_text(lines: Sequence[LogLine], limit: int, faces: str) -> Text:
    """The last ``limit`` moves as ``name  move  card`` lines, newest last."""
    out = Text("Last moves", style=LABEL_STYLE)
    for name, move, card in list(lines)[-limit:]:
        out.append(f"\n {name[:13]:<13} ", style=DIM).append(f"{move:<7}", style="bold")
        if card != NO_CARD:
            out.append(" ").append_text(card_cell(card, faces))
    return out
