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
from .fit import clip, least_cells, shown_counts
from .selection import hand_source
from .texts import ENGLISH, Words

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


def pile_text(
    cards: Sequence[int], faces: str, token: str, marks: Marks, shown: int | None = None
) -> Text:
    """A discard pile, bottom card first; only the top carries the marks.

    With ``shown`` less than the pile's size only the top ``shown`` cards are
    drawn, after an ellipsis and followed by the size: ``…7 8 9 (9)``.
    """
    out = Text()
    if not cards:
        return out.append_text(card_cell(NO_CARD, faces, token, marks))
    first = 0 if shown is None else max(len(cards) - max(shown, 1), 0)
    if first:
        out.append("…", style=DIM)
    for index in range(first, len(cards)):
        if index > first:
            out.append(" ")
        top = index == len(cards) - 1
        out.append_text(card_cell(cards[index], faces, token if top else "", marks))
    if first:
        out.append(f" ({len(cards)})", style=DIM)
    return out


def stock_text(player: PublicPlayer, faces: str, name: str, token: str, marks: Marks) -> Text:
    """A stock (called ``name`` on screen): its face-up top and how many cards it holds."""
    out = label(name, token, marks)
    out.append(" ")
    out.append_text(card_cell(player.stock_top, faces, token, marks))
    return out.append(f" ×{player.stock:<2}", style=DIM)


PILE_GAP: Final = "  "


def discards_text(
    player: PublicPlayer,
    faces: str,
    prefix: str,
    marks: Marks,
    width: int | None = None,
    piles: Sequence[int] = (0, 1, 2, 3),
) -> Text:
    """Discard ``piles`` of a player (all four by default) on one line of at most
    ``width`` cells.

    Piles too deep for the line show their top cards and their size (see
    :mod:`.fit`); without a width every pile is drawn in full.
    """
    names = [f"{prefix}D{k + 1}" if prefix == "p" else f"D{k + 1}" for k in piles]
    lengths = [len(player.discards[k]) for k in piles]
    shown: list[int | None] = list(lengths)
    if width is not None:
        labels = sum(len(PILE_GAP) + len(name) + 1 for name in names) - len(PILE_GAP)
        shown = list(shown_counts(lengths, width - labels))
    out = Text()
    for place, index in enumerate(piles):
        token = f"{prefix}D{index + 1}"
        if place:
            out.append(PILE_GAP)
        out.append_text(label(names[place], token, marks)).append(" ")
        out.append_text(pile_text(player.discards[index], faces, token, marks, shown[place]))
    return out


NAME_CELLS: Final = 22
"""The widest name column of an opponent row (when the terminal has room)."""


def opponents_text(
    view: PlayerView,
    names: Sequence[str],
    faces: str,
    marks: Marks = NO_MARKS,
    width: int | None = None,
    two_lines: bool = False,
    words: Words = ENGLISH,
) -> Text:
    """Every other seat (all of them for a spectator), in playing order.

    A seat takes one line, or, when ``two_lines`` allows it and one line would
    have to cut a pile or a name, two (D1 D2, then D3 D4 under them). A line
    never wraps: within ``width`` cells the partner tag goes first, then the
    hand label shortens, the name column narrows, and deep discard piles show
    only their top cards. The partner's
    piles carry the ``p`` tokens, since they are sources too.
    """
    n = view.rules.players
    first = 0 if view.seat is None else view.seat + 1
    seats = [(first + k) % n for k in range(n if view.seat is None else n - 1)]
    out = Text()
    for split in (False, True) if two_lines else (False,):
        layout = _row_layout(view, seats, names, width, split, words)
        out = Text("\n").join(
            _opponent_line(view, seat, names, faces, marks, layout) for seat in seats
        )
        if "…" not in out.plain:  # nothing cut: one line a seat is enough
            break
    return out


@dataclass(frozen=True, slots=True)
class _RowLayout:
    """The shared columns of the opponent rows."""

    name_cells: int
    tag: str
    """The partner's tag (`` (partner)``), or "" when there is no room for it."""
    hand_word: str
    width: int | None
    two_lines: bool


def _shapes(words: Words) -> tuple[tuple[str, str], ...]:
    """Partner tag and hand label, from the roomiest to the most compact."""
    tag, hand, short = words("partner_tag"), words("hand_count"), words("hand_short")
    return ((tag, hand), ("", hand), ("", short))


def _row_layout(
    view: PlayerView,
    seats: Sequence[int],
    names: Sequence[str],
    width: int | None,
    two_lines: bool,
    words: Words,
) -> _RowLayout:
    """The roomiest name column, partner tag and hand label with which every row fits."""
    halves = ((0, 1), (2, 3)) if two_lines else ((0, 1, 2, 3),)

    def rest(seat: int, hand_word: str) -> int:
        player = view.players[seat]
        label_cells = 4 if seat == view.partner else 3
        fixed = 2 + 1 + (label_cells + 5) + len(f" {hand_word}{player.hand}")
        piles = max(
            sum(len(PILE_GAP) + label_cells for _ in half)
            + least_cells([len(player.discards[k]) for k in half])
            for half in halves
        )
        return fixed + piles

    natural = 0
    shapes = _shapes(words)
    for tag, hand_word in shapes:
        longest = max((len(_tagged(view, s, names, tag)) for s in seats), default=0)
        natural = min(longest, NAME_CELLS)
        if width is None:
            return _RowLayout(natural, tag, hand_word, None, two_lines)
        room = width - max((rest(s, hand_word) for s in seats), default=0)
        if room >= natural:
            return _RowLayout(natural, tag, hand_word, width, two_lines)
    return _RowLayout(max(min(natural, room), 6), "", shapes[-1][1], width, two_lines)


def _tagged(view: PlayerView, seat: int, names: Sequence[str], tag: str) -> str:
    return names[seat] + (tag if seat == view.partner else "")


def _opponent_line(
    view: PlayerView,
    seat: int,
    names: Sequence[str],
    faces: str,
    marks: Marks,
    layout: _RowLayout,
) -> Text:
    player = view.players[seat]
    partner = seat == view.partner
    prefix = "p" if partner else f"{seat}:"  # only the partner's piles are sources
    out = Text("▶ " if seat == view.to_move else "  ", style="bold")
    name = _tagged(view, seat, names, layout.tag)
    out.append(clip(name, layout.name_cells), style="bold" if partner else "")
    out.append(" ")
    out.append_text(stock_text(player, faces, "pS" if partner else "S", f"{prefix}S", marks))
    out.append(f" {layout.hand_word}{player.hand}", style=DIM).append(PILE_GAP)
    indent = out.cell_len
    room = None if layout.width is None else layout.width - indent
    if not layout.two_lines:
        return out.append_text(discards_text(player, faces, prefix, marks, room))
    out.append_text(discards_text(player, faces, prefix, marks, room, (0, 1)))
    out.append("\n" + " " * indent)
    return out.append_text(discards_text(player, faces, prefix, marks, room, (2, 3)))


ROW_LABEL_CELLS: Final = 7
"""The label column of the build piles' row and of the hand's (``Build  ``)."""


def row_labels(words: Words) -> tuple[str, str]:
    """The labels of the build piles' row and of the hand's, padded to the label
    column (a longer label takes two more cells)."""
    build, hand = words("build"), words("hand")
    return _padded(build), _padded(hand)


def _padded(label: str) -> str:
    return label.ljust(max(len(label) + 2, ROW_LABEL_CELLS))


def build_text(
    view: PlayerView, faces: str, marks: Marks = NO_MARKS, words: Words = ENGLISH
) -> Text:
    """The four build piles by the value they count, SB-topped ones marked."""
    out = Text(row_labels(words)[0], style=LABEL_STYLE)
    for slot, value in enumerate(view.build):
        token = f"B{slot + 1}"
        out.append_text(label(token, token, marks)).append(" ")
        out.append_text(card_cell(value or NO_CARD, faces, token, marks))
        pile = view.build_piles[slot]
        top_sb = bool(pile) and pile[-1] == SB
        out.append("*" if top_sb else " ", style=DIM).append("  ")
    out.append(words("draw_completed", draw=view.draw, completed=view.completed), style=DIM)
    return out


def own_text(
    view: PlayerView,
    name: str,
    faces: str,
    marks: Marks = NO_MARKS,
    width: int | None = None,
    words: Words = ENGLISH,
) -> Text:
    """The viewing seat's stock and its four discard piles, one per line.

    A pile too deep for ``width`` cells shows its top cards and its size.
    """
    if view.seat is None:
        return Text(words("spectator"), style=DIM)
    me = view.me
    out = Text(f"{name}  ", style="bold")
    out.append_text(stock_text(me, faces, "S", "S", marks))
    for index, cards in enumerate(me.discards):
        token = f"D{index + 1}"
        out.append("\n  ").append_text(label(token, token, marks)).append(" ")
        shown = None if width is None else shown_counts([len(cards)], width - 5)[0]
        out.append_text(pile_text(cards, faces, token, marks, shown))
    return out


def piles_text(view: PlayerView, names: Sequence[str], faces: str, words: Words = ENGLISH) -> Text:
    """Every seat's stock and discard piles in full, a pile a line (the ``v`` screen),
    after the build piles, which say what can be played on.

    Public cards only (rules §10): the same view the table is drawn from.
    """
    out = Text(words("all_piles"), style=LABEL_STYLE)
    out.append("\n\n").append_text(build_piles_text(view, faces, words))
    n = view.rules.players
    for seat in range(n):
        player = view.players[seat]
        out.append(f"\n\n{names[seat]}", style="bold")
        out.append(f"  {words('hand_count')}{player.hand}  ", style=DIM)
        out.append_text(stock_text(player, faces, "S", "", NO_MARKS))
        for index, cards in enumerate(player.discards):
            out.append(f"\n  D{index + 1} ", style=LABEL_STYLE)
            out.append(f"({len(cards):>2}) ", style=DIM)
            out.append_text(pile_text(cards, faces, "", NO_MARKS))
    return out


def build_piles_text(view: PlayerView, faces: str, words: Words = ENGLISH) -> Text:
    """The build piles as the table's row words them (the value each counts, ``*``
    for a wild card on top, the draw and completed piles), then each pile in full
    with its size, as the discard piles under it are shown."""
    out = build_text(view, faces, words=words)
    for slot, cards in enumerate(view.build_piles):
        out.append(f"\n  B{slot + 1} ", style=LABEL_STYLE)
        out.append(f"({len(cards):>2}) ", style=DIM)
        out.append_text(pile_text(cards, faces, "", NO_MARKS))
    return out


def hand_text(
    view: PlayerView, faces: str, marks: Marks = NO_MARKS, words: Words = ENGLISH
) -> Text:
    """The hand, each card under the key that picks it (1..5)."""
    out = Text(row_labels(words)[1], style=LABEL_STYLE)
    if view.seat is None:
        return out.append(words("hand_hidden"), style=DIM)
    if not view.hand:
        return out.append(words("hand_empty"), style=DIM)
    for index, card in enumerate(view.hand):
        token = hand_source(card)
        out.append_text(label(f"{index + 1}:", token, marks)).append(" ")
        out.append_text(card_cell(card, faces, token, marks)).append("   ")
    return out


LogLine = tuple[str, str, int]
"""A played move: who, the notation, the card it put down (NO_CARD for none)."""


LOG_NAME_CELLS: Final = 13
"""The name column of the last moves at 80 columns; a wider terminal gives it more."""


def log_text(
    lines: Sequence[LogLine],
    limit: int,
    faces: str,
    words: Words = ENGLISH,
    name_cells: int = LOG_NAME_CELLS,
) -> Text:
    """The last ``limit`` moves as ``name  move  card`` lines, newest last.

    Names take :data:`LOG_NAME_CELLS` cells, or up to ``name_cells`` when the
    longest name shown needs them.
    """
    out = Text(words("last_moves"), style=LABEL_STYLE)
    shown = list(lines)[-limit:]
    longest = max((len(name) for name, _, _ in shown), default=0)
    cells = min(max(LOG_NAME_CELLS, longest), name_cells)
    for name, move, card in shown:
        out.append(f"\n {name[:cells]:<{cells}} ", style=DIM).append(f"{move:<7}", style="bold")
        if card != NO_CARD:
            out.append(" ").append_text(card_cell(card, faces))
    return out
